package graphrag

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
)

// Attr is one key/value pair of a node's or an edge's attributes.
//
// Value holds one of: string, json.Number, bool, nil, []any and Attributes
// (what a graph file decodes to, see UnmarshalJSON); values set in code may
// also be int, int64, float64, []string, or anything else encoding/json can
// encode (a struct with json tags, for example).
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

// MarshalJSON writes the attributes as one JSON object in list order, in
// the codec's spelling (see WriteJSON): non-ASCII text, <, > and & as they
// are, invalid UTF-8 as U+FFFD. A nil list is {}. Errors: a value JSON
// cannot hold (NaN, a channel), naming the key.
func (a Attributes) MarshalJSON() ([]byte, error) { return a.appendJSON(make([]byte, 0, 64)) }

func (a Attributes) appendJSON(buf []byte) ([]byte, error) { return appendAttrs(buf, a, 0, nil) }

// UnmarshalJSON reads a JSON object (or null) and keeps its key order.
// Values decode as: strings string, numbers json.Number (the exact literal,
// so a number survives a read/write cycle byte for byte; use Int and Float to
// read them), booleans bool, null nil, arrays []any, and nested objects
// Attributes (ordered, never map[string]any). A key that appears twice keeps
// its last value at its first position. Anything but an object or null is
// an error, as is trailing data.
//
// It uses encoding/json's token reader: ordered objects are what no fast
// decoder gives, and only the few generic nodes of a built graph (and
// files of other tools) come this way.
func (a *Attributes) UnmarshalJSON(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	v, err := decodeOrdered(dec, 0)
	if err != nil {
		return fmt.Errorf("attributes: %w", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("attributes: unexpected data after the value")
	}
	switch x := v.(type) {
	case nil:
		*a = nil
	case Attributes:
		*a = x
	default:
		return fmt.Errorf("attributes: want a JSON object, got %s", kindOf(v))
	}
	return nil
}

// maxDepth bounds nesting (encoding/json allows 10 000 levels; so do we).
const maxDepth = 10000

func decodeOrdered(dec *json.Decoder, depth int) (any, error) {
	if depth > maxDepth {
		return nil, errors.New("exceeded max depth")
	}
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	d, ok := tok.(json.Delim)
	if !ok {
		return tok, nil // string, json.Number, bool, nil
	}
	switch d {
	case '{':
		out := Attributes{}
		for dec.More() {
			kt, err := dec.Token()
			if err != nil {
				return nil, err
			}
			v, err := decodeOrdered(dec, depth+1)
			if err != nil {
				return nil, err
			}
			out.Set(kt.(string), v)
		}
		_, err := dec.Token() // '}'
		return out, err
	case '[':
		out := []any{}
		for dec.More() {
			v, err := decodeOrdered(dec, depth+1)
			if err != nil {
				return nil, err
			}
			out = append(out, v)
		}
		_, err := dec.Token() // ']'
		return out, err
	}
	return nil, fmt.Errorf("unexpected %q", d)
}

// kindOf names the JSON kind of a decoded value.
func kindOf(v any) string {
	switch v.(type) {
	case []any:
		return "an array"
	case string:
		return "a string"
	case json.Number:
		return "a number"
	case bool:
		return "a boolean"
	case Attributes:
		return "an object"
	case nil:
		return "null"
	}
	return fmt.Sprintf("%T", v)
}
