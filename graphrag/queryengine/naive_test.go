package queryengine

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"reportengine/graphrag"
	"reportengine/graphrag/builder"
	"reportengine/internal/fixture"
)

// outcome is what the tests compare: ids per list, totals, summary.
type outcome struct {
	Sections, Queries, Sources                            []string
	TotalNodes, TotalSections, TotalQueries, TotalSources int
	Summary                                               string
	NoMatch                                               bool
}

func outcomeOf(r *Result) outcome {
	ids := func(items []Item) []string {
		out := []string{}
		for _, it := range items {
			out = append(out, it.ID)
		}
		return out
	}
	return outcome{ids(r.MatchedSections), ids(r.MatchedQueries), ids(r.MatchedSources),
		r.TotalNodes, r.TotalSections, r.TotalQueries, r.TotalSources, r.Summary, r.NoMatch}
}

// brute is an independent brute-force implementation of the documented
// rules: it lower-cases every field of every node, matches with
// strings.Contains and expands layer by layer over adjacency lists of ids
// (not through graphrag's traversal, which the engine uses). The maps that
// only depend on the graph are built once.
type brute struct {
	g    *graphrag.Graph
	byID map[string]*graphrag.Node
	into map[string][]string // node id -> ids of nodes with an edge into it
	adj  map[string][]string // undirected
}

func newBrute(g *graphrag.Graph) *brute {
	b := &brute{g: g, byID: map[string]*graphrag.Node{}, into: map[string][]string{}, adj: map[string][]string{}}
	for _, n := range nodePtrs(g) {
		b.byID[n.ID] = n
	}
	for _, e := range g.Edges() {
		b.into[e.To] = append(b.into[e.To], e.From)
		b.adj[e.From] = append(b.adj[e.From], e.To)
		b.adj[e.To] = append(b.adj[e.To], e.From)
	}
	return b
}

