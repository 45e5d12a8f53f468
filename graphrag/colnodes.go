package graphrag

import (
	"fmt"
)

// nodes reads the nn nodes (types and engine lists from the header) and
// makes the graph with the header's strings.
func (r *colReader) nodes(nn int, types []NodeType, lists [][]string, task, created, meta string) (*Graph, error) {
	g := NewWithCapacity(nn, 0)
	g.TaskID, g.CreatedAt = task, created
	if meta != "" { // the members, as the graph file's head spells them
		err := members("{"+meta+"}", "meta", func(key, val string) error {
			v, err := decodeRaw(val, key)
			if err == nil {
				g.Meta.Set(key, v)
			}
			return err
		})
		if err != nil {
			return nil, fmt.Errorf("%w: meta: %w", ErrColumnsCorrupt, err)
		}
	}
	for i, l := range lists {
		lists[i] = g.internList(l)
	}
	nr := nodeReader{r: r, g: g, types: types, lists: lists}
	for v := 0; v < nn && r.err == nil; v++ {
		if err := nr.node(v); err != nil {
			return nil, err
		}
	}
	if r.err != nil {
		return nil, r.err
	}
	// Generic attributes (a few thousand nodes of a built graph, with the
	// engines' reports) go through the JSON reader's decoder.
	for _, ga := range nr.generic {
		attrs, err := attrsOf(ga.raw, fmt.Sprintf("nodes[%d].attributes", ga.v))
		if err != nil {
			return nil, fmt.Errorf("%w: %w", ErrColumnsCorrupt, err)
		}
		if ga.summary {
			attrs = withSummary(attrs)
		}
		g.attrs[ga.v] = attrs
	}
	if r.pos != len(r.s) {
		return nil, fmt.Errorf("%w: %d bytes between the last node and the edges", ErrColumnsCorrupt, len(r.s)-r.pos)
	}
	return g, nil
}

// nodeReader reads the node records of a column file into g: the
// header's node types and engine lists, and the generic attributes left
// for the decode at the end.
type nodeReader struct {
	r       *colReader
	g       *Graph
	types   []NodeType
	lists   [][]string
	generic []rawAttrs
}

// node reads node v. A damaged record sets r.err; the error returned is
// the graph's refusal of the node (a duplicate id) or its attributes'.
func (nr *nodeReader) node(v int) error {
	r := nr.r
	r.gap(v)
	ti := r.index(len(nr.types), "node type")
	id := r.str()
	kind := r.b()
	var name string
	if kind != 1 {
		name = r.str()
	}
	if r.err != nil {
		return nil
	}
	typ := nr.types[ti]
	if kind >= 3 && typ != TypeSection {
		r.fail("node %d of type %q with a derived summary", v, typ)
		return nil
	}
	switch kind {
	case 0, 3:
		return nr.rawNode(v, id, typ, name, kind == 3)
	case 1:
		if typ != TypeSource {
			r.fail("typed node %d of type %q", v, typ)
			return nil
		}
		return nr.typedSource(v, id)
	case 2, 4:
		a, ok := r.value(0).(Attributes)
		if !ok {
			r.fail("node %d: attributes are not an object", v)
		}
		if r.err != nil {
			return nil
		}
		if kind == 4 {
			a = withSummary(a)
		}
		_, err := nr.g.appendNode(id, typ, name, a, -1)
		return nodeCorrupt(v, err)
	default:
		r.fail("node kind %d", kind)
	}
	return nil
}

// nodeCorrupt is the error of a column file whose node v the graph
// refused with err (nil: none).
func nodeCorrupt(v int, err error) error {
	if err != nil {
		return fmt.Errorf("%w: node %d: %w", ErrColumnsCorrupt, v, err)
	}
	return nil
}

// rawNode reads node v stored as the JSON text of its attributes
// (summary: a section whose summary is derived).
func (nr *nodeReader) rawNode(v int, id string, typ NodeType, name string, summary bool) error {
	raw := nr.r.str()
	if nr.r.err != nil {
		return nil
	}
	g := nr.g
	if typ != TypeSource {
		// Decoded at the end.
		if _, err := g.appendNode(id, typ, name, nil, -1); err != nil {
			return nodeCorrupt(v, err)
		}
		nr.generic = append(nr.generic, rawAttrs{int32(v), raw, summary})
		return nil
	}
	// A source the JSON reader may type: decoded as it does.
	rec := nodeRec{id: id, typ: typ, name: name}
	if rec.finish(raw, FormatVersion, fmt.Sprintf("nodes[%d]", v)); rec.err != nil {
		return fmt.Errorf("%w: %w", ErrColumnsCorrupt, rec.err)
	}
	row := int32(-1)
	if rec.src != nil {
		row = int32(len(g.sources))
		g.sources = append(g.sources, *rec.src)
		g.sources[row].Engines = g.internList(rec.src.Engines)
	}
	_, err := g.appendNode(id, typ, name, rec.attrs, row)
	return nodeCorrupt(v, err)
}

