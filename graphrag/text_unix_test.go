//go:build unix

package graphrag

import (
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"syscall"
	"testing"
	"unsafe"
)

// state maps state files into memory and checks a whole document with
// ValidUTF8 (state.LoadOptions.ValidUTF8); a file cut short while mapped
// must fault inside sonic's native validator as a recoverable panic whose
// address lies in the mapping (debug.SetPanicOnFault), which state turns
// into io.ErrUnexpectedEOF, not a crash of the process.
func TestValidUTF8FaultOnCutMappingIsRecoverable(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.json")
	doc := strings.Repeat("长文abc", 1<<20) // 9 MiB: far past the cut
	if err := os.WriteFile(path, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	b, err := syscall.Mmap(int(f.Fd()), 0, len(doc), syscall.PROT_READ, syscall.MAP_PRIVATE)
	if err != nil {
		t.Skipf("mmap: %v", err)
	}
	defer syscall.Munmap(b)
	if err := os.Truncate(path, 4096); err != nil {
		t.Fatal(err)
	}
	base := uintptr(unsafe.Pointer(&b[0]))
	var faultAt uintptr
	func() {
		defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
		defer func() {
			if a, ok := recover().(interface{ Addr() uintptr }); ok {
				faultAt = a.Addr()
			}
		}()
		ValidUTF8(unsafe.String(&b[0], len(b)))
	}()
	if faultAt < base+4096 || faultAt-base >= uintptr(len(b)) {
		t.Fatalf("fault at %#x, want a recovered fault past the cut of the mapping [%#x, %#x)", faultAt, base+4096, base+uintptr(len(b)))
	}
}
