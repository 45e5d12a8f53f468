package graphrag

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Source is a source node in typed form, as the builder makes it: stored
// as one row of columns instead of an Attributes list, read back through
// the same accessors (String(v, "url") …) and written with the attributes
// url, title, score, content, key, engines, found_count, in that order.
type Source struct {
	ID   string
	Name string
	// URL is the trimmed URL ("" for a source keyed by its text).
	URL     string
	Title   string
	Content string
	// Score is the first record's score; nil for a JSON null.
	Score *float64
	// Key says how the source was identified: "url" or "text".
	Key string
}

// sourceAttrs is a typed source row and, with its tags, the JSON of its
// attributes.
type sourceAttrs struct {
	URL        string   `json:"url"`
	Title      string   `json:"title"`
	Score      *float64 `json:"score"`
	Content    string   `json:"content"`
	Key        string   `json:"key"`
	Engines    []string `json:"engines"`
	FoundCount int      `json:"found_count"`
}

// sourceKeys are the keys of sourceAttrs in order.
var sourceKeys = [...]string{"url", "title", "score", "content", "key", "engines", "found_count"}

// AddSource appends a typed source node and returns its graph index. Its
// engine list is empty and its found count 0 until SetSourceTally. Errors
// as AddNode. A non-empty URL is entered in the URL map unless taken.
func (g *Graph) AddSource(s Source) (int, error) {
	v, err := g.addNode(s.ID, TypeSource, s.Name, nil, int32(len(g.sources)))
	if err != nil {
		return 0, err
	}
	g.sources = append(g.sources, s.row())
	g.claimURL(s.URL, v)
	return v, nil
}

// row is s as a typed source row, with an empty engine list.
func (s *Source) row() sourceAttrs {
	return sourceAttrs{URL: s.URL, Title: s.Title, Score: s.Score, Content: s.Content, Key: s.Key, Engines: []string{}}
}

// AppendNode and AppendSource are AddNode and AddSource without their
// checks: the bulk path for a builder whose ids are unique by
// construction. They append the node's columns and return its graph
// index, leaving the id and URL maps to be brought up to date on their
// next use (Lookup, SourceByURL, Node, AddNode, AddEdge, …), with one map
// insertion per node then instead of two look-ups and two insertions now.
// A duplicate id is not detected (Lookup finds the first node with it).
// Errors: ErrEmptyID, ErrLimit past MaxCount.
func (g *Graph) AppendNode(n *Node) (int, error) {
	return g.appendNode(n.ID, n.Type, n.Name, n.Attrs, -1)
}

// AppendSource: see AppendNode.
func (g *Graph) AppendSource(s Source) (int, error) {
	v, err := g.appendNode(s.ID, TypeSource, s.Name, nil, int32(len(g.sources)))
	if err == nil {
		g.sources = append(g.sources, s.row())
	}
	return v, err
}

func (g *Graph) appendNode(id string, t NodeType, name string, attrs Attributes, row int32) (int, error) {
	if id == "" {
		return 0, ErrEmptyID
	}
	if len(g.ids) >= MaxCount {
		return 0, fmt.Errorf("%w: more than %d nodes", ErrLimit, MaxCount)
	}
	c, err := intern(g.typeCode, &g.typeNames, t, "node types")
	if err != nil {
		return 0, err
	}
	v := len(g.ids)
	g.ids = append(g.ids, id)
	g.types = append(g.types, c)
	g.names = append(g.names, name)
	g.attrs = append(g.attrs, attrs)
	g.srcRow = append(g.srcRow, row)
	g.views, g.checked = nil, nil
	return v, nil
}

// SetSourceTally sets the "engines" list and "found_count" of the typed
// source v (known only once every record is seen). Equal engine lists are
// stored once. It does nothing for a node that is not a typed source.
func (g *Graph) SetSourceTally(v int, engines []string, found int) {
	r := g.srcRow[v]
	if r < 0 {
		return
	}
	g.sources[r].Engines = g.internList(engines)
	g.sources[r].FoundCount = found
}

func (g *Graph) internList(l []string) []string {
	k := strings.Join(l, "\x00")
	if i, ok := g.listCode[k]; ok && slices.Equal(g.lists[i], l) {
		return g.lists[i]
	}
	c := slices.Clone(l)
	if c == nil {
		c = []string{}
	}
	g.listCode[k] = int32(len(g.lists))
	g.lists = append(g.lists, c)
	return c
}

