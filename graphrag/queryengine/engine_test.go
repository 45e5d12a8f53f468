package queryengine

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"reportengine/graphrag"
)

// cherryGraph is a small graph in the builder's shape (12 nodes):
//
//	T ─▶ query ─▶ query_S0 "樱花季" (order 0) ─▶ query_S0_Q0 "武大樱花" ─▶ SRC_a "樱花大道"
//	           └▶ query_S1 "招生"   (order 1) ─▶ query_S1_Q0 "招生政策" ─▶ SRC_b "招生简章"
//	  └▶ media ─▶ media_S0 "樱花视频" (order 0) ─▶ media_S0_Q0 "樱花 vlog" ─▶ SRC_a, SRC_c "vlog"
//
// SRC_a is found by both engines. With withEngines false the sources have
// no "engines" attribute (a foreign graph) and the engine filter must derive
// them from the found edges.
func cherryGraph(t testing.TB, withEngines bool) *graphrag.Graph {
	t.Helper()
	g := graphrag.New()
	node := func(id string, typ graphrag.NodeType, name string, kv ...any) {
		t.Helper()
		n := &graphrag.Node{ID: id, Type: typ, Name: name}
		for i := 0; i < len(kv); i += 2 {
			if kv[i] == "engines" && !withEngines {
				continue
			}
			n.Attrs = append(n.Attrs, graphrag.Attr{Key: kv[i].(string), Value: kv[i+1]})
		}
		if err := g.AddNode(n); err != nil {
			t.Fatal(err)
		}
	}
	edge := func(from, to string, rel graphrag.Relation) {
		t.Helper()
		if err := g.AddEdge(graphrag.Edge{From: from, To: to, Relation: rel}); err != nil {
			t.Fatal(err)
		}
	}
	node("T", graphrag.TypeTopic, "武汉大学")
	node("query", graphrag.TypeEngine, "query", "engine", "query")
	node("media", graphrag.TypeEngine, "media", "engine", "media")
	node("query_S0", graphrag.TypeSection, "樱花季", "title", "樱花季", "order", 0, "content", "武大樱花开放", "engine", "query")
	node("query_S1", graphrag.TypeSection, "招生", "title", "招生", "order", 1, "content", "本科招生", "engine", "query")
	node("media_S0", graphrag.TypeSection, "樱花视频", "title", "樱花视频", "order", 0, "engine", "media")
	node("query_S0_Q0", graphrag.TypeSearchQuery, "武大樱花", "query_text", "武大樱花", "engine", "query")
	node("query_S1_Q0", graphrag.TypeSearchQuery, "招生政策", "query_text", "招生政策", "engine", "query")
	node("media_S0_Q0", graphrag.TypeSearchQuery, "樱花 vlog", "query_text", "樱花 vlog", "engine", "media")
	node("SRC_a", graphrag.TypeSource, "樱花大道", "url", "https://a.test", "title", "樱花大道", "engines", []string{"query", "media"})
	node("SRC_b", graphrag.TypeSource, "招生简章", "url", "https://b.test", "title", "招生简章", "engines", []string{"query"})
	node("SRC_c", graphrag.TypeSource, "vlog", "url", "https://c.test", "title", "vlog", "engines", []string{"media"})
	edge("T", "query", graphrag.RelAnalyzedBy)
	edge("T", "media", graphrag.RelAnalyzedBy)
	edge("query", "query_S0", graphrag.RelContains)
	edge("query", "query_S1", graphrag.RelContains)
	edge("media", "media_S0", graphrag.RelContains)
	edge("query_S0", "query_S0_Q0", graphrag.RelSearched)
	edge("query_S1", "query_S1_Q0", graphrag.RelSearched)
	edge("media_S0", "media_S0_Q0", graphrag.RelSearched)
	edge("query_S0_Q0", "SRC_a", graphrag.RelFound)
	edge("media_S0_Q0", "SRC_a", graphrag.RelFound)
	edge("query_S1_Q0", "SRC_b", graphrag.RelFound)
	edge("media_S0_Q0", "SRC_c", graphrag.RelFound)
	return g
}

