package storage_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"reportengine/graphrag"
	"reportengine/graphrag/storage"
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

// A cancelled first save of an id into a folder that does not exist yet
// leaves no folder behind: neither <graphs>/<id>/ nor the graphs folder it
// created; a folder that was there stays.
func TestSaveContextCancelledLeavesNoFolder(t *testing.T) {
	root := t.TempDir()
	st, err := storage.New(filepath.Join(root, "graphs", "nested"))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := st.SaveContext(ctx, smallGraph(t, "r1", "2025-01-01T00:00:00Z")); !errors.Is(err, context.Canceled) {
		t.Fatalf("SaveContext = %v, want context.Canceled", err)
	}
	if entries, err := os.ReadDir(root); err != nil || len(entries) != 0 {
		t.Errorf("the cancelled save left %v in %s (%v)", entries, root, err)
	}
	// A graphs folder that held another graph keeps it and itself.
	other, dir := newStore(t)
	mustSave(t, other, smallGraph(t, "kept", "2025-01-01T00:00:00Z"))
	if _, err := other.SaveContext(ctx, smallGraph(t, "r2", "2025-01-01T00:00:00Z")); !errors.Is(err, context.Canceled) {
		t.Fatalf("SaveContext = %v, want context.Canceled", err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 || entries[0].Name() != "kept" {
		t.Errorf("graphs folder holds %v, want only kept", entries)
	}
}