// SourceByURL returns the source node with the given (trimmed) URL: the
// first one added with it.
func (g *Graph) SourceByURL(url string) (int, bool) {
	g.index()
	v, ok := g.byURL[url]
	return int(v), ok
}

// Record is one search record on a found edge: which record of the
// paragraph's search_history (Index), its score and timestamp, and its
// title and content when they differ from the source node's (the same URL
// can come back with another snippet), so no record loses anything. With
// its tags it is the JSON of one element of the edge's "records" attribute.
type Record struct {
	Index     int      `json:"index"`
	Score     *float64 `json:"score"`
	Timestamp string   `json:"timestamp"`
	Title     *string  `json:"title,omitempty"`
	Content   *string  `json:"content,omitempty"`
}

// AddEdge appends e, checked: both endpoints must exist (else
// ErrNodeNotFound, naming the id) and the ordered pair (From, To) must be
// new (else ErrDuplicateEdge). A zero Weight is stored as 1.0. An edge
// whose Attrs is exactly {"records": [...]} with Record-shaped elements
// is stored as typed records.
func (g *Graph) AddEdge(e Edge) error {
	g.index()
	fi, ok1 := g.byID[e.From]
	ti, ok2 := g.byID[e.To]
	if !ok1 || !ok2 {
		missing := e.From
		if ok1 {
			missing = e.To
		}
		return fmt.Errorf("%w: edge %s -> %s: no node %q", ErrNodeNotFound, e.From, e.To, missing)
	}
	g.indexPairs()
	key := pairKey(fi, ti)
	if _, dup := g.pairs[key]; dup {
		return fmt.Errorf("%w: %s -> %s", ErrDuplicateEdge, e.From, e.To)
	}
	recs, typed := recordsOf(e.Attrs)
	attrs := e.Attrs
	if typed {
		attrs = nil
	}
	if err := g.appendEdge(fi, ti, e.Relation, e.Weight, attrs, recs); err != nil {
		return err
	}
	g.pairs[key] = int32(len(g.ends) - 1)
	g.paired = len(g.ends)
	return nil
}

// takeEdges makes the edges of ge, a graph without nodes whose edge ends
// are indexes of g's nodes (checked by the caller), g's edges, in place of
// g's (which has none): the column reader reads them on another core.
func (g *Graph) takeEdges(ge *Graph) {
	g.ends, g.rels, g.weights, g.eattrs = ge.ends, ge.rels, ge.weights, ge.eattrs
	g.recOff, g.recs = ge.recOff, ge.recs
	g.relNames, g.relCode = ge.relNames, ge.relCode
	g.pairs, g.paired, g.views, g.checked = nil, 0, nil, nil
}

func pairKey(a, b int32) uint64 { return uint64(uint32(a))<<32 | uint64(uint32(b)) }

// indexPairs brings the (from, to) map up to date with edges added
// unchecked (Link, AddFound), so that AddEdge still refuses duplicates of
// them. Building a graph with Link alone never pays for the map.
func (g *Graph) indexPairs() {
	if g.pairs == nil {
		g.pairs = make(map[uint64]int32, len(g.ends))
	}
	for i := g.paired; i < len(g.ends); i++ {
		k := pairKey(g.ends[i][0], g.ends[i][1])
		if _, ok := g.pairs[k]; !ok {
			g.pairs[k] = int32(i)
		}
	}
	g.paired = len(g.ends)
}

// Link appends the edge from → to (graph indexes) with weight 1 and no
// attributes, without the duplicate check of AddEdge: the bulk path for
// builders whose edges are unique by construction. Indexes must be in
// range (else ErrNodeNotFound); ErrLimit past MaxCount.
func (g *Graph) Link(from, to int, rel Relation) error {
	if err := g.checkEnds(from, to); err != nil {
		return err
	}
	return g.appendEdge(int32(from), int32(to), rel, 1, nil, nil)
}

// AddFound appends a found edge query → source (graph indexes) carrying
// the given search records (copied into the graph's record column),
// unchecked like Link.
func (g *Graph) AddFound(query, source int, recs []Record) error {
	if err := g.checkEnds(query, source); err != nil {
		return err
	}
	return g.appendEdge(int32(query), int32(source), RelFound, 1, nil, recs)
}

