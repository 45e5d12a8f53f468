package server

import (
	"cmp"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"

	"reportengine/graphrag"
	"reportengine/graphrag/queryengine"
	"reportengine/text"
)

// graphView is one loaded graph with what the handlers derive from it once:
// the undirected degree of every node, the node order used by ?limit= and
// the query engine (built on first use). It is read-only after
// newGraphView except for the response cache, which has its own lock.
type graphView struct {
	id string
	g  *graphrag.Graph
	// ver is the source's version of the graph when it was loaded, and
	// loadWarnings the load's warnings (the search's model file records
	// them)
	ver          string
	loadWarnings []string

	// adj is the graph's incidence lists (built with the view): node v's
	// degree (its edge ends, a self-loop once) and the edges the
	// neighbourhood routes walk instead of every edge.
	adj *graphrag.Traversal
	// statsMap is the stats object of every response, the reference's:
	// total_nodes, total_edges and one count per node type present
	// (counted once; shared, callers only encode it), and statsJSON its
	// encoding.
	statsMap  map[string]int
	statsJSON []byte
	// relJSON holds each edge relation's encoding.
	relJSON map[graphrag.Relation][]byte
	// heavy lists, per node with any, the attribute keys whose values are
	// over MaxListPropertyBytes; list views leave them out.
	heavy map[int32][]string
	rank  []int32 // node indices: topic, engine, section (graph order), then by degree, then graph order

	engine func() *queryengine.Engine
	// indexOnce starts, and indexed is closed after, the build of the
	// query index (startIndex).
	indexOnce sync.Once
	indexed   chan struct{}
	// known is the node types and engine names a query may name (queryengine.KnownValues).
	known  func() (types, engines map[string]bool)
	search lazyTarget // the local search over this graph, built on first use
	// queries keeps the encoded /api/graph/query answers of this version.
	queries *queryCache

	respMu sync.Mutex
	resp   map[int][]byte // /api/graph bodies by effective limit
}

// maxCachedBodies is how many distinct ?limit= bodies a view keeps.
const maxCachedBodies = 4

func newGraphView(id string, g *graphrag.Graph) *graphView {
	n := g.NodeCount()
	v := &graphView{id: id, g: g, adj: g.Traversal(), heavy: map[int32][]string{}, resp: map[int][]byte{}, queries: newQueryCache(maxQueryCacheBytes)}
	for i := range n {
		for _, kv := range g.Attrs(i) {
			if valueSize(kv.Value, MaxListPropertyBytes) > MaxListPropertyBytes {
				v.heavy[int32(i)] = append(v.heavy[int32(i)], kv.Key)
			}
		}
	}
	st := g.Stats()
	v.statsMap = map[string]int{"total_nodes": st.TotalNodes, "total_edges": st.TotalEdges}
	for t, n := range st.ByType {
		v.statsMap[string(t)] = n
	}
	v.statsJSON, _ = json.Marshal(v.statsMap) // a map of ints always encodes
	v.relJSON = map[graphrag.Relation][]byte{}
	for i := range g.EdgeCount() {
		if rel := g.Relation(i); v.relJSON[rel] == nil {
			v.relJSON[rel], _ = json.Marshal(string(rel))
		}
	}
	v.rank = make([]int32, n)
	for i := range v.rank {
		v.rank[i] = int32(i)
	}
	prio := func(i int32) int {
		if p := slices.Index(rankedTypes, g.Type(int(i))); p >= 0 {
			return p
		}
		return len(rankedTypes)
	}
	slices.SortFunc(v.rank, func(a, b int32) int {
		pa, pb := prio(a), prio(b)
		if c := cmp.Compare(pa, pb); c != 0 {
			return c
		}
		if pa == len(rankedTypes) {
			if c := cmp.Compare(v.adj.Degree(b), v.adj.Degree(a)); c != 0 {
				return c
			}
		}
		return cmp.Compare(a, b)
	})
	v.known = sync.OnceValues(func() (map[string]bool, map[string]bool) { return queryengine.KnownValues(g) })
	v.engine = sync.OnceValue(func() *queryengine.Engine { return queryengine.New(g) })
	v.indexed = make(chan struct{})
	return v
}

// rankedTypes are the node types v.rank puts first, in this order.
var rankedTypes = []graphrag.NodeType{graphrag.TypeTopic, graphrag.TypeEngine, graphrag.TypeSection}

// indexHook, when set (tests), runs before an index build starts.
var indexHook func()

// startIndex starts, once, the build of the query index on its own
// goroutine: a server is the long-lived engine the index
// is for. No route waits for it: until it is in place, queries scan
// (queryengine.Engine.Index).
func (v *graphView) startIndex() {
	v.indexOnce.Do(func() {
		go func() {
			if indexHook != nil {
				indexHook()
			}
			v.engine().Index()
			close(v.indexed)
		}()
	})
}

// checkQuery refuses a query naming a node type or engine the graph
// cannot have, naming the field and its index (node_types[1]) and the
// values it takes.
func (v *graphView) checkQuery(q queryengine.Query) error {
	types, engines := v.known()
	for i, t := range q.Types {
		if !types[string(t)] {
			return &fieldError{Key: fmt.Sprintf("node_types[%d]", i), Msg: fmt.Sprintf("unknown node type %q: want one of %s", t, strings.Join(slices.Sorted(maps.Keys(types)), ", "))}
		}
	}
	for i, e := range q.Engines {
		if !engines[e] {
			return &fieldError{Key: fmt.Sprintf("engine_filter[%d]", i), Msg: fmt.Sprintf("unknown engine %q: want one of %s", e, strings.Join(slices.Sorted(maps.Keys(engines)), ", "))}
		}
	}
	return nil
}

