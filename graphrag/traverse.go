package graphrag

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"runtime"
	"slices"
	"sync"

	dgraph "github.com/dominikbraun/graph"

	"reportengine/internal/parallel"
)

// Traversals run github.com/dominikbraun/graph's breadth-first search over
// read-only library graphs whose store is this graph (libStore): vertices
// are graph indexes, edges the graph's (from, to) index pairs. The library's
// BFS asks for the whole adjacency map (map[vertex]map[vertex]Edge) on every
// call; each view builds it once and hands the same map to every later
// traversal, so a traversal costs what it visits, not O(V+E).
//
// ReachableFrom follows edge directions over the map the library itself
// builds from the store (ListVertices, ListEdges; about 20 MB on the
// 300 000-source benchmark graph, where only the ~4 000 nodes with
// out-edges hold entries).
//
// Within, Neighborhood and Traversal.Expand (the query engine's depth
// expansion) follow edges in both directions over a Traversal: the
// undirected neighbour lists in CSR form plus an adjacency map for the
// library that leaves out the leaves, the nodes with exactly one neighbour
// (most sources of a built graph: found by one search query). A leaf never
// leads further than its neighbour, so the library walks the rest of the
// graph and the visit callback reports each leaf when it reaches the
// leaf's neighbour (and, for a leaf start node, the neighbour at once).
// On the benchmark graph the map then holds about 24 000 of 306 658 nodes
// instead of every node at about 440 bytes each, and a search from the
// 33 000 start nodes of a common word visits a few thousand vertices.
//
// Many start nodes go into one library call through a reserved vertex, a
// super-source: each Traversal reserves a few slots, each a pair of
// negative vertex keys present in the map from the start. A search takes a
// free slot and fills the slot's own two inner maps: the first with the
// start nodes that are not leaves plus the slot's second key, the second
// with the neighbours of the leaf start nodes (distance 1). The outer map
// is not written after it is built, except to replace a slot's inner map
// that an earlier large search grew far beyond the current one's need (a
// cleared Go map keeps its capacity, and iterating it costs that capacity);
// that write holds a lock that excludes every search. Slot keys lie at the
// bottom of the int32 range.
//
// Two properties of the library's BFS (v0.23.0) shape the callback: the
// depth it passes counts visited vertices, not levels, so levels are
// counted from the layer sizes (the vertices each layer adds); and it
// iterates neighbours in map order, so results are sorted (by hop count,
// then graph order) to stay deterministic.

// libStore is a read-only dgraph.Store over a Graph: vertex hash = value =
// graph index. Mutations return errReadOnly. For the library's undirected
// graphs the store holds every edge in both directions (as the library's
// own undirected AddEdge stores it), so ListEdges lists each pair twice.
type libStore struct {
	g          *Graph
	undirected bool
}

var errReadOnly = errors.New("graphrag: the traversal view is read-only")

var _ dgraph.Store[int32, int32] = libStore{}

func (s libStore) AddVertex(int32, int32, dgraph.VertexProperties) error { return errReadOnly }

func (s libStore) Vertex(h int32) (int32, dgraph.VertexProperties, error) {
	if h < 0 || int(h) >= s.g.NodeCount() {
		return 0, dgraph.VertexProperties{}, dgraph.ErrVertexNotFound
	}
	return h, dgraph.VertexProperties{}, nil
}

func (s libStore) RemoveVertex(int32) error { return errReadOnly }

func (s libStore) ListVertices() ([]int32, error) {
	out := make([]int32, s.g.NodeCount())
	for i := range out {
		out[i] = int32(i)
	}
	return out, nil
}

func (s libStore) VertexCount() (int, error) { return s.g.NodeCount(), nil }

func (s libStore) AddEdge(int32, int32, dgraph.Edge[int32]) error { return errReadOnly }

func (s libStore) UpdateEdge(int32, int32, dgraph.Edge[int32]) error { return errReadOnly }

func (s libStore) RemoveEdge(int32, int32) error { return errReadOnly }

func (s libStore) Edge(from, to int32) (dgraph.Edge[int32], error) {
	for _, ab := range s.g.EdgeEnds() {
		if ab[0] == from && ab[1] == to || s.undirected && ab[0] == to && ab[1] == from {
			return dgraph.Edge[int32]{Source: from, Target: to}, nil
		}
	}
	return dgraph.Edge[int32]{}, dgraph.ErrEdgeNotFound
}

