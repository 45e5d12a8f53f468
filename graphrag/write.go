package graphrag

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"strconv"
	"sync"

	"github.com/bytedance/sonic"
	"github.com/bytedance/sonic/encoder"
)

// This file is the package's JSON codec and, with jsontext.go (strings and
// attribute objects), the only user of github.com/bytedance/sonic (a JIT/SIMD JSON library for amd64 and arm64;
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
// Nodes and edges are encoded a chunk at a time into one reused buffer
// (on one core: encoding on every core bought no whole-process figure,
// see docs/benchmarks.md); within a chunk, consecutive typed sources and
// found edges go to the codec as one run (see runs.go). Output is
// deterministic: graph order, attributes in their stored order. Strings keep non-ASCII text; invalid UTF-8 is written as
// U+FFFD. Errors: a value JSON cannot hold (a NaN weight or attribute),
// naming the node or edge; the writer's error; ctx.Err() when ctx is done
// (checked between chunks, so a cancelled save stops within a chunk).
func (g *Graph) WriteJSONContext(ctx context.Context, w io.Writer) error {
	return g.writeJSON(ctx, w, nil)
}

// WriteJSONColumns is WriteJSONContext that also writes the column file of
// the JSON it writes to cols (see columns.go; ReadColumns reads it with the
// JSON file's text): each chunk of nodes or edges gets its column records
// right after its JSON, looking its strings up in that JSON while it is
// in the cache, and both are written in order, with the JSON's CRC-32C. The column file is complete only when the JSON is:
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
	jw := &jsonWrite{g: g, w: w, cols: cols}
	head, _, err := g.headJSON()
	if err == nil && cols != nil {
		jw.plan, jw.cw = g.colPlan(), &crcWriter{w: cols}
		var colHead []byte
		var end int
		colHead, end, err = g.columnsHead(jw.plan, writeChunk, head)
		jw.cw.write(colHead)
		jw.lastEnd = int64(end)
	}
	if err == nil {
		err = jw.put(head)
	}
	if err == nil {
		err = jw.chunks(ctx, true, g.NodeCount())
	}
	if err == nil {
		err = jw.put([]byte(g.midJSON()))
	}
	if err != nil {
		return err
	}
	if jw.cw != nil {
		jw.edgesAt, jw.lastEnd = jw.cw.n, 0 // the edges' first gap is absolute
	}
	if err := jw.chunks(ctx, false, g.EdgeCount()); err != nil {
		return err
	}
	tail := "]\n}\n"
	if g.EdgeCount() > 0 {
		tail = "\n  ]\n}\n"
	}
	if err := jw.put([]byte(tail)); err != nil || jw.cols == nil {
		return err
	}
	jw.cw.write(columnsTail(jw.cw.crc, jw.edgesAt, jw.jsLen, jw.jsCRC))
	return jw.cw.err
}

// jsonWrite is one WriteJSONContext or WriteJSONColumns under way: what
// the writer keeps of the two files.
type jsonWrite struct {
	g       *Graph
	w, cols io.Writer
	plan    *colPlan
	cw      *crcWriter // the column file (nil without one)
	jsLen   int64      // JSON bytes written
	jsCRC   uint32     // and their CRC-32C
	lastEnd int64      // where the last string referenced ends in the JSON
	edgesAt int64      // where the edges start in the column file

	buf, col []byte // the chunk's JSON and column records, reused
}

// put writes JSON bytes, counting them (and their CRC-32C when there is a
// column file).
func (jw *jsonWrite) put(b []byte) error {
	if jw.cols != nil {
		jw.jsCRC = crc32.Update(jw.jsCRC, castagnoli, b)
	}
	jw.jsLen += int64(len(b))
	_, err := jw.w.Write(b)
	return err
}

// chunks writes the n nodes (or edges) writeChunk at a time: each chunk's
// column records (after the gap from the last string referenced) and
// its JSON.
func (jw *jsonWrite) chunks(ctx context.Context, nodes bool, n int) error {
	for from := 0; from < n; from += writeChunk {
		if err := ctx.Err(); err != nil {
			return err
		}
		end, err := jw.encode(nodes, from, min(from+writeChunk, n))
		if err != nil {
			return err
		}
		if jw.cols != nil {
			jw.cw.write(binary.AppendUvarint(nil, uint64(jw.jsLen-jw.lastEnd)))
			jw.cw.write(jw.col)
			jw.lastEnd = jw.jsLen + int64(end)
		}
		if err := jw.put(jw.buf); err != nil {
			return err
		}
	}
	return nil
}

