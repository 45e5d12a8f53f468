package localsearch

import (
	"slices"
	"testing"
)

func TestQueryTerms(t *testing.T) {
	for _, tc := range []struct {
		q    string
		want []string
	}{
		{"火星殖民", []string{"火星", "星殖", "殖民"}},
		{"李明为什么选择写字楼商圈？", []string{"李明", "选择", "择写", "写字", "字楼", "楼商", "商圈"}},
		{"樱花", []string{"樱花"}},
		{"Who is Alex Mercer?", []string{"alex", "mercer"}},
		{"Tell me about Dulce", []string{"dulce"}},
		{"什么是舆情的？", []string{"舆情"}},
		{"谁？", nil},
		{"A 5G 网", []string{"5g", "网"}},
	} {
		if got := queryTerms(tc.q); !slices.Equal(got, tc.want) {
			t.Errorf("queryTerms(%q) = %q, want %q", tc.q, got, tc.want)
		}
	}
}

func TestSharesTerm(t *testing.T) {
	for _, tc := range []struct {
		text  string
		terms []string
		want  bool
	}{
		{"AGENTS' CAMARADERIE the bond between the agents", []string{"agent"}, true},
		{"a reagent in the lab", []string{"agent"}, false},
		{"武汉大学樱花盛放", []string{"樱花"}, true},
		{"武汉大学樱花盛放", []string{"火星", "殖民"}, false},
		{"anything", nil, false},
	} {
		if got := sharesTerm(tc.text, tc.terms); got != tc.want {
			t.Errorf("sharesTerm(%q, %q) = %v, want %v", tc.text, tc.terms, got, tc.want)
		}
	}
}

// B24a on our fixture graph: with the floor a question about nothing in
// the graph maps to no entity; without it (0, the reference) the nearest
// entities are taken; a real question matches either way.
func TestMinSimilarityFloor(t *testing.T) {
	b := graphBuilder(t, "../../../shared/fixtures/bettafish", "武汉大学", "20250825_180214")
	for _, tc := range []struct {
		q     string
		floor float64
		match bool
	}{
		{"火星殖民", NoMatchSimilarity, false},
		{"火星殖民", 0, true},
		{"樱花", NoMatchSimilarity, true},
		{"火星殖民", 0.01, true}, // some hit is more similar than 0.01
	} {
		p := DefaultParams()
		p.MinSimilarity = tc.floor
		c, err := b.Build(t.Context(), tc.q, nil, p)
		if err != nil {
			t.Fatal(err)
		}
		if c.Matched() != tc.match {
			t.Errorf("%q floor %v: matched %v (%d entities), want %v", tc.q, tc.floor, c.Matched(), len(c.Entities), tc.match)
		}
	}
	p := DefaultParams()
	p.MinSimilarity = 1.5
	if err := p.Validate(); err == nil {
		t.Error("min_similarity 1.5 accepted")
	}
}
