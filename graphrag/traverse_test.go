package graphrag

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// oracleWithin is the plain breadth-first search Within and Expand must
// agree with: adjacency lists of node indexes, one queue, levels counted
// per node.
func oracleWithin(g *Graph, starts []int, depth int) []Hop {
	return oracleKeep(g, starts, depth, nil)
}

// oracleKeep is oracleWithin over the nodes keep accepts (nil: all): an
// edge counts when both ends are kept.
func oracleKeep(g *Graph, starts []int, depth int, keep func(int) bool) []Hop {
	kept := func(v int) bool { return keep == nil || keep(v) }
	adj := make([][]int, g.NodeCount())
	for _, ab := range g.EdgeEnds() {
		a, b := int(ab[0]), int(ab[1])
		if kept(a) && kept(b) {
			adj[a] = append(adj[a], b)
			adj[b] = append(adj[b], a)
		}
	}
	dist := map[int]int{}
	var queue []int
	for _, s := range starts {
		if s >= 0 && s < g.NodeCount() {
			if _, ok := dist[s]; !ok {
				dist[s] = 0
				queue = append(queue, s)
			}
		}
	}
	for len(queue) > 0 {
		v := queue[0]
		queue = queue[1:]
		if depth >= 0 && dist[v] >= depth {
			continue
		}
		for _, n := range adj[v] {
			if _, ok := dist[n]; !ok {
				dist[n] = dist[v] + 1
				queue = append(queue, n)
			}
		}
	}
	var out []Hop
	for n, d := range dist {
		out = append(out, Hop{n, d})
	}
	sortHops(out)
	return out
}

// expandHops runs tr.Expand and returns the starts (hops 0) and the
// visited nodes, sorted; it fails the test when a node is visited twice,
// is a start, is refused by keep, or comes before a nearer one (the
// depth boundary: layer by layer).
func expandHops(t testing.TB, tr *Traversal, n int, starts []int, depth int, keep func(int) bool) []Hop {
	var out []Hop
	seen := map[int]bool{}
	ss := make([]int32, 0, len(starts))
	for _, s := range starts {
		ss = append(ss, int32(s))
		if s >= 0 && s < n && !seen[s] {
			seen[s] = true
			out = append(out, Hop{s, 0})
		}
	}
	var keep32 func(v int32) bool
	if keep != nil {
		keep32 = func(v int32) bool { return keep(int(v)) }
	}
	last := 1
	tr.Expand(ss, depth, keep32, func(v int32, hops int) {
		switch {
		case seen[int(v)]:
			t.Errorf("Expand visited %d twice or as a start", v)
		case hops < last:
			t.Errorf("Expand visited %d at %d hops after a node at %d", v, hops, last)
		case keep != nil && !keep(int(v)):
			t.Errorf("Expand visited %d, which keep refuses", v)
		}
		seen[int(v)] = true
		last = hops
		out = append(out, Hop{int(v), hops})
	})
	sortHops(out)
	return out
}

func randomGraph(t testing.TB, r *rand.Rand, nodes, edges int) *Graph {
	g := New()
	for i := 0; i < nodes; i++ {
		if err := g.AddNode(&Node{ID: fmt.Sprintf("n%d", i), Type: TypeSection}); err != nil {
			t.Fatal(err)
		}
	}
	for k := 0; k < edges; k++ {
		a, b := r.IntN(nodes), r.IntN(nodes)
		_ = g.AddEdge(Edge{From: fmt.Sprintf("n%d", a), To: fmt.Sprintf("n%d", b), Relation: RelContains}) // duplicates are refused: fine
	}
	return g
}

func TestWithinMatchesOracle(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for round := 0; round < 40; round++ {
		g := randomGraph(t, r, 1+r.IntN(60), r.IntN(120))
		for q := 0; q < 5; q++ {
			starts := []int{r.IntN(g.NodeCount()), r.IntN(g.NodeCount()), -1, g.NodeCount()}
			depth := r.IntN(5) - 1
			got := g.Within(starts, depth)
			if d := cmp.Diff(oracleWithin(g, starts, depth), got); d != "" {
				t.Fatalf("round %d: Within(%v, %d) (-oracle +got):\n%s", round, starts, depth, d)
			}
		}
	}
}

