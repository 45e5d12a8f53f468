package localsearch

import (
	"cmp"
	"math/bits"
	"slices"
	"strconv"

	"reportengine/graphrag/knowledge"
)

// scratch holds per-build working arrays sized to the model, taken from
// the builder's pool and reset (only the touched entries) when the build
// ends, so a build costs time in proportion to what it touches (B33).
type scratch struct {
	links   []int32  // per relationship: links value set in this build, 0 = never
	pos     []int32  // per title id: 1 + position among the added titles, 0 = not added
	mask    []uint64 // per title id: bit set of added titles linked to it (this iteration)
	touched []int32  // relationships whose links were set
	posSet  []int32  // title ids whose pos was set
	maskSet []int32  // title ids whose mask was set
}

// relState is the per-build state of the relationship loop. Its links
// values are the reference's "links" attribute (§10 #4): the reference
// writes them into the shared Relationship.attributes; here they live for
// one build only, so later loop iterations of the same build see them
// exactly as in the reference's first call, and nothing reaches the next
// build.
type relState struct {
	b     *ContextBuilder
	sc    *scratch
	union []int32 // relationships touching the added titles, ascending
	added int     // entities of sel merged into union
	nPos  int     // distinct titles added

	// buffers reused across iterations
	spare         []int32
	in, outS, out []int32
	pre           []float64
	keys          []relKey
}

// relKey orders out-of-network relationships (see filterRelationships).
type relKey struct {
	second, pre float64
	links       int32
	r           int32
	pos         int32
}

func (b *ContextBuilder) newRelState() *relState {
	b.scratchMu.Lock()
	var sc *scratch
	if n := len(b.scratchFree); n > 0 {
		sc, b.scratchFree = b.scratchFree[n-1], b.scratchFree[:n-1]
	}
	b.scratchMu.Unlock()
	if sc == nil {
		sc = &scratch{links: make([]int32, len(b.rels)), pos: make([]int32, len(b.titleID)), mask: make([]uint64, len(b.titleID))}
	}
	return &relState{b: b, sc: sc}
}

// release resets the touched scratch entries and returns them to the pool.
func (s *relState) release() {
	sc := s.sc
	for _, r := range sc.touched {
		sc.links[r] = 0
	}
	for _, t := range sc.posSet {
		sc.pos[t] = 0
	}
	sc.touched, sc.posSet = sc.touched[:0], sc.posSet[:0]
	s.b.scratchMu.Lock()
	s.b.scratchFree = append(s.b.scratchFree, sc)
	s.b.scratchMu.Unlock()
	s.sc = nil
}

func (s *relState) setLinks(r int32, v int) {
	if s.sc.links[r] == 0 {
		s.sc.touched = append(s.sc.touched, r)
	}
	s.sc.links[r] = int32(v)
}

// attrs returns relationship i's attributes as the reference would see
// them at this point of the build: the loaded ones, with "links" updated
// in place or appended.
func (s *relState) attrs(i int) []knowledge.Attribute {
	base := s.b.rels[i].Attributes
	l := s.sc.links[i]
	if l == 0 {
		return base
	}
	out := make([]knowledge.Attribute, 0, len(base)+1)
	found := false
	for _, a := range base {
		if a.Key == "links" {
			a.Value, found = strconv.Itoa(int(l)), true
		}
		out = append(out, a)
	}
	if !found {
		out = append(out, knowledge.Attribute{Key: "links", Value: strconv.Itoa(int(l))})
	}
	return out
}

func (s *relState) hasAttr(i int, key string) bool {
	return slices.ContainsFunc(s.attrs(i), func(a knowledge.Attribute) bool { return a.Key == key })
}

func (s *relState) attrNum(i int, key string) float64 {
	f, _ := strconv.ParseFloat(attrValue(s.attrs(i), key), 64)
	return f
}

// primary returns the reference's "rank sort" key function for rs (§3.6)
// with the ranking attribute "rank": a "rank" attribute when the FIRST
// relationship of rs has one, else the rank (null = 0); nil for no rs.
func (s *relState) primary(rs []int32) func(r int32) float64 {
	if len(rs) == 0 {
		return nil
	}
	if s.hasAttr(int(rs[0]), "rank") {
		return func(r int32) float64 { return float64(int(s.attrNum(int(r), "rank"))) }
	}
	return func(r int32) float64 { return float64(relRank(s.b.rels[r])) }
}

// rankSort sorts rs stably, descending, by the "rank sort" key.
func (s *relState) rankSort(rs []int32) {
	key := s.primary(rs)
	if key == nil {
		return
	}
	keys := make(map[int32]float64, len(rs))
	for _, r := range rs {
		keys[r] = key(r)
	}
	slices.SortStableFunc(rs, func(a, c int32) int { return cmp.Compare(keys[c], keys[a]) })
}

