package graphrag

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"sync"
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
	aw := newAsyncWriter(w)
	defer aw.close()
	buf := aw.next()
	buf.WriteString("{\n  \"task_id\": ")
	writeJSONString(buf, g.TaskID)
	buf.WriteString(",\n  \"created_at\": ")
	writeJSONString(buf, g.CreatedAt)
	buf.WriteString(",\n  \"stats\": ")
	st := g.Stats()
	stats := Attributes{{"total_nodes", st.TotalNodes}, {"total_edges", st.TotalEdges}}
	for _, t := range st.SortedTypes() {
		switch t {
		case "", "total_nodes", "total_edges":
			continue // would collide with the totals or be a blank key
		}
		stats = append(stats, Attr{string(t), st.ByType[t]})
	}
	if err := stats.appendJSON(buf); err != nil {
		return err
	}
	for _, kv := range g.Meta {
		switch kv.Key {
		case "task_id", "created_at", "stats", "nodes", "edges", "graph":
			continue // reserved by the format
		}
		buf.WriteString(",\n  ")
		writeJSONString(buf, kv.Key)
		buf.WriteString(": ")
		if err := writeJSONValue(buf, kv.Value); err != nil {
			return fmt.Errorf("graphrag: write meta %q: %w", kv.Key, err)
		}
	}
	buf.WriteString(",\n  \"nodes\": [")
	for i, n := range g.st.nodes {
		if i > 0 {
			buf.WriteByte(',')
		}
		buf.WriteString("\n    {\"id\": ")
		writeJSONString(buf, n.ID)
		buf.WriteString(", \"type\": ")
		writeJSONString(buf, string(n.Type))
		buf.WriteString(", \"name\": ")
		writeJSONString(buf, n.Name)
		buf.WriteString(", \"label\": ")
		writeJSONString(buf, n.Name)
		buf.WriteString(", \"attributes\": ")
		start := buf.Len()
		if err := n.Attrs.appendJSON(buf); err != nil {
			return fmt.Errorf("graphrag: write node %q: %w", n.ID, err)
		}
		attrs := buf.Bytes()[start:]
		buf.WriteString(", \"properties\": ")
		buf.Write(attrs)
		buf.WriteByte('}')
		if buf.Len() > 1<<20 {
			if err := aw.send(buf); err != nil {
				return err
			}
			buf = aw.next()
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
		writeJSONString(buf, e.From)
		buf.WriteString(", \"to\": ")
		writeJSONString(buf, e.To)
		buf.WriteString(", \"source\": ")
		writeJSONString(buf, e.From)
		buf.WriteString(", \"target\": ")
		writeJSONString(buf, e.To)
		buf.WriteString(", \"relation\": ")
		writeJSONString(buf, string(e.Relation))
		buf.WriteString(", \"weight\": ")
		if err := writeWeight(buf, e.Weight); err != nil {
			return fmt.Errorf("graphrag: write edge %s -> %s: %w", e.From, e.To, err)
		}
		buf.WriteString(", \"attributes\": ")
		if err := e.Attrs.appendJSON(buf); err != nil {
			return fmt.Errorf("graphrag: write edge %s -> %s: %w", e.From, e.To, err)
		}
		buf.WriteByte('}')
		if buf.Len() > 1<<20 {
			if err := aw.send(buf); err != nil {
				return err
			}
			buf = aw.next()
		}
	}
	if len(g.st.edges) > 0 {
		buf.WriteString("\n  ")
	}
	buf.WriteString("]\n}\n")
	if err := aw.send(buf); err != nil {
		return err
	}
	return aw.close()
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

// ReadJSON reads a graph file. It accepts what WriteJSON writes, the
// reference writer's files, and the reference web API's
// `{"success":…, "graph":{…}}` envelope: name or label, attributes or
// properties, from or source, to or target, type or group, relation or label.
// Unknown top-level keys are kept in Meta (except "stats", which is
// recomputed, and the envelope's own keys). Other keys of a node (a flat
// node such as {"id","type","title","content"}) become attributes unless the
// attributes already have them; in the web API's envelope they are view
// fields (the tooltip "title") and are ignored. Duplicate node ids, duplicate
// edges and edges to missing nodes are skipped and reported in the
// LoadReport (B21 of the field failures). Errors wrap ErrFormat and name the
// JSON path and the line and column.
//
// The whole input is read into memory and parsed in one pass (strings are
// copied out, so the buffer is released afterwards); attribute values decode
// as Attributes.UnmarshalJSON documents.
func ReadJSON(r io.Reader) (*Graph, *LoadReport, error) {
	data, err := readAll(r)
	if err != nil {
		return nil, nil, fmt.Errorf("graphrag: read: %w", err)
	}
	if len(data) >= 3 && data[0] == 0xEF && data[1] == 0xBB && data[2] == 0xBF {
		data = data[3:]
	}
	gr := graphReader{p: valueParser{data: data}, g: New(), rep: &LoadReport{}}
	if err := gr.graphObject("", true); err != nil {
		return nil, nil, err
	}
	gr.p.skipSpace()
	if gr.p.pos != len(data) {
		return nil, nil, gr.errAt("", "unexpected data after the graph object")
	}
	if gr.envelope {
		// The web API's envelope: its own keys are not graph metadata.
		var kept Attributes
		for _, kv := range gr.g.Meta {
			switch kv.Key {
			case "success", "message", "report_id":
				continue
			}
			kept = append(kept, kv)
		}
		gr.g.Meta = kept
	}
	return gr.g, gr.rep, nil
}

// graphReader walks a graph file with a valueParser.
type graphReader struct {
	p        valueParser
	g        *Graph
	rep      *LoadReport
	envelope bool
}

// errAt builds an ErrFormat error naming the JSON path and the line and
// column of the parser's position.
func (gr *graphReader) errAt(path, format string, args ...any) error {
	line, col := 1, 1
	end := gr.p.pos
	if end > len(gr.p.data) {
		end = len(gr.p.data)
	}
	for _, c := range gr.p.data[:end] {
		if c == '\n' {
			line++
			col = 1
		} else if c < 0x80 || c >= 0xC0 {
			col++
		}
	}
	return fmt.Errorf("%w: at %s (line %d, column %d): %s", ErrFormat, orRoot(path), line, col, fmt.Sprintf(format, args...))
}

func (gr *graphReader) wrap(path string, err error) error {
	return gr.errAt(path, "%v", err)
}

func orRoot(p string) string {
	if p == "" {
		return "$"
	}
	return p
}

func joinPath(base, key string) string {
	if base == "" {
		return key
	}
	return base + "." + key
}

// kindAt names the JSON kind of the value at the parser's position.
func (gr *graphReader) kindAt() string {
	gr.p.skipSpace()
	if gr.p.pos >= len(gr.p.data) {
		return "the end of the input"
	}
	c := gr.p.data[gr.p.pos]
	switch {
	case c == '{':
		return "an object"
	case c == 'n':
		return "null"
	}
	return describeFirstByte(c)
}

// members calls fn for each key of the object at the parser's position; fn
// must consume the value.
func (gr *graphReader) members(pathFn func() string, fn func(key string) error) error {
	p := &gr.p
	p.skipSpace()
	if p.pos >= len(p.data) || p.data[p.pos] != '{' {
		return gr.errAt(pathFn(), "want an object, got %s", gr.kindAt())
	}
	p.pos++
	p.skipSpace()
	if p.pos < len(p.data) && p.data[p.pos] == '}' {
		p.pos++
		return nil
	}
	for {
		p.skipSpace()
		if p.pos >= len(p.data) || p.data[p.pos] != '"' {
			return gr.errAt(pathFn(), "want an object key")
		}
		key, err := p.key()
		if err != nil {
			return gr.wrap(pathFn(), err)
		}
		p.skipSpace()
		if p.pos >= len(p.data) || p.data[p.pos] != ':' {
			return gr.errAt(pathFn(), "want : after key %q", key)
		}
		p.pos++
		if err := fn(key); err != nil {
			return err
		}
		p.skipSpace()
		if p.pos >= len(p.data) {
			return gr.errAt(pathFn(), "unterminated object")
		}
		switch p.data[p.pos] {
		case ',':
			p.pos++
		case '}':
			p.pos++
			return nil
		default:
			return gr.errAt(pathFn(), "want , or } after the value of %q", key)
		}
	}
}

// elements calls fn for each element of the array at the parser's
// position; fn must consume the element.
func (gr *graphReader) elements(pathFn func() string, fn func(i int) error) error {
	p := &gr.p
	p.skipSpace()
	if p.pos >= len(p.data) || p.data[p.pos] != '[' {
		return gr.errAt(pathFn(), "want an array, got %s", gr.kindAt())
	}
	p.pos++
	p.skipSpace()
	if p.pos < len(p.data) && p.data[p.pos] == ']' {
		p.pos++
		return nil
	}
	for i := 0; ; i++ {
		if err := fn(i); err != nil {
			return err
		}
		p.skipSpace()
		if p.pos >= len(p.data) {
			return gr.errAt(pathFn(), "unterminated array")
		}
		switch p.data[p.pos] {
		case ',':
			p.pos++
		case ']':
			p.pos++
			return nil
		default:
			return gr.errAt(fmt.Sprintf("%s[%d]", pathFn(), i), "want , or ] after the element")
		}
	}
}

func (gr *graphReader) value(pathFn func() string) (any, error) {
	v, err := gr.p.value()
	if err != nil {
		return nil, gr.wrap(pathFn(), err)
	}
	return v, nil
}

func (gr *graphReader) graphObject(path string, root bool) error {
	return gr.members(func() string { return path }, func(key string) error {
		kp := joinPath(path, key)
		switch key {
		case "graph":
			gr.envelope = true
			return gr.graphObject(kp, false)
		case "nodes":
			return gr.elements(func() string { return kp }, func(i int) error {
				return gr.node(func() string { return fmt.Sprintf("%s[%d]", kp, i) })
			})
		case "edges":
			return gr.elements(func() string { return kp }, func(i int) error {
				return gr.edge(func() string { return fmt.Sprintf("%s[%d]", kp, i) })
			})
		case "task_id", "created_at":
			v, err := gr.value(func() string { return kp })
			if err != nil {
				return err
			}
			if key == "task_id" {
				gr.g.TaskID = scalarString(v)
			} else {
				gr.g.CreatedAt = scalarString(v)
			}
			return nil
		}
		v, err := gr.value(func() string { return kp })
		if err != nil {
			return err
		}
		if root && key != "stats" {
			gr.g.Meta.Set(key, v)
		}
		return nil
	})
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

// idValue turns a decoded id into text: non-empty strings and numbers.
func idValue(v any) (string, bool) {
	switch x := v.(type) {
	case string:
		return x, x != ""
	case json.Number:
		return x.String(), true
	}
	return "", false
}

// stringField decodes a string or null; anything else is an error naming
// the path.
func (gr *graphReader) stringField(pathFn func() string) (string, bool, error) {
	v, err := gr.value(pathFn)
	if err != nil {
		return "", false, err
	}
	switch x := v.(type) {
	case nil:
		return "", false, nil
	case string:
		return x, true, nil
	case json.Number:
		return x.String(), true, nil
	}
	return "", false, gr.errAt(pathFn(), "want a string, got %T", v)
}

// attrsField decodes an object or null at path.
func (gr *graphReader) attrsField(pathFn func() string) (Attributes, error) {
	if k := gr.kindAt(); k != "an object" && k != "null" {
		return nil, gr.errAt(pathFn(), "attributes: want a JSON object, got %s", k)
	}
	v, err := gr.value(pathFn)
	if err != nil {
		return nil, err
	}
	a, _ := v.(Attributes)
	return a, nil
}

func (gr *graphReader) node(path func() string) error {
	n := &Node{}
	var hasID, hasName bool
	var typ, group, label string
	var attrs, props, extra Attributes
	start := gr.p.pos
	err := gr.members(path, func(key string) error {
		kp := func() string { return joinPath(path(), key) }
		var err error
		switch key {
		case "id":
			var v any
			if v, err = gr.value(kp); err == nil {
				n.ID, hasID = idValue(v)
			}
		case "type":
			typ, _, err = gr.stringField(kp)
		case "group":
			group, _, err = gr.stringField(kp)
		case "name":
			var ok bool
			if n.Name, ok, err = gr.stringField(kp); ok {
				hasName = true
			}
		case "label":
			label, _, err = gr.stringField(kp)
		case "attributes":
			attrs, err = gr.attrsField(func() string { return joinPath(path(), "attributes") })
		case "properties":
			if attrs != nil {
				err = gr.p.skip()
				if err != nil {
					err = gr.wrap(kp(), err)
				}
			} else {
				props, err = gr.attrsField(func() string { return joinPath(path(), "attributes") })
			}
		default:
			if gr.envelope {
				// View fields of the web API (title tooltip, …): not data.
				if err = gr.p.skip(); err != nil {
					err = gr.wrap(kp(), err)
				}
				break
			}
			// A flat node ({"id","type","title","content"}): its other
			// keys are its attributes.
			var v any
			if v, err = gr.value(kp); err == nil {
				extra = append(extra, Attr{Key: key, Value: v})
			}
		}
		return err
	})
	if err != nil {
		return err
	}
	if !hasID {
		end := gr.p.pos
		gr.p.pos = start
		e := gr.errAt(path()+".id", "a node needs a non-empty string or number id")
		gr.p.pos = end
		return e
	}
	n.Type = NodeType(typ)
	if typ == "" {
		n.Type = NodeType(group)
	}
	if !hasName {
		n.Name = label
		if label == "" {
			n.Name = n.ID
		}
	}
	switch {
	case attrs != nil:
		n.Attrs = attrs
	case props != nil:
		n.Attrs = props
	default:
		n.Attrs = Attributes{}
	}
	for _, kv := range extra {
		if _, ok := n.Attrs.Get(kv.Key); !ok {
			n.Attrs = append(n.Attrs, kv)
		}
	}
	if err := gr.g.AddNode(n); err != nil {
		gr.rep.DuplicateNodes++
		gr.rep.warn("%s: duplicate node id %q skipped (the first is kept)", path(), n.ID)
	}
	return nil
}

func (gr *graphReader) edge(path func() string) error {
	var from, to, source, target, relation, label string
	var weight *float64
	var attrs, props Attributes
	err := gr.members(path, func(key string) error {
		kp := func() string { return joinPath(path(), key) }
		var err error
		idField := func(dst *string) {
			var v any
			if v, err = gr.value(kp); err == nil {
				*dst, _ = idValue(v)
			}
		}
		switch key {
		case "from":
			idField(&from)
		case "to":
			idField(&to)
		case "source":
			idField(&source)
		case "target":
			idField(&target)
		case "relation":
			relation, _, err = gr.stringField(kp)
		case "label":
			label, _, err = gr.stringField(kp)
		case "weight":
			var v any
			if v, err = gr.value(kp); err == nil && v != nil {
				num, ok := v.(json.Number)
				if !ok {
					return gr.errAt(kp(), "want a number, got %T", v)
				}
				f, perr := num.Float64()
				if perr != nil {
					return gr.errAt(kp(), "%v", perr)
				}
				weight = &f
			}
		case "attributes":
			attrs, err = gr.attrsField(func() string { return joinPath(path(), "attributes") })
		case "properties":
			if attrs != nil {
				if err = gr.p.skip(); err != nil {
					err = gr.wrap(kp(), err)
				}
			} else {
				props, err = gr.attrsField(func() string { return joinPath(path(), "attributes") })
			}
		default:
			if err = gr.p.skip(); err != nil {
				err = gr.wrap(kp(), err)
			}
		}
		return err
	})
	if err != nil {
		return err
	}
	if from == "" {
		from = source
	}
	if to == "" {
		to = target
	}
	if from == "" {
		return gr.errAt(path(), "an edge needs \"from\" or \"source\"")
	}
	if to == "" {
		return gr.errAt(path(), "an edge needs \"to\" or \"target\"")
	}
	e := Edge{From: from, To: to, Relation: Relation(relation), Weight: 1.0}
	if relation == "" {
		e.Relation = Relation(label)
	}
	if weight != nil {
		e.Weight = *weight
	}
	switch {
	case attrs != nil:
		e.Attrs = attrs
	case props != nil:
		e.Attrs = props
	}
	if err := gr.g.AddEdge(e); err != nil {
		switch {
		case errors.Is(err, ErrNodeNotFound):
			gr.rep.DanglingEdges++
			gr.rep.warn("%s: edge %s -> %s skipped: %v", path(), from, to, err)
		case errors.Is(err, ErrDuplicateEdge):
			gr.rep.DuplicateEdges++
			gr.rep.warn("%s: duplicate edge %s -> %s skipped (the first is kept)", path(), from, to)
		default:
			return gr.errAt(path(), "%v", err)
		}
	}
	return nil
}

// writeWeight writes an edge weight; integral weights keep one decimal
// ("1.0") as the reference writer does.
func writeWeight(buf *bytes.Buffer, w float64) error {
	if math.IsNaN(w) || math.IsInf(w, 0) {
		return fmt.Errorf("weight %v is not a JSON number", w)
	}
	if w == math.Trunc(w) && math.Abs(w) < 1e15 {
		buf.WriteString(strconv.FormatFloat(w, 'f', 1, 64))
		return nil
	}
	buf.Write(formatFloat(w))
	return nil
}

// asyncWriter hands encoded chunks to a goroutine that writes them, so that
// encoding a large graph overlaps with the disk write instead of waiting
// for it (it halves the time to save a 500 MB graph). Three buffers of 2 MiB
// circulate; the first write error stops the encoder at its next send.
type asyncWriter struct {
	ch     chan *bytes.Buffer
	free   chan *bytes.Buffer
	done   chan struct{}
	err    error // written by the goroutine, read after done or via errNow
	mu     sync.Mutex
	closed bool
}

func newAsyncWriter(w io.Writer) *asyncWriter {
	a := &asyncWriter{ch: make(chan *bytes.Buffer, 2), free: make(chan *bytes.Buffer, 3), done: make(chan struct{})}
	for i := 0; i < 3; i++ {
		a.free <- bytes.NewBuffer(make([]byte, 0, 2<<20))
	}
	go func() {
		defer close(a.done)
		for b := range a.ch {
			if a.errNow() == nil {
				if _, err := w.Write(b.Bytes()); err != nil {
					a.mu.Lock()
					a.err = err
					a.mu.Unlock()
				}
			}
			b.Reset()
			a.free <- b
		}
	}()
	return a
}

func (a *asyncWriter) errNow() error {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.err
}

// next returns an empty buffer to encode into.
func (a *asyncWriter) next() *bytes.Buffer { return <-a.free }

// send queues b for writing; it returns the first write error seen so far.
func (a *asyncWriter) send(b *bytes.Buffer) error {
	a.ch <- b
	return a.errNow()
}

// close waits for every queued chunk to be written and returns the first
// write error. It may be called more than once.
func (a *asyncWriter) close() error {
	if !a.closed {
		a.closed = true
		close(a.ch)
	}
	<-a.done
	return a.errNow()
}

// readAll reads r to the end. For a file it allocates the file's size once
// instead of growing a buffer by doubling (which, for a 500 MB graph, cost a
// gigabyte of copies and a second of zeroing).
func readAll(r io.Reader) ([]byte, error) {
	if f, ok := r.(interface{ Stat() (os.FileInfo, error) }); ok {
		if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() && fi.Size() > 0 {
			buf := make([]byte, 0, fi.Size()+1) // +1: io.ReadAll-style EOF probe without a regrow
			for {
				n, err := r.Read(buf[len(buf):cap(buf)])
				buf = buf[:len(buf)+n]
				if err == io.EOF {
					return buf, nil
				}
				if err != nil {
					return nil, err
				}
				if len(buf) == cap(buf) { // the file grew: fall back to doubling
					rest, err := io.ReadAll(r)
					return append(buf, rest...), err
				}
			}
		}
	}
	return io.ReadAll(r)
}
