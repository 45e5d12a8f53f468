package graphrag

import (
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/bytedance/sonic/ast"
	"github.com/bytedance/sonic/encoder"
)

// LoadReport says what ReadJSON skipped or repaired. Nothing is skipped
// silently: every count has a matching line in Warnings.
type LoadReport struct {
	// DuplicateNodes counts nodes whose id was already taken (the first
	// node with that id is kept).
	DuplicateNodes int
	// DuplicateEdges counts edges whose (from, to) pair was already taken
	// (the first is kept; the reference writer never de-duplicates edges).
	DuplicateEdges int
	// DanglingEdges counts edges with an endpoint that is not a node.
	DanglingEdges int
	// Warnings has one line per skipped item (at most 100; then a count).
	Warnings []string
	// FileBytes and FileCRC32C are the length and CRC-32C (Castagnoli) of
	// the graph file's bytes as read (GraphText.CRC), set by storage's
	// codecs; FileBytes is 0 for a graph not read from a file. A report's
	// run key names the graph by them instead of hashing the file again.
	FileBytes  int64
	FileCRC32C uint32
}

func (r *LoadReport) warn(format string, args ...any) {
	switch {
	case len(r.Warnings) < 100:
		r.Warnings = append(r.Warnings, fmt.Sprintf(format, args...))
	case len(r.Warnings) == 100:
		r.Warnings = append(r.Warnings, "further warnings omitted")
	}
}

// ReadJSON reads a graph file: format 4 as WriteJSON writes it (deriving
// what it leaves out), format 3 (the same without the names of sources
// whose name SourceName derives), format 2 (every source's name and
// section's summary stored), format 1
// (our earlier files, with label/properties/source/target/preview), the
// reference writer's files, and the reference web API's
// `{"success":…, "graph":{…}}` envelope: name or label, attributes or
// properties, from or source, to or target, type or group, relation or
// label, ids as strings or numbers. Unknown top-level keys are kept in Meta
// (except "stats", which is recomputed, and the envelope's own keys). Other
// keys of a node (a flat node such as {"id","type","title","content"})
// become attributes unless the attributes already have them; in the web
// API's envelope they are view fields (the tooltip "title") and are
// ignored. Duplicate node ids, duplicate edges and edges to missing nodes
// are skipped and reported in the LoadReport (B21 of the field failures).
// Errors wrap ErrFormat and name the JSON path (and the line and column of
// a syntax error); a graph past a storage limit (more than MaxCount
// node types, …) wraps ErrLimit too.
//
// A source node whose attributes have exactly the builder's keys (in a
// version 1 file: with "preview" equal to the first 100 runes of the
// content) is stored typed, and so is a found edge whose attributes are
// exactly {"records": [...]} in the builder's record shape; writing the
// graph back gives the same attributes (without "preview"). In a format 2
// or 3 file a source's missing builder keys read as empty.
//
// The whole input is read into one buffer; strings without escapes point
// into it rather than being copied, so it stays in memory as long as the
// graph (it is the graph's string arena).
func ReadJSON(r io.Reader) (*Graph, *LoadReport, error) {
	gt, err := ReadGraphText(r)
	if err != nil {
		return nil, nil, fmt.Errorf("graphrag: read: %w", err)
	}
	return ReadJSONText(gt.Text)
}

// ReadJSONText is ReadJSON of a graph file's text already read (for
// example by ReadGraphText); the graph's strings point into data.
func ReadJSONText(data string) (*Graph, *LoadReport, error) {
	src := strings.TrimPrefix(data, "\uFEFF")
	rd := &reader{src: src, g: New(), rep: &LoadReport{}}
	if err := rd.read(); err != nil {
		return nil, nil, err
	}
	return rd.g, rd.rep, nil
}

type reader struct {
	src      string
	g        *Graph
	rep      *LoadReport
	version  int
	envelope bool
	nodes    string // raw arrays, found at the top level or in "graph"
	edges    string
	nodesAt  string // their JSON paths
	edgesAt  string
}

// errAt builds an ErrFormat error naming a JSON path.
func errAt(path string, format string, args ...any) error {
	return fmt.Errorf("%w: at %s: %s", ErrFormat, cmp.Or(path, "$"), fmt.Sprintf(format, args...))
}

// syntaxErr names the line and column of the first syntax error in s.
func syntaxErr(s, path string) error {
	ok, pos := encoder.Valid([]byte(s))
	if ok {
		return errAt(path, "invalid JSON value")
	}
	line, col := 1, 1
	for _, c := range []byte(s[:min(max(pos, 0), len(s))]) {
		if c == '\n' {
			line, col = line+1, 1
		} else if c < 0x80 || c >= 0xC0 {
			col++
		}
	}
	return errAt(path, "invalid JSON at line %d, column %d", line, col)
}

func joinPath(base, key string) string {
	if base == "" {
		return key
	}
	return base + "." + key
}

