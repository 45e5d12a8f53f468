package localsearch

import (
	"math"
	"slices"
	"strings"
	"testing"

	"reportengine/graphrag/knowledge"
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

// The relevance floor with the vector store search uses (ExactStore, which
// reports the distribution of distances) on the BettaFish fixture graph:
// questions about the graph stand out of it by 3 standard deviations or
// more; "今天天气怎么样？" shares only 今天 with one entity and does not, so
// it is a weak match (no entity, no model call); "How do I bake bread?"
// shares no term. The Relevance of each build carries the figures, which
// are checked against the distances computed here.
func TestWeakMatchOnFixture(t *testing.T) {
	b := graphBuilder(t, "../../../shared/fixtures/bettafish", "武汉大学", "20250825_180214")
	ts := b.cfg.VectorStore.(*exactStore)
	ids := ts.ids
	store, err := knowledge.NewExactStore(knowledge.ExactStoreConfig{Info: b.cfg.Embedder.Info(), IDs: ids, Vectors: ts.vecs})
	if err != nil {
		t.Fatal(err)
	}
	eb, err := NewContextBuilder(b.m, Config{Embedder: b.cfg.Embedder, VectorStore: store})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		q      string
		weak   bool
		shared bool
	}{
		{"今天天气怎么样？", true, true},
		{"How do I bake bread?", true, false},
		{"武汉大学樱花季的舆情如何？", false, true},
		{"杨景媛论文", false, true},
		{"网民对武大的负面情绪", false, true},
		{"What do people say about Wuhan University?", false, true},
		{"樱花", false, true},
	} {
		p := DefaultParams()
		p.MinSimilarity = NoMatchSimilarity
		c, err := eb.Build(t.Context(), tc.q, nil, p)
		if err != nil {
			t.Fatal(err)
		}
		r := c.Relevance
		if r == nil {
			t.Fatalf("%q: no relevance", tc.q)
		}
		if r.Weak != tc.weak || r.SharedTerm != tc.shared || c.Matched() == tc.weak {
			t.Errorf("%q: %+v, %d entities; want weak %v, shared term %v", tc.q, *r, len(c.Entities), tc.weak, tc.shared)
		}
		// the standout, from every entity's distance to the embedded question
		qv, _ := b.cfg.Embedder.Embed(t.Context(), []string{tc.q})
		var ds []float64
		for _, v := range ts.vecs {
			var d float64
			for k := range v {
				x := float64(v[k]) - float64(qv[0][k])
				d += x * x
			}
			ds = append(ds, d)
		}
		var sum, sq float64
		for _, d := range ds {
			sum += d
			sq += d * d
		}
		mean := sum / float64(len(ds))
		std := math.Sqrt(sq/float64(len(ds)) - mean*mean)
		if want := (mean - slices.Min(ds)) / std; r.Compared != len(ids) || math.Abs(r.Standout-want) > 1e-9 {
			t.Errorf("%q: standout %v over %d, want %v over %d", tc.q, r.Standout, r.Compared, want, len(ids))
		}
		if r.Weak && !strings.Contains(r.Message(), "nothing relevant") {
			t.Errorf("%q: message %q", tc.q, r.Message())
		}
	}
}