// encode makes the JSON of the nodes (or edges) [from, to) in jw.buf and,
// with a column file, their column records in jw.col; it returns the end
// of the chunk's column records.
func (jw *jsonWrite) encode(nodes bool, from, to int) (end int, err error) {
	if nodes {
		jw.buf, err = jw.g.appendNodes(jw.buf[:0], from, to)
	} else {
		jw.buf, err = jw.g.appendEdges(jw.buf[:0], from, to)
	}
	if jw.cols == nil || err != nil {
		return 0, err
	}
	e := &colEnc{js: jw.buf, buf: jw.col[:0]}
	if nodes {
		err = jw.g.colNodes(e, jw.plan, from, to)
	} else {
		err = jw.g.colEdges(e, from, to)
	}
	jw.col = e.buf
	return e.end, err
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

// headJSON is the graph file up to its first node; meta is the span of
// it that holds the Meta members ("key": value, separated by ",\n  "),
// which the column file points to (columnsHead).
func (g *Graph) headJSON() (head []byte, meta [2]int, err error) {
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
	meta = [2]int{len(buf) + 4, len(buf) + 4}
	for _, kv := range g.Meta {
		if reservedKey(kv.Key) {
			continue
		}
		buf = append(buf, ",\n  "...)
		buf, _ = appendValue(buf, kv.Key)
		buf = append(buf, ": "...)
		if buf, err = appendValue(buf, kv.Value); err != nil {
			return nil, meta, fmt.Errorf("graphrag: write meta %q: %w", kv.Key, err)
		}
		meta[1] = len(buf)
	}
	return append(buf, ",\n  \"nodes\": ["...), meta, nil
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
	typed := func(v int) bool { return g.srcRow[v] >= 0 }
	return appendChunk(buf, from, to, typed, &sourceRuns, g.sourceOut, `,{"id":`, g.nodeJSON)
}

// appendEdges appends the JSON rows of the edges [from, to).
func (g *Graph) appendEdges(buf []byte, from, to int) ([]byte, error) {
	typed := func(i int) bool { return g.recOff[i] != g.recOff[i+1] }
	return appendChunk(buf, from, to, typed, &foundRuns, g.foundOut, `,{"from":`, g.edgeJSON)
}

// appendChunk appends the JSON rows [from, to) of the nodes or edges,
// each on its own line: a run of typed rows (typed(i)) as one codec call
// (appendRun with pool, row and boundary), the others with one; should
// the codec fail on a run, its rows go one by one, to name the row.
func appendChunk[T any](buf []byte, from, to int, typed func(int) bool, pool *sync.Pool, row func(int) T,
	boundary string, one func([]byte, int) ([]byte, error)) ([]byte, error) {
	slow := from // rows before slow are written one by one
	for i := from; i < to; i++ {
		sep := ",\n    "
		if i == 0 {
			sep = "\n    "
		}
		if i >= slow && typed(i) {
			end := i + 1
			for end < to && typed(end) {
				end++
			}
			var ok bool
			if buf, ok = appendRun(pool, buf, i, end, row, sep, boundary); ok {
				i = end - 1
				continue
			}
			slow = end
		}
		var err error
		if buf, err = one(append(buf, sep...), i); err != nil {
			return nil, err
		}
	}
	return buf, nil
}

// nodeJSON appends the JSON of node v alone.
func (g *Graph) nodeJSON(buf []byte, v int) ([]byte, error) {
	var err error
	if g.srcRow[v] >= 0 {
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
	return buf, nil
}

// sourceOut is typed source v as a file stores it, its name included.
func (g *Graph) sourceOut(v int) sourceOut {
	return sourceOut{ID: g.ids[v], Type: TypeSource, Name: g.names[v], Attributes: &g.sources[g.srcRow[v]]}
}

// foundOut is typed found edge i as a file stores it.
func (g *Graph) foundOut(i int) foundOut {
	ab := g.ends[i]
	return foundOut{g.ids[ab[0]], g.ids[ab[1]], g.Relation(i), g.Weight(i), foundAttrs{g.Records(i)}}
}

// edgeJSON appends the JSON of edge i alone.
func (g *Graph) edgeJSON(buf []byte, i int) ([]byte, error) {
	ab := g.ends[i]
	f, t := g.ids[ab[0]], g.ids[ab[1]]
	var err error
	if g.Records(i) != nil {
		o := g.foundOut(i)
		buf, err = appendValue(buf, &o)
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
	return buf, nil
}