// typedSource reads node v stored as a typed source row.
func (nr *nodeReader) typedSource(v int, id string) error {
	r := nr.r
	var s sourceAttrs
	flags := r.b()
	if flags&1 != 0 {
		s.Score = new(r.f64())
	}
	if flags&6 == 6 {
		r.fail("node %d: a derived name and a title equal to it", v)
	}
	var name string
	if flags&4 == 0 {
		name = r.str()
	}
	s.URL = r.str()
	s.Title = name
	if flags&2 == 0 {
		s.Title = r.str()
	}
	s.Content = r.str()
	if flags&4 != 0 {
		field := [...]string{s.URL, s.Title, s.Content}[r.index(3, "name field")]
		start, n := r.uv(), r.uv()
		if r.err == nil && (start > uint64(len(field)) || n > uint64(len(field))-start) {
			r.fail("node %d: name of %d bytes at %d outside its field of %d", v, n, start, len(field))
		}
		if r.err != nil {
			return nil
		}
		name = field[start : start+n]
	}
	switch r.b() {
	case 0:
		s.Key = "url"
	case 1:
		s.Key = "text"
	default:
		r.fail("source key")
	}
	if li := r.index(len(nr.lists)+1, "engine list"); li < len(nr.lists) {
		s.Engines = nr.lists[li]
	} else { // a list of its own
		s.Engines = nr.g.internList(strs[string](r, "engine list"))
	}
	found := r.sv()
	if r.err != nil {
		return nil
	}
	s.FoundCount = int(found)
	row := int32(len(nr.g.sources))
	if _, err := nr.g.appendNode(id, TypeSource, name, nil, row); err != nil {
		return nodeCorrupt(v, err)
	}
	nr.g.sources = append(nr.g.sources, s)
	return nil
}

// edges reads the ne edges (between nn nodes, with relations rels) into
// ge: from its own position in the file, the cursor starting at 0 (the gap before edge 0 is absolute).
func (r *colReader) edges(ge *Graph, nn, ne int, rels []Relation) error {
	var recs []Record
	for i := 0; i < ne && r.err == nil; i++ {
		r.gap(i)
		from, to := r.index(nn, "edge end"), r.index(nn, "edge end")
		ri := r.index(len(rels), "relation")
		flags := r.b()
		if r.err != nil {
			break
		}
		rel := rels[ri]
		w := 1.0
		if flags&1 != 0 {
			w = r.f64()
		}
		var attrs Attributes
		recs = recs[:0]
		if flags&2 != 0 {
			raw := r.str()
			if r.err != nil {
				break
			}
			var err error
			if attrs, recs, err = edgeFromRaw(raw, fmt.Sprintf("edges[%d]", i)); err != nil {
				return fmt.Errorf("%w: %w", ErrColumnsCorrupt, err)
			}
		}
		if flags&4 != 0 {
			for k := r.count("records"); k > 0 && r.err == nil; k-- {
				rc := Record{Index: int(r.sv())}
				f := r.b()
				if f&1 != 0 {
					rc.Score = new(r.f64())
				}
				rc.Timestamp = r.str()
				if f&2 != 0 {
					rc.Title = new(r.str())
				}
				if f&4 != 0 {
					rc.Content = new(r.str())
				}
				recs = append(recs, rc)
			}
		}
		if flags&8 != 0 {
			var ok bool
			if attrs, ok = r.value(0).(Attributes); !ok {
				r.fail("edge %d: attributes are not an object", i)
			} else if len(attrs) == 0 {
				attrs = nil
			}
		}
		if r.err != nil {
			break
		}
		if err := ge.appendEdge(int32(from), int32(to), rel, w, attrs, recs); err != nil {
			return fmt.Errorf("%w: edge %d: %w", ErrColumnsCorrupt, i, err)
		}
	}
	return r.err
}
