package graphrag

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"
	"sync"

	dgraph "github.com/dominikbraun/graph"
)

// Two kinds of traversal. ReachableFrom follows edge directions with
// github.com/dominikbraun/graph's breadth-first search over a read-only
// library graph whose store is this graph (libStore: vertices are graph
// indexes, edges the graph's (from, to) index pairs), over the adjacency
// map the library builds from the store once per graph (ListVertices,
// ListEdges; about 20 MB on the 300 000-source benchmark graph, where only
// the ~4 000 nodes with out-edges hold entries).
//
// Within and Traversal.Expand (the query engine's depth
// expansion, the server's neighbour routes) follow edges in both
// directions over a Traversal: the incidence lists of every node in CSR
// form (offsets, then edge indexes and far ends: 8 bytes an edge end),
// built once per graph in O(nodes + edges), and walked one layer at a time
// with a bitset of the nodes seen. They were the library's search through
// a reserved super-source vertex over an adjacency map without the
// leaves: on the 259 382-node graph of the 300 000-record input that map
// cost 37 MB and 0.1-0.2 s to build (once more per engine filter), and a
// depth-2 query 26-27 ms of CPU; the walk costs 4-7 ms (see the query
// engine's package doc), and the tests hold it to a plain breadth-first
// search (oracleWithin; the query engine's brute force).

// libStore is a read-only, directed dgraph.Store over a Graph: vertex hash
// = value = graph index. Mutations return errReadOnly.
type libStore struct{ g *Graph }

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
		if ab[0] == from && ab[1] == to {
			return dgraph.Edge[int32]{Source: from, Target: to}, nil
		}
	}
	return dgraph.Edge[int32]{}, dgraph.ErrEdgeNotFound
}

func (s libStore) ListEdges() ([]dgraph.Edge[int32], error) {
	ends := s.g.EdgeEnds()
	out := make([]dgraph.Edge[int32], 0, len(ends))
	for _, ab := range ends {
		out = append(out, dgraph.Edge[int32]{Source: ab[0], Target: ab[1]})
	}
	return out, nil
}

// libView is the library graph over libStore with its adjacency map built
// once: AdjacencyMap is the only method the library's BFS calls.
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
		lib := dgraph.NewWithStore(func(v int32) int32 { return v }, dgraph.Store[int32, int32](libStore{g}), dgraph.Directed())
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

// Traversal is the undirected, read-only adjacency of a Graph (see
// Graph.Traversal): every node's incidence list, the edges with the node
// at either end (a self-loop once), in graph order. It takes 4 bytes per
// node and 8 per edge end; it is safe for concurrent use and does not
// follow later changes to the graph.
type Traversal struct {
	off   []int32 // edges at v: edge[off[v]:off[v+1]]
	edge  []int32
	nbr   []int32   // nbr[i]: the far end of edge[i] (v for a self-loop)
	marks sync.Pool // *[]uint64, one bit per node, all zero when put back
}

// Traversal returns g's undirected adjacency, built on the first call in
// O(nodes + edges) and kept in g until g changes.
func (g *Graph) Traversal() *Traversal {
	vs := g.lazyViews()
	vs.undirectedOnce.Do(func() { vs.undirected = newTraversal(g) })
	return vs.undirected
}

func newTraversal(g *Graph) *Traversal {
	n := g.NodeCount()
	if n >= math.MaxInt32 || 2*g.EdgeCount() >= math.MaxInt32 {
		panic("graphrag: graph too large for a traversal view")
	}
	ends := g.EdgeEnds()
	t := &Traversal{off: make([]int32, n+1)}
	for _, ab := range ends {
		t.off[ab[0]+1]++
		if ab[0] != ab[1] {
			t.off[ab[1]+1]++
		}
	}
	for v := range n {
		t.off[v+1] += t.off[v]
	}
	t.edge, t.nbr = make([]int32, t.off[n]), make([]int32, t.off[n])
	pos := slices.Clone(t.off[:n])
	for e, ab := range ends { // in graph order, so each list is sorted
		a, b := ab[0], ab[1]
		t.edge[pos[a]], t.nbr[pos[a]] = int32(e), b
		pos[a]++
		if a != b {
			t.edge[pos[b]], t.nbr[pos[b]] = int32(e), a
			pos[b]++
		}
	}
	t.marks.New = func() any { b := make([]uint64, (n+63)/64); return &b }
	return t
}

