package graphrag

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
)

// NodeType is the kind of a node. The five types the builder writes are the
// constants below; a graph read from another tool may hold other types, which
// are kept as they are.
type NodeType string

// Node types, as in §3.1 of the BettaFish reference.
const (
	TypeTopic       NodeType = "topic"        // the report topic; one per graph
	TypeEngine      NodeType = "engine"       // a research engine (query, media, insight) or the forum host
	TypeSection     NodeType = "section"      // a paragraph of an engine's research, or a host speech
	TypeSearchQuery NodeType = "search_query" // one distinct query text of a section
	TypeSource      NodeType = "source"       // a search result: a web page or a post
)

// nodeTypes is the one list of the builder node types, in graph order.
var nodeTypes = [...]NodeType{TypeTopic, TypeEngine, TypeSection, TypeSearchQuery, TypeSource}

// NodeTypes returns the five builder node types in graph order (topic,
// engine, section, search_query, source). The slice is new on every call:
// changing it changes nothing else.
func NodeTypes() []NodeType { return append([]NodeType(nil), nodeTypes[:]...) }

// Relation is the kind of an edge.
type Relation string

// Edge relations, as in §3.1 of the BettaFish reference. Edges point down the
// hierarchy topic → engine → section → search_query → source.
const (
	RelAnalyzedBy Relation = "analyzed_by" // topic → engine
	RelContains   Relation = "contains"    // engine → section
	RelSearched   Relation = "searched"    // section → search_query
	RelFound      Relation = "found"       // search_query → source
)

// relations is the one list of the builder relations, in graph order.
var relations = [...]Relation{RelAnalyzedBy, RelContains, RelSearched, RelFound}

// Relations returns the four builder relations in graph order (analyzed_by,
// contains, searched, found). The slice is new on every call.
func Relations() []Relation { return append([]Relation(nil), relations[:]...) }

// Node is one vertex. ID is unique within a graph; Name is the display label
// (the "name"/"label" of the file format).
type Node struct {
	ID    string
	Type  NodeType
	Name  string
	Attrs Attributes
}

// Edge is one directed edge between two node ids. A graph holds at most one
// edge per ordered (From, To) pair.
type Edge struct {
	From     string
	To       string
	Relation Relation
	Weight   float64
	Attrs    Attributes
}

// Errors returned by Graph methods; test with errors.Is.
var (
	ErrDuplicateNode = errors.New("graphrag: duplicate node id")
	ErrNodeNotFound  = errors.New("graphrag: node not found")
	ErrDuplicateEdge = errors.New("graphrag: duplicate edge")
	ErrEmptyID       = errors.New("graphrag: empty node id")
	// ErrLimit is wrapped when a graph would exceed a limit of its storage
	// (MaxCount nodes, edges, records, node types or relations). ReadJSON
	// reports it as bad input (wrapping ErrFormat too).
	ErrLimit = errors.New("graphrag: graph too large")
)

// MaxCount is the limit of every count of a graph's storage: nodes,
// edges, search records, distinct node types and distinct relations are
// indexed by int32/uint32. Checked by every method that adds to a graph
// (and so by ReadJSON, where input enters); a file past it is refused, not
// truncated. (Any number of node types up to it is fine: a file with more
// than 65 535 types, which once made the query engine panic, loads.)
const MaxCount = math.MaxInt32

const maxCount = MaxCount

