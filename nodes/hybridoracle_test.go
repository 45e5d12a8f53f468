package nodes

import (
	"math"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"reportengine/graphrag"
	"reportengine/graphrag/knowledge"
	rtext "reportengine/text"
)

// hybridOracle is the evidence retrieval's ranking written out plainly,
// apart from graphrag/knowledge and graphrag/localsearch (only the
// question's terms come from rtext.Terms, the one place that decides them):
//
//   - lexical: BM25 (k1 1.2, b 0.75, idf ln(1 + (N − df + 0.5)/(df + 0.5))
//     per corpus) over each entity's "title\ndescription" and each text
//     unit's text, ASCII lower-cased, lengths in runes; a term counted
//     through itself when the texts hold it twice or more, else through
//     whichever of it and its parts occurs most; each term weighted by
//     clamp(log10(10⁻³ / max(general share, 10⁻⁷)), 0.1, 4); a document's
//     sum times the square of the share of the question's weight it
//     holds; an entity scores its document plus its best text unit; a
//     term's synonyms (text.Term.Synonyms) counted with it as one word,
//     their general shares added;
//   - vector: the cosine of the question to every entity, nearest first,
//     ties by id, the first n kept;
//   - the topic, engine and search-query entities (bookkeeping) left out
//     of both lists; the lexical list cut to its first n;
//   - fused by reciprocal rank, Σ 1/(60 + rank); ties by the lexical rank,
//     then the vector rank, then the entity's position; the first n kept.
type hybridOracle struct {
	ents        []knowledge.Entity
	docs        []string // entity documents, then text units
	lens        []float64
	avgE, avgU  float64
	units       [][]int // entity → text unit indexes
	bookkeeping []bool
}

func newHybridOracle(m *knowledge.Model, g *graphrag.Graph) *hybridOracle {
	o := &hybridOracle{ents: m.Entities()}
	tus := m.TextUnits()
	unitAt := map[string]int{}
	for i, u := range tus {
		unitAt[u.ID] = i
	}
	var sumE, sumU float64
	for _, e := range o.ents {
		d := asciiLower(e.Title + "\n" + e.Description)
		o.docs = append(o.docs, d)
		n := float64(utf8.RuneCountInString(d))
		o.lens = append(o.lens, n)
		sumE += n
		var us []int
		for _, id := range e.TextUnitIDs {
			if i, ok := unitAt[id]; ok {
				us = append(us, i)
			}
		}
		o.units = append(o.units, us)
		bk := false
		if v, ok := g.Lookup(e.ID); ok {
			switch g.Type(v) {
			case graphrag.TypeTopic, graphrag.TypeEngine, graphrag.TypeSearchQuery:
				bk = true
			}
		}
		o.bookkeeping = append(o.bookkeeping, bk)
	}
	for _, u := range tus {
		d := asciiLower(u.Text)
		o.docs = append(o.docs, d)
		n := float64(utf8.RuneCountInString(d))
		o.lens = append(o.lens, n)
		sumU += n
	}
	o.avgE = sumE / float64(len(o.ents))
	o.avgU = sumU / float64(len(tus))
	return o
}

func asciiLower(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'A' && r <= 'Z' {
			return r + 'a' - 'A'
		}
		return r
	}, s)
}

// occurrences counts w in d: anywhere for a Chinese word, at a word start
// otherwise; matches do not overlap.
func occurrences(d, w string) int {
	if rtext.HasHan(w) {
		return strings.Count(d, w)
	}
	n := 0
	for i := 0; ; {
		j := strings.Index(d[i:], w)
		if j < 0 {
			return n
		}
		j += i
		r, _ := utf8.DecodeLastRuneInString(d[:j])
		if j == 0 || !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			n++
		}
		i = j + len(w)
	}
}

