package graphrag

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"reportengine/text"
)

// derivedGraph has every case of what format 3 derives: sources whose
// name is, or is not, SourceName of their attributes, and sections whose
// summary is, or is not, SectionSummary of theirs (and in the place the
// readers put it back). Values are JSON-native (strings, json.Number,
// bool), so the graph read back equals it accessor for accessor.
func derivedGraph(t testing.TB) *Graph {
	g := New()
	g.TaskID, g.CreatedAt = "d", "2025-08-25T18:02:14Z"
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	long := strings.Repeat("长", 400)
	section := func(id string, a Attributes) {
		must(g.AddNode(&Node{ID: id, Type: TypeSection, Name: id, Attrs: a}))
	}
	num := json.Number("1")
	// The builder's paragraph: summary from latest_summary, right before content.
	section("p_derived", Attributes{{Key: "title", Value: "t"}, {Key: "order", Value: num}, {Key: "summary", Value: text.TruncateRunes(long, SummaryRunes)},
		{Key: "content", Value: "正文\n第二行"}, {Key: "latest_summary", Value: long}, {Key: "is_completed", Value: true}})
	// The builder's host speech: summary from content (no latest_summary).
	section("host_derived", Attributes{{Key: "position", Value: num}, {Key: "summary", Value: "主持人说"}, {Key: "content", Value: "主持人说"}, {Key: "engine", Value: "host"}})
	// An empty latest_summary: the content.
	section("empty_latest", Attributes{{Key: "summary", Value: "内容"}, {Key: "content", Value: "内容"}, {Key: "latest_summary", Value: ""}})
	// Kept: a summary of its own, one after content, one without content.
	section("own_summary", Attributes{{Key: "summary", Value: "自己的摘要"}, {Key: "content", Value: "内容"}})
	section("summary_after", Attributes{{Key: "content", Value: "内容"}, {Key: "summary", Value: "内容"}})
	section("no_content", Attributes{{Key: "title", Value: "t"}, {Key: "summary", Value: "只有摘要"}})
	section("reference_shape", Attributes{{Key: "title", Value: "t"}, {Key: "order", Value: num}, {Key: "summary", Value: "s"}, {Key: "engine", Value: "query"}})
	// Kept: invalid UTF-8 (JSON gives it back as U+FFFD, the derivation
	// would not match), a summary that is not a string.
	section("bad_utf8", Attributes{{Key: "summary", Value: "a\xffb"}, {Key: "content", Value: "a\xffb"}})
	section("null_summary", Attributes{{Key: "summary", Value: nil}, {Key: "content", Value: "内容"}})
	// No summary but a content: marked "derive": false, none is derived.
	section("no_summary", Attributes{{Key: "title", Value: "t"}, {Key: "content", Value: "内容"}})
	// No summary, content not a string: nothing to derive, no mark.
	section("number_content", Attributes{{Key: "content", Value: num}})
	// Another type with the same keys: never derived.
	must(g.AddNode(&Node{ID: "topic", Type: TypeTopic, Name: "话题", Attrs: Attributes{{Key: "summary", Value: "内容"}, {Key: "content", Value: "内容"}}}))
	must(g.AddNode(&Node{ID: "topic_no_summary", Type: TypeTopic, Name: "话题", Attrs: Attributes{{Key: "content", Value: "内容"}}}))
	source := func(id, name, title, url, content string) {
		v, err := g.AddSource(Source{ID: id, Name: name, URL: url, Title: title, Content: content, Key: "url"})
		must(err)
		g.SetSourceTally(v, []string{"query"}, 1)
	}
	source("SRC_title", "标题", "标题", "https://a.example", "c")                                                               // derived: the title
	source("SRC_long", text.TruncateRunes(long, SourceNameRunes), long, "https://b.example", "c")                           // derived: the title cut to 50 runes
	source("SRC_url", "https://c.example", "  ", "https://c.example", "c")                                                  // derived: the url (blank title)
	source("SRC_content", "正文", "", "", "  正文  ")                                                                           // derived: the content, trimmed
	source("SRC_untitled", "(untitled)", "", "", "")                                                                        // derived: nothing to name it by
	source("SRC_own", "别的名字", "标题", "https://d.example", "c")                                                               // kept: a name of its own
	source("SRC_empty", "", "标题", "https://e.example", "c")                                                                 // kept: an empty name
	source("SRC_untrimmed", " 标题", " 标题", "https://f.example", "c")                                                         // kept: not trimmed
	source("SRC_bad", "a\xffb", "a\xffb", "https://g.example", "c")                                                         // kept: invalid UTF-8
	must(g.AddNode(&Node{ID: "SRC_generic", Type: TypeSource, Name: "标题", Attrs: Attributes{{Key: "title", Value: "标题"}}})) // generic: kept
	return g
}

