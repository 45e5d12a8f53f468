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

// The resume command a stopped run prints carries the run's --out and
// --graphs when they are not the defaults (new-user trial 45: the bare
// command, run from the same place, found no saved work), each quoted for
// the shell where needed.
func TestResumeCommand(t *testing.T) {
	for _, tc := range []struct {
		out, graphs, want string
	}{
		{"reports", "graphs", "reportengine report --resume r1"},
		{"/data/full disk/reports", "graphs", "reportengine report --resume r1 --out '/data/full disk/reports'"},
		{"reports", "/srv/g", "reportengine report --resume r1 --graphs /srv/g"},
		{"it's", "g2", `reportengine report --resume r1 --out 'it'\''s' --graphs g2`},
	} {
		opts := &reportOptions{OutDir: tc.out}
		opts.GraphsDir = tc.graphs
		if got := resumeCommand(opts, "r1"); got != tc.want {
			t.Errorf("resumeCommand(%q, %q) = %q, want %q", tc.out, tc.graphs, got, tc.want)
		}
	}
}

// The first search of a graph says it is indexing it (new-user trial 45:
// a minute of silence on the 300 000-record graph looked like a hang);
// a later one, which reads the kept index, does not.
func TestFirstSearchSaysIndexing(t *testing.T) {
	graphs := t.TempDir()
	buildSample(t, graphs, "c")
	const line = "indexing the graph for search, once ("
	_, _, errOut := run(t, "search", "--graphs", graphs, "--graph", "c", "李明为什么选择写字楼商圈？")
	if !strings.Contains(errOut, line) {
		t.Errorf("first search: stderr lacks %q:\n%s", line, errOut)
	}
	_, _, errOut = run(t, "search", "--graphs", graphs, "--graph", "c", "李明为什么选择写字楼商圈？")
	if strings.Contains(errOut, line) {
		t.Errorf("second search indexes again:\n%s", errOut)
	}
}
