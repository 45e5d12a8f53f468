package localsearch

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"

	"reportengine/graphrag/knowledge"
	"reportengine/text"
)

// oversample is the reference's hard-coded oversample_scaler (§2).
const oversample = 2

var uuidRE = regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)

// MappedEntity is one entity a query was mapped to (see MapQuery).
type MappedEntity struct {
	Entity knowledge.Entity
	// Distance is the vector store's distance of the entity to the
	// embedded query (squared L2 for the default ExactStore: 2 − 2·cos on
	// unit vectors); 0 for an included or rank-selected entity.
	Distance float64
	// Similarity is 1 − Distance/2 clamped to [0, 1]: the cosine for unit
	// vectors under the L2 metric; 0 when Matched is false.
	Similarity float64
	// Matched is true for an entity found by the vector search (or, in
	// hybrid retrieval, the lexical search), false for one put in by
	// IncludeEntityNames or by the empty query's rank order.
	Matched bool
	// Lexical is the entity's lexical score (knowledge.LexicalResult) and
	// Fused its reciprocal-rank-fusion score, in hybrid retrieval only (0
	// otherwise). An entity found only lexically has Distance and
	// Similarity 0.
	Lexical, Fused float64
}

// MapQuery is the retrieval step of local search alone: the query's
// mapping to entities exactly as Build does it (reference §2
// map_query_to_entities: embed the query, ask the VectorStore for
// 2·TopKMappedEntities neighbours, drop those beyond MaxEntityDistance,
// resolve them, drop them all when Params.MinSimilarity finds none
// relevant, drop ExcludeEntityNames, put IncludeEntityNames first,
// each entity once), with each entity's distance kept. Build(query, nil,
// p).Entities equals the Entity fields of MapQuery(query, p), in order.
// No context is packed and nothing is tokenised, so a caller that only
// needs candidates (the report's evidence plan) pays for one embedding
// and one vector search. Errors: as Build's for the mapping step (ErrConfig
// without Embedder/VectorStore for a non-empty query, embedder and store
// errors, ErrEmptyKnowledge).
func (b *ContextBuilder) MapQuery(ctx context.Context, query string, p Params) ([]MappedEntity, error) {
	if len(b.m.Entities()) == 0 {
		return nil, fmt.Errorf("localsearch: %w", ErrEmptyKnowledge)
	}
	query = b.readQuestion(query, p)
	ms, _, err := b.mapQuery(ctx, query, query, p, nil)
	return ms, err
}

// readQuestion is q as hybrid retrieval reads a question: traditional
// characters and written Cantonese read as the simplified Mandarin the
// knowledge is indexed in (text.Question), then a misheard word as the
// homophone the knowledge holds (knowledge.Lexical.Heard); q itself under
// RetrievalVector, whose mapping is the reference's and must embed the
// question as asked.
func (b *ContextBuilder) readQuestion(q string, p Params) string {
	if p.Retrieval == RetrievalHybrid {
		return b.m.Lexical().Heard(text.Question(q))
	}
	return q
}

// entitiesOf returns the entities of a mapping, in order.
func entitiesOf(ms []MappedEntity) []knowledge.Entity {
	out := make([]knowledge.Entity, len(ms))
	for i, m := range ms {
		out[i] = m.Entity
	}
	return out
}

// rrfK is the constant of reciprocal rank fusion (Cormack, Clarke and
// Büttcher 2009): an entity ranked r in a list gets 1/(rrfK + r), r from 1.
const rrfK = 60

// mapQuery is map_query_to_entities (reference §2) on the embedded query
// text, with two fixes: hits are resolved through maps (no linear scan per
// hit, B33) and every entity is selected at most once. question is the
// question alone (the relevance gate reads it, never the history); lex,
// when not nil, receives the lexical search of the embedded text when
// hybrid retrieval or the gate ran it.
func (b *ContextBuilder) mapQuery(ctx context.Context, query, question string, p Params, lex **knowledge.LexicalResult) ([]MappedEntity, *Relevance, error) {
	var matched []MappedEntity
	var rel *Relevance
	k := p.TopKMappedEntities
	switch {
	case query == "":
		matched = b.rankMatches(k)
	case k > 0:
		if b.cfg.Embedder == nil || b.cfg.VectorStore == nil {
			return nil, nil, fmt.Errorf("%w: mapping a query to entities needs Config.Embedder and Config.VectorStore", ErrConfig)
		}
		var err error
		if matched, rel, err = b.vectorMatches(ctx, query, question, p, lex); err != nil {
			return nil, nil, err
		}
	}
	matched = slices.DeleteFunc(matched, func(e MappedEntity) bool {
		return slices.Contains(p.ExcludeEntityNames, e.Entity.Title)
	})
	var out []MappedEntity
	seen := map[string]bool{}
	add := func(e MappedEntity) {
		if !seen[e.Entity.ID] {
			seen[e.Entity.ID] = true
			out = append(out, e)
		}
	}
	ents := b.m.Entities()
	for _, n := range p.IncludeEntityNames {
		for _, i := range b.m.EntitiesByTitle(n) {
			add(MappedEntity{Entity: ents[i]})
		}
	}
	for _, e := range matched {
		add(e)
	}
	return out, rel, nil
}