func (s libStore) ListEdges() ([]dgraph.Edge[int32], error) {
	ends := s.g.EdgeEnds()
	n := len(ends)
	if s.undirected {
		n *= 2
	}
	out := make([]dgraph.Edge[int32], 0, n)
	for _, ab := range ends {
		out = append(out, dgraph.Edge[int32]{Source: ab[0], Target: ab[1]})
		if s.undirected && ab[0] != ab[1] {
			out = append(out, dgraph.Edge[int32]{Source: ab[1], Target: ab[0]})
		}
	}
	return out, nil
}

// libView is the library graph over libStore with a prepared adjacency
// map: AdjacencyMap is the only method the library's traversals call.
type libView struct {
	dgraph.Graph[int32, int32]
	adj map[int32]map[int32]dgraph.Edge[int32]
}

func (v *libView) AdjacencyMap() (map[int32]map[int32]dgraph.Edge[int32], error) { return v.adj, nil }

// views holds the lazily built traversal views of a graph; reset when the
// graph changes.
type views struct {
	directedOnce, undirectedOnce sync.Once
	directed                     *libView
	undirected                   *Traversal
	err                          error
}

func (g *Graph) lazyViews() *views {
	g.viewsMu.Lock()
	defer g.viewsMu.Unlock()
	if g.views == nil {
		g.views = &views{}
	}
	return g.views
}

// directedView is the library's own adjacency map over libStore, built once.
func (g *Graph) directedView() (*libView, error) {
	vs := g.lazyViews()
	vs.directedOnce.Do(func() {
		lib := dgraph.NewWithStore(func(v int32) int32 { return v }, dgraph.Store[int32, int32](libStore{g, false}), dgraph.Directed())
		adj, err := lib.AdjacencyMap()
		if err != nil {
			vs.err = err
			return
		}
		vs.directed = &libView{Graph: lib, adj: adj}
	})
	if vs.directed == nil {
		return nil, fmt.Errorf("graphrag: traversal view: %w", vs.err)
	}
	return vs.directed, nil
}

// Traversal is an undirected, read-only traversal view of a Graph, possibly
// restricted to some of its nodes (see Graph.Traversal): the neighbour lists
// and the adjacency map dominikbraun/graph's BFS walks (see the notes above
// ReachableFrom's view). Building it costs O(nodes + edges) time on every
// core, about 8 bytes per edge end plus about 400 bytes per node that is not
// a leaf. It is safe for concurrent use; it does not follow later changes to
// the graph.
type Traversal struct {
	off  []int32 // distinct neighbours of v, ascending: nbr[off[v]:off[v+1]]
	nbr  []int32
	lib  *libView
	mu   sync.RWMutex // read-held by every search; write-held to replace a slot's inner maps
	free chan *slot
}

// slot is one reserved super-source: vertex keys s1 (start) and s2 (the
// distance-1 neighbours of leaf start nodes), and the scratch of a search.
type slot struct {
	s1, s2 int32
	first  map[int32]dgraph.Edge[int32] // inner map of s1
	second map[int32]dgraph.Edge[int32] // inner map of s2
	grown  int                          // most entries either map held since it was made
	seen   []uint64                     // one bit per node: reported or a start
	lib    []uint64                     // one bit per node: marked by the library (see Expand)
	starts []int32                      // distinct start nodes
	core   []int32                      // start nodes that are not leaves
	near   []int32                      // non-leaf neighbours of leaf start nodes
}

// Slot map sizes: maps that held more than shrinkFactor × max(need,
// shrinkFloor) entries are replaced before a search fills them.
const (
	shrinkFactor = 8
	shrinkFloor  = 1024
)

// Traversal returns an undirected traversal view of g over the nodes v with
// keep(v) true: an edge is kept when both of its ends are; self-loops and
// repeated pairs count once. With keep nil the view covers the whole graph
// and is built once and cached in g (until g changes); with a keep function
// it is built on every call, and the caller caches it. The view does not
// retain keep.
func (g *Graph) Traversal(keep func(v int) bool) *Traversal {
	if keep != nil {
		return newTraversal(g, keep)
	}
	vs := g.lazyViews()
	vs.undirectedOnce.Do(func() { vs.undirected = newTraversal(g, nil) })
	return vs.undirected
}

func newTraversal(g *Graph, keep func(v int) bool) *Traversal {
	off, nbr := neighbourLists(g, keep)
	t := &Traversal{off: off, nbr: nbr}
	t.buildLib(g)
	return t
}

