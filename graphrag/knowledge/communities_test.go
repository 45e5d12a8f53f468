package knowledge

import (
	"context"
	"slices"
	"strings"
	"testing"

	"reportengine/graphrag"
)

// A source that two search queries of one engine found is one member of
// the engine's community: listed once in the community's entity ids, and
// the community listed once in the source's community ids (the walk under
// an engine marks what it has reached; without the mark a node reached by
// two paths is counted twice). The expected lists are written out by hand.
func TestCommunityMembersOnceOnTwoPaths(t *testing.T) {
	g := graphrag.New()
	must := mustOK(t)
	must(g.AddNode(&graphrag.Node{ID: "T", Type: graphrag.TypeTopic, Name: "话题"}))
	must(g.AddNode(&graphrag.Node{ID: "E", Type: graphrag.TypeEngine, Name: "query",
		Attrs: graphrag.Attributes{{Key: "final_report", Value: "# 报告\n\n结论一段。"}}}))
	must(g.AddNode(&graphrag.Node{ID: "S1", Type: graphrag.TypeSection, Name: "甲"}))
	must(g.AddNode(&graphrag.Node{ID: "S2", Type: graphrag.TypeSection, Name: "乙"}))
	must(g.AddNode(&graphrag.Node{ID: "Q1", Type: graphrag.TypeSearchQuery, Name: "问一"}))
	must(g.AddNode(&graphrag.Node{ID: "Q2", Type: graphrag.TypeSearchQuery, Name: "问二"}))
	_, err := g.AddSource(graphrag.Source{ID: "SRC", Name: "来源", URL: "https://a.example/1", Title: "来源", Content: "内容", Key: "url"})
	must(err)
	for _, e := range [][2]string{{"T", "E"}, {"E", "S1"}, {"E", "S2"}, {"S1", "Q1"}, {"S2", "Q2"}, {"Q1", "SRC"}, {"Q2", "SRC"}} {
		must(g.AddEdge(graphrag.Edge{From: e[0], To: e[1], Relation: graphrag.RelContains, Weight: 1}))
	}
	m, err := FromGraph(context.Background(), g, GraphOptions{})
	if err != nil {
		t.Fatal(err)
	}
	cs := m.Communities()
	if len(cs) != 2 {
		t.Fatalf("%d communities, want 2 (topic, engine)", len(cs))
	}
	if want := []string{"E", "S1", "S2", "Q1", "Q2", "SRC"}; !slices.Equal(cs[1].EntityIDs, want) {
		t.Errorf("engine community members %v, want %v", cs[1].EntityIDs, want)
	}
	for _, e := range m.Entities() {
		want := []string{"0", "1"}
		if e.ID == "T" {
			want = []string{"0"}
		}
		if !slices.Equal(e.CommunityIDs, want) {
			t.Errorf("entity %s: communities %v, want %v", e.ID, e.CommunityIDs, want)
		}
	}
}

// Two engines' reports of one title get titles a reader tells apart: the
// title, then the engine and its first two sections (written out by hand);
// a report whose title no other bears keeps it.
func TestSharedReportTitlesTold(t *testing.T) {
	g := graphrag.New()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(g.AddNode(&graphrag.Node{ID: "T", Type: graphrag.TypeTopic, Name: "武汉大学"}))
	for _, e := range []struct{ id, title string }{{"query", "关于'武汉大学'的深度研究报告"}, {"media", "关于'武汉大学舆情'的深度研究报告"}, {"insight", "关于'武汉大学'的深度研究报告"}} {
		must(g.AddNode(&graphrag.Node{ID: e.id, Type: graphrag.TypeEngine, Name: e.id,
			Attrs: graphrag.Attributes{{Key: "final_report", Value: "# 报告\n\n结论。"}, {Key: "report_title", Value: e.title}}}))
		must(g.AddEdge(graphrag.Edge{From: "T", To: e.id, Relation: graphrag.RelContains, Weight: 1}))
		for k, name := range []string{e.id + "概况", e.id + "历史", e.id + "现状"} {
			id := e.id + "_P" + string(rune('0'+k))
			must(g.AddNode(&graphrag.Node{ID: id, Type: graphrag.TypeSection, Name: name}))
			must(g.AddEdge(graphrag.Edge{From: e.id, To: id, Relation: graphrag.RelContains, Weight: 1}))
		}
	}
	m, err := FromGraph(context.Background(), g, GraphOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range m.Reports()[1:] {
		got = append(got, r.Title)
	}
	want := []string{"关于'武汉大学'的深度研究报告（query：query概况、query历史）", "关于'武汉大学舆情'的深度研究报告", "关于'武汉大学'的深度研究报告（insight：insight概况、insight历史）"}
	if !slices.Equal(got, want) {
		t.Errorf("report titles %q, want %q", got, want)
	}
}

// An engine's final report cut off mid-sentence is replaced by one written
// from its sections' latest summaries (the report title as the heading,
// then each section's title and summary, written out here), when they hold
// more text; a final report that ends a sentence, and a cut one longer
// than its sections' summaries, stay as they are.
func TestCutEngineReportFromSections(t *testing.T) {
	build := func(final string) string {
		g := graphrag.New()
		must := mustOK(t)
		must(g.AddNode(&graphrag.Node{ID: "T", Type: graphrag.TypeTopic, Name: "话题"}))
		must(g.AddNode(&graphrag.Node{ID: "media", Type: graphrag.TypeEngine, Name: "media",
			Attrs: graphrag.Attributes{{Key: "final_report", Value: final}, {Key: "report_title", Value: "舆情报告"}}}))
		must(g.AddEdge(graphrag.Edge{From: "T", To: "media", Relation: graphrag.RelContains, Weight: 1}))
		for _, s := range []struct{ id, name, summary string }{{"media_P0", "概述", "学校因图书馆事件陷入舆情危机。"}, {"media_P1", "应对", "学校发布通报，宣布全面调查复核。"}} {
			must(g.AddNode(&graphrag.Node{ID: s.id, Type: graphrag.TypeSection, Name: s.name,
				Attrs: graphrag.Attributes{{Key: "latest_summary", Value: s.summary}}}))
			must(g.AddEdge(graphrag.Edge{From: "media", To: s.id, Relation: graphrag.RelContains, Weight: 1}))
		}
		m, err := FromGraph(context.Background(), g, GraphOptions{})
		must(err)
		return m.Reports()[1].FullContent
	}
	want := "# 舆情报告\n\n## 概述\n\n学校因图书馆事件陷入舆情危机。\n\n## 应对\n\n学校发布通报，宣布全面调查复核。"
	if got := build("# 报告\n\n其中，影响最为深远的"); got != want {
		t.Errorf("cut report:\n%q\nwant\n%q", got, want)
	}
	for _, final := range []string{"# 报告\n\n其中，影响最为深远的是图书馆事件。", "# 报告\n\n" + strings.Repeat("很长的一段", 10) + "其中"} {
		if got := build(final); got != final {
			t.Errorf("report %q became\n%q", final, got)
		}
	}
}

// mustOK returns a check that stops t on a non-nil error.
func mustOK(t *testing.T) func(error) {
	return func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
}
