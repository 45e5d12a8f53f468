package queryengine

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"sync"
	"testing"

	"reportengine/graphrag"
)

// benchGraph is a synthetic graph of builder shape: 3 engines × 200
// sections, 10 search queries per section (6 000), 50 new sources per query
// (300 000) plus 3 links per query to earlier sources (shared sources with
// several engines). Contents are ~150 runes of Zipf-distributed Chinese
// words (20 000-word vocabulary over 3 000 characters) mixed with English
// words, some capitalised. A few sources contain the rare term "量子纠缠".
var benchGraph = sync.OnceValues(func() (*graphrag.Graph, *benchVocab) {
	rng := rand.New(rand.NewPCG(1, 2))
	v := newBenchVocab(rng)
	return shapedGraph(rng, v, 200, 10, 50, 3), v
})

// shapedGraph builds a graph of builder shape from v's words: 3 engines ×
// sections sections × queries search queries, each query finding
// sources new sources plus links links to earlier ones (once there are
// 1 000 sources).
func shapedGraph(rng *rand.Rand, v *benchVocab, sections, queries, sources, links int) *graphrag.Graph {
	g := graphrag.New()
	must := func(err error) {
		if err != nil {
			panic(err)
		}
	}
	must(g.AddNode(&graphrag.Node{ID: "T_bench", Type: graphrag.TypeTopic, Name: "武汉大学舆情"}))
	var srcs []*graphrag.Node
	srcEngines := map[*graphrag.Node]map[string]bool{}
	for _, en := range []string{"query", "media", "insight"} {
		must(g.AddNode(&graphrag.Node{ID: en, Type: graphrag.TypeEngine, Name: en, Attrs: graphrag.Attributes{{Key: "engine", Value: en}}}))
		must(g.AddEdge(graphrag.Edge{From: "T_bench", To: en, Relation: graphrag.RelAnalyzedBy}))
		for s := 0; s < sections; s++ {
			sid := fmt.Sprintf("%s_S%d", en, s)
			title := v.text(rng, 12)
			must(g.AddNode(&graphrag.Node{ID: sid, Type: graphrag.TypeSection, Name: title, Attrs: graphrag.Attributes{
				{Key: "title", Value: title}, {Key: "order", Value: s}, {Key: "position", Value: s},
				{Key: "summary", Value: v.text(rng, 100)}, {Key: "content", Value: v.text(rng, 300)},
				{Key: "latest_summary", Value: v.text(rng, 100)}, {Key: "engine", Value: en}}}))
			must(g.AddEdge(graphrag.Edge{From: en, To: sid, Relation: graphrag.RelContains}))
			for k := 0; k < queries; k++ {
				qid := fmt.Sprintf("%s_Q%d", sid, k)
				qt := v.text(rng, 8)
				must(g.AddNode(&graphrag.Node{ID: qid, Type: graphrag.TypeSearchQuery, Name: qt, Attrs: graphrag.Attributes{
					{Key: "query_text", Value: qt}, {Key: "section_ref", Value: sid}, {Key: "engine", Value: en}, {Key: "record_count", Value: 50}}}))
				must(g.AddEdge(graphrag.Edge{From: sid, To: qid, Relation: graphrag.RelSearched}))
				for f := 0; f < sources+links; f++ {
					var src *graphrag.Node
					if f >= sources && len(srcs) > 1000 {
						src = srcs[rng.IntN(len(srcs))]
						if _, dup := g.Edge(qid, src.ID); dup {
							continue
						}
					} else {
						id := fmt.Sprintf("SRC_%06d", len(srcs))
						title := v.text(rng, 20)
						content := v.text(rng, 150)
						if len(srcs)%60_000 == 7 {
							content = "量子纠缠" + content
						}
						preview := content
						if r := []rune(content); len(r) > 100 {
							preview = string(r[:100])
						}
						src = &graphrag.Node{ID: id, Type: graphrag.TypeSource, Name: title, Attrs: graphrag.Attributes{
							{Key: "url", Value: "https://news.example.com/2025/" + id}, {Key: "title", Value: title},
							{Key: "preview", Value: preview}, {Key: "content", Value: content}, {Key: "score", Value: rng.Float64()}}}
						must(g.AddNode(src))
						srcs = append(srcs, src)
						srcEngines[src] = map[string]bool{}
					}
					srcEngines[src][en] = true
					must(g.AddEdge(graphrag.Edge{From: qid, To: src.ID, Relation: graphrag.RelFound}))
				}
			}
		}
	}
	for _, src := range srcs {
		var l []string
		for _, en := range []string{"query", "media", "insight"} {
			if srcEngines[src][en] {
				l = append(l, en)
			}
		}
		src.Attrs.Set("engines", l)
	}
	return g
}

