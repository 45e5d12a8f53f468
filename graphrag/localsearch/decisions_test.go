package localsearch

import (
	"slices"
	"testing"

	"reportengine/graphrag/knowledge"
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

// A text unit that a relationship lists twice counts once for that
// relationship when the units of an entity are ordered by how many of its
// relationships list them (reference §3.8: a membership test, `unit.id in
// rel.text_unit_ids`). Here t1 and t2 are each listed by one relationship
// of ALPHA, so they keep ALPHA's order (t1, t2); counting the repeats of
// r0 would put t2 first.
func TestSourceOrderCountsRepeatedUnitOnce(t *testing.T) {
	p := knowledge.Parts{
		Entities: []knowledge.Entity{
			{ID: "e1", ShortID: "0", Title: "ALPHA", Description: "a", TextUnitIDs: []string{"t1", "t2"}},
			{ID: "e2", ShortID: "1", Title: "BETA", Description: "b"},
			{ID: "e3", ShortID: "2", Title: "GAMMA", Description: "c"},
		},
		Relationships: []knowledge.Relationship{
			{ID: "r0", ShortID: "0", Source: "ALPHA", Target: "BETA", Description: "x", TextUnitIDs: []string{"t2", "t2", "t2"}},
			{ID: "r1", ShortID: "1", Source: "ALPHA", Target: "GAMMA", Description: "y", TextUnitIDs: []string{"t1"}},
		},
		TextUnits: []knowledge.TextUnit{
			{ID: "t1", ShortID: "10", Text: "first unit"},
			{ID: "t2", ShortID: "11", Text: "second unit"},
		},
	}
	b := newBuilder(t, p, Config{
		Embedder:    &stubEmbedder{dim: 2, vecs: map[string][]float32{"q": {1, 0}}},
		VectorStore: &exactStore{ids: []string{"e1", "e2", "e3"}, vecs: [][]float32{{1, 0}, {0.8, 0.6}, {0, 1}}},
	})
	c, err := b.Build(t.Context(), "q", nil, DefaultParams())
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range c.Records["sources"].Rows {
		got = append(got, r[0])
	}
	if want := []string{"10", "11"}; !slices.Equal(got, want) {
		t.Errorf("source rows %v, want %v", got, want)
	}
	// and a unit listed more often by distinct relationships does come first
	p.Relationships[0].TextUnitIDs = []string{"t2"}
	p.Relationships = append(p.Relationships, knowledge.Relationship{ID: "r2", ShortID: "2", Source: "GAMMA", Target: "ALPHA", Description: "z", TextUnitIDs: []string{"t2"}})
	b = newBuilder(t, p, Config{
		Embedder:    &stubEmbedder{dim: 2, vecs: map[string][]float32{"q": {1, 0}}},
		VectorStore: &exactStore{ids: []string{"e1", "e2", "e3"}, vecs: [][]float32{{1, 0}, {0.8, 0.6}, {0, 1}}},
	})
	if c, err = b.Build(t.Context(), "q", nil, DefaultParams()); err != nil {
		t.Fatal(err)
	}
	got = got[:0]
	for _, r := range c.Records["sources"].Rows {
		got = append(got, r[0])
	}
	if want := []string{"11", "10"}; !slices.Equal(got, want) {
		t.Errorf("with two relationships listing t2: source rows %v, want %v", got, want)
	}
}