// rankMatches is the empty query's mapping: the k entities of highest rank
// (null = 0), ties in list order.
func (b *ContextBuilder) rankMatches(k int) []MappedEntity {
	ents := b.m.Entities()
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
	var matched []MappedEntity
	for _, i := range order[:min(k, len(order))] {
		matched = append(matched, MappedEntity{Entity: ents[i]})
	}
	return matched
}

// vectorMatches embeds query and returns its 2·TopKMappedEntities nearest
// entities within MaxEntityDistance; with MinSimilarity the relevance gate
// may drop them all, and hybrid retrieval fuses them with the lexical
// search (see mapQuery for question and lex). The last few mappings are
// kept (mapMemo); an error is not.
func (b *ContextBuilder) vectorMatches(ctx context.Context, query, question string, p Params, lex **knowledge.LexicalResult) ([]MappedEntity, *Relevance, error) {
	key := mappingKey(query, question, p)
	v, ok := b.maps.get(key)
	if !ok {
		var err error
		if v, err = b.mapVectors(ctx, query, question, p); err != nil {
			return nil, nil, err
		}
		b.maps.put(key, v)
	}
	if lex != nil && v.lex != nil {
		*lex = v.lex
	}
	return v.matched, v.rel, nil
}

// mapVectors is vectorMatches without the memo: the mapping, and the
// lexical search when hybrid retrieval or the gate ran it.
func (b *ContextBuilder) mapVectors(ctx context.Context, query, question string, p Params) (mapping, error) {
	k := p.TopKMappedEntities
	vecs, err := b.cfg.Embedder.Embed(ctx, []string{query})
	if err != nil {
		return mapping{}, fmt.Errorf("localsearch: embed query: %w", err)
	}
	if len(vecs) == 0 || len(vecs[0]) == 0 {
		return mapping{}, nil
	}
	hits, err := b.cfg.VectorStore.Nearest(ctx, vecs[0], k*oversample)
	if err != nil {
		return mapping{}, fmt.Errorf("localsearch: vector search: %w", err)
	}
	var matched []MappedEntity
	for _, h := range hits {
		if p.MaxEntityDistance > 0 && h.Distance > p.MaxEntityDistance {
			continue
		}
		if e, ok := b.resolve(h.ID); ok {
			sim := max(0, min(1, 1-h.Distance/2))
			matched = append(matched, MappedEntity{Entity: e, Distance: h.Distance, Similarity: sim, Matched: true})
		}
	}
	hybrid := p.Retrieval == RetrievalHybrid
	if p.MinSimilarity <= 0 && !hybrid {
		return mapping{matched: matched}, nil
	}
	lr, gate, names, asked := b.lexical(query, question)
	var rel *Relevance
	if p.MinSimilarity > 0 {
		best := 0.0
		for _, h := range matched {
			best = max(best, h.Similarity)
		}
		counts := hybrid && text.AsksPlatformCount(question)
		feels := hybrid && !counts && text.AsksSentiment(question)
		switch {
		case counts:
			gate = b.countGate(question, gate)
		case feels:
			gate = b.sentimentGate(gate)
		case hybrid:
			gate = b.peopleGate(question, gate)
		}
		rel = judge(gate, names, asked, best, p.MinSimilarity, text.Measured(question)...)
		rel.quoted(b.m.Lexical(), question)
		rel.coHeld(b.m.TextUnits(), lr, gate)
		if (counts || feels) && gate == nil {
			rel.Weak = false // a count over all the sources (countGate), the sentiment of the whole knowledge (sentimentGate)
		}
		if rel.Weak {
			matched = nil
		}
	}
	if hybrid && (rel == nil || !rel.Weak) {
		matched = b.fuse(matched, lr, k*oversample)
	}
	return mapping{matched: matched, rel: rel, lex: lr}, nil
}

// resolve finds the entity a vector-store document id names (by id); a
// UUID-shaped value also matches its dash-less form, as in the reference.
// Unresolvable ids (e.g. entities dropped by the community-level filter)
// are skipped.
func (b *ContextBuilder) resolve(id string) (knowledge.Entity, bool) {
	if e, ok := b.m.EntityByID(id); ok || !uuidRE.MatchString(id) {
		return e, ok
	}
	return b.m.EntityByID(strings.ReplaceAll(id, "-", ""))
}