func relRank(r knowledge.Relationship) int {
	if r.HasRank {
		return r.Rank
	}
	return 0
}

// mergeInto appends the merge of a and b (ascending, no repeats) to out.
func mergeInto(out, a, b []int32) []int32 {
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case j == len(b) || (i < len(a) && a[i] < b[j]):
			out = append(out, a[i])
			i++
		case i == len(a) || b[j] < a[i]:
			out = append(out, b[j])
			j++
		default:
			out = append(out, a[i])
			i, j = i+1, j+1
		}
	}
	return out
}

// filterRelationships is _filter_relationships (reference §3.6) for
// sel, which must extend the sel of the previous call of this relState by
// zero or more entities (the local loop adds one per iteration): the
// relationships touching the added titles are merged in, not rescanned.
//
// Order, as in the reference: in-network relationships (both ends
// selected) rank-sorted; then, when there are at least two, the
// out-of-network ones by links (distinct selected entities the outside
// endpoint is linked to) descending, then the rank sort key descending,
// then their order in the list (source-side ones first, then target-side
// ones), capped at topK × len(sel). Only the capped top is sorted.
func (s *relState) filterRelationships(sel []knowledge.Entity, topK int) []int {
	s.addTitles(sel)
	in, out := s.partition()
	if len(in) > 1 {
		s.rankSort(in)
	}
	if len(out) <= 1 {
		s.rankSort(out)
		return joinRels(in, out)
	}
	// The reference rank-sorts out (key chosen by out[0], before this
	// iteration sets links), then stable-sorts by (links, second key).
	pre := s.preKeys(out)
	s.countLinks(out)
	keys := s.outKeys(out, pre)
	top := topN(keys, min(topK*len(sel), len(keys)), compareRelKeys)
	outs := make([]int32, len(top))
	for i, k := range top {
		outs[i] = k.r
	}
	return joinRels(in, outs)
}

// addTitles merges the relationships of the entities of sel not added yet
// into the union.
func (s *relState) addTitles(sel []knowledge.Entity) {
	sc := s.sc
	for ; s.added < len(sel); s.added++ {
		tid, ok := s.b.titleID[sel[s.added].Title]
		if !ok || sc.pos[tid] != 0 {
			continue
		}
		s.nPos++
		sc.pos[tid] = int32(s.nPos)
		sc.posSet = append(sc.posSet, tid)
		s.union, s.spare = mergeInto(s.spare[:0], s.union, s.b.relsByTID[tid]), s.union
	}
}

// partition splits the union into in-network relationships (both ends
// added) and out-of-network ones (source-side ones first, then
// target-side ones), in union order, in the relState's reused buffers.
func (s *relState) partition() (in, out []int32) {
	sc := s.sc
	in, outS, outT := s.in[:0], s.outS[:0], s.out[:0]
	for _, r := range s.union {
		src, tgt := sc.pos[s.b.relSrc[r]] != 0, sc.pos[s.b.relTgt[r]] != 0
		switch {
		case src && tgt:
			in = append(in, r)
		case src:
			outS = append(outS, r)
		case tgt:
			outT = append(outT, r)
		}
	}
	out = append(outS, outT...)
	s.in, s.outS, s.out = in, out[:0], outT[:0]
	return in, out
}

// joinRels returns in then outs as indexes into b.rels.
func joinRels(in, outs []int32) []int {
	res := make([]int, 0, len(in)+len(outs))
	for _, r := range in {
		res = append(res, int(r))
	}
	for _, r := range outs {
		res = append(res, int(r))
	}
	return res
}

// preKeys returns the reference's pre-sort key of each of out (all 0
// when it equals the second key, the rank, and adds nothing; a "rank"
// attribute of out[0] makes it the attribute's, kept as a tie-break). Call
// it before countLinks.
func (s *relState) preKeys(out []int32) []float64 {
	pre := slices.Grow(s.pre[:0], len(out))[:len(out)]
	clear(pre)
	s.pre = pre
	if first := s.primary(out); first != nil && s.hasAttr(int(out[0]), "rank") {
		for i, r := range out {
			pre[i] = first(r)
		}
	}
	return pre
}