func (b *brute) run(q Query) outcome {
	g, byID, into, adj := b.g, b.byID, b.into, b.adj
	caps := [3]int{q.MaxSections, q.MaxQueries, q.MaxSources}
	for i, d := range [3]int{15, 20, 10} {
		if caps[i] == 0 {
			caps[i] = d
		}
	}
	rep := strings.NewReplacer(",", " ", "，", " ", "、", " ", ";", " ", "；", " ")
	var terms []string
	for _, k := range q.Keywords {
		for _, f := range strings.Fields(rep.Replace(k)) {
			terms = append(terms, strings.ToLower(f))
		}
	}
	nodes := nodePtrs(g)
	own := func(n *graphrag.Node) string {
		if s, ok := attrString(n.Attrs, "engine"); ok && s != "" {
			return s
		}
		if n.Type == graphrag.TypeEngine {
			return n.Name
		}
		return ""
	}
	// engines: nil = no engine (always passes)
	engines := func(n *graphrag.Node) map[string]bool {
		if n.Type == graphrag.TypeSource {
			set := map[string]bool{}
			for _, s := range n.Attrs.Strings("engines") {
				set[s] = true
			}
			if o := own(n); o != "" {
				set[o] = true
			}
			if len(set) == 0 {
				for _, from := range into[n.ID] {
					if o := own(byID[from]); o != "" {
						set[o] = true
					}
				}
			}
			return set
		}
		if o := own(n); o != "" {
			return map[string]bool{o: true}
		}
		return nil
	}
	pass := func(n *graphrag.Node) bool {
		if len(q.Engines) == 0 {
			return true
		}
		set := engines(n)
		if set == nil {
			return true
		}
		for _, e := range q.Engines {
			if set[e] {
				return true
			}
		}
		return false
	}
	typeOK := func(n *graphrag.Node) bool {
		if len(q.Types) == 0 {
			return true
		}
		for _, t := range q.Types {
			if n.Type == t {
				return true
			}
		}
		return false
	}
	matches := func(n *graphrag.Node) bool {
		fields := []string{n.Name}
		for _, k := range []string{"title", "query_text", "summary", "latest_summary", "content", "url"} {
			s, _ := attrString(n.Attrs, k)
			fields = append(fields, s)
		}
		for _, t := range terms {
			for _, f := range fields {
				if strings.Contains(strings.ToLower(f), t) {
					return true
				}
			}
		}
		return false
	}
	reached := map[string]bool{}
	var frontier []string
	for _, n := range nodes {
		ok := typeOK(n) && pass(n)
		if len(terms) == 0 {
			ok = ok && n.Type == graphrag.TypeSection
		} else {
			ok = ok && matches(n)
		}
		if ok {
			reached[n.ID] = true
			frontier = append(frontier, n.ID)
		}
	}
	for d := 0; d < q.Depth && len(frontier) > 0; d++ {
		var next []string
		for _, u := range frontier {
			for _, v := range adj[u] {
				if !reached[v] && pass(byID[v]) {
					reached[v] = true
					next = append(next, v)
				}
			}
		}
		frontier = next
	}
	var secs, qs, srcs []*graphrag.Node
	for _, n := range nodes {
		if !reached[n.ID] {
			continue
		}
		switch n.Type {
		case graphrag.TypeSection:
			secs = append(secs, n)
		case graphrag.TypeSearchQuery:
			qs = append(qs, n)
		case graphrag.TypeSource:
			srcs = append(srcs, n)
		}
	}
	// nodes are in graph order already; a stable sort keeps it for ties
	sort.SliceStable(secs, func(i, j int) bool {
		a, aok := orderOf(secs[i])
		b, bok := orderOf(secs[j])
		if aok != bok {
			return aok
		}
		return aok && a < b
	})
	byAttr := func(l []*graphrag.Node, key string) {
		sort.SliceStable(l, func(i, j int) bool {
			a, _ := attrString(l[i].Attrs, key)
			b, _ := attrString(l[j].Attrs, key)
			return a < b
		})
	}
	byAttr(qs, "query_text")
	byAttr(srcs, "title")
	out := outcome{TotalNodes: len(reached), TotalSections: len(secs), TotalQueries: len(qs), TotalSources: len(srcs)}
	ids := func(l []*graphrag.Node, c int) []string {
		r := []string{}
		for _, n := range l[:min(c, len(l))] {
			r = append(r, n.ID)
		}
		return r
	}
	out.Sections, out.Queries, out.Sources = ids(secs, caps[0]), ids(qs, caps[1]), ids(srcs, caps[2])
	out.NoMatch = len(secs)+len(qs)+len(srcs) == 0
	if out.NoMatch {
		out.Summary = "无匹配结果"
		return out
	}
	first3 := func(l []*graphrag.Node, c int, key string, max int) string {
		var ts []string
		for i, n := range l {
			if i == 3 || i == c {
				break
			}
			t, _ := attrString(n.Attrs, key)
			if t == "" {
				t = n.Name
			}
			if r := []rune(t); len(r) > max {
				t = string(r[:max])
			}
			ts = append(ts, t)
		}
		return strings.Join(ts, ", ")
	}
	var parts []string
	if len(secs) > 0 {
		parts = append(parts, fmt.Sprintf("段落(%d): %s", len(secs), first3(secs, caps[0], "title", 30)))
	}
	if len(qs) > 0 {
		parts = append(parts, fmt.Sprintf("搜索词(%d): %s", len(qs), first3(qs, caps[1], "query_text", 20)))
	}
	if len(srcs) > 0 {
		parts = append(parts, fmt.Sprintf("来源(%d)", len(srcs)))
	}
	out.Summary = strings.Join(parts, "; ")
	if r := []rune(out.Summary); len(r) > 200 {
		out.Summary = string(r[:200])
	}
	return out
}

