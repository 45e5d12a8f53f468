package server

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"reportengine/graphrag"
)

// randomGraph has n nodes and about m edges between random ends, with
// self-loops and both directions of some pairs, and a few isolated nodes.
func randomGraph(t *testing.T, seed uint64, n, m int) *graphrag.Graph {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 1))
	g := graphrag.New()
	for i := range n {
		if err := g.AddNode(&graphrag.Node{ID: fmt.Sprintf("n%d", i), Type: graphrag.TypeSection, Name: fmt.Sprint(i)}); err != nil {
			t.Fatal(err)
		}
	}
	for range m {
		a, b := r.IntN(n-3), r.IntN(n-3) // the last three stay isolated
		if r.IntN(20) == 0 {
			b = a
		}
		_ = g.AddEdge(graphrag.Edge{From: fmt.Sprintf("n%d", a), To: fmt.Sprintf("n%d", b), Relation: graphrag.RelContains, Weight: 1})
	}
	return g
}

// neighbourhood walks its incidence lists layer by layer and stops early;
// graphrag.Graph.Within (one search over the whole graph, itself held to
// a plain breadth-first search) is its oracle: the same nodes in the same order, cut at the limit, truncated
// exactly when Within found more. edgesAmong against a scan of every edge.
func TestNeighbourhoodMatchesWithin(t *testing.T) {
	for seed := range uint64(4) {
		g := randomGraph(t, seed, 120, []int{60, 150, 400, 1200}[seed])
		v := newGraphView("r", g)
		for start := range g.NodeCount() {
			for depth := 0; depth <= 4; depth++ {
				hops := g.Within([]int{start}, depth)
				for _, limit := range []int{1, 2, 7, 30, 1000} {
					got, truncated, err := v.neighbourhood(int32(start), depth, limit)
					if err != nil {
						t.Fatal(err)
					}
					var want []int32
					for _, h := range hops[:min(limit, len(hops))] {
						want = append(want, int32(h.Node))
					}
					if !slices.Equal(got, want) || truncated != (len(hops) > limit) {
						t.Fatalf("seed %d start %d depth %d limit %d: %v truncated %v, want %v truncated %v",
							seed, start, depth, limit, got, truncated, want, len(hops) > limit)
					}
					in := map[int32]bool{}
					for _, u := range got {
						in[u] = true
					}
					var edges []int32
					for i, e := range g.EdgeEnds() {
						if in[e[0]] && in[e[1]] {
							edges = append(edges, int32(i))
						}
					}
					if among := v.edgesAmong(got); !slices.Equal(among, edges) {
						t.Fatalf("seed %d start %d depth %d limit %d: edges %v, want %v", seed, start, depth, limit, among, edges)
					}
				}
			}
		}
	}
}

// The query cache runs a key once for concurrent callers, keeps answers
// within its byte budget (oldest out first), and keeps no error.
func TestQueryCache(t *testing.T) {
	c := newQueryCache(10)
	runs := map[string]int{}
	run := func(key, body string, err error) func() ([]byte, error) {
		return func() ([]byte, error) { runs[key]++; return []byte(body), err }
	}
	if b, _ := c.get("a", run("a", "aaaa", nil)); string(b) != "aaaa" {
		t.Fatalf("a: %q", b)
	}
	if b, _ := c.get("a", run("a", "other", nil)); string(b) != "aaaa" || runs["a"] != 1 {
		t.Errorf("a again: %q after %d runs, want the kept answer", b, runs["a"])
	}
	boom := errors.New("boom")
	if _, err := c.get("e", run("e", "", boom)); !errors.Is(err, boom) {
		t.Errorf("error: %v", err)
	}
	if _, err := c.get("e", run("e", "ok", nil)); err != nil || runs["e"] != 2 {
		t.Errorf("an error was kept: %v, %d runs", err, runs["e"])
	}
	c.get("b", run("b", "bbbb", nil)) // a(4) e(2) b(4) = 10: all kept
	c.get("c", run("c", "cc", nil))   // 12 > 10: a leaves
	c.get("e", run("e", "ok", nil))
	c.get("a", run("a", "aaaa", nil))
	if runs["a"] != 2 || runs["e"] != 2 {
		t.Errorf("eviction: a ran %d times (want 2: it was the oldest), e %d (want 2: kept)", runs["a"], runs["e"])
	}
	if c.get("big", run("big", strings.Repeat("x", 11), nil)); len(c.entries) > 0 && c.entries["big"] != nil {
		t.Error("an answer over the whole budget was kept")
	}
	// concurrent callers of one key: one run
	var n atomic.Int32
	release := make(chan struct{})
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c.get("slow", func() ([]byte, error) { n.Add(1); <-release; return []byte("s"), nil })
		}()
	}
	time.Sleep(50 * time.Millisecond)
	close(release)
	wg.Wait()
	if n.Load() != 1 {
		t.Errorf("8 concurrent callers ran the key %d times", n.Load())
	}
}
