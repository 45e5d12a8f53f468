package queryengine

import (
	"cmp"
	"math"
	"slices"
	"strings"
	"sync"

	"reportengine/graphrag"
)

// Type codes of the builder types; other types get codes from 5 on, in
// order of first appearance.
const (
	codeTopic uint16 = iota
	codeEngine
	codeSection
	codeQuery
	codeSource
)

// alwaysPass is the engine-set id of nodes the engine filter never removes
// (topic, and nodes of other types without an engine).
const alwaysPass = 0

// Engine answers queries over one graph. New builds every index once; Run
// then reads the posting lists of the query's terms and the nodes it
// reaches, not the whole graph (terms of three or more runes also read the
// text of their candidate nodes, once per term thanks to a term cache).
//
// An Engine is safe for concurrent use by multiple goroutines. It reads the
// graph's nodes when it returns items: the graph must not be changed after
// New (build a new Engine for a changed graph).
type Engine struct {
	g     *graphrag.Graph
	nodes []*graphrag.Node

	// per node
	typ    []uint16 // type code
	engSet []uint32 // engine-set id (alwaysPass or an index into sets)
	rank   []uint32 // position in its type's sort order (sections, queries, sources)
	text   textIndex

	// undirected adjacency, CSR: the neighbours of v are adj[off[v]:off[v+1]]
	off []uint32
	adj []uint32

	ix gramIndex

	typeNames []graphrag.NodeType
	typeCode  map[graphrag.NodeType]uint16
	engines   []string       // engine names, in order of first appearance
	engineID  map[string]int // name -> index into engines
	sets      [][]uint64     // engine sets as bitsets over engines; sets[0] unused (alwaysPass)
	sections  []uint32       // section node indexes, in graph order

	overview Overview
	pool     sync.Pool // *scratch
	cache    termCache // verified match sets of long terms (see cache.go)
}

// IndexStats describes the size of an Engine's indexes.
type IndexStats struct {
	Nodes    int // nodes in the graph
	Edges    int // edges in the graph
	Grams    int // distinct grams (rune pairs and field-final runes)
	Postings int // (gram, node) pairs
	// Bytes is the memory held by the indexes (posting lists, gram keys,
	// field headers, adjacency, per-node arrays), not counting the graph
	// itself, the term cache, nor the per-Run scratch (about Nodes/8 bytes
	// plus the frontier per concurrent Run, reused through a sync.Pool).
	Bytes int64
	// CachedTerms and CacheBytes describe the term cache: match sets of
	// long terms kept after an expensive verification (at most 64 terms
	// and 64 × Nodes/8 bytes).
	CachedTerms int
	CacheBytes  int64
}

// Stats returns the index sizes.
func (e *Engine) Stats() IndexStats {
	st := IndexStats{Nodes: len(e.nodes), Grams: len(e.ix.keys)}
	if e.g != nil {
		st.Edges = e.g.EdgeCount()
	}
	for _, c := range e.ix.conts {
		st.Postings += c.n()
	}
	n := int64(len(e.nodes))
	st.Bytes = e.ix.bytes() + e.text.bytes() + n*(2+4+4) + int64(len(e.off))*4 + int64(len(e.adj))*4 +
		int64(len(e.sections))*4
	for _, s := range e.sets {
		st.Bytes += int64(len(s)) * 8
	}
	terms, bytes := e.cache.size()
	st.CachedTerms, st.CacheBytes = terms, int64(bytes)
	return st
}

// New indexes g for queries. A nil or empty graph gives an Engine whose Run
// returns ErrEmptyGraph. It panics only if the posting lists exceed 2^32
// entries (tens of gigabytes of text).
func New(g *graphrag.Graph) *Engine {
	e := &Engine{g: g, typeCode: map[graphrag.NodeType]uint16{}, engineID: map[string]int{}}
	for _, t := range graphrag.NodeTypes() {
		e.internType(t)
	}
	if g != nil {
		e.nodes = g.Nodes()
	}
	n := len(e.nodes)
	e.typ = make([]uint16, n)
	for v, nd := range e.nodes {
		c := e.internType(nd.Type)
		e.typ[v] = c
		if c == codeSection {
			e.sections = append(e.sections, uint32(v))
		}
	}
	var ends [][2]int32
	if g != nil {
		ends = g.EdgeEnds()
	}
	e.buildAdjacency(ends)
	e.buildEngineSets(ends)
	e.buildRanks()
	e.ix, e.text = buildIndex(e.nodes)
	e.overview = e.buildOverview(ends)
	e.pool.New = func() any { return &scratch{visited: make([]uint64, (n+63)/64)} }
	return e
}

func (e *Engine) internType(t graphrag.NodeType) uint16 {
	if c, ok := e.typeCode[t]; ok {
		return c
	}
	if len(e.typeNames) > math.MaxUint16 {
		panic("queryengine: more than 65535 node types")
	}
	c := uint16(len(e.typeNames))
	e.typeCode[t] = c
	e.typeNames = append(e.typeNames, t)
	return c
}

func (e *Engine) buildAdjacency(ends [][2]int32) {
	n := len(e.nodes)
	e.off = make([]uint32, n+1)
	for _, ab := range ends {
		e.off[ab[0]+1]++
		if ab[0] != ab[1] {
			e.off[ab[1]+1]++
		}
	}
	for i := 1; i <= n; i++ {
		e.off[i] += e.off[i-1]
	}
	e.adj = make([]uint32, e.off[n])
	next := slices.Clone(e.off[:n])
	for _, ab := range ends {
		a, b := ab[0], ab[1]
		e.adj[next[a]] = uint32(b)
		next[a]++
		if a != b {
			e.adj[next[b]] = uint32(a)
			next[b]++
		}
	}
}

