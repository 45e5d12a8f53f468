//go:build linux

package knowledge

import (
	"os"
	"syscall"
)

// mapReadOnly maps the first size bytes of f read-only and shared, with
// every page faulted in at once (MAP_POPULATE: one call instead of a page
// fault per 4 KiB), and returns them; ok is false when the system will
// not map the file (an empty one, a special file), and the caller then
// reads it. The mapping is never undone: the strings and vectors read
// from it point into it for as long as the process runs. Mapped bytes
// live in the page cache, not in the Go heap: the collector neither scans
// nor counts them, and nothing is copied or zeroed. Our files are only
// ever replaced by a rename (internal/atomicfile), which leaves a mapped
// file whole; a file cut short in place while mapped would fault on
// access.
func mapReadOnly(f *os.File, size int64) (b []byte, ok bool) {
	if size <= 0 || int64(int(size)) != size {
		return nil, false
	}
	b, err := syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED|syscall.MAP_POPULATE)
	if err != nil {
		return nil, false
	}
	return b, true
}
