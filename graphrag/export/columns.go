package export

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"

	"reportengine/graphrag"
)

// ErrExport is wrapped by the writers for a graph they cannot write (a
// value that is not finite, an engine name holding every array delimiter).
var ErrExport = errors.New("export: cannot export graph")

// Kind is the type an attribute column is declared with: the common
// scalar types of GraphML, GEXF and Neo4j's import.
type Kind int

// Column kinds, from the narrowest: a column whose values are all
// integers is KindLong, numbers KindDouble, booleans KindBool, anything
// else (or a mix) KindString.
const (
	KindString Kind = iota
	KindLong
	KindDouble
	KindBool
)

// typeName is a column kind as GraphML's attr.type, GEXF's attribute type
// and a Neo4j import header spell it.
func typeName(k Kind) string { return [...]string{"string", "long", "double", "boolean"}[k] }

// Column is one attribute column of the nodes or edges: the attribute key
// it holds (Key), the name it is written under (Name: Key, or "attr_"+Key
// when Key is one of the columns every node or edge gets), its kind, and
// JSON, true when some values are lists or objects (written as their JSON
// text in a KindString column).
type Column struct {
	Key  string
	Name string
	Kind Kind
	JSON bool
}

// Reserved column names: every node has type, name, label and engines;
// every edge relation and weight.
var (
	nodeReserved = map[string]bool{"type": true, "name": true, "label": true, "engines": true}
	edgeReserved = map[string]bool{"relation": true, "weight": true}
)

// stopped is ctx.Err() at every 4096th row (row 0, 4096, …), else nil:
// how often the writers check their context.
func stopped(ctx context.Context, row int) error {
	if row%4096 != 0 {
		return nil
	}
	return ctx.Err()
}

// kindOf is the kind of one value and whether it is a list or object; ok
// is false for nil (no value).
func kindOf(v any) (k Kind, complex, ok bool) {
	switch x := v.(type) {
	case nil:
		return 0, false, false
	case string:
		return KindString, false, true
	case bool:
		return KindBool, false, true
	case int, int32, int64, uint32:
		return KindLong, false, true
	case float64:
		return KindDouble, false, true
	case json.Number:
		if _, err := strconv.ParseInt(string(x), 10, 64); err == nil {
			return KindLong, false, true
		}
		return KindDouble, false, true
	}
	return KindString, true, true
}

// merge is the kind of a column holding values of kinds a and b.
func merge(a, b Kind) Kind {
	switch {
	case a == b:
		return a
	case (a == KindLong && b == KindDouble) || (a == KindDouble && b == KindLong):
		return KindDouble
	}
	return KindString
}

// columnSet collects columns in the order their keys are first seen.
type columnSet struct {
	reserved map[string]bool
	cols     []Column
	seen     map[string]bool // kind known (a non-nil value seen)
	at       map[string]int
}

func newColumnSet(reserved map[string]bool) *columnSet {
	return &columnSet{reserved: reserved, seen: map[string]bool{}, at: map[string]int{}}
}

func (s *columnSet) add(key string, v any) {
	i, ok := s.at[key]
	if !ok {
		name := key
		if s.reserved[key] {
			name = "attr_" + key
		}
		i = len(s.cols)
		s.at[key] = i
		s.cols = append(s.cols, Column{Key: key, Name: name})
	}
	k, complex, has := kindOf(v)
	if !has {
		return
	}
	c := &s.cols[i]
	if complex {
		c.JSON = true
	}
	if !s.seen[key] {
		c.Kind, s.seen[key] = k, true
		return
	}
	c.Kind = merge(c.Kind, k)
}

// isSourceEngines reports whether attribute key of node v is the engine
// list the engines column already holds (a source's "engines", a list of
// strings).
func isSourceEngines(g *graphrag.Graph, v int, key string) bool {
	return key == "engines" && g.Type(v) == graphrag.TypeSource && g.Strings(v, "engines") != nil
}

// nodeAttrs is Attrs(v) without the engine list the engines column holds.
func nodeAttrs(g *graphrag.Graph, v int) graphrag.Attributes {
	return slices.DeleteFunc(g.Attrs(v), func(kv graphrag.Attr) bool { return isSourceEngines(g, v, kv.Key) })
}

// addNode adds the attributes of node v (nodeAttrs).
func (s *columnSet) addNode(g *graphrag.Graph, v int) {
	for _, kv := range nodeAttrs(g, v) {
		s.add(kv.Key, kv.Value)
	}
}

// addEdge adds the attributes of edge i: a found edge's records as one
// JSON column "records".
func (s *columnSet) addEdge(g *graphrag.Graph, i int) {
	if g.Records(i) != nil {
		s.add("records", []any{})
		return
	}
	for _, kv := range g.EdgeAttrs(i) {
		s.add(kv.Key, kv.Value)
	}
}

// NodeColumns returns the attribute columns of g's nodes besides type,
// name, label and engines, keys in the order first seen in graph order
// (a source's "engines" list is the engines column and has none). ctx is
// checked every few thousand nodes.
func NodeColumns(ctx context.Context, g *graphrag.Graph) ([]Column, error) {
	s := newColumnSet(nodeReserved)
	for v := range g.NodeCount() {
		if err := stopped(ctx, v); err != nil {
			return nil, err
		}
		s.addNode(g, v)
	}
	return s.cols, nil
}

// EdgeColumns returns the attribute columns of g's edges besides relation
// and weight, as NodeColumns (a found edge's "records" is a JSON column).
func EdgeColumns(ctx context.Context, g *graphrag.Graph) ([]Column, error) {
	s := newColumnSet(edgeReserved)
	for i := range g.EdgeCount() {
		if err := stopped(ctx, i); err != nil {
			return nil, err
		}
		s.addEdge(g, i)
	}
	return s.cols, nil
}

// Engines returns the engines of node v: an engine node's name, a
// source's engine list, another node's "engine" attribute (none when it
// has no such string).
func Engines(g *graphrag.Graph, v int) []string {
	switch g.Type(v) {
	case graphrag.TypeEngine:
		return []string{g.Name(v)}
	case graphrag.TypeSource:
		if l := g.Strings(v, "engines"); l != nil {
			return l
		}
	}
	if e := g.String(v, "engine"); e != "" {
		return []string{e}
	}
	return nil
}

// valueText is v as the text of a column of kind k: a string as it is, a
// number in Go's shortest round-trip form, a boolean as true/false, a list
// or object as its JSON text; ok is false for nil. A number that is not
// finite is an error.
func valueText(v any, k Kind) (s string, ok bool, err error) {
	switch x := v.(type) {
	case nil:
		return "", false, nil
	case string:
		return x, true, nil
	case bool:
		return strconv.FormatBool(x), true, nil
	case int:
		return strconv.Itoa(x), true, nil
	case int32:
		return strconv.FormatInt(int64(x), 10), true, nil
	case int64:
		return strconv.FormatInt(x, 10), true, nil
	case uint32:
		return strconv.FormatUint(uint64(x), 10), true, nil
	case float64:
		if math.IsInf(x, 0) || math.IsNaN(x) {
			return "", false, fmt.Errorf("%w: the number %v", ErrExport, x)
		}
		if k == KindLong && x == math.Trunc(x) && math.Abs(x) < 1<<53 {
			return strconv.FormatInt(int64(x), 10), true, nil
		}
		return strconv.FormatFloat(x, 'g', -1, 64), true, nil
	case json.Number:
		return string(x), true, nil
	}
	data, err := json.Marshal(v)
	if err != nil {
		return "", false, fmt.Errorf("%w: %w", ErrExport, err)
	}
	return string(data), true, nil
}