func ids(l ...string) []string {
	if l == nil {
		return []string{}
	}
	return l
}

// TestDepthAndEngineFilter checks hand-computed results on cherryGraph.
func TestDepthAndEngineFilter(t *testing.T) {
	sakura := []string{"樱花"}
	media := []string{"media"}
	tests := []struct {
		name string
		q    Query
		want outcome
	}{{
		// seeds: query_S0, media_S0 (titles), both queries with 樱花, SRC_a
		name: "depth 0",
		q:    Query{Keywords: sakura},
		want: outcome{Sections: ids("query_S0", "media_S0"), Queries: ids("media_S0_Q0", "query_S0_Q0"), Sources: ids("SRC_a"),
			TotalNodes: 5, TotalSections: 2, TotalQueries: 2, TotalSources: 1,
			Summary: "段落(2): 樱花季, 樱花视频; 搜索词(2): 樱花 vlog, 武大樱花; 来源(1)"},
	}, {
		// + engines query, media and SRC_c
		name: "depth 1",
		q:    Query{Keywords: sakura, Depth: 1},
		want: outcome{Sections: ids("query_S0", "media_S0"), Queries: ids("media_S0_Q0", "query_S0_Q0"), Sources: ids("SRC_c", "SRC_a"),
			TotalNodes: 8, TotalSections: 2, TotalQueries: 2, TotalSources: 2,
			Summary: "段落(2): 樱花季, 樱花视频; 搜索词(2): 樱花 vlog, 武大樱花; 来源(2)"},
	}, {
		// + T and query_S1 (order 1 sorts after the two order-0 sections)
		name: "depth 2",
		q:    Query{Keywords: sakura, Depth: 2},
		want: outcome{Sections: ids("query_S0", "media_S0", "query_S1"), Queries: ids("media_S0_Q0", "query_S0_Q0"), Sources: ids("SRC_c", "SRC_a"),
			TotalNodes: 10, TotalSections: 3, TotalQueries: 2, TotalSources: 2,
			Summary: "段落(3): 樱花季, 樱花视频, 招生; 搜索词(2): 樱花 vlog, 武大樱花; 来源(2)"},
	}, {
		name: "depth 4 reaches everything",
		q:    Query{Keywords: sakura, Depth: 4},
		want: outcome{Sections: ids("query_S0", "media_S0", "query_S1"), Queries: ids("query_S1_Q0", "media_S0_Q0", "query_S0_Q0"),
			Sources: ids("SRC_c", "SRC_b", "SRC_a"), TotalNodes: 12, TotalSections: 3, TotalQueries: 3, TotalSources: 3,
			Summary: "段落(3): 樱花季, 樱花视频, 招生; 搜索词(3): 招生政策, 樱花 vlog, 武大樱花; 来源(3)"},
	}, {
		// seeds media_S0, media_S0_Q0, SRC_a (found by both engines);
		// layer 1: media, SRC_c; layer 2: T; layer 3 would be the query
		// engine, which the filter stops: no leak through the topic.
		name: "engine filter depth 2",
		q:    Query{Keywords: sakura, Engines: media, Depth: 2},
		want: outcome{Sections: ids("media_S0"), Queries: ids("media_S0_Q0"), Sources: ids("SRC_c", "SRC_a"),
			TotalNodes: 6, TotalSections: 1, TotalQueries: 1, TotalSources: 2,
			Summary: "段落(1): 樱花视频; 搜索词(1): 樱花 vlog; 来源(2)"},
	}, {
		name: "engine filter depth 9",
		q:    Query{Engines: media, Depth: 9},
		want: outcome{Sections: ids("media_S0"), Queries: ids("media_S0_Q0"), Sources: ids("SRC_c", "SRC_a"),
			TotalNodes: 6, TotalSections: 1, TotalQueries: 1, TotalSources: 2,
			Summary: "段落(1): 樱花视频; 搜索词(1): 樱花 vlog; 来源(2)"},
	}, {
		// SRC_b is found only by the query engine
		name: "source found only by another engine",
		q:    Query{Keywords: []string{"招生简章", "vlog"}, Engines: media},
		want: outcome{Sections: ids(), Queries: ids("media_S0_Q0"), Sources: ids("SRC_c"),
			TotalNodes: 2, TotalQueries: 1, TotalSources: 1, Summary: "搜索词(1): 樱花 vlog; 来源(1)"},
	}, {
		name: "no keywords: every section",
		q:    Query{},
		want: outcome{Sections: ids("query_S0", "media_S0", "query_S1"), Queries: ids(), Sources: ids(),
			TotalNodes: 3, TotalSections: 3, Summary: "段落(3): 樱花季, 樱花视频, 招生"},
	}, {
		name: "no keywords, type filter without section",
		q:    Query{Types: []graphrag.NodeType{graphrag.TypeSource}, Depth: 3},
		want: outcome{Sections: ids(), Queries: ids(), Sources: ids(), Summary: "无匹配结果", NoMatch: true},
	}, {
		// the type filter applies to seeds only
		name: "type filter, expansion brings other types",
		q:    Query{Keywords: sakura, Types: []graphrag.NodeType{graphrag.TypeSource}, Depth: 1},
		want: outcome{Sections: ids(), Queries: ids("media_S0_Q0", "query_S0_Q0"), Sources: ids("SRC_a"),
			TotalNodes: 3, TotalQueries: 2, TotalSources: 1, Summary: "搜索词(2): 樱花 vlog, 武大樱花; 来源(1)"},
	}, {
		// only the engine node matches: TotalNodes 1 but nothing to report
		name: "engine node only",
		q:    Query{Keywords: []string{"MEDIA"}, Types: []graphrag.NodeType{graphrag.TypeEngine}},
		want: outcome{Sections: ids(), Queries: ids(), Sources: ids(), TotalNodes: 1, Summary: "无匹配结果", NoMatch: true},
	}, {
		name: "url is searched",
		q:    Query{Keywords: []string{"B.TEST"}},
		want: outcome{Sections: ids(), Queries: ids(), Sources: ids("SRC_b"), TotalNodes: 1, TotalSources: 1, Summary: "来源(1)"},
	}, {
		name: "unknown engine filters everything but the topic",
		q:    Query{Keywords: []string{"武汉"}, Engines: []string{"nope"}, Depth: 3},
		want: outcome{Sections: ids(), Queries: ids(), Sources: ids(), TotalNodes: 1, Summary: "无匹配结果", NoMatch: true},
	}, {
		name: "caps",
		q:    Query{Depth: 4, Keywords: sakura, MaxSections: 1, MaxQueries: 2, MaxSources: 1},
		want: outcome{Sections: ids("query_S0"), Queries: ids("query_S1_Q0", "media_S0_Q0"), Sources: ids("SRC_c"),
			TotalNodes: 12, TotalSections: 3, TotalQueries: 3, TotalSources: 3,
			Summary: "段落(3): 樱花季; 搜索词(3): 招生政策, 樱花 vlog; 来源(3)"},
	}}
	for _, withEngines := range []bool{true, false} {
		for name, e := range bothEngines(cherryGraph(t, withEngines)) {
			for _, tt := range tests {
				t.Run(fmt.Sprintf("%s/engines=%v/%s", tt.name, withEngines, name), func(t *testing.T) {
					got, err := e.Run(tt.q)
					if err != nil {
						t.Fatal(err)
					}
					if diff := cmp.Diff(tt.want, outcomeOf(got)); diff != "" {
						t.Errorf("(-want +got):\n%s", diff)
					}
				})
			}
		}
	}
}

