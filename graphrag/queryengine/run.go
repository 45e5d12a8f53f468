package queryengine

import (
	"encoding/json"
	"fmt"
	"math/bits"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"reportengine/graphrag"
	"reportengine/text"
)

// Result is the answer to one query, shaped like the reference API's
// "result" object (matched_sections, matched_queries, matched_sources,
// total_nodes, query_params, summary) plus the pre-cap totals and no_match.
// The three lists are never nil (they marshal as []).
type Result struct {
	// MatchedSections are the reached section nodes sorted by "order"
	// (numbers ascending, missing or null last), then graph order; at most
	// Params.MaxSections of them.
	MatchedSections []Item `json:"matched_sections"`
	// MatchedQueries are the reached search_query nodes sorted by
	// query_text (byte-wise), then graph order; at most Params.MaxQueries.
	MatchedQueries []Item `json:"matched_queries"`
	// MatchedSources are the reached source nodes sorted by title
	// (byte-wise), then graph order; at most Params.MaxSources.
	MatchedSources []Item `json:"matched_sources"`
	// TotalNodes counts seeds ∪ expanded nodes of every type (topic and
	// engine nodes too), before the caps: the reference's total_nodes.
	TotalNodes int `json:"total_nodes"`
	// TotalSections, TotalQueries and TotalSources count the reached nodes
	// of each kind before the caps.
	TotalSections int `json:"total_sections"`
	TotalQueries  int `json:"total_queries"`
	TotalSources  int `json:"total_sources"`
	// Params is the query as run: defaults filled in (caps), keywords as
	// given (not split).
	Params Query `json:"query_params"`
	// Summary is one line of at most 200 runes, e.g.
	// "段落(3): 引言, 现状, 展望; 搜索词(5): 武大樱花, …; 来源(2)", or
	// "无匹配结果" when NoMatch.
	Summary string `json:"summary"`
	// NoMatch is true when no section, search query or source was reached
	// (TotalNodes may still count topic or engine nodes). Callers should not
	// hand an empty result to an LLM as if it were context (B24a).
	NoMatch bool `json:"no_match"`
}

// Item is one matched node, flattened as in the reference API:
// {"id", "name", "type", then the node's attributes in their stored order}.
// An attribute named id, name or type is left out of the JSON (the node's
// own field wins; the reference overwrote the value instead).
type Item struct {
	ID   string
	Name string
	Type graphrag.NodeType
	// Attrs is a copy of the node's attribute list; the values are shared
	// with the graph and must not be modified.
	Attrs graphrag.Attributes
}

// MarshalJSON writes the flattened object with id, name and type first,
// then the attributes in order; output is deterministic.
func (it Item) MarshalJSON() ([]byte, error) {
	a := make(graphrag.Attributes, 0, len(it.Attrs)+3)
	a = append(a, graphrag.Attr{Key: "id", Value: it.ID}, graphrag.Attr{Key: "name", Value: it.Name},
		graphrag.Attr{Key: "type", Value: string(it.Type)})
	for _, kv := range it.Attrs {
		switch kv.Key {
		case "id", "name", "type":
			continue
		}
		a = append(a, kv)
	}
	return a.MarshalJSON()
}

// UnmarshalJSON reads what MarshalJSON writes: id, name and type (strings)
// go to their fields, every other key to Attrs in order.
func (it *Item) UnmarshalJSON(data []byte) error {
	var a graphrag.Attributes
	if err := a.UnmarshalJSON(data); err != nil {
		return err
	}
	out := Item{}
	for _, kv := range a {
		switch kv.Key {
		case "id", "name", "type":
			s, ok := kv.Value.(string)
			if !ok && kv.Value != nil {
				return fmt.Errorf("queryengine: item %q: want a string", kv.Key)
			}
			switch kv.Key {
			case "id":
				out.ID = s
			case "name":
				out.Name = s
			default:
				out.Type = graphrag.NodeType(s)
			}
		default:
			out.Attrs = append(out.Attrs, kv)
		}
	}
	*it = out
	return nil
}

var _ json.Marshaler = Item{}

