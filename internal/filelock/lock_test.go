package filelock

import (
	"os"
	"path/filepath"
	"testing"
)

// Two opens of one file: the second is busy while the first holds the
// lock, and takes it once the first is closed; the holder's note stays
// readable through the second open while it is locked.
func TestTryLock(t *testing.T) {
	p := filepath.Join(t.TempDir(), "x.lock")
	open := func() *os.File {
		f, err := os.OpenFile(p, os.O_RDWR|os.O_CREATE, 0o644)
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	a := open()
	if busy, err := TryLock(a); busy || err != nil {
		t.Fatalf("first lock: busy %v, %v", busy, err)
	}
	if _, err := a.WriteAt([]byte("pid 1"), 0); err != nil {
		t.Fatal(err)
	}
	b := open()
	defer b.Close()
	if busy, err := TryLock(b); !busy || err != nil {
		t.Fatalf("second open while the first holds the lock: busy %v, %v", busy, err)
	}
	note := make([]byte, 5)
	if _, err := b.ReadAt(note, 0); err != nil || string(note) != "pid 1" {
		t.Errorf("the holder's note read through the second open: %q, %v", note, err)
	}
	a.Close()
	if busy, err := TryLock(b); busy || err != nil {
		t.Errorf("after the holder closed the file: busy %v, %v", busy, err)
	}
}
