package graphrag

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/bytedance/sonic"
	"github.com/bytedance/sonic/ast"
	"github.com/bytedance/sonic/encoder"

	"reportengine/internal/parallel"
)

// This file is the package's JSON codec and the only user of
// github.com/bytedance/sonic (a JIT/SIMD JSON library for amd64 and arm64;
// elsewhere it falls back to encoding/json, same output).

// FormatVersion is the graphrag.json layout WriteJSON writes, recorded in
// the file as "format_version". Version 2 left out the reference's
// duplicates (label, properties, source/target, a source's preview);
// version 3 also left out a source's name and a section's summary where
// they follow from its other attributes; version 4 stores every node's
// name again (BettaFish's loader reads a node's name from the file and
// read 224 of the fixture's 277 nodes with none) and still leaves out
// such a summary (see WriteJSONContext). Files without the key are
// version 1 (ours before, and the BettaFish reference's); ReadJSON reads
// every version up to this one.
const FormatVersion = 4

// ErrFormat is wrapped by ReadJSON for input that is not a graph file:
// an empty file (nothing but white space: "empty graph file (N bytes, no
// JSON value)"), invalid JSON, a wrong type at a known key, a node without an id, a graph
// past a storage limit (ErrLimit). The message names the JSON path (e.g.
// `nodes[12].id`) and, for syntax errors, the line and column.
var ErrFormat = errors.New("graphrag: bad graph JSON")

// encOpts: invalid UTF-8 written as U+FFFD, map keys sorted (attribute
// values set in code may be Go maps; the output must not depend on map
// order), our own MarshalJSON output trusted.
const encOpts = encoder.ValidateString | encoder.NoValidateJSONMarshaler | encoder.SortMapKeys

var (
	// decAPI decodes typed values; strings point into the input (no copy).
	decAPI = sonic.Config{UseNumber: true, DisallowUnknownFields: true}.Froze()
)

// appendValue appends the JSON of v in the codec's spelling. The value is
// encoded into a scratch buffer first: with ValidateString the encoder
// re-checks the whole buffer it is given, which would make appending to a
// growing chunk quadratic.
func appendValue(buf []byte, v any) ([]byte, error) {
	sp := scratch.Get().(*[]byte)
	tmp := (*sp)[:0]
	if err := encoder.EncodeInto(&tmp, v, encOpts); err != nil {
		return buf, err // tmp is not to be trusted then (its length may be past its capacity)
	}
	buf = append(buf, tmp...)
	if cap(tmp) <= 1<<20 {
		*sp = tmp
		scratch.Put(sp)
	}
	return buf, nil
}

var scratch = sync.Pool{New: func() any { b := make([]byte, 0, 4096); return &b }}

// formatNumber is how the encoder writes f.
func formatNumber(f float64) string {
	b, _ := appendValue(nil, f)
	return string(b)
}

// WriteJSON writes g as graphrag.json; see WriteJSONContext.
func (g *Graph) WriteJSON(w io.Writer) error { return g.WriteJSONContext(context.Background(), w) }

// WriteJSONContext writes g in the graphrag.json layout, format version 4:
//
//	{"format_version": 4, "task_id", "created_at",
//	 "stats": {"total_nodes", "total_edges", "<type>": n…},
//	 <Meta keys…>,
//	 "nodes": [{"id", "type", "name", "attributes"[, "derive": false]}…],
//	 "edges": [{"from", "to", "relation", "weight", "attributes"}…]}
//
// one node or edge per line. Each text is stored once: the BettaFish
// writer's (and our version 1's) "label" (= name), "properties" (=
// attributes), "source"/"target" (= from/to) and a source's "preview" (the
// first 100 runes of its content) are left out (since version 2);
// DerivedOf gives them back, and BettaFish's loader, which takes
// name|label, attributes|properties, from|source and to|target, reads the
// file as it is. Every node has its "name" (version 3 left out a typed
// source's name when it was SourceName of its title, url and content,
// which BettaFish's loader then read as empty; version 4 stores it: 2.5 %
// more bytes on the BettaFish fixture). A section (type "section") has no
// "summary" attribute when it is SectionSummary of its latest_summary and
// content and stands right before "content" (as the builder makes it);
// the readers derive it, so a graph reads back with the same attributes,
// summary in its place. A section with a string "content" and no summary
// is marked "derive": false, so that none is derived for it. (BettaFish's
// loader reads such a section without a summary; the server's viewer JSON
// has it.) "stats" comes before "nodes" so that a lister reads counts
// without parsing the nodes.
//
// Encoding is split across the cores (chunks of nodes and edges encoded in
// parallel, written in order by this goroutine), so the disk write overlaps
// with encoding; within a chunk, consecutive typed sources and found
// edges go to the codec as one run (see runs.go). Output is deterministic: graph order, attributes in their
// stored order. Strings keep non-ASCII text; invalid UTF-8 is written as
// U+FFFD. Errors: a value JSON cannot hold (a NaN weight or attribute),
// naming the node or edge; the writer's error; ctx.Err() when ctx is done
// (checked between chunks, so a cancelled save stops within a chunk).
func (g *Graph) WriteJSONContext(ctx context.Context, w io.Writer) error {
	return g.writeJSON(ctx, w, nil)
}

