package cli

import (
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"reportengine/nodes"
)

// treeBytes is every regular file under dir, by its path relative to
// dir, with its bytes; nil when dir does not exist.
func treeBytes(t *testing.T, dir string) map[string]string {
	t.Helper()
	if _, err := os.Stat(dir); os.IsNotExist(err) {
		return nil
	}
	files := map[string]string{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		files[rel] = string(data)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// sameTree reports, as a test error naming what, each file of want that
// changed or went and each file added under dir.
func sameTree(t *testing.T, what, dir string, want map[string]string) {
	t.Helper()
	got := treeBytes(t, dir)
	for _, name := range slices.Sorted(maps.Keys(want)) {
		if g, ok := got[name]; !ok {
			t.Errorf("%s: %s was removed", what, filepath.Join(dir, name))
		} else if g != want[name] {
			t.Errorf("%s: %s changed (%d bytes, was %d)", what, filepath.Join(dir, name), len(g), len(want[name]))
		}
	}
	for _, name := range slices.Sorted(maps.Keys(got)) {
		if _, ok := want[name]; !ok {
			t.Errorf("%s: %s was added", what, filepath.Join(dir, name))
		}
	}
}

// A refused report run changes no file: `report --resume ID` given state
// files other than the saved run's, with no saved work (exit 4, refused
// before the graph is built) or with
// saved work of other inputs (exit 3), and a run of a report id another
// run holds (exit 7), leave the stored graph graphs/ID (graphrag.json and
// its side files), the report folder and the work area byte for byte as
// they were (the resume refusals once rebuilt graphs/ID/graphrag.json
// from the state files given, holding only the query engine, before
// refusing).
func TestReportRefusalKeepsFiles(t *testing.T) {
	_, srv := newFakeProvider(t, func(task, ch string, n int) reply {
		if task == "chapter" && ch == "S2" {
			return reply{status: 429, header: map[string]string{"Retry-After": "0"}}
		}
		return reply{}
	})
	env := pipelineEnv(srv)
	base := t.TempDir()
	out, graphs := filepath.Join(base, "reports"), filepath.Join(base, "graphs")
	gdir, rdir, wdir := filepath.Join(graphs, "scripted"), filepath.Join(out, "scripted"), workDir(out, "scripted")
	var query string
	for _, s := range sampleStates(t) {
		if strings.Contains(s, "query_engine") {
			query = s
		}
	}
	forum := repoPath("examples", "coffee-shop", "logs", "forum.log")
	if code, _, errs := run(t, append([]string{"build-graph", "--report-id", "scripted", "--graphs", graphs, "--forum", forum}, sampleStates(t)...)...); code != ExitOK {
		t.Fatalf("build-graph: exit %d: %s", code, errs)
	}
	graph := treeBytes(t, gdir)
	if _, ok := graph["graphrag.json"]; !ok {
		t.Fatalf("build-graph wrote no graphrag.json in %s: %v", gdir, slices.Collect(maps.Keys(graph)))
	}
	resume := []string{"report", "--resume", "scripted", "--out", out, "--graphs", graphs, "--timeout", "2s", query}

	// no saved work
	if code, _, errs := runEnv(t, env, resume...); code != ExitNotFound || strings.Contains(errs, "building the graph") {
		t.Errorf("--resume with nothing saved: exit %d, want %d before the graph is built\n%s", code, ExitNotFound, errs)
	}
	sameTree(t, "--resume with nothing saved", gdir, graph)

	// saved work of the three engines and the forum log (S2 a placeholder)
	if code, _, errs := scriptedReport(t, env, base); code != ExitPartial {
		t.Fatalf("first run: exit %d\n%s", code, errs)
	}
	graph, report, work := treeBytes(t, gdir), treeBytes(t, rdir), treeBytes(t, wdir)
	if len(work) == 0 || len(report) == 0 {
		t.Fatalf("the partial run left no work area (%d files) or report (%d files)", len(work), len(report))
	}
	if code, _, errs := runEnv(t, env, resume...); code != ExitBadInput {
		t.Errorf("--resume with other inputs: exit %d, want %d\n%s", code, ExitBadInput, errs)
	}
	sameTree(t, "--resume with other inputs", gdir, graph)
	sameTree(t, "--resume with other inputs", rdir, report)
	sameTree(t, "--resume with other inputs", wdir, work)

	// another run holds the work area
	key, err := nodes.SavedKey(wdir)
	if err != nil {
		t.Fatal(err)
	}
	holder, err := nodes.OpenWork(wdir, key, true)
	if err != nil {
		t.Fatal(err)
	}
	code, _, errs := runEnv(t, env, "report", "--report-id", "scripted", "--out", out, "--graphs", graphs, "--timeout", "2s", query)
	holder.Close()
	if code != ExitLocked {
		t.Errorf("a run of a locked report id: exit %d, want %d\n%s", code, ExitLocked, errs)
	}
	sameTree(t, "a run of a locked report id", gdir, graph)
	sameTree(t, "a run of a locked report id", rdir, report)
	sameTree(t, "a run of a locked report id", wdir, work)
}
