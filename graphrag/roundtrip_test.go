package graphrag

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func fp(f float64) *float64 { return &f }
func sp(s string) *string   { return &s }

// richGraph has every kind of storage: typed sources (null and set scores,
// a shared engine list), found edges with records that carry their own
// title/content, generic nodes with nested ordered attributes, a foreign
// type, a non-1 weight, edge attributes and Meta.
func richGraph(t *testing.T) *Graph {
	g := New()
	g.TaskID, g.CreatedAt = "r1", "2025-08-27T13:16:30Z"
	g.Meta = Attributes{{Key: "build", Value: Attributes{{Key: "warnings", Value: []string{"w1", "w2"}}, {Key: "n", Value: 3}}}}
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(g.AddNode(&Node{ID: "T", Type: TypeTopic, Name: "武汉大学", Attrs: Attributes{{Key: "query", Value: "武汉大学"}, {Key: "engines", Value: []string{"query"}}}}))
	must(g.AddNode(&Node{ID: "query_P0_Q0", Type: TypeSearchQuery, Name: "q", Attrs: Attributes{{Key: "query_text", Value: "q \"引号\"\n"},
		{Key: "nested", Value: Attributes{{Key: "z", Value: 1.5}, {Key: "a", Value: []any{nil, true, "x"}}}}}}))
	s1, err := g.AddSource(Source{ID: "SRC_1", Name: "标题", URL: "https://x.example/1", Title: "标题", Content: strings.Repeat("内容", 80), Score: fp(0.25), Key: "url"})
	must(err)
	s2, err := g.AddSource(Source{ID: "SRC_2", Name: "(untitled)", Content: "帖子", Key: "text"})
	must(err)
	g.SetSourceTally(s1, []string{"query", "media"}, 2)
	g.SetSourceTally(s2, []string{"query", "media"}, 1)
	must(g.AddNode(&Node{ID: "x", Type: "entity", Name: ""}))
	must(g.AddFound(1, s1, []Record{{Index: 0, Score: fp(0.25), Timestamp: "t0"}, {Index: 7, Timestamp: "t7", Title: sp("另一个"), Content: sp("other")}}))
	must(g.AddFound(1, s2, []Record{{Index: 3, Score: fp(1e-7), Timestamp: ""}}))
	must(g.Link(0, 1, RelSearched))
	must(g.AddEdge(Edge{From: "x", To: "T", Relation: "mentions", Weight: 2.5, Attrs: Attributes{{Key: "why", Value: "因为"}}}))
	return g
}

