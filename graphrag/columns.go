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
	"runtime"
	"slices"
	"strings"
	"sync"
	"unsafe"

	sonicutf8 "github.com/bytedance/sonic/utf8"

	"reportengine/internal/parallel"
)

// The column file is a binary index of a graph file, written beside
// graphrag.json so that a process that only reads the graph (a one-off
// query, a report on a stored graph, the server) does not parse JSON:
// reading it is one pass over a small file whose strings are (offset,
// length) pairs into the graph file's bytes, which Load reads once anyway.
// The JSON file stays the interchange format (front ends and BettaFish's
// loader read it) and holds every text; the column file stores a string
// itself only where the JSON spells it with escapes (a quote, a newline,
// invalid UTF-8), and is never read without proof that it belongs to the
// JSON bytes given (their length and CRC-32C).
//
// Layout (integers little-endian; uv = unsigned varint, sv = signed
// (zig-zag) varint, f64 = 8-byte IEEE 754):
//
//	"REGRAPHC"  u32 version (ColumnsVersion)
//	uv unit
//	str task_id  str created_at  str meta (a JSON object, "" for none)
//	uv types, str each;  uv relations, str each
//	uv engine lists, each: uv n, str each
//	uv nodes, uv edges, uv records
//	each node (uv gap first when its index is a multiple of unit):
//	  uv type, str id, byte kind:
//	  0 generic:  str name, str attributes (a JSON object)
//	  1 source:   byte flags (1 score, 2 title = name, 4 name a part of
//	              url, title or content: the graph file leaves it out),
//	              [f64 score], [str name], str url, [str title],
//	              str content, [byte field (0 url, 1 title, 2 content),
//	              uv start, uv length: the name's bytes in it], byte key
//	              (0 url, 1 text), uv engine list (= the number of lists:
//	              uv n, str each follow), sv found_count
//	  2 generic:  str name, value (an object)
//	  3, 4:       as 0 and 2, a section whose summary is derived (put
//	              back before "content", as the JSON reader does)
//	each edge (uv gap first when its index is a multiple of unit):
//	  uv from, uv to, uv relation, byte flags (1 weight,
//	  2 attributes as JSON, 4 records, 8 attributes as a value), [f64 weight],
//	  [str attributes], [uv n, records: sv index, byte flags (1 score,
//	  2 title, 4 content), [f64 score], str timestamp, [str title],
//	  [str content]], [value]
//	u64 offset in this file of edge 0's gap (where the edges start)
//	u64 length of the graph file, u32 its CRC-32C
//	u32 CRC-32C of every byte before it
//
// A str is uv x and then: for odd x, the string's x>>1 bytes (inline);
// for x%4 = 0 or 2, uv n, and the string is made of the n bytes of the
// graph file at cursor + x>>2, after which the cursor is at their end:
// for x%4 = 0 those bytes themselves, for x%4 = 2 (a string JSON spells
// with escapes: a newline, a quote, invalid UTF-8) the JSON string they
// spell, decoded on reading as the JSON reader decodes it. So no text is
// stored twice: the column file inlines only strings the graph file does
// not hold near where the writer looks (see nearWindow) and the short
// strings of its header. The cursor starts at 0 for the nodes and again
// for the edges (so the two are read at once, on two cores) and a gap
// adds to it, so offsets are small numbers (the bytes between two strings
// of the graph file), and the reader checks every one against the file's
// length. A referenced string stands between two quotes of the graph file,
// so it is valid UTF-8 and reads back from JSON as itself (x%4 = 0) or as
// its decoding (x%4 = 2), which the reader checks.
//
// A value is a tag byte and its data: 0 null, 1 false, 2 true, 3 string
// (str), 4 number (str: its JSON literal, read as a json.Number), 5 array
// (uv n, values), 6 object (uv n, then str key and value each). Generic
// attributes are stored as values when every value is one the JSON writer
// spells as such (strings, numbers, booleans, null, lists, Attributes);
// other Go values set in code (maps, structs) as JSON text.
//
// Node and edge indexes are graph indexes. What goes in is what the JSON
// file says: strings as the JSON reader gives them back (invalid UTF-8 as
// U+FFFD), generic attributes as their JSON text, decoded on reading by
// the same code as the JSON reader's. So a graph read from its column file
// equals, accessor for accessor, the graph read from its JSON file
// (TestColumnsMatchJSON), and a graph the JSON reader would change
// (duplicate edges, ids or names that are not valid UTF-8) gets no column
// file (ErrNoColumns).