// Format 4 leaves out a derivable section summary, and only that: every
// node has its name (BettaFish's loader reads it); the graph reads back
// the same, also from its column file, and writes back byte for byte.
func TestFormat4DerivesSummaryKeepsNames(t *testing.T) {
	g := derivedGraph(t)
	js := writeString(t, g)
	if !strings.Contains(js, `"format_version": 4,`) {
		t.Fatalf("not format 4:\n%s", js)
	}
	lines := map[string]string{}
	for _, l := range strings.Split(js, "\n") {
		var n struct{ ID string }
		if json.Unmarshal([]byte(strings.TrimSuffix(strings.TrimSpace(l), ",")), &n) == nil && n.ID != "" {
			lines[n.ID] = l
		}
	}
	for _, c := range []struct {
		id, key string
		stored  bool
	}{
		{"p_derived", `"summary"`, false}, {"host_derived", `"summary"`, false}, {"empty_latest", `"summary"`, false},
		{"own_summary", `"summary"`, true}, {"summary_after", `"summary"`, true}, {"no_content", `"summary"`, true},
		{"reference_shape", `"summary"`, true}, {"bad_utf8", `"summary"`, true}, {"null_summary", `"summary"`, true},
		{"no_summary", `"derive":false`, true}, {"number_content", `"derive"`, false}, {"p_derived", `"derive"`, false},
		{"topic", `"summary"`, true}, {"topic_no_summary", `"derive"`, false},
		{"SRC_title", `"name":"标题"`, true}, {"SRC_long", `"name"`, true}, {"SRC_url", `"name":"https://c.example"`, true},
		{"SRC_content", `"name":"正文"`, true}, {"SRC_untitled", `"name":"(untitled)"`, true},
		{"SRC_own", `"name"`, true}, {"SRC_empty", `"name":""`, true}, {"SRC_untrimmed", `"name"`, true},
		{"SRC_bad", `"name"`, true}, {"SRC_generic", `"name"`, true},
	} {
		l, ok := lines[c.id]
		if !ok {
			t.Errorf("no line for node %q", c.id)
			continue
		}
		if got := strings.Contains(l, c.key); got != c.stored {
			t.Errorf("node %q: %s in the file %v, want %v:\n%s", c.id, c.key, got, c.stored, l)
		}
	}
	back, rep, err := ReadJSONText(js)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Warnings) != 0 {
		t.Errorf("load report: %+v", rep)
	}
	// The same names and attributes (invalid UTF-8 aside: every JSON file
	// gives it back as U+FFFD).
	for v := range g.NodeCount() {
		if g.Name(v) != back.Name(v) && !strings.Contains(g.Name(v), "\xff") {
			t.Errorf("node %q: name %q, want %q", g.ID(v), back.Name(v), g.Name(v))
		}
		a, _ := g.Attrs(v).MarshalJSON()
		b, _ := back.Attrs(v).MarshalJSON()
		if !bytes.Equal(a, b) && !bytes.Contains(a, []byte(`\ufffd`)) {
			t.Errorf("node %q: attributes %s, want %s", g.ID(v), b, a)
		}
	}
	// A file we wrote reads and writes back byte for byte (the second
	// one: the first spelt the invalid UTF-8 set in code as \ufffd).
	js2 := writeString(t, back)
	back2, _, err := ReadJSONText(js2)
	if err != nil {
		t.Fatal(err)
	}
	if again := writeString(t, back2); again != js2 {
		t.Errorf("load -> save changed the file:\n%s", cmp.Diff(js2, again))
	}
	sameGraph(t, back, back2)
	fromJSON, fromColumns := bothWays(t, g)
	sameGraph(t, fromJSON, fromColumns)
}

// A format 3 file, which left out the names SourceName derives, still
// reads with those names, from its text and through a column file written
// for it.
func TestFormat3NamesDerived(t *testing.T) {
	g := derivedGraph(t)
	js := writeString(t, g)
	js3 := strings.Replace(js, `"format_version": 4,`, `"format_version": 3,`, 1)
	long, _ := g.Lookup("SRC_long")
	for _, name := range []string{`"name":"标题",`, `"name":"` + g.Name(long) + `",`, `"name":"https://c.example",`, `"name":"正文",`, `"name":"(untitled)",`} {
		i := strings.Index(js3, `"type":"source",`+name)
		if i < 0 {
			t.Fatalf("no source line with %s", name)
		}
		js3 = js3[:i] + `"type":"source",` + js3[i+len(`"type":"source",`+name):]
	}
	back, _, err := ReadJSONText(js3)
	if err != nil {
		t.Fatal(err)
	}
	for v := range g.NodeCount() {
		if g.Name(v) != back.Name(v) && !strings.Contains(g.Name(v), "\xff") {
			t.Errorf("node %q: name %q, want %q", g.ID(v), back.Name(v), g.Name(v))
		}
	}
	var cols bytes.Buffer
	text := NewGraphText([]byte(js3))
	if err := back.WriteColumns(context.Background(), &cols, text); err != nil {
		t.Fatal(err)
	}
	fromCols, err := ReadColumns(bytes.NewReader(cols.Bytes()), text)
	if err != nil {
		t.Fatal(err)
	}
	sameGraph(t, back, fromCols)
}

