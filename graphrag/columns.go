package graphrag

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math"
	"slices"

	sonicutf8 "github.com/bytedance/sonic/utf8"
)

// The column file is a binary copy of a graph, written beside graphrag.json
// so that a process that only reads the graph (a one-off query, a report on
// a stored graph, the server) does not parse JSON: reading it is a copy of
// the file into memory and one pass that slices strings out of it. The
// JSON file stays the interchange format (front ends and BettaFish's
// loader read it); the column file is a cache of it, never read without
// proof that it belongs to the JSON file next to it.
//
// Layout (integers little-endian; uv = unsigned varint, sv = signed
// (zig-zag) varint, str = uv length + bytes, f64 = 8-byte IEEE 754):
//
//	"REGRAPHC"  u32 version (ColumnsVersion)  u32 n  stamp[n]
//	str task_id  str created_at  str meta (a JSON object, "" for none)
//	uv types, str each;  uv relations, str each
//	uv engine lists, each: uv n, str each
//	uv nodes, uv edges, uv records
//	each node: uv type, str id, str name, byte kind:
//	  0 generic:  str attributes (a JSON object)
//	  1 source:   byte flags (1 score, 2 title = name), [f64 score], str url,
//	              [str title], str content, byte key (0 url, 1 text),
//	              uv engine list (= the number of lists: uv n, str each
//	              follow), sv found_count
//	  2 generic:  value (an object)
//	each edge: uv from, uv to, uv relation, byte flags (1 weight,
//	  2 attributes as JSON, 4 records, 8 attributes as a value), [f64 weight],
//	  [str attributes], [uv n, records: sv index, byte flags (1 score,
//	  2 title, 4 content), [f64 score], str timestamp, [str title],
//	  [str content]], [value]
//	u32 CRC-32C of every byte before it
//
// A value is a tag byte and its data: 0 null, 1 false, 2 true, 3 string
// (str), 4 number (str: its JSON literal, read as a json.Number), 5 array
// (uv n, values), 6 object (uv n, then str key and value each). Generic
// attributes are stored as values when every value is one the JSON writer
// spells as such (strings, numbers, booleans, null, lists, Attributes);
// other Go values set in code (maps, structs) as JSON text.
//
// Node and edge indexes are graph indexes. The stamp is opaque to this
// package: graphrag/storage stores the identity of the graph file in it
// (size, modification time, inode, a checksum of its first and last bytes)
// and ReadColumns refuses a file whose stamp differs.
//
// What goes in is what the JSON file says: strings as the JSON writer
// spells them (invalid UTF-8 as U+FFFD), generic attributes as their JSON
// text, decoded on reading by the same code as the JSON reader's. So a
// graph read from its column file equals, accessor for accessor, the graph
// read from its JSON file (TestColumnsMatchJSON), and a graph the JSON
// reader would change (duplicate edges, ids or names that are not valid
// UTF-8) gets no column file (ErrNoColumns).

// ColumnsVersion is the layout version WriteColumns writes. ReadColumns
// reads only this version; another one is stale (ErrColumnsStale), so a
// program that changes the layout reads the JSON file until the column file
// is written again.
const ColumnsVersion = 2

const columnsMagic = "REGRAPHC"

// maxStamp bounds the stamp length a column file may declare.
const maxStamp = 4096

// Errors of the column file; test with errors.Is.
var (
	// ErrColumnsStale is wrapped by ReadColumns when the file's stamp is
	// not the one given, or its version is not ColumnsVersion: the file
	// belongs to another graph file (or program) and must not be used.
	ErrColumnsStale = errors.New("graphrag: column file does not belong to this graph file")
	// ErrColumnsCorrupt is wrapped by ReadColumns for a file that is not a
	// column file or is damaged (checksum, truncation, an index out of
	// range); the message says what and at which byte.
	ErrColumnsCorrupt = errors.New("graphrag: corrupt column file")
	// ErrNoColumns is returned by WriteColumns for a graph the JSON reader
	// would read back changed (a duplicate (from, to) edge, a node id,
	// node type or relation that is not valid UTF-8): such a graph is read
	// from its JSON file, with the JSON reader's LoadReport.
	ErrNoColumns = errors.New("graphrag: graph has no column form")
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// colWriter buffers output, keeping the running CRC of what it wrote.
type colWriter struct {
	w    io.Writer
	buf  []byte
	crc  uint32
	err  error
	hold bool // no flush: a value being written may be taken back
	// trusted: the strings now written are known to be valid UTF-8 (see
	// chunkValid), so str need not check each one.
	trusted bool
	scratch []byte
}

// chunkValid sets c.trusted to whether every string add appends is valid
// UTF-8, checked in one call: sonic's validator costs about 100 ns a
// call, which for the ~2.5 million short strings of a large graph is
// more than the check itself. The strings are joined with '\n' between
// them, so that two invalid ends cannot join into a valid sequence.
func (c *colWriter) chunkValid(add func(dst []byte) []byte) {
	c.scratch = add(c.scratch[:0])
	c.trusted = sonicutf8.Validate(c.scratch)
}

// startChunk begins a chunk of nodes or edges: ctx.Err() when ctx is
// done, else the chunk's strings checked (chunkValid).
func (c *colWriter) startChunk(ctx context.Context, add func(dst []byte) []byte) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	c.chunkValid(add)
	return nil
}