// attrString is the first value under key when it is a string.
func attrString(a graphrag.Attributes, key string) (string, bool) {
	for _, kv := range a {
		if kv.Key == key {
			s, ok := kv.Value.(string)
			return s, ok
		}
	}
	return "", false
}

// orderOf reads a section's order as a number.
func orderOf(n *graphrag.Node) (float64, bool) {
	for _, kv := range n.Attrs {
		if kv.Key != "order" {
			continue
		}
		switch x := kv.Value.(type) {
		case int:
			return float64(x), true
		case int64:
			return float64(x), true
		case float64:
			return x, !math.IsNaN(x)
		case json.Number:
			f, err := x.Float64()
			return f, err == nil
		}
		return 0, false
	}
	return 0, false
}

// pieces are the text fragments random fields are made of: ASCII in both
// cases, CJK, separators, runes whose lower case changes their UTF-8 length
// (K KELVIN SIGN, İ, Ⱥ), and an invalid byte.
var pieces = []string{"a", "b", "c", "A", "B", "ab", "Tesla", "武", "汉", "大", "学", "美国", "樱花", "访问",
	" ", ",", "、", "K", "İ", "i", "Ⱥ", "ⱥ", "É", "é", "\xff", "\uFFFD", "ß", "ẞ", "k"}

func randText(rng *rand.Rand, maxPieces int) string {
	var sb strings.Builder
	for i, n := 0, rng.IntN(maxPieces+1); i < n; i++ {
		sb.WriteString(pieces[rng.IntN(len(pieces))])
	}
	return sb.String()
}

var engineNames = []string{"query", "media", "insight", "host"}

