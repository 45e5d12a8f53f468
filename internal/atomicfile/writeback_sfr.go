//go:build linux && (amd64 || arm64)

package atomicfile

import (
	"os"
	"syscall"
)

// syncFileRangeWrite is SYNC_FILE_RANGE_WRITE: start writing the dirty
// pages of the range, do not wait.
const syncFileRangeWrite = 2

// startWriteback asks the kernel to start writing f[off:off+n] to disk. It
// is advice: an error (a file system without it) changes nothing.
func startWriteback(f *os.File, off, n int64) {
	_ = syscall.SyncFileRange(int(f.Fd()), off, n, syncFileRangeWrite)
}