// WriteJSONColumns is WriteJSONContext that also writes the column file of
// the JSON it writes to cols (see columns.go; ReadColumns reads it with the
// JSON file's text): each chunk of nodes or edges gets its column records
// on the core that encoded its JSON, looking its strings up in that JSON
// while it is in the cache, and this goroutine writes both in order, with
// the JSON's CRC-32C. The column file is complete only when the JSON is:
// on an error the caller drops both. Errors: those of WriteJSONContext;
// ErrNoColumns (before anything is written) for a graph CheckColumns
// refuses; cols's error.
func (g *Graph) WriteJSONColumns(ctx context.Context, w, cols io.Writer) error {
	if err := g.CheckColumns(); err != nil {
		return err
	}
	return g.writeJSON(ctx, w, cols)
}

func (g *Graph) writeJSON(ctx context.Context, w, cols io.Writer) error {
	var (
		plan    *colPlan
		cw      *crcWriter
		jsLen   int64  // JSON bytes written
		jsCRC   uint32 // and their CRC-32C
		lastEnd int64  // where the last string referenced ends in the JSON
		edgesAt int64  // where the edges start in the column file
	)
	put := func(b []byte) error {
		if cols != nil {
			jsCRC = crc32.Update(jsCRC, castagnoli, b)
		}
		jsLen += int64(len(b))
		_, err := w.Write(b)
		return err
	}
	// The column plan (a pass over every source's engine list) is made
	// while the first chunks are encoded: the workers wait for it before
	// their first column records, the column file's head before its first
	// bytes.
	planned := make(chan struct{})
	if cols != nil {
		go func() {
			defer close(planned)
			plan = g.colPlan()
		}()
		cw = &crcWriter{w: cols}
	} else {
		close(planned)
	}
	head, err := g.headJSON()
	if err == nil {
		err = put(head)
	}
	if err != nil {
		<-planned
		return err
	}
	type unit struct {
		nodes    bool
		from, to int
	}
	var units []unit
	for i := 0; i < g.NodeCount(); i += writeChunk {
		units = append(units, unit{true, i, min(i+writeChunk, g.NodeCount())})
	}
	nodeUnits := len(units)
	for i := 0; i < g.EdgeCount(); i += writeChunk {
		units = append(units, unit{false, i, min(i+writeChunk, g.EdgeCount())})
	}
	type result struct {
		buf, col []byte
		end      int // e.end of the unit's column records
		err      error
	}
	workers := max(1, runtime.GOMAXPROCS(0))
	results := make([]chan result, len(units))
	for i := range results {
		results[i] = make(chan result, 1)
	}
	stop := make(chan struct{})
	window := make(chan struct{}, 2*workers) // chunks in flight: bounds memory
	jobs := make(chan int)
	var pool, colPool sync.Pool
	var wg sync.WaitGroup
	for k := 0; k < workers; k++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				var buf []byte
				if b, ok := pool.Get().(*[]byte); ok {
					buf = (*b)[:0]
				}
				u := units[i]
				var err error
				if u.nodes {
					buf, err = g.appendNodes(buf, u.from, u.to)
				} else {
					buf, err = g.appendEdges(buf, u.from, u.to)
				}
				r := result{buf: buf, err: err}
				if cols != nil && err == nil {
					<-planned
					e := &colEnc{js: buf}
					if b, ok := colPool.Get().(*[]byte); ok {
						e.buf = (*b)[:0]
					}
					if u.nodes {
						r.err = g.colNodes(e, plan, u.from, u.to)
					} else {
						r.err = g.colEdges(e, u.from, u.to)
					}
					r.col, r.end = e.buf, e.end
				}
				results[i] <- r
			}
		}()
	}
	go func() {
		defer close(jobs)
		for i := range units {
			select {
			case window <- struct{}{}:
			case <-stop:
				return
			}
			select {
			case jobs <- i:
			case <-stop:
				return
			}
		}
	}()
	writeColHead := func() error {
		<-planned
		colHead, err := g.columnsHead(plan, writeChunk)
		if err != nil {
			return err
		}
		cw.write(colHead)
		return nil
	}
	err = func() error {
		for i := range units {
			if err := ctx.Err(); err != nil {
				return err
			}
			if i == nodeUnits {
				if err := put([]byte(g.midJSON())); err != nil {
					return err
				}
			}
			r := <-results[i]
			if r.err != nil {
				return r.err
			}
			if cols != nil {
				if i == 0 {
					if err := writeColHead(); err != nil {
						return err
					}
				}
				if i == nodeUnits {
					edgesAt, lastEnd = cw.n, 0 // the edges' first gap is absolute
				}
				cw.write(binary.AppendUvarint(nil, uint64(jsLen-lastEnd)))
				cw.write(r.col)
				lastEnd = jsLen + int64(r.end)
				colPool.Put(&r.col)
			}
			err := put(r.buf)
			pool.Put(&r.buf)
			<-window
			if err != nil {
				return err
			}
		}
		if nodeUnits == len(units) {
			if err := put([]byte(g.midJSON())); err != nil {
				return err
			}
		}
		tail := "]\n}\n"
		if g.EdgeCount() > 0 {
			tail = "\n  ]\n}\n"
		}
		if err := put([]byte(tail)); err != nil {
			return err
		}
		if cols != nil {
			if len(units) == 0 {
				if err := writeColHead(); err != nil {
					return err
				}
			}
			if nodeUnits == len(units) {
				edgesAt = cw.n
			}
			cw.write(columnsTail(cw.crc, edgesAt, jsLen, jsCRC))
			return cw.err
		}
		return nil
	}()
	close(stop)
	wg.Wait()
	return err
}