// randomGraph builds a graph shaped like the builder's, with random gaps:
// missing engine attributes, missing or odd orders, sources without an
// engines list, attribute lists longer than the locator's direct slots,
// duplicate keys, non-string titles, foreign node types and stray edges.
func randomGraph(rng *rand.Rand) *graphrag.Graph {
	g := graphrag.New()
	add := func(n *graphrag.Node) {
		if err := g.AddNode(n); err != nil {
			panic(err)
		}
	}
	link := func(from, to string, rel graphrag.Relation) {
		_ = g.AddEdge(graphrag.Edge{From: from, To: to, Relation: rel}) // duplicates are fine to skip
	}
	attrs := func(kv ...any) graphrag.Attributes {
		var a graphrag.Attributes
		if rng.IntN(8) == 0 { // push the searchable keys past the direct slots
			for i := 0; i < 15; i++ {
				a = append(a, graphrag.Attr{Key: fmt.Sprintf("pad%d", i), Value: i})
			}
		}
		for i := 0; i < len(kv); i += 2 {
			if kv[i+1] == nil && rng.IntN(2) == 0 {
				continue // absent rather than null
			}
			a = append(a, graphrag.Attr{Key: kv[i].(string), Value: kv[i+1]})
		}
		rng.Shuffle(len(a), func(i, j int) { a[i], a[j] = a[j], a[i] })
		if rng.IntN(10) == 0 && len(a) > 0 { // a duplicate key after the first
			a = append(a, graphrag.Attr{Key: a[0].Key, Value: randText(rng, 3)})
		}
		return a
	}
	maybe := func(v any) any {
		if rng.IntN(5) == 0 {
			return nil
		}
		return v
	}
	add(&graphrag.Node{ID: "T", Type: graphrag.TypeTopic, Name: randText(rng, 4)})
	var sources []*graphrag.Node
	for _, en := range engineNames[:1+rng.IntN(4)] {
		add(&graphrag.Node{ID: en, Type: graphrag.TypeEngine, Name: en, Attrs: attrs("engine", maybe(en), "report_title", randText(rng, 3))})
		link("T", en, graphrag.RelAnalyzedBy)
		for s := 0; s < rng.IntN(5); s++ {
			sid := fmt.Sprintf("%s_S%d", en, s)
			var order any
			switch rng.IntN(7) {
			case 0:
				order = nil
			case 1:
				order = float64(rng.IntN(4)) + 0.5
			case 2:
				order = json.Number(fmt.Sprint(rng.IntN(4)))
			case 3:
				order = "2"
			default:
				order = rng.IntN(4)
			}
			var title any = randText(rng, 4)
			if rng.IntN(12) == 0 {
				title = 5
			}
			add(&graphrag.Node{ID: sid, Type: graphrag.TypeSection, Name: randText(rng, 3), Attrs: attrs(
				"title", title, "order", order, "position", s, "summary", maybe(randText(rng, 5)),
				"content", maybe(randText(rng, 8)), "latest_summary", maybe(randText(rng, 4)),
				"final_report", "美国 Tesla 樱花", "engine", maybe(en))})
			link(en, sid, graphrag.RelContains)
			for k := 0; k < rng.IntN(4); k++ {
				qid := fmt.Sprintf("%s_Q%d", sid, k)
				qt := randText(rng, 3)
				add(&graphrag.Node{ID: qid, Type: graphrag.TypeSearchQuery, Name: qt, Attrs: attrs(
					"query_text", maybe(qt), "section_ref", sid, "engine", maybe(en), "record_count", rng.IntN(9))})
				link(sid, qid, graphrag.RelSearched)
				for f := 0; f < rng.IntN(4); f++ {
					if len(sources) > 0 && rng.IntN(3) == 0 {
						src := sources[rng.IntN(len(sources))]
						link(qid, src.ID, graphrag.RelFound)
						continue
					}
					title := randText(rng, 3)
					var engs any
					switch rng.IntN(4) {
					case 0:
						engs = []string{en}
					case 1:
						engs = []any{en, engineNames[rng.IntN(4)]}
					}
					src := &graphrag.Node{ID: fmt.Sprintf("SRC_%d", len(sources)), Type: graphrag.TypeSource, Name: title, Attrs: attrs(
						"url", "https://x.test/"+randText(rng, 2), "title", maybe(title), "preview", "美国Tesla",
						"content", maybe(randText(rng, 10)), "score", 0.5, "engines", engs)}
					add(src)
					sources = append(sources, src)
					link(qid, src.ID, graphrag.RelFound)
				}
			}
		}
	}
	// foreign nodes and stray edges
	nodes := nodePtrs(g)
	for i := 0; i < rng.IntN(4); i++ {
		id := fmt.Sprintf("X%d", i)
		var eng any
		if rng.IntN(2) == 0 {
			eng = engineNames[rng.IntN(4)]
		}
		add(&graphrag.Node{ID: id, Type: "entity", Name: randText(rng, 4), Attrs: attrs("engine", eng, "content", randText(rng, 5))})
		link(id, nodes[rng.IntN(len(nodes))].ID, "mentions")
	}
	nodes = nodePtrs(g)
	for i := 0; i < rng.IntN(3); i++ {
		link(nodes[rng.IntN(len(nodes))].ID, nodes[rng.IntN(len(nodes))].ID, "related")
	}
	return g
}

