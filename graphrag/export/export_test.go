package export_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"encoding/xml"
	"errors"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"reportengine/graphrag"
	"reportengine/graphrag/builder"
	"reportengine/graphrag/export"
	"reportengine/internal/fixture"
)

// graphWithEdges holds what the formats must escape or type: markup,
// quotes, commas and line breaks in names and values, a control character
// (XML cannot hold it), numbers, booleans, nulls, lists, keys named like
// reserved columns, an empty name, typed sources with engine lists, a
// found edge with records, and a weight other than 1.
func graphWithEdges(t testing.TB) *graphrag.Graph {
	t.Helper()
	g := graphrag.New()
	g.TaskID = "tricky<&>"
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(g.AddNode(&graphrag.Node{ID: "T", Type: graphrag.TypeTopic, Name: `话题 "A", <b>&</b>`, Attrs: graphrag.Attributes{
		{Key: "query", Value: "line1\nline2, \"q\""}, {Key: "count", Value: json.Number("3")}, {Key: "ok", Value: true},
		{Key: "name", Value: "an attribute called name"}, {Key: "none", Value: nil}}}))
	must(g.AddNode(&graphrag.Node{ID: "query", Type: graphrag.TypeEngine, Name: "query", Attrs: graphrag.Attributes{{Key: "count", Value: json.Number("2.5")}}}))
	must(g.AddNode(&graphrag.Node{ID: "S1", Type: graphrag.TypeSection, Name: "ctl\x01char", Attrs: graphrag.Attributes{
		{Key: "engine", Value: "query"}, {Key: "tags", Value: []any{"a", "b,c"}}, {Key: "ok", Value: "not a bool"}}}))
	must(g.AddNode(&graphrag.Node{ID: "Q1", Type: graphrag.TypeSearchQuery, Name: "", Attrs: graphrag.Attributes{{Key: "engine", Value: "query"}, {Key: "query_text", Value: "q"}}}))
	v, err := g.AddSource(graphrag.Source{ID: "SRC1", Name: "源, \"一\"", URL: "https://a.example/?x=1&y=2", Title: "源, \"一\"", Content: "多行\n内容\r\n,\"", Key: "url"})
	must(err)
	g.SetSourceTally(v, []string{"query", "media"}, 2)
	must(g.AddEdge(graphrag.Edge{From: "T", To: "query", Relation: graphrag.RelAnalyzedBy, Weight: 1}))
	must(g.AddEdge(graphrag.Edge{From: "query", To: "S1", Relation: graphrag.RelContains, Weight: 0.25, Attrs: graphrag.Attributes{{Key: "note", Value: "a,\"b\"\nc"}, {Key: "weight", Value: json.Number("7")}}}))
	must(g.AddEdge(graphrag.Edge{From: "S1", To: "Q1", Relation: graphrag.RelSearched, Weight: 1}))
	score := 0.5
	title := "记录"
	must(g.AddFound(3, 4, []graphrag.Record{{Index: 0, Score: &score, Timestamp: "2025-08-25", Title: &title}}))
	return g
}

// text is the text a format holds for attribute value v (an independent
// spelling of the package's rule: strings as they are, numbers as
// written, lists and objects as JSON), and whether there is one.
func text(t testing.TB, v any) (string, bool) {
	switch x := v.(type) {
	case nil:
		return "", false
	case string:
		return x, true
	case json.Number:
		return string(x), true
	case bool:
		return strconv.FormatBool(x), true
	case int:
		return strconv.Itoa(x), true
	case float64:
		return strconv.FormatFloat(x, 'g', -1, 64), true
	}
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b), true
}

// xmlText is s as XML 1.0 gives it back: characters it cannot hold as
// U+FFFD, and a carriage return as it was (escaped as &#xD;).
func xmlText(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '\t' || r == '\n' || r == '\r' || r >= 0x20 && r != 0xFFFE && r != 0xFFFF {
			return r
		}
		return '\uFFFD'
	}, s)
}

// item is a node or an edge as read back: its XML attributes and its
// data values by column name.
type item struct {
	attrs  map[string]string
	values map[string]string
}