// countLinks sets the links value of each relationship of out: the number
// of distinct added titles its outside endpoint is linked to.
func (s *relState) countLinks(out []int32) {
	sc := s.sc
	other := func(r int32) (x, c int32) {
		if sc.pos[s.b.relSrc[r]] != 0 {
			return s.b.relTgt[r], s.b.relSrc[r]
		}
		return s.b.relSrc[r], s.b.relTgt[r]
	}
	var counts map[int32]map[int32]bool // more than 64 selected titles
	if s.nPos > 64 {
		counts = map[int32]map[int32]bool{}
	}
	for _, r := range out {
		x, c := other(r)
		if counts != nil {
			if counts[x] == nil {
				counts[x] = map[int32]bool{}
			}
			counts[x][c] = true
			continue
		}
		if sc.mask[x] == 0 {
			sc.maskSet = append(sc.maskSet, x)
		}
		sc.mask[x] |= 1 << uint(sc.pos[c]-1)
	}
	for _, r := range out {
		x, _ := other(r)
		if counts != nil {
			s.setLinks(r, len(counts[x]))
		} else {
			s.setLinks(r, bits.OnesCount64(sc.mask[x]))
		}
	}
	for _, x := range sc.maskSet {
		sc.mask[x] = 0
	}
	sc.maskSet = sc.maskSet[:0]
}

// outKeys returns the sort keys of out (links set, pre from preKeys, the
// rank second).
func (s *relState) outKeys(out []int32, pre []float64) []relKey {
	keys := slices.Grow(s.keys[:0], len(out))[:len(out)]
	s.keys = keys
	for i, r := range out {
		keys[i] = relKey{links: s.sc.links[r], second: s.b.relRankF[r], pre: pre[i], pos: int32(i), r: r}
	}
	return keys
}

// compareRelKeys orders out-of-network relationships: links, then the
// second key, then the pre-sort key, all descending, then list position.
func compareRelKeys(a, c relKey) int {
	if a.links != c.links {
		return cmp.Compare(c.links, a.links)
	}
	if a.second != c.second {
		return cmp.Compare(c.second, a.second)
	}
	if a.pre != c.pre {
		return cmp.Compare(c.pre, a.pre)
	}
	return cmp.Compare(a.pos, c.pos)
}

// topN returns the n smallest elements of xs under the total order cmp,
// sorted, in O(len(xs) log n) (a bounded max-heap).
func topN[T any](xs []T, n int, cmpf func(a, b T) int) []T {
	if n <= 0 {
		return nil
	}
	if n >= len(xs) {
		out := slices.Clone(xs)
		slices.SortFunc(out, cmpf)
		return out
	}
	h := make([]T, 0, n) // max-heap under cmpf
	up := func(i int) {
		for i > 0 {
			p := (i - 1) / 2
			if cmpf(h[i], h[p]) <= 0 {
				break
			}
			h[i], h[p] = h[p], h[i]
			i = p
		}
	}
	down := func(i int) {
		for {
			l, big := 2*i+1, i
			if l < len(h) && cmpf(h[l], h[big]) > 0 {
				big = l
			}
			if r := l + 1; r < len(h) && cmpf(h[r], h[big]) > 0 {
				big = r
			}
			if big == i {
				return
			}
			h[i], h[big] = h[big], h[i]
			i = big
		}
	}
	for _, x := range xs {
		if len(h) < n {
			h = append(h, x)
			up(len(h) - 1)
		} else if cmpf(x, h[0]) < 0 {
			h[0] = x
			down(0)
		}
	}
	slices.SortFunc(h, cmpf)
	return h
}

// relHeader is id|source|target|description[|weight] plus the attribute
// keys of the first relationship not already in the header.
func (s *relState) relHeader(rs []int, p Params) (header, attrKeys []string) {
	header = []string{"id", "source", "target", "description"}
	if p.IncludeRelationshipWeight {
		header = append(header, "weight")
	}
	if len(rs) > 0 {
		have := map[string]bool{}
		for _, h := range header {
			have[h] = true
		}
		for _, a := range s.attrs(rs[0]) {
			if !have[a.Key] {
				attrKeys = append(attrKeys, a.Key)
				have[a.Key] = true
			}
		}
	}
	return append(header, attrKeys...), attrKeys
}

func (s *relState) relRow(i int, p Params, attrKeys []string) []string {
	r := s.b.rels[i]
	row := []string{r.ShortID, r.Source, r.Target, r.Description}
	if p.IncludeRelationshipWeight {
		if r.HasWeight && r.Weight != 0 {
			row = append(row, PyFloat(r.Weight))
		} else {
			row = append(row, "")
		}
	}
	attrs := s.attrs(i)
	for _, k := range attrKeys {
		row = append(row, attrValue(attrs, k))
	}
	return row
}

// relationshipTable is build_relationship_context for the added entities.
func (s *relState) relationshipTable(added []knowledge.Entity, p Params, tc *counter, budget int) table {
	rs := s.filterRelationships(added, p.TopKRelationships)
	if len(added) == 0 || len(rs) == 0 {
		return table{}
	}
	header, attrKeys := s.relHeader(rs, p)
	t := rawTable(tc, "Relationships", header, p.ColumnDelimiter, budget, len(rs), func(k int) []string {
		return s.relRow(rs[k], p, attrKeys)
	})
	for k := range t.ids {
		t.ids[k] = rs[t.ids[k]]
	}
	return t
}