// TestExpandMatchesOracle: many start nodes at once, with and without a
// keep filter, on random graphs full of leaves, chains, self-loops and
// pairs linked both ways.
func TestExpandMatchesOracle(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for round := 0; round < 60; round++ {
		nodes := 1 + r.IntN(200)
		g := randomGraph(t, r, nodes, r.IntN(3*nodes))
		for k := 0; k < r.IntN(nodes); k++ { // leaves hanging off random nodes
			id := fmt.Sprintf("leaf%d", k)
			_ = g.AddNode(&Node{ID: id, Type: TypeSource})
			_ = g.AddEdge(Edge{From: fmt.Sprintf("n%d", r.IntN(nodes)), To: id})
		}
		for k := 0; k < 3; k++ { // self-loops and reverse pairs
			a, b := fmt.Sprintf("n%d", r.IntN(nodes)), fmt.Sprintf("n%d", r.IntN(nodes))
			_ = g.AddEdge(Edge{From: a, To: a})
			_ = g.AddEdge(Edge{From: a, To: b})
			_ = g.AddEdge(Edge{From: b, To: a})
		}
		n := g.NodeCount()
		var keep func(int) bool
		if round%2 == 1 {
			drop := make([]bool, n)
			for v := range drop {
				drop[v] = r.IntN(4) == 0
			}
			keep = func(v int) bool { return !drop[v] }
		}
		tr := g.Traversal()
		for q := 0; q < 6; q++ {
			var starts []int
			for k := 0; k < r.IntN(2*n)+1; k++ {
				starts = append(starts, r.IntN(n+2)-1)
			}
			depth := r.IntN(6) - 1
			if d := cmp.Diff(oracleKeep(g, starts, depth, keep), expandHops(t, tr, n, starts, depth, keep)); d != "" {
				t.Fatalf("round %d: Expand(%v, %d) (-oracle +got):\n%s", round, starts, depth, d)
			}
		}
	}
}

// TestTraversalIncidence: a node's edges are those with it at either end,
// ascending, a self-loop once; Neighbours gives their far ends (the node
// itself for a self-loop).
func TestTraversalIncidence(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	g := randomGraph(t, r, 40, 120)
	for k := 0; k < 5; k++ {
		a := fmt.Sprintf("n%d", r.IntN(40))
		_ = g.AddEdge(Edge{From: a, To: a})
	}
	tr := g.Traversal()
	ends := g.EdgeEnds()
	for v := range int32(g.NodeCount()) {
		var want []int32
		for e, ab := range ends {
			if ab[0] == v || ab[1] == v {
				want = append(want, int32(e))
			}
		}
		if got := tr.Edges(v); !slices.Equal(got, want) || tr.Degree(v) != int32(len(want)) {
			t.Fatalf("node %d: edges %v degree %d, want %v", v, got, tr.Degree(v), want)
		}
		for i, e := range want {
			if far := ends[e][0] + ends[e][1] - v; tr.Neighbours(v)[i] != far {
				t.Errorf("node %d: edge %d's far end %d, want %d", v, e, tr.Neighbours(v)[i], far)
			}
		}
	}
}

// TestExpandConcurrent: searches of every size from many goroutines at once
// on one Traversal (its bitsets are pooled) each get their own answer; run
// with -race.
func TestExpandConcurrent(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 9))
	g := randomGraph(t, r, 3000, 4000)
	n := g.NodeCount()
	tr := g.Traversal()
	type query struct {
		starts []int
		depth  int
	}
	var qs []query
	for i := 0; i < 24; i++ {
		q := query{depth: r.IntN(5) - 1}
		k := 1 + r.IntN(4)
		if i%3 == 0 {
			k = n / 3
		}
		for j := 0; j < k; j++ {
			q.starts = append(q.starts, r.IntN(n))
		}
		qs = append(qs, q)
	}
	want := make([][]Hop, len(qs))
	for i, q := range qs {
		want[i] = oracleWithin(g, q.starts, q.depth)
	}
	rounds := len(qs)
	if testing.Short() {
		// the race step: 8 queries a goroutine, each still meeting
		// large ones (every third) beside small ones
		rounds = 8
	}
	var wg sync.WaitGroup
	for w := 0; w < 8; w++ {
		wg.Go(func() {
			for k := 0; k < rounds; k++ {
				i := (w + k) % len(qs)
				// slices.Equal first: cmp.Diff's reflection on every hop
				// took minutes under the race detector
				if got := expandHops(t, tr, n, qs[i].starts, qs[i].depth, nil); !slices.Equal(want[i], got) {
					t.Errorf("goroutine %d query %d (-oracle +got):\n%s", w, i, cmp.Diff(want[i], got))
					return
				}
			}
		})
	}
	wg.Wait()
}

