package filelock

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"
	"unicode/utf8"
)

// ErrLocked is wrapped by *LockedError.
var ErrLocked = errors.New("locked by another run")

// LockedError is Take's refusal of a lock file another process holds.
type LockedError struct {
	Path string // the lock file
	// Holder is what the holder wrote in the lock file ("pid 4242,
	// started 2026-12-02T06:50:00Z"); "" when it could not be read.
	Holder string
}

// Error returns "PATH is held by another run (pid N, started T)".
func (e *LockedError) Error() string {
	who := "another run"
	if e.Holder != "" {
		who += " (" + e.Holder + ")"
	}
	return fmt.Sprintf("%s is held by %s", e.Path, who)
}

// Unwrap returns ErrLocked.
func (e *LockedError) Unwrap() error { return ErrLocked }

// Lock is a lock file Take holds until Release or the process ends.
type Lock struct {
	f    *os.File
	path string
}

// maxHolder is the most bytes of a lock file read to name its holder.
const maxHolder = 256

// Take takes the exclusive lock of the lock file at path (made, with its
// folder, when missing) and writes the holder line ("pid N, started T")
// into it. Another process holding it: a *LockedError naming the holder,
// at once (Take never waits). A lock file its holder removed as it was
// taken is taken again (up to 8 times). Other errors name the file.
func Take(path string) (*Lock, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, fmt.Errorf("lock %s: %w", path, err)
	}
	for range 8 {
		f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
		if err != nil {
			return nil, fmt.Errorf("lock %s: %w", path, err)
		}
		busy, err := TryLock(f)
		if err != nil {
			f.Close()
			return nil, fmt.Errorf("lock %s: %w", path, err)
		}
		if busy {
			b, _ := io.ReadAll(io.LimitReader(f, maxHolder))
			f.Close()
			return nil, &LockedError{Path: path, Holder: holderText(b)}
		}
		if !sameFile(f, path) {
			f.Close() // its holder removed it as we took it: take the new one
			continue
		}
		line := fmt.Sprintf("pid %d, started %s", os.Getpid(), time.Now().UTC().Format(time.RFC3339))
		if err := f.Truncate(0); err == nil {
			f.WriteAt([]byte(line), 0)
		}
		return &Lock{f: f, path: path}, nil
	}
	return nil, fmt.Errorf("lock %s: removed and made again by other runs while it was taken", path)
}

// Release lets the lock go, removing the lock file while it still holds
// it (so no later run finds a stale one; on Windows, where an open file
// cannot be removed, the file stays and blocks nothing). A nil *Lock, or
// one released before, does nothing.
func (l *Lock) Release() error {
	if l == nil || l.f == nil {
		return nil
	}
	f := l.f
	l.f = nil
	if sameFile(f, l.path) {
		os.Remove(l.path)
	}
	return f.Close()
}

// sameFile reports whether the open file f is still the file at path (a
// holder that released the lock may have removed the lock file, and a
// third run made a new one: a lock on the removed file locks nothing).
func sameFile(f *os.File, path string) bool {
	a, err := f.Stat()
	if err != nil {
		return false
	}
	b, err := os.Stat(path)
	return err == nil && os.SameFile(a, b)
}

// holderText is a lock file's holder line as it may be shown: one line of
// printable characters, "" when there is none.
func holderText(b []byte) string {
	s := strings.TrimSpace(string(b))
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || r == utf8.RuneError {
			return -1
		}
		return r
	}, s)
}
