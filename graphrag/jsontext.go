package graphrag

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/bytedance/sonic/encoder"
)

// Spelling chooses how AppendString and AppendAttrsJSON spell text. The
// zero value is the graph file's spelling (the codec's: <, > and & as
// they are, backspace and form feed as \u0008 and \u000c).
type Spelling uint8

const (
	// HTML escapes <, > and & as \u003c, \u003e and \u0026, as
	// encoding/json's Marshal does (the server's responses).
	HTML Spelling = 1 << iota
	// ShortControls writes backspace and form feed as \b and \f, as
	// encoding/json does (AppendString only: the strings inside
	// attributes keep the codec's spelling).
	ShortControls
)

// AppendString appends s as a JSON string in spelling sp. Every spelling
// writes a quote and a backslash escaped, \n, \r and \t short, other
// control characters as \u00XX, every byte of invalid UTF-8 as \ufffd,
// and other text as it is, except that HTML also escapes U+2028 and
// U+2029 (\u2028, \u2029): with HTML|ShortControls that is encoding/json's
// Marshal of a string, with 0 the codec's, with HTML the codec's passed
// through json.HTMLEscape (TestAppendStringSpellings holds all three).
func AppendString(buf []byte, s string, sp Spelling) []byte {
	return append(AppendText(append(buf, '"'), s, sp), '"')
}

// AppendText appends s as AppendString does, without the quotes (for a
// JSON string made of several parts).
func AppendText(buf []byte, s string, sp Spelling) []byte {
	if len(s) < codecMinBytes || sp&ShortControls != 0 && strings.ContainsAny(s, "\b\f") {
		return appendText(buf, s, sp)
	}
	return appendCodecString(buf, s, sp)
}

// codecMinBytes is the shortest string AppendString leaves to the codec,
// whose vectorised escaping is about ten times as fast as appendText on
// Chinese text (4 against 0.4 GB/s) but costs a call and a copy.
const codecMinBytes = 64

// appendCodecString appends the codec's encoding of s without its
// quotes, with HTML characters escaped for HTML (after it: the codec's
// own HTML escaping runs at a twentieth of its speed).
func appendCodecString(buf []byte, s string, sp Spelling) []byte {
	p := scratch.Get().(*[]byte)
	tmp := (*p)[:0]
	if err := encoder.EncodeInto(&tmp, s, encOpts); err != nil {
		return appendText(buf, s, sp) // a string always encodes
	}
	at := len(buf)
	buf = append(buf, tmp[1:len(tmp)-1]...)
	if cap(tmp) <= 1<<20 {
		*p = tmp
		scratch.Put(p)
	}
	if sp&HTML != 0 {
		buf = htmlEscapeTail(buf, at)
	}
	return buf
}

// appendText is AppendText written out byte by byte: the spelling the
// codec's is held to, and the writer of short strings.
func appendText(buf []byte, s string, sp Spelling) []byte {
	special := &specials[sp&HTML]
	start, i := 0, 0
	for i < len(s) {
		c := s[i]
		if c < utf8.RuneSelf {
			if special[c] {
				buf = appendEscape(append(buf, s[start:i]...), c, sp)
				start = i + 1
			}
			i++
			continue
		}
		// a three-byte rune (most Chinese text) checked here, others by
		// the decoder
		if c >= 0xe0 && c <= 0xef && i+2 < len(s) && s[i+1]&0xc0 == 0x80 && s[i+2]&0xc0 == 0x80 &&
			(c != 0xe0 || s[i+1] >= 0xa0) && (c != 0xed || s[i+1] < 0xa0) &&
			(c != 0xe2 || s[i+1] != 0x80 || s[i+2]&^1 != 0xa8 || sp&HTML == 0) {
			i += 3
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			buf = append(append(buf, s[start:i]...), `\ufffd`...)
			start = i + 1
		case (r == '\u2028' || r == '\u2029') && sp&HTML != 0:
			buf = append(append(buf, s[start:i]...), `\u202`...)
			buf = append(buf, hexDigits[r&0xf])
			start = i + size
		}
		i += size
	}
	return append(buf, s[start:]...)
}

// appendEscape appends the escape of ASCII byte c.
func appendEscape(buf []byte, c byte, sp Spelling) []byte {
	switch {
	case c == '"' || c == '\\':
		return append(buf, '\\', c)
	case c == '\n':
		return append(buf, `\n`...)
	case c == '\r':
		return append(buf, `\r`...)
	case c == '\t':
		return append(buf, `\t`...)
	case c == '\b' && sp&ShortControls != 0:
		return append(buf, `\b`...)
	case c == '\f' && sp&ShortControls != 0:
		return append(buf, `\f`...)
	}
	buf = append(buf, `\u00`...)
	return append(buf, hexDigits[c>>4], hexDigits[c&0xf])
}

const hexDigits = "0123456789abcdef"

// specials mark the ASCII bytes AppendText escapes, indexed by HTML:
// control characters, quote and backslash, and with HTML <, > and &.
var specials = func() (t [2][128]bool) {
	for k := range t {
		for c := range 128 {
			t[k][c] = c < 0x20 || c == '"' || c == '\\' || k == 1 && (c == '<' || c == '>' || c == '&')
		}
	}
	return t
}()