// expectNode is what a node should read back as, by column name.
func expectNode(t testing.TB, g *graphrag.Graph, v int, withLabel bool) map[string]string {
	want := map[string]string{"type": string(g.Type(v)), "name": xmlText(g.Name(v))}
	if withLabel {
		want["label"] = xmlText(g.DerivedOf(v).Label)
	}
	if e := export.Engines(g, v); len(e) > 0 {
		want["engines"] = strings.Join(e, ",")
	}
	for _, kv := range g.Attrs(v) {
		if kv.Key == "engines" && g.Type(v) == graphrag.TypeSource {
			continue
		}
		name := kv.Key
		if name == "type" || name == "name" || name == "label" || name == "engines" {
			name = "attr_" + name
		}
		if s, ok := text(t, kv.Value); ok {
			want[name] = xmlText(s)
		}
	}
	return want
}

func expectEdge(t testing.TB, g *graphrag.Graph, i int) map[string]string {
	want := map[string]string{"relation": string(g.Relation(i))}
	for _, kv := range g.EdgeAttrs(i) {
		name := kv.Key
		if name == "relation" || name == "weight" {
			name = "attr_" + name
		}
		if s, ok := text(t, kv.Value); ok {
			want[name] = xmlText(s)
		}
	}
	return want
}

func sameMap(t testing.TB, what string, got, want map[string]string) {
	t.Helper()
	for k, w := range want {
		if got[k] != w {
			t.Errorf("%s: %s = %q, want %q", what, k, got[k], w)
		}
	}
	for k := range got {
		if _, ok := want[k]; !ok {
			t.Errorf("%s: unexpected %s = %q", what, k, got[k])
		}
	}
}

// readGraphML parses a GraphML file with encoding/xml into nodes and
// edges in file order, data values by their key's attr.name, and the
// declared types by name.
func readGraphML(t testing.TB, data []byte) (nodes, edges []item, types map[string]string) {
	t.Helper()
	var doc struct {
		Keys []struct {
			ID   string `xml:"id,attr"`
			For  string `xml:"for,attr"`
			Name string `xml:"attr.name,attr"`
			Type string `xml:"attr.type,attr"`
		} `xml:"key"`
		Graph struct {
			EdgeDefault string `xml:"edgedefault,attr"`
			Nodes       []struct {
				ID   string `xml:"id,attr"`
				Data []struct {
					Key   string `xml:"key,attr"`
					Value string `xml:",chardata"`
				} `xml:"data"`
			} `xml:"node"`
			Edges []struct {
				ID     string `xml:"id,attr"`
				Source string `xml:"source,attr"`
				Target string `xml:"target,attr"`
				Data   []struct {
					Key   string `xml:"key,attr"`
					Value string `xml:",chardata"`
				} `xml:"data"`
			} `xml:"edge"`
		} `xml:"graph"`
	}
	if err := xml.Unmarshal(data, &doc); err != nil {
		t.Fatalf("GraphML does not parse: %v", err)
	}
	if doc.Graph.EdgeDefault != "directed" {
		t.Errorf("edgedefault %q", doc.Graph.EdgeDefault)
	}
	name := map[string]string{}
	types = map[string]string{}
	for _, k := range doc.Keys {
		name[k.ID] = k.Name
		types[k.For+"."+k.Name] = k.Type
	}
	for _, n := range doc.Graph.Nodes {
		it := item{attrs: map[string]string{"id": n.ID}, values: map[string]string{}}
		for _, d := range n.Data {
			it.values[name[d.Key]] = d.Value
		}
		nodes = append(nodes, it)
	}
	for _, e := range doc.Graph.Edges {
		it := item{attrs: map[string]string{"id": e.ID, "source": e.Source, "target": e.Target}, values: map[string]string{}}
		for _, d := range e.Data {
			it.values[name[d.Key]] = d.Value
		}
		edges = append(edges, it)
	}
	return nodes, edges, types
}

