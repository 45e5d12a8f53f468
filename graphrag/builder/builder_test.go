package builder

import (
	"bytes"
	"errors"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"reportengine/forum"
	"reportengine/graphrag"
	"reportengine/state"
)

func intp(i int) *int           { return &i }
func floatp(f float64) *float64 { return &f }

func rec(i int, q, url, title, content string) state.SearchRecord {
	return state.SearchRecord{Index: i, Query: q, URL: url, Title: title, Content: content, Score: floatp(0.5), Timestamp: "2025-01-01T00:00:00"}
}

// idsOfType lists node ids of one type in graph order.
func idsOfType(g *graphrag.Graph, t graphrag.NodeType) []string {
	var out []string
	for _, n := range g.Nodes() {
		if n.Type == t {
			out = append(out, n.ID)
		}
	}
	return out
}

func namesOfType(g *graphrag.Graph, t graphrag.NodeType) []string {
	var out []string
	for _, n := range g.Nodes() {
		if n.Type == t {
			out = append(out, n.Name)
		}
	}
	return out
}

func edgesFrom(g *graphrag.Graph, from string, rel graphrag.Relation) []string {
	var out []string
	for _, e := range g.Edges() {
		if e.From == from && e.Relation == rel {
			out = append(out, e.To)
		}
	}
	return out
}

// B15: null research fields, missing order.
func TestBuildNullResearchAndMissingOrder(t *testing.T) {
	st := &state.State{Engine: state.EngineInsight, Path: "insight.json", Query: "某地暴雨", ReportTitle: "暴雨舆情", Paragraphs: []state.Paragraph{
		{Position: 0, Title: "影响", Content: "交通中断。", Order: intp(2)},
		{Position: 1, Title: "背景", Content: "连续降雨。", Order: intp(1)},
		{Position: 2, Title: "回应", Content: "启动应急响应。"},
	}}
	g, warnings, err := Build(Config{Topic: "某地暴雨", States: []*state.State{st}})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := namesOfType(g, graphrag.TypeSection), []string{"背景", "影响", "回应"}; !cmp.Equal(got, want) {
		t.Errorf("section order: got %v, want %v", got, want)
	}
	if n := len(idsOfType(g, graphrag.TypeSearchQuery)); n != 0 {
		t.Errorf("search_query nodes: got %d, want 0", n)
	}
	if n := len(idsOfType(g, graphrag.TypeSource)); n != 0 {
		t.Errorf("source nodes: got %d, want 0", n)
	}
	if got := edgesFrom(g, "insight", graphrag.RelContains); len(got) != 3 {
		t.Errorf("contains edges from insight: got %v, want 3", got)
	}
	if len(warnings) != 0 {
		t.Errorf("warnings: got %v, want none", warnings)
	}
	n, _ := g.Node("insight_P2")
	if v, ok := n.Attrs.Get("order"); !ok || v != nil {
		t.Errorf("order of the paragraph without order: got %v (present %v), want null", v, ok)
	}
}

// Repeated and missing orders never merge paragraphs (§8 #7).
func TestBuildDuplicateOrderKeepsParagraphsApart(t *testing.T) {
	st := &state.State{Engine: state.EngineQuery, Query: "q", Paragraphs: []state.Paragraph{
		{Position: 0, Title: "A", Order: intp(0), Searches: []state.SearchRecord{rec(0, "same", "https://a.example/1", "t", "c")}},
		{Position: 1, Title: "B", Order: intp(0), Searches: []state.SearchRecord{rec(0, "same", "https://a.example/2", "t2", "c2")}},
		{Position: 2, Title: "C"},
		{Position: 3, Title: "D"},
	}}
	g, warnings, err := Build(Config{Topic: "q", States: []*state.State{st}})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := idsOfType(g, graphrag.TypeSection), []string{"query_P0", "query_P1", "query_P2", "query_P3"}; !cmp.Equal(got, want) {
		t.Errorf("sections: got %v, want %v", got, want)
	}
	if got, want := idsOfType(g, graphrag.TypeSearchQuery), []string{"query_P0_Q0", "query_P1_Q0"}; !cmp.Equal(got, want) {
		t.Errorf("queries: got %v, want %v", got, want)
	}
	if len(warnings) != 1 || !strings.Contains(warnings[0], "share order 0") {
		t.Errorf("warnings: got %q, want one about the shared order", warnings)
	}
}