// feNode is a node in the front end's shape (reference §3.4), plus its
// degree and, in list views, the keys of the properties left out.
type feNode struct {
	ID         string              `json:"id"`
	Label      string              `json:"label"`
	Group      string              `json:"group"`
	Title      string              `json:"title"`
	Properties graphrag.Attributes `json:"properties"`
	Degree     int32               `json:"degree"`
	Omitted    []string            `json:"omitted,omitempty"`
}

// MaxListPropertyBytes is the largest property value, in bytes of text
// (strings, also inside lists and objects), that graph and neighbour
// responses include; larger ones (full contents, engine reports, forum
// speeches, the records of found edges) are listed in the node's "omitted"
// and served by /api/graph/{id}/node. The reference's attributes were
// short (content cut to 200 characters); ours keep everything.
const MaxListPropertyBytes = 1024

// valueSize estimates the JSON text size of v in bytes, stopping early
// above limit.
func valueSize(v any, limit int) int {
	switch x := v.(type) {
	case string:
		return len(x)
	case []any:
		n := 2
		for _, e := range x {
			if n += valueSize(e, limit) + 1; n > limit {
				return n
			}
		}
		return n
	case graphrag.Attributes:
		n := 2
		for _, kv := range x {
			if n += len(kv.Key) + 4 + valueSize(kv.Value, limit); n > limit {
				return n
			}
		}
		return n
	case []string:
		n := 2
		for _, e := range x {
			n += len(e) + 3
		}
		return n
	case nil, bool, int, int64, float64, json.Number:
		return 8
	}
	data, err := json.Marshal(v)
	if err != nil {
		return limit + 1
	}
	return len(data)
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

// node returns node i; full false leaves out the heavy properties.
func (v *graphView) node(i int32, full bool) feNode {
	g, k := v.g, int(i)
	d := g.DerivedOf(k)
	props := g.Attrs(k)
	if _, ok := g.Attr(k, "preview"); !ok && d.Preview != "" {
		props = append(props, graphrag.Attr{Key: "preview", Value: d.Preview})
	}
	title := nodeTitle(d.Label, g.Type(k), props.String)
	var omitted []string
	if hv := v.heavy[i]; len(hv) > 0 && !full {
		props = slices.DeleteFunc(props, func(kv graphrag.Attr) bool { return slices.Contains(hv, kv.Key) })
		omitted = hv
	}
	return feNode{ID: g.ID(k), Label: d.Label, Group: string(g.Type(k)), Title: title, Properties: props, Degree: v.adj.Degree(i), Omitted: omitted}
}

// graph is the "graph" object of nodes as list views show them (node(i,
// false)) and of edges (edge indexes), with the stats, truncated and limit.
func (v *graphView) graph(nodes, edges []int32, truncated bool, limit int) feGraph {
	fg := feGraph{Nodes: make([]feNode, 0, len(nodes)), Edges: make([]feEdge, 0, len(edges)), Stats: v.statsMap, Truncated: truncated, Limit: limit}
	for _, i := range nodes {
		fg.Nodes = append(fg.Nodes, v.node(i, false))
	}
	for _, e := range edges {
		fg.Edges = append(fg.Edges, v.edge(e))
	}
	return fg
}

func (v *graphView) edge(i int32) feEdge {
	ends := v.g.EdgeEnds()[i]
	return feEdge{ID: "e" + strconv.Itoa(int(i)), From: v.g.ID(int(ends[0])), To: v.g.ID(int(ends[1])), Label: string(v.g.Relation(int(i))), Arrows: "to"}
}

// titleRunes is how much of a summary, query or preview the tooltip shows.
const titleRunes = 100

// nodeTitle is the tooltip, as plain text lines joined by "\n" (never
// HTML: the reference built "<b>label</b><br>…" without escaping, §8 #13):
// the label, "类型: <type>", then when present "摘要: <summary>",
// "查询: <query_text>", "预览: <preview>" (each cut to 100 runes, "..."
// marking a cut) and "链接: <url>", str giving the node's string attributes.
func nodeTitle(label string, typ graphrag.NodeType, str func(key string) string) string {
	var b strings.Builder
	b.WriteString(label)
	b.WriteString("\n类型: ")
	b.WriteString(string(typ))
	for _, f := range []struct{ key, label string }{{"summary", "摘要"}, {"query_text", "查询"}, {"preview", "预览"}} {
		if s := strings.TrimSpace(str(f.key)); s != "" {
			b.WriteString("\n" + f.label + ": ")
			b.WriteString(text.Ellipsis(s, titleRunes, "..."))
		}
	}
	if u := str("url"); u != "" {
		b.WriteString("\n链接: ")
		b.WriteString(u)
	}
	return b.String()
}

// limitedBody returns the JSON body of /api/graph/{id} with at most limit
// nodes: the first limit nodes of v.rank, written in graph order, and the
// edges between them in graph order (edgesAmong). Bodies are cached per
// limit.
func (v *graphView) limitedBody(limit int) ([]byte, error) {
	n := v.g.NodeCount()
	limit = min(limit, n)
	v.respMu.Lock()
	body, ok := v.resp[limit]
	v.respMu.Unlock()
	if ok {
		return body, nil
	}
	idx := slices.Clone(v.rank[:limit])
	slices.Sort(idx)
	body, err := json.Marshal(graphResponse{Success: true, ReportID: v.id, Graph: v.graph(idx, v.edgesAmong(idx), limit < n, limit)})
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

// graphResponse is the body of GET /api/graph/{id} and /latest.
type graphResponse struct {
	Success  bool    `json:"success"`
	ReportID string  `json:"report_id"`
	Graph    feGraph `json:"graph"`
}
