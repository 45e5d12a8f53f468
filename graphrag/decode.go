package graphrag

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"unicode/utf8"
)

// valueParser decodes one JSON value that encoding/json has already checked
// (Attributes.UnmarshalJSON is only ever handed valid JSON by a decoder; a
// direct caller with invalid input gets an error, never a panic). It exists
// because json.Decoder.Token allocates per token and made loading a large
// graph ten times slower than reading it.
type valueParser struct {
	data []byte
	pos  int
	// keys interns object keys: a graph repeats the same few dozen keys
	// on every node, so each is allocated once.
	keys map[string]string
}

// maxInterned bounds the key table (a file with ever-new keys must not grow
// it without limit).
const maxInterned = 4096

// key decodes an object key, interned.
func (p *valueParser) key() (string, error) {
	start := p.pos
	p.pos++
	for p.pos < len(p.data) {
		c := p.data[p.pos]
		if c == '"' {
			body := p.data[start+1 : p.pos]
			if k, ok := p.keys[string(body)]; ok {
				p.pos++
				return k, nil
			}
			break
		}
		if c == '\\' || c < 0x20 || c >= 0x80 {
			break
		}
		p.pos++
	}
	p.pos = start
	k, err := p.str()
	if err != nil {
		return "", err
	}
	if p.keys == nil {
		p.keys = map[string]string{}
	}
	if len(p.keys) < maxInterned {
		p.keys[k] = k
	}
	return k, nil
}

func (p *valueParser) errorf(format string, args ...any) error {
	return fmt.Errorf("attributes: at byte %d: %s", p.pos, fmt.Sprintf(format, args...))
}

func (p *valueParser) skipSpace() {
	for p.pos < len(p.data) {
		switch p.data[p.pos] {
		case ' ', '\t', '\n', '\r':
			p.pos++
		default:
			return
		}
	}
}

// value decodes the value at p.pos: objects → Attributes, arrays → []any,
// strings → string, numbers → json.Number, true/false → bool, null → nil.
func (p *valueParser) value() (any, error) {
	p.skipSpace()
	if p.pos >= len(p.data) {
		return nil, p.errorf("unexpected end of input")
	}
	switch c := p.data[p.pos]; {
	case c == '{':
		return p.object()
	case c == '[':
		p.pos++
		list := []any{}
		p.skipSpace()
		if p.pos < len(p.data) && p.data[p.pos] == ']' {
			p.pos++
			return list, nil
		}
		for {
			v, err := p.value()
			if err != nil {
				return nil, err
			}
			list = append(list, v)
			p.skipSpace()
			if p.pos >= len(p.data) {
				return nil, p.errorf("unterminated array")
			}
			switch p.data[p.pos] {
			case ',':
				p.pos++
			case ']':
				p.pos++
				return list, nil
			default:
				return nil, p.errorf("want , or ] in array")
			}
		}
	case c == '"':
		return p.str()
	case c == 't':
		return p.literal("true", true)
	case c == 'f':
		return p.literal("false", false)
	case c == 'n':
		return p.literal("null", nil)
	case c == '-' || (c >= '0' && c <= '9'):
		start := p.pos
		for p.pos < len(p.data) {
			switch d := p.data[p.pos]; {
			case d >= '0' && d <= '9', d == '-', d == '+', d == '.', d == 'e', d == 'E':
				p.pos++
				continue
			}
			break
		}
		n := json.Number(p.data[start:p.pos])
		if !isJSONNumber(string(n)) {
			return nil, p.errorf("invalid number %q", string(n))
		}
		return n, nil
	default:
		return nil, p.errorf("unexpected character %q", c)
	}
}

func (p *valueParser) literal(word string, v any) (any, error) {
	if len(p.data)-p.pos < len(word) || string(p.data[p.pos:p.pos+len(word)]) != word {
		return nil, p.errorf("invalid literal")
	}
	p.pos += len(word)
	return v, nil
}

