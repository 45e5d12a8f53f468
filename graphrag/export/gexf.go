package export

import (
	"context"
	"fmt"
	"io"
	"strconv"

	"reportengine/graphrag"
)

// WriteGEXF writes g as GEXF 1.2 (http://www.gexf.net/1.2draft; Gephi's
// own format), a static directed graph:
//
//   - node attributes 0…2: type, name and engines (Engines joined with
//     ","; absent when none), then one per other node attribute
//     (NodeColumns, titled by its key, typed long, double, boolean or
//     string; lists and objects as their JSON text); a node's label is
//     graphrag.Derived.Label (its name, or its id);
//   - edge attributes 0: relation, then one per edge attribute
//     (EdgeColumns); an edge's id is "e<index>", its label the relation,
//     its weight the edge's weight;
//   - nodes and edges in graph order; meta names the creator and the
//     graph's task id.
//
// Text is escaped as for WriteGraphML, with the same losses. Gephi and
// networkx (read_gexf) open the file. Errors: as WriteGraphML's.
func WriteGEXF(ctx context.Context, w io.Writer, g *graphrag.Graph) error {
	p, err := makePlan(ctx, g)
	if err != nil {
		return err
	}
	x := newXMLWriter(w)
	x.raw(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	x.raw(`<gexf xmlns="http://www.gexf.net/1.2draft" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"` +
		` xsi:schemaLocation="http://www.gexf.net/1.2draft http://www.gexf.net/1.2draft/gexf.xsd" version="1.2">` + "\n")
	x.raw("  <meta><creator>reportengine</creator><description>")
	x.text("graph " + g.TaskID)
	x.raw("</description></meta>\n")
	x.raw(`  <graph defaultedgetype="directed" mode="static">` + "\n")
	attrs := func(class string, fixed []string, cols []Column) {
		x.raw(`    <attributes class="` + class + `">` + "\n")
		for i, name := range fixed {
			x.raw(`      <attribute id="` + strconv.Itoa(i) + `"`)
			x.attr("title", name)
			x.raw(` type="string"/>` + "\n")
		}
		for i, c := range cols {
			x.raw(`      <attribute id="` + strconv.Itoa(len(fixed)+i) + `"`)
			x.attr("title", c.Name)
			x.raw(` type="` + graphmlType(c.Kind) + `"/>` + "\n")
		}
		x.raw("    </attributes>\n")
	}
	nodeFixed, edgeFixed := []string{"type", "name", "engines"}, []string{"relation"}
	attrs("node", nodeFixed, p.nodeCols)
	attrs("edge", edgeFixed, p.edgeCols)
	value := func(k int, s string) {
		x.raw(`<attvalue for="` + strconv.Itoa(k) + `"`)
		x.attr("value", s)
		x.raw("/>")
	}
	var cells []cell
	x.raw("    <nodes>\n")
	for v := range g.NodeCount() {
		if v%checkEvery == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		x.raw("      <node")
		x.attr("id", g.ID(v))
		x.attr("label", g.DerivedOf(v).Label)
		x.raw("><attvalues>")
		value(0, string(g.Type(v)))
		value(1, g.Name(v))
		if e := Engines(g, v); len(e) > 0 {
			value(2, joinEngines(e, ","))
		}
		if cells, err = nodeCells(g, v, p.nodeCols, p.nodeAt, cells); err != nil {
			return fmt.Errorf("export: node %q: %w", g.ID(v), err)
		}
		for _, c := range cells {
			value(len(nodeFixed)+c.col, c.text)
		}
		x.raw("</attvalues></node>\n")
	}
	x.raw("    </nodes>\n    <edges>\n")
	ends := g.EdgeEnds()
	for i := range g.EdgeCount() {
		if i%checkEvery == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		wt, err := weightText(g.Weight(i))
		if err != nil {
			return fmt.Errorf("export: edge %d: %w", i, err)
		}
		x.raw("      <edge")
		x.attr("id", edgeID(i))
		x.attr("source", g.ID(int(ends[i][0])))
		x.attr("target", g.ID(int(ends[i][1])))
		x.attr("label", string(g.Relation(i)))
		x.attr("weight", wt)
		x.raw("><attvalues>")
		value(0, string(g.Relation(i)))
		if cells, err = edgeCells(g, i, p.edgeCols, p.edgeAt, cells); err != nil {
			return fmt.Errorf("export: edge %d: %w", i, err)
		}
		for _, c := range cells {
			value(len(edgeFixed)+c.col, c.text)
		}
		x.raw("</attvalues></edge>\n")
	}
	x.raw("    </edges>\n  </graph>\n</gexf>\n")
	return x.flush()
}