func (g *Graph) checkEnds(from, to int) error {
	if from < 0 || from >= len(g.ids) || to < 0 || to >= len(g.ids) {
		return fmt.Errorf("%w: edge %d -> %d: index out of range [0, %d)", ErrNodeNotFound, from, to, len(g.ids))
	}
	return nil
}

func (g *Graph) appendEdge(from, to int32, rel Relation, w float64, attrs Attributes, recs []Record) error {
	if len(g.ends) >= MaxCount || len(g.recs)+len(recs) > MaxCount {
		return fmt.Errorf("%w: more than %d edges or records", ErrLimit, MaxCount)
	}
	c, err := intern(g.relCode, &g.relNames, rel, "relations")
	if err != nil {
		return err
	}
	if w == 0 {
		w = 1
	}
	i := len(g.ends)
	if w != 1 && g.weights == nil {
		g.weights = make([]float64, i, cap(g.ends))
		for k := range g.weights {
			g.weights[k] = 1
		}
	}
	if g.weights != nil {
		g.weights = append(g.weights, w)
	}
	if attrs != nil && g.eattrs == nil {
		g.eattrs = make([]Attributes, i, cap(g.ends))
	}
	if g.eattrs != nil {
		g.eattrs = append(g.eattrs, attrs)
	}
	g.ends = append(g.ends, [2]int32{from, to})
	g.rels = append(g.rels, c)
	g.recs = append(g.recs, recs...)
	g.recOff = append(g.recOff, int32(len(g.recs)))
	g.views, g.checked = nil, nil
	return nil
}

// recordsOf returns the records of attributes that are exactly
// {"records": [...]} with every element a Record-shaped object (what
// EdgeAt gives for a typed found edge, and what a file holds).
func recordsOf(a Attributes) ([]Record, bool) {
	if len(a) != 1 || a[0].Key != "records" {
		return nil, false
	}
	list, ok := a[0].Value.([]any)
	if !ok || len(list) == 0 {
		return nil, false
	}
	out := make([]Record, len(list))
	for i, el := range list {
		r, ok := recordOf(el)
		if !ok {
			return nil, false
		}
		out[i] = r
	}
	return out, true
}

// recordOf converts one decoded record object, accepting only the exact
// shape Record writes (so that writing it back gives the same JSON).
func recordOf(el any) (Record, bool) {
	obj, ok := el.(Attributes)
	if !ok || len(obj) < 3 || len(obj) > 5 || obj[0].Key != "index" || obj[1].Key != "score" || obj[2].Key != "timestamp" {
		return Record{}, false
	}
	var r Record
	idx, ok := canonicalInt(obj[0].Value)
	if !ok || idx < math.MinInt32 || idx > math.MaxInt32 {
		return Record{}, false
	}
	r.Index = int(idx)
	if r.Score, ok = scoreOf(obj[1].Value); !ok {
		return Record{}, false
	}
	if r.Timestamp, ok = obj[2].Value.(string); !ok {
		return Record{}, false
	}
	rest := obj[3:]
	for _, opt := range [...]struct {
		key string
		to  **string
	}{{"title", &r.Title}, {"content", &r.Content}} {
		if len(rest) > 0 && rest[0].Key == opt.key {
			s, ok := rest[0].Value.(string)
			if !ok {
				return Record{}, false
			}
			*opt.to, rest = &s, rest[1:]
		}
	}
	return r, len(rest) == 0
}

// canonicalInt reads a decoded number literal written as an int is
// written back.
func canonicalInt(v any) (int64, bool) {
	n, ok := v.(json.Number)
	if !ok {
		return 0, false
	}
	i, err := strconv.ParseInt(string(n), 10, 64)
	return i, err == nil && strconv.FormatInt(i, 10) == string(n)
}

// scoreOf reads a decoded score: null (nil), or a number literal that
// the encoder writes back as the same text.
func scoreOf(v any) (*float64, bool) {
	switch x := v.(type) {
	case nil:
		return nil, true
	case json.Number:
		f, ok := canonicalFloat(x)
		return &f, ok
	}
	return nil, false
}

// canonicalFloat parses a number literal that the encoder writes back as
// the same text.
func canonicalFloat(n json.Number) (float64, bool) {
	f, err := n.Float64()
	if err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
		return 0, false
	}
	written, _ := appendValue(nil, f) // as the encoder writes f
	return f, string(written) == string(n)
}
