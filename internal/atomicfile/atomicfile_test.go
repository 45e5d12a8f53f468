package atomicfile

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
)

func TestWriteFileReplaces(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a.json")
	for _, want := range []string{"first", "second, longer"} {
		if err := WriteFile(p, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(p)
		if err != nil || string(got) != want {
			t.Fatalf("read %q, %v; want %q", got, err, want)
		}
	}
	if fi, _ := os.Stat(p); fi.Mode().Perm() != 0o644 {
		t.Errorf("mode %v", fi.Mode().Perm())
	}
	assertOnly(t, dir, "a.json")
}

// A failure before the rename leaves the old file and no temporary file.
func TestWriteFailuresKeepOld(t *testing.T) {
	errInjected := errors.New("injected")
	for name, w := range map[string]Writer{
		"fill":   {},
		"sync":   {Sync: func(*os.File) error { return errInjected }},
		"rename": {Rename: func(string, string) error { return errInjected }},
	} {
		dir := t.TempDir()
		p := filepath.Join(dir, "a.json")
		if err := os.WriteFile(p, []byte("old"), 0o644); err != nil {
			t.Fatal(err)
		}
		fill := func(w io.Writer) error { _, err := w.Write([]byte("new")); return err }
		if name == "fill" {
			fill = func(w io.Writer) error { w.Write([]byte("ne")); return errInjected }
		}
		if err := w.Write(p, 0o644, fill); !errors.Is(err, errInjected) {
			t.Errorf("%s: err %v, want the injected error", name, err)
		}
		if got, _ := os.ReadFile(p); string(got) != "old" {
			t.Errorf("%s: file %q, want the old content", name, got)
		}
		assertOnly(t, dir, "a.json")
	}
}

func assertOnly(t *testing.T, dir, name string) {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(es) != 1 || es[0].Name() != name {
		var names []string
		for _, e := range es {
			names = append(names, e.Name())
		}
		t.Errorf("folder holds %v, want only %s", names, name)
	}
}

// A file of several MiB, written in pieces of varying size, has exactly
// the bytes written.
func TestWriteLarge(t *testing.T) {
	p := filepath.Join(t.TempDir(), "big")
	var want []byte
	err := Write(p, 0o644, func(w io.Writer) error {
		for i := 0; len(want) < 24<<20+12345; i++ {
			piece := make([]byte, 1+(i*7919)%(1<<20))
			for k := range piece {
				piece[k] = byte(i + k)
			}
			want = append(want, piece...)
			if _, err := w.Write(piece); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(p)
	if err != nil || !bytes.Equal(got, want) {
		t.Fatalf("read %d bytes (%v), want the %d written", len(got), err, len(want))
	}
}
