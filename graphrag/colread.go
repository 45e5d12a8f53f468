package graphrag

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math"
)

// colReader reads the body of a column file. Every read is bounds-checked;
// the first failure sticks in err and later reads return zero values.
type colReader struct {
	s   string
	pos int
	err error
	js  string // the graph file's text
	cur int    // the cursor in js (see the layout)
	// unit: a gap comes before every unit-th node and edge.
	unit int
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
	x := r.uv()
	if r.err != nil {
		return ""
	}
	if x&1 == strInline {
		n := x >> 1
		if n > uint64(len(r.s)-r.pos) {
			r.fail("string of %d bytes exceeds the file", n)
			return ""
		}
		s := r.s[r.pos : r.pos+int(n)]
		r.pos += int(n)
		return s
	}
	d, n := x>>2, r.uv()
	if r.err != nil {
		return ""
	}
	if left := uint64(len(r.js) - r.cur); d > left || n > left-d {
		r.fail("string of %d bytes at %d past the cursor %d exceeds the graph file (%d bytes)", n, d, r.cur, len(r.js))
		return ""
	}
	off := r.cur + int(d)
	r.cur = off + int(n)
	if x&3 == strPlain {
		return r.js[off:r.cur]
	}
	// strEscaped: the bytes between two quotes of the graph file, decoded
	// as the JSON reader decodes them.
	var out string
	if off == 0 || r.cur == len(r.js) || decAPI.UnmarshalFromString(r.js[off-1:r.cur+1], &out) != nil {
		r.fail("escaped string of %d bytes at %d of the graph file is not a JSON string", n, off)
		return ""
	}
	return out
}

// gap reads the gap before a unit of nodes or edges, when i starts one.
func (r *colReader) gap(i int) {
	if i%r.unit != 0 {
		return
	}
	d := r.uv()
	if r.err == nil && d > uint64(len(r.js)-r.cur) {
		r.fail("gap %d past the cursor %d exceeds the graph file (%d bytes)", d, r.cur, len(r.js))
		return
	}
	r.cur += int(d)
}

// strs reads a counted list of strings (what names it in an error).
func strs[T ~string](r *colReader, what string) []T {
	l := make([]T, r.count(what))
	for i := range l {
		l[i] = T(r.str())
	}
	return l
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

// ReadColumns reads a column file written for the graph file text js
// (WriteColumns, WriteJSONColumns). The version is read first: a file of
// another version gives ErrColumnsStale before the rest is read. Then the
// whole file is read and checked (its own CRC-32C, then js's length and
// CRC-32C, which it records); the graph's strings point into js.Text or,
// for the few the JSON file spells with escapes, into the column file's
// bytes. Errors: ErrColumnsStale; ErrColumnsMismatch (written for other
// graph file bytes); ErrColumnsCorrupt (not a column file, checksum
// mismatch, truncation, an offset or index out of range, a duplicate node
// id), naming the byte offset; the reader's error. The result equals what
// ReadJSONText(js.Text) gives, with an empty LoadReport.
func ReadColumns(rd io.Reader, js GraphText) (*Graph, error) {
	var head [12]byte
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
	cr := &crcReader{r: rd, crc: crc32.Update(0, castagnoli, head[:])}
	body, err := readAllSize(cr, fileSize(rd)-int64(len(head)))
	if err != nil {
		return nil, err
	}
	if len(body) < trailerSize {
		return nil, fmt.Errorf("%w: truncated", ErrColumnsCorrupt)
	}
	if want := binary.LittleEndian.Uint32(cr.tail[:]); cr.crc != want {
		return nil, fmt.Errorf("%w: checksum mismatch (truncated or damaged)", ErrColumnsCorrupt)
	}
	tail := []byte(body[len(body)-trailerSize:])
	edgesAt := binary.LittleEndian.Uint64(tail)
	size := binary.LittleEndian.Uint64(tail[8:])
	want := binary.LittleEndian.Uint32(tail[16:])
	if size != uint64(len(js.Text)) {
		return nil, fmt.Errorf("%w: written for a graph file of %d bytes, it has %d", ErrColumnsMismatch, size, len(js.Text))
	}
	if edgesAt < uint64(len(head)) {
		return nil, fmt.Errorf("%w: edges at byte %d", ErrColumnsCorrupt, edgesAt)
	}
	if got := js.CRC(); got != want {
		return nil, fmt.Errorf("%w: written for a graph file with CRC-32C %08x, it has %08x", ErrColumnsMismatch, want, got)
	}
	r := &colReader{s: body[:len(body)-trailerSize], js: js.Text}
	return r.graph(edgesAt - uint64(len(head)))
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

// rawAttrs is the JSON text of node v's attributes (summary: a section
// whose summary is derived).
type rawAttrs struct {
	v       int32
	raw     string
	summary bool
}

func (r *colReader) graph(edgesAt uint64) (*Graph, error) {
	unit := r.uv()
	if r.err == nil && (unit == 0 || unit > MaxCount) {
		r.fail("unit %d", unit)
	}
	r.unit = int(unit)
	task, created, meta := r.str(), r.str(), r.str()
	types, rels := strs[NodeType](r, "node types"), strs[Relation](r, "relations")
	lists := make([][]string, r.count("engine lists"))
	for i := range lists {
		lists[i] = strs[string](r, "engine list")
	}
	nn, ne, nr := r.count("nodes"), r.count("edges"), r.count("records")
	if r.err != nil {
		return nil, r.err
	}
	if edgesAt < uint64(r.pos) || edgesAt > uint64(len(r.s)) {
		return nil, fmt.Errorf("%w: edges at byte %d, outside [%d, %d]", ErrColumnsCorrupt, edgesAt, r.pos, len(r.s))
	}
	// The edges are read into a graph of their own whose edge columns
	// then become g's.
	ge := NewWithCapacity(0, ne)
	if nr > cap(ge.recs) {
		ge.recs = make([]Record, 0, nr)
	}
	er := &colReader{s: r.s, pos: int(edgesAt), js: r.js, unit: r.unit}
	r.s = r.s[:edgesAt]
	g, err := r.nodes(nn, types, lists, task, created, meta)
	if err == nil {
		err = er.edges(ge, nn, ne, rels)
	}
	if err == nil && er.pos != len(er.s) {
		err = fmt.Errorf("%w: %d bytes after the last edge", ErrColumnsCorrupt, len(er.s)-er.pos)
	}
	if err != nil {
		return nil, err
	}
	g.takeEdges(ge)
	return g, nil
}
