//go:build windows

package filelock

import (
	"errors"
	"os"

	"golang.org/x/sys/windows"
)

// lockOffset is where the locked byte lies: past any data the file holds,
// so that reads and writes of its contents are never refused.
const lockOffset = 1 << 62

// TryLock takes an exclusive lock on f without waiting. It reports busy
// (and no error) when another handle holds it; err is the system's error
// otherwise.
func TryLock(f *os.File) (busy bool, err error) {
	ol := windows.Overlapped{Offset: uint32(lockOffset & 0xffffffff), OffsetHigh: uint32(lockOffset >> 32)}
	err = windows.LockFileEx(windows.Handle(f.Fd()), windows.LOCKFILE_EXCLUSIVE_LOCK|windows.LOCKFILE_FAIL_IMMEDIATELY, 0, 1, 0, &ol)
	if errors.Is(err, windows.ERROR_LOCK_VIOLATION) {
		return true, nil
	}
	return false, err
}