// TestFieldFailureB17 checks CJK substring matching without spaces and
// case-insensitive matching, on a foreign graph read from JSON (no engine
// attributes).
func TestFieldFailureB17(t *testing.T) {
	g, _, err := graphrag.ReadJSON(strings.NewReader(`{"nodes":[
		{"id":"s2","type":"section","attributes":{"title":"外交动态","content":"市民热议某国领导人访问美国的行程安排"}},
		{"id":"s3","type":"section","attributes":{"title":"车市","content":"tesla 降价引发讨论"}}],"edges":[]}`))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		keywords []string
		want     []string
	}{
		{[]string{"美国"}, []string{"s2"}},
		{[]string{"访问 美国"}, []string{"s2"}},
		{[]string{"Tesla"}, []string{"s3"}},
		{[]string{"领导人访问美国"}, []string{"s2"}},
		{[]string{"人访问美国的"}, []string{"s2"}},
	}
	for name, e := range bothEngines(g) {
		for _, tt := range tests {
			got, err := e.Run(Query{Keywords: tt.keywords})
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, outcomeOf(got).Sections); diff != "" || got.NoMatch {
				t.Errorf("%s %q: sections (-want +got):\n%s (no_match %v)", name, tt.keywords, diff, got.NoMatch)
			}
		}
	}
}