// lexical returns the entities with a positive lexical score, best first
// (ties by position).
func (o *hybridOracle) lexical(q string) []int {
	nE := len(o.ents)
	score := make([]float64, len(o.docs))
	held := make([]float64, len(o.docs))
	total := 0.0
	for _, t := range rtext.Terms(q) {
		word, count := "", 0
		var tf []int
		for ci, w := range append([]string{t.Text}, t.Parts...) {
			// the term itself with its synonyms, counted as one word
			ws := []string{w}
			if ci == 0 {
				ws = t.Words()
			}
			c := make([]int, len(o.docs))
			sum := 0
			for d, doc := range o.docs {
				for _, x := range ws {
					c[d] += occurrences(doc, asciiLower(x))
				}
				sum += c[d]
			}
			if sum == 0 {
				continue
			}
			if ci == 0 || sum > count {
				word, count, tf = w, sum, c
			}
			if ci == 0 && sum >= 2 {
				break
			}
		}
		g := rtext.GeneralShare(t.Text)
		if count > 0 {
			g = rtext.GeneralShare(word)
		}
		if count > 0 && word == asciiLower(t.Text) {
			for _, syn := range t.Synonyms {
				g += rtext.GeneralShare(syn)
			}
		}
		weight := math.Max(0.1, math.Min(4, math.Log10(1e-3/math.Max(g, 1e-7))))
		total += weight
		if count == 0 {
			continue
		}
		dfE, dfU := 0, 0
		for d, n := range tf {
			if n > 0 && d < nE {
				dfE++
			} else if n > 0 {
				dfU++
			}
		}
		idf := func(n, df int) float64 {
			return math.Log(1 + (float64(n)-float64(df)+0.5)/(float64(df)+0.5))
		}
		for d, n := range tf {
			if n == 0 {
				continue
			}
			i, avg := idf(nE, dfE), o.avgE
			if d >= nE {
				i, avg = idf(len(o.docs)-nE, dfU), o.avgU
			}
			f := float64(n)
			score[d] += weight * i * f * 2.2 / (f + 1.2*(0.25+0.75*o.lens[d]/avg))
			held[d] += weight
		}
	}
	for d := range score {
		c := held[d] / total
		score[d] *= c * c
	}
	type hit struct {
		e int
		s float64
	}
	var hits []hit
	for e := range o.ents {
		best := 0.0
		for _, u := range o.units[e] {
			best = math.Max(best, score[nE+u])
		}
		if s := score[e] + best; s > 0 {
			hits = append(hits, hit{e, s})
		}
	}
	sort.SliceStable(hits, func(a, b int) bool { return hits[a].s > hits[b].s })
	out := make([]int, len(hits))
	for i, h := range hits {
		out[i] = h.e
	}
	return out
}

// vectorOnly is the n nearest entities by cosine (ties by id).
func (o *hybridOracle) vectorOnly(cos []float64, n int) []int {
	idx := make([]int, len(o.ents))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool {
		if cos[idx[a]] != cos[idx[b]] {
			return cos[idx[a]] > cos[idx[b]]
		}
		return o.ents[idx[a]].ID < o.ents[idx[b]].ID
	})
	return idx[:min(n, len(idx))]
}

// rank is the fused ranking of q's n best entities (entity indexes).
func (o *hybridOracle) rank(q string, cos []float64, n int) []int {
	const k = 60
	vRank, lRank := map[int]int{}, map[int]int{}
	r := 0
	for _, e := range o.vectorOnly(cos, n) {
		if !o.bookkeeping[e] {
			r++
			vRank[e] = r
		}
	}
	r = 0
	for _, e := range o.lexical(q) {
		if r == n {
			break
		}
		if !o.bookkeeping[e] {
			r++
			lRank[e] = r
		}
	}
	var cands []int
	fused := map[int]float64{}
	for e := range o.ents {
		if vRank[e] > 0 {
			fused[e] += 1 / float64(k+vRank[e])
		}
		if lRank[e] > 0 {
			fused[e] += 1 / float64(k+lRank[e])
		}
		if fused[e] > 0 {
			cands = append(cands, e)
		}
	}
	never := func(m map[int]int, e int) int {
		if m[e] == 0 {
			return math.MaxInt
		}
		return m[e]
	}
	sort.SliceStable(cands, func(a, b int) bool {
		x, y := cands[a], cands[b]
		switch {
		case fused[x] != fused[y]:
			return fused[x] > fused[y]
		case never(lRank, x) != never(lRank, y):
			return never(lRank, x) < never(lRank, y)
		case never(vRank, x) != never(vRank, y):
			return never(vRank, x) < never(vRank, y)
		}
		return x < y
	})
	return cands[:min(n, len(cands))]
}

func sameOrder(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