func (c *colWriter) text(s string) string {
	if c.trusted {
		return s
	}
	return jsonText(s)
}

func (c *colWriter) flush() {
	if c.err == nil && len(c.buf) > 0 {
		c.crc = crc32.Update(c.crc, castagnoli, c.buf)
		_, c.err = c.w.Write(c.buf)
	}
	c.buf = c.buf[:0]
}

func (c *colWriter) uv(x uint64) { c.buf = binary.AppendUvarint(c.buf, x) }
func (c *colWriter) sv(x int64)  { c.buf = binary.AppendVarint(c.buf, x) }
func (c *colWriter) b(x byte)    { c.buf = append(c.buf, x) }
func (c *colWriter) f64(f float64) {
	c.buf = binary.LittleEndian.AppendUint64(c.buf, math.Float64bits(f))
}

// str writes s as the JSON writer spells it.
func (c *colWriter) str(s string) { c.raw(c.text(s)) }

func (c *colWriter) raw(s string) {
	c.uv(uint64(len(s)))
	c.buf = append(c.buf, s...)
	if len(c.buf) >= 1<<20 && !c.hold {
		c.flush()
	}
}

// jsonText is s as it reads back from the JSON file: itself when it is
// valid UTF-8 (checked with sonic's SIMD validator, ten times faster than
// utf8.ValidString on Chinese text), else its JSON spelling decoded.
func jsonText(s string) string {
	if sonicutf8.ValidateString(s) {
		return s
	}
	b, _ := appendValue(nil, s)
	var out string
	_ = decAPI.UnmarshalFromString(string(b), &out)
	return out
}

