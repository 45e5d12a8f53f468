package nodes

import (
	"context"
	"errors"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"reportengine/internal/atomicfile"
)

// A report folder is replaced as a whole or not at all. A file in the
// way of the new one (here a folder where a chapter file goes) or an
// earlier run's file the new run does not write (report.pdf) is gone
// after a save; a save that fails part-way (a full disk while writing
// report.md) names the file and leaves every file of the previous report
// as it was, manifest.json included, and no temporary folder. (Before:
// the failed save had already removed manifest.json and left the new
// report.html beside the old report.md.)
func TestSaveReplacesFolderWhole(t *testing.T) {
	res, err := newPipeline(t, newFake(), nil).Run(context.Background(), testInput())
	if err != nil {
		t.Fatal(err)
	}
	parent := t.TempDir()
	dir := filepath.Join(parent, "r1")
	if _, err := Save(dir, res); err != nil {
		t.Fatal(err)
	}
	blocked := filepath.Join(dir, filepath.FromSlash(chapterFile(res.Chapters[1].Section)))
	os.Remove(blocked)
	if err := os.MkdirAll(filepath.Join(blocked, "x"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "report.pdf"), []byte("old pdf"), 0o644); err != nil {
		t.Fatal(err)
	}
	paths, err := Save(dir, res)
	if err != nil {
		t.Fatalf("save over a folder with a directory in the way: %v", err)
	}
	first := snapshot(t, dir)
	if len(first) != len(paths) {
		t.Errorf("folder holds %d files, want the %d written: %v", len(first), len(paths), first)
	}
	if _, ok := first["report.pdf"]; ok {
		t.Error("the earlier run's report.pdf survived the save")
	}

	res2 := *res
	res2.HTML = []byte("<p>second run</p>")
	res2.Markdown = []byte("second run")
	errDiskFull := errors.New("no space left on device")
	writeFile = func(p string, data []byte, perm os.FileMode) error {
		if filepath.Base(p) == "report.md" {
			return errDiskFull
		}
		return atomicfile.WriteFile(p, data, perm)
	}
	defer func() { writeFile = atomicfile.WriteFile }()
	paths, err = Save(dir, &res2)
	if !errors.Is(err, errDiskFull) || !strings.Contains(err.Error(), filepath.Join(dir, "report.md")) {
		t.Fatalf("error %v, want the disk error naming %s", err, filepath.Join(dir, "report.md"))
	}
	if paths != nil {
		t.Errorf("paths %v after a failed save, want none", paths)
	}
	if after := snapshot(t, dir); !maps.Equal(after, first) {
		t.Errorf("the previous report changed under a failed save:\nbefore %v\nafter  %v", keys(first), keys(after))
	}
	if es, _ := os.ReadDir(parent); len(es) != 1 {
		t.Errorf("%s holds %d entries after the failed save, want only r1", parent, len(es))
	}
}

// snapshot maps every file under dir (slash-separated relative path) to
// its content.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	m := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		m[filepath.ToSlash(rel)] = string(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func keys(m map[string]string) []string { return slices.Sorted(maps.Keys(m)) }

// A temporary folder a killed save left beside the report folder is
// removed by a later save once it is stale; a fresh one (a save running
// now) and other names stay.
func TestSaveRemovesStaleTemporaries(t *testing.T) {
	res, err := newPipeline(t, newFake(), nil).Run(context.Background(), testInput())
	if err != nil {
		t.Fatal(err)
	}
	parent := t.TempDir()
	old := time.Now().Add(-2 * atomicfile.StaleAge)
	for _, name := range []string{".r1.4242.tmp", ".other.77.tmp", ".r1.99.tmp", "notes.tmp"} {
		p := filepath.Join(parent, name)
		if err := os.MkdirAll(filepath.Join(p, "chapters"), 0o755); err != nil {
			t.Fatal(err)
		}
		if name != ".r1.99.tmp" {
			os.Chtimes(p, old, old)
		}
	}
	if _, err := Save(filepath.Join(parent, "r1"), res); err != nil {
		t.Fatal(err)
	}
	var left []string
	es, _ := os.ReadDir(parent)
	for _, e := range es {
		left = append(left, e.Name())
	}
	if want := []string{".r1.99.tmp", "notes.tmp", "r1"}; !slices.Equal(left, want) {
		t.Errorf("folder holds %v, want %v", left, want)
	}
}
