package server

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"reportengine/graphrag"
	"reportengine/text"
)

// neighbourhood returns the nodes within depth undirected steps of start
// (start first, then by distance, ties in graph order: the order of
// graphrag.Graph.Within, its oracle in the tests), at most limit of them,
// and whether some were left out. It walks the incidence lists one layer
// at a time and stops after the layer that reaches limit, so its cost
// follows the nodes it returns and their edges, not the graph's size.
func (v *graphView) neighbourhood(start int32, depth, limit int) (nodes []int32, truncated bool, err error) {
	seen, release := v.adj.Marks()
	defer release()
	seen[start>>6] |= 1 << (start & 63)
	nodes = []int32{start}
	var layer, next []int32
	layer = append(layer, start)
	for range depth {
		next = next[:0]
		for _, u := range layer {
			for _, w := range v.adj.Neighbours(u) {
				if seen[w>>6]&(1<<(w&63)) == 0 {
					seen[w>>6] |= 1 << (w & 63)
					next = append(next, w)
				}
			}
		}
		switch {
		case len(next) == 0:
			return nodes, false, nil
		case len(nodes) == limit: // more within depth than the limit holds
			return nodes, true, nil
		}
		slices.Sort(next)
		if len(nodes)+len(next) > limit {
			return append(nodes, next[:limit-len(nodes)]...), true, nil
		}
		nodes = append(nodes, next...)
		layer, next = next, layer
	}
	return nodes, false, nil
}

// edgesAmong returns the indexes of the edges whose two ends are both in
// nodes, in graph order, from the nodes' incidence lists.
func (v *graphView) edgesAmong(nodes []int32) []int32 {
	in, release := v.adj.Marks()
	defer release()
	for _, u := range nodes {
		in[u>>6] |= 1 << (u & 63)
	}
	ends := v.g.EdgeEnds()
	var out []int32
	for _, u := range nodes {
		for _, e := range v.adj.Edges(u) {
			// each edge once: from the node at its start
			if w := ends[e][1]; ends[e][0] == u && in[w>>6]&(1<<(w&63)) != 0 {
				out = append(out, e)
			}
		}
	}
	slices.Sort(out)
	return out
}

// appendNode appends node i's JSON as list views show it: byte for byte
// what encoding/json makes of node(i, false) (feNode: strings with HTML
// characters escaped, the properties as Attributes.MarshalJSON spells
// them, then HTML-escaped as encoding/json's compaction does), written
// straight from the graph (graphrag.AppendAttrsJSON) with no list of
// attributes made and nothing kept between requests. Errors:
// AppendAttrsJSON's, naming the node.
func (v *graphView) appendNode(b []byte, i int32) ([]byte, error) {
	g, k := v.g, int(i)
	d := g.DerivedOf(k)
	typ := g.Type(k)
	_, stored := g.Attr(k, "preview")
	b = append(b, `{"id":`...)
	b = graphrag.AppendString(b, g.ID(k), stdSpelling)
	b = append(b, `,"label":`...)
	b = graphrag.AppendString(b, d.Label, stdSpelling)
	b = append(b, `,"group":`...)
	b = graphrag.AppendString(b, string(typ), stdSpelling)
	b = append(b, `,"title":`...)
	b = appendTitle(b, d.Label, typ, func(key string) string {
		if key == "preview" && !stored {
			return d.Preview
		}
		return g.String(k, key)
	})
	b = append(b, `,"properties":`...)
	hv := v.heavy[i]
	var err error
	if b, err = g.AppendAttrsJSON(b, k, graphrag.HTML, hv); err != nil {
		return nil, fmt.Errorf("node %s: properties: %w", g.ID(k), err)
	}
	if !stored && d.Preview != "" && !slices.Contains(hv, "preview") {
		b = b[:len(b)-1] // the object's '}'
		if b[len(b)-1] != '{' {
			b = append(b, ',')
		}
		b = append(b, `"preview":`...)
		b = graphrag.AppendString(b, d.Preview, graphrag.HTML)
		b = append(b, '}')
	}
	b = append(b, `,"degree":`...)
	b = strconv.AppendInt(b, int64(v.adj.Degree(i)), 10)
	if len(hv) > 0 {
		b = append(b, `,"omitted":[`...)
		for n, key := range hv {
			if n > 0 {
				b = append(b, ',')
			}
			b = graphrag.AppendString(b, key, stdSpelling)
		}
		b = append(b, ']')
	}
	return append(b, '}'), nil
}

