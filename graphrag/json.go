package graphrag

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
)

// ErrFormat is wrapped by ReadJSON for input that is not a graph file:
// invalid JSON, a wrong type at a known key, a node without an id. The
// message names the JSON path (e.g. `nodes[12].id`).
var ErrFormat = errors.New("graphrag: bad graph JSON")

// WriteJSON writes g in the graphrag.json format of §3.2 of the BettaFish
// reference, which the BettaFish graph viewer and its loaders read:
//
//	{"task_id", "created_at", "stats": {"total_nodes", "total_edges", "<type>": n…},
//	 <Meta keys…>,
//	 "nodes": [{"id","type","name","label","attributes","properties"}…],
//	 "edges": [{"from","to","source","target","relation","weight","attributes"}…]}
//
// label repeats name, properties repeats attributes, source/target repeat
// from/to, so readers that know either spelling work. Differences from the
// reference writer: "stats" comes before "nodes" (key order does not matter
// to JSON readers, and it lets a lister read counts without parsing the
// nodes), and each node and edge is one line instead of indented blocks.
// Output is deterministic: graph order, attributes in their stored order.
func (g *Graph) WriteJSON(w io.Writer) error {
	bw := bufio.NewWriterSize(w, 1<<20)
	var buf bytes.Buffer
	buf.WriteString("{\n  \"task_id\": ")
	writeJSONString(&buf, g.TaskID)
	buf.WriteString(",\n  \"created_at\": ")
	writeJSONString(&buf, g.CreatedAt)
	buf.WriteString(",\n  \"stats\": ")
	st := g.Stats()
	stats := Attributes{{"total_nodes", st.TotalNodes}, {"total_edges", st.TotalEdges}}
	for _, t := range st.SortedTypes() {
		stats = append(stats, Attr{string(t), st.ByType[t]})
	}
	if err := stats.appendJSON(&buf); err != nil {
		return err
	}
	for _, kv := range g.Meta {
		switch kv.Key {
		case "task_id", "created_at", "stats", "nodes", "edges":
			continue
		}
		buf.WriteString(",\n  ")
		writeJSONString(&buf, kv.Key)
		buf.WriteString(": ")
		if err := writeJSONValue(&buf, kv.Value); err != nil {
			return fmt.Errorf("graphrag: write meta %q: %w", kv.Key, err)
		}
	}
	buf.WriteString(",\n  \"nodes\": [")
	for i, n := range g.st.nodes {
		if i > 0 {
			buf.WriteByte(',')
		}
		buf.WriteString("\n    {\"id\": ")
		writeJSONString(&buf, n.ID)
		buf.WriteString(", \"type\": ")
		writeJSONString(&buf, string(n.Type))
		buf.WriteString(", \"name\": ")
		writeJSONString(&buf, n.Name)
		buf.WriteString(", \"label\": ")
		writeJSONString(&buf, n.Name)
		buf.WriteString(", \"attributes\": ")
		start := buf.Len()
		if err := n.Attrs.appendJSON(&buf); err != nil {
			return fmt.Errorf("graphrag: write node %q: %w", n.ID, err)
		}
		attrs := buf.Bytes()[start:]
		buf.WriteString(", \"properties\": ")
		buf.Write(attrs)
		buf.WriteByte('}')
		if buf.Len() > 1<<20 {
			if _, err := bw.Write(buf.Bytes()); err != nil {
				return err
			}
			buf.Reset()
		}
	}
	if len(g.st.nodes) > 0 {
		buf.WriteString("\n  ")
	}
	buf.WriteString("],\n  \"edges\": [")
	for i, e := range g.st.edges {
		if i > 0 {
			buf.WriteByte(',')
		}
		buf.WriteString("\n    {\"from\": ")
		writeJSONString(&buf, e.From)
		buf.WriteString(", \"to\": ")
		writeJSONString(&buf, e.To)
		buf.WriteString(", \"source\": ")
		writeJSONString(&buf, e.From)
		buf.WriteString(", \"target\": ")
		writeJSONString(&buf, e.To)
		buf.WriteString(", \"relation\": ")
		writeJSONString(&buf, string(e.Relation))
		buf.WriteString(", \"weight\": ")
		writeWeight(&buf, e.Weight)
		buf.WriteString(", \"attributes\": ")
		if err := e.Attrs.appendJSON(&buf); err != nil {
			return fmt.Errorf("graphrag: write edge %s -> %s: %w", e.From, e.To, err)
		}
		buf.WriteByte('}')
		if buf.Len() > 1<<20 {
			if _, err := bw.Write(buf.Bytes()); err != nil {
				return err
			}
			buf.Reset()
		}
	}
	if len(g.st.edges) > 0 {
		buf.WriteString("\n  ")
	}
	buf.WriteString("]\n}\n")
	if _, err := bw.Write(buf.Bytes()); err != nil {
		return err
	}
	return bw.Flush()
}

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
}