func TestGraphMLRoundTrip(t *testing.T) {
	g := graphWithEdges(t)
	var b bytes.Buffer
	if err := export.WriteGraphML(context.Background(), &b, g); err != nil {
		t.Fatal(err)
	}
	nodes, edges, types := readGraphML(t, b.Bytes())
	if len(nodes) != g.NodeCount() || len(edges) != g.EdgeCount() {
		t.Fatalf("%d nodes, %d edges; want %d, %d", len(nodes), len(edges), g.NodeCount(), g.EdgeCount())
	}
	for v, n := range nodes {
		if n.attrs["id"] != g.ID(v) {
			t.Errorf("node %d: id %q, want %q", v, n.attrs["id"], g.ID(v))
		}
		sameMap(t, "node "+g.ID(v), n.values, expectNode(t, g, v, true))
	}
	for i, e := range edges {
		ab := g.EdgeEnds()[i]
		if e.attrs["source"] != g.ID(int(ab[0])) || e.attrs["target"] != g.ID(int(ab[1])) || e.attrs["id"] != "e"+strconv.Itoa(i) {
			t.Errorf("edge %d: %v", i, e.attrs)
		}
		w, err := strconv.ParseFloat(e.values["weight"], 64)
		if err != nil || w != g.Weight(i) {
			t.Errorf("edge %d: weight %q, want %v", i, e.values["weight"], g.Weight(i))
		}
		delete(e.values, "weight")
		sameMap(t, "edge "+strconv.Itoa(i), e.values, expectEdge(t, g, i))
	}
	// The declared types: numbers that are all integers are long, a mix
	// of integer and fraction double, a key holding a bool and a string
	// string.
	for k, want := range map[string]string{"node.count": "double", "node.found_count": "long", "node.score": "string", "node.ok": "string",
		"node.tags": "string", "node.type": "string", "edge.weight": "double", "edge.attr_weight": "long", "edge.records": "string"} {
		if types[k] != want {
			t.Errorf("key %s: attr.type %q, want %q", k, types[k], want)
		}
	}
}

func TestGEXFRoundTrip(t *testing.T) {
	g := graphWithEdges(t)
	var b bytes.Buffer
	if err := export.WriteGEXF(context.Background(), &b, g); err != nil {
		t.Fatal(err)
	}
	type attvalues struct {
		Values []struct {
			For   string `xml:"for,attr"`
			Value string `xml:"value,attr"`
		} `xml:"attvalue"`
	}
	var doc struct {
		Graph struct {
			EdgeType   string `xml:"defaultedgetype,attr"`
			Attributes []struct {
				Class string `xml:"class,attr"`
				Attrs []struct {
					ID    string `xml:"id,attr"`
					Title string `xml:"title,attr"`
					Type  string `xml:"type,attr"`
				} `xml:"attribute"`
			} `xml:"attributes"`
			Nodes []struct {
				ID     string    `xml:"id,attr"`
				Label  string    `xml:"label,attr"`
				Values attvalues `xml:"attvalues"`
			} `xml:"nodes>node"`
			Edges []struct {
				ID     string    `xml:"id,attr"`
				Source string    `xml:"source,attr"`
				Target string    `xml:"target,attr"`
				Label  string    `xml:"label,attr"`
				Weight string    `xml:"weight,attr"`
				Values attvalues `xml:"attvalues"`
			} `xml:"edges>edge"`
		} `xml:"graph"`
	}
	if err := xml.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatalf("GEXF does not parse: %v", err)
	}
	names := map[string]map[string]string{}
	for _, a := range doc.Graph.Attributes {
		names[a.Class] = map[string]string{}
		for _, x := range a.Attrs {
			names[a.Class][x.ID] = x.Title
		}
	}
	if len(doc.Graph.Nodes) != g.NodeCount() || len(doc.Graph.Edges) != g.EdgeCount() || doc.Graph.EdgeType != "directed" {
		t.Fatalf("%d nodes, %d edges, %q", len(doc.Graph.Nodes), len(doc.Graph.Edges), doc.Graph.EdgeType)
	}
	for v, n := range doc.Graph.Nodes {
		got := map[string]string{}
		for _, x := range n.Values.Values {
			got[names["node"][x.For]] = x.Value
		}
		if n.ID != g.ID(v) || n.Label != xmlText(g.DerivedOf(v).Label) {
			t.Errorf("node %d: id %q label %q", v, n.ID, n.Label)
		}
		sameMap(t, "node "+g.ID(v), got, expectNode(t, g, v, false))
	}
	for i, e := range doc.Graph.Edges {
		got := map[string]string{}
		for _, x := range e.Values.Values {
			got[names["edge"][x.For]] = x.Value
		}
		ab := g.EdgeEnds()[i]
		w, _ := strconv.ParseFloat(e.Weight, 64)
		if e.Source != g.ID(int(ab[0])) || e.Target != g.ID(int(ab[1])) || e.Label != string(g.Relation(i)) || w != g.Weight(i) {
			t.Errorf("edge %d: %+v", i, e)
		}
		sameMap(t, "edge "+strconv.Itoa(i), got, expectEdge(t, g, i))
	}
}