// WriteColumns writes g in the column format (see the layout above) with
// the given stamp (at most 4 096 bytes), for ReadColumns. Output is
// deterministic. Errors: ErrNoColumns for a graph the JSON reader would
// change; a value JSON cannot hold (as WriteJSON); the writer's error;
// ctx.Err() when ctx is done (checked every 4 096 nodes or edges).
func (g *Graph) WriteColumns(ctx context.Context, w io.Writer, stamp []byte) error {
	if len(stamp) > maxStamp {
		return fmt.Errorf("graphrag: write columns: stamp of %d bytes (at most %d)", len(stamp), maxStamp)
	}
	if err := g.columnsCheck(); err != nil {
		return err
	}
	c := &colWriter{w: w, buf: make([]byte, 0, 1<<20+4096)}
	c.buf = append(c.buf, columnsMagic...)
	c.buf = binary.LittleEndian.AppendUint32(c.buf, ColumnsVersion)
	c.buf = binary.LittleEndian.AppendUint32(c.buf, uint32(len(stamp)))
	c.buf = append(c.buf, stamp...)
	c.str(g.TaskID)
	c.str(g.CreatedAt)
	meta, err := g.metaJSON()
	if err != nil {
		return err
	}
	c.raw(meta)
	c.uv(uint64(len(g.typeNames)))
	for _, t := range g.typeNames {
		c.raw(string(t))
	}
	c.uv(uint64(len(g.relNames)))
	for _, r := range g.relNames {
		c.raw(string(r))
	}
	// The engine lists of typed sources, each once.
	listOf := make([]uint32, len(g.sources))
	var lists [][]string
	code := map[string]uint32{}
	var key []byte
	for r := range g.sources {
		l := g.sources[r].Engines
		key = key[:0]
		for _, s := range l {
			key = append(append(key, s...), 0)
		}
		i, ok := code[string(key)]
		if !ok {
			i = uint32(len(lists))
			code[string(key)] = i
			lists = append(lists, l)
		}
		listOf[r] = i
	}
	c.uv(uint64(len(lists)))
	for _, l := range lists {
		c.uv(uint64(len(l)))
		for _, s := range l {
			c.str(s)
		}
	}
	c.uv(uint64(len(g.ids)))
	c.uv(uint64(len(g.ends)))
	c.uv(uint64(len(g.recs)))
	chunkOK := false
	for v := range g.ids {
		if v%chunk == 0 {
			if err := c.startChunk(ctx, func(dst []byte) []byte { return g.appendNodeStrings(dst, v, min(v+chunk, len(g.ids))) }); err != nil {
				return err
			}
			chunkOK = c.trusted
		}
		c.trusted = chunkOK
		c.uv(uint64(g.types[v]))
		c.str(g.ids[v])
		c.str(g.names[v])
		r := g.srcRow[v]
		var s *sourceAttrs
		if r >= 0 && (g.sources[r].Key == "url" || g.sources[r].Key == "text") {
			s = &g.sources[r]
		} else if r < 0 && g.typeNames[g.types[v]] == TypeSource {
			// A generic source the JSON reader would type (as
			// nodeRec.finish does): written typed.
			buf, err := g.attrs[v].appendJSON(nil)
			if err != nil {
				return fmt.Errorf("graphrag: write columns: node %q: %w", g.ids[v], err)
			}
			var sa sourceAttrs
			if decAPI.UnmarshalFromString(string(buf), &sa) == nil && sa.Engines != nil && (sa.Key == "url" || sa.Key == "text") {
				s = &sa
			}
		}
		if s != nil {
			c.b(1)
			title := c.text(s.Title)
			var flags byte
			if s.Score != nil {
				flags |= 1
			}
			if title == c.text(g.names[v]) {
				flags |= 2
			}
			c.b(flags)
			if s.Score != nil {
				c.f64(*s.Score + 0) // + 0: -0 reads back from JSON as 0
			}
			c.str(s.URL)
			if flags&2 == 0 {
				c.raw(title)
			}
			c.str(s.Content)
			if s.Key == "url" {
				c.b(0)
			} else {
				c.b(1)
			}
			if r >= 0 {
				c.uv(uint64(listOf[r]))
			} else {
				c.uv(uint64(len(lists)))
				c.uv(uint64(len(s.Engines)))
				for _, e := range s.Engines {
					c.str(e)
				}
			}
			c.sv(int64(s.FoundCount))
			continue
		}
		c.trusted = false // generic attributes: not in the chunk's check
		if r < 0 {
			mark := len(c.buf)
			c.b(2)
			c.hold = true
			ok := c.value(g.attrs[v], 0)
			c.hold = false
			if ok {
				continue
			}
			c.buf = c.buf[:mark]
		}
		// A source the JSON reader may type, a typed source it would
		// read as generic, values only JSON spells: their JSON text,
		// which ReadColumns reads as ReadJSON does.
		var buf []byte
		if r >= 0 {
			buf, err = appendValue(nil, &g.sources[r])
		} else {
			buf, err = g.attrs[v].appendJSON(nil)
		}
		if err != nil {
			return fmt.Errorf("graphrag: write columns: node %q: %w", g.ids[v], err)
		}
		c.b(0)
		c.raw(string(buf))
		if len(c.buf) >= 1<<20 {
			c.flush()
		}
	}
	for i, ab := range g.ends {
		if i%chunk == 0 {
			if err := c.startChunk(ctx, func(dst []byte) []byte { return g.appendRecordStrings(dst, i, min(i+chunk, len(g.ends))) }); err != nil {
				return err
			}
			chunkOK = c.trusted
		}
		c.trusted = chunkOK
		c.uv(uint64(ab[0]))
		c.uv(uint64(ab[1]))
		c.uv(uint64(g.rels[i]))
		recs := g.Records(i)
		var attrs Attributes
		if recs == nil && g.eattrs != nil {
			attrs = g.eattrs[i]
		}
		var flags byte
		w := g.Weight(i)
		if w != 1 {
			flags |= 1
		}
		var val []byte // attrs as a value, when they are not records
		if len(attrs) > 0 {
			flags |= 2
			if attrs[0].Key != "records" {
				save := c.buf
				c.buf, c.hold, c.trusted = nil, true, false
				if c.value(attrs, 0) {
					val, flags = c.buf, flags&^2|8
				}
				c.buf, c.hold, c.trusted = save, false, chunkOK
			}
		}
		if recs != nil {
			flags |= 4
		}
		c.b(flags)
		if flags&1 != 0 {
			c.f64(w)
		}
		if flags&2 != 0 {
			c.trusted = false
			buf, err := attrs.appendJSON(nil)
			if err != nil {
				return fmt.Errorf("graphrag: write columns: edge %s -> %s: %w", g.ids[ab[0]], g.ids[ab[1]], err)
			}
			c.raw(string(buf))
		}
		if recs != nil {
			c.uv(uint64(len(recs)))
			for k := range recs {
				rc := &recs[k]
				var f byte
				if rc.Score != nil {
					f |= 1
				}
				if rc.Title != nil {
					f |= 2
				}
				if rc.Content != nil {
					f |= 4
				}
				c.sv(int64(rc.Index))
				c.b(f)
				if rc.Score != nil {
					c.f64(*rc.Score + 0)
				}
				c.str(rc.Timestamp)
				if rc.Title != nil {
					c.str(*rc.Title)
				}
				if rc.Content != nil {
					c.str(*rc.Content)
				}
			}
		}
		c.buf = append(c.buf, val...)
		if len(c.buf) >= 1<<20 {
			c.flush()
		}
	}
	c.flush()
	if c.err != nil {
		return c.err
	}
	_, err = w.Write(binary.LittleEndian.AppendUint32(nil, c.crc))
	return err
}

