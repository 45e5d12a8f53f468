package localsearch

import (
	"context"

	"reportengine/text"
)

// Matches reports whether MapQuery(ctx, query, p) maps query to at least
// one entity: the relevance gate a candidate follow-up question must pass
// (questiongen's screening asks it of every candidate, a few per chat
// turn).
//
// When the term statistics decide it, no vector search and no lexical
// ranking is run (on the 300 000-record graph those are most of a chat
// turn's screening): in hybrid retrieval with no ExcludeEntityNames, a
// question whose topical terms carry MinCoverage of its weight is relevant
// whatever its nearest entities (judge), and an entity that is not
// bookkeeping and whose own document holds one of its matched words
// scores lexically, so the fusion keeps at least one entity. Otherwise
// the answer is MapQuery's. Errors: MapQuery's when it runs; the shortcut
// asks neither the embedder nor the vector store, so an embedder that
// would fail on the candidate is not noticed there.
func (b *ContextBuilder) Matches(ctx context.Context, query string, p Params) (bool, error) {
	query = b.readQuestion(query, p)
	if b.matchedByTerms(query, p) {
		return true, nil
	}
	ms, err := b.MapQuery(ctx, query, p)
	return len(ms) > 0, err
}

// matchedByTerms is Matches' shortcut: true when the term statistics of
// query show that MapQuery maps it to an entity (see Matches), false when
// they do not decide.
func (b *ContextBuilder) matchedByTerms(query string, p Params) bool {
	ents := b.m.Entities()
	if p.Retrieval != RetrievalHybrid || query == "" || p.TopKMappedEntities <= 0 || len(p.ExcludeEntityNames) > 0 ||
		b.cfg.Embedder == nil || b.cfg.VectorStore == nil || len(ents) == 0 {
		return false
	}
	x := b.m.Lexical()
	terms := gateTerms(x, query) // the gate's terms: MapQuery's question is its query
	stats := x.Stats(terms)
	if p.MinSimilarity > 0 && judge(stats, questionNames(x, query, terms, stats), x.Unasked(query), 0, p.MinSimilarity, text.Measured(query)...).Weak {
		return false // the vector search's best similarity decides
	}
	for _, s := range stats {
		if s.Matched == "" {
			continue
		}
		for _, i := range x.EntitiesHolding(s.Matched) {
			if !b.m.IsBookkeeping(ents[i]) {
				return true
			}
		}
	}
	return false
}