// Edges returns the indexes of the edges at node v (either end, a
// self-loop once), ascending; the slice is shared: do not change it.
func (t *Traversal) Edges(v int32) []int32 { return t.edge[t.off[v]:t.off[v+1]] }

// Degree is len(Edges(v)): the edge ends at v, a self-loop counted once.
func (t *Traversal) Degree(v int32) int32 { return t.off[v+1] - t.off[v] }

// Neighbours returns, for each edge of Edges(v), its other end (v for a
// self-loop); the slice is shared: do not change it.
func (t *Traversal) Neighbours(v int32) []int32 { return t.nbr[t.off[v]:t.off[v+1]] }

// Marks returns a bitset of one bit per node, all zero, and the function
// that gives it back (cleared) when the caller's walk is done.
func (t *Traversal) Marks() (bits []uint64, release func()) {
	bp := t.marks.Get().(*[]uint64)
	return *bp, func() {
		clear(*bp)
		t.marks.Put(bp)
	}
}

// Expand runs one breadth-first search from all starts at once (graph
// indexes; out of range or repeated ones are ignored) and calls visit for
// every other node within depth edges of a start, once, with its distance
// (1 ≤ hops ≤ depth): layer by layer, and in a layer in the order found
// (each node's edges in graph order). keep, when not nil, restricts the
// search to the nodes it accepts: a start it refuses expands to nothing,
// a node it refuses is neither visited nor passed through. depth < 0
// means no limit, depth 0 reaches nothing. Safe for concurrent use.
func (t *Traversal) Expand(starts []int32, depth int, keep func(v int32) bool, visit func(v int32, hops int)) {
	if depth == 0 || len(starts) == 0 {
		return
	}
	n := int32(len(t.off) - 1)
	seen, release := t.Marks()
	var layer, next []int32
	for _, v := range starts {
		if v >= 0 && v < n && seen[v>>6]&(1<<(v&63)) == 0 {
			seen[v>>6] |= 1 << (v & 63)
			layer = append(layer, v)
		}
	}
	defer release()
	if keep != nil {
		layer = slices.DeleteFunc(layer, func(v int32) bool { return !keep(v) })
	}
	for hops := 1; len(layer) > 0 && (depth < 0 || hops <= depth); hops++ {
		next = next[:0]
		for _, u := range layer {
			for _, w := range t.Neighbours(u) {
				if seen[w>>6]&(1<<(w&63)) == 0 && (keep == nil || keep(w)) {
					seen[w>>6] |= 1 << (w & 63)
					next = append(next, w)
					visit(w, hops)
				}
			}
		}
		layer, next = next, layer
	}
}

// Hop is a node reached by a traversal: its graph index and its distance in
// edges from the nearest start node (0 for a start node).
type Hop struct {
	Node int
	Hops int
}

// sortHops orders hops by distance, then graph index.
func sortHops(hs []Hop) {
	slices.SortFunc(hs, func(a, b Hop) int { return cmp.Or(cmp.Compare(a.Hops, b.Hops), cmp.Compare(a.Node, b.Node)) })
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
	return g.hopIDs(hs), nil
}

// hopIDs returns the ids of the hops' nodes, in order.
func (g *Graph) hopIDs(hs []Hop) []string {
	out := make([]string, len(hs))
	for i, h := range hs {
		out[i] = g.ID(h.Node)
	}
	return out
}

// Within returns the nodes at most depth edges away from any of the start
// nodes (graph indexes), following edges in both directions, each once with
// its smallest distance; start nodes come back with Hops 0. Order: by
// distance, then graph index. depth < 0 means no limit; indexes out of range
// are ignored. This is the BettaFish query engine's neighbour expansion
// (it treats edges as undirected, §3.1 of the reference), done by one
// search from all start nodes (Traversal.Expand over the graph's cached
// adjacency). Safe for concurrent use once the graph is built.
func (g *Graph) Within(starts []int, depth int) []Hop {
	ss := make([]int32, 0, len(starts))
	for _, s := range starts {
		if s >= 0 && s < g.NodeCount() {
			ss = append(ss, int32(s))
		}
	}
	slices.Sort(ss)
	ss = slices.Compact(ss)
	out := make([]Hop, 0, len(ss))
	for _, s := range ss {
		out = append(out, Hop{int(s), 0})
	}
	g.Traversal().Expand(ss, depth, nil, func(v int32, hops int) { out = append(out, Hop{int(v), hops}) })
	sortHops(out)
	return out
}