// memFiles collects the files WriteNeo4j creates.
type memFiles map[string]*bytes.Buffer

type nopCloser struct{ *bytes.Buffer }

func (nopCloser) Close() error { return nil }

func (m memFiles) create(name string) (io.WriteCloser, error) {
	if _, dup := m[name]; dup {
		return nil, errors.New("created twice: " + name)
	}
	b := &bytes.Buffer{}
	m[name] = b
	return nopCloser{b}, nil
}

// The CSV files parse with encoding/csv (an independent reader of RFC
// 4180) into the graph's values: quotes, commas and line breaks inside
// fields come back as they were; headers are typed.
func TestNeo4jCSV(t *testing.T) {
	g := graphWithEdges(t)
	files := memFiles{}
	im, err := export.WriteNeo4j(context.Background(), g, files.create)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range im.Files {
		names = append(names, f.Name)
	}
	if want := "nodes_topic.csv nodes_engine.csv nodes_section.csv nodes_search_query.csv nodes_source.csv rels_analyzed_by.csv rels_contains.csv rels_searched.csv rels_found.csv"; strings.Join(names, " ") != want {
		t.Errorf("files %v, want %s", names, want)
	}
	read := func(name string) [][]string {
		t.Helper()
		b, ok := files[name]
		if !ok {
			t.Fatalf("no file %s", name)
		}
		r := csv.NewReader(bytes.NewReader(b.Bytes()))
		r.FieldsPerRecord = 0
		recs, err := r.ReadAll()
		if err != nil {
			t.Fatalf("%s: %v\n%s", name, err, b)
		}
		return recs
	}
	topic := read("nodes_topic.csv")
	wantHead := []string{"id:ID", ":LABEL", "name:string", "engines:string[]", "query:string", "count:long", "ok:boolean", "attr_name:string", "none:string"}
	if strings.Join(topic[0], "|") != strings.Join(wantHead, "|") {
		t.Errorf("topic header %q, want %q", topic[0], wantHead)
	}
	if want := []string{"T", "topic", `话题 "A", <b>&</b>`, "", "line1\nline2, \"q\"", "3", "true", "an attribute called name", ""}; strings.Join(topic[1], "|") != strings.Join(want, "|") {
		t.Errorf("topic row %q, want %q", topic[1], want)
	}
	src := read("nodes_source.csv")
	if src[0][3] != "engines:string[]" || src[1][3] != "query;media" || im.ArrayDelimiter != ";" {
		t.Errorf("source engines %q %q (delimiter %q)", src[0][3], src[1][3], im.ArrayDelimiter)
	}
	col := map[string]string{}
	for i, h := range src[0] {
		col[h] = src[1][i]
	}
	// encoding/csv reads a quoted "\r\n" as "\n"; the file holds it as it was
	if !strings.Contains(files["nodes_source.csv"].String(), "\"多行\n内容\r\n,\"\"\"") {
		t.Errorf("content not as it was:\n%s", files["nodes_source.csv"])
	}
	if col["content:string"] != "多行\n内容\n,\"" || col["score:string"] != "" || col["found_count:long"] != "2" || col["name:string"] != `源, "一"` {
		t.Errorf("source row %q", col)
	}
	// an empty name is quoted (an empty string), a missing value is not
	q := files["nodes_search_query.csv"].String()
	if !strings.Contains(q, `"Q1","search_query","","query",`) {
		t.Errorf("search_query file:\n%s", q)
	}
	contains := read("rels_contains.csv")
	if strings.Join(contains[0], "|") != ":START_ID|:END_ID|:TYPE|weight:double|note:string|attr_weight:long" ||
		strings.Join(contains[1], "|") != "query|S1|CONTAINS|0.25|a,\"b\"\nc|7" {
		t.Errorf("contains file %q", contains)
	}
	found := read("rels_found.csv")
	var recs []map[string]any
	if err := json.Unmarshal([]byte(found[1][4]), &recs); err != nil || len(recs) != 1 || recs[0]["title"] != "记录" || found[0][4] != "records:string" {
		t.Errorf("found records %q: %v", found, err)
	}
	for _, f := range im.Files {
		if got := len(read(f.Name)) - 1; got != f.Rows {
			t.Errorf("%s: %d rows, Files says %d", f.Name, got, f.Rows)
		}
	}
	cmd := im.Command("neo4j")
	for _, want := range []string{"neo4j-admin database import full", "--nodes=nodes_topic.csv", "--relationships=rels_found.csv", "--multiline-fields=true", "--array-delimiter=';'"} {
		if !strings.Contains(cmd, want) {
			t.Errorf("command lacks %q:\n%s", want, cmd)
		}
	}
	if !strings.Contains(im.Script(), `"${1:-neo4j}"`) || !strings.Contains(im.Readme("g"), cmd) {
		t.Errorf("script or readme:\n%s\n%s", im.Script(), im.Readme("g"))
	}
}

