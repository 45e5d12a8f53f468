package builder_test

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"reportengine/forum"
	"reportengine/graphrag"
	"reportengine/graphrag/builder"
	"reportengine/internal/fixture"
	"reportengine/state"
)

// independentCounts decodes the state files with encoding/json (not the
// state package) and counts what the graph must hold.
type independentCounts struct {
	sections, queries, records int
	urls                       map[string]bool
	texts                      map[[2]string]bool
}

func countStates(t *testing.T, paths []string) independentCounts {
	t.Helper()
	c := independentCounts{urls: map[string]bool{}, texts: map[[2]string]bool{}}
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		var doc struct {
			Paragraphs []struct {
				Research *struct {
					SearchHistory []struct {
						Query, URL, Title, Content string
					} `json:"search_history"`
				}
			}
		}
		if err := json.Unmarshal(data, &doc); err != nil {
			t.Fatal(err)
		}
		for _, para := range doc.Paragraphs {
			c.sections++
			if para.Research == nil {
				continue
			}
			distinct := map[string]bool{}
			for _, r := range para.Research.SearchHistory {
				c.records++
				distinct[strings.ToLower(strings.TrimSpace(r.Query))] = true
				if u := strings.TrimSpace(r.URL); u != "" {
					c.urls[u] = true
				} else {
					c.texts[[2]string{r.Title, r.Content}] = true
				}
			}
			c.queries += len(distinct)
		}
	}
	return c
}

func typeCount(g *graphrag.Graph, t graphrag.NodeType) int {
	n := 0
	for _, x := range g.Nodes() {
		if x.Type == t {
			n++
		}
	}
	return n
}

// checkGraph compares a built graph with the independent counts.
func checkGraph(t *testing.T, g *graphrag.Graph, want independentCounts) {
	t.Helper()
	if got := typeCount(g, graphrag.TypeSection); got != want.sections {
		t.Errorf("engine sections: got %d, want %d", got, want.sections)
	}
	if got := typeCount(g, graphrag.TypeSearchQuery); got != want.queries {
		t.Errorf("search queries: got %d, want %d", got, want.queries)
	}
	urlSources, textSources := 0, 0
	found := 0
	for _, n := range g.Nodes() {
		if n.Type != graphrag.TypeSource {
			continue
		}
		if n.Attrs.String("url") != "" {
			urlSources++
			if !want.urls[n.Attrs.String("url")] {
				t.Errorf("source url %q is not in the input", n.Attrs.String("url"))
			}
		} else {
			textSources++
		}
		c, _ := n.Attrs.Int("found_count")
		found += c
	}
	if urlSources != len(want.urls) {
		t.Errorf("URL sources: got %d, want %d", urlSources, len(want.urls))
	}
	if textSources != len(want.texts) {
		t.Errorf("URL-less sources: got %d, want %d", textSources, len(want.texts))
	}
	if found != want.records {
		t.Errorf("records behind sources: got %d, want %d", found, want.records)
	}
	onEdges := 0
	for _, e := range g.Edges() {
		if e.Relation == graphrag.RelFound {
			v, _ := e.Attrs.Get("records")
			onEdges += len(v.([]any))
		}
	}
	if onEdges != want.records {
		t.Errorf("records on found edges: got %d, want %d", onEdges, want.records)
	}
}

func TestBuildBettaFishFixtures(t *testing.T) {
	run := fixture.BettaFish(t)
	paths := run.States()
	var inputs []state.Input
	for _, p := range paths {
		in, err := state.ParseArg(p)
		if err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, in)
	}
	// The media file researches a rephrased query ("武汉大学舆情"): one run
	// all the same (B13), loaded without the override.
	loaded, err := state.Load(inputs, state.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	entries, _, err := forum.ParseFile(run.ForumLog())
	if err != nil {
		t.Fatal(err)
	}
	g, _, err := builder.Build(builder.Config{Topic: "武汉大学", States: loaded.States, Forum: entries})
	if err != nil {
		t.Fatal(err)
	}
	want := countStates(t, paths)
	// The figures, which the independent count must agree with.
	if want.sections != 15 || want.queries != 34 || len(want.urls) != 205 {
		t.Fatalf("independent count: %d sections, %d queries, %d urls; the issue says 15, 34, 205", want.sections, want.queries, len(want.urls))
	}
	checkGraph(t, g, want)
	if typeCount(g, graphrag.TypeEngine) != 3 {
		t.Errorf("engines: got %d, want 3 (the fixture log has no HOST line, so no host engine)", typeCount(g, graphrag.TypeEngine))
	}
	// The fixture's engine speeches stay on the engine nodes: 15 + 15 + 14.
	for eng, n := range map[string]int{"query": 15, "media": 15, "insight": 14} {
		node, _ := g.Node(eng)
		v, _ := node.Attrs.Get("speeches")
		if got := len(v.(builder.Speeches)); got != n {
			t.Errorf("%s speeches: got %d, want %d", eng, got, n)
		}
	}
}

func TestBuildCoffeeShopSample(t *testing.T) {
	run := fixture.Coffee(t)
	paths := run.States()
	var inputs []state.Input
	for _, p := range paths {
		in, err := state.ParseArg(p)
		if err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, in)
	}
	loaded, err := state.Load(inputs, state.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	entries, fw, err := forum.ParseFile(run.ForumLog())
	if err != nil {
		t.Fatal(err)
	}
	if len(fw) != 0 {
		t.Errorf("forum warnings on the sample: %v", fw)
	}
	g, _, err := builder.Build(builder.Config{Topic: loaded.Topic(), States: loaded.States, Forum: entries})
	if err != nil {
		t.Fatal(err)
	}
	want := countStates(t, paths)
	hosts := 0
	for _, e := range entries {
		if e.Speaker == "HOST" {
			hosts++
		}
	}
	if hosts == 0 {
		t.Fatal("the sample forum log must have HOST lines")
	}
	// Host sections are sections too.
	want.sections += hosts
	checkGraph(t, g, want)
	if _, ok := g.Node("host"); !ok {
		t.Error("no host engine")
	}
	if got := len(want.texts); got == 0 {
		t.Error("the sample must have URL-less records")
	}
}
