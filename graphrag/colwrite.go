package graphrag

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"hash/crc32"
	"io"

	sonicutf8 "github.com/bytedance/sonic/utf8"
)

// colPlan is what the column records of a graph share: the engine lists
// of its typed sources, each once, and the list of each source row.
type colPlan struct {
	lists  [][]string
	listOf []uint32
}

func (g *Graph) colPlan() *colPlan {
	p := &colPlan{listOf: make([]uint32, len(g.sources))}
	// Interned lists (SetSourceTally, the readers) share their first
	// element: found by it, without joining the list into a key.
	type same struct {
		first *string
		n     int
	}
	byFirst := map[same]uint32{}
	code := map[string]uint32{}
	var key []byte
	for r := range g.sources {
		l := g.sources[r].Engines
		var s same
		if len(l) > 0 {
			s = same{&l[0], len(l)}
			if i, ok := byFirst[s]; ok {
				p.listOf[r] = i
				continue
			}
		}
		key = key[:0]
		for _, x := range l {
			key = append(append(key, x...), 0)
		}
		i, ok := code[string(key)]
		if !ok {
			i = uint32(len(p.lists))
			code[string(key)] = i
			p.lists = append(p.lists, l)
		}
		if len(l) > 0 {
			byFirst[s] = i
		}
		p.listOf[r] = i
	}
	return p
}

// columnsHead is the column file up to the first node: magic, version,
// unit, the graph's strings and counts, for the graph file text js (its
// head at least). The Meta members are a reference to them in js when js
// starts with the head WriteJSON writes, else stored (a graph file of
// another writer); end is where the reference ends (0 if none), the
// cursor the nodes' look-ups go on from.
func (g *Graph) columnsHead(p *colPlan, unit int, js []byte) (buf []byte, end int, err error) {
	e := &colEnc{buf: append([]byte(columnsMagic), 0, 0, 0, 0)}
	binary.LittleEndian.PutUint32(e.buf[8:], ColumnsVersion)
	e.uv(uint64(unit))
	e.inline(jsonText(g.TaskID))
	e.inline(jsonText(g.CreatedAt))
	head, meta, err := g.headJSON()
	switch {
	case err != nil:
		return nil, 0, err
	case meta[0] == meta[1]:
		e.inline("")
	case bytes.HasPrefix(js, head[:meta[1]]):
		e.ref(meta[0], meta[1]-meta[0], strPlain)
	default:
		e.inline(string(head[meta[0]:meta[1]]))
	}
	e.uv(uint64(len(g.typeNames)))
	for _, t := range g.typeNames {
		e.inline(string(t))
	}
	e.uv(uint64(len(g.relNames)))
	for _, r := range g.relNames {
		e.inline(string(r))
	}
	e.uv(uint64(len(p.lists)))
	for _, l := range p.lists {
		e.uv(uint64(len(l)))
		for _, s := range l {
			e.inline(jsonText(s))
		}
	}
	e.uv(uint64(len(g.ids)))
	e.uv(uint64(len(g.ends)))
	e.uv(uint64(len(g.recs)))
	return e.buf, e.end, nil
}

// columnsTail is the column file's trailer: where the edges start (the
// byte offset of edge 0's gap in the file), the graph file's length and
// CRC-32C, then the CRC-32C of the column file before it (crc: of the
// bytes before the trailer).
func columnsTail(crc uint32, edgesAt, jsLen int64, jsCRC uint32) []byte {
	t := binary.LittleEndian.AppendUint64(nil, uint64(edgesAt))
	t = binary.LittleEndian.AppendUint64(t, uint64(jsLen))
	t = binary.LittleEndian.AppendUint32(t, jsCRC)
	return binary.LittleEndian.AppendUint32(t, crc32.Update(crc, castagnoli, t))
}

// trailerSize is the length of the trailer (columnsTail).
const trailerSize = 24