func (e *Engine) engineIndex(name string) int {
	if i, ok := e.engineID[name]; ok {
		return i
	}
	e.engineID[name] = len(e.engines)
	e.engines = append(e.engines, name)
	return len(e.engines) - 1
}

// ownEngine is the engine a node declares: its non-empty string "engine"
// attribute, else, for an engine node, its name; -1 for none.
func (e *Engine) ownEngine(v int) int {
	nd := e.nodes[v]
	if s := nd.Attrs.String("engine"); s != "" {
		return e.engineIndex(s)
	}
	if e.typ[v] == codeEngine && nd.Name != "" {
		return e.engineIndex(nd.Name)
	}
	return -1
}

// buildEngineSets gives every node its engine set (see the package doc):
// the own engine; for a source the "engines" list plus its own engine, or,
// when both are missing, the engines of the nodes with an edge into it.
func (e *Engine) buildEngineSets(ends [][2]int32) {
	n := len(e.nodes)
	own := make([]int32, n)
	for v := range e.nodes {
		own[v] = int32(e.ownEngine(v))
	}
	for v, nd := range e.nodes { // register listed names in graph order
		if e.typ[v] == codeSource {
			for _, s := range nd.Attrs.Strings("engines") {
				e.engineIndex(s)
			}
		}
	}
	words := (len(e.engines) + 63) / 64
	e.sets = [][]uint64{nil}
	setID := map[string]uint32{}
	intern := func(bs []uint64) uint32 {
		k := wordsKey(bs)
		if id, ok := setID[k]; ok {
			return id
		}
		id := uint32(len(e.sets))
		setID[k] = id
		e.sets = append(e.sets, slices.Clone(bs))
		return id
	}
	bs := make([]uint64, words)
	e.engSet = make([]uint32, n)
	var derive []int32 // sources whose set comes from in-edges
	for v, nd := range e.nodes {
		clear(bs)
		switch {
		case e.typ[v] == codeSource:
			for _, s := range nd.Attrs.Strings("engines") {
				setBit(bs, e.engineID[s])
			}
			if own[v] >= 0 {
				setBit(bs, int(own[v]))
			}
			if isZero(bs) {
				derive = append(derive, int32(v))
				continue
			}
		case own[v] >= 0:
			setBit(bs, int(own[v]))
		default:
			e.engSet[v] = alwaysPass
			continue
		}
		e.engSet[v] = intern(bs)
	}
	if len(derive) == 0 {
		return
	}
	in := make(map[int32][]uint64, len(derive))
	for _, v := range derive {
		in[v] = make([]uint64, words)
	}
	for _, ab := range ends {
		if m, ok := in[ab[1]]; ok && own[ab[0]] >= 0 {
			setBit(m, int(own[ab[0]]))
		}
	}
	for _, v := range derive {
		e.engSet[v] = intern(in[v]) // possibly the empty set: never passes a filter
	}
}

func setBit(bs []uint64, i int) { bs[i>>6] |= 1 << (i & 63) }

func isZero(bs []uint64) bool {
	for _, w := range bs {
		if w != 0 {
			return false
		}
	}
	return true
}

func wordsKey(bs []uint64) string {
	var sb strings.Builder
	for _, w := range bs {
		for i := 0; i < 8; i++ {
			sb.WriteByte(byte(w >> (8 * i)))
		}
	}
	return sb.String()
}

// buildRanks sorts sections by order (numbers first, ascending; missing,
// null or non-numeric orders last), queries by query_text and sources by
// title (byte-wise), each with the insertion index as the tie-break, and
// stores every node's position in its type's order.
func (e *Engine) buildRanks() {
	e.rank = make([]uint32, len(e.nodes))
	var secs, qs, srcs []uint32
	for v, c := range e.typ {
		switch c {
		case codeSection:
			secs = append(secs, uint32(v))
		case codeQuery:
			qs = append(qs, uint32(v))
		case codeSource:
			srcs = append(srcs, uint32(v))
		}
	}
	type numKey struct {
		ok bool
		f  float64
		v  uint32
	}
	nk := make([]numKey, len(secs))
	for i, v := range secs {
		f, ok := e.nodes[v].Attrs.Float("order")
		ok = ok && !math.IsNaN(f)
		nk[i] = numKey{ok, f, v}
	}
	slices.SortFunc(nk, func(a, b numKey) int {
		if a.ok != b.ok {
			if a.ok {
				return -1
			}
			return 1
		}
		if a.ok {
			if c := cmp.Compare(a.f, b.f); c != 0 {
				return c
			}
		}
		return cmp.Compare(a.v, b.v)
	})
	for r, k := range nk {
		e.rank[k.v] = uint32(r)
	}
	e.rankByString(qs, "query_text")
	e.rankByString(srcs, "title")
}

func (e *Engine) rankByString(vs []uint32, key string) {
	type strKey struct {
		s string
		v uint32
	}
	ks := make([]strKey, len(vs))
	for i, v := range vs {
		ks[i] = strKey{e.nodes[v].Attrs.String(key), v}
	}
	slices.SortFunc(ks, func(a, b strKey) int {
		if c := strings.Compare(a.s, b.s); c != 0 {
			return c
		}
		return cmp.Compare(a.v, b.v)
	})
	for r, k := range ks {
		e.rank[k.v] = uint32(r)
	}
}
