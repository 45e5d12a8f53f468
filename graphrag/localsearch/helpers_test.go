package localsearch

import (
	"context"
	"sort"
	"testing"
	"unicode/utf8"

	"reportengine/graphrag/knowledge"
	"reportengine/llm"
)

// runeTokenizer counts one token per rune: budgets in tests can then be
// computed by hand.
type runeTokenizer struct{}

func (runeTokenizer) Count(s string) int { return utf8.RuneCountInString(s) }

// stubEmbedder maps known texts to fixed vectors; unknown texts get the
// zero vector of the same size (or fail when err is set).
type stubEmbedder struct {
	vecs map[string][]float32
	dim  int
	err  error
}

func (s *stubEmbedder) Embed(_ context.Context, texts []string) ([][]float32, error) {
	if s.err != nil {
		return nil, s.err
	}
	out := make([][]float32, len(texts))
	for i, t := range texts {
		if v, ok := s.vecs[t]; ok {
			out[i] = v
		} else {
			out[i] = make([]float32, s.dim)
		}
	}
	return out, nil
}

func (s *stubEmbedder) Info() llm.EmbedderInfo {
	return llm.EmbedderInfo{Provider: "test", Model: "stub", Dimensions: s.dim}
}

// exactStore is a brute-force L2 store: nearest first, ties by id.
type exactStore struct {
	ids  []string
	vecs [][]float32
}

func (s *exactStore) Nearest(_ context.Context, q []float32, k int) ([]knowledge.Neighbor, error) {
	var out []knowledge.Neighbor
	for i, v := range s.vecs {
		d := 0.0
		for j := range v {
			x := float64(v[j]) - float64(q[j])
			d += x * x
		}
		out = append(out, knowledge.Neighbor{ID: s.ids[i], Distance: d})
	}
	sort.SliceStable(out, func(a, b int) bool {
		if out[a].Distance != out[b].Distance {
			return out[a].Distance < out[b].Distance
		}
		return out[a].ID < out[b].ID
	})
	return out[:min(k, len(out))], nil
}

func claim(short, subject, desc string) knowledge.Covariate {
	return knowledge.Covariate{ID: "cl" + short, ShortID: short, SubjectID: subject, SubjectType: "entity", CovariateType: "claim",
		Attributes: []knowledge.Attribute{{Key: "object_id", Value: "NONE"}, {Key: "status", Value: "TRUE"},
			{Key: "start_date", Value: "NONE"}, {Key: "end_date", Value: "NONE"}, {Key: "description", Value: desc}}}
}

// smallParts is a hand-made model; expected context strings in the tests
// are written out from reference §3 by hand.
func smallParts() knowledge.Parts {
	return knowledge.Parts{
		Entities: []knowledge.Entity{
			{ID: "e1", ShortID: "0", Title: "ALPHA", Description: "Alpha is a team.", Rank: 2, HasRank: true, CommunityIDs: []string{"1"}, TextUnitIDs: []string{"t1"}},
			{ID: "e2", ShortID: "1", Title: "BETA", Description: `Beta leads "ops".`, Rank: 3, HasRank: true, CommunityIDs: []string{"1", "2"}, TextUnitIDs: []string{"t2", "t1"}},
			{ID: "e3", ShortID: "2", Title: "GAMMA", Description: "Gamma is far.", Rank: 1, HasRank: true, CommunityIDs: []string{"2"}, TextUnitIDs: []string{"t2"}},
		},
		Relationships: []knowledge.Relationship{
			{ID: "r0", ShortID: "0", Source: "ALPHA", Target: "BETA", Description: "works with", Weight: 2, HasWeight: true, Rank: 5, HasRank: true, TextUnitIDs: []string{"t1"}},
			{ID: "r1", ShortID: "1", Source: "BETA", Target: "GAMMA", Description: "commands", Weight: 1.5, HasWeight: true, Rank: 4, HasRank: true, TextUnitIDs: []string{"t2"}},
			{ID: "r2", ShortID: "2", Source: "ALPHA", Target: "GAMMA", Description: "knows", Weight: 1, HasWeight: true, Rank: 3, HasRank: true, TextUnitIDs: []string{"t2"}},
		},
		TextUnits: []knowledge.TextUnit{
			{ID: "t1", ShortID: "0", Text: "Alpha and Beta met.\nThey talked.", RelationshipIDs: []string{"r0"}},
			{ID: "t2", ShortID: "1", Text: "Beta commands Gamma.", RelationshipIDs: []string{"r1", "r2"}},
		},
		Reports: []knowledge.CommunityReport{
			{ID: "c1", ShortID: "1", CommunityID: "1", Title: "Team", FullContent: "# Team\n\nAlpha and Beta.", Summary: "Alpha and Beta.", Rank: 8.5, HasRank: true},
			{ID: "c2", ShortID: "2", CommunityID: "2", Title: "Far", FullContent: "Gamma region", Summary: "Gamma", Rank: 7, HasRank: true},
		},
		Covariates: map[string][]knowledge.Covariate{"claims": {claim("0", "BETA", `Beta did "x".`)}},
	}
}

func newBuilder(t testing.TB, p knowledge.Parts, cfg Config) *ContextBuilder {
	t.Helper()
	m, err := knowledge.New(p)
	if err != nil {
		t.Fatal(err)
	}
	b, err := NewContextBuilder(m, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// UnknownCitations returns the citations whose id the context did not
// show (an unknown dataset or an id outside the section).
func (r *Result) UnknownCitations() []Citation {
	var out []Citation
	for _, c := range r.Citations {
		if !c.InContext {
			out = append(out, c)
		}
	}
	return out
}
