package storage_test

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"reportengine/graphrag/storage"
)

// Latest is the newest graph even when List cannot read it (Load then
// returns the error); only a folder without a graph file, or with an
// invalid id, is passed over.
func TestLatestKeepsUnreadableNewest(t *testing.T) {
	st, dir := newStore(t)
	now := time.Now().Truncate(time.Second)
	old := mustSave(t, st, smallGraph(t, "old", ""))
	if err := os.Chtimes(old, now.Add(-time.Hour), now.Add(-time.Hour)); err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(dir, "broken", "graphrag.json")
	if err := os.MkdirAll(filepath.Dir(bad), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bad, []byte(`{"nodes": [`), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(bad, now, now); err != nil {
		t.Fatal(err)
	}
	// newer still, but no graph file in it
	if err := os.MkdirAll(filepath.Join(dir, "empty"), 0o755); err != nil {
		t.Fatal(err)
	}
	infos, err := st.List()
	if err != nil {
		t.Fatal(err)
	}
	var brokenErr error
	for _, in := range infos {
		if in.ID == "broken" {
			brokenErr = in.Err
		}
	}
	if brokenErr == nil || errors.Is(brokenErr, storage.ErrNotFound) {
		t.Fatalf("premise: List should report broken as unreadable, got %v", brokenErr)
	}
	if got, err := st.Latest(); err != nil || got != "broken" {
		t.Errorf("Latest = %q, %v; want broken (the newest graph file, unreadable)", got, err)
	}
}