// scratch is the per-Run working memory.
type scratch struct {
	visited  []uint64 // one bit per node: seed or expanded (the reached set)
	frontier []int32  // the seeds
}

// run is the state of one Run call.
type run struct {
	e      *Engine
	ix     *gramIndex // nil: scan the text
	s      *scratch
	typeOK []bool // nil = every type
	setOK  []bool // nil = no engine filter
	expand bool   // collect the seeds in s.frontier (depth > 0)
}

// Run answers q. It returns ErrEmptyGraph when the graph has no node, and
// a *QueryError (ErrBadQuery) for a negative depth or cap. See the package
// documentation for the exact rules.
func (e *Engine) Run(q Query) (*Result, error) {
	if e == nil || e.n == 0 {
		return nil, ErrEmptyGraph
	}
	q, err := q.normalize()
	if err != nil {
		return nil, err
	}
	s := &scratch{visited: make([]uint64, (e.n+63)/64)}

	r := &run{e: e, ix: e.ix.Load(), s: s, expand: q.Depth > 0}
	r.setFilters(q)

	if q.Depth > 0 { // build the graph's adjacency (first query only) while matching
		go e.g.Traversal()
	}
	terms := Terms(q.Keywords)
	switch {
	case len(terms) == 0:
		for _, v := range e.sections {
			r.offerSeed(v)
		}
	case r.ix == nil:
		r.scan(terms)
	default:
		for _, t := range terms {
			r.matchTerm(t)
		}
	}
	r.expandSeeds(q.Depth)

	res := &Result{Params: q}
	var counts [3]int
	for w, x := range s.visited { // mostly zero words for a narrow query
		if x != 0 {
			res.TotalNodes += bits.OnesCount64(x)
			for kind := range counts {
				counts[kind] += bits.OnesCount64(x & e.kinds[kind][w])
			}
		}
	}
	res.TotalSections, res.TotalQueries, res.TotalSources = counts[0], counts[1], counts[2]
	var lists [3][]uint32
	for kind, k := range [3]int{q.MaxSections, q.MaxQueries, q.MaxSources} {
		lists[kind] = r.best(kind, k, counts[kind])
	}
	res.MatchedSections, res.MatchedQueries, res.MatchedSources = e.items(lists[0]), e.items(lists[1]), e.items(lists[2])
	res.NoMatch = res.TotalSections+res.TotalQueries+res.TotalSources == 0
	res.Summary = summarize(res)
	return res, nil
}

// setFilters sets the run's node type and engine filters from q: typeOK
// marks the type codes asked for, setOK the engine sets holding an engine
// asked for (alwaysPass always).
func (r *run) setFilters(q Query) {
	if len(q.Types) > 0 {
		r.typeOK = make([]bool, r.e.ntypes)
		for _, t := range q.Types {
			if c, ok := r.e.typeCode[t]; ok {
				r.typeOK[c] = true
			}
		}
	}
	if len(q.Engines) > 0 {
		mask := make([]uint64, (len(r.e.engines)+63)/64)
		for _, name := range q.Engines {
			if i, ok := r.e.engineID[name]; ok {
				setBit(mask, i)
			}
		}
		r.setOK = make([]bool, len(r.e.sets))
		r.setOK[alwaysPass] = true
		for id := 1; id < len(r.e.sets); id++ {
			for w, x := range r.e.sets[id] {
				if x&mask[w] != 0 {
					r.setOK[id] = true
					break
				}
			}
		}
	}
}

// passes reports whether node v passes the engine filter.
func (r *run) passes(v uint32) bool {
	return r.setOK == nil || r.setOK[r.e.engSet[v]]
}

// seedOK reports whether node v passes the type and the engine filter.
func (r *run) seedOK(v uint32) bool {
	return (r.typeOK == nil || r.typeOK[r.e.typ[v]]) && r.passes(v)
}

func (r *run) isVisited(v uint32) bool { return r.s.visited[v>>6]&(1<<(v&63)) != 0 }

// offerSeed makes v a seed if it passes both filters and is new.
func (r *run) offerSeed(v uint32) {
	if r.isVisited(v) || !r.seedOK(v) {
		return
	}
	r.s.visited[v>>6] |= 1 << (v & 63)
	if r.expand {
		r.s.frontier = append(r.s.frontier, int32(v))
	}
}

