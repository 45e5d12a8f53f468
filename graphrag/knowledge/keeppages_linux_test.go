//go:build linux

package knowledge

import (
	"context"
	"encoding/binary"
	"os"
	"reflect"
	"testing"
	"unsafe"
)

// residentPages counts the pages of b the process has mapped in (bit 63,
// "present", of each page's entry in /proc/self/pagemap).
func residentPages(t *testing.T, b []byte) int {
	t.Helper()
	f, err := os.Open("/proc/self/pagemap")
	if err != nil {
		t.Skipf("no /proc/self/pagemap: %v", err)
	}
	defer f.Close()
	page := uintptr(os.Getpagesize())
	lo := uintptr(unsafe.Pointer(unsafe.SliceData(b))) / page
	hi := (uintptr(unsafe.Pointer(unsafe.SliceData(b))) + uintptr(len(b)) + page - 1) / page
	buf := make([]byte, 8*(hi-lo))
	if _, err := f.ReadAt(buf, int64(8*lo)); err != nil {
		t.Skipf("reading /proc/self/pagemap: %v", err)
	}
	n := 0
	for i := 0; i < len(buf); i += 8 {
		if binary.LittleEndian.Uint64(buf[i:])&(1<<63) != 0 {
			n++
		}
	}
	return n
}

// A mapped store gives back the pages of the columns a question read;
// one that keeps them (KeepPages, as chat, eval and serve ask) holds
// them after the question, at least the question's own two columns, and
// answers the same.
func TestKeepPages(t *testing.T) {
	const n, dim = 50000, 16 // a column: 200 000 bytes, 49 pages
	plain, s := mappedTestStore(t, n, dim)
	if !s.mapped {
		t.Skip("the vector cache is not mapped here")
	}
	cols := unsafe.Slice((*byte)(unsafe.Pointer(&s.cols[0])), 4*len(s.cols))
	q := sparseQuery(dim, 2, 9)
	want, err := plain.nearestScan(context.Background(), q, 9)
	if err != nil {
		t.Fatal(err)
	}
	pages := map[bool]int{}
	for _, keep := range []bool{false, true} {
		s.keep = keep
		releaseMapped(cols)
		got, err := s.Nearest(context.Background(), q, 9)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Fatalf("keep %v: %v (%v), want %v", keep, got, err, want)
		}
		pages[keep] = residentPages(t, cols)
	}
	// Given back, some pages stay: the system maps a few pages around each
	// one touched, and those of a column already given back are not given
	// back again (about a quarter of them here).
	if col := 4 * n / os.Getpagesize(); pages[true] < 2*col || pages[false] >= pages[true]/2 {
		t.Errorf("pages of the columns mapped after a question: %d given back, %d kept; want at least %d kept (its two columns) and under half that given back", pages[false], pages[true], 2*col)
	}
}