// writeChunk is how many nodes or edges WriteJSON encodes per unit of
// work: about 1.5 MB of JSON for sources as the builder makes them.
const writeChunk = 2048

func (g *Graph) midJSON() string {
	if g.NodeCount() > 0 {
		return "\n  ],\n  \"edges\": ["
	}
	return "],\n  \"edges\": ["
}

// reservedKeys are the top-level keys of the format; Meta keys with these
// names are not written (and never read into Meta).
func reservedKey(k string) bool {
	switch k {
	case "format_version", "task_id", "created_at", "stats", "nodes", "edges", "graph":
		return true
	}
	return false
}

func (g *Graph) headJSON() ([]byte, error) {
	buf := []byte("{\n  \"format_version\": " + strconv.Itoa(FormatVersion) + ",\n  \"task_id\": ")
	buf, _ = appendValue(buf, g.TaskID)
	buf = append(buf, ",\n  \"created_at\": "...)
	buf, _ = appendValue(buf, g.CreatedAt)
	buf = append(buf, ",\n  \"stats\": "...)
	st := g.Stats()
	stats := Attributes{{"total_nodes", st.TotalNodes}, {"total_edges", st.TotalEdges}}
	for _, t := range st.SortedTypes() {
		switch t {
		case "", "total_nodes", "total_edges":
			continue // would collide with the totals or be a blank key
		}
		stats = append(stats, Attr{string(t), st.ByType[t]})
	}
	buf, _ = stats.appendJSON(buf)
	for _, kv := range g.Meta {
		if reservedKey(kv.Key) {
			continue
		}
		buf = append(buf, ",\n  "...)
		buf, _ = appendValue(buf, kv.Key)
		buf = append(buf, ": "...)
		var err error
		if buf, err = appendValue(buf, kv.Value); err != nil {
			return nil, fmt.Errorf("graphrag: write meta %q: %w", kv.Key, err)
		}
	}
	return append(buf, ",\n  \"nodes\": ["...), nil
}

// The JSON shapes of one node and one edge in format 4.
type (
	sourceOut struct {
		ID         string       `json:"id"`
		Type       NodeType     `json:"type"`
		Name       string       `json:"name"`
		Attributes *sourceAttrs `json:"attributes"`
	}
	nodeOut struct {
		ID         string     `json:"id"`
		Type       NodeType   `json:"type"`
		Name       string     `json:"name"`
		Attributes Attributes `json:"attributes"`
		Derive     *bool      `json:"derive,omitempty"` // &false: a section's summary is not derived
	}
	foundAttrs struct {
		Records []Record `json:"records"`
	}
	foundOut struct {
		From       string     `json:"from"`
		To         string     `json:"to"`
		Relation   Relation   `json:"relation"`
		Weight     float64    `json:"weight"`
		Attributes foundAttrs `json:"attributes"`
	}
	edgeOut struct {
		From       string     `json:"from"`
		To         string     `json:"to"`
		Relation   Relation   `json:"relation"`
		Weight     float64    `json:"weight"`
		Attributes Attributes `json:"attributes"`
	}
)