// str decodes a string. Strings without escapes and with valid UTF-8 are
// copied as they are; the rest go through encoding/json, so escapes and
// invalid bytes come out exactly as encoding/json decodes them.
func (p *valueParser) str() (string, error) {
	start := p.pos
	// Fast path: the closing quote found with IndexByte, no backslash
	// before it, no control character, valid UTF-8: copy as is.
	if q := bytes.IndexByte(p.data[start+1:], '"'); q >= 0 {
		body := p.data[start+1 : start+1+q]
		if bytes.IndexByte(body, '\\') < 0 {
			if hasControlByte(body) {
				p.pos = start + 1 + q
				return "", p.errorf("control character in string")
			}
			p.pos = start + q + 2
			if utf8.Valid(body) {
				return string(body), nil
			}
			var s string
			if err := json.Unmarshal(p.data[start:p.pos], &s); err != nil {
				return "", p.errorf("%v", err)
			}
			return s, nil
		}
	}
	p.pos++
	for p.pos < len(p.data) {
		c := p.data[p.pos]
		switch {
		case c == '"':
			p.pos++
			var s string
			if err := json.Unmarshal(p.data[start:p.pos], &s); err != nil {
				return "", p.errorf("%v", err)
			}
			return s, nil
		case c == '\\':
			p.pos += 2
		case c < 0x20:
			return "", p.errorf("control character in string")
		default:
			p.pos++
		}
	}
	return "", p.errorf("unterminated string")
}

// hasControlByte reports whether b holds a byte below 0x20, eight bytes at
// a time.
func hasControlByte(b []byte) bool {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	i := 0
	for ; i+8 <= len(b); i += 8 {
		x := binary.LittleEndian.Uint64(b[i:])
		// A byte below 0x20 makes (x - 0x20…) borrow into its high bit while
		// its own high bit is clear.
		if (x-0x20*ones)&^x&highs != 0 {
			for _, c := range b[i : i+8] {
				if c < 0x20 {
					return true
				}
			}
		}
	}
	for _, c := range b[i:] {
		if c < 0x20 {
			return true
		}
	}
	return false
}

func (p *valueParser) object() (Attributes, error) {
	p.pos++ // '{'
	out := Attributes{}
	p.skipSpace()
	if p.pos < len(p.data) && p.data[p.pos] == '}' {
		p.pos++
		return out, nil
	}
	for {
		p.skipSpace()
		if p.pos >= len(p.data) || p.data[p.pos] != '"' {
			return nil, p.errorf("want an object key")
		}
		key, err := p.key()
		if err != nil {
			return nil, err
		}
		p.skipSpace()
		if p.pos >= len(p.data) || p.data[p.pos] != ':' {
			return nil, p.errorf("want : after key %q", key)
		}
		p.pos++
		v, err := p.value()
		if err != nil {
			return nil, fmt.Errorf("key %q: %w", key, err)
		}
		out.Set(key, v)
		p.skipSpace()
		if p.pos >= len(p.data) {
			return nil, p.errorf("unterminated object")
		}
		switch p.data[p.pos] {
		case ',':
			p.pos++
		case '}':
			p.pos++
			return out, nil
		default:
			return nil, p.errorf("want , or } in object")
		}
	}
}

// isJSONNumber reports whether s is a number literal of the JSON grammar.
func isJSONNumber(s string) bool {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	switch {
	case i < len(s) && s[i] == '0':
		i++
	case i < len(s) && s[i] >= '1' && s[i] <= '9':
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
	default:
		return false
	}
	if i < len(s) && s[i] == '.' {
		i++
		if i >= len(s) || s[i] < '0' || s[i] > '9' {
			return false
		}
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if i >= len(s) || s[i] < '0' || s[i] > '9' {
			return false
		}
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
	}
	return i == len(s)
}

// skip moves past the value at p.pos, checking its syntax without building
// it (strings are scanned, not decoded).
func (p *valueParser) skip() error {
	p.skipSpace()
	if p.pos >= len(p.data) {
		return p.errorf("unexpected end of input")
	}
	switch p.data[p.pos] {
	case '"':
		return p.skipString()
	case '{', '[':
		depth := 0
		for p.pos < len(p.data) {
			switch c := p.data[p.pos]; c {
			case '"':
				if err := p.skipString(); err != nil {
					return err
				}
				continue
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					p.pos++
					return nil
				}
			}
			p.pos++
		}
		return p.errorf("unterminated value")
	}
	_, err := p.value()
	return err
}

// skipString moves past the string at p.pos.
func (p *valueParser) skipString() error {
	p.pos++
	for p.pos < len(p.data) {
		i := bytes.IndexAny(p.data[p.pos:], "\"\\")
		if i < 0 {
			break
		}
		p.pos += i
		if p.data[p.pos] == '\\' {
			p.pos += 2
			continue
		}
		p.pos++
		return nil
	}
	return p.errorf("unterminated string")
}
