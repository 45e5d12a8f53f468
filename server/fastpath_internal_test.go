package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"net/http/httptest"
	"strings"
	"testing"

	"reportengine/graphrag"
	"reportengine/graphrag/builder"
	"reportengine/internal/fixture"
)

// plainJSON is v as writeJSON encodes it, without the final newline.
func plainJSON(t *testing.T, v any) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := json.NewEncoder(&buf).Encode(v); err != nil {
		t.Fatal(err)
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
}

// awkwardGraph has ids, names, relations and properties that JSON must
// escape (HTML characters, quotes, control characters, invalid UTF-8, line
// and paragraph separators, backspace and form feed), properties over
// MaxListPropertyBytes and lists and objects among them; every fourth node
// is a typed source.
func awkwardGraph(t *testing.T, seed uint64, n, m int) *graphrag.Graph {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 7))
	odd := []string{"<b>&amp;</b>", `say "hi"\`, "tab\tnew\nline", "bad\xffutf8", "sep\u2028\u2029", "武汉大学樱花", "plain", "bs\b ff\f"}
	g := graphrag.New()
	types := graphrag.NodeTypes()
	for i := range n {
		attrs := graphrag.Attributes{{Key: "summary", Value: odd[r.IntN(len(odd))] + strings.Repeat("长", r.IntN(150))}}
		if r.IntN(3) == 0 {
			attrs = append(attrs, graphrag.Attr{Key: "content", Value: strings.Repeat("很长的正文<script>", 100)})
		}
		if r.IntN(4) == 0 {
			attrs = append(attrs, graphrag.Attr{Key: "url", Value: "https://example.com/?a=1&b=<2>"})
		}
		if r.IntN(5) == 0 {
			attrs = append(attrs, graphrag.Attr{Key: "list", Value: []any{"x", 1.5, true, nil, map[string]any{"k": "<v>"}}})
		}
		id := fmt.Sprintf("n%d%s", i, odd[i%len(odd)])
		if i%4 == 3 { // a typed source, its content heavy at times
			score := r.Float64()
			src := graphrag.Source{ID: id, Name: odd[r.IntN(len(odd))], URL: attrs.String("url"), Title: odd[r.IntN(len(odd))],
				Content: attrs.String("content") + odd[r.IntN(len(odd))], Key: "url", Score: &score}
			if r.IntN(2) == 0 {
				src.Score = nil
			}
			v, err := g.AddSource(src)
			if err != nil {
				t.Fatal(err)
			}
			g.SetSourceTally(v, []string{"media", odd[r.IntN(len(odd))]}, r.IntN(5))
			continue
		}
		if err := g.AddNode(&graphrag.Node{ID: id, Type: types[i%len(types)], Name: odd[r.IntN(len(odd))], Attrs: attrs}); err != nil {
			t.Fatal(err)
		}
	}
	rels := graphrag.Relations()
	for range m {
		a, b := r.IntN(n), r.IntN(n)
		_ = g.AddEdge(graphrag.Edge{From: g.ID(a), To: g.ID(b), Relation: rels[r.IntN(len(rels))], Weight: 1})
	}
	return g
}

// wuhanGraph builds the BettaFish fixture run's graph, as the external
// tests' fixtureGraph does.
func wuhanGraph(t *testing.T) *graphrag.Graph {
	t.Helper()
	return fixture.Graph(t, fixture.BettaFish(t), builder.Config{ReportID: "wuhan", CreatedAt: "2025-08-25T18:02:14Z"})
}

// The neighbours body written straight from the graph is byte for byte
// encoding/json's encoding of the plain response (neighborsPlain), on the
// fixture graph (typed sources) and on graphs whose text JSON must escape
// (generic nodes and typed sources), for every start node, depths 0-3 and
// limits that cut and do not cut.
func TestNeighborsBodyMatchesPlain(t *testing.T) {
	graphs := map[string]*graphrag.Graph{"wuhan<&>": wuhanGraph(t), "awkward": awkwardGraph(t, 1, 90, 260), "sparse": awkwardGraph(t, 2, 60, 40)}
	for name, g := range graphs {
		v := newGraphView(name, g)
		for start := range g.NodeCount() {
			for depth := 0; depth <= 3; depth++ {
				for _, limit := range []int{1, 5, 40, 5000} {
					nodes, truncated, err := v.neighbourhood(int32(start), depth, limit)
					if err != nil {
						t.Fatal(err)
					}
					edges := v.edgesAmong(nodes)
					got, err := v.neighborsBody(nil, g.ID(start), depth, limit, nodes, truncated, edges)
					if err != nil {
						t.Fatal(err)
					}
					want := plainJSON(t, v.neighborsPlain(g.ID(start), depth, limit, nodes, truncated, edges))
					if !bytes.Equal(got, want) {
						i := 0
						for i < len(got) && i < len(want) && got[i] == want[i] {
							i++
						}
						t.Fatalf("%s start %d depth %d limit %d: bodies differ at byte %d:\n%q\n%q", name, start, depth, limit, i,
							got[max(0, i-60):min(len(got), i+60)], want[max(0, i-60):min(len(want), i+60)])
					}
				}
			}
		}
	}
}

// A property encoding/json cannot encode (NaN: a graph file cannot hold
// one, a graph made in code can) is an error of the fast path, after which
// the handler encodes the plain response, which fails as writeJSON fails
// (500, a generic message), never a broken body.
func TestNeighborsUnencodable(t *testing.T) {
	g := graphrag.New()
	for i, attrs := range []graphrag.Attributes{nil, {{Key: "score", Value: math.NaN()}}} {
		if err := g.AddNode(&graphrag.Node{ID: fmt.Sprint("n", i), Type: graphrag.TypeSection, Name: "x", Attrs: attrs}); err != nil {
			t.Fatal(err)
		}
	}
	_ = g.AddEdge(graphrag.Edge{From: "n0", To: "n1", Relation: graphrag.RelContains, Weight: 1})
	v := newGraphView("r", g)
	nodes, truncated, _ := v.neighbourhood(0, 1, 10)
	edges := v.edgesAmong(nodes)
	if _, err := v.neighborsBody(nil, "n0", 1, 10, nodes, truncated, edges); err == nil {
		t.Fatal("a NaN property encoded")
	}
	w := httptest.NewRecorder()
	writeJSON(w, 200, v.neighborsPlain("n0", 1, 10, nodes, truncated, edges))
	if w.Code != 500 || !strings.Contains(w.Body.String(), "could not be encoded") {
		t.Errorf("plain encoding of a NaN: %d %s", w.Code, w.Body.String())
	}
}
