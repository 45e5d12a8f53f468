package storage_test

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"reportengine/graphrag/storage"
	"reportengine/internal/atomicfile"
)

// Temporary files a killed save left in a graph's folder are removed by
// the next save once stale; a fresh one (another save running) and other
// files stay. (Before: nothing ever removed them.)
func TestSaveRemovesStaleTemporaries(t *testing.T) {
	s, err := storage.New(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(s.Dir(), "g1")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-2 * atomicfile.StaleAge)
	for _, name := range []string{".graphrag.json.1234.tmp", ".graphrag.columns.99.tmp", ".graphrag.json.555.tmp", "notes.txt"} {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte("left"), 0o644); err != nil {
			t.Fatal(err)
		}
		if name != ".graphrag.json.555.tmp" {
			os.Chtimes(p, old, old)
		}
	}
	if _, err := s.Save(smallGraph(t, "g1", "2026-01-01T00:00:00Z")); err != nil {
		t.Fatal(err)
	}
	var left []string
	es, _ := os.ReadDir(dir)
	for _, e := range es {
		left = append(left, e.Name())
	}
	if want := []string{".graphrag.json.555.tmp", storage.ColumnsFileName, storage.FileName, "notes.txt"}; !slices.Equal(left, want) {
		t.Errorf("graph folder holds %v, want %v", left, want)
	}
}
