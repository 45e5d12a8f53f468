//go:build linux

package hugepage

import (
	"syscall"
	"unsafe"
)

const size = 2 << 20 // the x86-64 and arm64 (4 KiB granule) PMD size

// madvHugepage is MADV_HUGEPAGE.
const madvHugepage = 14

// Advise asks for huge pages for the whole 2 MiB-aligned pages inside the
// n bytes at p; smaller spans are left alone. Call it before the memory is
// first written (a fresh allocation): pages already touched stay small.
// Errors from the kernel (no THP support) are ignored: it is advice.
func Advise(p unsafe.Pointer, n int) {
	if n < size {
		return
	}
	beg := (uintptr(p) + size - 1) &^ (size - 1)
	end := (uintptr(p) + uintptr(n)) &^ (size - 1)
	if beg < end {
		_, _, _ = syscall.Syscall(syscall.SYS_MADVISE, beg, end-beg, madvHugepage)
	}
}