// Every record is kept: one query node per distinct (trimmed, lower-cased)
// query text, one found edge per distinct source, every record on an edge;
// sources shared across sections and engines by URL, URL-less ones by
// title+content (B16).
func TestBuildKeepsEveryRecord(t *testing.T) {
	q := &state.State{Engine: state.EngineQuery, Query: "t", Paragraphs: []state.Paragraph{{Position: 0, Title: "P", Searches: []state.SearchRecord{
		rec(0, "咖啡 价格", "https://x.example/a", "A", "aaa"),
		rec(1, " 咖啡 价格 ", "https://x.example/b", "B", "bbb"),
		rec(2, "Coffee", " https://x.example/a ", "A2", "other snippet"),
		rec(3, "coffee", "https://x.example/c", "C", "ccc"),
		rec(4, "咖啡 价格", "https://x.example/a", "A", "aaa"),
		rec(5, "", "", "", ""),
	}}}}
	ins := &state.State{Engine: state.EngineInsight, Query: "t", Paragraphs: []state.Paragraph{
		{Position: 0, Title: "I0", Searches: []state.SearchRecord{
			rec(0, "帖子", "", "同一帖", "相同内容"),
			rec(1, "帖子", "https://x.example/a", "A", "aaa"),
		}},
		{Position: 1, Title: "I1", Searches: []state.SearchRecord{
			rec(0, "评论", "", "同一帖", "相同内容"),
			rec(1, "评论", "", "同一帖", "不同内容"),
		}},
	}}
	g, warnings, err := Build(Config{Topic: "t", States: []*state.State{ins, q}})
	if err != nil {
		t.Fatal(err)
	}
	// Canonical engine order whatever the input order.
	if got, want := idsOfType(g, graphrag.TypeEngine), []string{"query", "insight"}; !cmp.Equal(got, want) {
		t.Errorf("engines: got %v, want %v", got, want)
	}
	wantQueries := []string{"query_P0_Q0", "query_P0_Q2", "query_P0_Q5", "insight_P0_Q0", "insight_P1_Q0"}
	if got := idsOfType(g, graphrag.TypeSearchQuery); !cmp.Equal(got, wantQueries) {
		t.Errorf("queries: got %v, want %v", got, wantQueries)
	}
	// Distinct sources: urls a, b, c; text (同一帖,相同内容), (同一帖,不同内容), and the empty record.
	if n := len(idsOfType(g, graphrag.TypeSource)); n != 6 {
		t.Errorf("sources: got %d, want 6", n)
	}
	// Records on found edges add up to the record count of the input.
	total := 0
	for _, e := range g.Edges() {
		if e.Relation != graphrag.RelFound {
			continue
		}
		v, _ := e.Attrs.Get("records")
		total += len(v.([]any))
	}
	if want := 6 + 2 + 2; total != want {
		t.Errorf("records on found edges: got %d, want %d", total, want)
	}
	// Record 4 repeats record 0 (same query, same URL): same edge, two records.
	e, ok := g.Edge("query_P0_Q0", sourceID(t, g, "https://x.example/a"))
	if !ok {
		t.Fatal("no found edge query_P0_Q0 -> source a")
	}
	recs, _ := e.Attrs.Get("records")
	if got := len(recs.([]any)); got != 2 {
		t.Errorf("records on query_P0_Q0 -> a: got %d, want 2", got)
	}
	// Record 2 has the same URL (after trimming) but another title and
	// snippet: same source, with the record's own title/content on the edge.
	e2, ok := g.Edge("query_P0_Q2", sourceID(t, g, "https://x.example/a"))
	if !ok {
		t.Fatal("no found edge query_P0_Q2 -> source a")
	}
	r2, _ := e2.Attrs.Get("records")
	if fr := r2.([]any)[0].(graphrag.Attributes); fr.String("title") != "A2" || fr.String("content") != "other snippet" {
		t.Errorf("record 2 on the edge: got %+v, want its own title and content", fr)
	}
	// Source a was found by query and insight.
	src, _ := g.Node(sourceID(t, g, "https://x.example/a"))
	if got := src.Attrs.Strings("engines"); !cmp.Equal(got, []string{"query", "insight"}) {
		t.Errorf("engines of source a: got %v", got)
	}
	if n, _ := src.Attrs.Int("found_count"); n != 4 {
		t.Errorf("found_count of source a: got %d, want 4", n)
	}
	// The two identical URL-less insight posts merged into one source.
	var textSources []graphrag.Node
	for _, n := range g.Nodes() {
		if n.Type == graphrag.TypeSource && n.Attrs.String("key") == "text" && n.Attrs.String("content") == "相同内容" {
			textSources = append(textSources, n)
		}
	}
	if len(textSources) != 1 {
		t.Fatalf("sources for the repeated URL-less post: got %d, want 1", len(textSources))
	}
	if n, _ := textSources[0].Attrs.Int("found_count"); n != 2 {
		t.Errorf("found_count of the repeated post: got %d, want 2", n)
	}
	// The empty-query record is kept and warned about.
	qn, _ := g.Node("query_P0_Q5")
	if qn.Name != "(empty query)" {
		t.Errorf("empty query name: got %q", qn.Name)
	}
	if len(warnings) != 1 || !strings.Contains(warnings[0], "empty query") {
		t.Errorf("warnings: got %q", warnings)
	}
}