func (r *LoadReport) warn(format string, args ...any) {
	switch {
	case len(r.Warnings) < 100:
		r.Warnings = append(r.Warnings, fmt.Sprintf(format, args...))
	case len(r.Warnings) == 100:
		r.Warnings = append(r.Warnings, "further warnings omitted")
	}
}

type rawNode struct {
	ID         json.RawMessage `json:"id"`
	Type       *string         `json:"type"`
	Group      *string         `json:"group"`
	Name       *string         `json:"name"`
	Label      *string         `json:"label"`
	Attributes json.RawMessage `json:"attributes"`
	Properties json.RawMessage `json:"properties"`
}

type rawEdge struct {
	From       json.RawMessage `json:"from"`
	To         json.RawMessage `json:"to"`
	Source     json.RawMessage `json:"source"`
	Target     json.RawMessage `json:"target"`
	Relation   *string         `json:"relation"`
	Label      *string         `json:"label"`
	Weight     *float64        `json:"weight"`
	Attributes json.RawMessage `json:"attributes"`
	Properties json.RawMessage `json:"properties"`
}

// ReadJSON reads a graph file. It accepts what WriteJSON writes, the
// reference writer's files, and the reference web API's
// `{"success":…, "graph":{…}}` envelope: name or label, attributes or
// properties, from or source, to or target, type or group, relation or label.
// Unknown top-level keys are kept in Meta (except "stats", which is
// recomputed). Duplicate node ids, duplicate edges and edges to missing
// nodes are skipped and reported in the LoadReport (B21 of the field
// failures). Errors wrap ErrFormat and name the JSON path.
func ReadJSON(r io.Reader) (*Graph, *LoadReport, error) {
	dec := json.NewDecoder(bufio.NewReaderSize(r, 1<<20))
	dec.UseNumber()
	g := New()
	rep := &LoadReport{}
	if err := readGraphObject(dec, g, rep, ""); err != nil {
		return nil, nil, err
	}
	if tok, err := dec.Token(); err != io.EOF {
		if err != nil {
			return nil, nil, formatErr("", dec, err)
		}
		return nil, nil, fmt.Errorf("%w: unexpected data after the graph object: %v", ErrFormat, tok)
	}
	return g, rep, nil
}

func formatErr(path string, dec *json.Decoder, err error) error {
	if path == "" {
		path = "$"
	}
	return fmt.Errorf("%w: at %s (byte %d): %v", ErrFormat, path, dec.InputOffset(), err)
}

func expectDelim(dec *json.Decoder, path string, want json.Delim) error {
	tok, err := dec.Token()
	if err != nil {
		return formatErr(path, dec, err)
	}
	if d, ok := tok.(json.Delim); !ok || d != want {
		return fmt.Errorf("%w: at %s: want %s, got %s", ErrFormat, orRoot(path), delimName(want), describeToken(tok))
	}
	return nil
}

func orRoot(p string) string {
	if p == "" {
		return "$"
	}
	return p
}

func delimName(d json.Delim) string {
	if d == '[' {
		return "an array"
	}
	return "an object"
}

func joinPath(base, key string) string {
	if base == "" {
		return key
	}
	return base + "." + key
}