// chunk is the number of nodes or edges whose strings are checked in one
// call (chunkValid), and between two checks of the context.
const chunk = 512

// appendNodeStrings appends the strings WriteColumns writes of the typed
// nodes [from, to): ids, names and source fields.
func (g *Graph) appendNodeStrings(dst []byte, from, to int) []byte {
	for v := from; v < to; v++ {
		dst = append(append(dst, g.ids[v]...), '\n')
		dst = append(append(dst, g.names[v]...), '\n')
		if r := g.srcRow[v]; r >= 0 {
			s := &g.sources[r]
			for _, t := range [...]string{s.URL, s.Title, s.Content} {
				dst = append(append(dst, t...), '\n')
			}
		}
	}
	return dst
}

// appendRecordStrings appends the strings of the records of edges [from, to).
func (g *Graph) appendRecordStrings(dst []byte, from, to int) []byte {
	for i := from; i < to; i++ {
		for _, r := range g.Records(i) {
			dst = append(append(dst, r.Timestamp...), '\n')
			if r.Title != nil {
				dst = append(append(dst, *r.Title...), '\n')
			}
			if r.Content != nil {
				dst = append(append(dst, *r.Content...), '\n')
			}
		}
	}
	return dst
}

// value appends v as a value (see the layout), as the JSON reader would
// decode the JSON writer's text of it; false (with part of it appended)
// for a value it does not know or nests deeper than 100 levels.
func (c *colWriter) value(v any, depth int) bool {
	if depth > 100 {
		return false
	}
	switch x := v.(type) {
	case nil:
		c.b(0)
	case bool:
		if x {
			c.b(2)
		} else {
			c.b(1)
		}
	case string:
		c.b(3)
		c.str(x)
	case json.Number, int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64, float64:
		lit, err := appendValue(nil, x)
		if err != nil || len(lit) == 0 || lit[0] != '-' && (lit[0] < '0' || lit[0] > '9') {
			return false
		}
		c.b(4)
		c.raw(string(lit))
	case []any:
		c.b(5)
		c.uv(uint64(len(x)))
		for _, e := range x {
			if !c.value(e, depth+1) {
				return false
			}
		}
	case []string:
		c.b(5)
		c.uv(uint64(len(x)))
		for _, e := range x {
			c.b(3)
			c.str(e)
		}
	case Attributes:
		c.b(6)
		c.uv(uint64(len(x)))
		for _, kv := range x {
			c.str(kv.Key)
			if !c.value(kv.Value, depth+1) {
				return false
			}
		}
	default:
		return false
	}
	return true
}