func TestFieldFailureB24(t *testing.T) {
	t.Run("no match is explicit", func(t *testing.T) {
		g := graphrag.New()
		for i, title := range []string{"某地暴雨", "暴雨预警"} {
			if err := g.AddNode(&graphrag.Node{ID: fmt.Sprint("s", i), Type: graphrag.TypeSection, Name: title,
				Attrs: graphrag.Attributes{{Key: "title", Value: title}}}); err != nil {
				t.Fatal(err)
			}
		}
		res, err := New(g).Run(Query{Keywords: []string{"火星殖民"}, Depth: 2})
		if err != nil {
			t.Fatal(err)
		}
		if !res.NoMatch || res.Summary != "无匹配结果" || res.TotalNodes != 0 {
			t.Errorf("got no_match %v, summary %q, total %d; want true, 无匹配结果, 0", res.NoMatch, res.Summary, res.TotalNodes)
		}
		data, err := json.Marshal(res)
		if err != nil {
			t.Fatal(err)
		}
		want := `{"matched_sections":[],"matched_queries":[],"matched_sources":[],"total_nodes":0,"total_sections":0,` +
			`"total_queries":0,"total_sources":0,"query_params":{"keywords":["火星殖民"],"node_types":null,"engine_filter":null,` +
			`"depth":2,"max_sections":15,"max_queries":20,"max_sources":10},"summary":"无匹配结果","no_match":true}`
		if diff := cmp.Diff(want, string(data)); diff != "" {
			t.Errorf("JSON (-want +got):\n%s", diff)
		}
	})
	t.Run("empty graph is an error", func(t *testing.T) {
		g, _, err := graphrag.ReadJSON(strings.NewReader(`{"nodes":[],"edges":[]}`))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range []*Engine{New(g), New(nil), nil} {
			res, err := e.Run(Query{Keywords: []string{"x"}})
			if !errors.Is(err, ErrEmptyGraph) || res != nil {
				t.Errorf("Run = %v, %v; want nil, ErrEmptyGraph", res, err)
			}
		}
		if got := ErrEmptyGraph.Error(); !strings.HasSuffix(got, "knowledge graph is empty") {
			t.Errorf("ErrEmptyGraph says %q", got)
		}
	})
}