func TestNeighborhoodAndReachable(t *testing.T) {
	// t → e → s1 → q → src ← q2 ← s2 ← e
	g := New()
	for _, id := range []string{"t", "e", "s1", "q", "src", "s2", "q2", "lone"} {
		if err := g.AddNode(&Node{ID: id}); err != nil {
			t.Fatal(err)
		}
	}
	for _, ab := range [][2]string{{"t", "e"}, {"e", "s1"}, {"s1", "q"}, {"q", "src"}, {"e", "s2"}, {"s2", "q2"}, {"q2", "src"}} {
		if err := g.AddEdge(Edge{From: ab[0], To: ab[1]}); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		id    string
		depth int
		want  []string
	}{
		{"src", 0, []string{"src"}},
		{"src", 1, []string{"src", "q", "q2"}},
		{"src", 2, []string{"src", "q", "q2", "s1", "s2"}},
		{"q", -1, []string{"q", "s1", "src", "e", "q2", "t", "s2"}},
		{"lone", 3, []string{"lone"}},
	} {
		got, err := g.Neighborhood(tc.id, tc.depth)
		if err != nil || !slices.Equal(got, tc.want) {
			t.Errorf("Neighborhood(%q, %d) = %v, %v; want %v", tc.id, tc.depth, got, err, tc.want)
		}
	}
	got, err := g.ReachableFrom("s2")
	if want := []string{"s2", "q2", "src"}; err != nil || !slices.Equal(got, want) {
		t.Errorf("ReachableFrom(s2) = %v, %v; want %v (edge direction followed)", got, err, want)
	}
	if _, err := g.Neighborhood("zz", 1); err == nil {
		t.Error("Neighborhood of a missing id: no error")
	}
	// A change to the graph is seen by the next traversal.
	_ = g.AddEdge(Edge{From: "src", To: "lone"})
	if got, _ := g.ReachableFrom("q"); !slices.Equal(got, []string{"q", "src", "lone"}) {
		t.Errorf("after AddEdge: ReachableFrom(q) = %v", got)
	}
}

func TestEnumsAreCopies(t *testing.T) {
	ts := NodeTypes()
	ts[0] = "changed"
	if NodeTypes()[0] != TypeTopic {
		t.Error("NodeTypes returns a shared slice")
	}
	rs := Relations()
	rs[0] = "changed"
	if Relations()[0] != RelAnalyzedBy || len(Relations()) != 4 || len(NodeTypes()) != 5 {
		t.Error("Relations returns a shared slice or a wrong list")
	}
}

func TestDerivedOf(t *testing.T) {
	g := New()
	long := string(slices.Repeat([]rune("舆"), 150))
	_ = g.AddNode(&Node{ID: "s", Type: TypeSource, Name: "标题", Attrs: Attributes{{Key: "content", Value: long}}})
	_ = g.AddNode(&Node{ID: "x", Attrs: Attributes{{Key: "content", Value: long}, {Key: "preview", Value: "own"}}})
	if d := g.DerivedOf(0); d.Label != "标题" || d.Preview != string(slices.Repeat([]rune("舆"), PreviewRunes)) {
		t.Errorf("DerivedOf(source) = %+v", d)
	}
	if d := g.DerivedOf(1); d.Label != "x" || d.Preview != "own" {
		t.Errorf("DerivedOf(node with its own preview) = %+v", d)
	}
}

// Neighborhood (test only) returns the ids of the nodes at most depth edges away from
// the node id, following edges in both directions (id first, then by
// distance, ties in graph order): the neighbour expansion of the graph
// viewer. depth 0 gives id alone; depth < 0 the whole connected component.
// Errors: ErrNodeNotFound.
func (g *Graph) Neighborhood(id string, depth int) ([]string, error) {
	v, ok := g.Lookup(id)
	if !ok {
		return nil, fmt.Errorf("%w: %q", ErrNodeNotFound, id)
	}
	return g.hopIDs(g.Within([]int{v}, depth)), nil
}
