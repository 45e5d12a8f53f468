package graphrag

import (
	"errors"
	"fmt"
	"slices"

	dgraph "github.com/dominikbraun/graph"
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
)

// Graph is a directed graph of Nodes and Edges kept in insertion order.
//
// The structure is a github.com/dominikbraun/graph directed graph over a
// compact store of our own (see Library): the library checks edge endpoints
// and duplicate edges and provides traversal (BFS/DFS, paths); the store keeps
// nodes and edges in slices, so iteration order is the insertion order, and
// the structure of a 300 000-node graph (ids, indexes, edge lists; the
// attribute values come on top) takes tens of megabytes instead of the
// hundreds the library's map-of-maps store needs.
//
// A Graph is not safe for concurrent mutation; concurrent reads are safe once
// building is done.
type Graph struct {
	// TaskID is the report id the graph belongs to ("task_id" in the file).
	TaskID string
	// CreatedAt is the creation time as written in the file (RFC 3339 for
	// graphs we build; other tools write a local ISO time without a zone).
	CreatedAt string
	// Meta holds extra top-level keys of the file (for graphs we build: the
	// build inputs and warnings). Written after "stats".
	Meta Attributes

	st  *store
	lib dgraph.Graph[string, *Node]

	edgeChunk []Edge // where the next edges are stored
	views     *views // traversal views, built on first use
}

// New returns an empty graph.
func New() *Graph { return NewWithCapacity(0, 0) }

// NewWithCapacity returns an empty graph with room for about nodes nodes
// and edges edges, so that building a large graph does not rehash its
// indexes over and over. The hints are not limits.
func NewWithCapacity(nodes, edges int) *Graph {
	st := &store{
		byID:    make(map[string]int32, nodes),
		edgeIdx: make(map[[2]int32]int32, edges),
		nodes:   make([]*Node, 0, nodes),
		edges:   make([]*Edge, 0, edges),
		ends:    make([][2]int32, 0, edges),
	}
	g := &Graph{st: st, views: &views{}}
	g.lib = dgraph.NewWithStore(func(n *Node) string { return n.ID }, dgraph.Store[string, *Node](st), dgraph.Directed())
	return g
}

// AddNode appends n. It returns ErrEmptyID for an empty id and
// ErrDuplicateNode (wrapped, naming the id) when the id is taken; the graph
// is unchanged then.
func (g *Graph) AddNode(n *Node) error {
	if n.ID == "" {
		return ErrEmptyID
	}
	g.views = &views{}
	if err := g.lib.AddVertex(n); err != nil {
		if errors.Is(err, dgraph.ErrVertexAlreadyExists) {
			return fmt.Errorf("%w: %q", ErrDuplicateNode, n.ID)
		}
		return err
	}
	return nil
}

// AddEdge appends e. Both endpoints must exist (else ErrNodeNotFound, naming
// the id) and the ordered pair (From, To) must be new (else
// ErrDuplicateEdge). A zero Weight is stored as 1.0.
func (g *Graph) AddEdge(e Edge) error {
	if e.Weight == 0 {
		e.Weight = 1.0
	}
	// Edges live in chunks, not one allocation each.
	if len(g.edgeChunk) == 0 {
		g.edgeChunk = make([]Edge, 1024)
	}
	g.views = &views{}
	ep := &g.edgeChunk[0]
	*ep = e
	g.st.adding = true
	err := g.lib.AddEdge(e.From, e.To, dgraph.EdgeData(ep))
	g.st.adding = false
	g.st.resetCache()
	switch {
	case err == nil:
		g.edgeChunk = g.edgeChunk[1:]
		return nil
	case errors.Is(err, dgraph.ErrVertexNotFound):
		missing := e.From
		if _, ok := g.st.byID[e.From]; ok {
			missing = e.To
		}
		return fmt.Errorf("%w: edge %s -> %s: no node %q", ErrNodeNotFound, e.From, e.To, missing)
	case errors.Is(err, dgraph.ErrEdgeAlreadyExists):
		return fmt.Errorf("%w: %s -> %s", ErrDuplicateEdge, e.From, e.To)
	}
	return err
}

// Node returns the node with the given id.
func (g *Graph) Node(id string) (*Node, bool) {
	i, ok := g.st.byID[id]
	if !ok {
		return nil, false
	}
	return g.st.nodes[i], true
}