// WriteColumns writes the column file of g for the graph file text js
// (what g was read from: ReadJSONText(js.Text)), for ReadColumns. Strings
// the text holds are referenced, the others stored. Output is
// deterministic. Errors: ErrNoColumns for a graph the JSON reader would
// change, or a text that is not valid UTF-8; a value JSON cannot hold (as
// WriteJSON); the writer's error; ctx.Err() when ctx is done (checked
// every 512 nodes or edges). Save writes both files at once
// (WriteJSONColumns).
func (g *Graph) WriteColumns(ctx context.Context, w io.Writer, js GraphText) error {
	if err := g.CheckColumns(); err != nil {
		return err
	}
	text := js.b
	if !sonicutf8.Validate(text) {
		return fmt.Errorf("%w: the graph file is not valid UTF-8", ErrNoColumns)
	}
	p := g.colPlan()
	unit := max(len(g.ids), len(g.ends), 1)
	head, end, err := g.columnsHead(p, unit, text)
	if err != nil {
		return err
	}
	cw := &crcWriter{w: w}
	cw.write(head)
	e := &colEnc{js: text, end: end, from: end}
	// One unit each for the nodes and the edges, the look-up going on
	// through the whole text: a gap of 0 before node 0, the cursor before
	// edge 0 (the edges' gap is absolute).
	var edgesAt int64
	for k, part := range []struct {
		n   int
		enc func(lo, hi int) error
	}{
		{len(g.ids), func(lo, hi int) error { return g.colNodes(e, p, lo, hi) }},
		{len(g.ends), func(lo, hi int) error { return g.colEdges(e, lo, hi) }},
	} {
		if k == 1 {
			edgesAt = cw.n
		}
		for lo := 0; lo < part.n; lo += chunk {
			if err := ctx.Err(); err != nil {
				return err
			}
			if lo == 0 {
				e.uv(uint64(k * e.end))
			}
			if err := part.enc(lo, min(lo+chunk, part.n)); err != nil {
				return err
			}
			cw.write(e.buf)
			e.buf = e.buf[:0]
		}
	}
	cw.write(columnsTail(cw.crc, edgesAt, int64(len(js.Text)), js.CRC()))
	return cw.err
}

// crcWriter writes through, keeping the CRC-32C of what it wrote, its
// length and the first error.
type crcWriter struct {
	w   io.Writer
	crc uint32
	n   int64
	err error
}

func (c *crcWriter) write(p []byte) {
	if c.err == nil {
		c.crc = crc32.Update(c.crc, castagnoli, p)
		c.n += int64(len(p))
		_, c.err = c.w.Write(p)
	}
}

// colNodes appends the column records of the nodes [from, to) to e.
func (g *Graph) colNodes(e *colEnc, p *colPlan, from, to int) error {
	for v := from; v < to; v++ {
		e.uv(uint64(g.types[v]))
		e.id(g.ids[v])
		s, err := g.colSource(v)
		if err != nil {
			return err
		}
		if s != nil {
			g.colTyped(e, p, v, s)
			continue
		}
		if err := g.colGeneric(e, v); err != nil {
			return err
		}
	}
	return nil
}

// colSource is node v as a typed source row when the column file stores
// it typed: a typed source the JSON reader reads back typed, or a generic
// source it would type (as nodeRec.finish does); else nil.
func (g *Graph) colSource(v int) (*sourceAttrs, error) {
	r := g.srcRow[v]
	if r >= 0 && (g.sources[r].Key == "url" || g.sources[r].Key == "text") {
		return &g.sources[r], nil
	}
	if r >= 0 || g.typeNames[g.types[v]] != TypeSource {
		return nil, nil
	}
	buf, err := g.attrs[v].appendJSON(nil)
	if err != nil {
		return nil, fmt.Errorf("graphrag: write columns: node %q: %w", g.ids[v], err)
	}
	return typedRow(string(buf)), nil
}

// colTyped appends the record of node v stored as the typed source s.
func (g *Graph) colTyped(e *colEnc, p *colPlan, v int, s *sourceAttrs) {
	e.b(1)
	var flags byte
	if s.Score != nil {
		flags |= 1
	}
	// flag 4 (the name is a part of an attribute, left out of a
	// format 3 file) is only read: format 4 stores every name
	if s.Title == g.names[v] {
		flags |= 2
	}
	e.b(flags)
	if s.Score != nil {
		e.f64(*s.Score + 0) // + 0: -0 reads back from JSON as 0
	}
	e.str(g.names[v])
	e.str(s.URL)
	if flags&2 == 0 {
		e.str(s.Title)
	}
	e.str(s.Content)
	if s.Key == "url" {
		e.b(0)
	} else {
		e.b(1)
	}
	if r := g.srcRow[v]; r >= 0 {
		e.uv(uint64(p.listOf[r]))
	} else {
		e.uv(uint64(len(p.lists)))
		e.uv(uint64(len(s.Engines)))
		for _, x := range s.Engines {
			e.str(x)
		}
	}
	e.sv(int64(s.FoundCount))
}