// AppendAttrsJSON appends the attributes of node v as one JSON object in
// their stored order (Attrs(v)'s), leaving out the keys in omit, in
// spelling sp: what Attrs(v).MarshalJSON writes (sp 0) or that with HTML
// characters escaped as encoding/json's compaction escapes them (HTML),
// without making the attribute list. Errors: a value JSON cannot hold
// (NaN), naming the key.
func (g *Graph) AppendAttrsJSON(buf []byte, v int, sp Spelling, omit []string) ([]byte, error) {
	sp &^= ShortControls
	r := g.srcRow[v]
	if r < 0 {
		return appendAttrs(buf, g.attrs[v], sp, omit)
	}
	s := &g.sources[r]
	buf = append(buf, '{')
	n := 0
	for _, k := range sourceKeys {
		if slices.Contains(omit, k) {
			continue
		}
		if n++; n > 1 {
			buf = append(buf, ',')
		}
		buf = AppendString(buf, k, sp)
		buf = append(buf, ':')
		if t, ok := s.text(k); ok {
			buf = AppendString(buf, t, sp)
			continue
		}
		switch k {
		case "score":
			if s.Score == nil {
				buf = append(buf, "null"...)
			} else if b, err := appendValue(buf, *s.Score); err != nil {
				return nil, fmt.Errorf("attribute %q: %w", k, err)
			} else {
				buf = b
			}
		case "engines":
			buf = appendStrings(buf, s.Engines, sp)
		case "found_count":
			buf = strconv.AppendInt(buf, int64(s.FoundCount), 10)
		}
	}
	return append(buf, '}'), nil
}

// appendAttrs appends a as a JSON object in spelling sp, leaving out the
// keys in omit (Attributes.MarshalJSON is it with sp 0 and none left out).
func appendAttrs(buf []byte, a Attributes, sp Spelling, omit []string) ([]byte, error) {
	buf = append(buf, '{')
	n := 0
	for _, kv := range a {
		if slices.Contains(omit, kv.Key) {
			continue
		}
		if n++; n > 1 {
			buf = append(buf, ',')
		}
		buf = AppendString(buf, kv.Key, sp)
		buf = append(buf, ':')
		var err error
		if buf, err = appendAny(buf, kv.Value, sp); err != nil {
			return nil, fmt.Errorf("attribute %q: %w", kv.Key, err)
		}
	}
	return append(buf, '}'), nil
}

// appendAny appends an attribute value: strings, string lists and
// ordered objects here, other values through the codec (with HTML, its
// output HTML-escaped).
func appendAny(buf []byte, v any, sp Spelling) ([]byte, error) {
	switch x := v.(type) {
	case string:
		return AppendString(buf, x, sp), nil
	case []string:
		return appendStrings(buf, x, sp), nil
	case Attributes:
		return appendAttrs(buf, x, sp, nil)
	}
	if sp&HTML == 0 {
		return appendValue(buf, v)
	}
	at := len(buf)
	out, err := appendValue(buf, v)
	if err != nil {
		return nil, err
	}
	return htmlEscapeTail(out, at), nil
}

// htmlEscapeTail HTML-escapes buf[at:] (JSON text from the codec) as
// json.HTMLEscape does: <, > and & as \u003c, \u003e and \u0026, U+2028
// and U+2029 as \u2028 and \u2029. The first such character is found by
// vectorised byte searches (they are rare in text); from there on the
// tail is copied and rewritten byte by byte.
func htmlEscapeTail(buf []byte, at int) []byte {
	tail := buf[at:]
	first := len(tail)
	for _, c := range [...]byte{'<', '>', '&'} {
		if i := bytes.IndexByte(tail[:first], c); i >= 0 {
			first = i
		}
	}
	for i := 0; ; { // U+2028, U+2029: E2 80 A8/A9
		j := bytes.IndexByte(tail[i:first], 0xe2)
		if j < 0 {
			break
		}
		if j += i; j+2 < first && tail[j+1] == 0x80 && tail[j+2]&^1 == 0xa8 {
			first = j
			break
		}
		i = j + 1
	}
	if first == len(tail) {
		return buf
	}
	p := scratch.Get().(*[]byte)
	rest := append((*p)[:0], tail[first:]...)
	buf = buf[:at+first]
	for k := 0; k < len(rest); k++ {
		switch c := rest[k]; {
		case c == '<' || c == '>' || c == '&':
			buf = append(buf, `\u00`...)
			buf = append(buf, hexDigits[c>>4], hexDigits[c&0xf])
		case c == 0xe2 && k+2 < len(rest) && rest[k+1] == 0x80 && rest[k+2]&^1 == 0xa8:
			buf = append(buf, `\u202`...)
			buf = append(buf, hexDigits[rest[k+2]&0xf])
			k += 2
		default:
			buf = append(buf, c)
		}
	}
	if cap(rest) <= 1<<20 {
		*p = rest
		scratch.Put(p)
	}
	return buf
}

// appendStrings appends a string list (nil is null, as the codec writes it).
func appendStrings(buf []byte, list []string, sp Spelling) []byte {
	if list == nil {
		return append(buf, "null"...)
	}
	buf = append(buf, '[')
	for i, s := range list {
		if i > 0 {
			buf = append(buf, ',')
		}
		buf = AppendString(buf, s, sp)
	}
	return append(buf, ']')
}