// Graph is a directed graph of nodes and edges kept in insertion order. A
// node's graph index (0 ≤ v < NodeCount) is its insertion position; the
// accessors (ID, Type, Name, String, Attrs, …) read by index.
//
// Storage is typed columns rather than one object per node:
//
//   - per node: id, 32-bit type code, name, and either a generic ordered
//     Attributes list (topic, engine, section, search_query nodes and any
//     node of another tool) or a row of the typed source table (url, title,
//     content, score, key, engine list, found count: a source as the
//     builder writes it, see Source);
//   - per edge: the (from, to) index pair, a 32-bit relation code, and
//     either the edge's search records (found edges, in one Record slice
//     shared by all edges) or generic attributes; weights are stored only
//     once one differs from 1;
//   - one URL map (SourceByURL) and one id map (Lookup), brought up to
//     date on first use after AppendSource (the bulk path, which does not
//     touch them).
//
// Strings are not copied: built graphs share the state parser's strings,
// graphs read by ReadJSON point into the one buffer the file was read into.
// A Graph is not safe for concurrent mutation; concurrent reads (and
// traversals) are safe once building is done.
type Graph struct {
	// TaskID is the report id the graph belongs to ("task_id" in the file).
	TaskID string
	// CreatedAt is the creation time as written in the file (RFC 3339 for
	// graphs we build; other tools write a local ISO time without a zone).
	CreatedAt string
	// Meta holds extra top-level keys of the file (for graphs we build: the
	// build inputs and warnings). Written after "stats".
	Meta Attributes

	ids     []string
	types   []uint32
	names   []string
	attrs   []Attributes // generic attributes; nil for typed sources
	srcRow  []int32      // row in sources, or -1
	sources []sourceAttrs
	byID    map[string]int32
	byURL   map[string]int32
	// indexed is how many nodes byID and byURL cover; nodes past it were
	// appended by AppendSource. indexMu serialises bringing them up to
	// date (lookups may start concurrently).
	indexed atomic.Int32
	indexMu sync.Mutex
	hint    int // NewWithCapacity's node count, for sizing the maps

	typeNames []NodeType
	typeCode  map[NodeType]uint32
	relNames  []Relation
	relCode   map[Relation]uint32
	lists     [][]string       // interned engine lists of typed sources
	listCode  map[string]int32 // joined list → index in lists

	ends    [][2]int32
	rels    []uint32
	weights []float64    // nil while every weight is 1
	eattrs  []Attributes // nil while no edge has generic attributes
	recOff  []int32      // records of edge i: recs[recOff[i]:recOff[i+1]]
	recs    []Record
	pairs   map[uint64]int32 // (from, to) → edge, for edges[:paired]
	paired  int

	views   *views     // traversal views, built on first use; nil after a change
	viewsMu sync.Mutex // guards views and checked (traversals may start concurrently)
	// checked is the outcome of CheckColumns; nil after a change.
	checked *error
}

// New returns an empty graph.
func New() *Graph { return NewWithCapacity(0, 0) }

// NewWithCapacity returns an empty graph with room for about nodes nodes
// (sources included) and edges edges (and as many search records), so that
// building a large graph does not regrow its columns: Go grows a large
// slice by a quarter at a time, so an unsized column allocates about five
// times its final size on the way. The hints are not limits.
func NewWithCapacity(nodes, edges int) *Graph {
	nodes, edges = max(nodes, 0), max(edges, 0)
	return &Graph{
		ids:      make([]string, 0, nodes),
		types:    make([]uint32, 0, nodes),
		names:    make([]string, 0, nodes),
		attrs:    make([]Attributes, 0, nodes),
		srcRow:   make([]int32, 0, nodes),
		sources:  make([]sourceAttrs, 0, nodes),
		hint:     nodes,
		typeCode: map[NodeType]uint32{},
		relCode:  map[Relation]uint32{},
		listCode: map[string]int32{},
		ends:     make([][2]int32, 0, edges),
		rels:     make([]uint32, 0, edges),
		recOff:   append(make([]int32, 0, edges+1), 0),
		recs:     make([]Record, 0, edges),
	}
}

func (g *Graph) typeOf(t NodeType) (uint32, error) {
	return intern(g.typeCode, &g.typeNames, t, "node types")
}

func (g *Graph) relOf(r Relation) (uint32, error) {
	return intern(g.relCode, &g.relNames, r, "relations")
}

// intern returns the code of name, giving it the next code on first sight;
// more than maxCount distinct names is ErrLimit.
func intern[T ~string](codes map[T]uint32, names *[]T, name T, what string) (uint32, error) {
	if c, ok := codes[name]; ok {
		return c, nil
	}
	if len(*names) >= maxCount {
		return 0, fmt.Errorf("%w: more than %d %s", ErrLimit, maxCount, what)
	}
	c := uint32(len(*names))
	codes[name] = c
	*names = append(*names, name)
	return c, nil
}

