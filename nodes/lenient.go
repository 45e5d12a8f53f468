package nodes

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// Models send loosely typed JSON: numbers as strings, a string where a
// list is wanted, an object where a string is wanted. The stages read
// replies into map[string]any and take each field through these helpers,
// so a wrongly typed field is replaced or converted, never kept as is
// (BettaFish's setdefault kept it, §8 #18). Numbers are json.Number
// (decodeObject), never float64.

func decodeObject(raw json.RawMessage) (map[string]any, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var m map[string]any
	if err := dec.Decode(&m); err != nil {
		return nil, fmt.Errorf("decode reply: %w", err)
	}
	if m == nil {
		return nil, fmt.Errorf("decode reply: null instead of an object")
	}
	return m, nil
}

// field returns the first present key of m.
func field(m map[string]any, keys ...string) (any, bool) {
	for _, k := range keys {
		if v, ok := m[k]; ok && v != nil {
			return v, true
		}
	}
	return nil, false
}

// value is the value of the first present key of m (field), nil when
// none is present.
func value(m map[string]any, keys ...string) any {
	v, _ := field(m, keys...)
	return v
}

// asString turns a scalar into text; objects and lists give "".
func asString(v any) string {
	switch x := v.(type) {
	case string:
		return strings.TrimSpace(x)
	case json.Number:
		return x.String()
	case bool:
		return strconv.FormatBool(x)
	}
	return ""
}

// asStrings turns a list of scalars, or one string, into a list of
// non-empty strings.
func asStrings(v any) []string {
	var out []string
	switch x := v.(type) {
	case []any:
		for _, e := range x {
			if s := asString(e); s != "" {
				out = append(out, s)
			}
		}
	case string:
		if s := strings.TrimSpace(x); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// asBool accepts JSON booleans, non-zero numbers and the strings
// "true"/"yes"/"1"/"是"; anything else (absent, "false", "否", junk) is
// false.
func asBool(v any) bool {
	switch x := v.(type) {
	case bool:
		return x
	case string:
		switch strings.ToLower(strings.TrimSpace(x)) {
		case "true", "yes", "1", "是":
			return true
		}
	case json.Number:
		f, err := x.Float64()
		return err == nil && f != 0
	}
	return false
}

// asInt accepts numbers and numeric strings ("1200", "1,200字").
func asInt(v any) (int, bool) {
	var s string
	switch x := v.(type) {
	case json.Number:
		s = x.String()
	case string:
		s = strings.TrimSpace(x)
		s = strings.ReplaceAll(s, ",", "")
		s = strings.TrimRightFunc(s, func(r rune) bool { return !unicode.IsDigit(r) && r != '.' })
	default:
		return 0, false
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, false
	}
	return int(math.Round(f)), true
}

// asObject returns v as an object, or nil.
func asObject(v any) map[string]any {
	m, _ := v.(map[string]any)
	return m
}

// asObjects returns the objects of a list, or the values of an object
// whose values are objects (models send {"S1": {...}} for lists keyed by
// id), in key order of the list or sorted key order of the object.
func asObjects(v any) []map[string]any {
	var out []map[string]any
	switch x := v.(type) {
	case []any:
		for _, e := range x {
			switch y := e.(type) {
			case map[string]any:
				out = append(out, y)
			case []any: // a nested list: its first object
				for _, z := range y {
					if m, ok := z.(map[string]any); ok {
						out = append(out, m)
						break
					}
				}
			}
		}
	case map[string]any:
		keys := slices.Sorted(maps.Keys(x))
		for _, k := range keys {
			if m, ok := x[k].(map[string]any); ok {
				if _, has := m["chapterId"]; !has {
					m["chapterId"] = k
				}
				out = append(out, m)
			}
		}
	}
	return out
}
