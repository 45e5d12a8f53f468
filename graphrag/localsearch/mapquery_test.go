package localsearch

import (
	"errors"
	"math"
	"testing"

	"reportengine/graphrag/knowledge"
	"reportengine/internal/fixture"
)

// MapQuery is Build's entity mapping alone: the same entities in the same
// order, each with the store's distance and 1 − d/2 as its similarity.
func TestMapQueryIsBuildsMapping(t *testing.T) {
	b := graphBuilder(t, fixture.BettaFish(t))
	for _, tc := range []struct {
		name  string
		query string
		p     func(*Params)
	}{
		{"defaults", "武汉大学樱花季的网络舆情", func(*Params) {}},
		{"wide", "舆情走势与传播路径 时间线", func(p *Params) { p.TopKMappedEntities = 40 }},
		{"excluded", "武汉大学樱花季的网络舆情", func(p *Params) { p.ExcludeEntityNames = []string{"武汉大学"} }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := DefaultParams()
			tc.p(&p)
			c, err := b.Build(t.Context(), tc.query, nil, p)
			if err != nil {
				t.Fatal(err)
			}
			ms, err := b.MapQuery(t.Context(), tc.query, p)
			if err != nil {
				t.Fatal(err)
			}
			if len(ms) != len(c.Entities) || len(ms) == 0 {
				t.Fatalf("MapQuery gave %d entities, Build selected %d", len(ms), len(c.Entities))
			}
			// the distances are the store's own, recomputed here
			store := b.cfg.VectorStore.(*exactStore)
			qv, err := b.cfg.Embedder.Embed(t.Context(), []string{tc.query})
			if err != nil {
				t.Fatal(err)
			}
			prev := -1.0
			for i, m := range ms {
				if m.Entity.ID != c.Entities[i].ID {
					t.Errorf("entity %d: MapQuery %s, Build %s", i, m.Entity.ID, c.Entities[i].ID)
				}
				if !m.Matched {
					t.Errorf("entity %s not marked as a vector match", m.Entity.ID)
				}
				var d float64
				for k, id := range store.ids {
					if id == m.Entity.ID {
						for j := range qv[0] {
							x := float64(store.vecs[k][j]) - float64(qv[0][j])
							d += x * x
						}
					}
				}
				if math.Abs(d-m.Distance) > 1e-9 || math.Abs(m.Similarity-max(0, min(1, 1-d/2))) > 1e-9 {
					t.Errorf("entity %s: distance %v similarity %v, want %v and %v", m.Entity.ID, m.Distance, m.Similarity, d, 1-d/2)
				}
				if m.Distance < prev {
					t.Errorf("entity %s nearer than the one before it", m.Entity.ID)
				}
				prev = m.Distance
			}
		})
	}
}

func TestMapQueryEmptyKnowledge(t *testing.T) {
	b := newBuilder(t, knowledge.Parts{}, Config{})
	if _, err := b.MapQuery(t.Context(), "x", DefaultParams()); !errors.Is(err, ErrEmptyKnowledge) {
		t.Fatalf("err = %v, want ErrEmptyKnowledge", err)
	}
}