// addNode appends the columns common to every node, checked.
func (g *Graph) addNode(id string, t NodeType, name string, attrs Attributes, row int32) (int, error) {
	if id == "" {
		return 0, ErrEmptyID
	}
	g.index()
	g.sizeMaps()
	if _, ok := g.byID[id]; ok {
		return 0, fmt.Errorf("%w: %q", ErrDuplicateNode, id)
	}
	v, err := g.appendNode(id, t, name, attrs, row)
	if err != nil {
		return 0, err
	}
	g.byID[id] = int32(v)
	g.indexed.Store(int32(len(g.ids)))
	return v, nil
}

// sizeMaps makes the id and URL maps on first use, sized for the
// capacity hint (or the nodes present).
func (g *Graph) sizeMaps() {
	if g.byID == nil {
		n := max(g.hint, len(g.ids))
		g.byID = make(map[string]int32, n)
		g.byURL = make(map[string]int32, n)
	}
}

// index brings the id and URL maps up to date with the nodes appended by
// AppendSource. The first source with a URL keeps it, as in AddSource.
func (g *Graph) index() {
	if int(g.indexed.Load()) == len(g.ids) {
		return
	}
	g.indexMu.Lock()
	defer g.indexMu.Unlock()
	from := int(g.indexed.Load())
	if from == len(g.ids) {
		return
	}
	g.sizeMaps()
	srcType, hasSources := g.typeCode[TypeSource]
	for v := from; v < len(g.ids); v++ {
		if _, taken := g.byID[g.ids[v]]; !taken {
			g.byID[g.ids[v]] = int32(v)
		}
		if !hasSources || g.types[v] != srcType {
			continue
		}
		u := ""
		if r := g.srcRow[v]; r >= 0 {
			u = g.sources[r].URL
		} else {
			u = g.attrs[v].String("url")
		}
		if u != "" {
			if _, taken := g.byURL[u]; !taken {
				g.byURL[u] = int32(v)
			}
		}
	}
	g.indexed.Store(int32(len(g.ids)))
}

// AddNode appends a copy of n (the graph keeps no reference to n; its
// Attrs list is shared, so do not change it afterwards). It returns
// ErrEmptyID for an empty id, ErrDuplicateNode (wrapped, naming the id)
// when the id is taken and ErrLimit past MaxCount; the graph is
// unchanged then. A source node whose string "url" attribute is non-empty
// is entered in the URL map (SourceByURL) unless the URL is taken.
func (g *Graph) AddNode(n *Node) error {
	v, err := g.addNode(n.ID, n.Type, n.Name, n.Attrs, -1)
	if err != nil {
		return err
	}
	if n.Type == TypeSource {
		if u := n.Attrs.String("url"); u != "" {
			if _, taken := g.byURL[u]; !taken {
				g.byURL[u] = int32(v)
			}
		}
	}
	return nil
}

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
	row := int32(len(g.sources))
	v, err := g.addNode(s.ID, TypeSource, s.Name, nil, row)
	if err != nil {
		return 0, err
	}
	g.sources = append(g.sources, sourceAttrs{URL: s.URL, Title: s.Title, Score: s.Score, Content: s.Content, Key: s.Key, Engines: []string{}})
	if s.URL != "" {
		if _, taken := g.byURL[s.URL]; !taken {
			g.byURL[s.URL] = int32(v)
		}
	}
	return v, nil
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
		g.sources = append(g.sources, sourceAttrs{URL: s.URL, Title: s.Title, Score: s.Score, Content: s.Content, Key: s.Key, Engines: []string{}})
	}
	return v, err
}

