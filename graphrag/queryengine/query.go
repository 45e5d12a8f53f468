package queryengine

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
	"unicode"

	"reportengine/graphrag"
)

// Default result caps, used when a Query cap is 0 (the reference's values).
const (
	DefaultMaxSections = 15
	DefaultMaxQueries  = 20
	DefaultMaxSources  = 10
)

// DefaultDepth is the depth DecodeQuery uses when "depth" is absent or null
// (the reference API's default). A zero Query has Depth 0: seeds only.
const DefaultDepth = 1

// Errors returned by this package; test with errors.Is.
var (
	// ErrEmptyGraph is returned by Run for a graph with no node (B24b of
	// the field failures): an empty graph is an error, not an empty result.
	ErrEmptyGraph = errors.New("queryengine: knowledge graph is empty")
	// ErrBadQuery is matched (through *QueryError) by every error about the
	// query itself: a wrong JSON type in DecodeQuery, a negative depth or cap.
	ErrBadQuery = errors.New("queryengine: bad query")
)

// QueryError reports one bad query parameter. Key is the parameter's JSON
// name ("depth", "keywords[2]", …); Msg says what was wrong. Its text is
// "queryengine: <key>: <msg>", e.g.
// "queryengine: depth: want an integer, got a string". errors.Is(err,
// ErrBadQuery) is true for every *QueryError.
type QueryError struct {
	Key string
	Msg string
}

// Error returns "queryengine: <Key>: <Msg>".
func (e *QueryError) Error() string { return "queryengine: " + e.Key + ": " + e.Msg }

// Is makes errors.Is(err, ErrBadQuery) true.
func (e *QueryError) Is(target error) bool { return target == ErrBadQuery }

func badQuery(key, format string, args ...any) error {
	return &QueryError{Key: key, Msg: fmt.Sprintf(format, args...)}
}

// Query is one graph query: which nodes seed the result (Keywords, Types,
// Engines), how far to expand from them (Depth), and how many items of each
// kind to return (the caps). The zero Query asks for every section, depth 0,
// default caps.
//
// JSON (MarshalJSON / UnmarshalJSON, the "query_params" of a Result and the
// body DecodeQuery reads) uses the reference API's keys: keywords,
// node_types, engine_filter, depth, max_sections, max_queries, max_sources.
type Query struct {
	// Keywords are free text. Each string is split on white space and on
	// , ， 、 ; ； into terms; empty parts are dropped. A node matches when
	// ANY term is a case-insensitive substring of ANY one of its searchable
	// fields. No term at all means "every section" (see the package doc).
	Keywords []string
	// Types keeps only seeds of these node types; empty = all types. Names
	// that no node has (foreign types included) are kept and simply match
	// nothing. Nodes reached by expansion are not type-filtered.
	Types []graphrag.NodeType
	// Engines keeps only nodes of these engines (exact names: query,
	// media, insight, host, …), for seeds and for expansion; empty = all.
	Engines []string
	// Depth is the number of BFS layers added around the seeds over the
	// undirected graph; 0 = seeds only. Negative is an error.
	Depth int
	// MaxSections, MaxQueries and MaxSources cap the returned lists; 0
	// means the defaults 15, 20 and 10; negative is an error. Totals are
	// counted before the caps.
	MaxSections int
	MaxQueries  int
	MaxSources  int
}

// normalize validates q and fills the default caps.
func (q Query) normalize() (Query, error) {
	if q.Depth < 0 {
		return q, badQuery("depth", "must be >= 0, got %d", q.Depth)
	}
	caps := []struct {
		key string
		v   *int
		def int
	}{
		{"max_sections", &q.MaxSections, DefaultMaxSections},
		{"max_queries", &q.MaxQueries, DefaultMaxQueries},
		{"max_sources", &q.MaxSources, DefaultMaxSources},
	}
	for _, c := range caps {
		switch {
		case *c.v < 0:
			return q, badQuery(c.key, "must be >= 0, got %d", *c.v)
		case *c.v == 0:
			*c.v = c.def
		}
	}
	q.Keywords = append([]string(nil), q.Keywords...)
	q.Types = append([]graphrag.NodeType(nil), q.Types...)
	q.Engines = append([]string(nil), q.Engines...)
	return q, nil
}

