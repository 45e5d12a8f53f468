package queryengine

import (
	"cmp"
	"encoding/binary"
	"math"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"reportengine/graphrag"
)

// Type codes of the builder types; other types get codes from 5 on, in
// order of first appearance (a uint32: a graph may hold any number of
// types).
const (
	codeTopic uint32 = iota
	codeEngine
	codeSection
	codeQuery
	codeSource
)

// alwaysPass is the engine-set id of nodes the engine filter never removes
// (topic, and nodes of other types without an engine).
const alwaysPass = 0

// Engine answers queries over one graph. New prepares what every query
// needs in O(nodes + edges) — node types, engine sets and the searchable
// text — and a Run then scans that text; a Run with depth expands over
// the graph's incidence lists (graphrag.Traversal, built on first use).
// Index adds a gram index (seconds to build, see the package doc) after
// which a Run reads only the posting lists of its terms and the nodes it
// reaches.
//
// An Engine is safe for concurrent use by multiple goroutines, Index
// included. It reads the graph's nodes when it returns items: the graph must
// not be changed after New (build a new Engine for a changed graph).
type Engine struct {
	g *graphrag.Graph // read through its index accessors (ID, Type, String, …)
	n int             // nodes in g

	// per node
	typ    []uint32 // type code
	engSet []uint32 // engine-set id (alwaysPass or an index into sets)
	text   textIndex

	typeCode map[graphrag.NodeType]uint32
	ntypes   int
	engines  []string       // engine names, in order of first appearance
	engineID map[string]int // name -> index into engines
	sets     [][]uint64     // engine sets as bitsets over engines; sets[0] unused (alwaysPass)
	sections []uint32       // section node indexes, in graph order
	kinds    [3][]uint64    // bitsets of the sections, search queries and sources

	overview  func() Overview // computed on first call
	indexOnce sync.Once
	ix        atomic.Pointer[gramIndex] // nil until Index has built it
}

// IndexStats describes the size of an Engine's indexes.
type IndexStats struct {
	Nodes int // nodes in the graph
	Edges int // edges in the graph
	// Indexed tells whether Index has built the gram index; Grams and
	// Postings are 0 until then.
	Indexed  bool
	Grams    int // distinct grams (rune pairs and field-final runes)
	Postings int // (gram, node) pairs
	// Bytes is the memory held by the Engine's own structures (field
	// headers, per-node arrays and, once built, posting lists, gram keys
	// and ranks), not counting the graph itself, its incidence lists
	// (graphrag.Traversal) nor the per-Run scratch (about Nodes/8 bytes
	// plus the seeds per concurrent Run).
	Bytes int64
}

// Stats returns the index sizes.
func (e *Engine) Stats() IndexStats {
	st := IndexStats{Nodes: e.n}
	if e.g != nil {
		st.Edges = e.g.EdgeCount()
	}
	n := int64(e.n)
	st.Bytes = e.text.bytes() + n*(4+4) + int64(len(e.sections))*4 + 3*int64(len(e.kinds[0]))*8
	for _, s := range e.sets {
		st.Bytes += int64(len(s)) * 8
	}
	if ix := e.ix.Load(); ix != nil {
		st.Indexed, st.Grams = true, len(ix.keys)
		for _, c := range ix.conts {
			st.Postings += c.n()
		}
		st.Bytes += ix.bytes()
	}
	return st
}

// New prepares g for queries, in O(nodes + edges) time and about 70 bytes
// per node (see the package doc); it builds no gram index (see Index). A
// nil or empty graph gives an Engine whose Run returns ErrEmptyGraph. Any
// graph is accepted: there is no limit on the number of node types or
// engines.
func New(g *graphrag.Graph) *Engine {
	e := &Engine{g: g, typeCode: map[graphrag.NodeType]uint32{}, engineID: map[string]int{}}
	for _, t := range graphrag.NodeTypes() {
		e.internType(t)
	}
	if g != nil {
		e.n = g.NodeCount()
	}
	n := e.n
	e.typ = make([]uint32, n)
	for k := range e.kinds {
		e.kinds[k] = make([]uint64, (n+63)/64)
	}
	for v := range n {
		c := e.internType(g.Type(v))
		e.typ[v] = c
		if c == codeSection {
			e.sections = append(e.sections, uint32(v))
		}
		if k := int(c) - int(codeSection); k >= 0 && k < 3 {
			setBit(e.kinds[k], v)
		}
	}
	var ends [][2]int32
	if g != nil {
		ends = g.EdgeEnds()
	}
	e.buildEngineSets(ends)
	e.text = buildText(g, n)
	e.overview = sync.OnceValue(func() Overview { return e.buildOverview(ends) })
	return e
}

// Index builds the gram index and the rank arrays (see the package doc: a
// few seconds and about 300 bytes per node for 300 000 nodes), so that
// later Runs read posting lists instead of scanning every node's text.
// Results are the same with and without it. It is meant for long-lived
// engines (a server, a benchmark); a process that runs a handful of
// queries is faster without it. Calling it again, or from several
// goroutines, builds once; Runs may go on meanwhile (they scan until the
// index is in place).
func (e *Engine) Index() {
	e.indexOnce.Do(func() {
		ix := buildIndex(&e.text, e.n)
		ix.rank, ix.byRank = e.buildRanks()
		e.ix.Store(&ix)
	})
}

