//go:build linux

package knowledge

import (
	"os"
	"syscall"
	"unsafe"
)

// mapReadOnly maps the first size bytes of f read-only and shared and
// returns them; ok is false when the system will not map the file (an
// empty one, a special file), and the caller then reads it. The mapping
// is never undone: the strings and vectors read from it point into it
// for as long as the process runs. Mapped bytes live in the page cache,
// not in the Go heap: the collector neither scans nor counts them, and
// nothing is copied or zeroed; a page is read when first touched, and
// only the pages a process touches count in its memory (releaseMapped
// gives them back). Our files are only ever replaced by a rename
// (internal/atomicfile), which leaves a mapped file whole; a file cut
// short in place while mapped would fault on access.
func mapReadOnly(f *os.File, size int64) (b []byte, ok bool) {
	if size <= 0 || int64(int(size)) != size {
		return nil, false
	}
	b, err := syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, false
	}
	return b, true
}

// releaseMapped gives back the whole pages within b, a part of a
// mapping of mapReadOnly (never of other memory: its pages would be
// zeroed), once read: they leave the process's memory (the page cache
// keeps them) and are read again from the file when next touched,
// unchanged. Errors are ignored (the pages then stay).
func releaseMapped(b []byte) {
	page := uintptr(os.Getpagesize())
	start := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	lo, hi := (start+page-1)&^(page-1), (start+uintptr(len(b)))&^(page-1)
	if len(b) > 0 && hi > lo {
		_ = syscall.Madvise(b[lo-start:hi-start], syscall.MADV_DONTNEED)
	}
}