// ColumnsVersion is the layout version the column writers write.
// ReadColumns reads only this version; another one is stale
// (ErrColumnsStale), so a program that changes the layout reads the JSON
// file until the column file is written again. Version 2 (before) held a
// copy of every string; version 3 pointed into the graph file; version 4
// also records where the edges start, so that they are read beside the
// nodes; version 5 points to strings JSON spells with escapes too
// (before, they were stored whole: 438 KB beside the 742 KB graph file
// of the BettaFish fixture); version 6 derives what graph file format 3
// derives (a source's name, a section's summary).
const ColumnsVersion = 6

const columnsMagic = "REGRAPHC"

// Errors of the column file; test with errors.Is.
var (
	// ErrColumnsStale is wrapped by ReadColumns for a column file of
	// another version (written by another program): it must not be used,
	// and is no sign of damage.
	ErrColumnsStale = errors.New("graphrag: column file of another version")
	// ErrColumnsMismatch is wrapped by ReadColumns when the column file
	// was written for other graph file bytes (its recorded length or
	// CRC-32C differs): the graph file was changed or replaced after.
	ErrColumnsMismatch = errors.New("graphrag: column file does not belong to this graph file")
	// ErrColumnsCorrupt is wrapped by ReadColumns for a file that is not a
	// column file or is damaged (checksum, truncation, an index out of
	// range); the message says what and at which byte.
	ErrColumnsCorrupt = errors.New("graphrag: corrupt column file")
	// ErrNoColumns is returned by the column writers for a graph the JSON
	// reader would read back changed (a duplicate (from, to) edge, a node
	// id, node type or relation that is not valid UTF-8): such a graph is
	// read from its JSON file, with the JSON reader's LoadReport.
	ErrNoColumns = errors.New("graphrag: graph has no column form")
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// GraphText is a graph file's bytes, read once (ReadGraphText): what
// ReadJSONText parses and what a column file points into.
type GraphText struct {
	// Text is the file's bytes. It shares memory with b, which nothing
	// writes after NewGraphText.
	Text string
	b    []byte
}

// NewGraphText makes a GraphText of b without copying it: b must not be
// changed afterwards.
func NewGraphText(b []byte) GraphText {
	if len(b) == 0 {
		return GraphText{}
	}
	// The one use of unsafe in the package: the bytes read become the
	// string the graph's strings point into, with no second copy of a
	// 240 MB file (what strings.Builder does, for a buffer filled by
	// several readers at once). b is not written after this.
	return GraphText{Text: unsafe.String(&b[0], len(b)), b: b}
}

// CRC returns the CRC-32C (Castagnoli) of the text (about 25 ms for
// 240 MB).
func (t GraphText) CRC() uint32 { return crc32.Checksum(t.b, castagnoli) }

// ReadGraphText reads r to the end. A file is read into one buffer of its
// size, by one goroutine per core, each reading its part of the file
// (io.ReaderAt): the copy from the page cache and the faults of the new
// buffer's pages are most of a one-off query's load time. Errors: the
// reader's; a file that ends before its size.
func ReadGraphText(r io.Reader) (GraphText, error) {
	ra, ok := r.(io.ReaderAt)
	size := fileSize(r)
	if !ok || size <= 0 {
		buf := bytes.NewBuffer(make([]byte, 0, max(size, 0)+bytes.MinRead))
		if _, err := buf.ReadFrom(r); err != nil {
			return GraphText{}, err
		}
		return NewGraphText(buf.Bytes()), nil
	}
	b := make([]byte, size)
	const piece = 8 << 20
	parts := int(min(int64(runtime.GOMAXPROCS(0)), (size+piece-1)/piece))
	errs := make([]error, parts)
	var wg sync.WaitGroup
	for k := range parts {
		lo, hi := size*int64(k)/int64(parts), size*int64(k+1)/int64(parts)
		wg.Go(func() {
			for off := lo; off < hi && errs[k] == nil; off += piece {
				end := min(off+piece, hi)
				if _, err := ra.ReadAt(b[off:end], off); err != nil {
					if errors.Is(err, io.EOF) {
						err = io.ErrUnexpectedEOF
					}
					errs[k] = err
				}
			}
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return GraphText{}, err
	}
	return NewGraphText(b), nil
}

// colEnc encodes column records, looking up each string in js, the graph
// file's text around them (a chunk of it, or all of it).
type colEnc struct {
	buf []byte
	js  []byte
	// end is the end of the last string referenced (the reader's
	// cursor); from is where the next look-up starts (at or after end).
	end, from int
	// lost: a look-up to the end of js missed (see nearWindow).
	lost bool
	// spell is scratch space for a string's JSON spelling.
	spell []byte
}

// The look-up of a string in the graph file goes forward from the last
// one found, at most nearWindow bytes past the string's own length (the
// keys, numbers and punctuation between two strings of a row). A node's
// id, and an edge's target, are looked for to the end of the text when
// they are plain (anchorID), so that a row whose earlier strings were
// missed (an engine report of 120 KB with newlines, which JSON escapes)
// is found again: every JSON writer spells such an id as it is, so the
// look-up ends at the row itself; should one still be missed (a writer
// that escapes plain ASCII), the look-ups stay near from then on (lost),
// so a text is scanned to its end at most once.
const nearWindow = 256

func (e *colEnc) uv(x uint64) { e.buf = binary.AppendUvarint(e.buf, x) }
func (e *colEnc) sv(x int64)  { e.buf = binary.AppendVarint(e.buf, x) }
func (e *colEnc) b(x byte)    { e.buf = append(e.buf, x) }
func (e *colEnc) f64(f float64) {
	e.buf = binary.LittleEndian.AppendUint64(e.buf, math.Float64bits(f))
}

// find returns the offset in js of a copy of s between two quotes,
// looked for from e.from up to limit bytes past len(s), or -1. Candidates
// are found by s's first byte, which in the keys and numbers between two
// strings of a row rarely occurs (looking at every quote instead cost
// eight IndexByte calls per string, 0.4 s of CPU for the benchmark graph).
func (e *colEnc) find(s string, limit int) int {
	if s == "" {
		return -1
	}
	hi := min(len(e.js), e.from+len(s)+2+limit)
	for i := max(e.from, 1); i+len(s) < hi; {
		k := bytes.IndexByte(e.js[i:hi-len(s)], s[0])
		if k < 0 {
			return -1
		}
		at := i + k
		if end := at + len(s); e.js[at-1] == '"' && e.js[end] == '"' && string(e.js[at:end]) == s {
			return at
		}
		i = at + 1
	}
	return -1
}

// str writes s as the JSON reader gives it back: a reference when the
// graph file has it near, else inline.
func (e *colEnc) str(s string) { e.strWithin(s, nearWindow) }

func (e *colEnc) strWithin(s string, limit int) bool {
	if off := e.find(s, limit); off >= 0 {
		e.ref(off, len(s), strPlain)
		return true
	}
	// Not there as it is: a string JSON spells with escapes (a newline,
	// a quote, invalid UTF-8) is referenced by its spelling, which the
	// reader decodes.
	sp, err := appendValue(e.spell[:0], s)
	e.spell = sp
	if err == nil && len(sp) >= 2 {
		if inner := sp[1 : len(sp)-1]; string(inner) != s {
			if off := e.find(string(inner), limit); off >= 0 {
				e.ref(off, len(inner), strEscaped)
				return true
			}
		}
	}
	e.inline(jsonText(s))
	return false
}

// text writes JSON text s (an attributes object) as a str: a reference
// to the same bytes of the graph file when they are near, else inline.
func (e *colEnc) text(s string) {
	hi := min(len(e.js), e.from+len(s)+nearWindow)
	if s != "" && e.from < hi {
		if k := bytes.Index(e.js[e.from:hi], []byte(s)); k >= 0 {
			e.ref(e.from+k, len(s), strPlain)
			return
		}
	}
	e.inline(s)
}

// ref writes a reference to the n bytes of the graph file at off (a
// str of the given kind, see the layout) and moves the cursor past them.
func (e *colEnc) ref(off, n int, kind uint64) {
	e.uv(uint64(off-e.end)<<2 | kind)
	e.uv(uint64(n))
	e.end = off + n
	e.from = e.end + 1
}

// The low bits of a str's first number (see the layout).
const (
	strPlain   = 0 // x>>2 is the gap to the string's bytes in the graph file
	strInline  = 1 // x>>1 is the length of the bytes that follow
	strEscaped = 2 // as strPlain, the bytes a JSON string's spelling
)

// anchor returns the limit of the look-up of an id: to the end of the
// text for a plain one (see nearWindow), else near.
func (e *colEnc) anchor(s string) int {
	if e.lost || !anchorID(s) {
		return nearWindow
	}
	return len(e.js)
}

// anchorID: printable ASCII without the characters some JSON writers
// escape (quote, backslash, <, >, &, /).
func anchorID(s string) bool {
	for i := 0; i < len(s); i++ {
		if !anchorByte[s[i]] {
			return false
		}
	}
	return true
}

// anchorByte[c]: c may stand in an anchorID (one table load per byte:
// this runs for every node id and edge target).
var anchorByte = func() (t [256]bool) {
	for c := 0x20; c < 0x80; c++ {
		t[c] = !strings.ContainsRune(`"\<>&/`, rune(c))
	}
	return t
}()

// id writes a node id (see anchor).
func (e *colEnc) id(s string) {
	limit := e.anchor(s)
	if !e.strWithin(s, limit) && limit > nearWindow {
		e.lost = true
	}
}

// skipTo moves the look-up past the next copy of an edge's end s (which
// the column file stores as an index), looked for with limit.
func (e *colEnc) skipTo(s string, limit int) {
	if off := e.find(s, limit); off >= 0 {
		e.from = off + len(s) + 1
	} else if limit > nearWindow {
		e.lost = true
	}
}

// inline writes s itself.
func (e *colEnc) inline(s string) {
	e.uv(uint64(len(s))<<1 | strInline)
	e.buf = append(e.buf, s...)
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

// colPlan is what the column records of a graph share: the engine lists
// of its typed sources, each once, and the list of each source row.
type colPlan struct {
	lists  [][]string
	listOf []uint32
}

func (g *Graph) colPlan() *colPlan {
	p := &colPlan{listOf: make([]uint32, len(g.sources))}
	// Interned lists (SetSourceTally, the readers) share their first
	// element: found by it, without joining the list into a key.
	type same struct {
		first *string
		n     int
	}
	byFirst := map[same]uint32{}
	code := map[string]uint32{}
	var key []byte
	for r := range g.sources {
		l := g.sources[r].Engines
		var s same
		if len(l) > 0 {
			s = same{&l[0], len(l)}
			if i, ok := byFirst[s]; ok {
				p.listOf[r] = i
				continue
			}
		}
		key = key[:0]
		for _, x := range l {
			key = append(append(key, x...), 0)
		}
		i, ok := code[string(key)]
		if !ok {
			i = uint32(len(p.lists))
			code[string(key)] = i
			p.lists = append(p.lists, l)
		}
		if len(l) > 0 {
			byFirst[s] = i
		}
		p.listOf[r] = i
	}
	return p
}

// columnsHead is the column file up to the first node: magic, version,
// unit, the graph's strings and counts.
func (g *Graph) columnsHead(p *colPlan, unit int) ([]byte, error) {
	e := &colEnc{buf: append([]byte(columnsMagic), 0, 0, 0, 0)}
	binary.LittleEndian.PutUint32(e.buf[8:], ColumnsVersion)
	e.uv(uint64(unit))
	e.inline(jsonText(g.TaskID))
	e.inline(jsonText(g.CreatedAt))
	meta, err := g.metaJSON()
	if err != nil {
		return nil, err
	}
	e.inline(meta)
	e.uv(uint64(len(g.typeNames)))
	for _, t := range g.typeNames {
		e.inline(string(t))
	}
	e.uv(uint64(len(g.relNames)))
	for _, r := range g.relNames {
		e.inline(string(r))
	}
	e.uv(uint64(len(p.lists)))
	for _, l := range p.lists {
		e.uv(uint64(len(l)))
		for _, s := range l {
			e.inline(jsonText(s))
		}
	}
	e.uv(uint64(len(g.ids)))
	e.uv(uint64(len(g.ends)))
	e.uv(uint64(len(g.recs)))
	return e.buf, nil
}

// columnsTail is the column file's trailer: where the edges start (the
// byte offset of edge 0's gap in the file), the graph file's length and
// CRC-32C, then the CRC-32C of the column file before it (crc: of the
// bytes before the trailer).
func columnsTail(crc uint32, edgesAt, jsLen int64, jsCRC uint32) []byte {
	t := binary.LittleEndian.AppendUint64(nil, uint64(edgesAt))
	t = binary.LittleEndian.AppendUint64(t, uint64(jsLen))
	t = binary.LittleEndian.AppendUint32(t, jsCRC)
	return binary.LittleEndian.AppendUint32(t, crc32.Update(crc, castagnoli, t))
}

// trailerSize is the length of the trailer (columnsTail).
const trailerSize = 24

// WriteColumns writes the column file of g for the graph file text js
// (what g was read from: ReadJSONText(js.Text)), for ReadColumns. Strings
// the text holds are referenced, the others stored. Output is
// deterministic. Errors: ErrNoColumns for a graph the JSON reader would
// change, or a text that is not valid UTF-8; a value JSON cannot hold (as
// WriteJSON); the writer's error; ctx.Err() when ctx is done (checked
// every 512 nodes or edges). Save writes both files at once
// (WriteJSONColumns).
func (g *Graph) WriteColumns(ctx context.Context, w io.Writer, js GraphText) error {
	if err := g.CheckColumns(); err != nil {
		return err
	}
	text := js.b
	if !sonicutf8.Validate(text) {
		return fmt.Errorf("%w: the graph file is not valid UTF-8", ErrNoColumns)
	}
	p := g.colPlan()
	unit := max(len(g.ids), len(g.ends), 1)
	head, err := g.columnsHead(p, unit)
	if err != nil {
		return err
	}
	cw := &crcWriter{w: w}
	cw.write(head)
	e := &colEnc{js: text}
	// One unit each for the nodes and the edges, the look-up going on
	// through the whole text: a gap of 0 before node 0, the cursor before
	// edge 0 (the edges' gap is absolute).
	var edgesAt int64
	for k, part := range []struct {
		n   int
		enc func(lo, hi int) error
	}{
		{len(g.ids), func(lo, hi int) error { return g.colNodes(e, p, lo, hi) }},
		{len(g.ends), func(lo, hi int) error { return g.colEdges(e, lo, hi) }},
	} {
		if k == 1 {
			edgesAt = cw.n
		}
		for lo := 0; lo < part.n; lo += chunk {
			if err := ctx.Err(); err != nil {
				return err
			}
			if lo == 0 {
				e.uv(uint64(k * e.end))
			}
			if err := part.enc(lo, min(lo+chunk, part.n)); err != nil {
				return err
			}
			cw.write(e.buf)
			e.buf = e.buf[:0]
		}
	}
	cw.write(columnsTail(cw.crc, edgesAt, int64(len(js.Text)), js.CRC()))
	return cw.err
}

// crcWriter writes through, keeping the CRC-32C of what it wrote, its
// length and the first error.
type crcWriter struct {
	w   io.Writer
	crc uint32
	n   int64
	err error
}

func (c *crcWriter) write(p []byte) {
	if c.err == nil {
		c.crc = crc32.Update(c.crc, castagnoli, p)
		c.n += int64(len(p))
		_, c.err = c.w.Write(p)
	}
}

// colNodes appends the column records of the nodes [from, to) to e.
func (g *Graph) colNodes(e *colEnc, p *colPlan, from, to int) error {
	for v := from; v < to; v++ {
		e.uv(uint64(g.types[v]))
		e.id(g.ids[v])
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
			e.b(1)
			var flags byte
			if s.Score != nil {
				flags |= 1
			}
			// flag 4 (the name is a part of an attribute, left out of a
			// format 3 file) is only read: format 4 stores every name
			if s.Title == g.names[v] {
				flags |= 2
			}
			e.b(flags)
			if s.Score != nil {
				e.f64(*s.Score + 0) // + 0: -0 reads back from JSON as 0
			}
			e.str(g.names[v])
			e.str(s.URL)
			if flags&2 == 0 {
				e.str(s.Title)
			}
			e.str(s.Content)
			if s.Key == "url" {
				e.b(0)
			} else {
				e.b(1)
			}
			if r >= 0 {
				e.uv(uint64(p.listOf[r]))
			} else {
				e.uv(uint64(len(p.lists)))
				e.uv(uint64(len(s.Engines)))
				for _, x := range s.Engines {
					e.str(x)
				}
			}
			e.sv(int64(s.FoundCount))
			continue
		}
		attrs, derived := g.attrs[v], byte(0)
		if r < 0 && g.typeNames[g.types[v]] == TypeSection {
			if out, _ := sectionOut(attrs); len(out) < len(attrs) {
				attrs, derived = out, 3 // as the JSON file (appendNodes)
			}
		}
		if r < 0 {
			mark, end, at := len(e.buf), e.end, e.from
			e.b(2 + derived/3*2)
			e.str(g.names[v])
			if e.value(attrs, 0) {
				continue
			}
			e.buf, e.end, e.from = e.buf[:mark], end, at // taken back
		}
		// A source the JSON reader may type, a typed source it would
		// read as generic, values only JSON spells: their JSON text,
		// which ReadColumns reads as ReadJSON does.
		var buf []byte
		var err error
		if r >= 0 {
			buf, err = appendValue(nil, &g.sources[r])
		} else {
			buf, err = attrs.appendJSON(nil)
		}
		if err != nil {
			return fmt.Errorf("graphrag: write columns: node %q: %w", g.ids[v], err)
		}
		e.b(derived)
		e.str(g.names[v])
		e.text(string(buf))
	}
	return nil
}

// colEdges appends the column records of the edges [from, to) to e.
func (g *Graph) colEdges(e *colEnc, from, to int) error {
	for i := from; i < to; i++ {
		ab := g.ends[i]
		e.skipTo(g.ids[ab[0]], nearWindow)
		to := g.ids[ab[1]]
		e.skipTo(to, e.anchor(to))
		e.uv(uint64(ab[0]))
		e.uv(uint64(ab[1]))
		e.uv(uint64(g.rels[i]))
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
		var val *colEnc // attrs as a value, when they are not records
		if len(attrs) > 0 {
			flags |= 2
			if attrs[0].Key != "records" {
				sub := &colEnc{js: e.js, end: e.end, from: e.from}
				if sub.value(attrs, 0) {
					val, flags = sub, flags&^2|8
				}
			}
		}
		if recs != nil {
			flags |= 4
		}
		e.b(flags)
		if flags&1 != 0 {
			e.f64(w)
		}
		if flags&2 != 0 {
			buf, err := attrs.appendJSON(nil)
			if err != nil {
				return fmt.Errorf("graphrag: write columns: edge %s -> %s: %w", g.ids[ab[0]], g.ids[ab[1]], err)
			}
			e.text(string(buf))
		}
		if recs != nil {
			e.uv(uint64(len(recs)))
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
				e.sv(int64(rc.Index))
				e.b(f)
				if rc.Score != nil {
					e.f64(*rc.Score + 0)
				}
				e.str(rc.Timestamp)
				if rc.Title != nil {
					e.str(*rc.Title)
				}
				if rc.Content != nil {
					e.str(*rc.Content)
				}
			}
		}
		if val != nil {
			e.buf = append(e.buf, val.buf...)
			e.end, e.from = val.end, val.from
		}
	}
	return nil
}

// chunk is the number of nodes or edges WriteColumns encodes between two
// checks of the context.
const chunk = 512

// value appends v as a value (see the layout), as the JSON reader would
// decode the JSON writer's text of it; false (with part of it appended)
// for a value it does not know or nests deeper than 100 levels.
func (e *colEnc) value(v any, depth int) bool {
	if depth > 100 {
		return false
	}
	switch x := v.(type) {
	case nil:
		e.b(0)
	case bool:
		if x {
			e.b(2)
		} else {
			e.b(1)
		}
	case string:
		e.b(3)
		e.str(x)
	case json.Number, int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64, float64:
		lit, err := appendValue(nil, x)
		if err != nil || len(lit) == 0 || lit[0] != '-' && (lit[0] < '0' || lit[0] > '9') {
			return false
		}
		e.b(4)
		e.inline(string(lit))
	case []any:
		e.b(5)
		e.uv(uint64(len(x)))
		for _, el := range x {
			if !e.value(el, depth+1) {
				return false
			}
		}
	case []string:
		e.b(5)
		e.uv(uint64(len(x)))
		for _, el := range x {
			e.b(3)
			e.str(el)
		}
	case Attributes:
		e.b(6)
		e.uv(uint64(len(x)))
		for _, kv := range x {
			e.str(kv.Key)
			if !e.value(kv.Value, depth+1) {
				return false
			}
		}
	default:
		return false
	}
	return true
}

// CheckColumns returns an error wrapping ErrNoColumns for a graph the
// JSON reader would read back changed, which gets no column file: ids,
// types or relations that are not valid UTF-8 (two of them could collide
// once spelt with U+FFFD), or a repeated (from, to) pair (the JSON reader
// keeps the first edge and reports the others). It also refuses NaN and
// infinite weights, as Save does. The outcome is kept until the graph
// next changes (a node or edge added), so that the check a saver makes
// before it opens a column file and the writer's own are one pass (about
// 8 ms on one core for 300 000 edges).
func (g *Graph) CheckColumns() error {
	g.viewsMu.Lock()
	c := g.checked
	g.viewsMu.Unlock()
	if c != nil {
		return *c
	}
	err := g.checkColumns()
	g.viewsMu.Lock()
	g.checked = &err
	g.viewsMu.Unlock()
	return err
}

func (g *Graph) checkColumns() error {
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
	// The graph file's checksum is taken on another core while this one
	// decodes; a mismatch wins over any error of the decoding.
	crc := make(chan uint32, 1)
	go func() { crc <- js.CRC() }()
	r := &colReader{s: body[:len(body)-trailerSize], js: js.Text}
	g, err := r.graph(edgesAt - uint64(len(head)))
	if got := <-crc; got != want {
		return nil, fmt.Errorf("%w: written for a graph file with CRC-32C %08x, it has %08x", ErrColumnsMismatch, want, got)
	}
	if err != nil {
		return nil, err
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

// rawAttrs is the JSON text of node v's attributes (summary: a section
// whose summary is derived).
type rawAttrs struct {
	v       int32
	raw     string
	summary bool
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

func (r *colReader) graph(edgesAt uint64) (*Graph, error) {
	unit := r.uv()
	if r.err == nil && (unit == 0 || unit > maxCount) {
		r.fail("unit %d", unit)
	}
	r.unit = int(unit)
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
	if edgesAt < uint64(r.pos) || edgesAt > uint64(len(r.s)) {
		return nil, fmt.Errorf("%w: edges at byte %d, outside [%d, %d]", ErrColumnsCorrupt, edgesAt, r.pos, len(r.s))
	}
	// The edges are read on another core while this one reads the nodes,
	// into a graph of their own whose edge columns then become g's.
	ge := NewWithCapacity(0, ne)
	if nr > cap(ge.recs) {
		ge.recs = make([]Record, 0, nr)
	}
	er := &colReader{s: r.s, pos: int(edgesAt), js: r.js, unit: r.unit}
	edgeErr := make(chan error, 1)
	go func() {
		err := er.edges(ge, nn, ne, rels)
		if err == nil && er.pos != len(er.s) {
			err = fmt.Errorf("%w: %d bytes after the last edge", ErrColumnsCorrupt, len(er.s)-er.pos)
		}
		edgeErr <- err
	}()
	r.s = r.s[:edgesAt]
	g, err := r.nodes(nn, types, lists, task, created, meta)
	if eerr := <-edgeErr; err == nil {
		err = eerr
	}
	if err != nil {
		return nil, err
	}
	g.takeEdges(ge)
	return g, nil
}

// nodes reads the nn nodes (types and engine lists from the header) and
// makes the graph with the header's strings.
func (r *colReader) nodes(nn int, types []NodeType, lists [][]string, task, created, meta string) (*Graph, error) {
	g := NewWithCapacity(nn, 0)
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
	var generic []rawAttrs
	for v := 0; v < nn && r.err == nil; v++ {
		r.gap(v)
		ti := r.index(len(types), "node type")
		id := r.str()
		kind := r.b()
		var name string
		if kind != 1 {
			name = r.str()
		}
		if r.err != nil {
			break
		}
		typ := types[ti]
		if kind >= 3 && typ != TypeSection {
			r.fail("node %d of type %q with a derived summary", v, typ)
			break
		}
		switch kind {
		case 0, 3:
			raw := r.str()
			if r.err != nil {
				break
			}
			if typ != TypeSource {
				// Decoded below, on every core.
				if _, err := g.appendNode(id, typ, name, nil, -1); err != nil {
					return nil, fmt.Errorf("%w: node %d: %w", ErrColumnsCorrupt, v, err)
				}
				generic = append(generic, rawAttrs{int32(v), raw, kind == 3})
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
			s := Source{ID: id}
			flags := r.b()
			if flags&1 != 0 {
				s.Score = floats.ptr(r.f64())
			}
			if flags&6 == 6 {
				r.fail("node %d: a derived name and a title equal to it", v)
			}
			if flags&4 == 0 {
				name = r.str()
			}
			s.URL = r.str()
			s.Title = name
			if flags&2 == 0 {
				s.Title = r.str()
			}
			s.Content = r.str()
			if flags&4 != 0 {
				field := [...]string{s.URL, s.Title, s.Content}[r.index(3, "name field")]
				start, n := r.uv(), r.uv()
				if r.err == nil && (start > uint64(len(field)) || n > uint64(len(field))-start) {
					r.fail("node %d: name of %d bytes at %d outside its field of %d", v, n, start, len(field))
				}
				if r.err != nil {
					break
				}
				name = field[start : start+n]
			}
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
		case 2, 4:
			a, ok := r.value(0).(Attributes)
			if !ok {
				r.fail("node %d: attributes are not an object", v)
			}
			if r.err != nil {
				break
			}
			if kind == 4 {
				a = withSummary(a)
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
	parallel.Each(len(generic), decodeGrain, func(_, i int) {
		ga := generic[i]
		g.attrs[ga.v], errs[i] = attrsOf(ga.raw, fmt.Sprintf("nodes[%d].attributes", ga.v))
		if ga.summary && errs[i] == nil {
			g.attrs[ga.v] = withSummary(g.attrs[ga.v])
		}
	})
	if err := errors.Join(errs...); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrColumnsCorrupt, err)
	}
	if r.pos != len(r.s) {
		return nil, fmt.Errorf("%w: %d bytes between the last node and the edges", ErrColumnsCorrupt, len(r.s)-r.pos)
	}
	return g, nil
}

// edges reads the ne edges (between nn nodes, with relations rels) into
// ge, on its own goroutine: from its own position in the file, the
// cursor starting at 0 (the gap before edge 0 is absolute).
func (r *colReader) edges(ge *Graph, nn, ne int, rels []Relation) error {
	var floats slab[float64]
	var texts slab[string]
	var recs []Record
	for i := 0; i < ne && r.err == nil; i++ {
		r.gap(i)
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
				return fmt.Errorf("%w: %w", ErrColumnsCorrupt, err)
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
		if err := ge.appendEdge(int32(from), int32(to), rel, w, attrs, recs); err != nil {
			return fmt.Errorf("%w: edge %d: %w", ErrColumnsCorrupt, i, err)
		}
	}
	if r.err != nil {
		return r.err
	}
	return nil
}
