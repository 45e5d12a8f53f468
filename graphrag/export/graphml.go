package export

import (
	"cmp"
	"context"
	"io"
	"strconv"
	"strings"

	"reportengine/graphrag"
)

// WriteGraphML writes g as GraphML (http://graphml.graphdrawing.org), a
// directed graph whose id is the graph's task id ("G" when it has none):
//
//   - node keys d0…d3: type, name, label (the name, or the id when the
//     name is empty: graphrag.Derived.Label, what Gephi shows) and engines
//     (Engines joined with ","; absent when none), then one key per other
//     node attribute (NodeColumns, named by its key, typed long, double,
//     boolean or string; lists and objects as their JSON text);
//   - edge keys: relation, weight (double), then one per edge attribute
//     (EdgeColumns: a found edge's search records as the JSON text of
//     "records");
//   - nodes and edges in graph order, an edge's id "e<index>".
//
// Null and absent values have no <data>. Text is escaped; characters XML
// 1.0 cannot hold (most control characters) become U+FFFD, which is the
// one loss of a round trip besides list and object values becoming their
// JSON text. Gephi and networkx (read_graphml) open the file. Errors:
// ctx.Err() when ctx ends (checked every few thousand rows), ErrExport for
// a weight or number that is not finite, and w's error.
func WriteGraphML(ctx context.Context, w io.Writer, g *graphrag.Graph) error {
	p, err := makePlan(ctx, g)
	if err != nil {
		return err
	}
	x := newXMLWriter(w)
	x.raw(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	x.raw(`<graphml xmlns="http://graphml.graphdrawing.org/xmlns" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"` +
		` xsi:schemaLocation="http://graphml.graphdrawing.org/xmlns http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd">` + "\n")
	key := func(id, of, name string, k Kind) {
		x.raw(`  <key`)
		x.attr("id", id)
		x.attr("for", of)
		x.attr("attr.name", name)
		x.attr("attr.type", typeName(k))
		x.raw("/>\n")
	}
	for i, name := range []string{"type", "name", "label", "engines"} {
		key("d"+strconv.Itoa(i), "node", name, KindString)
	}
	const nodeBase = 4
	for i, c := range p.nodeCols {
		key("d"+strconv.Itoa(nodeBase+i), "node", c.Name, c.Kind)
	}
	edgeBase := nodeBase + len(p.nodeCols)
	key("d"+strconv.Itoa(edgeBase), "edge", "relation", KindString)
	key("d"+strconv.Itoa(edgeBase+1), "edge", "weight", KindDouble)
	for i, c := range p.edgeCols {
		key("d"+strconv.Itoa(edgeBase+2+i), "edge", c.Name, c.Kind)
	}
	id := cmp.Or(g.TaskID, "G")
	x.raw("  <graph")
	x.attr("id", id)
	x.attr("edgedefault", "directed")
	x.raw(">\n")
	data := func(k int, s string) {
		x.raw(`<data key="d` + strconv.Itoa(k) + `">`)
		x.text(s)
		x.raw("</data>")
	}
	err = p.nodes(ctx, g, func(v int, cells []cell) {
		x.raw("    <node")
		x.attr("id", g.ID(v))
		x.raw(">")
		data(0, string(g.Type(v)))
		data(1, g.Name(v))
		data(2, g.DerivedOf(v).Label)
		if e := Engines(g, v); len(e) > 0 {
			data(3, strings.Join(e, ","))
		}
		for _, c := range cells {
			data(nodeBase+c.col, c.text)
		}
		x.raw("</node>\n")
	})
	if err != nil {
		return err
	}
	err = p.edges(ctx, g, func(i int, source, target, weight string, cells []cell) {
		x.raw("    <edge")
		x.attr("id", edgeID(i))
		x.attr("source", source)
		x.attr("target", target)
		x.raw(">")
		data(edgeBase, string(g.Relation(i)))
		data(edgeBase+1, weight)
		for _, c := range cells {
			data(edgeBase+2+c.col, c.text)
		}
		x.raw("</edge>\n")
	})
	if err != nil {
		return err
	}
	x.raw("  </graph>\n</graphml>\n")
	return x.flush()
}
