package localsearch

import (
	"bufio"
	"encoding/json"
	"os"
	"testing"

	"reportengine/graphrag/knowledge"
	"reportengine/internal/fixture"
)

// questionsOf reads the questions of a question set (JSON Lines with a
// "question" field).
func questionsOf(t *testing.T, path string) []string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var qs []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var l struct{ Question string }
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatal(err)
		}
		qs = append(qs, l.Question)
	}
	return qs
}

// Matches answers as MapQuery's mapping does (some entity or none) for
// every question of the shipped sets on their graphs, off-topic ones
// included; the term statistics decide some of them (no vector search)
// and leave others to the mapping.
func TestMatchesAsMapQuery(t *testing.T) {
	for _, tc := range []struct {
		name string
		run  func(testing.TB) fixture.Run
		sets []string
	}{
		{"bettafish", fixture.BettaFish, []string{"../../eval/testdata/bettafish.jsonl", "../../eval/testdata/bettafish-heldout.jsonl"}},
		{"coffee-shop", fixture.Coffee, []string{"../../examples/coffee-shop/questions.jsonl"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := graphBuilder(t, tc.run(t))
			p := DefaultParams()
			p.Retrieval, p.MinSimilarity = RetrievalHybrid, NoMatchSimilarity
			var byTerms, mapped, none int
			for _, set := range tc.sets {
				for _, q := range questionsOf(t, set) {
					ms, err := b.MapQuery(t.Context(), q, p)
					if err != nil {
						t.Fatal(err)
					}
					got, err := b.Matches(t.Context(), q, p)
					if err != nil {
						t.Fatal(err)
					}
					if got != (len(ms) > 0) {
						t.Errorf("%q: Matches %v, MapQuery found %d entities", q, got, len(ms))
					}
					switch {
					case b.matchedByTerms(q, p):
						byTerms++
					case len(ms) > 0:
						mapped++
					default:
						none++
					}
				}
			}
			if byTerms == 0 || none == 0 {
				t.Errorf("decided by terms %d, by the mapping %d, matching nothing %d: want both rules exercised", byTerms, mapped, none)
			}
		})
	}
}

// The shortcut decides only what it can prove: an entity holding the
// term that is bookkeeping (a search query: never fused) is no witness;
// excluded names or vector retrieval leave the answer to the mapping.
func TestMatchedByTermsRules(t *testing.T) {
	parts := knowledge.Parts{
		Entities: []knowledge.Entity{
			{ID: "q", Title: "网络搜索", Type: "search_query", Description: "樱花樱花樱花 的搜索"},
			{ID: "s", Title: "来源", Type: "source", Description: "樱花樱花 大道"},
		},
		Source: knowledge.Source{Kind: "reportengine-graph"},
	}
	p := DefaultParams()
	p.Retrieval, p.MinSimilarity = RetrievalHybrid, NoMatchSimilarity
	b := newBuilder(t, parts, Config{Embedder: &stubEmbedder{}, VectorStore: &exactStore{}})
	if !b.matchedByTerms("樱花", p) {
		t.Fatal("樱花 is held by the source s: want it decided by the terms")
	}
	for name, q := range map[string]Params{
		"excluded names": func() Params { x := p; x.ExcludeEntityNames = []string{"来源"}; return x }(),
		"vector":         func() Params { x := p; x.Retrieval = RetrievalVector; return x }(),
	} {
		if b.matchedByTerms("樱花", q) {
			t.Errorf("%s: decided by the terms, want the mapping to decide", name)
		}
	}
	parts.Entities[1].Description = "大道"
	b = newBuilder(t, parts, Config{Embedder: &stubEmbedder{}, VectorStore: &exactStore{}})
	if b.matchedByTerms("樱花", p) {
		t.Error("樱花 held by the search query alone (bookkeeping): decided by the terms, want the mapping to decide")
	}
}
