package state

import (
	"errors"
	"strings"

	"github.com/tidwall/gjson"
)

// maxDepth is the deepest nesting of objects and arrays a state file may
// have: the limit of encoding/json, so that both agree on what is valid.
const maxDepth = 10000

// errSyntax is the walk's signal that the document is not valid JSON at
// the cursor; Parse turns it into a *ParseError with a line and column.
var errSyntax = errors.New("state: invalid JSON")

// cursor walks a JSON document once, front to back, and checks it as
// strictly as encoding/json does. The walk itself steps over the
// structure ({ } [ ] : , and white space). A string without escapes is
// found with strings.IndexByte and checked for control characters (it is
// then a substring of doc, no copy); every other string,
// number and literal is read by gjson.Parse and checked with gjson.Valid
// (a few bytes each); a value the caller skips (an unknown key's object or
// array) is walked the same way (skip). Unlike gjson's Result.ForEach,
// which finds the end of every nested object by scanning it before the
// caller descends into it (once per nesting level), the cursor descends
// directly, so each byte is read once.
type cursor struct {
	doc   string
	i     int // next byte
	depth int // objects and arrays open at i
}

// ws skips JSON white space.
func (c *cursor) ws() {
	for c.i < len(c.doc) {
		switch c.doc[c.i] {
		case ' ', '\t', '\n', '\r':
			c.i++
		default:
			return
		}
	}
}

// peek returns the byte at the cursor, or 0 at the end.
func (c *cursor) peek() byte {
	if c.i < len(c.doc) {
		return c.doc[c.i]
	}
	return 0
}

// value reads the value at the cursor (after white space). A string,
// number, true, false or null is read with gjson, checked and consumed;
// for an object or array the cursor stays put and the result has Type
// gjson.JSON and Raw "{" or "[", enough for kind and isObject. Errors:
// errSyntax when no valid value starts here.
func (c *cursor) value() (gjson.Result, error) {
	switch c.peek() {
	case '{':
		return gjson.Result{Type: gjson.JSON, Raw: "{"}, nil
	case '[':
		return gjson.Result{Type: gjson.JSON, Raw: "["}, nil
	case '"':
		// A string without escapes ends at the next quote, and its text
		// is the bytes between, as gjson reads it; strings.IndexByte
		// finds both faster than gjson's byte loop. Escapes go to gjson.
		if n := strings.IndexByte(c.doc[c.i+1:], '"'); n >= 0 {
			raw := c.doc[c.i : c.i+n+2]
			if s := raw[1 : n+1]; strings.IndexByte(s, '\\') < 0 {
				if hasControl(s) {
					return gjson.Result{}, errSyntax
				}
				c.i += len(raw)
				return gjson.Result{Type: gjson.String, Raw: raw, Str: s}, nil
			}
		}
	}
	r := gjson.Parse(c.doc[c.i:])
	// gjson skips any byte up to ' ' before a value; JSON allows only the
	// four white-space bytes, which ws has skipped. gjson.Parse reads a
	// value leniently (01, tru, a bad escape): gjson.Valid checks it.
	if r.Index != 0 || r.Raw == "" || !gjson.Valid(r.Raw) {
		return r, errSyntax
	}
	c.i += len(r.Raw)
	return r, nil
}

// open enters the object or array at the cursor and reports whether it
// holds anything: on false the cursor is past its closing bracket.
func (c *cursor) open(closing byte) (bool, error) {
	c.i++
	c.depth++
	if c.depth > maxDepth {
		return false, errSyntax
	}
	c.ws()
	if c.peek() == closing {
		c.i++
		c.depth--
		return false, nil
	}
	return true, nil
}

// next steps over the comma after a member or element and reports true, or
// over the closing bracket and reports false.
func (c *cursor) next(closing byte) (bool, error) {
	c.ws()
	switch c.peek() {
	case ',':
		c.i++
		c.ws()
		return true, nil
	case closing:
		c.i++
		c.depth--
		return false, nil
	}
	return false, errSyntax
}

// object walks the object at the cursor (which must start with '{'),
// calling member with each key (key.Index is its offset in doc), the cursor
// at the member's value, which member must consume. Errors: errSyntax, or
// member's error.
func (c *cursor) object(member func(key gjson.Result) error) error {
	more, err := c.open('}')
	for more && err == nil {
		if c.peek() != '"' {
			return errSyntax
		}
		at := c.i
		k, kerr := c.value()
		if kerr != nil {
			return kerr
		}
		k.Index = at
		if c.ws(); c.peek() != ':' {
			return errSyntax
		}
		c.i++
		c.ws()
		if err := member(k); err != nil {
			return err
		}
		more, err = c.next('}')
	}
	return err
}

// array walks the array at the cursor (which must start with '['), calling
// elem with each index (0-based), the cursor at the element, which elem
// must consume.
func (c *cursor) array(elem func(i int) error) error {
	more, err := c.open(']')
	for n := 0; more && err == nil; n++ {
		if err := elem(n); err != nil {
			return err
		}
		more, err = c.next(']')
	}
	return err
}

// skip consumes the value at the cursor without keeping it: a scalar as
// value reads it, an object or array walked member by member as object
// and array walk them, so it is checked exactly as strictly as what the
// parser reads (keys, colons, commas, nesting up to maxDepth), in one
// pass.
func (c *cursor) skip() error {
	v, err := c.value()
	switch {
	case err != nil || v.Type != gjson.JSON:
		return err
	case v.Raw == "{":
		return c.object(func(gjson.Result) error { return c.skip() })
	}
	return c.array(func(int) error { return c.skip() })
}

// hasControl reports whether s holds a byte below 0x20, which a JSON
// string must escape.
func hasControl(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 {
			return true
		}
	}
	return false
}
