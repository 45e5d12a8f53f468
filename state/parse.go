package state

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/tidwall/gjson"
)

// Parse decodes one engine State JSON document (§2.2 of the BettaFish
// reference) written by engine. path names the file in errors and is stored
// in State.Path; it may be "" for bytes with no file behind them.
//
// Every paragraph and every search record is kept, in file order, with its
// full text. null and missing fields are normal and give zero values (nil
// for Paragraph.Order and SearchRecord.Score); unknown keys are ignored; when
// a key repeats, the last one wins. A UTF-8 byte order mark before the
// document is skipped.
//
// The returned State does not share memory with data: gjson reads data
// without copying it, and the strings the State keeps are then copied into
// a few large chunks, so data can be reused or freed after Parse returns.
//
// Errors: an engine other than query, media or insight → an error wrapping
// ErrUnknownEngine. Anything wrong with data is a *ParseError (errors.Is
// ErrInvalid): an empty file (Empty set; zero bytes or only white space);
// invalid JSON (Line and Column, 1-based and in
// characters, locate the offending character, or the last one when the
// document is cut short); a top level that is not an object; a value of the
// wrong type, with JSONPath naming it, e.g.
// `paragraphs[1].research.search_history[3].score`. An "order" or
// "reflection_iteration" must be an integer that fits an int (2.0 is one,
// 2.5 is not).
func Parse(data []byte, path string, engine Engine) (*State, error) {
	if engine.Rank() == len(Engines) {
		return nil, fmt.Errorf("state: parse %s: engine %q: %w (want query, media or insight)",
			displayPath(path), string(engine), ErrUnknownEngine)
	}
	body := data
	if len(body) >= 3 && body[0] == 0xEF && body[1] == 0xBB && body[2] == 0xBF {
		body = body[3:] // UTF-8 byte order mark
	}
	if onlyJSONSpace(body) {
		msg := "empty file: want a JSON object"
		if len(data) > 0 {
			msg = "file holds only white space: want a JSON object"
		}
		return nil, &ParseError{Path: path, Msg: msg, Empty: true}
	}
	if !gjson.ValidBytes(body) {
		return nil, syntaxError(body, path)
	}

	// Zero-copy view of the input: gjson hands out substrings of it.
	root := gjson.Parse(unsafe.String(unsafe.SliceData(body), len(body)))
	if !isObject(root) {
		return nil, &ParseError{Path: path, Msg: "want a JSON object at the top level, got " + kind(root)}
	}

	p := parser{file: path, text: textArena{lo: uintptr(unsafe.Pointer(unsafe.SliceData(body))), hi: uintptr(unsafe.Pointer(unsafe.SliceData(body))) + uintptr(len(body))}}
	st := &State{Engine: engine, Path: path}
	var err error
	root.ForEach(func(k, v gjson.Result) bool {
		var msg string // what is wrong with v; the path is built only then
		switch k.Str {
		case "query":
			st.Query, msg = p.str(v)
		case "report_title":
			st.ReportTitle, msg = p.str(v)
		case "final_report":
			st.FinalReport, msg = p.str(v)
		case "is_completed":
			st.Completed, msg = boolValue(v)
		case "created_at":
			st.CreatedAt, msg = p.str(v)
		case "updated_at":
			st.UpdatedAt, msg = p.str(v)
		case "paragraphs":
			st.Paragraphs, err = p.paragraphs(v)
		}
		if msg != "" {
			err = p.fail(k.Str, msg)
		}
		return err == nil
	})
	if err != nil {
		return nil, err
	}
	return st, nil
}

// ParseFile reads in.Path and parses it as a state written by in.Engine.
// The State owns the bytes it read.
//
// Errors: an unreadable file → the *os.PathError wrapped with the engine and
// path (errors.Is(err, fs.ErrNotExist) for a missing file); otherwise the
// errors of Parse.
func ParseFile(in Input) (*State, error) {
	data, err := os.ReadFile(in.Path)
	if err != nil {
		return nil, fmt.Errorf("state: read %s engine state %s: %w", in.Engine, in.Path, err)
	}
	return Parse(data, in.Path, in.Engine)
}

// parser holds what the readers share: the file name for errors and the
// arena for scores. JSON paths are built only when a value is wrong.
type parser struct {
	file   string
	scores floatArena
	text   textArena
}