// TestOrderAndTieBreak: equal keys keep graph order; missing, null and
// non-numeric orders sort after numbers.
func TestOrderAndTieBreak(t *testing.T) {
	g := graphrag.New()
	add := func(id string, typ graphrag.NodeType, a graphrag.Attributes) {
		if err := g.AddNode(&graphrag.Node{ID: id, Type: typ, Name: "同名", Attrs: a}); err != nil {
			t.Fatal(err)
		}
	}
	add("s_none", graphrag.TypeSection, graphrag.Attributes{{Key: "title", Value: "a"}})
	add("s_null", graphrag.TypeSection, graphrag.Attributes{{Key: "order", Value: nil}})
	add("s2", graphrag.TypeSection, graphrag.Attributes{{Key: "order", Value: 2}})
	add("s_str", graphrag.TypeSection, graphrag.Attributes{{Key: "order", Value: "1"}})
	add("s0", graphrag.TypeSection, graphrag.Attributes{{Key: "order", Value: json.Number("0")}})
	add("s1.5", graphrag.TypeSection, graphrag.Attributes{{Key: "order", Value: 1.5}})
	add("s0b", graphrag.TypeSection, graphrag.Attributes{{Key: "order", Value: 0.0}})
	for i := 0; i < 4; i++ {
		add(fmt.Sprint("src", i), graphrag.TypeSource, graphrag.Attributes{{Key: "title", Value: "同名"}})
		add(fmt.Sprint("q", i), graphrag.TypeSearchQuery, graphrag.Attributes{{Key: "query_text", Value: []string{"B", "A", "B", "A"}[i]}})
	}
	add("src_first", graphrag.TypeSource, graphrag.Attributes{{Key: "title", Value: "Z"}}) // "Z" < "同名" byte-wise
	want := outcome{
		Sections: ids("s0", "s0b", "s1.5", "s2", "s_none", "s_null", "s_str"),
		Queries:  ids("q1", "q3", "q0", "q2"),
		Sources:  ids("src_first", "src0", "src1", "src2", "src3"),
	}
	for i, e := range []*Engine{New(g), New(g), bothEngines(g)["indexed"]} {
		res, err := e.Run(Query{Keywords: []string{"同名"}})
		if err != nil {
			t.Fatal(err)
		}
		got := outcomeOf(res)
		got.TotalNodes, got.TotalSections, got.TotalQueries, got.TotalSources, got.Summary = 0, 0, 0, 0, ""
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("run %d (-want +got):\n%s", i, diff)
		}
	}
}

func TestRunErrors(t *testing.T) {
	e := New(cherryGraph(t, true))
	for _, q := range []Query{{Depth: -1}, {MaxSections: -1}, {MaxQueries: -2}, {MaxSources: -3}} {
		_, err := e.Run(q)
		var qe *QueryError
		if !errors.Is(err, ErrBadQuery) || !errors.As(err, &qe) {
			t.Errorf("Run(%+v) = %v; want a *QueryError", q, err)
		}
	}
}