// columnsCheck returns ErrNoColumns for a graph the JSON reader would
// read back changed: ids, types or relations that are not valid UTF-8
// (two of them could collide once spelt with U+FFFD), or a repeated (from,
// to) pair (the JSON reader keeps the first edge and reports the others).
// It also refuses NaN and infinite weights, as Save does.
func (g *Graph) columnsCheck() error {
	var scratch []byte
	for lo := 0; lo < len(g.ids); lo += chunk {
		ids := g.ids[lo:min(lo+chunk, len(g.ids))]
		scratch = scratch[:0]
		for _, id := range ids {
			scratch = append(append(scratch, id...), '\n')
		}
		if sonicutf8.Validate(scratch) {
			continue
		}
		for _, id := range ids {
			if !sonicutf8.ValidateString(id) {
				return fmt.Errorf("%w: node id %q is not valid UTF-8", ErrNoColumns, id)
			}
		}
	}
	for _, t := range g.typeNames {
		if !sonicutf8.ValidateString(string(t)) {
			return fmt.Errorf("%w: node type %q is not valid UTF-8", ErrNoColumns, t)
		}
	}
	for _, r := range g.relNames {
		if !sonicutf8.ValidateString(string(r)) {
			return fmt.Errorf("%w: relation %q is not valid UTF-8", ErrNoColumns, r)
		}
	}
	for i := range g.ends {
		if w := g.Weight(i); math.IsNaN(w) || math.IsInf(w, 0) {
			return fmt.Errorf("graphrag: write columns: edge %d: weight %v is not a JSON number", i, w)
		}
	}
	// Repeated pairs: the targets of each node's out-edges must differ.
	// Edges grouped by source with a counting sort, then seen[to] marks
	// the last source with an edge to "to".
	n := len(g.ids)
	off := make([]int32, n+1)
	for _, ab := range g.ends {
		off[ab[0]+1]++
	}
	for v := 1; v <= n; v++ {
		off[v] += off[v-1]
	}
	targets := make([]int32, len(g.ends))
	next := slices.Clone(off[:n])
	for _, ab := range g.ends {
		targets[next[ab[0]]] = ab[1]
		next[ab[0]]++
	}
	seen := next // reused: seen[to] = 1 + the last source seen with an edge to it
	clear(seen)
	for v := range n {
		for _, to := range targets[off[v]:off[v+1]] {
			if seen[to] == int32(v)+1 {
				return fmt.Errorf("%w: edge %s -> %s is repeated", ErrNoColumns, g.ids[v], g.ids[to])
			}
			seen[to] = int32(v) + 1
		}
	}
	return nil
}

// metaJSON is the JSON object of the Meta keys WriteJSON writes ("" for
// none), spelt as WriteJSON spells them.
func (g *Graph) metaJSON() (string, error) {
	var buf []byte
	for _, kv := range g.Meta {
		if reservedKey(kv.Key) {
			continue
		}
		if buf == nil {
			buf = append(buf, '{')
		} else {
			buf = append(buf, ',')
		}
		buf, _ = appendValue(buf, kv.Key)
		buf = append(buf, ':')
		var err error
		if buf, err = appendValue(buf, kv.Value); err != nil {
			return "", fmt.Errorf("graphrag: write columns: meta %q: %w", kv.Key, err)
		}
	}
	if buf == nil {
		return "", nil
	}
	return string(append(buf, '}')), nil
}

// colReader reads the body of a column file. Every read is bounds-checked;
// the first failure sticks in err and later reads return zero values.
type colReader struct {
	s   string
	pos int
	err error
}

func (r *colReader) fail(format string, args ...any) {
	if r.err == nil {
		r.err = fmt.Errorf("%w: %s (at byte %d)", ErrColumnsCorrupt, fmt.Sprintf(format, args...), r.pos)
	}
}

func (r *colReader) uv() uint64 {
	var x uint64
	for shift := uint(0); r.err == nil; shift += 7 {
		if r.pos >= len(r.s) || shift > 63 {
			r.fail("bad number")
			return 0
		}
		c := r.s[r.pos]
		r.pos++
		if shift == 63 && c > 1 {
			r.fail("number overflows 64 bits")
			return 0
		}
		x |= uint64(c&0x7f) << shift
		if c < 0x80 {
			return x
		}
	}
	return 0
}

func (r *colReader) sv() int64 {
	u := r.uv()
	return int64(u>>1) ^ -int64(u&1)
}

// count reads a length that must fit in the bytes left (every counted
// item takes at least one byte), so no crafted count allocates more than
// the file's size.
func (r *colReader) count(what string) int {
	n := r.uv()
	if r.err == nil && n > uint64(len(r.s)-r.pos) {
		r.fail("%s: count %d exceeds the file", what, n)
		return 0
	}
	return int(n)
}

