package llm

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// The lenient JSON scanner ExtractJSON runs over a reply (split out of
// extract.go).

// maxDepth bounds nesting; deeper input is not JSON a model meant to write.
const maxDepth = 512

// scan is the state one ExtractJSON call shares between its parses.
type scan struct {
	budget        int  // work left, in bytes looked at
	endedInString bool // the last parse ran off the end inside a string
	cutProgress   bool // … after reading more than its opening bracket
	cjkFailed     bool // a parse was retried with full-width quotes and failed again
}

type parser struct {
	s        string
	out      []byte
	repaired bool
	depth    int
	tooDeep  bool
	inString bool // stopped at the end of s inside a string
	cjk      bool // “ and ” delimit strings too (the B06 fallback)
	sc       *scan
}

// parseAt parses one JSON object or array starting exactly at s[i]. It
// returns the value (original bytes if no repair was needed, else the
// compact repaired form), the end offset, and ok. On failure the offset is
// where parsing stopped: len(s) if the value is unterminated, -1 if it nests
// deeper than maxDepth. A parse that stops at a full-width quote where a
// string must begin is retried once with full-width quotes as delimiters.
func (sc *scan) parseAt(s string, i int) (json.RawMessage, int, bool) {
	v, end, ok := sc.parseOnce(s, i, false)
	if !ok && end >= 0 && end < len(s) && isCJKQuoteAt(s, end) {
		if v2, end2, ok2 := sc.parseOnce(s, i, true); ok2 {
			return v2, end2, true
		}
		sc.cjkFailed = true
	}
	return v, end, ok
}

func isCJKQuoteAt(s string, i int) bool {
	return strings.HasPrefix(s[i:], "“") || strings.HasPrefix(s[i:], "”")
}

func (sc *scan) parseOnce(s string, i int, cjk bool) (json.RawMessage, int, bool) {
	if i >= len(s) || (s[i] != '{' && s[i] != '[') {
		return nil, i, false
	}
	p := &parser{s: s, sc: sc, cjk: cjk}
	end, ok := p.value(i)
	if !ok {
		if p.tooDeep {
			return nil, -1, false
		}
		if end >= len(s) {
			// more than the opening bracket was read: a value, not a
			// stray bracket at the end of some text
			sc.endedInString, sc.cutProgress = p.inString, len(p.out) > 1
		}
		return nil, end, false
	}
	var v []byte
	if p.repaired {
		v = p.out
	} else {
		v = []byte(s[i:end])
	}
	if !json.Valid(v) {
		return nil, i, false
	}
	return v, end, true
}

func (p *parser) ws(i int) int {
	for i < len(p.s) && strings.IndexByte(" \t\n\r", p.s[i]) >= 0 {
		i++
	}
	return i
}

func (p *parser) spend(n int) bool {
	p.sc.budget -= n
	return p.sc.budget > 0
}

func (p *parser) value(i int) (int, bool) {
	i = p.ws(i)
	if i >= len(p.s) || !p.spend(1) {
		return i, false
	}
	switch c := p.s[i]; {
	case c == '{':
		return p.container(i, '}')
	case c == '[':
		return p.container(i, ']')
	case c == '"':
		return p.str(i)
	case p.cjk && isCJKQuoteAt(p.s, i):
		return p.cjkStr(i)
	case c == 't':
		return p.lit(i, "true")
	case c == 'f':
		return p.lit(i, "false")
	case c == 'n':
		return p.lit(i, "null")
	case c == '-' || (c >= '0' && c <= '9'):
		return p.num(i)
	}
	return i, false
}

func (p *parser) container(i int, closer byte) (int, bool) {
	p.depth++
	defer func() { p.depth-- }()
	if p.depth > maxDepth {
		p.tooDeep = true
		return i, false
	}
	p.out = append(p.out, p.s[i])
	i = p.ws(i + 1)
	if i < len(p.s) && p.s[i] == closer {
		p.out = append(p.out, closer)
		return i + 1, true
	}
	for {
		var ok bool
		if closer == '}' {
			i = p.ws(i)
			switch {
			case i < len(p.s) && p.s[i] == '"':
				i, ok = p.str(i)
			case p.cjk && isCJKQuoteAt(p.s, i):
				i, ok = p.cjkStr(i)
			default:
				return i, false
			}
			if !ok {
				return i, false
			}
			i = p.ws(i)
			if i >= len(p.s) || p.s[i] != ':' {
				return i, false
			}
			p.out = append(p.out, ':')
			i++
		}
		if i, ok = p.value(i); !ok {
			return i, false
		}
		i = p.ws(i)
		if i >= len(p.s) {
			return i, false
		}
		switch p.s[i] {
		case closer:
			p.out = append(p.out, closer)
			return i + 1, true
		case ',':
			j := p.ws(i + 1)
			if j < len(p.s) && p.s[j] == closer { // trailing comma
				p.repaired = true
				p.out = append(p.out, closer)
				return j + 1, true
			}
			p.out = append(p.out, ',')
			i = j
		default:
			return i, false
		}
	}
}