// appendNodes appends the JSON rows of the nodes [from, to).
func (g *Graph) appendNodes(buf []byte, from, to int) ([]byte, error) {
	slow := from // rows before slow are written one by one
	for v := from; v < to; v++ {
		sep := ",\n    "
		if v == 0 {
			sep = "\n    "
		}
		r := g.srcRow[v]
		if r >= 0 && v >= slow {
			end := v + 1
			for end < to && g.srcRow[end] >= 0 {
				end++
			}
			var ok bool
			if buf, ok = g.appendSourceRun(buf, v, end, sep); ok {
				v = end - 1
				continue
			}
			slow = end // the codec failed: row by row, to name the row
		}
		buf = append(buf, sep...)
		var err error
		if r >= 0 {
			o := g.sourceOut(v)
			buf, err = appendValue(buf, &o)
		} else {
			a := g.attrs[v]
			if a == nil {
				a = Attributes{}
			}
			var derive *bool
			if g.Type(v) == TypeSection {
				var keep bool
				if a, keep = sectionOut(a); keep {
					derive = new(bool)
				}
			}
			buf, err = appendValue(buf, &nodeOut{g.ids[v], g.Type(v), g.names[v], a, derive})
		}
		if err != nil {
			return nil, fmt.Errorf("graphrag: write node %q: %w", g.ids[v], err)
		}
	}
	return buf, nil
}

// sourceOut is typed source v as a file stores it, its name included.
func (g *Graph) sourceOut(v int) sourceOut {
	return sourceOut{ID: g.ids[v], Type: TypeSource, Name: g.names[v], Attributes: &g.sources[g.srcRow[v]]}
}