// isSeparator reports the runes that split keyword strings into terms.
func isSeparator(r rune) bool {
	switch r {
	case ',', '，', '、', ';', '；':
		return true
	}
	return unicode.IsSpace(r)
}

// Terms returns the lower-cased search terms of keywords, in order and
// without duplicates: each string is split on white space (unicode.IsSpace)
// and on , ， 、 ; ；, empty parts are dropped, and every part is lower-cased
// with strings.ToLower.
func Terms(keywords []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, k := range keywords {
		for _, part := range strings.FieldsFunc(k, isSeparator) {
			t := strings.ToLower(part)
			if !seen[t] {
				seen[t] = true
				out = append(out, t)
			}
		}
	}
	return out
}

// MarshalJSON writes the query in the reference's query_params shape, in a
// fixed key order: keywords (always a list), node_types and engine_filter
// (null when empty = all), depth, then max_sections, max_queries and
// max_sources.
func (q Query) MarshalJSON() ([]byte, error) {
	var buf bytes.Buffer
	kw := q.Keywords
	if kw == nil {
		kw = []string{}
	}
	buf.WriteString(`{"keywords":`)
	writeJSON(&buf, kw)
	for _, f := range [...]struct {
		key string
		n   int
		v   any
	}{{"node_types", len(q.Types), q.Types}, {"engine_filter", len(q.Engines), q.Engines}} {
		buf.WriteString(`,"` + f.key + `":`)
		if f.n == 0 {
			buf.WriteString("null")
		} else {
			writeJSON(&buf, f.v)
		}
	}
	fmt.Fprintf(&buf, `,"depth":%d,"max_sections":%d,"max_queries":%d,"max_sources":%d}`,
		q.Depth, q.MaxSections, q.MaxQueries, q.MaxSources)
	return buf.Bytes(), nil
}

// writeJSON encodes v (strings or string lists) without HTML escaping.
func writeJSON(buf *bytes.Buffer, v any) {
	enc := json.NewEncoder(buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v) // strings and string slices always encode
	buf.Truncate(buf.Len() - 1)
}

// UnmarshalJSON reads a query with the rules of DecodeQuery.
func (q *Query) UnmarshalJSON(data []byte) error {
	d, err := DecodeQuery(data)
	if err != nil {
		return err
	}
	*q = d
	return nil
}