// cjkStr reads a string delimited by full-width quotes (see ExtractJSON):
// it ends at a “ or ” followed by , } ] : or the end of the text.
func (p *parser) cjkStr(i int) (int, bool) {
	start := i
	p.repaired = true
	p.out = append(p.out, '"')
	i += len("“")
	for i < len(p.s) {
		if isCJKQuoteAt(p.s, i) {
			j := p.ws(i + len("“"))
			if j >= len(p.s) || strings.IndexByte(",}]:", p.s[j]) >= 0 {
				p.out = append(p.out, '"')
				p.spend(i - start)
				return i + len("“"), true
			}
			p.out = append(p.out, p.s[i:i+len("“")]...)
			i += len("“")
			continue
		}
		switch c := p.s[i]; {
		case c == '"':
			p.out = append(p.out, '\\', '"')
		case c == '\\' && i+1 < len(p.s) && strings.IndexByte("\"\\/bfnrt", p.s[i+1]) >= 0:
			p.out = append(p.out, c, p.s[i+1])
			i++
		case c == '\\':
			p.out = append(p.out, '\\', '\\')
		case c < 0x20:
			p.out = append(p.out, fmt.Sprintf("\\u%04x", c)...)
		default:
			p.out = append(p.out, c)
		}
		i++
	}
	p.inString = true
	p.spend(i - start)
	return i, false
}

// str reads a JSON string starting at s[start], with the repairs
// ExtractJSON lists, and spends the bytes it read.
func (p *parser) str(start int) (i int, ok bool) {
	defer func() { p.spend(i - start) }()
	p.out = append(p.out, '"')
	i = start + 1
	for i < len(p.s) {
		c := p.s[i]
		switch {
		case c == '\\':
			if i+1 >= len(p.s) {
				p.inString = true
				return len(p.s), false
			}
			switch e := p.s[i+1]; e {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				p.out = append(p.out, c, e)
				i += 2
			case 'u':
				if i+6 <= len(p.s) && isHex4(p.s[i+2:i+6]) {
					p.out = append(p.out, p.s[i:i+6]...)
					i += 6
				} else {
					p.repaired = true
					p.out = append(p.out, '\\', '\\')
					i++
				}
			case '\'':
				p.repaired = true
				p.out = append(p.out, '\'')
				i += 2
			default: // invalid escape: keep the backslash literally
				p.repaired = true
				p.out = append(p.out, '\\', '\\')
				i++
			}
		case c == '"':
			j := p.ws(i + 1)
			if j >= len(p.s) || strings.IndexByte(",}]:", p.s[j]) >= 0 {
				p.out = append(p.out, '"')
				return i + 1, true
			}
			// An inner quote the model forgot to escape.
			p.repaired = true
			p.out = append(p.out, '\\', '"')
			i++
		case c < 0x20:
			p.repaired = true
			if k := strings.IndexByte("\n\r\t", c); k >= 0 {
				p.out = append(p.out, '\\', "nrt"[k])
			} else {
				p.out = append(p.out, fmt.Sprintf("\\u%04x", c)...)
			}
			i++
		default:
			p.out = append(p.out, c)
			i++
		}
	}
	p.inString = true
	return i, false
}

func isHex4(s string) bool {
	_, err := strconv.ParseUint(s[:4], 16, 16)
	return err == nil
}

func (p *parser) lit(i int, word string) (int, bool) {
	if !strings.HasPrefix(p.s[i:], word) {
		if strings.HasPrefix(word, p.s[i:]) {
			return len(p.s), false // cut off inside the literal
		}
		return i, false
	}
	p.out = append(p.out, word...)
	return i + len(word), true
}

func (p *parser) num(i int) (int, bool) {
	start := i
	if p.s[i] == '-' {
		i++
	}
	digits := func() int {
		n := 0
		for i < len(p.s) && p.s[i] >= '0' && p.s[i] <= '9' {
			i++
			n++
		}
		return n
	}
	if i < len(p.s) && p.s[i] == '0' {
		i++
	} else if digits() == 0 {
		return i, false
	}
	if i < len(p.s) && p.s[i] == '.' {
		i++
		if digits() == 0 {
			return i, false
		}
	}
	if i < len(p.s) && (p.s[i] == 'e' || p.s[i] == 'E') {
		i++
		if i < len(p.s) && (p.s[i] == '+' || p.s[i] == '-') {
			i++
		}
		if digits() == 0 {
			return i, false
		}
	}
	p.out = append(p.out, p.s[start:i]...)
	return i, true
}