func (g *Graph) appendEdges(buf []byte, from, to int) ([]byte, error) {
	slow := from // rows before slow are written one by one
	for i := from; i < to; i++ {
		sep := ",\n    "
		if i == 0 {
			sep = "\n    "
		}
		recs := g.Records(i)
		if recs != nil && i >= slow {
			end := i + 1
			for end < to && g.recOff[end] != g.recOff[end+1] {
				end++
			}
			var ok bool
			if buf, ok = g.appendFoundRun(buf, i, end, sep); ok {
				i = end - 1
				continue
			}
			slow = end
		}
		buf = append(buf, sep...)
		ab := g.ends[i]
		f, t := g.ids[ab[0]], g.ids[ab[1]]
		var err error
		if recs != nil {
			buf, err = appendValue(buf, &foundOut{f, t, g.Relation(i), g.Weight(i), foundAttrs{recs}})
		} else {
			var a Attributes
			if g.eattrs != nil {
				a = g.eattrs[i]
			}
			if a == nil {
				a = Attributes{}
			}
			buf, err = appendValue(buf, &edgeOut{f, t, g.Relation(i), g.Weight(i), a})
		}
		if err != nil {
			return nil, fmt.Errorf("graphrag: write edge %s -> %s: %w", f, t, err)
		}
	}
	return buf, nil
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
	data, err := readAll(r)
	if err != nil {
		return nil, nil, fmt.Errorf("graphrag: read: %w", err)
	}
	return ReadJSONText(data)
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
	return fmt.Errorf("%w: at %s: %s", ErrFormat, orRoot(path), fmt.Sprintf(format, args...))
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
	return fmt.Errorf("%w: at %s: invalid JSON at line %d, column %d", ErrFormat, orRoot(path), line, col)
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

// nodeRec is one decoded node before it enters the graph.
type nodeRec struct {
	id, name string
	typ      NodeType
	attrs    Attributes
	src      *sourceAttrs // typed source, or nil
	err      error
	// noName: the file gave neither a name nor a label; keep: the file
	// marked the node "derive": false (format 3).
	noName, keep bool
}

// derive gives a node read from a file of the given version what formats
// 3 and 4 leave out (see WriteJSONContext): a source's name when the file
// has none (format 3), a section's summary unless the node is marked
// "derive": false.
func (r *nodeRec) derive(version int) {
	if version < 3 || r.err != nil {
		return
	}
	switch r.typ {
	case TypeSource:
		if !r.noName {
			return
		}
		if r.src != nil {
			r.name = SourceName(r.src.Title, r.src.URL, r.src.Content)
		} else {
			r.name = SourceName(r.attrs.String("title"), r.attrs.String("url"), r.attrs.String("content"))
		}
	case TypeSection:
		if !r.keep {
			r.attrs = withSummary(r.attrs)
		}
	}
}

// nodeIn is a node as our writers spell it: formats 3 and 2, and format 1 with
// its label and properties duplicates. A nodes array that decodes into it
// strictly (string ids, no other keys) takes the fast path; anything else
// goes node by node through flexNode.
type nodeIn struct {
	ID         string   `json:"id"`
	Type       NodeType `json:"type"`
	Name       *string  `json:"name"`
	Label      string   `json:"label"`
	Attributes ast.Node `json:"attributes"` // lazy: the raw text, pointing into the input
	Properties ast.Node `json:"properties"` // format 1: a copy of attributes, skipped
	Derive     *bool    `json:"derive"`     // format 3: false for a section whose summary is not derived
}

// sourceAttrsV1 is a source's attributes in format 1: format 2's and 3's, with
// the derived preview.
type sourceAttrsV1 struct {
	sourceAttrs
	Preview string `json:"preview"`
}

func (rd *reader) readNodes() error {
	if rd.nodes == "" {
		return nil
	}
	var recs []nodeRec
	var ins []nodeIn
	if decAPI.UnmarshalFromString(rd.nodes, &ins) == nil {
		recs = make([]nodeRec, len(ins))
		parallel.Each(len(ins), decodeGrain, func(_, i int) { recs[i] = fastNode(&ins[i], rd.version, fmt.Sprintf("%s[%d]", rd.nodesAt, i)) })
	} else {
		// Other tools' spellings, or a file that does not decode
		// strictly: node by node, with precise errors.
		raws, err := elements(rd.nodes, rd.nodesAt)
		if err != nil {
			return err
		}
		recs = make([]nodeRec, len(raws))
		parallel.Each(len(raws), decodeGrain, func(_, i int) { recs[i] = rd.flexNode(raws[i], fmt.Sprintf("%s[%d]", rd.nodesAt, i)) })
	}
	// Size the columns once.
	g := NewWithCapacity(len(recs), len(recs))
	g.TaskID, g.CreatedAt, g.Meta = rd.g.TaskID, rd.g.CreatedAt, rd.g.Meta
	rd.g = g
	for i := range recs {
		r := &recs[i]
		if r.err != nil {
			return r.err
		}
		switch err := g.addRec(r); {
		case err == nil:
		case errors.Is(err, ErrDuplicateNode):
			rd.rep.DuplicateNodes++
			rd.rep.warn("%s[%d]: duplicate node id %q skipped (the first is kept)", rd.nodesAt, i, r.id)
		default:
			return fmt.Errorf("%w: at %s[%d]: %w", ErrFormat, rd.nodesAt, i, err)
		}
	}
	return nil
}

// fastNode finishes a node that decoded strictly (see nodeIn), with the
// same meaning flexNode gives it.
func fastNode(in *nodeIn, version int, path string) nodeRec {
	r := nodeRec{id: in.ID, typ: in.Type, keep: in.Derive != nil && !*in.Derive}
	if in.ID == "" {
		r.err = errAt(path+".id", "a node needs a non-empty string or number id")
		return r
	}
	switch {
	case in.Name != nil:
		r.name = *in.Name
	case in.Label != "":
		r.name = in.Label
	default:
		r.name, r.noName = in.ID, true
	}
	raw := rawOf(&in.Attributes)
	if !in.Attributes.Exists() {
		raw = rawOf(&in.Properties)
	}
	r.finish(raw, version, path)
	r.derive(version)
	return r
}

// addRec adds a decoded node to g (typed when r.src is set).
func (g *Graph) addRec(r *nodeRec) error {
	if r.src == nil {
		return g.AddNode(&Node{ID: r.id, Type: r.typ, Name: r.name, Attrs: r.attrs})
	}
	v, err := g.AddSource(Source{ID: r.id, Name: r.name, URL: r.src.URL, Title: r.src.Title, Content: r.src.Content, Score: r.src.Score, Key: r.src.Key})
	if err == nil {
		g.SetSourceTally(v, r.src.Engines, r.src.FoundCount)
	}
	return err
}

// finish reads the raw attributes object of a node whose id, type and name
// are set: a source with exactly the builder's keys is typed, anything
// else generic attributes. The graph file and the column file
// (ReadColumns) both go through it, so they give the same graph.
func (r *nodeRec) finish(raw string, version int, path string) {
	if r.typ == TypeSource {
		if version >= 2 {
			var sa sourceAttrs
			if decAPI.UnmarshalFromString(raw, &sa) == nil && sa.Engines != nil && (sa.Key == "url" || sa.Key == "text") {
				r.src = &sa
				return
			}
		} else {
			var v1 sourceAttrsV1
			if decAPI.UnmarshalFromString(raw, &v1) == nil && v1.Engines != nil && (v1.Key == "url" || v1.Key == "text") &&
				utf8.ValidString(v1.Content) && v1.Preview == TruncateRunes(v1.Content, PreviewRunes) {
				r.src = &v1.sourceAttrs
				return
			}
		}
	}
	r.attrs, r.err = attrsOf(raw, path+".attributes")
}

// rawOf returns the raw JSON text of a lazily decoded value ("" when the
// key was absent). Strings decoded from it point into the input.
func rawOf(n *ast.Node) string {
	if !n.Exists() {
		return ""
	}
	r, err := n.Raw()
	if err != nil {
		return ""
	}
	return r
}

// attrsOf decodes an attributes object (or null, or nothing).
func attrsOf(raw, path string) (Attributes, error) {
	switch strings.TrimSpace(raw) {
	case "", "null", "{}":
		return Attributes{}, nil
	}
	v, err := decodeRaw(raw, path)
	if err != nil {
		return nil, err
	}
	a, ok := v.(Attributes)
	if !ok {
		return nil, errAt(path, "attributes: want a JSON object, got %s", kindOf(v))
	}
	return a, nil
}

// flexNode reads a node in any accepted spelling.
func (rd *reader) flexNode(raw, path string) nodeRec {
	var r nodeRec
	var hasID, hasName bool
	var group, label string
	var attrs, props Attributes
	var hasAttrs, hasProps bool
	var extra Attributes
	err := members(raw, path, func(key, val string) error {
		kp := joinPath(path, key)
		var err error
		switch key {
		case "attributes", "properties":
			var a Attributes
			if a, err = attrsOf(val, joinPath(path, "attributes")); err != nil {
				return err
			}
			if key == "attributes" {
				attrs, hasAttrs = a, true
			} else {
				props, hasProps = a, true
			}
			return nil
		}
		v, err := decodeRaw(val, kp)
		if err != nil {
			return err
		}
		str := func() (string, error) { return textValue(v, kp) }
		switch key {
		case "id":
			switch x := v.(type) {
			case string:
				r.id, hasID = x, x != ""
			case json.Number:
				r.id, hasID = x.String(), true
			}
		case "type":
			var t string
			t, err = str()
			r.typ = NodeType(t)
		case "group":
			group, err = str()
		case "name":
			r.name, err = str()
			hasName = v != nil
		case "label":
			label, err = str()
		case "derive":
			if rd.version < 3 { // an attribute of a flat node, as any other key
				if !rd.envelope {
					extra = append(extra, Attr{Key: key, Value: v})
				}
				break
			}
			b, ok := v.(bool)
			if !ok {
				return errAt(kp, "want a boolean, got %s", kindOf(v))
			}
			r.keep = !b
		default:
			if !rd.envelope { // the web API's view fields (title tooltip) are not data
				extra = append(extra, Attr{Key: key, Value: v})
			}
		}
		return err
	})
	if err != nil {
		r.err = err
		return r
	}
	if !hasID {
		r.err = errAt(path+".id", "a node needs a non-empty string or number id")
		return r
	}
	if r.typ == "" {
		r.typ = NodeType(group)
	}
	if !hasName {
		r.name = label
		if label == "" {
			r.name, r.noName = r.id, true
		}
	}
	switch {
	case hasAttrs:
		r.attrs = attrs
	case hasProps:
		r.attrs = props
	default:
		r.attrs = Attributes{}
	}
	for _, kv := range extra {
		if _, ok := r.attrs.Get(kv.Key); !ok {
			r.attrs = append(r.attrs, kv)
		}
	}
	if r.typ == TypeSource && len(extra) == 0 {
		r.src = typedSource(r.attrs)
	}
	r.derive(rd.version)
	return r
}

// v1SourceKeys are the attribute keys of a source in a version 1 file.
var v1SourceKeys = [...]string{"url", "title", "preview", "score", "content", "key", "engines", "found_count"}

// typedSource converts the attributes of a version 1 source when they are
// exactly the builder's (preview derived from content), so that nothing is
// lost by storing them typed; else nil.
func typedSource(a Attributes) *sourceAttrs {
	if len(a) != len(v1SourceKeys) {
		return nil
	}
	for i, k := range v1SourceKeys {
		if a[i].Key != k {
			return nil
		}
	}
	var s sourceAttrs
	var ok bool
	var preview string
	if s.URL, ok = a[0].Value.(string); !ok {
		return nil
	}
	if s.Title, ok = a[1].Value.(string); !ok {
		return nil
	}
	if preview, ok = a[2].Value.(string); !ok {
		return nil
	}
	switch x := a[3].Value.(type) {
	case nil:
	case json.Number:
		f, ok := canonicalFloat(x)
		if !ok {
			return nil
		}
		s.Score = &f
	default:
		return nil
	}
	if s.Content, ok = a[4].Value.(string); !ok || preview != TruncateRunes(s.Content, PreviewRunes) || !utf8.ValidString(s.Content) {
		return nil
	}
	if s.Key, ok = a[5].Value.(string); !ok || (s.Key != "url" && s.Key != "text") {
		return nil
	}
	list, ok := a[6].Value.([]any)
	if !ok {
		return nil
	}
	s.Engines = make([]string, len(list))
	for i, e := range list {
		if s.Engines[i], ok = e.(string); !ok {
			return nil
		}
	}
	n, ok := a[7].Value.(json.Number)
	if !ok || !isCanonicalInt(string(n)) {
		return nil
	}
	c, err := strconv.Atoi(string(n))
	if err != nil {
		return nil
	}
	s.FoundCount = c
	return &s
}

// edgeIn is an edge as our writers spell it (format 1 adds source and
// target); see nodeIn.
type edgeIn struct {
	From       string   `json:"from"`
	To         string   `json:"to"`
	Source     string   `json:"source"`
	Target     string   `json:"target"`
	Relation   Relation `json:"relation"`
	Label      Relation `json:"label"`
	Weight     *float64 `json:"weight"`
	Attributes ast.Node `json:"attributes"` // lazy: the raw text, pointing into the input
	Properties ast.Node `json:"properties"`
}

type edgeRec struct {
	from, to string
	rel      Relation
	weight   float64
	attrs    Attributes
	recs     []Record
	err      error
}

func (rd *reader) readEdges() error {
	if rd.edges == "" {
		return nil
	}
	var recs []edgeRec
	var ins []edgeIn
	if decAPI.UnmarshalFromString(rd.edges, &ins) == nil {
		recs = make([]edgeRec, len(ins))
		parallel.Each(len(ins), decodeGrain, func(_, i int) { recs[i] = fastEdge(&ins[i], fmt.Sprintf("%s[%d]", rd.edgesAt, i)) })
	} else {
		raws, err := elements(rd.edges, rd.edgesAt)
		if err != nil {
			return err
		}
		recs = make([]edgeRec, len(raws))
		parallel.Each(len(raws), decodeGrain, func(_, i int) { recs[i] = flexEdge(raws[i], fmt.Sprintf("%s[%d]", rd.edgesAt, i)) })
	}
	g := rd.g
	g.indexPairs()
	g.index()
	ids := g.byID
	for i := range recs {
		r := &recs[i]
		path := fmt.Sprintf("%s[%d]", rd.edgesAt, i)
		if r.err != nil {
			return r.err
		}
		fi, ok1 := ids[r.from]
		ti, ok2 := ids[r.to]
		if !ok1 || !ok2 {
			missing := r.from
			if ok1 {
				missing = r.to
			}
			rd.rep.DanglingEdges++
			rd.rep.warn("%s: edge %s -> %s skipped: no node %q", path, r.from, r.to, missing)
			continue
		}
		key := pairKey(fi, ti)
		if _, dup := g.pairs[key]; dup {
			rd.rep.DuplicateEdges++
			rd.rep.warn("%s: duplicate edge %s -> %s skipped (the first is kept)", path, r.from, r.to)
			continue
		}
		if err := g.appendEdge(fi, ti, r.rel, r.weight, r.attrs, r.recs); err != nil {
			return fmt.Errorf("%w: at %s: %w", ErrFormat, path, err)
		}
		g.pairs[key] = int32(len(g.ends) - 1)
		g.paired = len(g.ends)
	}
	return nil
}

func fastEdge(in *edgeIn, path string) edgeRec {
	r := edgeRec{from: cmpOr(in.From, in.Source), to: cmpOr(in.To, in.Target), rel: in.Relation, weight: 1}
	if r.rel == "" {
		r.rel = in.Label
	}
	if r.from == "" {
		r.err = errAt(path, "an edge needs \"from\" or \"source\"")
		return r
	}
	if r.to == "" {
		r.err = errAt(path, "an edge needs \"to\" or \"target\"")
		return r
	}
	if in.Weight != nil {
		r.weight = *in.Weight
	}
	raw := rawOf(&in.Attributes)
	if !in.Attributes.Exists() {
		raw = rawOf(&in.Properties)
	}
	r.attrs, r.recs, r.err = edgeFromRaw(raw, path)
	return r
}

// edgeFromRaw reads the raw attributes object of an edge: exactly
// {"records": [...]} in the builder's record shape gives typed records,
// anything else generic attributes ({} gives none). The graph file and the
// column file both go through it.
func edgeFromRaw(raw, path string) (Attributes, []Record, error) {
	if strings.HasPrefix(raw, `{"records":`) {
		var fa foundAttrs
		if decAPI.UnmarshalFromString(raw, &fa) == nil && len(fa.Records) > 0 {
			return nil, fa.Records, nil
		}
	}
	a, err := attrsOf(raw, path+".attributes")
	if err != nil {
		return nil, nil, err
	}
	a, err = edgeAttrs(a)
	return a, nil, err
}

// edgeAttrs splits decoded edge attributes into typed records or a
// generic list ({} is kept as no attributes).
func edgeAttrs(a Attributes) (Attributes, error) {
	if len(a) == 0 {
		return nil, nil
	}
	return a, nil
}

func flexEdge(raw, path string) edgeRec {
	r := edgeRec{weight: 1}
	var from, to, source, target, label string
	var attrs, props Attributes
	var hasAttrs, hasProps bool
	err := members(raw, path, func(key, val string) error {
		kp := joinPath(path, key)
		switch key {
		case "attributes", "properties":
			a, err := attrsOf(val, joinPath(path, "attributes"))
			if err != nil {
				return err
			}
			if key == "attributes" {
				attrs, hasAttrs = a, true
			} else {
				props, hasProps = a, true
			}
			return nil
		case "from", "to", "source", "target", "relation", "label", "weight":
		default:
			return nil // view fields (arrows, …)
		}
		v, err := decodeRaw(val, kp)
		if err != nil {
			return err
		}
		text := func() (string, error) { return textValue(v, kp) }
		switch key {
		case "from":
			from, err = text()
		case "to":
			to, err = text()
		case "source":
			source, err = text()
		case "target":
			target, err = text()
		case "relation":
			var s string
			s, err = text()
			r.rel = Relation(s)
		case "label":
			label, err = text()
		case "weight":
			if v != nil {
				num, ok := v.(json.Number)
				if !ok {
					return errAt(kp, "want a number, got %s", kindOf(v))
				}
				f, perr := num.Float64()
				if perr != nil {
					return errAt(kp, "%v", perr)
				}
				r.weight = f
			}
		}
		return err
	})
	if err != nil {
		r.err = err
		return r
	}
	r.from, r.to = cmpOr(from, source), cmpOr(to, target)
	if r.from == "" {
		r.err = errAt(path, "an edge needs \"from\" or \"source\"")
		return r
	}
	if r.to == "" {
		r.err = errAt(path, "an edge needs \"to\" or \"target\"")
		return r
	}
	if r.rel == "" {
		r.rel = Relation(label)
	}
	a := props
	if hasAttrs || !hasProps {
		a = attrs
	}
	if recs, ok := recordsOf(a); ok && r.rel == RelFound {
		r.recs = recs
		return r
	}
	r.attrs, _ = edgeAttrs(a)
	return r
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// readAll reads r to the end into one string. For a file it allocates the
// file's size once (instead of growing a buffer by doubling, which for a
// 500 MB graph cost a gigabyte of copies) and the string is the buffer
// itself, not a copy.
func readAll(r io.Reader) (string, error) { return readAllSize(r, fileSize(r)) }

// fileSize is the size of r when it is a regular file, else 0.
func fileSize(r io.Reader) int64 {
	if f, ok := r.(interface{ Stat() (os.FileInfo, error) }); ok {
		if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
			return fi.Size()
		}
	}
	return 0
}

// readAllSize is readAll with the expected size given (0: unknown).
func readAllSize(r io.Reader, size int64) (string, error) {
	var sb strings.Builder
	if size > 0 {
		sb.Grow(int(size) + 1)
	}
	buf := make([]byte, 256<<10)
	for {
		n, err := r.Read(buf)
		sb.Write(buf[:n])
		if err == io.EOF {
			return sb.String(), nil
		}
		if err != nil {
			return "", err
		}
	}
}

// textValue reads a decoded JSON value that must be text: a string, a
// number (its literal) or null (""); anything else is an error at path kp.
func textValue(v any, kp string) (string, error) {
	switch x := v.(type) {
	case nil:
		return "", nil
	case string:
		return x, nil
	case json.Number:
		return x.String(), nil
	}
	return "", errAt(kp, "want a string, got %s", kindOf(v))
}

// decodeGrain is the fewest records worth a goroutine of their own when
// the rows of a graph file are decoded.
const decodeGrain = 256
