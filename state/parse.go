package state

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
	"unicode/utf8"

	"github.com/tidwall/gjson"

	"reportengine/text"
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
// The returned State does not share memory with data: the strings it keeps
// are copied into a few large chunks (see textArena), so data can be reused
// or freed after Parse returns.
//
// The document is read and checked in one pass (see cursor in walk.go).
//
// Errors: an engine other than query, media or insight → an error wrapping
// ErrUnknownEngine. Anything wrong with data is a *ParseError (errors.Is
// ErrInvalid): more than MaxFileBytes (checked before reading anything); an
// empty file (Empty set; zero bytes or only white space);
// invalid JSON (Line and Column, 1-based and in
// characters, locate the offending character, or the last one when the
// document is cut short); a top level that is not an object; a value of the
// wrong type, with JSONPath naming it, e.g.
// `paragraphs[1].research.search_history[3].score`. An "order" or
// "reflection_iteration" must be an integer that fits an int (2.0 is one,
// 2.5 is not). Strings must be UTF-8: when more than half of the non-empty
// strings are not, the file is in another encoding (GBK, say) and the
// *ParseError names the first one's JSONPath and the count; when fewer
// are, their bad bytes become U+FFFD and State.InvalidUTF8 says where
// (Load turns it into a Warning).
func Parse(data []byte, path string, engine Engine) (*State, error) {
	if int64(len(data)) > MaxFileBytes {
		return nil, tooLarge(path, int64(len(data)))
	}
	return parseDoc(string(data), path, engine, LoadOptions{}) // one copy for the parse, freed after it
}

// parseDoc parses a whole state document; the State does not keep doc.
// opts gives the whole-document UTF-8 check (LoadOptions.ValidUTF8,
// optional) and SkipSearches.
func parseDoc(doc, path string, engine Engine, opts LoadOptions) (*State, error) {
	if engine.Rank() == len(Engines) {
		return nil, fmt.Errorf("state: parse %s: engine %q: %w (want query, media or insight)",
			displayPath(path), string(engine), ErrUnknownEngine)
	}
	body := strings.TrimPrefix(doc, "\uFEFF") // UTF-8 byte order mark
	if strings.Trim(body, " \t\n\r") == "" {
		msg := "empty file: want a JSON object"
		if len(doc) > 0 {
			msg = "file holds only white space: want a JSON object"
		}
		return nil, &ParseError{Path: path, Msg: msg, Empty: true}
	}

	if text.LooksUTF16(body) {
		return nil, &ParseError{Path: path, Msg: "UTF-16 text, not UTF-8: convert it (iconv -f UTF-16 -t UTF-8)"}
	}
	p := parser{file: path, c: cursor{doc: body}, skipSearches: opts.SkipSearches}
	p.validDoc = opts.ValidUTF8 != nil && opts.ValidUTF8(body)
	st, err := p.state(engine)
	switch {
	case err == nil:
		if err := p.checkUTF8(st); err != nil {
			return nil, err
		}
		return st, nil
	case errors.Is(err, errSyntax):
		return nil, syntaxError(body, path, len(doc)-len(body))
	case !json.Valid([]byte(body)):
		// A wrong type before a syntax error further on: the walk
		// stopped at the wrong type, so the rest was never checked, and
		// the syntax error is the one to report.
		return nil, syntaxError(body, path, len(doc)-len(body))
	}
	return nil, err
}

// parser holds what the readers share: the file name for errors, the
// cursor and the arena for text. JSON paths are built only
// when a value is wrong.
type parser struct {
	file string
	c    cursor
	text textArena
	// strs counts the non-empty strings read, badStrs those that were
	// not valid UTF-8 (bad: the string str just read was one), firstBad
	// the JSON path of the first.
	strs, badStrs int
	bad           bool
	firstBad      string
	// validDoc is true when the whole document is known to be valid
	// UTF-8: a string read without escapes is then a piece of it between
	// two quotes (ASCII, so no sequence is cut) and valid too, and str
	// does not check it again.
	validDoc bool
	// skipSearches: LoadOptions.SkipSearches.
	skipSearches bool
}

// state walks the whole document: the top-level object, then nothing but
// white space.
func (p *parser) state(engine Engine) (*State, error) {
	c := &p.c
	c.ws()
	if c.peek() != '{' {
		v, err := c.value()
		if err == nil && v.Type == gjson.JSON {
			err = c.skip()
		}
		if err != nil {
			return nil, err
		}
		if c.ws(); c.i < len(c.doc) {
			return nil, errSyntax
		}
		return nil, &ParseError{Path: p.file, Msg: "want a JSON object at the top level, got " + kind(v)}
	}
	st := &State{Engine: engine, Path: p.file}
	err := c.object(func(k gjson.Result) error {
		if k.Str == "paragraphs" {
			var err error
			st.Paragraphs, err = p.paragraphs()
			return err
		}
		v, err := c.value()
		if err != nil {
			return err
		}
		var msg string
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
		default:
			if v.Type == gjson.JSON {
				if err := c.skip(); err != nil {
					return err
				}
			}
		}
		if msg != "" {
			return p.fail(k.Str, msg)
		}
		p.badAt(k.Str)
		return nil
	})
	if err != nil {
		return nil, err
	}
	if c.ws(); c.i < len(c.doc) {
		return nil, errSyntax
	}
	return st, nil
}