func (g *Graph) appendNode(id string, t NodeType, name string, attrs Attributes, row int32) (int, error) {
	if id == "" {
		return 0, ErrEmptyID
	}
	if len(g.ids) >= maxCount {
		return 0, fmt.Errorf("%w: more than %d nodes", ErrLimit, maxCount)
	}
	c, err := g.typeOf(t)
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
	var err error
	if typed {
		err = g.appendEdge(fi, ti, e.Relation, e.Weight, nil, recs)
	} else {
		err = g.appendEdge(fi, ti, e.Relation, e.Weight, e.Attrs, nil)
	}
	if err != nil {
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
	if len(g.ends) >= maxCount || len(g.recs)+len(recs) > maxCount {
		return fmt.Errorf("%w: more than %d edges or records", ErrLimit, maxCount)
	}
	c, err := g.relOf(rel)
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
	n, ok := obj[0].Value.(json.Number)
	if !ok || !isCanonicalInt(string(n)) {
		return Record{}, false
	}
	idx, err := n.Int64()
	if err != nil || idx < math.MinInt32 || idx > math.MaxInt32 {
		return Record{}, false
	}
	r.Index = int(idx)
	switch s := obj[1].Value.(type) {
	case nil:
	case json.Number:
		f, ok := canonicalFloat(s)
		if !ok {
			return Record{}, false
		}
		r.Score = &f
	default:
		return Record{}, false
	}
	if r.Timestamp, ok = obj[2].Value.(string); !ok {
		return Record{}, false
	}
	rest := obj[3:]
	if len(rest) > 0 && rest[0].Key == "title" {
		s, ok := rest[0].Value.(string)
		if !ok {
			return Record{}, false
		}
		r.Title = &s
		rest = rest[1:]
	}
	if len(rest) > 0 && rest[0].Key == "content" {
		s, ok := rest[0].Value.(string)
		if !ok {
			return Record{}, false
		}
		r.Content = &s
		rest = rest[1:]
	}
	return r, len(rest) == 0
}

// isCanonicalInt: the number literal is how an int is written back.
func isCanonicalInt(s string) bool {
	n, err := strconv.ParseInt(s, 10, 64)
	return err == nil && strconv.FormatInt(n, 10) == s
}

// canonicalFloat parses a number literal that the encoder writes back as
// the same text.
func canonicalFloat(n json.Number) (float64, bool) {
	f, err := n.Float64()
	if err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
		return 0, false
	}
	if formatNumber(f) != string(n) {
		return 0, false
	}
	return f, true
}

// Lookup returns the graph index of the node with the given id.
func (g *Graph) Lookup(id string) (int, bool) {
	g.index()
	v, ok := g.byID[id]
	return int(v), ok
}

// Index is Lookup (kept for callers of the earlier API).
func (g *Graph) Index(id string) (int, bool) { return g.Lookup(id) }

