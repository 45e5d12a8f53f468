package evidence

import (
	"maps"
	"math"
	"slices"
	"unicode"

	"reportengine/internal/parallel"
	"reportengine/text"
)

// scorer rates texts against a fixed set of queries by character bigrams
// (letters and digits, lower-cased, so Chinese without spaces works): the
// cosine of the text's log-TF vector against each query's TF-IDF vector,
// with IDF over the items (over an even sample of dfSample of them when
// there are more). Only the queries' bigrams get an IDF, so one
// pass over the items counts what is needed and no index of every bigram
// is kept. Scores are computed in a fixed order (sorted bigrams, columns in
// query order), so the same input gives bit-identical scores.
type scorer struct {
	cols  map[uint64]int32     // query bigram → column
	bloom [1 << 16 / 64]uint64 // a bit per hash of each query bigram: most text bigrams skip the map
	post  [][]qpost            // per column: the queries that have it, with their weight
	nq    int
	items int
}

type qpost struct {
	q int32
	w float64
}

// weighted is one text of a query and its weight.
type weighted struct {
	text string
	w    float64
}

// newScorer builds the scorer of queries over items.
func newScorer(items []Item, queries [][]weighted) *scorer {
	s := &scorer{cols: map[uint64]int32{}, nq: len(queries), items: len(items)}
	tf := make([]map[int32]float64, len(queries))
	var buf []uint64
	for qi, parts := range queries {
		tf[qi] = map[int32]float64{}
		for _, p := range parts {
			buf = appendBigrams(buf[:0], p.text)
			for _, g := range buf {
				c, ok := s.cols[g]
				if !ok {
					c = int32(len(s.cols))
					s.cols[g] = c
				}
				tf[qi][c] += p.w
			}
		}
	}
	for g := range s.cols {
		h := bloomHash(g)
		s.bloom[h>>6] |= 1 << (h & 63)
	}
	sample := sampleItems(items, dfSample)
	df := s.documentFrequencies(sample)
	idf := make([]float64, len(s.cols))
	n := float64(len(sample))
	for c := range idf {
		idf[c] = math.Log(1 + n/float64(max(df[c], 1))) // a bigram no item has: log(1+n)
	}
	s.post = make([][]qpost, len(s.cols))
	for qi := range queries {
		cs := slices.Sorted(maps.Keys(tf[qi]))
		var norm float64
		for _, c := range cs {
			w := tf[qi][c] * idf[c]
			norm += w * w
		}
		if norm == 0 {
			continue
		}
		norm = math.Sqrt(norm)
		for _, c := range cs {
			s.post[c] = append(s.post[c], qpost{int32(qi), tf[qi][c] * idf[c] / norm})
		}
	}
	return s
}

// dfSample is the most items the document frequencies are counted over:
// a larger corpus is sampled at an even stride (every k-th item, from the
// first), which gives the same IDF to within sampling noise at a fraction
// of the cost (a 300 000-source run's probes).
const dfSample = 20000

// sampleItems returns items, or every k-th of them when more than n.
func sampleItems(items []Item, n int) []Item {
	if len(items) <= n {
		return items
	}
	k := (len(items) + n - 1) / n
	out := make([]Item, 0, n)
	for i := 0; i < len(items); i += k {
		out = append(out, items[i])
	}
	return out
}

// documentFrequencies counts, per column, the items that have the bigram.
func (s *scorer) documentFrequencies(items []Item) []int {
	parts := make([][]int, parallel.Workers(len(items), eachGrain))
	parallel.Chunks(len(items), len(parts), func(w, lo, hi int) {
		part, seen := make([]int, len(s.cols)), make([]int, len(s.cols))
		var buf []uint64
		for i := lo; i < hi; i++ {
			buf = appendBigrams(buf[:0], items[i].Text)
			for _, g := range buf {
				if c, ok := s.column(g); ok && seen[c] != i+1 {
					seen[c] = i + 1
					part[c]++
				}
			}
		}
		parts[w] = part
	})
	df := make([]int, len(s.cols))
	for _, p := range parts {
		for c, v := range p {
			df[c] += v
		}
	}
	return df
}

func bloomHash(g uint64) uint32 { return uint32((g * 0x9E3779B97F4A7C15) >> 48) }

// column returns the column of bigram g, if a query has it.
func (s *scorer) column(g uint64) (int32, bool) {
	h := bloomHash(g)
	if s.bloom[h>>6]&(1<<(h&63)) == 0 {
		return 0, false
	}
	c, ok := s.cols[g]
	return c, ok
}

// score writes text's score against every query into out (len nq); buf is
// scratch space, returned for reuse.
func (s *scorer) score(text string, out []float64, buf []uint64) []uint64 {
	clear(out)
	buf = appendBigrams(buf[:0], text)
	slices.Sort(buf)
	var norm float64
	for i := 0; i < len(buf); {
		j := i + 1
		for j < len(buf) && buf[j] == buf[i] {
			j++
		}
		w := 1 + math.Log(float64(j-i))
		norm += w * w
		if c, ok := s.column(buf[i]); ok {
			for _, p := range s.post[c] {
				out[p.q] += w * p.w
			}
		}
		i = j
	}
	if norm > 0 {
		norm = math.Sqrt(norm)
		for i := range out {
			out[i] /= norm
		}
	}
	return buf
}

// quickScore is a cheaper score for pre-selection: the sum, over the
// bigram occurrences of a source's probe parts (probeParts) in query q (no
// TF damping), of the query weights, divided by the square root of the
// number of bigrams; the best over all queries. Additions run in text
// order (deterministic). acc is scratch space of nq values.
func (s *scorer) quickScore(src sourceText, acc []float64) float64 {
	clear(acc)
	n := 0
	probeParts(src, func(text string, limit int) { n = s.quickPart(text, limit, acc, n) })
	best := max(0, slices.Max(acc)) // (acc holds a value a query: Focus is never empty here)
	if n > 0 {
		best /= math.Sqrt(float64(n))
	}
	return best
}

// quickPart adds the query weights of the bigrams among the first limit
// runes of t to acc and returns n plus their number.
func (s *scorer) quickPart(t string, limit int, acc []float64, n int) int {
	prev := rune(-1)
	for _, r := range t {
		if limit--; limit < 0 {
			break
		}
		r, ok := wordRune(r)
		if !ok {
			prev = -1
			continue
		}
		if prev >= 0 {
			n++
			if c, ok := s.column(uint64(prev)<<32 | uint64(r)); ok {
				for _, p := range s.post[c] {
					acc[p.q] += p.w
				}
			}
		}
		prev = r
	}
	return n
}

// wordRune returns r lower-cased and true when r is a letter or digit
// (a CJK ideograph, the common case, decided first).
func wordRune(r rune) (rune, bool) {
	if text.IsBasicHan(r) {
		return r, true
	}
	if unicode.IsLetter(r) || unicode.IsDigit(r) {
		return unicode.ToLower(r), true
	}
	return r, false
}

// appendBigrams appends the letter/digit bigrams of s (runes lower-cased,
// packed two to a uint64) in text order.
func appendBigrams(buf []uint64, s string) []uint64 {
	prev := rune(-1)
	for _, r := range s {
		r, ok := wordRune(r)
		if !ok {
			prev = -1
			continue
		}
		if prev >= 0 {
			buf = append(buf, uint64(prev)<<32|uint64(r))
		}
		prev = r
	}
	return buf
}

// eachGrain is the fewest items worth a goroutine of their own in the
// stage's parallel.Each loops.
const eachGrain = 256
