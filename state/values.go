package state

import (
	"math"
	"strconv"
	"strings"

	"github.com/tidwall/gjson"
)

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

// textArena copies the strings a State keeps out of the input into shared
// chunks, so that the State holds its text but not the JSON around it
// (keys, syntax and indentation: about a third of an engine's state file),
// and the input can be freed once parsed: on the 193 MB input this lowers
// the peak of build-graph, where the states and the graph coexist, by
// about 80 MiB, for about 5 % more parsing time. A chunk is a
// strings.Builder: its String() is a view of its buffer, and later writes
// that fit its capacity never move or change what it holds.
type textArena struct {
	chunk strings.Builder
}

const (
	textChunk   = 1 << 20  // bytes of a chunk
	textOwnSize = 64 << 10 // strings this long get their own allocation
)

func (a *textArena) keep(s string) string {
	switch {
	case s == "":
		return ""
	case len(s) >= textOwnSize:
		return strings.Clone(s)
	case a.chunk.Cap()-a.chunk.Len() < len(s):
		a.chunk = strings.Builder{}
		a.chunk.Grow(textChunk)
	}
	start := a.chunk.Len()
	a.chunk.WriteString(s) // within the capacity: never moves
	return a.chunk.String()[start:]
}