// index reads a number that must be below n.
func (r *colReader) index(n int, what string) int {
	i := r.uv()
	if r.err == nil && i >= uint64(n) {
		r.fail("%s %d out of range [0, %d)", what, i, n)
		return 0
	}
	return int(i)
}

func (r *colReader) str() string {
	n := r.count("string")
	if r.err != nil {
		return ""
	}
	s := r.s[r.pos : r.pos+n]
	r.pos += n
	return s
}

func (r *colReader) b() byte {
	if r.err != nil {
		return 0
	}
	if r.pos >= len(r.s) {
		r.fail("unexpected end")
		return 0
	}
	r.pos++
	return r.s[r.pos-1]
}

func (r *colReader) f64() float64 {
	if r.err != nil {
		return 0
	}
	if len(r.s)-r.pos < 8 {
		r.fail("unexpected end")
		return 0
	}
	var x uint64
	for k := 7; k >= 0; k-- {
		x = x<<8 | uint64(r.s[r.pos+k])
	}
	r.pos += 8
	return math.Float64frombits(x)
}

// ReadColumns reads a column file written by WriteColumns. The header is
// read first: a file whose stamp differs from stamp, or of another
// version, gives ErrColumnsStale before the rest is read. Then the whole
// file is read into one buffer, which becomes the graph's string arena
// (strings point into it). Errors: ErrColumnsStale; ErrColumnsCorrupt
// (not a column file, checksum mismatch, truncation, an index out of
// range, a duplicate node id), naming the byte offset; the reader's error.
// The result equals what ReadJSON gives for the graph file the stamp
// names, with an empty LoadReport.
func ReadColumns(rd io.Reader, stamp []byte) (*Graph, error) {
	var head [16]byte
	if _, err := io.ReadFull(rd, head[:]); err != nil {
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return nil, fmt.Errorf("%w: shorter than its header", ErrColumnsCorrupt)
		}
		return nil, err
	}
	if string(head[:8]) != columnsMagic {
		return nil, fmt.Errorf("%w: not a column file", ErrColumnsCorrupt)
	}
	if v := binary.LittleEndian.Uint32(head[8:]); v != ColumnsVersion {
		return nil, fmt.Errorf("%w: version %d (this program reads %d)", ErrColumnsStale, v, ColumnsVersion)
	}
	n := binary.LittleEndian.Uint32(head[12:])
	if n > maxStamp {
		return nil, fmt.Errorf("%w: stamp of %d bytes", ErrColumnsCorrupt, n)
	}
	got := make([]byte, n)
	if _, err := io.ReadFull(rd, got); err != nil {
		return nil, fmt.Errorf("%w: truncated header", ErrColumnsCorrupt)
	}
	if !bytes.Equal(got, stamp) {
		return nil, fmt.Errorf("%w: stamp differs", ErrColumnsStale)
	}
	cr := &crcReader{r: rd, crc: crc32.Update(crc32.Update(0, castagnoli, head[:]), castagnoli, got)}
	body, err := readAllSize(cr, fileSize(rd)-int64(len(head))-int64(n))
	if err != nil {
		return nil, err
	}
	if len(body) < 4 {
		return nil, fmt.Errorf("%w: truncated", ErrColumnsCorrupt)
	}
	if want := binary.LittleEndian.Uint32(cr.tail[:]); cr.crc != want {
		return nil, fmt.Errorf("%w: checksum mismatch (truncated or damaged)", ErrColumnsCorrupt)
	}
	r := &colReader{s: body[:len(body)-4]}
	g, err := r.graph()
	if err != nil {
		return nil, err
	}
	if r.pos != len(r.s) {
		return nil, fmt.Errorf("%w: %d bytes after the last edge", ErrColumnsCorrupt, len(r.s)-r.pos)
	}
	return g, nil
}

// crcReader passes reads through, keeping the CRC-32C of everything but
// the last 4 bytes seen (the trailer, kept in tail) — so the checksum is
// taken on the read buffers, not on a copy of the whole file.
type crcReader struct {
	r    io.Reader
	crc  uint32
	tail [4]byte
	nt   int
}

