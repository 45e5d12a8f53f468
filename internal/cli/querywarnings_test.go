package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// query prints the load warnings of a graph as search does: the first
// maxLoadWarnings and the number of the rest, and under --quiet only
// their number (README, global flags). The graph file here has eight
// edges to a node that does not exist, so eight warnings.
func TestQueryLoadWarningsBounded(t *testing.T) {
	const dangling = 8
	var edges []string
	for i := range dangling {
		edges = append(edges, fmt.Sprintf(`{"from":"s","to":"missing%d","relation":"contains"}`, i))
	}
	graphs := t.TempDir()
	file := `{"task_id":"r1","nodes":[{"id":"s","type":"section","name":"会员","attributes":{"title":"会员"}}],"edges":[` + strings.Join(edges, ",") + `]}`
	if err := os.MkdirAll(filepath.Join(graphs, "r1"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(graphs, "r1", "graphrag.json"), []byte(file), 0o644); err != nil {
		t.Fatal(err)
	}
	warnings := func(errs string) (lines []string) {
		for _, l := range strings.Split(errs, "\n") {
			if strings.HasPrefix(l, "warning: ") {
				lines = append(lines, l)
			}
		}
		return lines
	}
	code, out, errs := run(t, "query", "--graphs", graphs, "--graph", "r1", "会员")
	w := warnings(errs)
	if code != 0 || !strings.Contains(out, "会员") || len(w) != maxLoadWarnings+1 || !strings.Contains(w[len(w)-1], fmt.Sprintf("and %d more", dangling-maxLoadWarnings)) {
		t.Errorf("exit %d, %d warning lines (want %d, the last counting %d more):\n%s", code, len(w), maxLoadWarnings+1, dangling-maxLoadWarnings, errs)
	}
	code, _, errs = run(t, "query", "-q", "--graphs", graphs, "--graph", "r1", "会员")
	w = warnings(errs)
	if code != 0 || len(w) != 1 || !strings.Contains(w[0], fmt.Sprintf("%d load warnings", dangling)) {
		t.Errorf("--quiet: exit %d, warning lines %q; want one counting %d", code, w, dangling)
	}
}