// Index returns the insertion index of the node with the given id (0-based),
// the position it has in Nodes.
func (g *Graph) Index(id string) (int, bool) {
	i, ok := g.st.byID[id]
	return int(i), ok
}

// Edge returns the edge from → to.
func (g *Graph) Edge(from, to string) (*Edge, bool) {
	fi, ok1 := g.st.byID[from]
	ti, ok2 := g.st.byID[to]
	if !ok1 || !ok2 {
		return nil, false
	}
	ei, ok := g.st.edgeIdx[[2]int32{fi, ti}]
	if !ok {
		return nil, false
	}
	return g.st.edges[ei], true
}

// Nodes returns the nodes in insertion order. The slice is the graph's own:
// do not modify it.
func (g *Graph) Nodes() []*Node { return g.st.nodes }

// Edges returns the edges in insertion order. The slice is the graph's own:
// do not modify it.
func (g *Graph) Edges() []*Edge { return g.st.edges }

// EdgeEnds returns, for every edge in Edges order, the insertion indexes of
// its two endpoints. The slice is the graph's own: do not modify it. It lets
// index builders (the query engine) avoid id lookups.
func (g *Graph) EdgeEnds() [][2]int32 { return g.st.ends }

// NodeCount and EdgeCount return the sizes.
func (g *Graph) NodeCount() int { return len(g.st.nodes) }

// EdgeCount returns the number of edges.
func (g *Graph) EdgeCount() int { return len(g.st.edges) }

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
	for _, n := range g.st.nodes {
		s.ByType[n.Type]++
	}
	for _, e := range g.st.edges {
		s.ByRelation[e.Relation]++
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
	hasIn := make([]bool, len(g.st.nodes))
	for _, e := range g.st.ends {
		hasIn[e[1]] = true
	}
	var out []string
	for i, n := range g.st.nodes {
		if !hasIn[i] {
			out = append(out, n.ID)
		}
	}
	return out
}

// The accessors below read one node or edge by its graph index (0-based
// insertion position, 0 ≤ v < NodeCount, 0 ≤ i < EdgeCount). They are the
// API to code against: unlike Nodes and Edges they do not need a *Node per
// node, so they stay cheap when the storage is typed (sources and found
// edges as columns). An index out of range panics, like a slice index.

// ID returns the id of node v.
func (g *Graph) ID(v int) string { return g.st.nodes[v].ID }

// Type returns the type of node v.
func (g *Graph) Type(v int) NodeType { return g.st.nodes[v].Type }

// Name returns the display name of node v (the file's "name", or "label"
// for files that only have that).
func (g *Graph) Name(v int) string { return g.st.nodes[v].Name }

// Attr returns the attribute key of node v and whether it is present, with
// the value types Attributes documents.
func (g *Graph) Attr(v int, key string) (any, bool) { return g.st.nodes[v].Attrs.Get(key) }

// String returns attribute key of node v when it is a string, else "" (as
// Attributes.String).
func (g *Graph) String(v int, key string) string { return g.st.nodes[v].Attrs.String(key) }

// Strings returns attribute key of node v as a list of strings, or nil (as
// Attributes.Strings).
func (g *Graph) Strings(v int, key string) []string { return g.st.nodes[v].Attrs.Strings(key) }

// Float returns attribute key of node v as a finite number (as
// Attributes.Float).
func (g *Graph) Float(v int, key string) (float64, bool) { return g.st.nodes[v].Attrs.Float(key) }

// Attrs returns a copy of the attributes of node v in their stored order
// (changing it does not change the graph). Derived fields (see Derived) are
// not part of it.
func (g *Graph) Attrs(v int) Attributes { return g.st.nodes[v].Attrs.Clone() }

// NodeAt returns a copy of node v (its Attrs a copy too).
func (g *Graph) NodeAt(v int) Node {
	n := *g.st.nodes[v]
	n.Attrs = n.Attrs.Clone()
	return n
}

// Lookup returns the graph index of the node with the given id.
func (g *Graph) Lookup(id string) (int, bool) { return g.Index(id) }

// EdgeAt returns a copy of edge i.
func (g *Graph) EdgeAt(i int) Edge {
	e := *g.st.edges[i]
	e.Attrs = e.Attrs.Clone()
	return e
}

// Relation returns the relation of edge i.
func (g *Graph) Relation(i int) Relation { return g.st.edges[i].Relation }

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
