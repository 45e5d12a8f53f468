package localsearch

import (
	"context"
	"fmt"
	"regexp"
	"sort"
	"strings"

	"reportengine/graphrag/knowledge"
)

// oversample is the reference's hard-coded oversample_scaler (§2).
const oversample = 2

var uuidRE = regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)

// mapQuery is map_query_to_entities (reference §2) on the embedded query
// text, with two fixes: hits are resolved through maps (no linear scan per
// hit, B33) and every entity is selected at most once.
func (b *ContextBuilder) mapQuery(ctx context.Context, query string, p Params) ([]knowledge.Entity, error) {
	ents := b.m.Entities()
	var matched []knowledge.Entity
	k := p.TopKMappedEntities
	if query != "" {
		if k > 0 && (b.cfg.Embedder == nil || b.cfg.VectorStore == nil) {
			return nil, fmt.Errorf("%w: mapping a query to entities needs Config.Embedder and Config.VectorStore", ErrConfig)
		}
		if k > 0 {
			vecs, err := b.cfg.Embedder.Embed(ctx, []string{query})
			if err != nil {
				return nil, fmt.Errorf("localsearch: embed query: %w", err)
			}
			if len(vecs) > 0 && len(vecs[0]) > 0 {
				hits, err := b.cfg.VectorStore.Nearest(ctx, vecs[0], k*oversample)
				if err != nil {
					return nil, fmt.Errorf("localsearch: vector search: %w", err)
				}
				for _, h := range hits {
					if p.MaxEntityDistance > 0 && h.Distance > p.MaxEntityDistance {
						continue
					}
					if e, ok := b.resolve(h.ID); ok {
						matched = append(matched, e)
					}
				}
			}
		}
	} else {
		order := make([]int, len(ents))
		for i := range order {
			order[i] = i
		}
		rank := func(i int) int {
			if ents[i].HasRank {
				return ents[i].Rank
			}
			return 0
		}
		sort.SliceStable(order, func(a, c int) bool { return rank(order[a]) > rank(order[c]) })
		for _, i := range order[:min(k, len(order))] {
			matched = append(matched, ents[i])
		}
	}
	if len(p.ExcludeEntityNames) > 0 {
		ex := map[string]bool{}
		for _, n := range p.ExcludeEntityNames {
			ex[n] = true
		}
		kept := matched[:0:0]
		for _, e := range matched {
			if !ex[e.Title] {
				kept = append(kept, e)
			}
		}
		matched = kept
	}
	var out []knowledge.Entity
	seen := map[string]bool{}
	add := func(e knowledge.Entity) {
		if !seen[e.ID] {
			seen[e.ID] = true
			out = append(out, e)
		}
	}
	for _, n := range p.IncludeEntityNames {
		for _, i := range b.m.EntitiesByTitle(n) {
			add(ents[i])
		}
	}
	for _, e := range matched {
		add(e)
	}
	return out, nil
}

// resolve finds the entity a vector-store document id names (by id or by
// title, per Config.EmbeddingVectorStoreKey); a UUID-shaped value also
// matches its dash-less form, as in the reference. Unresolvable ids (e.g.
// entities dropped by the community-level filter) are skipped.
func (b *ContextBuilder) resolve(id string) (knowledge.Entity, bool) {
	look := func(v string) (knowledge.Entity, bool) {
		if b.cfg.EmbeddingVectorStoreKey == "title" {
			if is := b.m.EntitiesByTitle(v); len(is) > 0 {
				return b.m.Entities()[is[0]], true
			}
			return knowledge.Entity{}, false
		}
		return b.m.EntityByID(v)
	}
	if e, ok := look(id); ok {
		return e, true
	}
	if uuidRE.MatchString(id) {
		return look(strings.ReplaceAll(id, "-", ""))
	}
	return knowledge.Entity{}, false
}
