package nodes

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"reportengine/graphrag"
	"reportengine/graphrag/queryengine"
	"reportengine/llm/tokens"
	"reportengine/prompts"
)

func TestParseDecision(t *testing.T) {
	cases := []struct {
		name string
		in   string
		want decision
	}{
		{"missing should_query stops", `{"keywords":["a"]}`, decision{}},
		{"false stops", `{"should_query":false,"keywords":["a"]}`, decision{}},
		{"string depth clamped", `{"should_query":true,"keywords":["樱花"],"depth":"5"}`,
			decision{ShouldQuery: true, Keywords: []string{"樱花"}, Depth: 3}},
		{"negative depth", `{"should_query":true,"keywords":["a"],"depth":-2}`,
			decision{ShouldQuery: true, Keywords: []string{"a"}, Depth: 0}},
		{"non-number depth", `{"should_query":true,"keywords":["a"],"depth":"deep"}`,
			decision{ShouldQuery: true, Keywords: []string{"a"}, Depth: 1}},
		{"missing depth", `{"should_query":"true","keywords":["a"]}`,
			decision{ShouldQuery: true, Keywords: []string{"a"}, Depth: 1}},
		{"string keywords split", `{"should_query":true,"keywords":"樱花，武大、游客 校园,樱花","depth":1}`,
			decision{ShouldQuery: true, Keywords: []string{"樱花", "武大", "游客", "校园"}, Depth: 1}},
		{"unknown types and engines dropped", `{"should_query":true,"keywords":["a"],"node_types":["section","entity","SOURCE"],"engine_filter":"media, twitter","depth":2}`,
			decision{ShouldQuery: true, Keywords: []string{"a"}, Types: []string{"section", "source"}, Engines: []string{"media"}, Depth: 2}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m, err := decodeObject(json.RawMessage(c.in))
			if err != nil {
				t.Fatal(err)
			}
			got, _ := checkDecision(decodeDecision(m))
			if got.ShouldQuery != c.want.ShouldQuery || got.Depth != c.want.Depth || !slices.Equal(got.Keywords, c.want.Keywords) ||
				!slices.Equal(got.Types, c.want.Types) || !slices.Equal(got.Engines, c.want.Engines) {
				t.Errorf("got %+v, want %+v", got, c.want)
			}
		})
	}
}

func TestGraphQueryLoop(t *testing.T) {
	eng := queryengine.New(testGraph())
	stats := graphStats(eng.Overview())
	run := func(f *fakeModel) GraphQueryOutput {
		t.Helper()
		g := GraphQuery{Model: f, Engine: eng, Stats: *stats, Rounds: 3}
		out, err := g.Run(context.Background(), GraphQueryInput{Topic: "李明咖啡店", Chapter: prompts.ChapterBrief{ChapterID: "S1", Title: "口碑"}})
		if err != nil {
			t.Fatal(err)
		}
		return out
	}

	// the same query three times: run once, skipped twice
	f := newFake()
	f.set("graph_query_decision:S1", text(`{"should_query":true,"keywords":"咖啡","depth":"1"}`))
	out := run(f)
	if out.Rounds != 1 || f.count("graph_query_decision:S1") != 3 {
		t.Errorf("rounds %d, decisions %d; want 1 and 3", out.Rounds, f.count("graph_query_decision:S1"))
	}
	if !strings.Contains(strings.Join(out.Warnings, "\n"), "skipped") {
		t.Errorf("no warning about the skipped repeat: %q", out.Warnings)
	}
	if out.Results == nil || len(out.Results.Sections) != 2 || len(out.Results.Sources) != 2 {
		t.Fatalf("results %+v", out.Results)
	}
	if len(out.Results.CrossEngineInsights) == 0 {
		t.Errorf("no cross-engine insight for sections of two engines")
	}
	// the stats shown to the model
	var in prompts.GraphQueryInput
	_ = json.Unmarshal([]byte(f.userOf("graph_query_decision:S1")[1]), &in)
	if in.Round != 1 || in.MaxRounds != 3 || len(in.History) != 1 || in.Graph.Sections != 2 || len(in.Graph.SectionTitles["query"]) != 1 {
		t.Errorf("second decision input %+v", in)
	}
	if step := f.requests[1].step; step != "chapter S1 graph query round 2" {
		t.Errorf("step %q", step)
	}

	// an unparsable decision ends the loop with a warning
	f = newFake()
	f.set("graph_query_decision:S1", text("我觉得应该查一下咖啡"))
	out = run(f)
	if out.Rounds != 0 || out.Results != nil || len(out.Warnings) == 0 || f.count("graph_query_decision:S1") != DefaultMaxAttempts {
		t.Errorf("unparsable: %+v, %d calls", out, f.count("graph_query_decision:S1"))
	}

	// different queries each round, merged without repeats
	f = newFake()
	f.set("graph_query_decision:S1",
		text(`{"should_query":true,"keywords":["咖啡"],"engine_filter":["query"],"depth":0}`),
		text(`{"should_query":true,"keywords":["咖啡"],"depth":1}`),
		text(`{"should_query":true,"keywords":["李明"],"node_types":["source"],"depth":0}`))
	out = run(f)
	if out.Rounds != 3 {
		t.Errorf("rounds %d", out.Rounds)
	}
	ids := map[string]bool{}
	for _, s := range out.Results.Sections {
		if ids[s.ID] {
			t.Errorf("duplicate %s", s.ID)
		}
		ids[s.ID] = true
	}
	if out.Results.Sections[0].ID != "query_P0" {
		t.Errorf("first wins order broken: %+v", out.Results.Sections)
	}
}

