package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"reportengine/internal/filelock"
)

// Two saves of one graph at once are refused (trial 43: concurrent
// build-graph runs of one id each renamed their graph file and column file
// into place, so the pair could come from two runs): while another run
// holds the graph's lock, build-graph exits 7 naming it and the stored
// graph keeps its bytes; once it is let go, the build saves.
func TestBuildGraphLockedSave(t *testing.T) {
	graphs := t.TempDir()
	args := append([]string{"build-graph", "--graphs", graphs, "--report-id", "c"}, sampleStates(t)...)
	if code, _, errOut := run(t, args...); code != 0 {
		t.Fatalf("first build: exit %d: %s", code, errOut)
	}
	file := filepath.Join(graphs, "c", "graphrag.json")
	before, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	other, err := filelock.Take(graphLockPath(graphs, "c"))
	if err != nil {
		t.Fatal(err)
	}
	code, _, errOut := run(t, args...)
	if code != ExitLocked || !strings.Contains(errOut, "graph c is being saved by another run (pid ") {
		t.Errorf("build while another run saves: exit %d, stderr %q; want %d naming the other run", code, errOut, ExitLocked)
	}
	if after, err := os.ReadFile(file); err != nil || !bytes.Equal(after, before) {
		t.Errorf("the stored graph changed under a refused build (%v)", err)
	}
	other.Release()
	if code, _, errOut := run(t, args...); code != 0 {
		t.Errorf("build after the other run ended: exit %d: %s", code, errOut)
	}
	if _, err := os.Stat(graphLockPath(graphs, "c")); !os.IsNotExist(err) {
		t.Errorf("the lock file stays after the build: %v", err)
	}
}
