package graphrag

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestAttributes(t *testing.T) {
	var a Attributes
	a.Set("title", "标题")
	a.Set("order", 3)
	a.Set("score", 0.25)
	a.Set("tags", []any{"x", "y"})
	a.Set("order", 4) // replaced in place
	if got := a.String("title"); got != "标题" {
		t.Errorf("String(title) = %q", got)
	}
	if got := a.String("order"); got != "" {
		t.Errorf("String of an int = %q, want \"\"", got)
	}
	if n, ok := a.Int("order"); !ok || n != 4 {
		t.Errorf("Int(order) = %d, %v", n, ok)
	}
	if a[1].Key != "order" {
		t.Errorf("Set moved the key: %v", a)
	}
	if _, ok := a.Int("score"); ok {
		t.Error("Int(0.25) ok, want not ok")
	}
	if f, ok := a.Float("score"); !ok || f != 0.25 {
		t.Errorf("Float(score) = %v, %v", f, ok)
	}
	if got := a.Strings("tags"); !cmp.Equal(got, []string{"x", "y"}) {
		t.Errorf("Strings(tags) = %v", got)
	}
	if _, ok := a.Get("missing"); ok {
		t.Error("Get(missing) ok")
	}
	data, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"title":"标题","order":4,"score":0.25,"tags":["x","y"]}`; string(data) != want {
		t.Errorf("MarshalJSON = %s, want %s", data, want)
	}
	var back Attributes
	if err := json.Unmarshal([]byte(`{"b":1,"a":{"z":1,"y":[1.50,null,true]},"b":2}`), &back); err != nil {
		t.Fatal(err)
	}
	if back[0].Key != "b" || back[1].Key != "a" || len(back) != 2 {
		t.Fatalf("key order: %v", back)
	}
	if n, ok := back.Int("b"); !ok || n != 2 {
		t.Errorf("duplicate key keeps the last value: %v", back[0])
	}
	again, _ := json.Marshal(back)
	if want := `{"b":2,"a":{"z":1,"y":[1.50,null,true]}}`; string(again) != want {
		t.Errorf("re-marshal = %s, want %s (nested order and number literals kept)", again, want)
	}
}

func TestGraphErrors(t *testing.T) {
	g := New()
	if err := g.AddNode(&Node{ID: ""}); !errors.Is(err, ErrEmptyID) {
		t.Errorf("empty id: %v", err)
	}
	if err := g.AddNode(&Node{ID: "a"}); err != nil {
		t.Fatal(err)
	}
	if err := g.AddNode(&Node{ID: "a"}); !errors.Is(err, ErrDuplicateNode) {
		t.Errorf("duplicate node: %v", err)
	}
	if err := g.AddEdge(Edge{From: "a", To: "b"}); !errors.Is(err, ErrNodeNotFound) || !strings.Contains(err.Error(), `"b"`) {
		t.Errorf("missing endpoint: %v", err)
	}
	_ = g.AddNode(&Node{ID: "b"})
	if err := g.AddEdge(Edge{From: "a", To: "b", Relation: RelFound}); err != nil {
		t.Fatal(err)
	}
	if err := g.AddEdge(Edge{From: "a", To: "b"}); !errors.Is(err, ErrDuplicateEdge) {
		t.Errorf("duplicate edge: %v", err)
	}
	e, ok := g.Edge("a", "b")
	if !ok || e.Weight != 1.0 || e.Relation != RelFound {
		t.Errorf("Edge(a,b) = %+v, %v", e, ok)
	}
	if g.NodeCount() != 2 || g.EdgeCount() != 1 {
		t.Errorf("counts %d/%d", g.NodeCount(), g.EdgeCount())
	}
	got, err := g.ReachableFrom("a")
	if err != nil || !cmp.Equal(got, []string{"a", "b"}) {
		t.Errorf("ReachableFrom(a) = %v, %v", got, err)
	}
	if _, err := g.ReachableFrom("zz"); !errors.Is(err, ErrNodeNotFound) {
		t.Errorf("ReachableFrom(missing): %v", err)
	}
}

// The reference writer's layout and the web API's envelope both load.
func TestReadJSONOtherSpellings(t *testing.T) {
	reference := `{
  "task_id": "report_1",
  "created_at": "2025-08-27T13:16:30.123456",
  "nodes": [
    {"id": "T_1", "type": "topic", "label": "武汉大学", "properties": {"k": "v"}},
    {"id": "query", "type": "engine", "name": "query", "label": "query", "attributes": {}, "properties": {}},
    {"id": 7, "group": "source", "label": "seven"}
  ],
  "edges": [
    {"source": "T_1", "target": "query", "relation": "analyzed_by", "weight": 1.0, "attributes": {}},
    {"from": "T_1", "to": "query", "relation": "analyzed_by"},
    {"from": "query", "to": "missing", "relation": "contains"},
    {"from": "query", "to": "7", "label": "found", "weight": 2.5}
  ],
  "stats": {"total_nodes": 3}
}`
	g, rep, err := ReadJSON(strings.NewReader(reference))
	if err != nil {
		t.Fatal(err)
	}
	if g.TaskID != "report_1" || g.CreatedAt != "2025-08-27T13:16:30.123456" {
		t.Errorf("task/created: %q %q", g.TaskID, g.CreatedAt)
	}
	if g.NodeCount() != 3 || g.EdgeCount() != 2 {
		t.Errorf("counts: %d nodes, %d edges, want 3, 2", g.NodeCount(), g.EdgeCount())
	}
	if rep.DuplicateEdges != 1 || rep.DanglingEdges != 1 || len(rep.Warnings) != 2 {
		t.Errorf("load report: %+v", rep)
	}
	topic, _ := g.Node("T_1")
	if topic.Name != "武汉大学" || topic.Attrs.String("k") != "v" {
		t.Errorf("label/properties not read: %+v", topic)
	}
	seven, ok := g.Node("7")
	if !ok || seven.Type != TypeSource || seven.Name != "seven" {
		t.Errorf("numeric id / group: %+v", seven)
	}
	if e, _ := g.Edge("query", "7"); e == nil || e.Relation != RelFound || e.Weight != 2.5 {
		t.Errorf("edge label/weight: %+v", e)
	}

	envelope := `{"success": true, "report_id": "r", "graph": {"nodes": [{"id": "a", "group": "topic", "label": "A", "title": "<b>A</b>", "properties": {}}], "edges": [], "stats": {}}}`
	g2, _, err := ReadJSON(strings.NewReader(envelope))
	if err != nil {
		t.Fatal(err)
	}
	if n, ok := g2.Node("a"); !ok || n.Type != TypeTopic || n.Name != "A" {
		t.Errorf("envelope node: %+v", n)
	}
}

func TestReadJSONErrorsNamePath(t *testing.T) {
	for _, tc := range []struct {
		name, in, path string
	}{
		{"nodes not an array", `{"nodes": {}}`, "nodes"},
		{"node without id", `{"nodes": [{"id": "a"}, {"name": "x"}]}`, "nodes[1].id"},
		{"attributes not an object", `{"nodes": [{"id": "a", "attributes": [1]}]}`, "nodes[0].attributes"},
		{"properties not an object", `{"nodes": [{"id": "a", "properties": "x"}]}`, "nodes[0].attributes"},
		{"edge without target", `{"nodes": [], "edges": [{"from": "a"}]}`, "edges[0]"},
		{"syntax", `{"nodes": [`, "line 1, column"},
		{"syntax on line 3", "{\"nodes\": [\n  {\"id\": \"a\"},\n  {\"id\": tru}]}", "line 3, column"},
		{"newer format", `{"format_version": 5, "nodes": []}`, "format_version"},
		{"not an object", `[1,2]`, "$"},
		{"trailing data", `{} {}`, ""},
		{"empty file", ``, "empty graph file (0 bytes"},
		{"white space only", " \n\t\n", "empty graph file (4 bytes"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := ReadJSON(strings.NewReader(tc.in))
			if !errors.Is(err, ErrFormat) {
				t.Fatalf("got %v, want ErrFormat", err)
			}
			if !strings.Contains(err.Error(), tc.path) {
				t.Errorf("error %q does not name %q", err, tc.path)
			}
		})
	}
}

func TestWriteJSONShape(t *testing.T) {
	g := New()
	g.TaskID, g.CreatedAt = "r", "2025-01-01T00:00:00Z"
	_ = g.AddNode(&Node{ID: "t", Type: TypeTopic, Name: "T", Attrs: Attributes{{"query", "T"}}})
	_ = g.AddNode(&Node{ID: "e", Type: TypeEngine, Name: "e"})
	_ = g.AddEdge(Edge{From: "t", To: "e", Relation: RelAnalyzedBy})
	var buf bytes.Buffer
	if err := g.WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	// Decode with encoding/json into the documented shape; every key of
	// the file must be one the shape names.
	type node struct {
		ID         string         `json:"id"`
		Type       string         `json:"type"`
		Name       string         `json:"name"`
		Attributes map[string]any `json:"attributes"`
	}
	type edge struct {
		From       string         `json:"from"`
		To         string         `json:"to"`
		Relation   string         `json:"relation"`
		Weight     float64        `json:"weight"`
		Attributes map[string]any `json:"attributes"`
	}
	var doc struct {
		FormatVersion int            `json:"format_version"`
		TaskID        string         `json:"task_id"`
		CreatedAt     string         `json:"created_at"`
		Nodes         []node         `json:"nodes"`
		Edges         []edge         `json:"edges"`
		Stats         map[string]int `json:"stats"`
	}
	dec := json.NewDecoder(bytes.NewReader(buf.Bytes()))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&doc); err != nil {
		t.Fatalf("%v\n%s", err, buf.String())
	}
	if doc.FormatVersion != FormatVersion || doc.TaskID != "r" || len(doc.Nodes) != 2 || len(doc.Edges) != 1 {
		t.Fatalf("decoded: %+v", doc)
	}
	if n := doc.Nodes[0]; n.ID != "t" || n.Name != "T" || n.Attributes["query"] != "T" {
		t.Errorf("node: %+v", n)
	}
	if e := doc.Edges[0]; e.From != "t" || e.To != "e" || e.Weight != 1.0 || e.Relation != "analyzed_by" || e.Attributes == nil {
		t.Errorf("edge: %+v", e)
	}
	if want := map[string]int{"total_nodes": 2, "total_edges": 1, "topic": 1, "engine": 1}; !cmp.Equal(doc.Stats, want) {
		t.Errorf("stats: %v, want %v", doc.Stats, want)
	}
	if lines := strings.Count(buf.String(), "\n    {"); lines != 3 {
		t.Errorf("want one line per node and edge (3), got %d:\n%s", lines, buf.String())
	}
}

// FuzzStringRoundTrip: a string written in a graph and read back is what
// encoding/json's own round trip gives (invalid UTF-8 becomes U+FFFD,
// everything else is kept), both as a generic attribute and as a typed
// source's content, and the file is valid JSON.
func FuzzStringRoundTrip(f *testing.F) {
	for _, s := range []string{"", "a\"b", "中\u2028\u2029", "\xed\xa0\x80", "\xe0\x80\x80", "\xf4\x90\x80\x80", "\xf0\x9f\x98\x80", "\xc2", "\x7f\x00", "</script>&"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		raw, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		var want string
		if err := json.Unmarshal(raw, &want); err != nil {
			t.Fatal(err)
		}
		if a, b := appendString(nil, s), mustValue(t, s); string(a) != string(b) {
			t.Fatalf("appendString(%q) = %s, codec gives %s", s, a, b)
		}
		g := New()
		if err := g.AddNode(&Node{ID: "n", Type: TypeSection, Name: s, Attrs: Attributes{{Key: "content", Value: s}}}); err != nil {
			t.Fatal(err)
		}
		if _, err := g.AddSource(Source{ID: "s", Name: "x", Title: s, Content: s, Key: "text"}); err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := g.WriteJSON(&buf); err != nil {
			t.Fatal(err)
		}
		if !json.Valid(buf.Bytes()) {
			t.Fatalf("invalid JSON written for %q:\n%s", s, buf.String())
		}
		back, _, err := ReadJSON(&buf)
		if err != nil {
			t.Fatal(err)
		}
		if got := back.String(0, "content"); got != want {
			t.Errorf("generic attribute: %q came back as %q, want %q", s, got, want)
		}
		if got := back.Name(0); got != want {
			t.Errorf("name: %q came back as %q, want %q", s, got, want)
		}
		if got := back.String(1, "content"); got != want {
			t.Errorf("typed source content: %q came back as %q, want %q", s, got, want)
		}
	})
}

// A flat node keeps its other keys as attributes (the B17 input is written
// this way); nothing is dropped silently.
func TestReadJSONFlatNode(t *testing.T) {
	in := `{"nodes":[{"id":"s1","type":"section","title":"外交动态","content":"市民热议某国领导人访问美国的行程安排"},
	{"id":"s2","type":"section","title":"x","attributes":{"title":"kept"}}],"edges":[]}`
	g, _, err := ReadJSON(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	n, _ := g.Node("s1")
	if n.Attrs.String("title") != "外交动态" || n.Attrs.String("content") != "市民热议某国领导人访问美国的行程安排" {
		t.Errorf("flat node attributes: %v", n.Attrs)
	}
	n2, _ := g.Node("s2")
	if n2.Attrs.String("title") != "kept" || len(n2.Attrs) != 1 {
		t.Errorf("attributes win over flat keys: %v", n2.Attrs)
	}
}

// #8: a file with more node types than 16 bits hold loads (the query
// engine once panicked on it); every type keeps its own code.
func TestReadJSONManyNodeTypes(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"format_version": 2, "nodes": [`)
	const n = 70_000
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"id":"n%d","type":"t%d","name":"x","attributes":{}}`, i, i)
	}
	b.WriteString(`], "edges": []}`)
	g, _, err := ReadJSON(strings.NewReader(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	if got := len(g.TypeNames()); got != n {
		t.Fatalf("types: got %d, want %d", got, n)
	}
	if v, _ := g.Lookup("n69999"); g.Type(v) != "t69999" || g.TypeNames()[g.TypeCode(v)] != "t69999" {
		t.Errorf("node n69999: type %q, code %d", g.Type(v), g.TypeCode(v))
	}
}

// appendString's shortcut spells every string as the codec does.
func TestAppendStringMatchesCodec(t *testing.T) {
	for _, s := range []string{"", "plain", "中文", "a\"b", "back\\slash", "tab\t", "\x01", "\u2028", "中\u2029文", "bad\xff", "\xc3", "😀", "<>&", "中\"", "中\n"} {
		want, _ := appendValue(nil, s)
		if got := appendString(nil, s); string(got) != string(want) {
			t.Errorf("appendString(%q) = %s, codec gives %s", s, got, want)
		}
	}
}

func mustValue(t *testing.T, v any) []byte {
	b, err := appendValue(nil, v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// appendString appends s as a JSON string in the codec's spelling
// (AppendString's spelling 0).
func appendString(buf []byte, s string) []byte { return AppendString(buf, s, 0) }