// An engine name holding ";" moves the array delimiter to "|".
func TestNeo4jArrayDelimiter(t *testing.T) {
	g := graphrag.New()
	v, err := g.AddSource(graphrag.Source{ID: "s", Name: "s", Key: "url"})
	if err != nil {
		t.Fatal(err)
	}
	g.SetSourceTally(v, []string{"a;b", "c"}, 1)
	files := memFiles{}
	im, err := export.WriteNeo4j(context.Background(), g, files.create)
	if err != nil {
		t.Fatal(err)
	}
	if im.ArrayDelimiter != "|" || !strings.Contains(files["nodes_source.csv"].String(), `"a;b|c"`) {
		t.Errorf("delimiter %q:\n%s", im.ArrayDelimiter, files["nodes_source.csv"])
	}
	g.SetSourceTally(v, []string{"a;b", "c|d"}, 1)
	if _, err := export.WriteNeo4j(context.Background(), g, memFiles{}.create); !errors.Is(err, export.ErrExport) {
		t.Errorf("both delimiters taken: %v", err)
	}
}

func TestNotFiniteAndCancel(t *testing.T) {
	g := graphWithEdges(t)
	_ = g.SetAttr(0, "bad", math.Inf(1))
	for name, write := range map[string]func(context.Context, io.Writer, *graphrag.Graph) error{"graphml": export.WriteGraphML, "gexf": export.WriteGEXF} {
		if err := write(context.Background(), io.Discard, g); !errors.Is(err, export.ErrExport) {
			t.Errorf("%s: an infinite value: %v", name, err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if err := write(ctx, io.Discard, graphWithEdges(t)); !errors.Is(err, context.Canceled) {
			t.Errorf("%s: cancelled: %v", name, err)
		}
	}
}

// fixtureGraph builds the BettaFish fixture run's graph (277 nodes).
func fixtureGraph(t testing.TB) *graphrag.Graph {
	t.Helper()
	return fixture.Graph(t, fixture.BettaFish(t), builder.Config{ReportID: "wuhan", CreatedAt: "2025-08-25T18:02:14Z"})
}

// networkx (Debian's python3-networkx) opens the GraphML and GEXF of the
// fixture graph: node and edge counts, counts per type, and a few
// attributes equal the graph's.
func TestNetworkxOpens(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed")
	}
	if err := exec.Command("python3", "-c", "import networkx").Run(); err != nil {
		t.Skip("python3-networkx is not installed (apt-get install python3-networkx)")
	}
	g := fixtureGraph(t)
	dir := t.TempDir()
	byType := map[string]int{}
	for v := range g.NodeCount() {
		byType[string(g.Type(v))]++
	}
	var src, sec int = -1, -1
	for v := range g.NodeCount() {
		if src < 0 && g.Type(v) == graphrag.TypeSource && len(g.Strings(v, "engines")) > 0 {
			src = v
		}
		if sec < 0 && g.Type(v) == graphrag.TypeSection {
			sec = v
		}
	}
	if src < 0 || sec < 0 {
		t.Fatal("the fixture has no source with engines or no section")
	}
	const script = `
import json, sys, collections
import networkx as nx
path, fmt, src, sec = sys.argv[1:5]
g = nx.read_graphml(path) if fmt == "graphml" else nx.read_gexf(path)
types = collections.Counter(d.get("type") for _, d in g.nodes(data=True))
rels = collections.Counter(d.get("relation") for _, _, d in g.edges(data=True))
out = {"directed": g.is_directed(), "nodes": g.number_of_nodes(), "edges": g.number_of_edges(),
       "types": types, "relations": rels,
       "src": {k: g.nodes[src].get(k) for k in ("type", "name", "engines", "found_count", "url")},
       "sec": {k: g.nodes[sec].get(k) for k in ("type", "name", "engines")},
       "sec_out": sorted(d.get("relation") for _, _, d in g.out_edges(sec, data=True))[:1]}
print(json.dumps(out, ensure_ascii=False))
`
	for _, format := range []string{"graphml", "gexf"} {
		path := filepath.Join(dir, "g."+format)
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		write := export.WriteGraphML
		if format == "gexf" {
			write = export.WriteGEXF
		}
		if err := write(context.Background(), f, g); err != nil {
			t.Fatal(err)
		}
		if err := f.Close(); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command("python3", "-c", script, path, format, g.ID(src), g.ID(sec)).CombinedOutput()
		if err != nil {
			t.Fatalf("%s: networkx: %v\n%s", format, err, out)
		}
		var got struct {
			Directed  bool
			Nodes     int
			Edges     int
			Types     map[string]int
			Relations map[string]int
			Src       map[string]any
			Sec       map[string]any
			SecOut    []string `json:"sec_out"`
		}
		if err := json.Unmarshal(out, &got); err != nil {
			t.Fatalf("%s: %v\n%s", format, err, out)
		}
		if !got.Directed || got.Nodes != g.NodeCount() || got.Edges != g.EdgeCount() {
			t.Errorf("%s: directed %v, %d nodes, %d edges; want %d, %d", format, got.Directed, got.Nodes, got.Edges, g.NodeCount(), g.EdgeCount())
		}
		for typ, n := range byType {
			if got.Types[typ] != n {
				t.Errorf("%s: %d nodes of type %s, want %d", format, got.Types[typ], typ, n)
			}
		}
		st := g.Stats()
		for rel, n := range st.ByRelation {
			if got.Relations[string(rel)] != n {
				t.Errorf("%s: %d %s edges, want %d", format, got.Relations[string(rel)], rel, n)
			}
		}
		if got.Src["type"] != "source" || got.Src["name"] != g.Name(src) || got.Src["engines"] != strings.Join(g.Strings(src, "engines"), ",") ||
			got.Src["url"] != g.String(src, "url") || got.Src["found_count"] != float64(mustInt(g.Attr(src, "found_count"))) {
			t.Errorf("%s: source %s reads %v", format, g.ID(src), got.Src)
		}
		if got.Sec["type"] != "section" || got.Sec["name"] != g.Name(sec) || got.Sec["engines"] != g.String(sec, "engine") {
			t.Errorf("%s: section %s reads %v", format, g.ID(sec), got.Sec)
		}
		if len(got.SecOut) != 1 || got.SecOut[0] != string(graphrag.RelSearched) {
			t.Errorf("%s: section out-edges %v", format, got.SecOut)
		}
	}
}

func mustInt(v any, _ bool) int {
	switch x := v.(type) {
	case int:
		return x
	case int64:
		return int(x)
	}
	return -1
}