func sourceID(t *testing.T, g *graphrag.Graph, url string) string {
	t.Helper()
	for _, n := range g.Nodes() {
		if n.Type == graphrag.TypeSource && n.Attrs.String("url") == url {
			return n.ID
		}
	}
	t.Fatalf("no source with url %q", url)
	return ""
}

// Truncation counts runes (B18): summary 300, preview 100, names 50.
func TestBuildTruncatesRunes(t *testing.T) {
	long := strings.Repeat("舆情分析报告", 100) // 600 runes, 1800 bytes
	st := &state.State{Engine: state.EngineMedia, Query: "q", Paragraphs: []state.Paragraph{{
		Position: 0, Title: "T", LatestSummary: long,
		Searches: []state.SearchRecord{rec(0, long, "https://x.example/"+long, long, long)},
	}}}
	g, _, err := Build(Config{Topic: "q", States: []*state.State{st}})
	if err != nil {
		t.Fatal(err)
	}
	sec, _ := g.Node("media_P0")
	if got := []rune(sec.Attrs.String("summary")); len(got) != 300 || string(got) != string([]rune(long)[:300]) {
		t.Errorf("summary: %d runes, want the first 300", len(got))
	}
	if got := sec.Attrs.String("latest_summary"); got != long {
		t.Errorf("latest_summary was cut")
	}
	for _, n := range g.Nodes() {
		if n.Type != graphrag.TypeSource {
			continue
		}
		if _, stored := n.Attrs.Get("preview"); stored {
			t.Error("preview is stored; it is derived (DerivedOf)")
		}
		v, _ := g.Lookup(n.ID)
		if got := g.DerivedOf(v).Preview; got != string([]rune(long)[:100]) {
			t.Errorf("preview: got %d runes", len([]rune(got)))
		}
		if got := n.Attrs.String("content"); got != long {
			t.Errorf("content was cut")
		}
		if got := n.Name; got != string([]rune(long)[:50]) {
			t.Errorf("source name: got %q", got)
		}
	}
}