// neighbourLists returns the distinct neighbours of every node of g kept
// by keep (nil: all), ascending, as nbr[off[v]:off[v+1]]: both directions
// of every edge between two kept nodes, self-loops left out.
func neighbourLists(g *Graph, keep func(v int) bool) (off, nbr []int32) {
	n := g.NodeCount()
	if n >= math.MaxInt32-1024 {
		panic("graphrag: graph too large for a traversal view")
	}
	kept := func(v int32) bool { return keep == nil || keep(int(v)) }
	var ok []bool
	if keep != nil {
		ok = make([]bool, n)
		for v := range ok {
			ok[v] = keep(v)
		}
		kept = func(v int32) bool { return ok[v] }
	}
	// CSR of both directions, then each list sorted and deduplicated.
	deg := make([]int32, n+1)
	for _, ab := range g.EdgeEnds() {
		if a, b := ab[0], ab[1]; a != b && kept(a) && kept(b) {
			deg[a+1]++
			deg[b+1]++
		}
	}
	for v := 1; v <= n; v++ {
		deg[v] += deg[v-1]
	}
	nbr = make([]int32, deg[n])
	pos := slices.Clone(deg[:n])
	for _, ab := range g.EdgeEnds() {
		if a, b := ab[0], ab[1]; a != b && kept(a) && kept(b) {
			nbr[pos[a]], nbr[pos[b]] = b, a
			pos[a]++
			pos[b]++
		}
	}
	lens := pos // reused: distinct neighbours per node
	parallel.Chunks(n, parallel.Workers(n, 8192), func(_, lo, hi int) {
		for v := lo; v < hi; v++ {
			l := nbr[deg[v]:deg[v+1]]
			if len(l) > 1 {
				slices.Sort(l)
				l = slices.Compact(l)
			}
			lens[v] = int32(len(l))
		}
	})
	off = make([]int32, n+1)
	w := int32(0)
	for v := range n {
		copy(nbr[w:], nbr[deg[v]:deg[v]+lens[v]])
		off[v] = w
		w += lens[v]
	}
	off[n] = w
	return off, slices.Clip(nbr[:w])
}

// buildLib makes the library's view of t: its map holds every node with
// two or more neighbours, with its neighbours that have two or more too;
// then the slots.
func (t *Traversal) buildLib(g *Graph) {
	n := t.nodes()
	inner := make([]map[int32]dgraph.Edge[int32], n)
	parallel.Chunks(n, parallel.Workers(n, 8192), func(_, lo, hi int) {
		for v := int32(lo); v < int32(hi); v++ {
			if t.leafOrAlone(v) {
				continue
			}
			m := make(map[int32]dgraph.Edge[int32], t.off[v+1]-t.off[v])
			for _, u := range t.neighbours(v) {
				if !t.leafOrAlone(u) {
					m[u] = dgraph.Edge[int32]{Source: v, Target: u}
				}
			}
			inner[v] = m
		}
	})
	nslots := 2 * runtime.GOMAXPROCS(0)
	count := 2 * nslots
	for _, m := range inner {
		if m != nil {
			count++
		}
	}
	adj := make(map[int32]map[int32]dgraph.Edge[int32], count)
	for v, m := range inner {
		if m != nil {
			adj[int32(v)] = m
		}
	}
	t.free = make(chan *slot, nslots)
	for i := range int32(nslots) {
		s := &slot{s1: math.MinInt32 + 2*i, s2: math.MinInt32 + 2*i + 1}
		s.first, s.second = map[int32]dgraph.Edge[int32]{}, map[int32]dgraph.Edge[int32]{}
		adj[s.s1], adj[s.s2] = s.first, s.second
		t.free <- s
	}
	lib := dgraph.NewWithStore(func(v int32) int32 { return v }, dgraph.Store[int32, int32](libStore{g, true}))
	t.lib = &libView{Graph: lib, adj: adj}
}

func (t *Traversal) neighbours(v int32) []int32 { return t.nbr[t.off[v]:t.off[v+1]] }

// leafOrAlone reports a node with at most one neighbour: not in the
// library's map.
func (t *Traversal) leafOrAlone(v int32) bool { return t.off[v+1]-t.off[v] < 2 }

func (t *Traversal) nodes() int { return len(t.off) - 1 }

