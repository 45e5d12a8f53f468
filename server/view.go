package server

import (
	"cmp"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"reportengine/graphrag"
	"reportengine/graphrag/queryengine"
)

// graphView is one loaded graph with what the handlers derive from it once:
// the undirected adjacency (CSR), the node order used by ?limit= and the
// query engine (built on first use). It is read-only after newGraphView
// except for the response cache, which has its own lock.
type graphView struct {
	id string
	g  *graphrag.Graph

	off  []int   // adjacency of node v: nbr[off[v]:off[v+1]]
	nbr  []int32 // neighbour node index
	eix  []int32 // the edge behind each nbr entry
	deg  []int32 // undirected degree (number of adjacency entries)
	rank []int32 // node indices: topic, engine, section (graph order), then by degree, then graph order

	engine func() *queryengine.Engine

	respMu sync.Mutex
	resp   map[int][]byte // /api/graph bodies by effective limit
}

// maxCachedBodies is how many distinct ?limit= bodies a view keeps.
const maxCachedBodies = 4

func newGraphView(id string, g *graphrag.Graph) *graphView {
	n := g.NodeCount()
	ends := g.EdgeEnds()
	v := &graphView{id: id, g: g, deg: make([]int32, n), off: make([]int, n+1), resp: map[int][]byte{}}
	for _, e := range ends {
		v.deg[e[0]]++
		if e[0] != e[1] {
			v.deg[e[1]]++
		}
	}
	for i := range n {
		v.off[i+1] = v.off[i] + int(v.deg[i])
	}
	v.nbr = make([]int32, v.off[n])
	v.eix = make([]int32, v.off[n])
	fill := slices.Clone(v.off[:n])
	for i, e := range ends {
		a, b := e[0], e[1]
		v.nbr[fill[a]], v.eix[fill[a]] = b, int32(i)
		fill[a]++
		if a != b {
			v.nbr[fill[b]], v.eix[fill[b]] = a, int32(i)
			fill[b]++
		}
	}
	nodes := g.Nodes()
	v.rank = make([]int32, n)
	for i := range v.rank {
		v.rank[i] = int32(i)
	}
	prio := func(i int32) int {
		switch nodes[i].Type {
		case graphrag.TypeTopic:
			return 0
		case graphrag.TypeEngine:
			return 1
		case graphrag.TypeSection:
			return 2
		}
		return 3
	}
	slices.SortFunc(v.rank, func(a, b int32) int {
		pa, pb := prio(a), prio(b)
		if c := cmp.Compare(pa, pb); c != 0 {
			return c
		}
		if pa == 3 {
			if c := cmp.Compare(v.deg[b], v.deg[a]); c != 0 {
				return c
			}
		}
		return cmp.Compare(a, b)
	})
	v.engine = sync.OnceValue(func() *queryengine.Engine { return queryengine.New(g) })
	return v
}

// feNode is a node in the front end's shape (reference §3.4).
type feNode struct {
	ID         string              `json:"id"`
	Label      string              `json:"label"`
	Group      string              `json:"group"`
	Title      string              `json:"title"`
	Properties graphrag.Attributes `json:"properties"`
	Degree     int32               `json:"degree"`
}

// feEdge is an edge in the front end's shape, plus a stable id
// ("e<insertion index>") so a viewer can merge expansions without
// duplicating edges.
type feEdge struct {
	ID     string `json:"id"`
	From   string `json:"from"`
	To     string `json:"to"`
	Label  string `json:"label"`
	Arrows string `json:"arrows"`
}

// feGraph is the "graph" object of /api/graph responses.
type feGraph struct {
	Nodes []feNode       `json:"nodes"`
	Edges []feEdge       `json:"edges"`
	Stats map[string]int `json:"stats"`
	// Truncated is true when nodes were left out (?limit=, or the
	// neighbourhood was larger than the limit); Limit is the limit applied.
	Truncated bool `json:"truncated"`
	Limit     int  `json:"limit"`
}

func (v *graphView) node(i int32) feNode {
	n := v.g.Nodes()[i]
	return feNode{ID: n.ID, Label: nodeLabel(n), Group: string(n.Type), Title: nodeTitle(n), Properties: n.Attrs, Degree: v.deg[i]}
}

func (v *graphView) edge(i int32) feEdge {
	e := v.g.Edges()[i]
	return feEdge{ID: "e" + strconv.Itoa(int(i)), From: e.From, To: e.To, Label: string(e.Relation), Arrows: "to"}
}

// stats is the reference's stats object: total_nodes, total_edges and one
// count per node type present.
func (v *graphView) stats() map[string]int {
	st := v.g.Stats()
	out := map[string]int{"total_nodes": st.TotalNodes, "total_edges": st.TotalEdges}
	for t, n := range st.ByType {
		out[string(t)] = n
	}
	return out
}