// colGeneric appends the record of node v with generic attributes (or a
// typed source the JSON reader would read as generic): its values, or
// the JSON text of its attributes for values only JSON spells.
func (g *Graph) colGeneric(e *colEnc, v int) error {
	r := g.srcRow[v]
	var attrs Attributes
	derived := byte(0)
	if r < 0 {
		attrs = g.attrs[v]
		if g.typeNames[g.types[v]] == TypeSection {
			if out, _ := sectionOut(attrs); len(out) < len(attrs) {
				attrs, derived = out, 3 // as the JSON file (appendNodes)
			}
		}
		mark, end, at := len(e.buf), e.end, e.from
		e.b(2 + derived/3*2)
		e.str(g.names[v])
		if e.value(attrs, 0) {
			return nil
		}
		e.buf, e.end, e.from = e.buf[:mark], end, at // taken back
	}
	// A source the JSON reader may type, a typed source it would
	// read as generic, values only JSON spells: their JSON text,
	// which ReadColumns reads as ReadJSON does.
	var buf []byte
	var err error
	if r >= 0 {
		buf, err = appendValue(nil, &g.sources[r])
	} else {
		buf, err = attrs.appendJSON(nil)
	}
	if err != nil {
		return fmt.Errorf("graphrag: write columns: node %q: %w", g.ids[v], err)
	}
	e.b(derived)
	e.str(g.names[v])
	e.text(string(buf))
	return nil
}

// colEdges appends the column records of the edges [from, to) to e.
func (g *Graph) colEdges(e *colEnc, from, to int) error {
	for i := from; i < to; i++ {
		ab := g.ends[i]
		e.skipTo(g.ids[ab[0]], nearWindow)
		to := g.ids[ab[1]]
		e.skipTo(to, e.anchor(to))
		e.uv(uint64(ab[0]))
		e.uv(uint64(ab[1]))
		e.uv(uint64(g.rels[i]))
		recs := g.Records(i)
		var attrs Attributes
		if recs == nil && g.eattrs != nil {
			attrs = g.eattrs[i]
		}
		var flags byte
		w := g.Weight(i)
		if w != 1 {
			flags |= 1
		}
		var val *colEnc // attrs as a value, when they are not records
		if len(attrs) > 0 {
			flags |= 2
			if attrs[0].Key != "records" {
				sub := &colEnc{js: e.js, end: e.end, from: e.from}
				if sub.value(attrs, 0) {
					val, flags = sub, flags&^2|8
				}
			}
		}
		if recs != nil {
			flags |= 4
		}
		e.b(flags)
		if flags&1 != 0 {
			e.f64(w)
		}
		if flags&2 != 0 {
			buf, err := attrs.appendJSON(nil)
			if err != nil {
				return fmt.Errorf("graphrag: write columns: edge %s -> %s: %w", g.ids[ab[0]], g.ids[ab[1]], err)
			}
			e.text(string(buf))
		}
		if recs != nil {
			e.uv(uint64(len(recs)))
			for k := range recs {
				rc := &recs[k]
				var f byte
				if rc.Score != nil {
					f |= 1
				}
				if rc.Title != nil {
					f |= 2
				}
				if rc.Content != nil {
					f |= 4
				}
				e.sv(int64(rc.Index))
				e.b(f)
				if rc.Score != nil {
					e.f64(*rc.Score + 0)
				}
				e.str(rc.Timestamp)
				if rc.Title != nil {
					e.str(*rc.Title)
				}
				if rc.Content != nil {
					e.str(*rc.Content)
				}
			}
		}
		if val != nil {
			e.buf = append(e.buf, val.buf...)
			e.end, e.from = val.end, val.from
		}
	}
	return nil
}

// chunk is the number of nodes or edges WriteColumns encodes between two
// checks of the context.
const chunk = 512

// value appends v as a value (see the layout), as the JSON reader would
// decode the JSON writer's text of it; false (with part of it appended)
// for a value it does not know or nests deeper than 100 levels.
func (e *colEnc) value(v any, depth int) bool {
	if depth > 100 {
		return false
	}
	switch x := v.(type) {
	case nil:
		e.b(0)
	case bool:
		if x {
			e.b(2)
		} else {
			e.b(1)
		}
	case string:
		e.b(3)
		e.str(x)
	case json.Number, int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64, float64:
		lit, err := appendValue(nil, x)
		if err != nil || len(lit) == 0 || lit[0] != '-' && (lit[0] < '0' || lit[0] > '9') {
			return false
		}
		e.b(4)
		e.inline(string(lit))
	case []any:
		e.b(5)
		e.uv(uint64(len(x)))
		for _, el := range x {
			if !e.value(el, depth+1) {
				return false
			}
		}
	case []string:
		e.b(5)
		e.uv(uint64(len(x)))
		for _, el := range x {
			e.b(3)
			e.str(el)
		}
	case Attributes:
		e.b(6)
		e.uv(uint64(len(x)))
		for _, kv := range x {
			e.str(kv.Key)
			if !e.value(kv.Value, depth+1) {
				return false
			}
		}
	default:
		return false
	}
	return true
}