// randomQuery draws keywords from the graph's own text (so that queries
// match), sometimes case-swapped or joined with separators, plus random
// filters, depths and caps.
func randomQuery(rng *rand.Rand, g *graphrag.Graph) Query {
	nodes := nodePtrs(g)
	var q Query
	for i := 0; i < rng.IntN(3); i++ {
		var kw string
		if rng.IntN(4) == 0 {
			kw = randText(rng, 3)
		} else {
			n := nodes[rng.IntN(len(nodes))]
			text := n.Name
			if len(n.Attrs) > 0 {
				if s, ok := n.Attrs[rng.IntN(len(n.Attrs))].Value.(string); ok && rng.IntN(2) == 0 {
					text = s
				}
			}
			r := []rune(text)
			if len(r) > 0 {
				a := rng.IntN(len(r))
				b := min(len(r), a+1+rng.IntN(4))
				kw = string(r[a:b])
			}
			switch rng.IntN(4) {
			case 0:
				kw = strings.ToUpper(kw)
			case 1:
				kw += "，" + randText(rng, 2)
			}
		}
		q.Keywords = append(q.Keywords, kw)
	}
	types := []graphrag.NodeType{"section", "search_query", "source", "topic", "engine", "entity", "bogus"}
	if rng.IntN(3) == 0 {
		for i := 0; i < 1+rng.IntN(2); i++ {
			q.Types = append(q.Types, types[rng.IntN(len(types))])
		}
	}
	if rng.IntN(3) == 0 {
		for i := 0; i < 1+rng.IntN(2); i++ {
			q.Engines = append(q.Engines, append(engineNames, "bogus")[rng.IntN(5)])
		}
	}
	q.Depth = rng.IntN(4)
	if rng.IntN(2) == 0 {
		q.MaxSections, q.MaxQueries, q.MaxSources = rng.IntN(4), rng.IntN(4), rng.IntN(4)
	}
	return q
}

// bothEngines returns an Engine that scans (no Index) and one with the gram
// index, over the same graph: every oracle test checks both.
func bothEngines(g *graphrag.Graph) map[string]*Engine {
	indexed := New(g)
	indexed.Index()
	return map[string]*Engine{"scan": New(g), "indexed": indexed}
}

func TestRunMatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 2024))
	cases, matched := 0, 0
	for gi := 0; gi < 25; gi++ {
		g := randomGraph(rng)
		es, b := bothEngines(g), newBrute(g)
		for qi := 0; qi < 10; qi++ {
			q := randomQuery(rng, g)
			want := b.run(q)
			for name, e := range es {
				got, err := e.Run(q)
				if err != nil {
					t.Fatalf("%s: graph %d query %d %+v: %v", name, gi, qi, q, err)
				}
				if diff := cmp.Diff(want, outcomeOf(got)); diff != "" {
					t.Errorf("%s: graph %d query %d %+v: result mismatch (-brute force +engine):\n%s", name, gi, qi, q, diff)
				}
			}
			cases++
			if !want.NoMatch {
				matched++
			}
		}
	}
	t.Logf("%d of %d random queries matched", matched, cases)
	if matched < cases/2 {
		t.Errorf("only %d of %d random queries matched anything: the generator is too weak", matched, cases)
	}
}

