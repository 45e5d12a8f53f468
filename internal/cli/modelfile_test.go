package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"reportengine/graphrag/knowledge"
)

// TestSearchModelFile: the first search keeps the graph's knowledge model
// beside it (graphrag.knowledge) and the next search, reading it, answers
// byte for byte as the first; when the graph file is then replaced by
// another graph's, the model file (made for the old bytes) is not used:
// the search answers from the new graph and the model file is made again.
func TestSearchModelFile(t *testing.T) {
	graphs := sampleGraphs(t)
	q := "李明为什么选择写字楼商圈？"
	code, out, errs := run(t, "search", "--json", "--graphs", graphs, "--graph", "coffee", q)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	side := filepath.Join(graphs, "coffee", knowledge.ModelFileName)
	first, err := os.ReadFile(side)
	if err != nil {
		t.Fatalf("no model file after the first search: %v", err)
	}
	// the offline embedder's fit is kept beside it (fitOffline)
	fit, err := os.Stat(side + ".offline-fit-512")
	if err != nil {
		t.Fatalf("no embedder fit after the first search: %v", err)
	}
	code, out2, errs2 := run(t, "search", "--json", "--graphs", graphs, "--graph", "coffee", q)
	if code != 0 {
		t.Fatalf("second search: exit %d: %s", code, errs2)
	}
	if !strings.Contains(out, `"completion_time"`) || dropTimes(out2) != dropTimes(out) {
		t.Errorf("the search from the model file differs:\n%s\n---\n%s", out, out2)
	}
	if again, err := os.Stat(side + ".offline-fit-512"); err != nil || !again.ModTime().Equal(fit.ModTime()) {
		t.Errorf("the second search wrote the fit again (err %v)", err)
	}
	// the sample's entities, all kept, as the first search read them
	// (the count is the sample's: examples/coffee-shop grows)
	m := regexp.MustCompile(`entities: read (\d+), kept (\d+)`).FindStringSubmatch(errs)
	if m == nil || m[1] != m[2] || !strings.Contains(errs2, "entities: read "+m[1]+", kept "+m[1]) {
		t.Errorf("second search's stderr:\n%s", errs2)
	}

	// another graph's bytes in the same folder
	other := fixtureGraph(t)
	for _, name := range []string{"graphrag.json", "graphrag.columns"} {
		data, err := os.ReadFile(filepath.Join(other, "wuhan", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(graphs, "coffee", name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	code, _, errs3 := run(t, "search", "--json", "--graphs", graphs, "--graph", "coffee", "武汉大学图书馆事件是怎么回事？")
	if code != 0 && code != ExitNoMatch {
		t.Fatalf("search after the graph was replaced: exit %d: %s", code, errs3)
	}
	if strings.Contains(errs3, "entities: read "+m[1]+",") || !strings.Contains(errs3, "entities: read 277") {
		t.Errorf("the stale model file was used:\n%s", errs3)
	}
	if again, err := os.ReadFile(side); err != nil || bytes.Equal(again, first) {
		t.Errorf("the model file was not made again for the new graph (err %v)", err)
	}
}

// dropTimes removes the "completion_time" member of search --json output
// (a duration, different from run to run).
func dropTimes(s string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if !strings.Contains(l, `"completion_time"`) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}
