//go:build linux && (amd64 || arm64)

package atomicfile

import (
	"syscall"
	"unsafe"
)

// renameExchange is RENAME_EXCHANGE of renameat2(2).
const renameExchange = 1 << 1

// atFDCWD is AT_FDCWD: paths relative to the working directory.
const atFDCWD = -100

// exchange swaps the entries a and b (both must exist) in one step with
// renameat2(RENAME_EXCHANGE); errNoExchange when the kernel or file system
// does not support it.
func exchange(a, b string) error {
	pa, err := syscall.BytePtrFromString(a)
	if err != nil {
		return err
	}
	pb, err := syscall.BytePtrFromString(b)
	if err != nil {
		return err
	}
	cwd := atFDCWD
	_, _, errno := syscall.Syscall6(sysRenameat2, uintptr(cwd), uintptr(unsafe.Pointer(pa)),
		uintptr(cwd), uintptr(unsafe.Pointer(pb)), renameExchange, 0)
	switch errno {
	case 0:
		return nil
	case syscall.ENOSYS, syscall.EINVAL, syscall.EOPNOTSUPP:
		return errNoExchange
	}
	return errno
}
