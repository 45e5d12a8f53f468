package localsearch

import (
	"cmp"
	"slices"

	"reportengine/graphrag/knowledge"
	"reportengine/text"
)

// Retrieval modes (Params.Retrieval).
const (
	// RetrievalVector is the reference's mapping: the vector search's
	// nearest entities only (also the zero value "").
	RetrievalVector = "vector"
	// RetrievalHybrid fuses the vector search with the lexical search of
	// the knowledge (BM25 over entity documents and text units, on the
	// question's content terms) by reciprocal rank fusion; bookkeeping
	// records (knowledge.Model.IsBookkeeping) are left out of the selected
	// entities, and the Sources section puts the text units that match the
	// question best first.
	RetrievalHybrid = "hybrid"
)

// lexical runs the lexical search of the embedded text (question and
// history) and returns it with the statistics of the gate's terms and of
// the names the question asks about (subjectNames) and the words of what it
// asks for that the knowledge never uses (knowledge.Lexical.Unasked): the question's own
// terms, or, for a follow-up that takes its subject from the history
// (refersBack: "那后来呢？", "他后来又说了什么？"), those of the embedded
// text (the earlier questions' with its own).
func (b *ContextBuilder) lexical(embedded, question string) (lr *knowledge.LexicalResult, gate, names []knowledge.TermStat, asked []string) {
	x := b.m.Lexical()
	lr = x.Search(text.Terms(embedded))
	own := gateTerms(x, question)
	byTerm := make(map[string]knowledge.TermStat, len(lr.Terms))
	for _, s := range lr.Terms {
		byTerm[s.Term] = s
	}
	gate = make([]knowledge.TermStat, 0, len(own))
	for _, t := range own {
		s, ok := byTerm[t.Text]
		if !ok {
			gate = x.Stats(own) // Search(own).Terms, without the ranking
			break
		}
		gate = append(gate, s)
	}
	names, asked = questionNames(x, question, own, gate), x.Unasked(question)
	if embedded != question && refersBack(question, gate) {
		return lr, lr.Terms, names, asked
	}
	return lr, gate, names, asked
}

// gateTerms are the terms the relevance gate judges a question by:
// text.Terms without a word the dictionary lacks and x never uses that
// follows a determiner (text.Anaphoric: 这家租户), which names the
// question's subject by the asker's role for it, not a subject the
// knowledge lacks ("那个肖同学", which the knowledge holds, stays).
func gateTerms(x *knowledge.Lexical, question string) []text.Term {
	ts := text.Terms(question)
	if len(ts) < 2 {
		return ts
	}
	return slices.DeleteFunc(ts, func(t text.Term) bool {
		return text.HasHan(t.Text) && !text.IsDictWord(t.Text) && text.Anaphoric(question, t.Text) && x.Stats([]text.Term{t})[0].Count == 0
	})
}

// peopleGate is what the relevance gate judges of a question asking which
// people (text.AsksPeople: 什么样的人, 哪些人): gate with text.PeopleTerm's
// statistics added when the knowledge holds that term prominently (it
// describes an audience as a 人群, 受众, 客群) and the question does not
// name it; gate unchanged otherwise. The words such a question asks with
// are held through figures ("年龄段和男女比例" is written 25到35岁, 女性约占六成:
// text.StandIns), too common to be prominent, and "网上讨论这家店的主要是
// 什么样的人？年龄段和男女比例大概如何？" was refused for them.
func (b *ContextBuilder) peopleGate(question string, gate []knowledge.TermStat) []knowledge.TermStat {
	pt := text.PeopleTerm()
	if !text.AsksPeople(question) || slices.ContainsFunc(gate, func(s knowledge.TermStat) bool { return slices.Contains(pt.Words(), s.Term) }) {
		return gate
	}
	st := b.m.Lexical().Stats([]text.Term{pt})[0]
	if !st.Topical() {
		return gate
	}
	return append(slices.Clip(gate), st)
}

// fuse merges the vector hits (nearest first) with the lexical ranking by
// reciprocal rank fusion: each entity scores Σ 1/(rrfK + rank) over the two
// lists it appears in (ranks from 1; the lexical list is cut to its first
// n entities), and the n best are kept. Ties (the same rank pair in
// either order) go to the better lexical rank, then the better vector
// rank, then the lower entity index. Bookkeeping entities are left out of
// both lists.
func (b *ContextBuilder) fuse(vec []MappedEntity, lr *knowledge.LexicalResult, n int) []MappedEntity {
	ents := b.m.Entities()
	type cand struct {
		m          MappedEntity
		idx        int // entity index
		vRank      int // 1-based; 0 = not in the list
		lRank      int
		fused, lex float64
	}
	byID := map[string]*cand{}
	var cands []*cand
	rank := 0
	for _, m := range vec {
		if b.m.IsBookkeeping(m.Entity) || byID[m.Entity.ID] != nil {
			continue
		}
		rank++
		idx, ok := b.m.EntityIndex(m.Entity.ID)
		if !ok {
			idx = -1
		}
		c := &cand{m: m, idx: idx, vRank: rank}
		byID[m.Entity.ID] = c
		cands = append(cands, c)
	}
	rank = 0
	for s := range lr.Entities() {
		if rank == n {
			break
		}
		e := ents[s.Entity]
		if b.m.IsBookkeeping(e) {
			continue
		}
		rank++
		c := byID[e.ID]
		if c == nil {
			c = &cand{m: MappedEntity{Entity: e, Matched: true}, idx: s.Entity}
			byID[e.ID] = c
			cands = append(cands, c)
		}
		c.lRank, c.lex = rank, s.Score
	}
	for _, c := range cands {
		if c.vRank > 0 {
			c.fused += 1 / float64(rrfK+c.vRank)
		}
		if c.lRank > 0 {
			c.fused += 1 / float64(rrfK+c.lRank)
		}
	}
	orNever := func(r int) int {
		if r == 0 {
			return int(^uint(0) >> 1)
		}
		return r
	}
	slices.SortFunc(cands, func(a, c *cand) int {
		return cmp.Or(cmp.Compare(c.fused, a.fused), cmp.Compare(orNever(a.lRank), orNever(c.lRank)),
			cmp.Compare(orNever(a.vRank), orNever(c.vRank)), cmp.Compare(a.idx, c.idx))
	})
	out := make([]MappedEntity, 0, min(n, len(cands)))
	for _, c := range cands[:min(n, len(cands))] {
		m := c.m
		m.Lexical, m.Fused = c.lex, c.fused
		out = append(out, m)
	}
	return out
}