// paragraphs reads the paragraphs array (or null) at the cursor.
func (p *parser) paragraphs() ([]Paragraph, error) {
	v, err := p.c.value()
	if err != nil {
		return nil, err
	}
	return list(p, v, "paragraphs", func(i int) string { return paragraphPath(i, "") },
		func(i int, para *Paragraph) error {
			para.Position = i
			return p.paragraph(i, para)
		})
}

// list reads an array of objects (or null: none) at path whose first
// value (already looked at) is v: each element, at(i) its path, is
// appended as a zero T and read into by read.
func list[T any](p *parser, v gjson.Result, path string, at func(i int) string, read func(i int, el *T) error) ([]T, error) {
	if v.Type == gjson.Null {
		return nil, nil
	}
	if !isArray(v) {
		return nil, p.fail(path, wrongType("an array", v))
	}
	var out []T
	err := p.c.array(func(i int) error {
		if p.c.peek() != '{' {
			el, err := p.c.value()
			if err != nil {
				return err
			}
			return p.fail(at(i), wrongType("an object", el))
		}
		out = append(out, *new(T))
		return read(i, &out[i])
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// paragraph reads paragraphs[i], an object at the cursor, into para.
func (p *parser) paragraph(i int, para *Paragraph) error {
	c := &p.c
	return c.object(func(k gjson.Result) error {
		if k.Str == "research" {
			return p.research(i, para)
		}
		v, err := c.value()
		if err != nil {
			return err
		}
		var msg string
		switch k.Str {
		case "title":
			para.Title, msg = p.str(v)
		case "content":
			para.Content, msg = p.str(v)
		case "order":
			para.Order = nil
			if v.Type != gjson.Null {
				var n int
				if n, msg = intValue(v); msg == "" {
					para.Order = &n
				}
			}
		default:
			if v.Type == gjson.JSON {
				return c.skip()
			}
		}
		return p.end(msg, func() string { return paragraphPath(i, "."+k.Str) })
	})
}

// research reads paragraphs[i].research (an object or null). A repeated
// research key replaces what the earlier one gave, as for any key.
func (p *parser) research(i int, para *Paragraph) error {
	c := &p.c
	para.LatestSummary, para.ReflectionIteration, para.Completed, para.Searches = "", 0, false, nil
	v, err := c.value()
	if err != nil || v.Type == gjson.Null {
		return err
	}
	if !isObject(v) {
		return p.fail(paragraphPath(i, ".research"), wrongType("an object", v))
	}
	return c.object(func(k gjson.Result) error {
		v, err := c.value()
		if err != nil {
			return err
		}
		var msg string
		switch k.Str {
		case "search_history":
			if p.skipSearches && isArray(v) {
				return c.skip()
			}
			para.Searches, err = list(p, v, paragraphPath(i, ".research.search_history"),
				func(j int) string { return recordPath(i, j, "") },
				func(j int, r *SearchRecord) error {
					r.Index = j
					return p.record(i, j, r)
				})
			return err
		case "latest_summary":
			para.LatestSummary, msg = p.str(v)
		case "reflection_iteration":
			para.ReflectionIteration, msg = intValue(v)
		case "is_completed":
			para.Completed, msg = boolValue(v)
		default:
			if v.Type == gjson.JSON {
				return c.skip()
			}
		}
		return p.end(msg, func() string { return paragraphPath(i, ".research."+k.Str) })
	})
}

// record reads one search record, an object at the cursor, into r.
func (p *parser) record(i, j int, r *SearchRecord) error {
	c := &p.c
	return c.object(func(k gjson.Result) error {
		v, err := c.value()
		if err != nil {
			return err
		}
		var msg string
		switch k.Str {
		case "query":
			r.Query, msg = p.str(v)
		case "url":
			r.URL, msg = p.str(v)
		case "title":
			r.Title, msg = p.str(v)
		case "content":
			r.Content, msg = p.str(v)
		case "timestamp":
			r.Timestamp, msg = p.str(v)
		case "score":
			r.Score, msg = p.scoreValue(v)
		default:
			if v.Type == gjson.JSON {
				return c.skip()
			}
		}
		return p.end(msg, func() string { return recordPath(i, j, "."+k.Str) })
	})
}

// scoreValue reads a float or null (nil).
func (p *parser) scoreValue(v gjson.Result) (*float64, string) {
	switch v.Type {
	case gjson.Null:
		return nil, ""
	case gjson.Number:
		if math.IsInf(v.Num, 0) || math.IsNaN(v.Num) {
			return nil, "number " + v.Raw + " is out of range"
		}
		f := v.Num
		return &f, ""
	}
	return nil, wrongType("a number", v)
}

// end finishes a member at path(): a failure for a message, else its
// invalid UTF-8 counted (badAt); the path is made only for either.
func (p *parser) end(msg string, path func() string) error {
	if msg != "" {
		return p.fail(path(), msg)
	}
	if p.bad {
		p.badAt(path())
	}
	return nil
}

// fail returns the *ParseError for the value at jsonPath (copied: a key
// may point into a mapped document).
func (p *parser) fail(jsonPath, msg string) error {
	return &ParseError{Path: p.file, JSONPath: strings.Clone(jsonPath), Msg: msg}
}

// str reads a string or null like stringValue and copies the string into
// the parser's text arena. A string is checked for UTF-8 unless it holds
// no escapes (every escape is longer than what it stands for, so Raw is
// then exactly the quoted text) in a document known to be valid.
func (p *parser) str(v gjson.Result) (string, string) {
	s, msg := stringValue(v)
	if s != "" {
		p.strs++
		if !(p.validDoc && len(v.Raw) == len(s)+2) && !utf8.ValidString(s) {
			s = strings.ToValidUTF8(s, "\uFFFD")
			p.bad = true
		}
	}
	return p.text.keep(s), msg
}

// badAt counts the string just read by str if it was not valid UTF-8, and
// remembers jsonPath when it is the first such string.
func (p *parser) badAt(jsonPath string) {
	if !p.bad {
		return
	}
	p.bad = false
	if p.badStrs == 0 {
		p.firstBad = strings.Clone(jsonPath) // a key may point into a mapped document
	}
	p.badStrs++
}

// checkUTF8 judges the strings that were not valid UTF-8 (replaced by
// U+FFFD in the State): none → nil; more than half of the non-empty
// strings → a *ParseError (the file is in another encoding, GBK most
// likely for BettaFish output, and its text would be lost); a few → the
// finding is kept in st.InvalidUTF8 for Load's warning.
func (p *parser) checkUTF8(st *State) error {
	if p.badStrs == 0 {
		return nil
	}
	st.InvalidUTF8 = &InvalidUTF8{JSONPath: p.firstBad, Strings: p.badStrs, Of: p.strs}
	if 2*p.badStrs > p.strs {
		return &ParseError{Path: p.file, JSONPath: p.firstBad, Msg: fmt.Sprintf(
			"invalid UTF-8 (not UTF-8 — GBK? convert with iconv -f GBK -t UTF-8); %d of %d strings affected", p.badStrs, p.strs)}
	}
	return nil
}

// syntaxError locates the first JSON syntax error in data. gjson only says
// whether a document is valid, so encoding/json's scanner finds the offset.
// bom is the length of the byte order mark the file had before data (0 or
// 3): a NUL byte's offset is the file's.
func syntaxError(data string, path string, bom int) error {
	var raw json.RawMessage
	err := json.Unmarshal([]byte(data), &raw)
	var se *json.SyntaxError
	if !errors.As(err, &se) {
		// The two validators disagree (encoding/json also limits nesting
		// depth); report the document as invalid without a position.
		return &ParseError{Path: path, Msg: "invalid JSON"}
	}
	// Offset counts the bytes read up to and including the offending one;
	// for a truncated document that is the last byte.
	off := int(se.Offset) - 1
	if off >= 0 && off < len(data) && data[off] == 0 {
		// JSON holds no raw NUL, so the first one stops the parse: a
		// binary file or a device such as /dev/zero (UTF-16 is named
		// before the parse, by text.LooksUTF16)
		return &ParseError{Path: path, Msg: fmt.Sprintf("holds NUL bytes (the first at byte offset %d): a binary file, not JSON text", bom+off)}
	}
	line, col := position(data, off)
	return &ParseError{Path: path, Line: line, Column: col, Msg: "invalid JSON: " + se.Error()}
}

// position returns the 1-based line and column of the character at byte
// offset off in data (clamped to the data); the column counts characters
// (runes), not bytes.
func position(data string, off int) (line, col int) {
	off = max(0, min(off, len(data)))
	line = 1
	start := 0
	for i := 0; i < off; i++ {
		if data[i] == '\n' {
			line++
			start = i + 1
		}
	}
	return line, utf8.RuneCountInString(data[start:off]) + 1
}

func displayPath(path string) string {
	if path == "" {
		return "<input>"
	}
	return path
}