// offerBits offers the nodes of a bitmap whose word i covers the nodes of
// the reached set's word w0+i, a word at a time.
func (r *run) offerBits(w0 int, u []uint64) {
	vis := r.s.visited
	u = u[:min(len(u), len(vis)-w0)]
	filtered := r.typeOK != nil || r.setOK != nil
	for i, x := range u {
		w := w0 + i
		x &^= vis[w]
		if filtered {
			for y := x; y != 0; y &= y - 1 {
				if v := uint32(w<<6 + bits.TrailingZeros64(y)); !r.seedOK(v) {
					x &^= 1 << (v & 63)
				}
			}
		}
		vis[w] |= x
		for ; r.expand && x != 0; x &= x - 1 {
			r.s.frontier = append(r.s.frontier, int32(w<<6+bits.TrailingZeros64(x)))
		}
	}
}

// best returns the reached nodes of one kind (0 sections, 1 search
// queries, 2 sources), at most k of them, best first (compareNodes), given
// how many were reached. When they are dense in the kind (count² > k ×
// kind size) and the gram index ranked the nodes, it takes the first k
// reached in rank order, about k × size / count tests; else it keeps the k
// best of them in a sorted slice.
func (r *run) best(kind, k, count int) []uint32 {
	vis, of := r.s.visited, r.e.kinds[kind]
	var out []uint32
	if r.ix != nil && count*count > k*len(r.ix.byRank[kind]) {
		for _, v := range r.ix.byRank[kind] {
			if len(out) == k {
				break
			}
			if r.isVisited(v) {
				out = append(out, v)
			}
		}
		return out
	}
	less := func(a, b uint32) bool { return r.e.compareNodes(kind, a, b) < 0 }
	if r.ix != nil {
		rank := r.ix.rank
		less = func(a, b uint32) bool { return rank[a] < rank[b] }
	}
	for w, x := range vis {
		if x == 0 {
			continue
		}
		for x &= of[w]; x != 0; x &= x - 1 {
			v := uint32(w<<6 + bits.TrailingZeros64(x))
			if len(out) == k && !less(v, out[k-1]) {
				continue
			}
			i := sort.Search(len(out), func(i int) bool { return less(v, out[i]) })
			if len(out) < k {
				out = append(out, v)
			}
			copy(out[i+1:], out[i:len(out)-1])
			out[i] = v
		}
	}
	return out
}

// scan offers every node that passes the filters and has a field
// containing a term: a direct scan of the searchable text, in graph order.
func (r *run) scan(terms []string) {
	m := newMatcher(&r.e.text, terms)
	for v := range uint32(r.e.n) {
		if r.seedOK(v) && m.match(v) {
			r.offerSeed(v)
		}
	}
}