// Expand runs one breadth-first search from all starts at once (graph
// indexes; out of range or repeated ones are ignored; nodes outside the
// view expand to nothing) and calls visit for every other node within depth
// edges of a start, once, with its distance (1 ≤ hops ≤ depth), nearest
// first; the order within one distance is unspecified. depth < 0 means no
// limit, depth 0 reaches nothing. visit must not call Expand on the same
// Traversal. The search is dominikbraun/graph's BFS from a reserved
// super-source (see the notes above libStore); the only error is one the
// library returns, which it cannot for this view. Safe for concurrent use:
// up to 2 × GOMAXPROCS searches run at once, later ones wait for a slot.
func (t *Traversal) Expand(starts []int32, depth int, visit func(v int32, hops int)) error {
	if depth == 0 || len(starts) == 0 {
		return nil
	}
	s := <-t.free
	defer func() { t.free <- s }()
	if !t.seed(s, starts, depth, visit) {
		return nil
	}
	need := max(len(s.core)+1, len(s.near))
	if s.grown > shrinkFactor*max(need, shrinkFloor) {
		t.mu.Lock()
		s.first, s.second = make(map[int32]dgraph.Edge[int32], len(s.core)+1), make(map[int32]dgraph.Edge[int32], len(s.near))
		t.lib.adj[s.s1], t.lib.adj[s.s2] = s.first, s.second
		s.grown = 0
		t.mu.Unlock()
	}
	t.mu.RLock()
	defer t.mu.RUnlock()
	clear(s.first)
	clear(s.second)
	s.first[s.s2] = dgraph.Edge[int32]{Source: s.s1, Target: s.s2}
	for _, v := range s.core {
		s.first[v] = dgraph.Edge[int32]{Source: s.s1, Target: v}
	}
	for _, v := range s.near {
		s.second[v] = dgraph.Edge[int32]{Source: s.s2, Target: v}
	}
	s.grown = max(s.grown, need)
	return t.bfs(s, depth, visit)
}

func bitIsSet(bs []uint64, v int32) bool { return bs[v>>6]&(1<<(v&63)) != 0 }
func bitSet(bs []uint64, v int32)        { bs[v>>6] |= 1 << (v & 63) }

// seed fills slot s for a search from starts: the distinct starts, the
// neighbours of leaf starts (reported at distance 1 now), the starts and
// near nodes the library's search begins with. False when nothing is
// left to search.
func (t *Traversal) seed(s *slot, starts []int32, depth int, visit func(v int32, hops int)) bool {
	n := t.nodes()
	if s.seen == nil {
		s.seen, s.lib = make([]uint64, (n+63)/64), make([]uint64, (n+63)/64)
	}
	clear(s.seen)
	clear(s.lib)
	// seen: reported or a start. lib: what the library's BFS has marked
	// visited (it marks a vertex when it queues it), or will have by the
	// end of layer 0 (s.first and s.second): the library's layer sizes
	// are counted from it.
	seen, lib := s.seen, s.lib
	s.starts, s.core, s.near = s.starts[:0], s.core[:0], s.near[:0]
	for _, v := range starts {
		if v >= 0 && int(v) < n && !bitIsSet(seen, v) {
			bitSet(seen, v)
			s.starts = append(s.starts, v)
		}
	}
	// A leaf start's neighbour is at distance 1: reported now, and queued
	// for the library at layer 1 (s.second) unless it is a leaf too or the
	// search ends there.
	for _, v := range s.starts {
		if l := t.neighbours(v); len(l) == 1 && !bitIsSet(seen, l[0]) {
			u := l[0]
			bitSet(seen, u)
			visit(u, 1)
			if depth != 1 && !t.leafOrAlone(u) {
				bitSet(lib, u)
				s.near = append(s.near, u)
			}
		}
	}
	// Other starts go to the library (s.first), except those whose
	// neighbours are all at distance 0 or 1 already: they add nothing.
	for _, v := range s.starts {
		if t.leafOrAlone(v) {
			continue
		}
		for _, u := range t.neighbours(v) {
			if !bitIsSet(seen, u) {
				bitSet(lib, v)
				s.core = append(s.core, v)
				break
			}
		}
	}
	return len(s.core) > 0 || len(s.near) > 0
}

