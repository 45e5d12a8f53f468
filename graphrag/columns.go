package graphrag

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"io"
	"math"
	"strings"
	"unsafe"

	sonicutf8 "github.com/bytedance/sonic/utf8"
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
//	str task_id  str created_at  str meta (the Meta members as the graph file spells them, without braces; "" for none)
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
// for the edges (so the edges read apart from the nodes) and a gap
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
// derives (a source's name, a section's summary); version 7 points to the
// graph's Meta members in the graph file's head (before, they were stored
// whole: a non-forum text given as a forum, kept as one 1 MB build entry,
// stood in both files).
const ColumnsVersion = 7

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
	crc  uint32 // CRC-32C of b, taken once by NewGraphText
}

// NewGraphText makes a GraphText of b without copying it, taking its
// CRC-32C: b must not be changed afterwards.
func NewGraphText(b []byte) GraphText {
	if len(b) == 0 {
		return GraphText{}
	}
	// The one use of unsafe in the package: the bytes read become the
	// string the graph's strings point into, with no second copy of a
	// 240 MB file (what strings.Builder does, for a buffer filled by
	// several readers at once). b is not written after this.
	return GraphText{Text: unsafe.String(&b[0], len(b)), b: b, crc: crc32.Checksum(b, castagnoli)}
}

// CRC returns the CRC-32C (Castagnoli) of the text, taken once when it
// was made (about 25 ms for 240 MB): the column file's check, its writer
// and a report's run key (LoadReport.FileCRC32C) share it.
func (t GraphText) CRC() uint32 { return t.crc }

// ReadGraphText reads r to the end, into one buffer of the file's size
// when r tells it (Stat). Errors: the reader's.
func ReadGraphText(r io.Reader) (GraphText, error) {
	buf := bytes.NewBuffer(make([]byte, 0, max(fileSize(r), 0)+bytes.MinRead))
	if _, err := buf.ReadFrom(r); err != nil {
		return GraphText{}, err
	}
	return NewGraphText(buf.Bytes()), nil
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
