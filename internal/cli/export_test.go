package cli

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"reportengine/graphrag/storage"
)

// export writes each format; the output names the files, the neo4j
// folder holds the CSV files with README.md and import.sh, and stdout
// carries the import command.
func TestExportFormats(t *testing.T) {
	graphs := t.TempDir()
	buildSample(t, graphs, "coffee")
	out := t.TempDir()
	for _, f := range []string{"graphml", "gexf"} {
		path := filepath.Join(out, "coffee."+f)
		code, stdout, errOut := run(t, "export", "--graphs", graphs, "--graph", "coffee", "--format", f, "--out", path)
		if code != 0 || !strings.Contains(stdout, "wrote "+path) {
			t.Fatalf("%s: exit %d %s %s", f, code, stdout, errOut)
		}
		data, err := os.ReadFile(path)
		if err != nil || !strings.Contains(string(data), `"source"`) && !strings.Contains(string(data), ">source<") {
			t.Errorf("%s: %v %.300s", f, err, data)
		}
	}
	dir := filepath.Join(out, "neo")
	code, stdout, errOut := run(t, "export", "--graphs", graphs, "--graph", "coffee", "--format", "neo4j", "--out", dir)
	if code != 0 || !strings.Contains(stdout, "neo4j-admin database import full") || !strings.Contains(stdout, "--nodes=nodes_source.csv") {
		t.Fatalf("neo4j: exit %d %s %s", code, stdout, errOut)
	}
	for _, name := range []string{"README.md", "import.sh", "nodes_topic.csv", "nodes_source.csv", "rels_found.csv"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Errorf("neo4j folder lacks %s: %v", name, err)
		}
	}
	if fi, err := os.Stat(dir); err != nil || fi.Mode().Perm() != 0o755 {
		t.Errorf("folder mode %v %v", fi.Mode(), err)
	}
	// Again into the same folder: an earlier export is replaced.
	if code, _, errOut := run(t, "export", "--graphs", graphs, "--graph", "coffee", "--format", "neo4j", "--out", dir); code != 0 {
		t.Errorf("second neo4j export: exit %d %s", code, errOut)
	}
	// A folder of something else is not.
	other := filepath.Join(out, "other")
	writeTestFile(t, filepath.Join(other, "notes.txt"), "mine")
	if code, _, errOut := run(t, "export", "--graphs", graphs, "--graph", "coffee", "--format", "neo4j", "--out", other); code != 1 || !strings.Contains(errOut, "holds other files") {
		t.Errorf("foreign folder: exit %d %s", code, errOut)
	}
	if data, _ := os.ReadFile(filepath.Join(other, "notes.txt")); string(data) != "mine" {
		t.Error("the foreign folder was changed")
	}
	entries, _ := os.ReadDir(out)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") {
			t.Errorf("left behind %s", e.Name())
		}
	}
}

func writeTestFile(t *testing.T, path, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestExportBadUsage(t *testing.T) {
	graphs := t.TempDir()
	buildSample(t, graphs, "coffee")
	for _, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"export", "--graphs", graphs, "--graph", "coffee"}, 2, "--format is required"},
		{[]string{"export", "--graphs", graphs, "--graph", "coffee", "--format", "csv"}, 2, `--format "csv"`},
		{[]string{"export", "--graphs", graphs, "--graph", "nope", "--format", "gexf"}, 4, "nope"},
		{[]string{"export", "--graphs", graphs, "--graph", "../x", "--format", "gexf"}, 2, "--graph"},
	} {
		code, _, errOut := run(t, c.args...)
		if code != c.code || !strings.Contains(errOut, c.msg) {
			t.Errorf("%v: exit %d %q, want %d and %q", c.args, code, errOut, c.code, c.msg)
		}
	}
}

// A cancelled export leaves an earlier file or folder of the same name as
// it was and no temporary file behind.
func TestExportInterruptedKeepsEarlier(t *testing.T) {
	graphs := t.TempDir()
	buildSample(t, graphs, "coffee")
	st, err := storage.New(graphs)
	if err != nil {
		t.Fatal(err)
	}
	g, _, err := st.Load("coffee")
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	file := filepath.Join(out, "g.graphml")
	writeTestFile(t, file, "earlier")
	dir := filepath.Join(out, "neo")
	writeTestFile(t, filepath.Join(dir, "README.md"), neo4jReadme+"earlier\n")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := writeExportFile(ctx, g, "graphml", file); !errors.Is(err, context.Canceled) {
		t.Errorf("graphml: %v", err)
	}
	if _, _, err := writeNeo4jFolder(ctx, g, dir, "coffee"); !errors.Is(err, context.Canceled) {
		t.Errorf("neo4j: %v", err)
	}
	if data, _ := os.ReadFile(file); string(data) != "earlier" {
		t.Errorf("the earlier file became %q", data)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "README.md")); string(data) != neo4jReadme+"earlier\n" {
		t.Errorf("the earlier folder changed: %q", data)
	}
	entries, _ := os.ReadDir(out)
	if len(entries) != 2 {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("left in the folder: %v", names)
	}
}

// An --out whose folder does not exist yet is created, for every format,
// as report creates its --out folder (before: graphml and gexf exited 3,
// as for a missing input); one that cannot be made or written is exit 1
// naming the folder, as for report's (README's exit-code table).
func TestExportOutFolder(t *testing.T) {
	graphs := t.TempDir()
	buildSample(t, graphs, "coffee")
	out := t.TempDir()
	for _, f := range exportFormats {
		path := filepath.Join(out, "new-"+f, "sub", "coffee."+f)
		if code, _, errOut := run(t, "export", "--graphs", graphs, "--graph", "coffee", "--format", f, "--out", path); code != 0 {
			t.Errorf("%s into a new folder: exit %d %s", f, code, errOut)
		} else if _, err := os.Stat(path); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
	writeTestFile(t, filepath.Join(out, "file"), "mine")
	for _, f := range exportFormats {
		dir := filepath.Join(out, "file", "sub")
		code, _, errOut := run(t, "export", "--graphs", graphs, "--graph", "coffee", "--format", f, "--out", filepath.Join(dir, "coffee."+f))
		if code != ExitFailure || !strings.Contains(errOut, "export folder "+dir+" is not writable") {
			t.Errorf("%s under a file: exit %d %q, want %d and the folder not writable", f, code, errOut, ExitFailure)
		}
	}
}
