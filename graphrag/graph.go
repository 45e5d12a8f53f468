package graphrag

import (
	"errors"
	"fmt"
	"math"
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

// intern returns the code of name, giving it the next code on first sight;
// more than MaxCount distinct names is ErrLimit.
func intern[T ~string](codes map[T]uint32, names *[]T, name T, what string) (uint32, error) {
	if c, ok := codes[name]; ok {
		return c, nil
	}
	if len(*names) >= MaxCount {
		return 0, fmt.Errorf("%w: more than %d %s", ErrLimit, MaxCount, what)
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
		if r := g.srcRow[v]; r >= 0 {
			g.claimURL(g.sources[r].URL, v)
		} else {
			g.claimURL(g.attrs[v].String("url"), v)
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
		g.claimURL(n.Attrs.String("url"), v)
	}
	return nil
}

// claimURL enters source v under url u in the URL map unless u is empty
// or taken.
func (g *Graph) claimURL(u string, v int) {
	if _, taken := g.byURL[u]; u != "" && !taken {
		g.byURL[u] = int32(v)
	}
}