func writeString(t *testing.T, g *Graph) string {
	t.Helper()
	var b bytes.Buffer
	if err := g.WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// A round trip is lossless: reading a written graph gives the same nodes,
// edges, typed storage and Meta, and writing it again the same bytes.
func TestRoundTripLossless(t *testing.T) {
	g := richGraph(t)
	first := writeString(t, g)
	back, rep, err := ReadJSON(strings.NewReader(first))
	if err != nil {
		t.Fatal(err)
	}
	if rep.DuplicateNodes+rep.DuplicateEdges+rep.DanglingEdges != 0 || len(rep.Warnings) != 0 {
		t.Errorf("load report: %+v", rep)
	}
	if second := writeString(t, back); second != first {
		t.Errorf("write → read → write changed the file:\n%s", cmp.Diff(first, second))
	}
	if back.TaskID != g.TaskID || back.CreatedAt != g.CreatedAt {
		t.Errorf("task_id/created_at: %q %q", back.TaskID, back.CreatedAt)
	}
	// The same values, compared as JSON-level text through each accessor.
	for v := 0; v < g.NodeCount(); v++ {
		if back.ID(v) != g.ID(v) || back.Type(v) != g.Type(v) || back.Name(v) != g.Name(v) {
			t.Errorf("node %d: %q %q %q, want %q %q %q", v, back.ID(v), back.Type(v), back.Name(v), g.ID(v), g.Type(v), g.Name(v))
		}
		a, _ := g.Attrs(v).MarshalJSON()
		b, _ := back.Attrs(v).MarshalJSON()
		if !bytes.Equal(a, b) {
			t.Errorf("node %s attributes: %s, want %s", g.ID(v), b, a)
		}
		if back.DerivedOf(v) != g.DerivedOf(v) {
			t.Errorf("node %s derived: %+v, want %+v", g.ID(v), back.DerivedOf(v), g.DerivedOf(v))
		}
	}
	// Typed storage survives: sources are typed rows, records typed.
	for _, id := range []string{"SRC_1", "SRC_2"} {
		v, _ := back.Lookup(id)
		if back.srcRow[v] < 0 {
			t.Errorf("%s read back as a generic node", id)
		}
	}
	if d := cmp.Diff(g.Records(0), back.Records(0)); d != "" {
		t.Errorf("records of edge 0 (-want +got):\n%s", d)
	}
	if d := cmp.Diff(g.Edges(), back.Edges(), cmp.Comparer(func(a, b Attributes) bool {
		x, _ := a.MarshalJSON()
		y, _ := b.MarshalJSON()
		return bytes.Equal(x, y)
	})); d != "" {
		t.Errorf("edges (-want +got):\n%s", d)
	}
	if u, ok := back.SourceByURL("https://x.example/1"); !ok || back.ID(u) != "SRC_1" {
		t.Errorf("URL map after reading: %d %v", u, ok)
	}
	// Each text is stored once: no derivable field in the file.
	for _, dup := range []string{`"label"`, `"properties"`, `"source":"`, `"target"`, `"preview"`} {
		if strings.Contains(first, dup) {
			t.Errorf("the file holds %s", dup)
		}
	}
	if n := strings.Count(first, strings.Repeat("内容", 80)); n != 1 {
		t.Errorf("the long content is in the file %d times, want once", n)
	}
}

// A version 1 file (label, properties, source/target, preview) of our
// builder loads into the same typed storage and is rewritten as version 3
// without losing anything but the duplicates.
func TestReadVersion1(t *testing.T) {
	content := strings.Repeat("文", 120)
	preview := strings.Repeat("文", 100)
	v1 := `{
  "task_id": "old",
  "created_at": "2025-01-01T00:00:00Z",
  "stats": {"total_nodes": 2, "total_edges": 1, "search_query": 1, "source": 1},
  "build": {"inputs": []},
  "nodes": [
    {"id": "q", "type": "search_query", "name": "问", "label": "问", "attributes": {"query_text": "问"}, "properties": {"query_text": "问"}},
    {"id": "SRC_a", "type": "source", "name": "甲", "label": "甲", "attributes": {"url": "https://a.example", "title": "甲", "preview": "` + preview + `", "score": 0.5, "content": "` + content + `", "key": "url", "engines": ["media"], "found_count": 1}, "properties": {"url": "https://a.example", "title": "甲", "preview": "` + preview + `", "score": 0.5, "content": "` + content + `", "key": "url", "engines": ["media"], "found_count": 1}}
  ],
  "edges": [
    {"from": "q", "to": "SRC_a", "source": "q", "target": "SRC_a", "relation": "found", "weight": 1.0, "attributes": {"records": [{"index": 4, "score": 0.5, "timestamp": "ts", "title": "甲2"}]}}
  ]
}`
	g, _, err := ReadJSON(strings.NewReader(v1))
	if err != nil {
		t.Fatal(err)
	}
	v, ok := g.Lookup("SRC_a")
	if !ok || g.srcRow[v] < 0 {
		t.Fatal("the version 1 source is not stored typed")
	}
	if g.String(v, "content") != content || g.DerivedOf(v).Preview != preview || !slices.Equal(g.Strings(v, "engines"), []string{"media"}) {
		t.Errorf("source read as %v", g.Attrs(v))
	}
	recs := g.Records(0)
	if len(recs) != 1 || recs[0].Index != 4 || recs[0].Title == nil || *recs[0].Title != "甲2" || recs[0].Content != nil || *recs[0].Score != 0.5 {
		t.Errorf("records: %+v", recs)
	}
	if b, ok := g.Meta.Get("build"); !ok || b == nil {
		t.Error("Meta build lost")
	}
	out := writeString(t, g)
	if strings.Contains(out, `"preview"`) || strings.Contains(out, `"properties"`) || !strings.Contains(out, `"format_version": 4`) {
		t.Errorf("rewritten file:\n%s", out)
	}
	// A source whose preview is not derived from its content (another
	// tool's) stays generic, preview and all.
	other := strings.Replace(v1, `"preview": "`+preview+`", "score": 0.5, "content"`, `"preview": "自己的", "score": 0.5, "content"`, 1)
	g2, _, err := ReadJSON(strings.NewReader(other))
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := g2.Lookup("SRC_a"); g2.srcRow[v] >= 0 || g2.String(v, "preview") != "自己的" {
		t.Errorf("a source with its own preview: typed %v, preview %q", g2.srcRow[v] >= 0, g2.String(v, "preview"))
	}
}

// The strict decode of the rows (nodeIn, edgeIn) reads the graph the
// element-by-element reader (flexNode, flexEdge) reads, as written back,
// for the shapes the builder makes, version 1's duplicates included.
// (The two differ in storage, not in the text written: the flexible
// reader keeps a format-4 source's attributes generic; and on oddGraph's
// generic sources and negative zeros, which CheckColumns refuses.)
func TestStrictRowsMatchFlex(t *testing.T) {
	v1 := `{"nodes": [{"id": "q", "type": "search_query", "name": "问", "label": "问", "attributes": {"query_text": "问"}, "properties": {"query_text": "问"}},
    {"id": "SRC_a", "type": "source", "name": "甲", "label": "甲", "attributes": {"url": "https://a.example", "title": "甲", "preview": "文", "score": 0.5, "content": "文", "key": "url", "engines": ["media"], "found_count": 1}}],
  "edges": [{"from": "q", "to": "SRC_a", "source": "q", "target": "SRC_a", "relation": "found", "weight": 1.0, "attributes": {"records": [{"index": 4, "score": 0.5, "timestamp": "ts", "title": "甲2"}]}}]}`
	texts := map[string]string{"v1": v1}
	for name, g := range map[string]*Graph{"rich": richGraph(t), "sources": sourcesGraph(t, 3000), "derived": derivedGraph(t)} {
		texts[name] = writeString(t, g)
	}
	defer func() { strictRows = true }()
	for name, text := range texts {
		t.Run(name, func(t *testing.T) {
			strictRows = true
			strict, rep1, err := ReadJSONText(text)
			if err != nil {
				t.Fatal(err)
			}
			strictRows = false
			flex, rep2, err := ReadJSONText(text)
			if err != nil {
				t.Fatal(err)
			}
			if a, b := writeString(t, flex), writeString(t, strict); a != b {
				t.Errorf("graphs write different JSON (-flex +strict):\n%s", cmp.Diff(a, b))
			}
			if diff := cmp.Diff(rep2, rep1); diff != "" {
				t.Errorf("load reports differ (-flex +strict):\n%s", diff)
			}
		})
	}
}