// appendTitle appends nodeTitle(label, typ, str) as a JSON string in
// stdSpelling, written part by part.
func appendTitle(b []byte, label string, typ graphrag.NodeType, str func(key string) string) []byte {
	b = append(b, '"')
	b = graphrag.AppendText(b, label, stdSpelling)
	b = append(b, `\n类型: `...)
	b = graphrag.AppendText(b, string(typ), stdSpelling)
	for _, f := range titleFields {
		if s := strings.TrimSpace(str(f.key)); s != "" {
			b = append(b, f.head...)
			t := text.TruncateRunes(s, titleRunes)
			b = graphrag.AppendText(b, t, stdSpelling)
			if len(t) < len(s) {
				b = append(b, "..."...)
			}
		}
	}
	if u := str("url"); u != "" {
		b = append(b, `\n链接: `...)
		b = graphrag.AppendText(b, u, stdSpelling)
	}
	return append(b, '"')
}

// titleFields are the tooltip's cut fields: key and the JSON text that
// opens its line.
var titleFields = [...]struct{ key, head string }{{"summary", `\n摘要: `}, {"query_text", `\n查询: `}, {"preview", `\n预览: `}}

// stdSpelling is encoding/json's spelling of a string (Marshal's).
const stdSpelling = graphrag.HTML | graphrag.ShortControls

// neighborsBody is the body of GET /api/graph/{id}/neighbors for the
// nodes and edges found (neighbourhood, edgesAmong), written straight
// from the graph (appendNode; edges directly): byte for byte what
// encoding/json makes of neighborsPlain's response (the tests hold it to
// that). Errors: appendNode's.
//
// The body is appended to b (a buffer the caller may reuse) and returned.
func (v *graphView) neighborsBody(b []byte, nodeID string, depth, limit int, nodes []int32, truncated bool, edges []int32) ([]byte, error) {
	b = append(b, `{"success":true,"report_id":`...)
	b = graphrag.AppendString(b, v.id, stdSpelling)
	b = append(b, `,"node":`...)
	b = graphrag.AppendString(b, nodeID, stdSpelling)
	b = append(b, `,"depth":`...)
	b = strconv.AppendInt(b, int64(depth), 10)
	b = append(b, `,"graph":{"nodes":[`...)
	for k, u := range nodes {
		if k > 0 {
			b = append(b, ',')
		}
		var err error
		if b, err = v.appendNode(b, u); err != nil {
			return nil, err
		}
	}
	b = append(b, `],"edges":[`...)
	ends := v.g.EdgeEnds()
	for k, e := range edges {
		if k > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"id":"e`...)
		b = strconv.AppendInt(b, int64(e), 10)
		b = append(b, `","from":`...)
		b = graphrag.AppendString(b, v.g.ID(int(ends[e][0])), stdSpelling)
		b = append(b, `,"to":`...)
		b = graphrag.AppendString(b, v.g.ID(int(ends[e][1])), stdSpelling)
		b = append(b, `,"label":`...)
		b = append(b, v.relJSON[v.g.Relation(int(e))]...)
		b = append(b, `,"arrows":"to"}`...)
	}
	b = append(b, `],"stats":`...)
	b = append(b, v.statsJSON...)
	b = append(b, `,"truncated":`...)
	b = strconv.AppendBool(b, truncated)
	b = append(b, `,"limit":`...)
	b = strconv.AppendInt(b, int64(limit), 10)
	b = append(b, `}}`...)
	return b, nil
}

// neighborsPlain is the response of GET /api/graph/{id}/neighbors as a
// value for encoding/json: the plain form neighborsBody is held to, and
// what the handler encodes when neighborsBody fails.
func (v *graphView) neighborsPlain(nodeID string, depth, limit int, nodes []int32, truncated bool, edges []int32) neighborsResponse {
	return neighborsResponse{Success: true, ReportID: v.id, Node: nodeID, Depth: depth, Graph: v.graph(nodes, edges, truncated, limit)}
}
