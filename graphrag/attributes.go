package graphrag

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"unicode/utf8"
)

// JSONAppender is implemented by attribute values that write their own JSON
// (compact typed values the builder stores in bulk). AppendJSON must write
// exactly one valid JSON value to buf. Such values come back from a file as
// the generic types ([]any, Attributes, json.Number, …).
type JSONAppender interface {
	AppendJSON(buf *bytes.Buffer) error
}

// AppendJSONString writes s to buf as a JSON string literal (non-ASCII kept,
// <, > and & not escaped), for JSONAppender implementations.
func AppendJSONString(buf *bytes.Buffer, s string) { writeJSONString(buf, s) }

// AppendJSONValue writes v to buf as JSON the way attribute values are
// written, for JSONAppender implementations.
func AppendJSONValue(buf *bytes.Buffer, v any) error { return writeJSONValue(buf, v) }

// Attr is one key/value pair of a node's or an edge's attributes.
//
// Value holds one of: string, json.Number, bool, nil, []any and Attributes
// (what a graph file decodes to, see UnmarshalJSON); values set in code may
// also be int, int64, float64, []string, a JSONAppender, or anything else
// encoding/json can encode (written through encoding/json, slower).
type Attr struct {
	Key   string
	Value any
}

// Attributes is an ordered list of attributes. The order is the insertion
// order (or the key order of the file a graph was read from) and it is the
// order in which the attributes are written, so a graph written twice gives
// the same bytes. Keys are unique: Set replaces an existing key in place.
//
// A slice is used instead of a map because a graph has one Attributes value
// per node: for the typical 4–10 keys it is about half the memory of a Go map
// and lookups by linear scan are as fast.
type Attributes []Attr

// Get returns the value stored under key and whether the key is present.
func (a Attributes) Get(key string) (any, bool) {
	for i := range a {
		if a[i].Key == key {
			return a[i].Value, true
		}
	}
	return nil, false
}

// Set stores v under key, replacing an existing value in place (its position
// is kept) or appending a new pair.
func (a *Attributes) Set(key string, v any) {
	for i := range *a {
		if (*a)[i].Key == key {
			(*a)[i].Value = v
			return
		}
	}
	*a = append(*a, Attr{Key: key, Value: v})
}

// String returns the value under key when it is a string, else "". A JSON
// null, a missing key and a value of another type all give "" (never the
// text "None" or "<nil>": §8 #9 of the BettaFish reference).
func (a Attributes) String(key string) string {
	v, _ := a.Get(key)
	s, _ := v.(string)
	return s
}

// Int returns the value under key as an int when it is an integer (int,
// int64, or a float64 / json.Number without a fractional part). ok is false
// for a missing key, null, or any other value.
func (a Attributes) Int(key string) (n int, ok bool) {
	v, _ := a.Get(key)
	return asInt(v)
}

// Float returns the value under key as a float64 when it is a finite
// number. ok is false for a missing key, null, a non-number, NaN or ±Inf.
func (a Attributes) Float(key string) (f float64, ok bool) {
	v, _ := a.Get(key)
	f, ok = asFloat(v)
	if ok && (math.IsNaN(f) || math.IsInf(f, 0)) {
		return 0, false
	}
	return f, ok
}

func asFloat(v any) (float64, bool) {
	switch x := v.(type) {
	case float64:
		return x, true
	case float32:
		return float64(x), true
	case int:
		return float64(x), true
	case int64:
		return float64(x), true
	case json.Number:
		f, err := x.Float64()
		return f, err == nil
	}
	return 0, false
}

// Strings returns the value under key as a list of strings. It accepts
// []string and a []any whose elements are all strings (what a decoded file
// holds); anything else gives nil.
func (a Attributes) Strings(key string) []string {
	v, _ := a.Get(key)
	switch x := v.(type) {
	case []string:
		return x
	case []any:
		out := make([]string, 0, len(x))
		for _, e := range x {
			s, ok := e.(string)
			if !ok {
				return nil
			}
			out = append(out, s)
		}
		return out
	}
	return nil
}

// Clone returns a copy of the list (values are shared, the list is not).
func (a Attributes) Clone() Attributes {
	if a == nil {
		return nil
	}
	out := make(Attributes, len(a))
	copy(out, a)
	return out
}