// members calls fn for each key of the JSON object raw with the raw text of
// its value, in order.
func members(raw, path string, fn func(key, val string) error) error {
	n := ast.NewRaw(raw)
	if n.Check() != nil {
		return syntaxErr(raw, path)
	}
	if n.TypeSafe() != ast.V_OBJECT {
		return errAt(path, "want an object, got %s", rawKind(raw))
	}
	it, err := n.Properties()
	if err != nil {
		return syntaxErr(raw, path)
	}
	var p ast.Pair
	for it.Next(&p) {
		v, err := p.Value.Raw()
		if err != nil {
			return syntaxErr(raw, joinPath(path, p.Key))
		}
		if err := fn(p.Key, v); err != nil {
			return err
		}
	}
	if n.Check() != nil {
		return syntaxErr(raw, path)
	}
	return nil
}

// elements returns the raw text of each element of the JSON array raw.
func elements(raw, path string) ([]string, error) {
	n := ast.NewRaw(raw)
	if n.Check() != nil {
		return nil, syntaxErr(raw, path)
	}
	if n.TypeSafe() != ast.V_ARRAY {
		return nil, errAt(path, "want an array, got %s", rawKind(raw))
	}
	it, err := n.Values()
	if err != nil {
		return nil, syntaxErr(raw, path)
	}
	var out []string
	var el ast.Node
	for it.Next(&el) {
		v, err := el.Raw()
		if err != nil {
			return nil, syntaxErr(raw, fmt.Sprintf("%s[%d]", path, len(out)))
		}
		out = append(out, v)
	}
	return out, nil
}

// rawKind names the JSON kind of a raw value by its first byte.
func rawKind(raw string) string {
	raw = strings.TrimLeft(raw, " \t\r\n")
	if raw == "" {
		return "nothing"
	}
	switch c := raw[0]; {
	case c == '{':
		return "an object"
	case c == '[':
		return "an array"
	case c == '"':
		return "a string"
	case c == 't' || c == 'f':
		return "a boolean"
	case c == 'n':
		return "null"
	case c == '-' || (c >= '0' && c <= '9'):
		return "a number"
	}
	return strconv.Quote(raw[:1])
}

func (rd *reader) read() error {
	trimmed := strings.Trim(rd.src, " \t\r\n")
	if trimmed == "" {
		// a file truncated to nothing, or made by a writer that failed
		return errAt("", "empty graph file (%d bytes, no JSON value)", len(rd.src))
	}
	n := ast.NewRaw(trimmed)
	if n.Check() != nil {
		return syntaxErr(rd.src, "")
	}
	if raw, _ := n.Raw(); len(raw) != len(trimmed) {
		return errAt("", "unexpected data after the graph object")
	}
	if err := rd.object(trimmed, "", true); err != nil {
		return err
	}
	if rd.version > FormatVersion {
		return errAt("format_version", "version %d is newer than this program reads (%d)", rd.version, FormatVersion)
	}
	if rd.envelope {
		var kept Attributes
		for _, kv := range rd.g.Meta {
			switch kv.Key {
			case "success", "message", "report_id":
				continue
			}
			kept = append(kept, kv)
		}
		rd.g.Meta = kept
	}
	if err := rd.readNodes(); err != nil {
		return err
	}
	return rd.readEdges()
}

func (rd *reader) object(raw, path string, root bool) error {
	return members(raw, path, func(key, val string) error {
		kp := joinPath(path, key)
		switch key {
		case "graph":
			rd.envelope = true
			return rd.object(val, kp, false)
		case "nodes":
			rd.nodes, rd.nodesAt = val, kp
			return nil
		case "edges":
			rd.edges, rd.edgesAt = val, kp
			return nil
		case "stats":
			return nil
		}
		v, err := decodeRaw(val, kp)
		if err != nil {
			return err
		}
		switch key {
		case "task_id":
			rd.g.TaskID = scalarString(v)
		case "created_at":
			rd.g.CreatedAt = scalarString(v)
		case "format_version":
			n, ok := v.(json.Number)
			ver, err := strconv.Atoi(string(n))
			if !ok || err != nil || ver < 1 {
				return errAt(kp, "want a positive integer, got %s", rawKind(val))
			}
			rd.version = ver
		default:
			if root {
				rd.g.Meta.Set(key, v)
			}
		}
		return nil
	})
}

// decodeRaw decodes one raw JSON value with the types Attributes documents.
func decodeRaw(raw, path string) (any, error) {
	dec := json.NewDecoder(strings.NewReader(raw))
	dec.UseNumber()
	v, err := decodeOrdered(dec, 0)
	if err != nil {
		return nil, errAt(path, "%v", err)
	}
	return v, nil
}

// scalarString turns a JSON scalar into text: strings as is, numbers in
// their JSON spelling, null as "".
func scalarString(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case json.Number:
		return x.String()
	case bool:
		return strconv.FormatBool(x)
	}
	return ""
}
