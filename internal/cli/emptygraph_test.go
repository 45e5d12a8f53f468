package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// An empty graph ({"nodes":[],"edges":[]}) is unusable input: search,
// questions and chat say the knowledge graph is empty and exit 3, as query
// does (README's exit-code table).
func TestEmptyGraphExitCode(t *testing.T) {
	graphs := t.TempDir()
	if err := os.MkdirAll(filepath.Join(graphs, "empty"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(graphs, "empty", "graphrag.json"), []byte(`{"nodes":[],"edges":[]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"search", "--graphs", graphs, "--graph", "empty", "问题"},
		{"questions", "--graphs", graphs, "--graph", "empty", "问题"},
		{"chat", "--graphs", graphs, "--graph", "empty"},
		{"query", "--graphs", graphs, "--graph", "empty", "问题"},
	} {
		code, _, errs := runIn(t, "问题\nexit\n", nil, args...)
		// the message names the file (before: "knowledge graph is empty" alone)
		if code != ExitBadInput || !strings.Contains(errs, "empty") || !strings.Contains(errs, filepath.Join(graphs, "empty", "graphrag.json")) {
			t.Errorf("%s: exit %d, want %d; stderr %s", args[0], code, ExitBadInput, errs)
		}
	}
}

// export refuses an empty graph as query and report do (exit 3, the
// message naming the file) and writes nothing (before: a file of 0 nodes
// and exit 0).
func TestExportEmptyGraph(t *testing.T) {
	graphs := t.TempDir()
	if err := os.MkdirAll(filepath.Join(graphs, "empty"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(graphs, "empty", "graphrag.json"), []byte(`{"nodes":[],"edges":[]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	outDir := t.TempDir()
	for _, format := range exportFormats {
		out := filepath.Join(outDir, "x."+format)
		code, stdout, errs := runIn(t, "", nil, "export", "--graphs", graphs, "--graph", "empty", "--format", format, "--out", out)
		if code != ExitBadInput || !strings.Contains(errs, "knowledge graph is empty") || !strings.Contains(errs, filepath.Join(graphs, "empty", "graphrag.json")) {
			t.Errorf("%s: exit %d, want %d; stderr %s", format, code, ExitBadInput, errs)
		}
		if stdout != "" {
			t.Errorf("%s: stdout %q, want nothing", format, stdout)
		}
		if entries, _ := os.ReadDir(outDir); len(entries) != 0 {
			t.Errorf("%s: %d files written to the output folder, want none", format, len(entries))
		}
	}
}