func asInt(v any) (int, bool) {
	switch x := v.(type) {
	case int:
		return x, true
	case int64:
		return int(x), true
	case float64:
		if x == math.Trunc(x) && math.Abs(x) < 1<<53 {
			return int(x), true
		}
	case json.Number:
		if n, err := x.Int64(); err == nil {
			return int(n), true
		}
		if f, err := x.Float64(); err == nil && f == math.Trunc(f) && math.Abs(f) < 1<<53 {
			return int(f), true
		}
	}
	return 0, false
}

// MarshalJSON writes the attributes as one JSON object in list order.
// Strings keep non-ASCII text as is and do not escape <, > and &.
func (a Attributes) MarshalJSON() ([]byte, error) {
	var buf bytes.Buffer
	if err := a.appendJSON(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func (a Attributes) appendJSON(buf *bytes.Buffer) error {
	buf.WriteByte('{')
	for i, kv := range a {
		if i > 0 {
			buf.WriteByte(',')
		}
		writeJSONString(buf, kv.Key)
		buf.WriteByte(':')
		if err := writeJSONValue(buf, kv.Value); err != nil {
			return fmt.Errorf("attribute %q: %w", kv.Key, err)
		}
	}
	buf.WriteByte('}')
	return nil
}

// UnmarshalJSON reads a JSON object (or null) and keeps its key order.
// Values decode as: strings string, numbers json.Number (the exact literal,
// so a number survives a read/write cycle byte for byte; use Int and Float to
// read them), booleans bool, null nil, arrays []any, and nested objects
// Attributes (ordered, never map[string]any). A key that appears twice keeps
// its last value at its first position.
func (a *Attributes) UnmarshalJSON(data []byte) error {
	p := valueParser{data: data}
	p.skipSpace()
	if p.pos < len(data) && data[p.pos] == 'n' {
		if _, err := p.literal("null", nil); err != nil {
			return err
		}
		*a = nil
		return p.end()
	}
	if p.pos >= len(data) || data[p.pos] != '{' {
		kind := "nothing"
		if p.pos < len(data) {
			kind = describeFirstByte(data[p.pos])
		}
		return fmt.Errorf("attributes: want a JSON object, got %s", kind)
	}
	out, err := p.object()
	if err != nil {
		return err
	}
	*a = out
	return p.end()
}

func (p *valueParser) end() error {
	p.skipSpace()
	if p.pos != len(p.data) {
		return p.errorf("unexpected data after the value")
	}
	return nil
}

func describeFirstByte(c byte) string {
	switch {
	case c == '[':
		return "an array"
	case c == '"':
		return "a string"
	case c == 't' || c == 'f':
		return "a boolean"
	case c == '-' || (c >= '0' && c <= '9'):
		return "a number"
	}
	return fmt.Sprintf("%q", c)
}

// writeJSONValue encodes the common value types directly and falls back to
// encoding/json (without HTML escaping) for the rest.
func writeJSONValue(buf *bytes.Buffer, v any) error {
	switch x := v.(type) {
	case nil:
		buf.WriteString("null")
	case string:
		writeJSONString(buf, x)
	case bool:
		buf.WriteString(strconv.FormatBool(x))
	case int:
		buf.WriteString(strconv.Itoa(x))
	case int64:
		buf.WriteString(strconv.FormatInt(x, 10))
	case json.Number:
		if !isJSONNumber(string(x)) {
			return fmt.Errorf("invalid number %q", string(x))
		}
		buf.WriteString(string(x))
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return fmt.Errorf("unsupported number %v", x)
		}
		buf.Write(formatFloat(x))
	case []string:
		buf.WriteByte('[')
		for i, s := range x {
			if i > 0 {
				buf.WriteByte(',')
			}
			writeJSONString(buf, s)
		}
		buf.WriteByte(']')
	case []any:
		buf.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				buf.WriteByte(',')
			}
			if err := writeJSONValue(buf, e); err != nil {
				return err
			}
		}
		buf.WriteByte(']')
	case Attributes:
		return x.appendJSON(buf)
	case JSONAppender:
		return x.AppendJSON(buf)
	default:
		var tmp bytes.Buffer
		enc := json.NewEncoder(&tmp)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(v); err != nil {
			return err
		}
		buf.Write(bytes.TrimRight(tmp.Bytes(), "\n"))
	}
	return nil
}

