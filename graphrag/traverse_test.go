package graphrag

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// oracleWithin is the plain breadth-first search the library's must agree
// with: undirected adjacency lists, one queue, levels counted per node.
func oracleWithin(g *Graph, starts []int, depth int) []Hop {
	adj := make([][]int, g.NodeCount())
	for _, ab := range g.EdgeEnds() {
		a, b := int(ab[0]), int(ab[1])
		adj[a] = append(adj[a], b)
		adj[b] = append(adj[b], a)
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
			got, err := g.Within(starts, depth)
			if err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(oracleWithin(g, starts, depth), got); d != "" {
				t.Fatalf("round %d: Within(%v, %d) (-oracle +got):\n%s", round, starts, depth, d)
			}
		}
	}
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