func readGraphObject(dec *json.Decoder, g *Graph, rep *LoadReport, path string) error {
	if err := expectDelim(dec, path, '{'); err != nil {
		return err
	}
	for dec.More() {
		kt, err := dec.Token()
		if err != nil {
			return formatErr(path, dec, err)
		}
		key := kt.(string)
		kp := joinPath(path, key)
		switch key {
		case "graph":
			if err := readGraphObject(dec, g, rep, kp); err != nil {
				return err
			}
		case "nodes":
			if err := readNodes(dec, g, rep, kp); err != nil {
				return err
			}
		case "edges":
			if err := readEdges(dec, g, rep, kp); err != nil {
				return err
			}
		case "task_id", "created_at":
			var v any
			if err := dec.Decode(&v); err != nil {
				return formatErr(kp, dec, err)
			}
			s := scalarString(v)
			if key == "task_id" {
				g.TaskID = s
			} else {
				g.CreatedAt = s
			}
		case "stats":
			var skip json.RawMessage
			if err := dec.Decode(&skip); err != nil {
				return formatErr(kp, dec, err)
			}
		default:
			v, err := decodeValue(dec)
			if err != nil {
				return formatErr(kp, dec, err)
			}
			if path == "" {
				g.Meta.Set(key, v)
			}
		}
	}
	if _, err := dec.Token(); err != nil {
		return formatErr(path, dec, err)
	}
	return nil
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

// idString decodes an id that is a JSON string or number.
func idString(raw json.RawMessage) (string, bool) {
	if len(raw) == 0 {
		return "", false
	}
	var v any
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	if err := d.Decode(&v); err != nil {
		return "", false
	}
	switch x := v.(type) {
	case string:
		return x, x != ""
	case json.Number:
		return x.String(), true
	}
	return "", false
}

func decodeAttrs(primary, secondary json.RawMessage) (Attributes, error) {
	raw := primary
	if len(raw) == 0 || string(raw) == "null" {
		raw = secondary
	}
	if len(raw) == 0 {
		return Attributes{}, nil
	}
	var a Attributes
	if err := a.UnmarshalJSON(raw); err != nil {
		return nil, err
	}
	if a == nil {
		a = Attributes{}
	}
	return a, nil
}

func readNodes(dec *json.Decoder, g *Graph, rep *LoadReport, path string) error {
	if err := expectDelim(dec, path, '['); err != nil {
		return err
	}
	for i := 0; dec.More(); i++ {
		p := fmt.Sprintf("%s[%d]", path, i)
		var rn rawNode
		if err := dec.Decode(&rn); err != nil {
			return formatErr(p, dec, err)
		}
		id, ok := idString(rn.ID)
		if !ok {
			return fmt.Errorf("%w: at %s.id: a node needs a non-empty string or number id", ErrFormat, p)
		}
		n := &Node{ID: id}
		switch {
		case rn.Type != nil:
			n.Type = NodeType(*rn.Type)
		case rn.Group != nil:
			n.Type = NodeType(*rn.Group)
		}
		switch {
		case rn.Name != nil:
			n.Name = *rn.Name
		case rn.Label != nil:
			n.Name = *rn.Label
		default:
			n.Name = id
		}
		attrs, err := decodeAttrs(rn.Attributes, rn.Properties)
		if err != nil {
			return fmt.Errorf("%w: at %s.attributes: %v", ErrFormat, p, err)
		}
		n.Attrs = attrs
		if err := g.AddNode(n); err != nil {
			rep.DuplicateNodes++
			rep.warn("%s: duplicate node id %q skipped (the first is kept)", p, id)
		}
	}
	if _, err := dec.Token(); err != nil {
		return formatErr(path, dec, err)
	}
	return nil
}

func readEdges(dec *json.Decoder, g *Graph, rep *LoadReport, path string) error {
	if err := expectDelim(dec, path, '['); err != nil {
		return err
	}
	for i := 0; dec.More(); i++ {
		p := fmt.Sprintf("%s[%d]", path, i)
		var re rawEdge
		if err := dec.Decode(&re); err != nil {
			return formatErr(p, dec, err)
		}
		from, ok := idString(re.From)
		if !ok {
			from, ok = idString(re.Source)
		}
		if !ok {
			return fmt.Errorf("%w: at %s: an edge needs \"from\" or \"source\"", ErrFormat, p)
		}
		to, ok := idString(re.To)
		if !ok {
			to, ok = idString(re.Target)
		}
		if !ok {
			return fmt.Errorf("%w: at %s: an edge needs \"to\" or \"target\"", ErrFormat, p)
		}
		e := Edge{From: from, To: to, Weight: 1.0}
		switch {
		case re.Relation != nil:
			e.Relation = Relation(*re.Relation)
		case re.Label != nil:
			e.Relation = Relation(*re.Label)
		}
		if re.Weight != nil {
			e.Weight = *re.Weight
		}
		attrs, err := decodeAttrs(re.Attributes, re.Properties)
		if err != nil {
			return fmt.Errorf("%w: at %s.attributes: %v", ErrFormat, p, err)
		}
		e.Attrs = attrs
		if err := g.AddEdge(e); err != nil {
			switch {
			case errors.Is(err, ErrNodeNotFound):
				rep.DanglingEdges++
				rep.warn("%s: edge %s -> %s skipped: %v", p, from, to, err)
			case errors.Is(err, ErrDuplicateEdge):
				rep.DuplicateEdges++
				rep.warn("%s: duplicate edge %s -> %s skipped (the first is kept)", p, from, to)
			default:
				return fmt.Errorf("%w: at %s: %v", ErrFormat, p, err)
			}
		}
	}
	if _, err := dec.Token(); err != nil {
		return formatErr(path, dec, err)
	}
	return nil
}

// writeWeight writes an edge weight; integral weights keep one decimal
// ("1.0") as the reference writer does.
func writeWeight(buf *bytes.Buffer, w float64) {
	if w == float64(int64(w)) && w < 1e15 && w > -1e15 {
		buf.WriteString(strconv.FormatFloat(w, 'f', 1, 64))
		return
	}
	buf.Write(formatFloat(w))
}