// HOST entries become host sections, all of them, in order; engine speeches
// go to their engine; no host node without HOST lines.
func TestBuildForum(t *testing.T) {
	st := &state.State{Engine: state.EngineQuery, Query: "q", Paragraphs: []state.Paragraph{{Position: 0, Title: "P"}}}
	var entries []forum.Entry
	entries = append(entries, forum.Entry{Line: 1, Time: "09:00:00", Speaker: "SYSTEM", Content: "start", Known: true})
	for i := 0; i < 7; i++ {
		entries = append(entries,
			forum.Entry{Line: 2 + 2*i, Time: fmt.Sprintf("09:0%d:00", i), Speaker: "QUERY", Content: fmt.Sprintf("q%d", i), Known: true},
			forum.Entry{Line: 3 + 2*i, Time: fmt.Sprintf("09:0%d:30", i), Speaker: "HOST", Content: fmt.Sprintf("host %d", i), Known: true})
	}
	entries = append(entries, forum.Entry{Line: 20, Time: "09:30:00", Speaker: "ROBOT", Content: "?"})
	entries = append(entries, forum.Entry{Line: 21, Time: "09:31:00", Speaker: "MEDIA", Content: "media speech", Known: true})
	g, _, err := Build(Config{Topic: "q", States: []*state.State{st}, Forum: entries, Unavailable: []state.Unavailable{{Engine: state.EngineMedia, Reason: "file not found", Path: "m.json"}}})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"host_P0", "host_P1", "host_P2", "host_P3", "host_P4", "host_P5", "host_P6"}
	if got := edgesFrom(g, "host", graphrag.RelContains); !cmp.Equal(got, want) {
		t.Errorf("host sections: got %v, want %v", got, want)
	}
	h6, _ := g.Node("host_P6")
	if h6.Attrs.String("content") != "host 6" || h6.Attrs.String("timestamp") != "09:06:30" {
		t.Errorf("host_P6: %v", h6.Attrs)
	}
	eng, _ := g.Node("query")
	sp, _ := eng.Attrs.Get("speeches")
	if got := len(sp.(Speeches)); got != 7 {
		t.Errorf("query speeches: got %d, want 7", got)
	}
	// MEDIA has no state: its speech is kept on the topic's unavailable entry.
	var buf bytes.Buffer
	if err := g.WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"media speech"`, `"file not found"`, `"speaker":"ROBOT"`, `"content":"start"`} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("written graph lacks %s", want)
		}
	}

	// No HOST line → no host node.
	g2, _, err := Build(Config{Topic: "q", States: []*state.State{st}, Forum: entries[:1]})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := g2.Node("host"); ok {
		t.Error("host node created without HOST lines")
	}
}

func TestBuildErrors(t *testing.T) {
	ok := &state.State{Engine: state.EngineQuery, Query: "q"}
	for _, tc := range []struct {
		name string
		cfg  Config
		want error
	}{
		{"no topic", Config{States: []*state.State{ok}}, ErrNoTopic},
		{"no states", Config{Topic: "q"}, ErrNoStates},
		{"unknown engine", Config{Topic: "q", States: []*state.State{{Engine: "host"}}}, ErrBadState},
		{"twice", Config{Topic: "q", States: []*state.State{ok, ok}}, ErrBadState},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, _, err := Build(tc.cfg); !errors.Is(err, tc.want) {
				t.Errorf("got %v, want %v", err, tc.want)
			}
		})
	}
}

// Same input, same bytes; and a graph written and read back is equal.
func TestBuildDeterministicAndRoundTrip(t *testing.T) {
	mk := func() Config {
		st := &state.State{Engine: state.EngineQuery, Path: "q.json", Query: "q", FinalReport: "# r", Paragraphs: []state.Paragraph{{Position: 0, Title: "P", Order: intp(0), Searches: []state.SearchRecord{
			rec(0, "a", "https://x.example/1", "t1", "c1"), rec(1, "b", "", "t2", "c2"), {Index: 2, Query: "a", URL: "https://x.example/3", Title: "t3"},
		}}}}
		return Config{Topic: "q", ReportID: "r1", CreatedAt: "2025-01-01T00:00:00Z", States: []*state.State{st},
			Forum: []forum.Entry{{Line: 1, Time: "10:00:00", Speaker: "HOST", Content: "h", Known: true}}}
	}
	g1, _, _ := Build(mk())
	g2, _, _ := Build(mk())
	var b1, b2 bytes.Buffer
	if err := g1.WriteJSON(&b1); err != nil {
		t.Fatal(err)
	}
	if err := g2.WriteJSON(&b2); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b1.Bytes(), b2.Bytes()) {
		t.Fatal("two builds of the same input wrote different bytes")
	}
	g3, rep, err := graphrag.ReadJSON(bytes.NewReader(b1.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if rep.DuplicateEdges+rep.DuplicateNodes+rep.DanglingEdges != 0 {
		t.Errorf("load report: %+v", rep)
	}
	var b3 bytes.Buffer
	if err := g3.WriteJSON(&b3); err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(b1.String(), b3.String()); d != "" {
		t.Errorf("write → read → write changed the file (-first +second):\n%s", d)
	}
}

// The graph is connected from the topic: every node is reachable through the
// dominikbraun/graph traversal.
func TestBuildReachableFromTopic(t *testing.T) {
	st := &state.State{Engine: state.EngineMedia, Query: "q", Paragraphs: []state.Paragraph{
		{Position: 0, Title: "P", Searches: []state.SearchRecord{rec(0, "a", "https://x.example/1", "t", "c"), rec(1, "b", "", "t", "c")}},
		{Position: 1, Title: "Q"},
	}}
	g, _, err := Build(Config{Topic: "q", States: []*state.State{st}, Forum: []forum.Entry{{Speaker: "HOST", Content: "x", Known: true}}})
	if err != nil {
		t.Fatal(err)
	}
	roots := g.Roots()
	if len(roots) != 1 || g.Nodes()[0].ID != roots[0] {
		t.Fatalf("roots: got %v, want the topic alone", roots)
	}
	reached, err := g.ReachableFrom(roots[0])
	if err != nil {
		t.Fatal(err)
	}
	var all []string
	for _, n := range g.Nodes() {
		all = append(all, n.ID)
	}
	sort.Strings(all)
	sort.Strings(reached)
	if d := cmp.Diff(all, reached); d != "" {
		t.Errorf("nodes not reachable from the topic (-all +reached):\n%s", d)
	}
}

// B16: URL-less records merge on title+content after trimming white space.
func TestBuildTextKeyTrimmed(t *testing.T) {
	st := &state.State{Engine: state.EngineInsight, Query: "q", Paragraphs: []state.Paragraph{{Position: 0, Title: "P", Searches: []state.SearchRecord{
		rec(0, "a", "", " 帖子甲 ", "内容\n"), rec(1, "a", "", "帖子甲", "内容"), rec(2, "a", "", "帖子乙", "内容"),
	}}}}
	g, _, err := Build(Config{Topic: "q", States: []*state.State{st}})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(idsOfType(g, graphrag.TypeSource)); n != 2 {
		t.Errorf("sources: got %d, want 2 (甲 twice, 乙 once)", n)
	}
}
