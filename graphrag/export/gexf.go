package export

import (
	"context"
	"io"
	"strconv"
	"strings"

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
			x.raw(` type="` + typeName(c.Kind) + `"/>` + "\n")
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
	x.raw("    <nodes>\n")
	err = p.nodes(ctx, g, func(v int, cells []cell) {
		x.raw("      <node")
		x.attr("id", g.ID(v))
		x.attr("label", g.DerivedOf(v).Label)
		x.raw("><attvalues>")
		value(0, string(g.Type(v)))
		value(1, g.Name(v))
		if e := Engines(g, v); len(e) > 0 {
			value(2, strings.Join(e, ","))
		}
		for _, c := range cells {
			value(len(nodeFixed)+c.col, c.text)
		}
		x.raw("</attvalues></node>\n")
	})
	if err != nil {
		return err
	}
	x.raw("    </nodes>\n    <edges>\n")
	err = p.edges(ctx, g, func(i int, source, target, weight string, cells []cell) {
		x.raw("      <edge")
		x.attr("id", edgeID(i))
		x.attr("source", source)
		x.attr("target", target)
		x.attr("label", string(g.Relation(i)))
		x.attr("weight", weight)
		x.raw("><attvalues>")
		value(0, string(g.Relation(i)))
		for _, c := range cells {
			value(len(edgeFixed)+c.col, c.text)
		}
		x.raw("</attvalues></edge>\n")
	})
	if err != nil {
		return err
	}
	x.raw("    </edges>\n  </graph>\n</gexf>\n")
	return x.flush()
}