func (c *crcReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	data := p[:n]
	total := c.nt + n
	if total <= 4 {
		copy(c.tail[c.nt:], data)
		c.nt = total
		return n, err
	}
	k := total - 4 // bytes that can no longer be part of the trailer
	fromTail := min(c.nt, k)
	c.crc = crc32.Update(c.crc, castagnoli, c.tail[:fromTail])
	fromData := k - fromTail
	c.crc = crc32.Update(c.crc, castagnoli, data[:fromData])
	var tail [4]byte
	m := copy(tail[:], c.tail[fromTail:c.nt])
	m += copy(tail[m:], data[fromData:])
	c.tail, c.nt = tail, m
	return n, err
}

// value reads a value (see the layout) with the types the JSON reader
// gives: nil, bool, string, json.Number, []any, Attributes.
func (r *colReader) value(depth int) any {
	if depth > maxDepth {
		r.fail("values nested deeper than %d", maxDepth)
		return nil
	}
	switch tag := r.b(); tag {
	case 0:
		return nil
	case 1:
		return false
	case 2:
		return true
	case 3:
		return r.str()
	case 4:
		return json.Number(r.str())
	case 5:
		out := make([]any, r.count("list"))
		for i := range out {
			out[i] = r.value(depth + 1)
		}
		return out
	case 6:
		n := r.count("object")
		out := make(Attributes, 0, n)
		for ; n > 0 && r.err == nil; n-- {
			k := r.str()
			out.Set(k, r.value(depth+1))
		}
		return out
	default:
		r.fail("value tag %d", tag)
	}
	return nil
}

// rawAttrs is the JSON text of node v's attributes.
type rawAttrs struct {
	v   int32
	raw string
}

// slab hands out pointers into chunks of values, so that the optional
// fields of records and sources do not cost one allocation each.
type slab[T any] struct{ chunk []T }

func (s *slab[T]) ptr(x T) *T {
	if len(s.chunk) == cap(s.chunk) {
		s.chunk = make([]T, 0, 4096)
	}
	s.chunk = append(s.chunk, x)
	return &s.chunk[len(s.chunk)-1]
}