func (e *Engine) internType(t graphrag.NodeType) uint32 {
	if c, ok := e.typeCode[t]; ok {
		return c
	}
	c := uint32(e.ntypes)
	e.typeCode[t] = c
	e.ntypes++
	return c
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
	if s := e.g.String(v, "engine"); s != "" {
		return e.engineIndex(s)
	}
	if name := e.g.Name(v); e.typ[v] == codeEngine && name != "" {
		return e.engineIndex(name)
	}
	return -1
}

// buildEngineSets gives every node its engine set (see the package doc):
// the own engine; for a source the "engines" list plus its own engine, or,
// when both are missing, the engines of the nodes with an edge into it.
func (e *Engine) buildEngineSets(ends [][2]int32) {
	n := e.n
	own := make([]int32, n)
	for v := range n {
		own[v] = int32(e.ownEngine(v))
	}
	listed := make([][]string, n) // sources' "engines" lists
	for v := range n {            // register listed names in graph order
		if e.typ[v] == codeSource {
			listed[v] = e.g.Strings(v, "engines")
			for _, s := range listed[v] {
				e.engineIndex(s)
			}
		}
	}
	words := (len(e.engines) + 63) / 64
	e.sets = [][]uint64{nil}
	setID := map[string]uint32{}
	var key []byte
	intern := func(bs []uint64) uint32 {
		key = key[:0]
		for _, w := range bs {
			key = binary.LittleEndian.AppendUint64(key, w)
		}
		if id, ok := setID[string(key)]; ok { // no allocation
			return id
		}
		id := uint32(len(e.sets))
		setID[string(key)] = id
		e.sets = append(e.sets, slices.Clone(bs))
		return id
	}
	bs := make([]uint64, words)
	e.engSet = make([]uint32, n)
	var derive []int32 // sources whose set comes from in-edges
	for v := range n {
		clear(bs)
		switch {
		case e.typ[v] == codeSource:
			for _, s := range listed[v] {
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
	slot := make([]int32, n) // 1 + position in derive, 0 for other nodes
	for i, v := range derive {
		slot[v] = int32(i + 1)
	}
	in := make([]uint64, len(derive)*words) // the in-edge engine sets, one after the other
	for _, ab := range ends {
		if i := slot[ab[1]]; i > 0 && own[ab[0]] >= 0 {
			setBit(in[int(i-1)*words:int(i)*words], int(own[ab[0]]))
		}
	}
	for i, v := range derive {
		e.engSet[v] = intern(in[i*words : (i+1)*words]) // possibly the empty set: never passes a filter
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

// buildRanks sorts the sections, search queries and sources each in its
// kind's order (compareNodes) and stores every node's position in it
// (rank), so that the result selection of an indexed Engine compares two
// integers instead of two attributes, or walks a kind in order (byRank).
// Queries and sources are compared by the first 8 bytes of their text
// first (textPrefix), and by compareNodes only when those are equal.
func (e *Engine) buildRanks() (rank []uint32, byRank [3][]uint32) {
	rank = make([]uint32, e.n)
	type keyed struct {
		pre uint64
		v   uint32
	}
	for kind := range 3 {
		var vs []keyed
		for v, c := range e.typ {
			if int(c)-int(codeSection) == kind {
				vs = append(vs, keyed{e.textPrefix(kind, v), uint32(v)})
			}
		}
		slices.SortFunc(vs, func(a, b keyed) int {
			if c := cmp.Compare(a.pre, b.pre); c != 0 {
				return c
			}
			return e.compareNodes(kind, a.v, b.v)
		})
		byRank[kind] = make([]uint32, len(vs))
		for r, k := range vs {
			rank[k.v] = uint32(r)
			byRank[kind][r] = k.v
		}
	}
	return rank, byRank
}

// textPrefix is the first 8 bytes of the text a query (query_text) or a
// source (title) is ordered by, big-endian, zero-padded: when two
// prefixes differ they order as strings.Compare orders the texts (a
// shorter text is a prefix of the other up to its end). Sections: 0.
func (e *Engine) textPrefix(kind, v int) uint64 {
	var s string
	switch kind {
	case 0:
		return 0
	case 1:
		s = e.g.String(v, "query_text")
	default:
		s = e.g.String(v, "title")
	}
	var b [8]byte
	copy(b[:], s)
	return binary.BigEndian.Uint64(b[:])
}

// compareNodes orders two nodes of one kind (0 sections, 1 search queries,
// 2 sources): sections by order (numbers ascending; missing, null, NaN or
// non-numeric orders after them), queries by query_text and sources by
// title (byte-wise, missing = ""), each with the insertion index as the
// tie-break.
func (e *Engine) compareNodes(kind int, a, b uint32) int {
	g, va, vb := e.g, int(a), int(b)
	switch kind {
	case 0:
		fa, oka := g.Float(va, "order")
		fb, okb := g.Float(vb, "order")
		oka, okb = oka && !math.IsNaN(fa), okb && !math.IsNaN(fb)
		if oka != okb {
			if oka {
				return -1
			}
			return 1
		}
		if oka {
			if c := cmp.Compare(fa, fb); c != 0 {
				return c
			}
		}
	case 1:
		if c := strings.Compare(g.String(va, "query_text"), g.String(vb, "query_text")); c != 0 {
			return c
		}
	default:
		if c := strings.Compare(g.String(va, "title"), g.String(vb, "title")); c != 0 {
			return c
		}
	}
	return cmp.Compare(a, b)
}