func TestItemJSON(t *testing.T) {
	e := New(cherryGraph(t, true))
	res, err := e.Run(Query{Keywords: []string{"招生简章"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.MatchedSources) != 1 {
		t.Fatalf("got %d sources", len(res.MatchedSources))
	}
	data, err := json.Marshal(res.MatchedSources[0])
	if err != nil {
		t.Fatal(err)
	}
	want := `{"id":"SRC_b","name":"招生简章","type":"source","url":"https://b.test","title":"招生简章","engines":["query"]}`
	if string(data) != want {
		t.Errorf("item JSON\n got %s\nwant %s", data, want)
	}
	var back Item
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	if back.ID != "SRC_b" || back.Type != graphrag.TypeSource || back.Attrs.String("url") != "https://b.test" {
		t.Errorf("round trip gave %+v", back)
	}
	// an attribute called "type" must not produce a duplicate key
	it := Item{ID: "x", Name: "n", Type: "source", Attrs: graphrag.Attributes{{Key: "type", Value: "other"}, {Key: "k", Value: 1}}}
	data, _ = json.Marshal(it)
	if string(data) != `{"id":"x","name":"n","type":"source","k":1}` {
		t.Errorf("got %s", data)
	}
	// items are copies: changing one does not change the graph
	res.MatchedSources[0].Attrs[0].Value = "changed"
	again, _ := e.Run(Query{Keywords: []string{"招生简章"}})
	if again.MatchedSources[0].Attrs.String("url") != "https://b.test" {
		t.Error("changing a returned item changed the graph")
	}
}

func TestOverview(t *testing.T) {
	g := cherryGraph(t, true)
	// a section without an engine attribute is grouped under its engine node
	if err := g.AddNode(&graphrag.Node{ID: "media_S1", Type: graphrag.TypeSection, Name: "无属性"}); err != nil {
		t.Fatal(err)
	}
	if err := g.AddEdge(graphrag.Edge{From: "media", To: "media_S1"}); err != nil {
		t.Fatal(err)
	}
	if err := g.AddNode(&graphrag.Node{ID: "dup_Q", Type: graphrag.TypeSearchQuery, Name: "x",
		Attrs: graphrag.Attributes{{Key: "query_text", Value: "武大樱花"}}}); err != nil {
		t.Fatal(err)
	}
	got := New(g).Overview()
	want := Overview{
		TotalNodes: 14, TotalEdges: 13,
		Types: []TypeCount{{"topic", 1}, {"engine", 2}, {"section", 4}, {"search_query", 4}, {"source", 3}},
		Topic: "武汉大学", Engines: []string{"query", "media"},
		SectionTitles: []string{"樱花季", "招生", "樱花视频", "无属性"},
		SampleQueries: []string{"武大樱花", "招生政策", "樱花 vlog"},
		EngineSections: []EngineSections{
			{Engine: "query", Titles: []string{"樱花季", "招生"}},
			{Engine: "media", Titles: []string{"樱花视频", "无属性"}},
		},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if got.Count(graphrag.TypeSource) != 3 || got.Count("entity") != 0 {
		t.Errorf("Count: %d sources, %d entities", got.Count(graphrag.TypeSource), got.Count("entity"))
	}
}

// TestConcurrentRun runs many queries from several goroutines (run it with
// -race) and checks each against the sequential answer.
func TestConcurrentRun(t *testing.T) {
	e := New(cherryGraph(t, false))
	queries := []Query{
		{Keywords: []string{"樱花"}, Depth: 1},
		{Keywords: []string{"招生", "vlog"}, Engines: []string{"media"}, Depth: 2},
		{Depth: 3},
		{Keywords: []string{"樱"}, Types: []graphrag.NodeType{"source"}},
		{Keywords: []string{"大道"}, MaxSources: 1, Depth: 5},
	}
	want := make([]outcome, len(queries))
	for i, q := range queries {
		res, err := e.Run(q)
		if err != nil {
			t.Fatal(err)
		}
		want[i] = outcomeOf(res)
	}
	var wg sync.WaitGroup
	errs := make(chan string, 8)
	for w := 0; w < 8; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 200; i++ {
				k := (i + w) % len(queries)
				res, err := e.Run(queries[k])
				if err != nil {
					errs <- err.Error()
					return
				}
				if diff := cmp.Diff(want[k], outcomeOf(res)); diff != "" {
					errs <- diff
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for msg := range errs {
		t.Error(msg)
	}
}

func TestTerms(t *testing.T) {
	got := Terms([]string{"a, b 美国", "Tesla；降价、访问\t美国", " , ", "A"})
	want := []string{"a", "b", "美国", "tesla", "降价", "访问"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestContainsFoldASCII(t *testing.T) {
	tests := []struct {
		s, t string
	}{
		{"Hello World", "o w"}, {"HELLO", "llo"}, {"abc", "abcd"}, {"xAbAbC", "abc"}, {"美国Tesla", "国tes"},
		{"美国TESLA", "美国"}, {"aaa", "aaaa"}, {"A", "a"}, {"Ab", "b"},
		{"xxTESLA", "tesla"}, {"TESLa", "tesla"}, {"teslTesla", "tesla"}, {"a1A1", "1a1"}, {"Z@[`z", "@[`z"}, {"tesl", "tesla"},
	}
	for _, tt := range tests {
		want := strings.Contains(strings.ToLower(tt.s), tt.t)
		if got := containsFoldASCII(tt.s, tt.t); got != want {
			t.Errorf("containsFoldASCII(%q, %q) = %v, want %v", tt.s, tt.t, got, want)
		}
	}
}

func TestClassify(t *testing.T) {
	tests := []struct {
		term  string
		class int
		odd   []string
	}{
		{"舆情", classCaseless, nil}, {"2025年，", classCaseless, nil}, {"ｔｅｓｌａ", classGeneral, nil},
		{"tesla", classASCII, nil}, {"kiss", classASCII, []string{"\u212a", "İ"}}, {"舆情k", classASCII, []string{"\u212a"}},
		{"é", classGeneral, nil}, {"\uFFFD", classGeneral, nil}, {"ⱥ", classGeneral, nil}, {"σ", classGeneral, nil},
	}
	for _, tt := range tests {
		class, odd := classify(tt.term)
		if class != tt.class || !slices.Equal(odd, tt.odd) {
			t.Errorf("classify(%q) = %d, %q; want %d, %q", tt.term, class, odd, tt.class, tt.odd)
		}
	}
}

// TestIndexWhileRunning: a long term's grams all occur in nodes that do
// not contain the term (its candidates must be verified); queries running
// while Index builds, and after, agree with the brute force (run with
// -race).
func TestIndexWhileRunning(t *testing.T) {
	g := graphrag.New()
	for i := 0; i < 4000; i++ {
		text := "abd abc"
		if i%3 == 0 {
			text = "ab cd bc" // has every gram of "abc" but not the term
		}
		typ := graphrag.TypeSource
		if i%2 == 0 {
			typ = graphrag.TypeSection
		}
		if err := g.AddNode(&graphrag.Node{ID: fmt.Sprint(i), Type: typ, Name: fmt.Sprint("n", i),
			Attrs: graphrag.Attributes{{Key: "content", Value: text}}}); err != nil {
			t.Fatal(err)
		}
	}
	e, b := New(g), newBrute(g)
	queries := []Query{
		{Keywords: []string{"ABC"}},
		{Keywords: []string{"abc"}, Types: []graphrag.NodeType{graphrag.TypeSource}},
		{Keywords: []string{"abc", "ABD"}, MaxSources: 3},
	}
	var wg sync.WaitGroup
	wg.Go(e.Index)
	for w := 0; w < 4; w++ {
		wg.Go(func() {
			for i := 0; i < 30; i++ {
				q := queries[(i+w)%len(queries)]
				got, err := e.Run(q)
				if err != nil {
					t.Error(err)
					return
				}
				if diff := cmp.Diff(b.run(q), outcomeOf(got)); diff != "" {
					t.Errorf("%+v (-brute force +engine):\n%s", q, diff)
					return
				}
			}
		})
	}
	wg.Wait()
	if st := e.Stats(); !st.Indexed || st.Grams == 0 {
		t.Errorf("after Index: %+v", st)
	}
	e.Index() // a second call builds nothing and changes nothing
	for _, q := range queries {
		got, err := e.Run(q)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(b.run(q), outcomeOf(got)); diff != "" {
			t.Errorf("indexed %+v (-brute force +engine):\n%s", q, diff)
		}
	}
}

// TestManyNodeTypes: a graph with more node types than a uint16 holds
// (issue #8: New panicked) is queried like any other.
func TestManyNodeTypes(t *testing.T) {
	g := graphrag.New()
	const n = 70_000
	for i := 0; i < n; i++ {
		if err := g.AddNode(&graphrag.Node{ID: fmt.Sprint("n", i), Type: graphrag.NodeType(fmt.Sprint("t", i)),
			Name: fmt.Sprint("名", i)}); err != nil {
			t.Fatal(err)
		}
	}
	if err := g.AddNode(&graphrag.Node{ID: "s", Type: graphrag.TypeSection, Name: "名 section"}); err != nil {
		t.Fatal(err)
	}
	e := New(g)
	res, err := e.Run(Query{Keywords: []string{"名6999"}, Types: []graphrag.NodeType{"t69999", "t6999"}})
	if err != nil {
		t.Fatal(err)
	}
	if res.TotalNodes != 2 || !res.NoMatch { // n6999 and n69999; neither is a section, query or source
		t.Errorf("got %d nodes (no_match %v), want 2 nodes of foreign types", res.TotalNodes, res.NoMatch)
	}
	if got := e.Overview().Count("t69999"); got != 1 {
		t.Errorf("overview counts %d nodes of type t69999, want 1", got)
	}
}
