//go:build unix

package nodes

import (
	"errors"
	"os"
	"syscall"
)

// flockFile takes an exclusive flock(2) on f without waiting: the kernel
// releases it when f is closed or the process ends, however it ends
// (SIGKILL included), so a dead run's lock never blocks a later one.
// It reports busy (and no error) when another open file holds it.
func flockFile(f *os.File) (busy bool, err error) {
	for {
		err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if !errors.Is(err, syscall.EINTR) {
			break
		}
	}
	if errors.Is(err, syscall.EWOULDBLOCK) {
		return true, nil
	}
	return false, err
}

// sameFile reports whether the open file f is still the file at path (a
// holder that released the lock may have removed the lock file, and a
// third run made a new one: a lock on the removed file locks nothing).
func sameFile(f *os.File, path string) bool {
	a, err := f.Stat()
	if err != nil {
		return false
	}
	b, err := os.Stat(path)
	return err == nil && os.SameFile(a, b)
}