func (r *colReader) graph() (*Graph, error) {
	task, created, meta := r.str(), r.str(), r.str()
	types := make([]NodeType, r.count("node types"))
	for i := range types {
		types[i] = NodeType(r.str())
	}
	rels := make([]Relation, r.count("relations"))
	for i := range rels {
		rels[i] = Relation(r.str())
	}
	lists := make([][]string, r.count("engine lists"))
	for i := range lists {
		l := make([]string, r.count("engine list"))
		for k := range l {
			l[k] = r.str()
		}
		lists[i] = l
	}
	nn, ne, nr := r.count("nodes"), r.count("edges"), r.count("records")
	if r.err != nil {
		return nil, r.err
	}
	g := NewWithCapacity(nn, ne)
	if nr > cap(g.recs) {
		g.recs = make([]Record, 0, nr)
	}
	g.TaskID, g.CreatedAt = task, created
	if meta != "" {
		err := members(meta, "meta", func(key, val string) error {
			v, err := decodeRaw(val, key)
			if err == nil {
				g.Meta.Set(key, v)
			}
			return err
		})
		if err != nil {
			return nil, fmt.Errorf("%w: meta: %w", ErrColumnsCorrupt, err)
		}
	}
	for i, l := range lists {
		lists[i] = g.internList(l)
	}
	var floats slab[float64]
	var texts slab[string]
	var generic []rawAttrs
	for v := 0; v < nn && r.err == nil; v++ {
		ti := r.index(len(types), "node type")
		id, name := r.str(), r.str()
		if r.err != nil {
			break
		}
		typ := types[ti]
		switch kind := r.b(); kind {
		case 0:
			raw := r.str()
			if r.err != nil {
				break
			}
			if typ != TypeSource {
				// Decoded below, on every core.
				if _, err := g.appendNode(id, typ, name, nil, -1); err != nil {
					return nil, fmt.Errorf("%w: node %d: %w", ErrColumnsCorrupt, v, err)
				}
				generic = append(generic, rawAttrs{int32(v), raw})
				break
			}
			// A source the JSON reader may type: decoded as it does.
			rec := nodeRec{id: id, typ: typ, name: name}
			if rec.finish(raw, FormatVersion, fmt.Sprintf("nodes[%d]", v)); rec.err != nil {
				return nil, fmt.Errorf("%w: %w", ErrColumnsCorrupt, rec.err)
			}
			row := int32(-1)
			if rec.src != nil {
				row = int32(len(g.sources))
				g.sources = append(g.sources, *rec.src)
				g.sources[row].Engines = g.internList(rec.src.Engines)
			}
			if _, err := g.appendNode(id, typ, name, rec.attrs, row); err != nil {
				return nil, fmt.Errorf("%w: node %d: %w", ErrColumnsCorrupt, v, err)
			}
		case 1:
			if typ != TypeSource {
				r.fail("typed node %d of type %q", v, typ)
				break
			}
			s := Source{ID: id, Name: name}
			flags := r.b()
			if flags&1 != 0 {
				s.Score = floats.ptr(r.f64())
			}
			s.URL = r.str()
			s.Title = name
			if flags&2 == 0 {
				s.Title = r.str()
			}
			s.Content = r.str()
			switch r.b() {
			case 0:
				s.Key = "url"
			case 1:
				s.Key = "text"
			default:
				r.fail("source key")
			}
			var list []string
			if li := r.index(len(lists)+1, "engine list"); li < len(lists) {
				list = lists[li]
			} else { // a list of its own
				l := make([]string, r.count("engine list"))
				for k := range l {
					l[k] = r.str()
				}
				list = g.internList(l)
			}
			found := r.sv()
			if r.err != nil {
				break
			}
			row := int32(len(g.sources))
			if _, err := g.appendNode(id, TypeSource, name, nil, row); err != nil {
				return nil, fmt.Errorf("%w: node %d: %w", ErrColumnsCorrupt, v, err)
			}
			g.sources = append(g.sources, sourceAttrs{URL: s.URL, Title: s.Title, Score: s.Score, Content: s.Content, Key: s.Key, Engines: list, FoundCount: int(found)})
		case 2:
			a, ok := r.value(0).(Attributes)
			if !ok {
				r.fail("node %d: attributes are not an object", v)
			}
			if r.err != nil {
				break
			}
			if _, err := g.appendNode(id, typ, name, a, -1); err != nil {
				return nil, fmt.Errorf("%w: node %d: %w", ErrColumnsCorrupt, v, err)
			}
		default:
			r.fail("node kind %d", kind)
		}
	}
	if r.err != nil {
		return nil, r.err
	}
	// Generic attributes (a few thousand nodes of a built graph, with the
	// engines' reports) go through the JSON reader's decoder, in parallel.
	errs := make([]error, len(generic))
	parallel(len(generic), func(i int) {
		ga := generic[i]
		g.attrs[ga.v], errs[i] = attrsOf(ga.raw, fmt.Sprintf("nodes[%d].attributes", ga.v))
	})
	if err := errors.Join(errs...); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrColumnsCorrupt, err)
	}
	var recs []Record
	for i := 0; i < ne && r.err == nil; i++ {
		from, to := r.index(nn, "edge end"), r.index(nn, "edge end")
		ri := r.index(len(rels), "relation")
		flags := r.b()
		if r.err != nil {
			break
		}
		rel := rels[ri]
		w := 1.0
		if flags&1 != 0 {
			w = r.f64()
		}
		var attrs Attributes
		recs = recs[:0]
		if flags&2 != 0 {
			raw := r.str()
			if r.err != nil {
				break
			}
			var err error
			if attrs, recs, err = edgeFromRaw(raw, fmt.Sprintf("edges[%d]", i)); err != nil {
				return nil, fmt.Errorf("%w: %w", ErrColumnsCorrupt, err)
			}
		}
		if flags&4 != 0 {
			for k := r.count("records"); k > 0 && r.err == nil; k-- {
				rc := Record{Index: int(r.sv())}
				f := r.b()
				if f&1 != 0 {
					rc.Score = floats.ptr(r.f64())
				}
				rc.Timestamp = r.str()
				if f&2 != 0 {
					rc.Title = texts.ptr(r.str())
				}
				if f&4 != 0 {
					rc.Content = texts.ptr(r.str())
				}
				recs = append(recs, rc)
			}
		}
		if flags&8 != 0 {
			var ok bool
			if attrs, ok = r.value(0).(Attributes); !ok {
				r.fail("edge %d: attributes are not an object", i)
			} else if len(attrs) == 0 {
				attrs = nil
			}
		}
		if r.err != nil {
			break
		}
		if err := g.appendEdge(int32(from), int32(to), rel, w, attrs, recs); err != nil {
			return nil, fmt.Errorf("%w: edge %d: %w", ErrColumnsCorrupt, i, err)
		}
	}
	if r.err != nil {
		return nil, r.err
	}
	return g, nil
}
