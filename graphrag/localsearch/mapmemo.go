package localsearch

import (
	"encoding/binary"
	"math"
	"slices"

	"reportengine/graphrag/knowledge"
	"reportengine/internal/memo"
)

// mapMemoSize is how many question mappings (vectorMatches) a
// ContextBuilder keeps: a chat turn maps its question for the answer and
// again for its follow-up questions' context (questiongen's top-up), a
// serve client may ask a question again.
const mapMemoSize = 4

// mapping is what vectorMatches returns for one key.
type mapping struct {
	matched []MappedEntity
	rel     *Relevance
	lex     *knowledge.LexicalResult
}

// mapMemo keeps the last mapMemoSize mappings by mappingKey, the oldest
// replaced first (memo.FIFO). A mapping is a pure function of its key and
// the builder's immutable model, embedder and vector store, so a kept one
// is what a new computation returns (TestMapMemoOracle). Safe for
// concurrent use. On the 300 000-record graph it saves a chat turn's
// second mapping, 70–450 ms (docs/benchmarks.md).
type mapMemo struct {
	off  bool // tests: every mapping computed (the oracle)
	kept memo.FIFO[mapping]
}

// mappingKey identifies a mapping by everything vectorMatches reads: the
// embedded query, the question, and the parameters it uses.
func mappingKey(query, question string, p Params) string {
	var b []byte
	for _, s := range []string{query, question, p.Retrieval} {
		b = binary.AppendUvarint(b, uint64(len(s)))
		b = append(b, s...)
	}
	b = binary.AppendVarint(b, int64(p.TopKMappedEntities))
	b = binary.LittleEndian.AppendUint64(b, math.Float64bits(p.MaxEntityDistance))
	b = binary.LittleEndian.AppendUint64(b, math.Float64bits(p.MinSimilarity))
	return string(b)
}

// get returns a copy of the mapping kept for key (the caller may change
// its slices and relevance), false when none is kept.
func (c *mapMemo) get(key string) (mapping, bool) {
	if c.off {
		return mapping{}, false
	}
	v, ok := c.kept.Get(key)
	return v.clone(), ok
}

// put keeps a copy of v for key unless one is kept.
func (c *mapMemo) put(key string, v mapping) {
	if !c.off {
		c.kept.Put(key, v.clone(), 1, mapMemoSize)
	}
}

// clone copies m's entity list and relevance (the lexical result is
// read-only and shared, as knowledge.Lexical's own memo shares it).
func (m mapping) clone() mapping {
	out := mapping{matched: slices.Clone(m.matched), lex: m.lex}
	if m.rel != nil {
		r := *m.rel
		r.Terms, r.Names = slices.Clone(r.Terms), slices.Clone(r.Names)
		r.Found, r.Missing, r.Topical, r.Unasked = slices.Clone(r.Found), slices.Clone(r.Missing), slices.Clone(r.Topical), slices.Clone(r.Unasked)
		out.rel = &r
	}
	return out
}
