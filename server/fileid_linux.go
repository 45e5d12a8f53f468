package server

import (
	"os"
	"syscall"
)

// fileID returns the inode and the status change time (nanoseconds) of
// the file fi describes: a file replaced by a rename has another inode,
// and any write to a file sets its change time, which (unlike the
// modification time) no program can set back.
func fileID(fi os.FileInfo) (ino uint64, changed int64) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, 0
	}
	return st.Ino, st.Ctim.Nano()
}
