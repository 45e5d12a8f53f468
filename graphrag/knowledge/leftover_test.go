package knowledge

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"reportengine/internal/atomicfile"
	"reportengine/llm/offline"
)

// The side files a search writes beside the graph leave nothing behind:
// a write stopped by its context leaves no temporary file, and the
// temporary file a killed process left (older than atomicfile.StaleAge)
// is removed by the next write of the model file or the vector cache,
// while a fresh one (another process's write in progress) is kept.
func TestSideFilesLeaveNoTemp(t *testing.T) {
	dir := t.TempDir()
	m, err := FromGraph(context.Background(), coffeeGraph(t), GraphOptions{Path: filepath.Join(dir, "graphrag.json")})
	if err != nil {
		t.Fatal(err)
	}
	side := filepath.Join(dir, ModelFileName)
	key := ModelFileKey{Graph: FileSum{Size: 1, CRC: 2}, ReportID: "x"}
	stopped, cancel := context.WithCancel(context.Background())
	cancel()
	if err := WriteModelFile(stopped, side, m, key); err == nil {
		t.Fatal("a write with an ended context succeeded")
	}
	emb := offline.NewEmbedder(16)
	name := CacheFileName(emb.Info())
	if _, _, err := EntityVectors(stopped, m, VectorOptions{Embedder: emb, CacheDirs: []string{dir}}); err == nil {
		t.Fatal("vectors with an ended context succeeded")
	}
	listing := func() []string {
		es, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, e := range es {
			names = append(names, e.Name())
		}
		return names
	}
	if got := listing(); len(got) != 0 {
		t.Fatalf("after interrupted writes the folder holds %v, want nothing", got)
	}
	// what killed processes left: a part of each file long ago, one now
	// (the folder's stale parts go whichever file is written)
	old := time.Now().Add(-atomicfile.StaleAge - time.Minute)
	for _, n := range []string{"." + ModelFileName + ".111.tmp", "." + name + ".222.tmp", "." + ModelFileName + ".333.tmp"} {
		if err := os.WriteFile(filepath.Join(dir, n), []byte("part"), 0o644); err != nil {
			t.Fatal(err)
		}
		if n != "."+ModelFileName+".333.tmp" {
			if err := os.Chtimes(filepath.Join(dir, n), old, old); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := WriteModelFile(context.Background(), side, m, key); err != nil {
		t.Fatal(err)
	}
	want := []string{"." + ModelFileName + ".333.tmp", ModelFileName}
	if got := listing(); !slices.Equal(got, want) {
		t.Fatalf("after the model file's write: %v, want %v", got, want)
	}
	if err := os.WriteFile(filepath.Join(dir, "."+name+".444.tmp"), []byte("part"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(filepath.Join(dir, "."+name+".444.tmp"), old, old); err != nil {
		t.Fatal(err)
	}
	if _, rep, err := EntityVectors(context.Background(), m, VectorOptions{Embedder: emb, CacheDirs: []string{dir}}); err != nil || rep.CacheFile == "" {
		t.Fatalf("vectors: %v, %+v", err, rep)
	}
	want = []string{"." + ModelFileName + ".333.tmp", name, ModelFileName}
	if got := listing(); !slices.Equal(got, want) {
		t.Fatalf("after the vector cache's write: %v, want %v", got, want)
	}
}
