package atomicfile

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

func TestIsTemp(t *testing.T) {
	for name, want := range map[string]bool{
		".graphrag.json.123456.tmp": true,
		".r1.9.tmp":                 true,
		".a.b.c.42.tmp":             true,
		"graphrag.json.123.tmp":     false, // no leading dot
		".graphrag.json.12a.tmp":    false, // not digits
		".graphrag.json..tmp":       false,
		".123.tmp":                  false, // no target name
		".report.html.12.tmp.bak":   false,
		"report.html":               false,
		".hidden":                   false,
	} {
		if got := IsTemp(name); got != want {
			t.Errorf("IsTemp(%q) = %v, want %v", name, got, want)
		}
	}
	// what CreateTemp and TempDir really make is recognised
	dir := t.TempDir()
	f, err := os.CreateTemp(dir, ".graphrag.json.*.tmp")
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	d, err := TempDir(filepath.Join(dir, "r1"))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{f.Name(), d} {
		if !IsTemp(filepath.Base(p)) {
			t.Errorf("IsTemp(%q) = false for a name this package makes", filepath.Base(p))
		}
	}
}

// Only temporary names older than the age go; fresh ones (a save still
// running) and every other name stay.
func TestRemoveStale(t *testing.T) {
	dir := t.TempDir()
	now := time.Now()
	old := now.Add(-2 * StaleAge)
	mk := func(name string, folder bool, mtime time.Time) {
		p := filepath.Join(dir, name)
		if folder {
			if err := os.MkdirAll(filepath.Join(p, "chapters"), 0o755); err != nil {
				t.Fatal(err)
			}
		} else if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(p, mtime, mtime); err != nil {
			t.Fatal(err)
		}
	}
	mk(".graphrag.json.111.tmp", false, old) // stale file: removed
	mk(".r1.222.tmp", true, old)             // stale staged folder: removed
	mk(".graphrag.json.333.tmp", false, now) // a save in progress: kept
	mk("graphrag.json", false, old)          // the graph: kept
	mk(".notes.tmp", false, old)             // not our pattern: kept
	mk("r1", true, old)                      // a report folder: kept
	removed, err := RemoveStale(dir, StaleAge, now)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{filepath.Join(dir, ".graphrag.json.111.tmp"), filepath.Join(dir, ".r1.222.tmp")}
	if !slices.Equal(removed, want) {
		t.Errorf("removed %v, want %v", removed, want)
	}
	var left []string
	es, _ := os.ReadDir(dir)
	for _, e := range es {
		left = append(left, e.Name())
	}
	if wantLeft := []string{".graphrag.json.333.tmp", ".notes.tmp", "graphrag.json", "r1"}; !slices.Equal(left, wantLeft) {
		t.Errorf("left %v, want %v", left, wantLeft)
	}
	if r, err := RemoveStale(filepath.Join(dir, "missing"), StaleAge, now); err != nil || r != nil {
		t.Errorf("missing folder: %v, %v", r, err)
	}
}

// ReplaceDir puts the staged folder in place whole, by the one-step swap
// and by the rename-aside path, and removes the old folder.
func TestReplaceDir(t *testing.T) {
	for _, swap := range []bool{true, false} {
		name := "exchange"
		if !swap {
			name = "rename aside"
			exchangeDirs = func(string, string) error { return errNoExchange }
		}
		t.Run(name, func(t *testing.T) {
			defer func() { exchangeDirs = exchange }()
			parent := t.TempDir()
			dir := filepath.Join(parent, "r1")
			fill := func(d string, files ...string) {
				for _, f := range files {
					if err := os.WriteFile(filepath.Join(d, f), []byte(d), 0o644); err != nil {
						t.Fatal(err)
					}
				}
			}
			// a first save into a folder that does not exist
			st, err := TempDir(dir)
			if err != nil {
				t.Fatal(err)
			}
			fill(st, "report.html", "manifest.json", "report.pdf")
			if err := ReplaceDir(st, dir); err != nil {
				t.Fatal(err)
			}
			// a second one replaces it whole: report.pdf of the first goes
			st2, err := TempDir(dir)
			if err != nil {
				t.Fatal(err)
			}
			fill(st2, "report.html", "manifest.json")
			if err := ReplaceDir(st2, dir); err != nil {
				t.Fatal(err)
			}
			var got []string
			es, _ := os.ReadDir(dir)
			for _, e := range es {
				got = append(got, e.Name())
				if b, _ := os.ReadFile(filepath.Join(dir, e.Name())); string(b) != st2 {
					t.Errorf("%s holds %q, want the second save's", e.Name(), b)
				}
			}
			if !slices.Equal(got, []string{"manifest.json", "report.html"}) {
				t.Errorf("folder holds %v, want the second save's files only", got)
			}
			assertOnly(t, parent, "r1")
		})
	}
}

// The one-step swap itself works on this system (where it exists).
func TestExchange(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	os.WriteFile(a, []byte("A"), 0o644)
	os.WriteFile(b, []byte("B"), 0o644)
	err := exchange(a, b)
	if err == errNoExchange {
		t.Skip("no atomic exchange here")
	}
	if err != nil {
		t.Fatal(err)
	}
	if ga, _ := os.ReadFile(a); string(ga) != "B" {
		t.Errorf("a holds %q after the swap, want B", ga)
	}
}