// formatFloat formats like encoding/json: the shortest representation, with
// exponent form for very small or very large numbers. Integral values keep a
// ".0"-free form ("1" for 1.0), which every JSON reader accepts.
func formatFloat(f float64) []byte {
	abs := math.Abs(f)
	format := byte('f')
	if abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	return strconv.AppendFloat(nil, f, format, -1, 64)
}

const hexDigits = "0123456789abcdef"

// writeJSONString writes s as a JSON string literal. Like encoding/json with
// SetEscapeHTML(false) it escapes ", \\, control characters, U+2028, U+2029
// and invalid UTF-8 (as U+FFFD); other text is copied as is.
//
// The loop checks UTF-8 validity as it goes (lead byte, continuation bytes,
// no overlong forms or surrogates) instead of decoding runes, which made
// writing a large graph three times faster; at the first invalid byte the
// rest goes through the rune-decoding writer.
func writeJSONString(buf *bytes.Buffer, s string) {
	buf.WriteByte('"')
	start := 0
	i := 0
	for i < len(s) {
		c := s[i]
		if c < 0x80 {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			buf.WriteString(s[start:i])
			writeEscapedASCII(buf, c)
			i++
			start = i
			continue
		}
		n := validSeqLen(s, i)
		if n == 0 {
			buf.WriteString(s[start:i])
			writeJSONStringBody(buf, s[i:])
			buf.WriteByte('"')
			return
		}
		if c == 0xE2 && s[i+1] == 0x80 && (s[i+2] == 0xA8 || s[i+2] == 0xA9) {
			buf.WriteString(s[start:i])
			buf.WriteString(`\u202`)
			buf.WriteByte(hexDigits[s[i+2]&0xF])
			start = i + 3
		}
		i += n
	}
	buf.WriteString(s[start:])
	buf.WriteByte('"')
}

// validSeqLen returns the length of the valid multi-byte UTF-8 sequence at
// s[i] (whose first byte is >= 0x80), or 0 when it is not valid.
func validSeqLen(s string, i int) int {
	c := s[i]
	cont := func(k int) bool { return i+k < len(s) && s[i+k]&0xC0 == 0x80 }
	switch {
	case c >= 0xC2 && c <= 0xDF:
		if cont(1) {
			return 2
		}
	case c >= 0xE0 && c <= 0xEF:
		if !cont(1) || !cont(2) {
			return 0
		}
		if (c == 0xE0 && s[i+1] < 0xA0) || (c == 0xED && s[i+1] >= 0xA0) {
			return 0 // overlong, or a surrogate
		}
		return 3
	case c >= 0xF0 && c <= 0xF4:
		if !cont(1) || !cont(2) || !cont(3) {
			return 0
		}
		if (c == 0xF0 && s[i+1] < 0x90) || (c == 0xF4 && s[i+1] >= 0x90) {
			return 0 // overlong, or above U+10FFFF
		}
		return 4
	}
	return 0
}

// writeEscapedASCII writes the JSON escape of the ASCII byte c (a quote, a
// backslash or a control character), with the short forms encoding/json uses.
func writeEscapedASCII(buf *bytes.Buffer, c byte) {
	switch c {
	case '"', '\\':
		buf.WriteByte('\\')
		buf.WriteByte(c)
	case '\n':
		buf.WriteString(`\n`)
	case '\r':
		buf.WriteString(`\r`)
	case '\t':
		buf.WriteString(`\t`)
	case '\b':
		buf.WriteString(`\b`)
	case '\f':
		buf.WriteString(`\f`)
	default:
		buf.WriteString(`\u00`)
		buf.WriteByte(hexDigits[c>>4])
		buf.WriteByte(hexDigits[c&0xF])
	}
}

// writeJSONStringBody writes the escaped body of a JSON string (without
// quotes), decoding runes: the path for text with invalid UTF-8.
func writeJSONStringBody(buf *bytes.Buffer, s string) {
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < 0x80 {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			buf.WriteString(s[start:i])
			writeEscapedASCII(buf, c)
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == 0xFFFD && size == 1 {
			buf.WriteString(s[start:i])
			buf.WriteString(`\ufffd`)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			buf.WriteString(s[start:i])
			buf.WriteString(`\u202`)
			buf.WriteByte(hexDigits[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	buf.WriteString(s[start:])
}
