package export

import (
	"bufio"
	"context"
	"encoding/xml"
	"fmt"
	"io"
	"strconv"

	"reportengine/graphrag"
)

// xmlWriter writes escaped XML text to a buffered writer, keeping the
// first error.
type xmlWriter struct {
	w   *bufio.Writer
	err error
}

func newXMLWriter(w io.Writer) *xmlWriter { return &xmlWriter{w: bufio.NewWriterSize(w, 1<<16)} }

// raw writes s as it is (markup).
func (x *xmlWriter) raw(s string) {
	if x.err == nil {
		_, x.err = x.w.WriteString(s)
	}
}

// text writes s escaped for element text or a quoted attribute value
// (xml.EscapeText: <, >, &, quotes, tab, newline and carriage return as
// references; characters XML 1.0 cannot hold as U+FFFD).
func (x *xmlWriter) text(s string) {
	if x.err == nil {
		x.err = xml.EscapeText(x.w, []byte(s))
	}
}

// attr writes ` name="value"`.
func (x *xmlWriter) attr(name, value string) {
	x.raw(" " + name + `="`)
	x.text(value)
	x.raw(`"`)
}

func (x *xmlWriter) flush() error {
	if x.err == nil {
		x.err = x.w.Flush()
	}
	return x.err
}

// cell is one attribute value of a row: its column index and text.
type cell struct {
	col  int
	text string
}

// nodeCells returns the attribute cells of node v for cols (index in
// cols → text), in column order, skipping absent and null values.
func nodeCells(g *graphrag.Graph, v int, cols []Column, at map[string]int, buf []cell) ([]cell, error) {
	return attrCells(buf, nodeAttrs(g, v), cols, at)
}

// edgeCells is nodeCells for edge i: a found edge's records are one cell,
// their JSON text as the graph file writes them.
func edgeCells(g *graphrag.Graph, i int, cols []Column, at map[string]int, buf []cell) ([]cell, error) {
	if g.Records(i) == nil {
		return attrCells(buf, g.EdgeAttrs(i), cols, at)
	}
	recs, _ := g.EdgeAttrs(i).Get("records")
	s, _, err := valueText(recs, KindString)
	if err != nil {
		return nil, err
	}
	return append(buf[:0], cell{at["records"], s}), nil
}

// attrCells returns the cells of attributes a in buf's storage.
func attrCells(buf []cell, a graphrag.Attributes, cols []Column, at map[string]int) ([]cell, error) {
	buf = buf[:0]
	for _, kv := range a {
		i := at[kv.Key]
		s, ok, err := valueText(kv.Value, cols[i].Kind)
		if err != nil {
			return nil, err
		}
		if ok {
			buf = append(buf, cell{i, s})
		}
	}
	return buf, nil
}

// index maps each column's key to its position.
func index(cols []Column) map[string]int {
	m := make(map[string]int, len(cols))
	for i, c := range cols {
		m[c.Key] = i
	}
	return m
}

// weightText is an edge weight as the XML writers write it.
func weightText(w float64) (string, error) {
	s, _, err := valueText(w, KindDouble)
	return s, err
}

// plan is what both XML writers need before the first row: the columns.
type plan struct {
	nodeCols, edgeCols []Column
	nodeAt, edgeAt     map[string]int
}

func makePlan(ctx context.Context, g *graphrag.Graph) (*plan, error) {
	nc, err := NodeColumns(ctx, g)
	if err != nil {
		return nil, err
	}
	ec, err := EdgeColumns(ctx, g)
	if err != nil {
		return nil, err
	}
	return &plan{nodeCols: nc, edgeCols: ec, nodeAt: index(nc), edgeAt: index(ec)}, nil
}

// nodes calls write for every node v in graph order with its attribute
// cells (nodeCells), checking ctx every few thousand rows (stopped). Errors: ctx.Err()
// and a node's cell error, naming the node.
func (p *plan) nodes(ctx context.Context, g *graphrag.Graph, write func(v int, cells []cell)) error {
	var cells []cell
	var err error
	for v := range g.NodeCount() {
		if err := stopped(ctx, v); err != nil {
			return err
		}
		if cells, err = nodeCells(g, v, p.nodeCols, p.nodeAt, cells); err != nil {
			return fmt.Errorf("export: node %q: %w", g.ID(v), err)
		}
		write(v, cells)
	}
	return nil
}

// edges calls write for every edge i in graph order with its source and
// target ids, its weight as text (weightText) and its attribute cells
// (edgeCells), checking ctx every few thousand rows (stopped). Errors: ctx.Err() and
// an edge's weight or cell error, naming the edge.
func (p *plan) edges(ctx context.Context, g *graphrag.Graph, write func(i int, source, target, weight string, cells []cell)) error {
	var cells []cell
	ends := g.EdgeEnds()
	for i := range g.EdgeCount() {
		if err := stopped(ctx, i); err != nil {
			return err
		}
		wt, err := weightText(g.Weight(i))
		if err != nil {
			return fmt.Errorf("export: edge %d: %w", i, err)
		}
		if cells, err = edgeCells(g, i, p.edgeCols, p.edgeAt, cells); err != nil {
			return fmt.Errorf("export: edge %d: %w", i, err)
		}
		write(i, g.ID(int(ends[i][0])), g.ID(int(ends[i][1])), wt, cells)
	}
	return nil
}

// edgeID is the id both XML formats give edge i: "e<index>".
func edgeID(i int) string { return "e" + strconv.Itoa(i) }