// bfs runs the library's search from slot s's super-source, reporting
// each node not seen yet with its distance, up to depth.
//
// Layers: s1 is layer -1; s.first (the starts and s2) layer 0; s2's
// entries and what layer 0 queues layer 1; and so on. left counts the
// vertices of the current layer still to come, found those the library
// queues for the next: non-leaf neighbours it has not marked (s2's
// entries are counted when s2 is visited, and marked in lib from the
// start, so each is counted once whichever queues it).
func (t *Traversal) bfs(s *slot, depth int, visit func(v int32, hops int)) error {
	seen, lib := s.seen, s.lib
	layer, left, found := -2, 0, 1
	return dgraph.BFS[int32, int32](t.lib, s.s1, func(v int32) bool {
		if left == 0 {
			layer++
			left, found = found, 0
		}
		left--
		switch {
		case v == s.s1:
			found = len(s.first)
			return false
		case depth >= 0 && layer >= depth:
			return true // BFS order: everything left is at least this far
		case v == s.s2:
			found += len(s.second)
			return false
		}
		for _, u := range t.neighbours(v) {
			if !bitIsSet(seen, u) {
				bitSet(seen, u)
				visit(u, layer+1)
			}
			if !t.leafOrAlone(u) && !bitIsSet(lib, u) {
				bitSet(lib, u)
				found++
			}
		}
		return false
	})
}

// Hop is a node reached by a traversal: its graph index and its distance in
// edges from the nearest start node (0 for a start node).
type Hop struct {
	Node int
	Hops int
}

// sortHops orders hops by distance, then graph index.
func sortHops(hs []Hop) {
	slices.SortFunc(hs, func(a, b Hop) int {
		if c := cmp.Compare(a.Hops, b.Hops); c != 0 {
			return c
		}
		return cmp.Compare(a.Node, b.Node)
	})
}

// ReachableFrom returns the ids of the nodes reachable from id along edge
// directions (id included), nearest first, ties in graph order, using the
// library's BFS (see the traversal notes above). Errors: ErrNodeNotFound.
func (g *Graph) ReachableFrom(id string) ([]string, error) {
	v, ok := g.Lookup(id)
	if !ok {
		return nil, fmt.Errorf("%w: %q", ErrNodeNotFound, id)
	}
	view, err := g.directedView()
	if err != nil {
		return nil, err
	}
	var hs []Hop
	dist := map[int32]int{int32(v): 0}
	err = dgraph.BFS[int32, int32](view, int32(v), func(cur int32) bool {
		d := dist[cur]
		hs = append(hs, Hop{int(cur), d})
		for n := range view.adj[cur] {
			if _, seen := dist[n]; !seen {
				dist[n] = d + 1
			}
		}
		return false
	})
	if err != nil {
		return nil, err
	}
	sortHops(hs)
	out := make([]string, len(hs))
	for i, h := range hs {
		out[i] = g.ID(h.Node)
	}
	return out, nil
}

// Within returns the nodes at most depth edges away from any of the start
// nodes (graph indexes), following edges in both directions, each once with
// its smallest distance; start nodes come back with Hops 0. Order: by
// distance, then graph index. depth < 0 means no limit; indexes out of range
// are ignored. This is the BettaFish query engine's neighbour expansion
// (it treats edges as undirected, §3.1 of the reference), done by one
// library BFS from all start nodes (Traversal.Expand over the graph's
// cached view). Safe for concurrent use once the graph is built.
func (g *Graph) Within(starts []int, depth int) ([]Hop, error) {
	var out []Hop
	ss := make([]int32, 0, len(starts))
	seen := map[int]bool{}
	for _, s := range starts {
		if s >= 0 && s < g.NodeCount() && !seen[s] {
			seen[s] = true
			ss = append(ss, int32(s))
			out = append(out, Hop{s, 0})
		}
	}
	err := g.Traversal(nil).Expand(ss, depth, func(v int32, hops int) { out = append(out, Hop{int(v), hops}) })
	if err != nil {
		return nil, err
	}
	sortHops(out)
	return out, nil
}

// Neighborhood returns the ids of the nodes at most depth edges away from
// the node id, following edges in both directions (id first, then by
// distance, ties in graph order): the neighbour expansion of the graph
// viewer. depth 0 gives id alone; depth < 0 the whole connected component.
// Errors: ErrNodeNotFound.
func (g *Graph) Neighborhood(id string, depth int) ([]string, error) {
	v, ok := g.Lookup(id)
	if !ok {
		return nil, fmt.Errorf("%w: %q", ErrNodeNotFound, id)
	}
	hs, err := g.Within([]int{v}, depth)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(hs))
	for i, h := range hs {
		out[i] = g.ID(h.Node)
	}
	return out, nil
}