// benchVocab draws Zipf-distributed words.
type benchVocab struct {
	zh   []string
	en   []string
	zipf *rand.Zipf
}

func newBenchVocab(rng *rand.Rand) *benchVocab {
	v := &benchVocab{}
	chars := make([]rune, 3000)
	for i := range chars {
		chars[i] = rune(0x4E00 + i*7)
	}
	charZipf := rand.NewZipf(rng, 1.05, 1, uint64(len(chars)-1))
	for i := 0; i < 20_000; i++ {
		n := 2 + rng.IntN(3)
		var sb strings.Builder
		for j := 0; j < n; j++ {
			sb.WriteRune(chars[charZipf.Uint64()])
		}
		v.zh = append(v.zh, sb.String())
	}
	for i := 0; i < 2_000; i++ {
		n := 3 + rng.IntN(7)
		b := make([]byte, n)
		for j := range b {
			b[j] = byte('a' + rng.IntN(26))
		}
		if rng.IntN(3) == 0 {
			b[0] -= 'a' - 'A'
		}
		v.en = append(v.en, string(b))
	}
	v.zipf = rand.NewZipf(rng, 1.0001, 1, uint64(len(v.zh)-1))
	return v
}

// text returns about n runes of mixed text.
func (v *benchVocab) text(rng *rand.Rand, n int) string {
	var sb strings.Builder
	runes := 0
	for runes < n {
		if rng.IntN(5) == 0 {
			w := v.en[rng.IntN(len(v.en))]
			sb.WriteString(" " + w + " ")
			runes += len(w) + 2
			continue
		}
		w := v.zh[v.zipf.Uint64()]
		sb.WriteString(w)
		runes += len([]rune(w))
	}
	return sb.String()
}

var benchEngines = sync.OnceValue(func() map[string]*Engine {
	g, _ := benchGraph()
	indexed := New(g)
	indexed.Index()
	return map[string]*Engine{"scan": New(g), "indexed": indexed}
})

// BenchmarkNew is what a one-off process pays before its first query;
// BenchmarkIndex adds the gram index (Engine.Index).
func BenchmarkNew(b *testing.B)   { benchPrepare(b, false) }
func BenchmarkIndex(b *testing.B) { benchPrepare(b, true) }

func benchPrepare(b *testing.B, index bool) {
	g, _ := benchGraph()
	b.ReportAllocs()
	var e *Engine
	for b.Loop() {
		e = New(g)
		if index {
			e.Index()
		}
	}
	st := e.Stats()
	b.ReportMetric(float64(st.Bytes)/float64(st.Nodes), "B/node")
	b.ReportMetric(float64(st.Postings)/float64(st.Nodes), "postings/node")
}