// TestRunMatchesBruteForceLarge covers posting lists that span several
// 65 536-node blocks and dense grams stored as bitmaps.
func TestRunMatchesBruteForceLarge(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	g := graphrag.New()
	must := func(err error) {
		if err != nil {
			t.Fatal(err)
		}
	}
	must(g.AddNode(&graphrag.Node{ID: "T", Type: graphrag.TypeTopic, Name: "topic"}))
	alphabet := []string{"a", "b", "C", "美", "国", "x", "K", "y"}
	word := func(n int) string {
		var sb strings.Builder
		for i := 0; i < n; i++ {
			sb.WriteString(alphabet[rng.IntN(len(alphabet))])
		}
		return sb.String()
	}
	for s := 0; s < 40; s++ {
		en := engineNames[s%3]
		if s < 3 {
			must(g.AddNode(&graphrag.Node{ID: en, Type: graphrag.TypeEngine, Name: en, Attrs: graphrag.Attributes{{Key: "engine", Value: en}}}))
			must(g.AddEdge(graphrag.Edge{From: "T", To: en}))
		}
		sid := fmt.Sprintf("S%d", s)
		must(g.AddNode(&graphrag.Node{ID: sid, Type: graphrag.TypeSection, Name: word(4), Attrs: graphrag.Attributes{
			{Key: "title", Value: word(4)}, {Key: "order", Value: s % 7}, {Key: "engine", Value: en}}}))
		must(g.AddEdge(graphrag.Edge{From: en, To: sid}))
		qid := sid + "_Q"
		must(g.AddNode(&graphrag.Node{ID: qid, Type: graphrag.TypeSearchQuery, Name: word(3), Attrs: graphrag.Attributes{
			{Key: "query_text", Value: word(3)}, {Key: "engine", Value: en}}}))
		must(g.AddEdge(graphrag.Edge{From: sid, To: qid}))
	}
	nodes := nodePtrs(g)
	var queries []string
	for _, n := range nodes {
		if n.Type == graphrag.TypeSearchQuery {
			queries = append(queries, n.ID)
		}
	}
	for i := 0; i < 70_000; i++ {
		id := fmt.Sprintf("SRC%d", i)
		must(g.AddNode(&graphrag.Node{ID: id, Type: graphrag.TypeSource, Name: word(3), Attrs: graphrag.Attributes{
			{Key: "title", Value: word(3)}, {Key: "content", Value: word(5)}}}))
		must(g.AddEdge(graphrag.Edge{From: queries[i%len(queries)], To: id}))
	}
	e, b := New(g), newBrute(g)
	bitmaps := 0
	indexed := New(g)
	indexed.Index()
	st := indexed.Stats()
	for _, c := range indexed.ix.Load().conts {
		if c.isBitmap() {
			bitmaps++
		}
	}
	if bitmaps == 0 || st.Nodes <= blockSize {
		t.Fatalf("test graph too small: %d bitmap containers, %d nodes", bitmaps, st.Nodes)
	}
	qs := []Query{
		{Keywords: []string{"ab"}},
		{Keywords: []string{"AB"}, Depth: 1, Engines: []string{"media"}},
		{Keywords: []string{"美国"}, Types: []graphrag.NodeType{"source"}},
		{Keywords: []string{"美国a"}, Depth: 1},
		{Keywords: []string{"美国ab"}, Engines: []string{"query"}},
		{Keywords: []string{"kc"}}, // K (Kelvin) lower-cases to k
		{Keywords: []string{"x"}},
		{Keywords: []string{"K"}, Types: []graphrag.NodeType{"section"}},
		{Keywords: []string{"a 国"}, MaxSources: 3},
		{Keywords: []string{"yyyyy"}},
		{Keywords: []string{"abc美", "bxy"}},
		{Depth: 2, Engines: []string{"insight"}},
		{Keywords: []string{"zz"}},
	}
	checkBrute(t, map[string]*Engine{"scan": e, "indexed": indexed}, b, qs)
}

// checkBrute runs every query on every engine and compares each result
// with the brute force's, computed once per query and compared with
// reflect.DeepEqual before any cmp.Diff (whose reflection on 70 000 nodes
// took most of TestRunMatchesBruteForceLarge's time).
func checkBrute(t *testing.T, es map[string]*Engine, b *brute, qs []Query) {
	t.Helper()
	want := make([]outcome, len(qs))
	for i, q := range qs {
		want[i] = b.run(q)
	}
	for name, e := range es {
		for i, q := range qs {
			got, err := e.Run(q)
			if err != nil {
				t.Fatal(err)
			}
			if o := outcomeOf(got); !reflect.DeepEqual(want[i], o) {
				t.Errorf("%s: query %d %+v (-brute force +engine):\n%s", name, i, q, cmp.Diff(want[i], o))
			}
		}
	}
}

// TestMatcherAgreesWithToLower: the matcher's plain byte search for
// caseless terms, ASCII folding and general path decide exactly as
// strings.Contains(strings.ToLower(field), term) on random fields and terms
// made of the tricky pieces.
func TestMatcherAgreesWithToLower(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 20_000; i++ {
		field := randText(rng, 6)
		term := strings.ToLower(randText(rng, 2))
		if term == "" {
			continue
		}
		g := graphrag.New()
		if err := g.AddNode(&graphrag.Node{ID: "n", Type: graphrag.TypeSection, Name: field}); err != nil {
			t.Fatal(err)
		}
		ti := buildText(g, 1)
		got := newMatcher(&ti, []string{term}).match(0)
		if want := strings.Contains(strings.ToLower(field), term); got != want {
			class, _ := classify(term)
			t.Fatalf("field %q term %q (class %d): match %v, want %v", field, term, class, got, want)
		}
	}
}

