package builder

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"reportengine/graphrag"
	"reportengine/state"
)

// B16 of the field failures, with the case's exact input: URL-less results
// are told apart by their full content, not a prefix; one URL is one source
// whichever query found it; one query text under a paragraph is one
// search_query node.
func TestBuildB16SourceDedupe(t *testing.T) {
	p := strings.Repeat("网友普遍反映早高峰地铁延误严重，", 8)
	if n := len([]rune("网友普遍反映早高峰地铁延误严重，")); n != 16 {
		t.Fatalf("P's unit has %d runes, the case says 16", n)
	}
	r := func(i int, q, url, title, content string, score float64, ts string) state.SearchRecord {
		return state.SearchRecord{Index: i, Query: q, URL: url, Title: title, Content: content, Score: floatp(score), Timestamp: ts}
	}
	st := &state.State{Engine: state.EngineInsight, Query: "地铁", Paragraphs: []state.Paragraph{{Position: 0, Title: "P", Searches: []state.SearchRecord{
		r(0, "地铁延误 评论", "", "", p+"建议错峰出行。", 0.8, "2025-01-01T08:00:00"),
		r(1, "地铁延误 评论", "", "", p+"认为无需调整。", 0.7, "2025-01-01T08:00:00"),
		r(2, "地铁延误 官方", "https://example.com/notice", "通告", "甲", 0.9, "2025-01-01T09:00:00"),
		r(3, "地铁 通告", "https://example.com/notice", "通告(更新)", "乙", 0.6, "2025-01-01T10:00:00"),
	}}}}
	g, _, err := Build(Config{Topic: "地铁", States: []*state.State{st}})
	if err != nil {
		t.Fatal(err)
	}
	var sources, queries []int
	for v := 0; v < g.NodeCount(); v++ {
		switch g.Type(v) {
		case graphrag.TypeSource:
			sources = append(sources, v)
		case graphrag.TypeSearchQuery:
			queries = append(queries, v)
		}
	}
	if len(sources) != 3 {
		t.Fatalf("sources: got %d, want 3", len(sources))
	}
	var urlLess []string
	notice := -1
	for _, v := range sources {
		switch g.String(v, "url") {
		case "":
			urlLess = append(urlLess, g.String(v, "content"))
		case "https://example.com/notice":
			notice = v
		}
	}
	if want := []string{p + "建议错峰出行。", p + "认为无需调整。"}; !slices.Equal(urlLess, want) {
		t.Errorf("URL-less sources: got %q, want %q", urlLess, want)
	}
	if notice < 0 {
		t.Fatal("no source for https://example.com/notice")
	}
	var qTexts []string
	for _, v := range queries {
		qTexts = append(qTexts, g.String(v, "query_text"))
	}
	if want := []string{"地铁延误 评论", "地铁延误 官方", "地铁 通告"}; !slices.Equal(qTexts, want) {
		t.Errorf("search_query nodes: got %q, want %q (one per distinct query text)", qTexts, want)
	}
	var foundFrom []string
	for i, ab := range g.EdgeEnds() {
		if int(ab[1]) == notice && g.Relation(i) == graphrag.RelFound {
			foundFrom = append(foundFrom, g.String(int(ab[0]), "query_text"))
		}
	}
	if want := []string{"地铁延误 官方", "地铁 通告"}; !slices.Equal(foundFrom, want) {
		t.Errorf("found edges into the notice source come from %q, want %q", foundFrom, want)
	}
}

// keyHasher.sum is prefix-free: moving bytes between parts, or a NUL inside a
// part, never gives the same hash (#8: ("ab","c") and ("a","bc") collided
// and then panicked in mustNode).
func TestHashPartsDistinct(t *testing.T) {
	var b keyHasher
	pairs := [][2][]string{
		{{"ab", "c"}, {"a", "bc"}},
		{{"a\x00b", "c"}, {"a", "b\x00c"}},
		{{"", "x"}, {"x", ""}},
		{{"text", "a"}, {"texta"}},
	}
	for _, pr := range pairs {
		h1 := b.sum(nil, pr[0]...)
		h2 := b.sum(nil, pr[1]...)
		if bytes.Equal(h1, h2) {
			t.Errorf("sum(%q) == sum(%q)", pr[0], pr[1])
		}
	}
}

// Two URL-less sources whose title and content split the same bytes
// differently stay two sources (and Build does not panic).
func TestBuildTextSourcesSplitDifferently(t *testing.T) {
	st := &state.State{Engine: state.EngineMedia, Query: "q", Paragraphs: []state.Paragraph{{Position: 0, Title: "P", Searches: []state.SearchRecord{
		rec(0, "a", "", "ab", "c"), rec(1, "a", "", "a", "bc"),
		rec(2, "a", "", "x\x00y", "z"), rec(3, "a", "", "x", "y\x00z"),
	}}}}
	g, _, err := Build(Config{Topic: "q", States: []*state.State{st}})
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]bool{}
	for v := 0; v < g.NodeCount(); v++ {
		if g.Type(v) == graphrag.TypeSource {
			ids[g.ID(v)] = true
		}
	}
	if len(ids) != 4 {
		t.Errorf("got %d distinct sources, want 4: %v", len(ids), ids)
	}
}