// oldFile writes g as an older writer did, with what format 3 derives
// stored: "v2" (format 2: names and summaries, no duplicates), "v1" (our
// first format: label, properties, source/target and a source's preview
// beside them) or "reference" (the BettaFish writer's spelling as its
// loader takes it: label only, properties only, source/target only, stats
// last). The writer is naive: one ordered object per node and edge,
// through Attributes' own encoding.
func oldFile(t *testing.T, g *Graph, shape string) string {
	t.Helper()
	var nodes, edges []any
	for v := range g.NodeCount() {
		a := g.Attrs(v)
		if g.srcRow[v] >= 0 && shape != "v2" { // the preview beside the title
			a = append(append(append(Attributes{}, a[:2]...), Attr{Key: "preview", Value: g.DerivedOf(v).Preview}), a[2:]...)
		}
		n := Attributes{{Key: "id", Value: g.ID(v)}, {Key: "type", Value: string(g.Type(v))}}
		switch shape {
		case "v2":
			n = append(n, Attr{Key: "name", Value: g.Name(v)}, Attr{Key: "attributes", Value: a})
		case "v1":
			n = append(n, Attr{Key: "name", Value: g.Name(v)}, Attr{Key: "label", Value: g.Name(v)}, Attr{Key: "attributes", Value: a}, Attr{Key: "properties", Value: a})
		case "reference":
			n = append(n, Attr{Key: "label", Value: g.Name(v)}, Attr{Key: "properties", Value: a})
		}
		nodes = append(nodes, n)
	}
	for i := range g.EdgeCount() {
		e := g.EdgeAt(i)
		a := e.Attrs
		if a == nil {
			a = Attributes{}
		}
		var o Attributes
		switch shape {
		case "v2":
			o = Attributes{{Key: "from", Value: e.From}, {Key: "to", Value: e.To}}
		case "v1":
			o = Attributes{{Key: "from", Value: e.From}, {Key: "to", Value: e.To}, {Key: "source", Value: e.From}, {Key: "target", Value: e.To}}
		case "reference":
			o = Attributes{{Key: "source", Value: e.From}, {Key: "target", Value: e.To}}
		}
		o = append(o, Attr{Key: "relation", Value: string(e.Relation)}, Attr{Key: "weight", Value: e.Weight})
		if shape == "reference" {
			o = append(o, Attr{Key: "properties", Value: a})
		} else {
			o = append(o, Attr{Key: "attributes", Value: a})
		}
		edges = append(edges, o)
	}
	file := Attributes{{Key: "task_id", Value: g.TaskID}, {Key: "created_at", Value: g.CreatedAt}}
	if shape == "v2" {
		file = append(Attributes{{Key: "format_version", Value: 2}}, file...)
	}
	file = append(file, Attr{Key: "nodes", Value: nodes}, Attr{Key: "edges", Value: edges}, Attr{Key: "stats", Value: Attributes{{Key: "total_nodes", Value: g.NodeCount()}}})
	b, err := file.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// Files of the older shapes load as before, our versions 1 and 2 into the
// very graph the format 3 file gives; a round trip of each (old file ->
// load -> save -> load) loses nothing, and the format 3 file written reads
// and writes back byte for byte.
func TestOldFormatsReadTheSame(t *testing.T) {
	g := derivedGraph(t)
	q, _ := g.Lookup("p_derived")
	for _, id := range []string{"SRC_title", "SRC_long", "SRC_own"} {
		s, _ := g.Lookup(id)
		if err := g.AddFound(q, s, []Record{{Index: s, Score: fp(0.5), Timestamp: "t", Title: sp("记录的标题")}}); err != nil {
			t.Fatal(err)
		}
	}
	if err := g.AddEdge(Edge{From: "topic", To: "p_derived", Relation: RelContains, Weight: 2, Attrs: Attributes{{Key: "why", Value: "因为"}}}); err != nil {
		t.Fatal(err)
	}
	v3, _, err := ReadJSONText(writeString(t, g))
	if err != nil {
		t.Fatal(err)
	}
	for _, shape := range []string{"v1", "v2", "reference"} {
		t.Run(shape, func(t *testing.T) {
			old := oldFile(t, g, shape)
			first, rep, err := ReadJSONText(old)
			if err != nil {
				t.Fatal(err)
			}
			if len(rep.Warnings) != 0 {
				t.Errorf("load report: %+v", rep)
			}
			if shape != "reference" { // the reference's sources are generic (its attributes)
				sameGraph(t, v3, first)
			}
			js := writeString(t, first)
			second, _, err := ReadJSONText(js)
			if err != nil {
				t.Fatal(err)
			}
			sameGraph(t, first, second)
			if again := writeString(t, second); again != js {
				t.Errorf("format 3 file: load -> save changed it:\n%s", cmp.Diff(js, again))
			}
			fromJSON, fromColumns := bothWays(t, first)
			sameGraph(t, fromJSON, fromColumns)
		})
	}
}