func TestMergeBudget(t *testing.T) {
	var r queryengine.Result
	long := strings.Repeat("很长的摘要", 100)
	for i := 0; i < 30; i++ {
		r.MatchedSections = append(r.MatchedSections, item("sec"+itoa(i), "section", "title", "段落", "summary", long, "engine", "query"))
		r.MatchedQueries = append(r.MatchedQueries, item("q"+itoa(i), "search_query", "query_text", "搜索"+itoa(i), "engine", "media"))
		r.MatchedSources = append(r.MatchedSources, item("s"+itoa(i), "source", "title", "来源", "preview", long, "url", "https://x/"+itoa(i)))
	}
	res := mergeResults([]*queryengine.Result{&r}, 1, 100000)
	if len(res.Sections) != maxGraphSections || len(res.Queries) != maxQueriesPerEngine || len(res.Sources) != maxGraphSources {
		t.Errorf("caps: %d %d %d", len(res.Sections), len(res.Queries), len(res.Sources))
	}
	if n := len([]rune(res.Sections[0].Summary)); n > sectionSummaryRunes {
		t.Errorf("summary %d runes", n)
	}
	if res.TotalNodes != 90 {
		t.Errorf("total %d", res.TotalNodes)
	}
	small := mergeResults([]*queryengine.Result{&r}, 1, 500)
	b, _ := json.Marshal(small)
	if tokens.Count(string(b)) > 500 {
		t.Errorf("budgeted results = %d tokens", tokens.Count(string(b)))
	}
	if mergeResults([]*queryengine.Result{{}}, 1, 1000) != nil {
		t.Errorf("empty merge is not nil")
	}
}

func item(id, typ string, kv ...string) queryengine.Item {
	it := queryengine.Item{ID: id, Name: id, Type: typeOf(typ)}
	for i := 0; i+1 < len(kv); i += 2 {
		it.Attrs.Set(kv[i], kv[i+1])
	}
	return it
}

func typeOf(s string) graphrag.NodeType { return graphrag.NodeType(s) }

// A round that returns only what earlier rounds returned ends the loop,
// and its history entry says new_nodes 0; the decision prompt carries the
// caps and the other chapters.
func TestGraphQueryEndsOnNothingNew(t *testing.T) {
	eng := queryengine.New(testGraph())
	stats := graphStats(eng.Overview())
	f := newFake()
	f.set("graph_query_decision:S1",
		text(`{"should_query":true,"keywords":["咖啡"],"depth":1}`),
		text(`{"should_query":true,"keywords":["咖啡"],"node_types":["section"],"depth":0}`), // a subset of round 1
		text(`{"should_query":true,"keywords":["李明"],"depth":2}`))
	g := GraphQuery{Model: f, Engine: eng, Stats: *stats, Rounds: 3}
	others := []prompts.ChapterBrief{{ChapterID: "S2", Title: "传播路径", Outline: []string{"2.1 首发信源"}}}
	out, err := g.Run(context.Background(), GraphQueryInput{Topic: "李明咖啡店",
		Chapter: prompts.ChapterBrief{ChapterID: "S1", Title: "口碑", TargetWords: 1200, Emphasis: []string{"顾客评价"}}, Others: others})
	if err != nil {
		t.Fatal(err)
	}
	if n := f.count("graph_query_decision:S1"); n != 2 || out.Rounds != 2 {
		t.Fatalf("%d decisions, %d rounds; want 2 and 2 (the second found nothing new)", n, out.Rounds)
	}
	if out.History[0].NewNodes == 0 || out.History[1].NewNodes != 0 {
		t.Errorf("new nodes per round %d, %d; want >0 then 0", out.History[0].NewNodes, out.History[1].NewNodes)
	}
	var in prompts.GraphQueryInput
	if err := json.Unmarshal([]byte(f.userOf("graph_query_decision:S1")[1]), &in); err != nil {
		t.Fatal(err)
	}
	if in.Caps != roundCaps || in.Caps.Sources != PlanSources || len(in.OtherChapters) != 1 || in.OtherChapters[0].Title != "传播路径" ||
		in.Chapter.TargetWords != 1200 || in.History[0].NewNodes != out.History[0].NewNodes {
		t.Errorf("decision input caps %+v, others %+v, chapter %+v, history %+v", in.Caps, in.OtherChapters, in.Chapter, in.History)
	}
}