// BenchmarkRun: the same queries on an Engine that scans (scan/…, what a
// one-off process runs) and on one with the gram index (indexed/…, a
// server after Index).
func BenchmarkRun(b *testing.B) {
	_, v := benchGraph()
	// common: a 3-rune word in about 11 % of the sources (its text must be
	// verified); common2: a 2-rune word in about 11 % (no verification);
	// top: the most frequent word, 4 runes, in 95 % of the sources.
	common, common2, top := v.zh[29], v.zh[28], v.zh[0]
	cases := []struct {
		name string
		q    Query
	}{
		{"rare keyword", Query{Keywords: []string{"量子纠缠"}, Depth: 1}},
		{"common keyword", Query{Keywords: []string{common}, Depth: 1}},
		{"common 2-rune keyword", Query{Keywords: []string{common2}, Depth: 1}},
		{"most frequent word", Query{Keywords: []string{top}, Depth: 1}},
		{"one-rune keyword", Query{Keywords: []string{string([]rune(common)[:1])}, Depth: 0}},
		{"empty keywords depth 1", Query{Depth: 1}},
		{"engine filter depth 2", Query{Keywords: []string{common2}, Engines: []string{"media"}, Depth: 2}},
	}
	for _, mode := range []string{"scan", "indexed"} {
		e := benchEngines()[mode]
		for _, c := range cases {
			b.Run(mode+"/"+c.name, func(b *testing.B) {
				b.ReportAllocs()
				// The first Run with depth builds the traversal view
				// (BenchmarkTraversal); a server pays it once.
				res, err := e.Run(c.q)
				if err != nil {
					b.Fatal(err)
				}
				for b.Loop() {
					if res, err = e.Run(c.q); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(res.TotalNodes), "reached")
				b.ReportMetric(float64(res.TotalSources), "sources")
			})
		}
	}
}

// BenchmarkFirstQuery is what a one-off process pays after loading a graph:
// New and one Run, no Index. With REPORTENGINE_BENCH_GRAPH set to a
// graphrag.json (e.g. from scripts/bench) it runs on that graph, else on
// the synthetic benchmark graph.
func BenchmarkFirstQuery(b *testing.B) {
	var g *graphrag.Graph
	if path := os.Getenv("REPORTENGINE_BENCH_GRAPH"); path == "" {
		g, _ = benchGraph()
	} else {
		f, err := os.Open(path)
		if err != nil {
			b.Fatal(err)
		}
		g, _, err = graphrag.ReadJSON(bufio.NewReader(f))
		f.Close()
		if err != nil {
			b.Fatal(err)
		}
	}
	for _, kw := range []string{"舆情", "量子纠缠", "Tesla"} {
		b.Run(kw, func(b *testing.B) {
			var res *Result
			for b.Loop() {
				var err error
				if res, err = New(g).Run(Query{Keywords: []string{kw}, Depth: 1}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(res.TotalNodes), "reached")
		})
	}
}

// BenchmarkExpansion measures the depth-1 expansion of a common 2-rune
// word (about 11 % of the sources: 33 000 seeds) on the indexed engine —
// the same query at depth 0 and 1, the difference being the search over
// graphrag.Traversal — and graphrag.Within from the same seeds (the same
// search, plus sorting the hops).
func BenchmarkExpansion(b *testing.B) {
	g, v := benchGraph()
	e := benchEngines()["indexed"]
	q := Query{Keywords: []string{v.zh[28]}, Depth: 1}
	var seeds []int // the engine's own seeds
	m := newMatcher(&e.text, Terms(q.Keywords))
	for i := range g.NodeCount() {
		if m.match(uint32(i)) {
			seeds = append(seeds, i)
		}
	}
	for depth := range 2 {
		q.Depth = depth
		b.Run(fmt.Sprintf("queryengine match, depth %d", depth), func(b *testing.B) {
			res, err := e.Run(q) // builds the graph's adjacency once
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				if res, err = e.Run(q); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(res.TotalNodes), "reached")
		})
	}
	b.Run("graphrag.Within depth 1", func(b *testing.B) {
		var hops []graphrag.Hop
		for b.Loop() {
			hops = g.Within(seeds, 1)
		}
		b.ReportMetric(float64(len(hops)), "reached")
	})
}
