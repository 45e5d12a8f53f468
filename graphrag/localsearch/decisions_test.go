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

// The gate's bars are inclusive: a vector hit exactly at the similarity
// floor, and topical terms carrying exactly MinCoverage of the question's
// weight, make a question strong. Weights (knowledge.TermWeight): general
// share 1e-4 → 1, 1e-5 → 2, so 1 of 1+2 is exactly 1/3.
func TestJudgeBarsInclusive(t *testing.T) {
	ts := func(term string, count int, general, lift float64) knowledge.TermStat {
		return knowledge.TermStat{Term: term, Matched: term, Count: count, Docs: count, General: general, Lift: lift}
	}
	none := []knowledge.TermStat{ts("x", 0, 0, 0)}
	if r := judge(none, nil, nil, NoMatchSimilarity, NoMatchSimilarity); r.Weak {
		t.Errorf("similarity at the floor: weak (%+v)", r)
	}
	if r := judge(none, nil, nil, NoMatchSimilarity-1e-9, NoMatchSimilarity); !r.Weak {
		t.Errorf("similarity just under the floor: strong (%+v)", r)
	}
	// passing is used twice (used once, it would count as lacking:
	// knowledge.MissingShare)
	at := []knowledge.TermStat{ts("topical", 5, 1e-4, 50), ts("passing", 2, 1e-5, 1)}
	r := judge(at, nil, nil, 0, NoMatchSimilarity)
	if r.Coverage != MinCoverage {
		t.Fatalf("coverage %v, want exactly %v (the case is built for it)", r.Coverage, MinCoverage)
	}
	if r.Weak {
		t.Errorf("coverage at the bar: weak (%+v)", r)
	}
	under := []knowledge.TermStat{ts("topical", 5, 1e-4, 50), ts("passing", 1, 1e-5, 1), ts("more", 1, 1e-4, 1)}
	if r := judge(under, nil, nil, 0, NoMatchSimilarity); !r.Weak || r.Coverage >= MinCoverage {
		t.Errorf("coverage 1/4: strong (%+v)", r)
	}
}

// Fusion cuts the lexical ranking to its first n entities before fusing
// (hybrid.go): with n = 2, D's third lexical place does not count, so A
// (lexical 1st) and D (vector 1st) tie at 1/61 and A, the better lexical
// rank, comes first. Counting D's third place would give D 1/61 + 1/63
// and put it first.
func TestFuseCutsLexicalList(t *testing.T) {
	m, err := knowledge.New(knowledge.Parts{Entities: []knowledge.Entity{
		{ID: "A", Title: "A", Type: "source"}, {ID: "B", Title: "B", Type: "source"}, {ID: "C", Title: "C", Type: "section"},
		{ID: "D", Title: "D", Type: "source"},
	}, Source: knowledge.Source{Kind: "reportengine-graph"}})
	if err != nil {
		t.Fatal(err)
	}
	b, err := NewContextBuilder(m, Config{})
	if err != nil {
		t.Fatal(err)
	}
	ents := m.Entities()
	vec := []MappedEntity{{Entity: ents[3], Matched: true}}
	lr := knowledge.NewLexicalResult(nil, []knowledge.Scored{{Entity: 0, Score: 9}, {Entity: 1, Score: 8}, {Entity: 3, Score: 7}}, nil)
	var ids []string
	for _, g := range b.fuse(vec, lr, 2) {
		ids = append(ids, g.Entity.ID)
	}
	if want := []string{"A", "D"}; !slices.Equal(ids, want) {
		t.Errorf("fused %v, want %v", ids, want)
	}
}
