//go:build unix

package storage

import (
	"os"
	"syscall"
)

// fileID returns the device and inode of a file from its stat data, so a
// column file's stamp names one file, not just one size and time.
func fileID(fi os.FileInfo) (dev, ino uint64, ok bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, 0, false
	}
	return uint64(st.Dev), uint64(st.Ino), true
}
