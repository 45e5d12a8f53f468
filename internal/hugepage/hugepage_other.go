//go:build !linux

package hugepage

import "unsafe"

// Advise does nothing on this platform (see the Linux version).
func Advise(p unsafe.Pointer, n int) {}
