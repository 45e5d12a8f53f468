package storage_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"reportengine/graphrag"
)

// A cancelled SaveContext writes nothing: the old graphrag.json keeps its
// bytes and no temporary file is left.
func TestSaveContextCancelled(t *testing.T) {
	st, dir := newStore(t)
	g := smallGraph(t, "r1", "2025-01-01T00:00:00Z")
	path := mustSave(t, st, g)
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	g2 := smallGraph(t, "r1", "2025-02-02T00:00:00Z")
	mustNode(t, g2, &graphrag.Node{ID: "extra", Type: graphrag.TypeSource, Name: "x"})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := st.SaveContext(ctx, g2); !errors.Is(err, context.Canceled) {
		t.Fatalf("SaveContext = %v, want context.Canceled", err)
	}
	after, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(after) != string(before) {
		t.Error("graphrag.json changed by a cancelled save")
	}
	left, _ := filepath.Glob(filepath.Join(dir, "r1", ".*"))
	if len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}
	// Not cancelled: the same call writes the new graph.
	if _, err := st.SaveContext(context.Background(), g2); err != nil {
		t.Fatal(err)
	}
	if after, _ := os.ReadFile(path); string(after) == string(before) {
		t.Error("SaveContext without cancellation did not write")
	}
}
