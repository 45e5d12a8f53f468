package graphrag

// Lookup returns the graph index of the node with the given id.
func (g *Graph) Lookup(id string) (int, bool) {
	g.index()
	v, ok := g.byID[id]
	return int(v), ok
}

// Node returns a copy of the node with the given id (see NodeAt).
func (g *Graph) Node(id string) (*Node, bool) {
	v, ok := g.Lookup(id)
	if !ok {
		return nil, false
	}
	n := g.NodeAt(v)
	return &n, true
}

// Edge returns a copy of the edge from → to (see EdgeAt). It costs a scan
// of the edges the first time after edges were added with Link/AddFound.
func (g *Graph) Edge(from, to string) (*Edge, bool) {
	g.index()
	fi, ok1 := g.byID[from]
	ti, ok2 := g.byID[to]
	if !ok1 || !ok2 {
		return nil, false
	}
	g.indexPairs()
	i, ok := g.pairs[pairKey(fi, ti)]
	if !ok {
		return nil, false
	}
	e := g.EdgeAt(int(i))
	return &e, true
}

// EdgeEnds returns, for every edge in graph order, the indexes of its two
// endpoints (from, to). The slice is the graph's own: do not modify it.
func (g *Graph) EdgeEnds() [][2]int32 { return g.ends }

// NodeCount returns the number of nodes.
func (g *Graph) NodeCount() int { return len(g.ids) }

// EdgeCount returns the number of edges.
func (g *Graph) EdgeCount() int { return len(g.ends) }

// TypeCode returns node v's type as a small integer: the position of its
// type in TypeNames (0 ≤ code < len(TypeNames) ≤ MaxCount). Codes follow
// first appearance in the graph.
func (g *Graph) TypeCode(v int) uint32 { return g.types[v] }

// TypeNames returns the node types present, indexed by TypeCode. The
// slice is the graph's own: do not modify it.
func (g *Graph) TypeNames() []NodeType { return g.typeNames }

// ID returns the id of node v. Like every accessor taking a graph index,
// it panics for an index out of range, as a slice index does.
func (g *Graph) ID(v int) string { return g.ids[v] }

// Type returns the type of node v.
func (g *Graph) Type(v int) NodeType { return g.typeNames[g.types[v]] }

// Name returns the display name of node v (the file's "name", or "label"
// for files that only have that).
func (g *Graph) Name(v int) string { return g.names[v] }

// Attr returns the attribute key of node v and whether it is present. For
// generic nodes the value has the types Attributes documents; for typed
// sources: url, title, content, key string; score float64 or nil; engines
// []string (shared: do not modify); found_count int.
func (g *Graph) Attr(v int, key string) (any, bool) {
	r := g.srcRow[v]
	if r < 0 {
		return g.attrs[v].Get(key)
	}
	s := &g.sources[r]
	if t, ok := s.text(key); ok {
		return t, true
	}
	switch key {
	case "score":
		if s.Score == nil {
			return nil, true
		}
		return *s.Score, true
	case "engines":
		return s.Engines, true
	case "found_count":
		return s.FoundCount, true
	}
	return nil, false
}

// String returns attribute key of node v when it is a string, else "" (as
// Attributes.String). It does not allocate.
func (g *Graph) String(v int, key string) string {
	if r := g.srcRow[v]; r >= 0 {
		t, _ := g.sources[r].text(key)
		return t
	}
	return g.attrs[v].String(key)
}

// text returns the string attribute key of a typed source (url, title,
// content, key) and whether key is one of them.
func (s *sourceAttrs) text(key string) (string, bool) {
	switch key {
	case "url":
		return s.URL, true
	case "title":
		return s.Title, true
	case "content":
		return s.Content, true
	case "key":
		return s.Key, true
	}
	return "", false
}

// Strings returns attribute key of node v as a list of strings, or nil (as
// Attributes.Strings). The list may be shared: do not modify it.
func (g *Graph) Strings(v int, key string) []string {
	if r := g.srcRow[v]; r >= 0 {
		if key == "engines" {
			return g.sources[r].Engines
		}
		return nil
	}
	return g.attrs[v].Strings(key)
}

// Float returns attribute key of node v as a finite number (as
// Attributes.Float).
func (g *Graph) Float(v int, key string) (float64, bool) {
	if g.srcRow[v] >= 0 {
		x, _ := g.Attr(v, key)
		return Attributes{{Key: key, Value: x}}.Float(key)
	}
	return g.attrs[v].Float(key)
}

// Attrs returns the attributes of node v in their stored order, as a new
// list (changing the list does not change the graph; nested lists and
// objects are shared). Derived fields (see DerivedOf) are not part of it.
func (g *Graph) Attrs(v int) Attributes {
	if g.srcRow[v] < 0 {
		return g.attrs[v].Clone()
	}
	out := make(Attributes, len(sourceKeys))
	for i, k := range sourceKeys {
		x, _ := g.Attr(v, k)
		out[i] = Attr{Key: k, Value: x}
	}
	return out
}

// NodeAt returns a copy of node v, its Attrs as Attrs(v) gives them.
func (g *Graph) NodeAt(v int) Node {
	return Node{ID: g.ids[v], Type: g.Type(v), Name: g.names[v], Attrs: g.Attrs(v)}
}

// Relation returns the relation of edge i.
func (g *Graph) Relation(i int) Relation { return g.relNames[g.rels[i]] }

// Weight returns the weight of edge i.
func (g *Graph) Weight(i int) float64 {
	if g.weights == nil {
		return 1
	}
	return g.weights[i]
}

// Records returns the typed search records of edge i (a found edge built
// by the builder or read from a file in that shape); nil for other edges.
// The slice is the graph's own: do not modify it.
func (g *Graph) Records(i int) []Record {
	a, b := g.recOff[i], g.recOff[i+1]
	if a == b {
		return nil
	}
	return g.recs[a:b:b]
}

// EdgeAttrs returns the attributes of edge i as a new list: for an edge
// with typed records {"records": [{"index", "score", "timestamp"[,
// "title"][, "content"]}, …]} (objects as Attributes, index an int, score
// a float64 or nil).
func (g *Graph) EdgeAttrs(i int) Attributes {
	if recs := g.Records(i); recs != nil {
		list := make([]any, len(recs))
		for k, r := range recs {
			var score any
			if r.Score != nil {
				score = *r.Score
			}
			o := Attributes{{Key: "index", Value: r.Index}, {Key: "score", Value: score}, {Key: "timestamp", Value: r.Timestamp}}
			if r.Title != nil {
				o = append(o, Attr{Key: "title", Value: *r.Title})
			}
			if r.Content != nil {
				o = append(o, Attr{Key: "content", Value: *r.Content})
			}
			list[k] = o
		}
		return Attributes{{Key: "records", Value: list}}
	}
	if g.eattrs == nil {
		return nil
	}
	return g.eattrs[i].Clone()
}

// EdgeAt returns a copy of edge i.
func (g *Graph) EdgeAt(i int) Edge {
	ab := g.ends[i]
	return Edge{From: g.ids[ab[0]], To: g.ids[ab[1]], Relation: g.Relation(i), Weight: g.Weight(i), Attrs: g.EdgeAttrs(i)}
}
