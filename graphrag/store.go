package graphrag

import (
	"errors"

	dgraph "github.com/dominikbraun/graph"
)

// errRemoveUnsupported is returned by the store for removals: graphs are
// append-only, which keeps insertion indexes stable.
var errRemoveUnsupported = errors.New("graphrag: removing nodes or edges is not supported (graphs are append-only)")

// store is the dominikbraun/graph Store behind Graph: nodes and edges in
// slices (insertion order), an id index and an (from, to) index. The
// library's vertex and edge properties are not kept: ours live on Node and
// Edge.
type store struct {
	nodes   []*Node
	byID    map[string]int32
	edges   []*Edge
	ends    [][2]int32
	edgeIdx map[[2]int32]int32

	// While Graph.AddEdge runs, the library looks the same two ids up three
	// times and the same pair twice; these remember the last answers so
	// each costs one map probe. Only used under adding (never by readers,
	// so concurrent reads stay safe).
	adding   bool
	lastID   [2]string
	lastIdx  [2]int32
	lastPair [2]int32
	pairSeen bool // lastPair was looked up and is absent
}

// index returns the insertion index of id.
func (s *store) index(id string) (int32, bool) {
	if s.adding {
		for k := 0; k < 2; k++ {
			if s.lastID[k] == id && id != "" {
				return s.lastIdx[k], true
			}
		}
	}
	i, ok := s.byID[id]
	if ok && s.adding {
		s.lastID[1], s.lastIdx[1] = s.lastID[0], s.lastIdx[0]
		s.lastID[0], s.lastIdx[0] = id, i
	}
	return i, ok
}

// resetCache forgets the remembered answers.
func (s *store) resetCache() {
	s.lastID = [2]string{}
	s.pairSeen = false
}

var _ dgraph.Store[string, *Node] = (*store)(nil)

func (s *store) AddVertex(hash string, value *Node, _ dgraph.VertexProperties) error {
	if _, ok := s.byID[hash]; ok {
		return dgraph.ErrVertexAlreadyExists
	}
	s.byID[hash] = int32(len(s.nodes))
	s.nodes = append(s.nodes, value)
	return nil
}

func (s *store) Vertex(hash string) (*Node, dgraph.VertexProperties, error) {
	i, ok := s.index(hash)
	if !ok {
		return nil, dgraph.VertexProperties{}, dgraph.ErrVertexNotFound
	}
	return s.nodes[i], dgraph.VertexProperties{}, nil
}

func (s *store) RemoveVertex(string) error { return errRemoveUnsupported }

func (s *store) ListVertices() ([]string, error) {
	out := make([]string, len(s.nodes))
	for i, n := range s.nodes {
		out[i] = n.ID
	}
	return out, nil
}

func (s *store) VertexCount() (int, error) { return len(s.nodes), nil }

func (s *store) AddEdge(sourceHash, targetHash string, edge dgraph.Edge[string]) error {
	fi, ok1 := s.index(sourceHash)
	ti, ok2 := s.index(targetHash)
	if !ok1 || !ok2 {
		return dgraph.ErrVertexNotFound
	}
	key := [2]int32{fi, ti}
	if !(s.adding && s.pairSeen && s.lastPair == key) {
		if _, ok := s.edgeIdx[key]; ok {
			return dgraph.ErrEdgeAlreadyExists
		}
	}
	s.pairSeen = false
	e, ok := edge.Properties.Data.(*Edge)
	if !ok {
		// An edge added through Library(): build ours from the library's
		// properties.
		w := float64(edge.Properties.Weight)
		if w == 0 {
			w = 1
		}
		e = &Edge{Relation: Relation(edge.Properties.Attributes["relation"]), Weight: w}
	}
	e.From, e.To = sourceHash, targetHash
	s.edgeIdx[key] = int32(len(s.edges))
	s.edges = append(s.edges, e)
	s.ends = append(s.ends, key)
	return nil
}

func (s *store) UpdateEdge(sourceHash, targetHash string, edge dgraph.Edge[string]) error {
	i, err := s.edgeIndex(sourceHash, targetHash)
	if err != nil {
		return err
	}
	if e, ok := edge.Properties.Data.(*Edge); ok {
		e.From, e.To = sourceHash, targetHash
		s.edges[i] = e
	}
	return nil
}

func (s *store) RemoveEdge(string, string) error { return errRemoveUnsupported }

func (s *store) edgeIndex(sourceHash, targetHash string) (int32, error) {
	fi, ok1 := s.index(sourceHash)
	ti, ok2 := s.index(targetHash)
	if !ok1 || !ok2 {
		return 0, dgraph.ErrEdgeNotFound
	}
	key := [2]int32{fi, ti}
	i, ok := s.edgeIdx[key]
	if !ok {
		if s.adding {
			s.lastPair, s.pairSeen = key, true
		}
		return 0, dgraph.ErrEdgeNotFound
	}
	return i, nil
}

func (s *store) Edge(sourceHash, targetHash string) (dgraph.Edge[string], error) {
	i, err := s.edgeIndex(sourceHash, targetHash)
	if err != nil {
		return dgraph.Edge[string]{}, err
	}
	return libEdge(s.edges[i]), nil
}

func (s *store) ListEdges() ([]dgraph.Edge[string], error) {
	out := make([]dgraph.Edge[string], len(s.edges))
	for i, e := range s.edges {
		out[i] = libEdge(e)
	}
	return out, nil
}

func libEdge(e *Edge) dgraph.Edge[string] {
	return dgraph.Edge[string]{
		Source: e.From,
		Target: e.To,
		Properties: dgraph.EdgeProperties{
			Attributes: map[string]string{"relation": string(e.Relation)},
			Weight:     int(e.Weight),
			Data:       e,
		},
	}
}