// nodeLabel is the display label: the name, or the id for a nameless node.
func nodeLabel(n *graphrag.Node) string {
	if n.Name != "" {
		return n.Name
	}
	return n.ID
}

// titleRunes is how much of a summary, query or preview the tooltip shows.
const titleRunes = 100

// nodeTitle is the tooltip, as plain text lines joined by "\n" (never
// HTML: the reference built "<b>label</b><br>…" without escaping, §8 #13):
// the label, "类型: <type>", then when present "摘要: <summary>",
// "查询: <query_text>", "预览: <preview>" (each cut to 100 runes, "..."
// marking a cut) and "链接: <url>".
func nodeTitle(n *graphrag.Node) string {
	var b strings.Builder
	b.WriteString(nodeLabel(n))
	b.WriteString("\n类型: ")
	b.WriteString(string(n.Type))
	for _, f := range []struct{ key, label string }{{"summary", "摘要"}, {"query_text", "查询"}, {"preview", "预览"}} {
		if s := strings.TrimSpace(n.Attrs.String(f.key)); s != "" {
			b.WriteString("\n" + f.label + ": ")
			b.WriteString(cutRunes(s, titleRunes))
		}
	}
	if u := n.Attrs.String("url"); u != "" {
		b.WriteString("\n链接: ")
		b.WriteString(u)
	}
	return b.String()
}

// cutRunes returns s cut to n runes, with "..." appended when cut.
func cutRunes(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	i := 0
	for k := range s {
		if i == n {
			return s[:k] + "..."
		}
		i++
	}
	return s
}

// limitedBody returns the JSON body of /api/graph/{id} with at most limit
// nodes: the first limit nodes of v.rank, written in graph order, and the
// edges between them in graph order. Bodies are cached per limit.
func (v *graphView) limitedBody(limit int) ([]byte, error) {
	n := v.g.NodeCount()
	if limit > n {
		limit = n
	}
	v.respMu.Lock()
	body, ok := v.resp[limit]
	v.respMu.Unlock()
	if ok {
		return body, nil
	}
	sel := make([]bool, n)
	idx := slices.Clone(v.rank[:limit])
	slices.Sort(idx)
	for _, i := range idx {
		sel[i] = true
	}
	fg := feGraph{Nodes: make([]feNode, 0, len(idx)), Edges: []feEdge{}, Stats: v.stats(), Truncated: limit < n, Limit: limit}
	for _, i := range idx {
		fg.Nodes = append(fg.Nodes, v.node(i))
	}
	for i, e := range v.g.EdgeEnds() {
		if sel[e[0]] && sel[e[1]] {
			fg.Edges = append(fg.Edges, v.edge(int32(i)))
		}
	}
	body, err := json.Marshal(graphResponse{Success: true, ReportID: v.id, Graph: fg})
	if err != nil {
		return nil, err
	}
	v.respMu.Lock()
	if len(v.resp) >= maxCachedBodies {
		clear(v.resp)
	}
	v.resp[limit] = body
	v.respMu.Unlock()
	return body, nil
}

// neighbourhood returns the nodes within depth undirected steps of start,
// in breadth-first order (start first, neighbours in edge order), at most
// limit of them, and whether some were left out.
func (v *graphView) neighbourhood(start int32, depth, limit int) (nodes []int32, truncated bool) {
	seen := map[int32]bool{start: true}
	nodes = []int32{start}
	layer := []int32{start}
	for d := 0; d < depth && len(layer) > 0; d++ {
		var next []int32
		for _, u := range layer {
			for _, w := range v.nbr[v.off[u]:v.off[u+1]] {
				if seen[w] {
					continue
				}
				if len(nodes) >= limit {
					return nodes, true
				}
				seen[w] = true
				nodes = append(nodes, w)
				next = append(next, w)
			}
		}
		layer = next
	}
	return nodes, false
}

// edgesAmong returns the indexes of the edges whose two ends are both in
// nodes, ascending.
func (v *graphView) edgesAmong(nodes []int32) []int32 {
	in := make(map[int32]bool, len(nodes))
	for _, u := range nodes {
		in[u] = true
	}
	ends := v.g.EdgeEnds()
	var out []int32
	for _, u := range nodes {
		for k := v.off[u]; k < v.off[u+1]; k++ {
			e := v.eix[k]
			// Each edge is listed under both ends; take it at its from end.
			if ends[e][0] == u && in[v.nbr[k]] {
				out = append(out, e)
			}
		}
	}
	slices.Sort(out)
	return out
}

// graphResponse is the body of GET /api/graph/{id} and /latest.
type graphResponse struct {
	Success  bool    `json:"success"`
	ReportID string  `json:"report_id"`
	Graph    feGraph `json:"graph"`
}