func (p *parser) paragraphs(v gjson.Result) ([]Paragraph, error) {
	if v.Type == gjson.Null {
		return nil, nil
	}
	if !isArray(v) {
		return nil, p.fail("paragraphs", wrongType("an array", v))
	}
	var out []Paragraph
	var err error
	v.ForEach(func(_, pv gjson.Result) bool {
		i := len(out)
		out = append(out, Paragraph{Position: i})
		err = p.paragraph(i, pv, &out[i])
		return err == nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

func (p *parser) paragraph(i int, v gjson.Result, para *Paragraph) error {
	if !isObject(v) {
		return p.fail(paragraphPath(i, ""), wrongType("an object", v))
	}
	var err error
	v.ForEach(func(k, fv gjson.Result) bool {
		var msg string
		switch k.Str {
		case "title":
			para.Title, msg = p.str(fv)
		case "content":
			para.Content, msg = p.str(fv)
		case "order":
			para.Order = nil
			if fv.Type != gjson.Null {
				var n int
				if n, msg = intValue(fv); msg == "" {
					para.Order = &n
				}
			}
		case "research":
			err = p.research(i, fv, para)
		}
		if msg != "" {
			err = p.fail(paragraphPath(i, "."+k.Str), msg)
		}
		return err == nil
	})
	return err
}

func (p *parser) research(i int, v gjson.Result, para *Paragraph) error {
	if v.Type == gjson.Null {
		return nil
	}
	if !isObject(v) {
		return p.fail(paragraphPath(i, ".research"), wrongType("an object", v))
	}
	var err error
	v.ForEach(func(k, fv gjson.Result) bool {
		var msg string
		switch k.Str {
		case "search_history":
			para.Searches, err = p.searches(i, fv)
		case "latest_summary":
			para.LatestSummary, msg = p.str(fv)
		case "reflection_iteration":
			para.ReflectionIteration, msg = intValue(fv)
		case "is_completed":
			para.Completed, msg = boolValue(fv)
		}
		if msg != "" {
			err = p.fail(paragraphPath(i, ".research."+k.Str), msg)
		}
		return err == nil
	})
	return err
}

func (p *parser) searches(i int, v gjson.Result) ([]SearchRecord, error) {
	if v.Type == gjson.Null {
		return nil, nil
	}
	if !isArray(v) {
		return nil, p.fail(paragraphPath(i, ".research.search_history"), wrongType("an array", v))
	}
	var out []SearchRecord
	var err error
	v.ForEach(func(_, rv gjson.Result) bool {
		j := len(out)
		out = append(out, SearchRecord{Index: j})
		err = p.record(i, j, rv, &out[j])
		return err == nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

func (p *parser) record(i, j int, v gjson.Result, r *SearchRecord) error {
	if !isObject(v) {
		return p.fail(recordPath(i, j, ""), wrongType("an object", v))
	}
	var err error
	v.ForEach(func(k, fv gjson.Result) bool {
		var msg string
		switch k.Str {
		case "query":
			r.Query, msg = p.str(fv)
		case "url":
			r.URL, msg = p.str(fv)
		case "title":
			r.Title, msg = p.str(fv)
		case "content":
			r.Content, msg = p.str(fv)
		case "timestamp":
			r.Timestamp, msg = p.str(fv)
		case "score":
			r.Score, msg = p.scoreValue(fv)
		default:
			return true
		}
		if msg != "" {
			err = p.fail(recordPath(i, j, "."+k.Str), msg)
			return false
		}
		return true
	})
	return err
}

// scoreValue reads a float or null (nil); the pointer comes from the
// parser's arena.
func (p *parser) scoreValue(v gjson.Result) (*float64, string) {
	switch v.Type {
	case gjson.Null:
		return nil, ""
	case gjson.Number:
		if math.IsInf(v.Num, 0) || math.IsNaN(v.Num) {
			return nil, "number " + v.Raw + " is out of range"
		}
		return p.scores.new(v.Num), ""
	}
	return nil, wrongType("a number", v)
}

func (p *parser) fail(jsonPath, msg string) error {
	return &ParseError{Path: p.file, JSONPath: jsonPath, Msg: msg}
}

// The value readers below return the value and "" or, when v has the wrong
// type, a zero value and what is wrong. null reads as the zero value.

func stringValue(v gjson.Result) (string, string) {
	switch v.Type {
	case gjson.String:
		return v.Str, ""
	case gjson.Null:
		return "", ""
	}
	return "", wrongType("a string", v)
}

func boolValue(v gjson.Result) (bool, string) {
	switch v.Type {
	case gjson.True:
		return true, ""
	case gjson.False, gjson.Null:
		return false, ""
	}
	return false, wrongType("a boolean", v)
}

// intValue accepts a JSON number with no fractional part that fits an int
// (2, -1, 2.0, 1e2).
func intValue(v gjson.Result) (int, string) {
	switch v.Type {
	case gjson.Null:
		return 0, ""
	case gjson.Number:
	default:
		return 0, wrongType("an integer", v)
	}
	n, err := strconv.ParseInt(v.Raw, 10, strconv.IntSize)
	if err == nil {
		return int(n), ""
	}
	if !strings.ContainsAny(v.Raw, ".eE") {
		// Only digits, so ParseInt failed on the range.
		return 0, "integer " + v.Raw + " is out of range"
	}
	f := v.Num
	// -2^63 is exact; 2^63 is the first float64 above the int64 range.
	if math.IsInf(f, 0) || f < math.MinInt || f >= -float64(math.MinInt) {
		return 0, "integer " + v.Raw + " is out of range"
	}
	if f != math.Trunc(f) {
		return 0, "want an integer, got " + v.Raw
	}
	return int(f), ""
}

func wrongType(want string, got gjson.Result) string {
	return "want " + want + ", got " + kind(got)
}

func isObject(v gjson.Result) bool {
	return v.Type == gjson.JSON && v.Raw != "" && v.Raw[0] == '{'
}

func isArray(v gjson.Result) bool {
	return v.Type == gjson.JSON && v.Raw != "" && v.Raw[0] == '['
}

// kind names a JSON value's type for error messages.
func kind(v gjson.Result) string {
	switch v.Type {
	case gjson.Null:
		return "null"
	case gjson.True, gjson.False:
		return "a boolean"
	case gjson.Number:
		return "a number"
	case gjson.String:
		return "a string"
	}
	if isObject(v) {
		return "an object"
	}
	return "an array"
}

func paragraphPath(i int, rest string) string {
	return "paragraphs[" + strconv.Itoa(i) + "]" + rest
}

func recordPath(i, j int, rest string) string {
	return paragraphPath(i, ".research.search_history["+strconv.Itoa(j)+"]"+rest)
}

// str reads a string or null like stringValue, and copies a string that is
// a view of the input into the parser's text arena, so the State does not
// keep the input buffer alive.
func (p *parser) str(v gjson.Result) (string, string) {
	s, msg := stringValue(v)
	return p.text.keep(s), msg
}

// textArena copies strings out of the input into shared chunks: the State
// then holds just its text (about two thirds of a state file; the rest is
// JSON syntax, keys and indentation) and the input buffer can be freed,
// at the cost of one large allocation per chunk instead of one per string.
// Strings gjson already allocated (those with escapes) are kept as they are.
type textArena struct {
	lo, hi uintptr // the input buffer
	chunk  []byte
}

const (
	textChunk   = 1 << 20
	textOwnSize = 64 << 10 // strings this long get their own allocation
)

func (a *textArena) keep(s string) string {
	if len(s) == 0 {
		return ""
	}
	ptr := uintptr(unsafe.Pointer(unsafe.StringData(s)))
	if ptr < a.lo || ptr >= a.hi {
		return s // not a view of the input
	}
	if len(s) >= textOwnSize {
		return strings.Clone(s)
	}
	if cap(a.chunk)-len(a.chunk) < len(s) {
		a.chunk = make([]byte, 0, textChunk)
	}
	start := len(a.chunk)
	a.chunk = append(a.chunk, s...)
	return unsafe.String(&a.chunk[start], len(s))
}

// floatArena hands out *float64 from shared blocks, so a file with a
// million scores costs a few thousand allocations instead of a million.
type floatArena struct{ block []float64 }

func (a *floatArena) new(f float64) *float64 {
	if len(a.block) == cap(a.block) {
		a.block = make([]float64, 0, 512)
	}
	a.block = append(a.block, f)
	return &a.block[len(a.block)-1]
}

func onlyJSONSpace(b []byte) bool {
	for _, c := range b {
		switch c {
		case ' ', '\t', '\n', '\r':
		default:
			return false
		}
	}
	return true
}

// syntaxError locates the first JSON syntax error in data. gjson only says
// whether a document is valid, so encoding/json's scanner finds the offset.
func syntaxError(data []byte, path string) error {
	var raw json.RawMessage
	err := json.Unmarshal(data, &raw)
	var se *json.SyntaxError
	if !errors.As(err, &se) {
		// The two validators disagree (encoding/json also limits nesting
		// depth); report the document as invalid without a position.
		return &ParseError{Path: path, Msg: "invalid JSON"}
	}
	// Offset counts the bytes read up to and including the offending one;
	// for a truncated document that is the last byte.
	line, col := position(data, int(se.Offset)-1)
	return &ParseError{Path: path, Line: line, Column: col, Msg: "invalid JSON: " + se.Error()}
}

// position returns the 1-based line and column of the character at byte
// offset off in data (clamped to the data); the column counts characters
// (runes), not bytes.
func position(data []byte, off int) (line, col int) {
	off = max(0, min(off, len(data)))
	line = 1
	start := 0
	for i := 0; i < off; i++ {
		if data[i] == '\n' {
			line++
			start = i + 1
		}
	}
	return line, utf8.RuneCount(data[start:off]) + 1
}

func displayPath(path string) string {
	if path == "" {
		return "<input>"
	}
	return path
}
