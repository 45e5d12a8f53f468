//go:build linux

package hugepage

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"unsafe"
)

// An advised, fresh 8 MiB mapping is backed by huge pages once written,
// as /proc/self/smaps reports (AnonHugePages), where the kernel has
// transparent huge pages in "always" or "madvise" mode.
func TestAdviseGivesHugePages(t *testing.T) {
	mode, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled")
	if err != nil || strings.Contains(string(mode), "[never]") {
		t.Skipf("no transparent huge pages here (%q, %v)", mode, err)
	}
	const n = 8 << 20
	b, err := syscall.Mmap(-1, 0, n, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Fatal(err)
	}
	defer syscall.Munmap(b)
	Advise(unsafe.Pointer(&b[0]), n)
	for i := 0; i < n; i += 4096 {
		b[i] = 1
	}
	kb, err := anonHugeKB(uintptr(unsafe.Pointer(&b[0])))
	if err != nil {
		t.Fatal(err)
	}
	// At least the whole 2 MiB pages inside the mapping but one (the
	// kernel may fall back to small pages under memory pressure).
	if kb < 2048 {
		t.Errorf("AnonHugePages of the advised mapping = %d kB, want at least 2048", kb)
	}
}

// Spans under 2 MiB, or holding no whole aligned 2 MiB page, are left
// alone; a nil pointer with no length is fine.
func TestAdviseSmall(t *testing.T) {
	Advise(nil, 0)
	b := make([]byte, 64<<10)
	Advise(unsafe.Pointer(&b[0]), len(b))
	b[0] = 1
}

// anonHugeKB is the AnonHugePages of the mapping of /proc/self/smaps that
// holds addr.
func anonHugeKB(addr uintptr) (int, error) {
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		return 0, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	in := false
	for sc.Scan() {
		line := sc.Text()
		if lo, hi, ok := strings.Cut(strings.Fields(line + " ")[0], "-"); ok && !strings.HasSuffix(strings.Fields(line)[0], ":") {
			l, err1 := strconv.ParseUint(lo, 16, 64)
			h, err2 := strconv.ParseUint(hi, 16, 64)
			in = err1 == nil && err2 == nil && uint64(addr) >= l && uint64(addr) < h
			continue
		}
		if in && strings.HasPrefix(line, "AnonHugePages:") {
			return strconv.Atoi(strings.Fields(line)[1])
		}
	}
	return 0, fmt.Errorf("no mapping holds %#x", addr)
}