// DecodeQuery reads query parameters sent as JSON by an HTTP client or an
// LLM (a JSON object; unknown keys such as report_id, should_query or
// reasoning are ignored; key names are exact, lower case):
//
//	keywords       array of strings, or one string (kept as one element and
//	               split into terms by Run), or null/absent = none
//	node_types     array of strings, or null/absent = all types
//	engine_filter  array of strings, or null/absent = all engines
//	depth          integer >= 0 (2 and 2.0 are accepted; 1.5, "2", true are
//	               not); null/absent = DefaultDepth (1)
//	max_sections, max_queries, max_sources
//	               integer >= 0; null/absent/0 = the defaults 15/20/10
//
// Any other type is an error naming the key, for example
// "queryengine: depth: want an integer, got a string" or
// "queryengine: keywords[1]: want a string, got a number"; anything but
// JSON whitespace after the object is "queryengine: query: unexpected
// data after the JSON object"; errors match ErrBadQuery. DecodeQuery never
// panics.
func DecodeQuery(data []byte) (Query, error) {
	q := Query{Depth: DefaultDepth}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return Query{}, badQuery("query", "invalid JSON: %v", err)
	}
	// not dec.More(): it reports no more data before a } or ]
	if len(bytes.Trim(data[dec.InputOffset():], " \t\r\n")) > 0 {
		return Query{}, badQuery("query", "unexpected data after the JSON object")
	}
	obj, ok := v.(map[string]any)
	if !ok {
		return Query{}, badQuery("query", "want a JSON object, got %s", describe(v))
	}
	var err error
	if x, ok := obj["keywords"]; ok {
		if s, isStr := x.(string); isStr {
			q.Keywords = []string{s}
		} else if q.Keywords, err = stringList("keywords", x, "a string or an array of strings"); err != nil {
			return Query{}, err
		}
	}
	if x, ok := obj["node_types"]; ok {
		l, err := stringList("node_types", x, "an array of strings or null")
		if err != nil {
			return Query{}, err
		}
		for _, s := range l {
			q.Types = append(q.Types, graphrag.NodeType(s))
		}
	}
	if x, ok := obj["engine_filter"]; ok {
		if q.Engines, err = stringList("engine_filter", x, "an array of strings or null"); err != nil {
			return Query{}, err
		}
	}
	ints := []struct {
		key string
		v   *int
	}{{"depth", &q.Depth}, {"max_sections", &q.MaxSections}, {"max_queries", &q.MaxQueries}, {"max_sources", &q.MaxSources}}
	for _, f := range ints {
		x, ok := obj[f.key]
		if !ok || x == nil {
			continue
		}
		n, err := intValue(f.key, x)
		if err != nil {
			return Query{}, err
		}
		*f.v = n
	}
	return q, nil
}

// stringList accepts null (nil list) or an array whose elements are all
// strings.
func stringList(key string, x any, want string) ([]string, error) {
	if x == nil {
		return nil, nil
	}
	arr, ok := x.([]any)
	if !ok {
		return nil, badQuery(key, "want %s, got %s", want, describe(x))
	}
	out := make([]string, 0, len(arr))
	for i, e := range arr {
		s, ok := e.(string)
		if !ok {
			return nil, badQuery(fmt.Sprintf("%s[%d]", key, i), "want a string, got %s", describe(e))
		}
		out = append(out, s)
	}
	return out, nil
}

// intValue accepts a JSON number with an integral value in [0, MaxInt32].
func intValue(key string, x any) (int, error) {
	num, ok := x.(json.Number)
	if !ok {
		return 0, badQuery(key, "want an integer, got %s", describe(x))
	}
	f, err := num.Float64()
	if err != nil || math.IsInf(f, 0) || f != math.Trunc(f) { // NaN != NaN
		return 0, badQuery(key, "want an integer, got %s", num)
	}
	if f < 0 {
		return 0, badQuery(key, "must be >= 0, got %s", num)
	}
	if f > math.MaxInt32 {
		return 0, badQuery(key, "too large: %s", num)
	}
	return int(f), nil
}

// describe names the JSON type of a decoded value, for error messages.
func describe(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case string:
		return "a string"
	case bool:
		return "a boolean"
	case json.Number, float64:
		return "a number"
	case []any:
		return "an array"
	case map[string]any:
		return "an object"
	}
	return fmt.Sprintf("%T", v)
}

// KnownValues returns the node types and engine names a query on g may
// name: the builder's five types and four engines (query, media, insight,
// host), plus every other type and "engine" attribute the graph holds. The
// query command and the server refuse any other (one pass over the nodes).
func KnownValues(g *graphrag.Graph) (types, engines map[string]bool) {
	types = map[string]bool{}
	for _, t := range append(graphrag.NodeTypes(), g.TypeNames()...) {
		types[string(t)] = true
	}
	engines = map[string]bool{"query": true, "media": true, "insight": true, "host": true}
	for v := range g.NodeCount() {
		if e := g.String(v, "engine"); e != "" {
			engines[e] = true
		}
	}
	return types, engines
}
