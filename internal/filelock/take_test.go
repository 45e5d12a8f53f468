package filelock

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// Take holds a lock file until Release: a second Take is refused at once
// with the holder's line; Release removes the file and lets a later Take
// have it; a stale file (its holder dead, the kernel's lock gone) blocks
// nothing.
func TestTake(t *testing.T) {
	if runtime.GOOS != "linux" && runtime.GOOS != "darwin" && runtime.GOOS != "windows" {
		t.Skip("TryLock locks nothing here")
	}
	p := filepath.Join(t.TempDir(), "sub", ".g.lock")
	a, err := Take(p)
	if err != nil {
		t.Fatal(err)
	}
	_, err = Take(p)
	var busy *LockedError
	if !errors.As(err, &busy) || !errors.Is(err, ErrLocked) || busy.Path != p || !strings.HasPrefix(busy.Holder, "pid ") {
		t.Fatalf("second Take: %v; want a LockedError naming the holder", err)
	}
	if err := a.Release(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(p); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Release left the lock file: %v", err)
	}
	a.Release() // twice: nothing
	if err := os.WriteFile(p, []byte("pid 999999999, started 2026-01-01T00:00:00Z"), 0o644); err != nil {
		t.Fatal(err)
	}
	b, err := Take(p)
	if err != nil {
		t.Fatalf("a stale lock file blocked Take: %v", err)
	}
	b.Release()
	if got := holderText([]byte("pid 1\x1b[31m\nsecond line")); got != "pid 1[31m" {
		t.Errorf("holderText = %q", got)
	}
}