// matchTerm offers every node matching the lower-case term t, from the
// gram index.
func (r *run) matchTerm(t string) {
	ix := r.ix
	first, size := utf8.DecodeRuneInString(t)
	if size == len(t) { // one rune: the union of every gram that starts with it
		lo, _ := slices.BinarySearch(ix.keys, gramKey(first, 0))
		hi, _ := slices.BinarySearch(ix.keys, gramKey(first, endRune)+1)
		if lo == hi {
			return
		}
		u := make([]uint64, (r.e.n+blockSize-1)/blockSize*blockWords) // whole blocks, so that bitmap containers fit
		for g := lo; g < hi; g++ {
			for _, c := range ix.containers(g) {
				w0 := int(c.hi) * blockWords
				if c.isBitmap() {
					for i, x := range ix.bits[c.off : c.off+blockWords] {
						u[w0+i] |= x
					}
					continue
				}
				for _, lo := range ix.arr[c.off : c.off+uint32(c.n())] {
					u[w0+int(lo>>6)] |= 1 << (lo & 63)
				}
			}
		}
		r.offerBits(0, u)
		return
	}
	// The term's rarest gram; its nodes are the candidates. (Intersecting
	// the posting lists of all its grams first measured no faster: the
	// rarest rune pair of a word is about as selective as the word.)
	rarest, prev, nrunes := -1, rune(-1), 0
	for _, c := range t {
		nrunes++
		if prev >= 0 {
			g := ix.find(gramKey(prev, c))
			if g < 0 {
				return // a gram no node has: no match
			}
			if rarest < 0 || ix.count(g) < ix.count(rarest) {
				rarest = g
			}
		}
		prev = c
	}
	if nrunes == 2 { // the one gram is the term: no verification
		for _, c := range ix.containers(rarest) {
			r.offerContainer(c)
		}
		return
	}
	m := newMatcher(&r.e.text, []string{t})
	for _, c := range ix.containers(rarest) {
		base := uint32(c.hi) << blockBits
		if !c.isBitmap() {
			for _, lo := range ix.arr[c.off : c.off+uint32(c.n())] {
				if v := base | uint32(lo); m.match(v) {
					r.offerSeed(v)
				}
			}
			continue
		}
		for w, x := range ix.bits[c.off : c.off+blockWords] {
			for ; x != 0; x &= x - 1 {
				if v := base | uint32(w<<6+bits.TrailingZeros64(x)); m.match(v) {
					r.offerSeed(v)
				}
			}
		}
	}
}

// offerContainer offers every node of one container.
func (r *run) offerContainer(c container) {
	ix := r.ix
	base := uint32(c.hi) << blockBits
	if c.isBitmap() {
		r.offerBits(int(base>>6), ix.bits[c.off:c.off+blockWords])
		return
	}
	for _, lo := range ix.arr[c.off : c.off+uint32(c.n())] {
		r.offerSeed(base | uint32(lo))
	}
}

// expandSeeds adds the nodes within depth edges of the seeds (r.s.frontier):
// one breadth-first search from all of them over the graph's adjacency
// (graphrag.Traversal.Expand); under an engine filter the nodes failing it
// are neither added nor passed through.
func (r *run) expandSeeds(depth int) {
	if depth == 0 || len(r.s.frontier) == 0 {
		return
	}
	var keep func(v int32) bool
	if setOK, engSet := r.setOK, r.e.engSet; setOK != nil {
		keep = func(v int32) bool { return setOK[engSet[v]] }
	}
	vis := r.s.visited
	r.e.g.Traversal().Expand(r.s.frontier, depth, keep, func(v int32, _ int) {
		vis[v>>6] |= 1 << (v & 63)
	})
}

func (e *Engine) items(vs []uint32) []Item {
	out := make([]Item, len(vs))
	for i, v := range vs {
		out[i] = Item{ID: e.g.ID(int(v)), Name: e.g.Name(int(v)), Type: e.g.Type(int(v)), Attrs: e.g.Attrs(int(v))}
	}
	return out
}

// Summary limits, in runes (the reference's).
const (
	summaryMax      = 200
	summaryTitleMax = 30
	summaryQueryMax = 20
)

func summarize(r *Result) string {
	if r.NoMatch {
		return "无匹配结果"
	}
	var parts []string
	if r.TotalSections > 0 {
		parts = append(parts, fmt.Sprintf("段落(%d): %s", r.TotalSections, firstTexts(r.MatchedSections, "title", summaryTitleMax)))
	}
	if r.TotalQueries > 0 {
		parts = append(parts, fmt.Sprintf("搜索词(%d): %s", r.TotalQueries, firstTexts(r.MatchedQueries, "query_text", summaryQueryMax)))
	}
	if r.TotalSources > 0 {
		parts = append(parts, fmt.Sprintf("来源(%d)", r.TotalSources))
	}
	return text.TruncateRunes(strings.Join(parts, "; "), summaryMax)
}

// firstTexts joins the attribute key (else the name) of the first three
// items, each cut to max runes.
func firstTexts(items []Item, key string, max int) string {
	var ts []string
	for _, it := range items[:min(3, len(items))] {
		t := it.Attrs.String(key)
		if t == "" {
			t = it.Name
		}
		ts = append(ts, text.TruncateRunes(t, max))
	}
	return strings.Join(ts, ", ")
}