// nodePtrs returns copies of the graph's nodes (Graph.NodeAt), by pointer.
func nodePtrs(g *graphrag.Graph) []*graphrag.Node {
	out := make([]*graphrag.Node, g.NodeCount())
	for v := range out {
		n := g.NodeAt(v)
		out[v] = &n
	}
	return out
}

// TestRunMatchesBruteForceFixture: the BettaFish fixture run's graph
// (builder shape, three engines, sources found by several of them) at
// depths 0 to 4, with and without engine filters, against the brute force.
func TestRunMatchesBruteForceFixture(t *testing.T) {
	g := fixture.Graph(t, fixture.BettaFish(t), builder.Config{ReportID: "wuhan", CreatedAt: "2025-08-25T18:02:14Z"})
	b := newBrute(g)
	var qs []Query
	for depth := 0; depth <= 4; depth++ {
		qs = append(qs,
			Query{Keywords: []string{"樱花"}, Depth: depth},
			Query{Keywords: []string{"预约", "交通"}, Depth: depth},
			Query{Depth: depth},
			Query{Keywords: []string{"樱花"}, Engines: []string{"media"}, Depth: depth},
			Query{Keywords: []string{"武汉大学"}, Engines: []string{"query", "insight"}, Depth: depth},
		)
	}
	checkBrute(t, bothEngines(g), b, qs)
}

// TestRunMatchesBruteForceShaped runs a fixed set of queries (depth 0 to 3,
// node-type and engine filters, alone and together) on a graph of builder
// shape (sources shared by several queries and engines, most sources found
// by one query: the leaves the traversal handles apart) against the brute
// force.
func TestRunMatchesBruteForceShaped(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	v := newBenchVocab(rng)
	g := shapedGraph(rng, v, 8, 4, 40, 6)
	b := newBrute(g)
	common, rarer := v.zh[3], v.zh[40]
	var qs []Query
	for depth := 0; depth <= 3; depth++ {
		qs = append(qs,
			Query{Keywords: []string{common}, Depth: depth},
			Query{Keywords: []string{rarer, "武汉"}, Depth: depth},
			Query{Depth: depth},
			Query{Keywords: []string{common}, Types: []graphrag.NodeType{"source"}, Depth: depth},
			Query{Keywords: []string{common}, Types: []graphrag.NodeType{"section", "search_query"}, Depth: depth},
			Query{Keywords: []string{common}, Engines: []string{"media"}, Depth: depth},
			Query{Keywords: []string{rarer}, Engines: []string{"query", "insight"}, Depth: depth},
			Query{Keywords: []string{common}, Types: []graphrag.NodeType{"search_query"}, Engines: []string{"insight"}, Depth: depth},
			Query{Engines: []string{"media", "query", "insight"}, Depth: depth},
			Query{Keywords: []string{"舆情"}, Engines: []string{"bogus"}, Depth: depth},
		)
	}
	reached := 0
	for name, e := range bothEngines(g) {
		for i, q := range qs {
			got, err := e.Run(q)
			if err != nil {
				t.Fatal(err)
			}
			want := b.run(q)
			if diff := cmp.Diff(want, outcomeOf(got)); diff != "" {
				t.Errorf("%s: query %d %+v (-brute force +engine):\n%s", name, i, q, diff)
			}
			reached += want.TotalNodes
		}
	}
	if reached < 20*g.NodeCount() {
		t.Errorf("the queries reach %d nodes in all, on a graph of %d: too few to test expansion", reached, g.NodeCount())
	}
}
