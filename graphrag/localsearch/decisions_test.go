package localsearch

import (
	"slices"
	"testing"
)

// ExcludeEntityNames drops the named titles from the vector matches, keeps
// the others in their distance order, and does not apply to
// IncludeEntityNames (reference §2 map_query_to_entities). The expected
// ids are written from the hand-made vectors: e1 nearest the query, then
// e2, then e3.
func TestExcludeEntityNamesDropsMatches(t *testing.T) {
	b := newBuilder(t, smallParts(), Config{
		Embedder: &stubEmbedder{dim: 2, vecs: map[string][]float32{"q": {1, 0}}},
		VectorStore: &exactStore{ids: []string{"e1", "e2", "e3"},
			vecs: [][]float32{{1, 0}, {0.8, 0.6}, {0, 1}}},
	})
	ids := func(p Params) []string {
		t.Helper()
		ms, err := b.MapQuery(t.Context(), "q", p)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, m := range ms {
			out = append(out, m.Entity.ID)
		}
		return out
	}
	p := DefaultParams()
	if got, want := ids(p), []string{"e1", "e2", "e3"}; !slices.Equal(got, want) {
		t.Fatalf("no exclusion: %v, want %v", got, want)
	}
	p.ExcludeEntityNames = []string{"BETA"}
	if got, want := ids(p), []string{"e1", "e3"}; !slices.Equal(got, want) {
		t.Errorf("BETA excluded: %v, want %v", got, want)
	}
	p.ExcludeEntityNames = []string{"ALPHA", "GAMMA"}
	if got, want := ids(p), []string{"e2"}; !slices.Equal(got, want) {
		t.Errorf("ALPHA and GAMMA excluded: %v, want %v", got, want)
	}
	// an included title stays even when it is also excluded
	p.IncludeEntityNames = []string{"GAMMA"}
	if got, want := ids(p), []string{"e3", "e2"}; !slices.Equal(got, want) {
		t.Errorf("GAMMA included and excluded: %v, want %v", got, want)
	}
	// the full context build selects the same entities
	p = DefaultParams()
	p.ExcludeEntityNames = []string{"BETA"}
	c, err := b.Build(t.Context(), "q", nil, p)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range c.Entities {
		got = append(got, e.ID)
	}
	if want := []string{"e1", "e3"}; !slices.Equal(got, want) {
		t.Errorf("Build with BETA excluded selected %v, want %v", got, want)
	}
}

// An entity named in IncludeEntityNames that the vector search also
// matches is selected once, at its included place (reference §2 adds
// included + matched; we keep each entity once).
func TestIncludedAndMatchedEntitySelectedOnce(t *testing.T) {
	b := newBuilder(t, smallParts(), Config{
		Embedder: &stubEmbedder{dim: 2, vecs: map[string][]float32{"q": {1, 0}}},
		VectorStore: &exactStore{ids: []string{"e1", "e2", "e3"},
			vecs: [][]float32{{1, 0}, {0.8, 0.6}, {0, 1}}},
	})
	p := DefaultParams()
	p.IncludeEntityNames = []string{"BETA", "ALPHA", "BETA"}
	ms, err := b.MapQuery(t.Context(), "q", p)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range ms {
		got = append(got, m.Entity.ID)
	}
	if want := []string{"e2", "e1", "e3"}; !slices.Equal(got, want) {
		t.Errorf("selected %v, want %v", got, want)
	}
	if ms[0].Matched || ms[1].Matched || !ms[2].Matched {
		t.Errorf("matched flags %v %v %v, want false false true", ms[0].Matched, ms[1].Matched, ms[2].Matched)
	}
}