// Node returns a copy of the node with the given id (see NodeAt).
func (g *Graph) Node(id string) (*Node, bool) {
	g.index()
	v, ok := g.byID[id]
	if !ok {
		return nil, false
	}
	n := g.NodeAt(int(v))
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
	switch key {
	case "url":
		return s.URL, true
	case "title":
		return s.Title, true
	case "content":
		return s.Content, true
	case "key":
		return s.Key, true
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
		s := &g.sources[r]
		switch key {
		case "url":
			return s.URL
		case "title":
			return s.Title
		case "content":
			return s.Content
		case "key":
			return s.Key
		}
		return ""
	}
	return g.attrs[v].String(key)
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

// Stats counts nodes and edges.
type Stats struct {
	TotalNodes int
	TotalEdges int
	// ByType counts nodes per type; types with no node are absent.
	ByType map[NodeType]int
	// ByRelation counts edges per relation; relations with no edge are absent.
	ByRelation map[Relation]int
}

// Stats returns the node and edge counts.
func (g *Graph) Stats() Stats {
	s := Stats{TotalNodes: g.NodeCount(), TotalEdges: g.EdgeCount(), ByType: map[NodeType]int{}, ByRelation: map[Relation]int{}}
	// Counted by code, then by name: one map update per type instead of
	// one per node (Stats runs on every save).
	nt := make([]int, len(g.typeNames))
	for _, c := range g.types {
		nt[c]++
	}
	for c, n := range nt {
		if n > 0 {
			s.ByType[g.typeNames[c]] += n
		}
	}
	nr := make([]int, len(g.relNames))
	for _, c := range g.rels {
		nr[c]++
	}
	for c, n := range nr {
		if n > 0 {
			s.ByRelation[g.relNames[c]] += n
		}
	}
	return s
}

// SortedTypes returns the node types present in s: the builder types first
// in NodeTypes order, then any other type by name.
func (s Stats) SortedTypes() []NodeType { return presentInOrder(nodeTypes[:], s.ByType) }

// SortedRelations returns the relations present in s: the builder relations
// first in Relations order, then any other by name.
func (s Stats) SortedRelations() []Relation { return presentInOrder(relations[:], s.ByRelation) }

// presentInOrder lists the keys of counts with a count above zero: those in
// known first, in that order, then the others sorted.
func presentInOrder[K ~string](known []K, counts map[K]int) []K {
	var out []K
	for _, k := range known {
		if counts[k] > 0 {
			out = append(out, k)
		}
	}
	var rest []K
	for k, n := range counts {
		if n > 0 && !slices.Contains(known, k) {
			rest = append(rest, k)
		}
	}
	slices.Sort(rest)
	return append(out, rest...)
}

// Roots returns the ids of the nodes without incoming edges, in graph order
// (for a built graph: the topic).
func (g *Graph) Roots() []string {
	hasIn := make([]bool, len(g.ids))
	for _, e := range g.ends {
		hasIn[e[1]] = true
	}
	var out []string
	for i, id := range g.ids {
		if !hasIn[i] {
			out = append(out, id)
		}
	}
	return out
}

// Derived holds the fields of a node that the file does not store because
// they follow from what it does store. Front ends want them (the BettaFish
// viewer reads label and, for sources, the preview); the server adds them
// to its JSON.
type Derived struct {
	// Label is the node's display label: its name, or its id when the name
	// is empty ("label" in the BettaFish file and web API).
	Label string
	// Preview is, for a node with a string "content" attribute, its first
	// PreviewRunes runes (the "preview" of a source in the BettaFish
	// format; there content is first cut to 200 characters, here it is
	// kept whole); "" for other nodes. A node that has its own string
	// "preview" attribute (a file of another tool) keeps that one.
	Preview string
}

// PreviewRunes is the length of Derived.Preview in runes, as the
// reference's "preview" (content[:100]).
const PreviewRunes = 100

// DerivedOf returns the derived fields of node v.
func (g *Graph) DerivedOf(v int) Derived {
	d := Derived{Label: g.Name(v)}
	if d.Label == "" {
		d.Label = g.ID(v)
	}
	if p, ok := g.Attr(v, "preview"); ok {
		d.Preview, _ = p.(string)
	} else {
		d.Preview = TruncateRunes(g.String(v, "content"), PreviewRunes)
	}
	return d
}

// SetAttr stores val under key in the attributes of node v (replacing an
// existing value in place, else appending), for builders that learn a
// value after adding the node. It returns ErrTypedNode for a typed source
// (use SetSourceTally).
func (g *Graph) SetAttr(v int, key string, val any) error {
	if g.srcRow[v] >= 0 {
		return ErrTypedNode
	}
	a := g.attrs[v].Clone()
	a.Set(key, val)
	g.attrs[v] = a
	return nil
}

// ErrTypedNode is returned by SetAttr for a node stored in typed columns.
var ErrTypedNode = errors.New("graphrag: attributes of a typed source are set through SetSourceTally")

// Nodes returns a copy of every node in graph order (NodeAt for each). It
// allocates the attribute lists of typed sources on every call: for tests,
// small graphs and one-off dumps; code that runs per request or over a
// large graph reads by index instead.
func (g *Graph) Nodes() []Node {
	out := make([]Node, g.NodeCount())
	for v := range out {
		out[v] = g.NodeAt(v)
	}
	return out
}

// Edges returns a copy of every edge in graph order (EdgeAt for each), with
// the same cost warning as Nodes.
func (g *Graph) Edges() []Edge {
	out := make([]Edge, g.EdgeCount())
	for i := range out {
		out[i] = g.EdgeAt(i)
	}
	return out
}

// SourceNameRunes is the length in runes of a source's name as the
// builder makes it and SourceName derives it ("title[:50] or url[:50]" in
// the BettaFish reference, §3.1).
const SourceNameRunes = 50

// SourceName is a source's name derived from its attributes: the first of
// its title, url and content that is not blank (else "(untitled)"),
// trimmed of white space and cut to SourceNameRunes runes. It is the
// builder's rule; a format 3 file left out the "name" of a typed source
// whose name is this, and the readers give it back (format 4 stores it).
func SourceName(title, url, content string) string {
	// Each field is trimmed once: the builder names every record's
	// source with this and the writers check every source's name with it.
	name := strings.TrimSpace(title)
	if name == "" {
		switch {
		case url != "":
			name = strings.TrimSpace(url) // "" for a blank URL, as before
		default:
			if name = strings.TrimSpace(content); name == "" {
				name = "(untitled)"
			}
		}
	}
	return TruncateRunes(name, SourceNameRunes)
}

// SummaryRunes is the length in runes of a section's "summary" attribute
// as the builder makes it and SectionSummary derives it (the BettaFish
// reference's "latest_summary or else content, cut to 300", §2.2).
const SummaryRunes = 300

// SectionSummary is a section's summary derived from its attributes: its
// latest summary, or its content when that is empty, cut to SummaryRunes
// runes. A format 3 or 4 file leaves out a section's "summary" when it is this
// (see WriteJSONContext), and the readers give it back.
func SectionSummary(latestSummary, content string) string {
	if latestSummary == "" {
		latestSummary = content
	}
	return TruncateRunes(latestSummary, SummaryRunes)
}

// summaryAt returns the position of a section's "summary" attribute when
// a file may leave it out: it is the one "summary", a string equal to
// SectionSummary of the (one) "latest_summary" and "content", in valid
// UTF-8, right before "content" (where the readers put it back); else -1.
func summaryAt(a Attributes) int {
	at, counts := -1, [3]int{}
	for i := range a {
		switch a[i].Key {
		case "summary":
			at = i
			counts[0]++
		case "content":
			counts[1]++
		case "latest_summary":
			counts[2]++
		}
	}
	if counts[0] != 1 || counts[1] != 1 || counts[2] > 1 || at+1 >= len(a) || a[at+1].Key != "content" {
		return -1
	}
	s, ok := a[at].Value.(string)
	if _, isText := a[at+1].Value.(string); !ok || !isText || s != SectionSummary(a.String("latest_summary"), a.String("content")) || !ValidUTF8(s) {
		return -1
	}
	return at
}

// sectionOut returns the attributes of section a as a format 4 file
// stores them: without the summary when summaryAt allows it; keep is true
// when the readers must not derive a summary (a has a string content and
// no summary: the file then marks the node "derive": false).
func sectionOut(a Attributes) (out Attributes, keep bool) {
	if i := summaryAt(a); i >= 0 {
		out = make(Attributes, 0, len(a)-1)
		return append(append(out, a[:i]...), a[i+1:]...), false
	}
	return a, wantsSummary(a)
}

// wantsSummary reports whether a reader of a format 3 file derives a
// summary for section attributes a: they have a string "content" and no
// "summary".
func wantsSummary(a Attributes) bool {
	if _, ok := a.Get("summary"); ok {
		return false
	}
	v, _ := a.Get("content")
	_, ok := v.(string)
	return ok
}

// withSummary gives section attributes a read from a format 3 file their
// derived summary, right before "content" (when wantsSummary). a is not
// changed: the result is a new list.
func withSummary(a Attributes) Attributes {
	if !wantsSummary(a) {
		return a
	}
	out := make(Attributes, 0, len(a)+1)
	for i := range a {
		if a[i].Key == "content" {
			out = append(out, Attr{Key: "summary", Value: SectionSummary(a.String("latest_summary"), a.String("content"))})
			out = append(out, a[i:]...)
			break
		}
		out = append(out, a[i])
	}
	return out
}
