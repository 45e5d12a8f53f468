package ir

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// FieldError is one validation problem at a JSON path such as
// "blocks[2].data.labels".
type FieldError struct {
	Path    string `json:"path"`
	Message string `json:"message"`
}

// String formats the error as "path: message".
func (e FieldError) String() string { return e.Path + ": " + e.Message }

// ValidationError lists every problem found in a chapter or document, sorted
// by path (indices numerically). BettaFish returns Chinese message strings
// with the path embedded; here path and message are separate fields.
type ValidationError []FieldError

// Error joins all problems into one line.
func (v ValidationError) Error() string {
	parts := make([]string, len(v))
	for i, e := range v {
		parts[i] = e.String()
	}
	return "ir: invalid: " + strings.Join(parts, "; ")
}

// DecodeError is the error DecodeChapter returns: the JSON is not valid, is
// not a chapter, or holds a value that cannot be coerced to the field's type
// (for example a non-numeric chart value). Path is the position in the input
// ("" for the whole input); Err is the underlying error, if any (for invalid
// JSON, the encoding/json error). BettaFish has no equivalent: it repairs or
// zero-fills such values; we refuse them so the caller can ask the model for
// a repair.
type DecodeError struct {
	Path    string
	Message string
	Err     error
}

// Error formats the error as "ir: decode chapter: path: message: cause".
func (e *DecodeError) Error() string {
	s := "ir: decode chapter: " + e.Message
	if e.Path != "" {
		s = "ir: decode chapter: " + e.Path + ": " + e.Message
	}
	if e.Err != nil {
		s += ": " + e.Err.Error()
	}
	return s
}

// Unwrap returns the underlying error.
func (e *DecodeError) Unwrap() error { return e.Err }

// DecodeChapter turns a model's loose chapter JSON into a Chapter. raw is the
// JSON text alone (prose and code fences are removed by the caller). The
// returned notes say, one line each, what normalisation changed, prefixed by
// the JSON path of the value in the input (for example
// `blocks[2]: block type "chart" converted to widget "chart.js/bar"`).
//
// Accepted shapes: {"chapter": {...}} (what the prompt asks for), a bare
// chapter object, or an array holding exactly one chapter object. Anything
// else, invalid JSON, or trailing data after the value is an error.
//
// Normalisations (BettaFish §5.3 step 6, minus its fragile parts):
//
//   - Numbers where strings are expected become their literal text (chapterId
//     7 → "7", KPI value 12 → "12", chart label 2024 → "2024"); numeric
//     strings where integers are expected become integers (order "2" → 2,
//     level "2" → 2, rowspan "3" → 3); "true"/"false" strings become booleans;
//     numeric strings in dataset data become numbers ("12" → 12), and so do
//     the forms models write in charts, read by ParseChartNumber ("42%" →
//     42, "1,234" → 1234, "3.8亿" → 380000000; the note lists each such
//     value). A chart value that is no number ("n/a", "约一半", null) is
//     kept as NaN, a missing value: ValidateChapter reports its path
//     ("blocks[3].data.datasets[0].data[1]: value is not a finite
//     number"), so the block can be repaired alone (a string is noted,
//     null, the IR's own JSON for a missing value, is not). Any other value that
//     cannot be coerced (order "two", a non-integral level, an object as a
//     chart value) is a *DecodeError; nothing becomes a silent zero.
//   - A string where a block is expected becomes a paragraph; an array where a
//     block is expected is replaced by its first object; numbers, booleans
//     and arrays without objects in block position are dropped.
//   - Block type names are matched case-insensitively ("Paragraph" →
//     "paragraph"), "divider" → "hr".
//   - A block with a missing type and an "inlines" key is a paragraph. A
//     block with an unknown or missing type that has a non-empty text,
//     content or title string (tried in that order) becomes a paragraph of
//     that text; any other such block is dropped. Unlike BettaFish, the raw
//     JSON is never dumped into the report.
//   - A "chart" block ({"type":"chart","chartType":"bar","title":…,"data":…})
//     becomes a widget: widgetType "chart.js/<chartType>" (chartType, else
//     props.type), props.title from title, props.type from chartType,
//     options from props.options or options, data from data or props.data.
//     A chart without chartType keeps widgetType "" (reported by the
//     validator).
//   - A widget without widgetId gets a deterministic one built from its input
//     path ("widget-blocks-2"); widget data found under props.data is moved
//     up when data is absent. Empty chart data is kept as it is, never
//     invented or padded (unlike BettaFish, which adds empty data so the
//     validator passes; here the validator reports it, see B28).
//   - Paragraph inlines: a string becomes one run; string and number runs
//     become {text}; a nested array of runs is flattened; a paragraph with
//     no inlines but a text string gets one run of that text. Runs are never
//     merged and "fragment" paragraphs are never merged (BettaFish merges
//     short paragraphs, reference §8 #23).
//   - Mark aliases, case-insensitive: strong/b → bold, em/emphasis/i →
//     italic, u → underline, s/strikethrough/strike-through → strike,
//     monospace → code, hyperlink/url → link, colour/textcolor → color,
//     bgcolor/background/highlightcolor → highlight, sub → subscript, sup →
//     superscript. A mark given as a bare string is {type: string}. A link
//     mark with url but no href gets href = url. Unknown mark types are kept
//     for the validator to report (BettaFish drops them silently).
//   - listType aliases, case-insensitive: ul/unordered/bulleted → bullet,
//     ol/numbered/number → ordered, checkbox/check/checklist/todo → task.
//     Other values are kept for the validator (BettaFish forces bullet).
//   - List items become [][]Block: an array item is a block list, a string
//     item becomes [paragraph], an object item becomes [object].
//   - Table: a row given as an array is {cells: array}; a cell given as a
//     string or number, or a cell with text/content but no blocks, gets one
//     paragraph of that text; isHeader is an alias of header. A separate
//     header list ("headers", "header" or "columns": ["平台", "占比"])
//     becomes a first row of header cells (unless the rows already start
//     with one). The BettaFish single-row grid rebuild and its header-word
//     heuristic are not done.
//   - SWOT/PEST quadrant items given as strings become {title: s}; label,
//     text or name stand in for a missing title, description or content for
//     a missing detail.
//   - figure img given as a string becomes {src: s}.
//   - KPI items: "tone" stands in for a missing deltaTone (the layout's
//     hero KPIs spell it so).
//   - engineQuote engine is trimmed and lower-cased. Its title and children
//     are not forced (BettaFish rewrites them); the validator reports them.
//   - Block "meta" is dropped: renderer hints come from the pipeline only.
//
// Note paths refer to positions in the input, which may differ from the
// decoded chapter's positions when blocks were dropped. Required fields are
// not filled in here: call Normalize (defaults and fixed values, for
// example a missing listType or callout tone) and then ValidateChapter on
// the result.
func DecodeChapter(raw []byte) (Chapter, []string, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var root any
	if err := dec.Decode(&root); err != nil {
		return Chapter{}, nil, &DecodeError{Message: "invalid JSON", Err: err}
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return Chapter{}, nil, &DecodeError{Message: "trailing data after the JSON value", Err: err}
	}
	d := &decoder{}
	m := d.chapterObject(root) // nil after a failure: nothing more is read
	var c Chapter
	d.scalars(&c, m, "")
	c.Errors = d.strings(m["errors"], "errors")
	c.Sources = d.strings(m["sources"], "sources")
	c.Blocks = d.blocks(m["blocks"], "blocks")
	if d.err != nil {
		return Chapter{}, d.notes, d.err
	}
	return c, d.notes, nil
}

type object = map[string]any

// decoder accumulates notes and the first error while walking the tree.
type decoder struct {
	notes []string
	err   error
}

func (d *decoder) note(path, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if path != "" {
		msg = path + ": " + msg
	}
	d.notes = append(d.notes, msg)
}

func (d *decoder) fail(path, format string, args ...any) {
	if d.err == nil {
		d.err = &DecodeError{Path: path, Message: fmt.Sprintf(format, args...)}
	}
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

func index(path string, i int) string { return path + "[" + strconv.Itoa(i) + "]" }

func kindOf(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case string:
		return "string"
	case json.Number:
		return "number"
	case bool:
		return "boolean"
	case []any:
		return "array"
	case object:
		return "object"
	}
	return fmt.Sprintf("%T", v)
}

// itemStep says what decodeList does with the value decoded from one
// array element.
type itemStep int

const (
	keepItem  itemStep = iota // append it to the result
	dropItem                  // leave the element out
	stopItems                 // give up: the whole array decodes to nil
)

// decodeList decodes v element by element with item, which gets the
// element's path index(path, i): null gives nil; an array a non-nil
// result unless an item returns stopItems (then nil); with single != ""
// a lone object or string is an array of one (arrayOrSingle); anything
// else fails the decode with "expected <want>, got <kind>" and gives nil.
func decodeList[T any](d *decoder, v any, path, want, single string, item func(p string, e any) (T, itemStep)) []T {
	arr, ok := v.([]any)
	if single != "" {
		arr, ok = d.arrayOrSingle(v, path, want, single), true
	} else if !ok && v != nil {
		d.fail(path, "expected %s, got %s", want, kindOf(v))
	}
	if !ok || arr == nil {
		return nil
	}
	out := make([]T, 0, len(arr))
	for i, e := range arr {
		x, step := item(index(path, i), e)
		switch step {
		case keepItem:
			out = append(out, x)
		case stopItems:
			return nil
		}
	}
	return out
}

func (d *decoder) chapterObject(root any) object {
	for range 3 {
		switch x := root.(type) {
		case []any:
			if len(x) != 1 {
				d.fail("", "expected one chapter object, got an array of %d values", len(x))
				return nil
			}
			d.note("", "array holding one chapter unwrapped")
			root = x[0]
			continue
		case object:
			if inner, ok := x["chapter"]; ok && x["blocks"] == nil {
				root = inner
				continue
			}
			return x
		default:
			d.fail("", "expected a chapter object, got %s", kindOf(root))
			return nil
		}
	}
	d.fail("", "chapter nested too deeply")
	return nil
}

// scalarText returns the text of a string, number or boolean; converted is
// true when v was not a string.
func scalarText(v any) (s string, converted, ok bool) {
	switch x := v.(type) {
	case string:
		return x, false, true
	case json.Number:
		return x.String(), true, true
	case bool:
		return strconv.FormatBool(x), true, true
	}
	return "", false, false
}

func (d *decoder) toStr(v any, path string) string {
	if v == nil {
		return ""
	}
	s, conv, ok := scalarText(v)
	if !ok {
		d.fail(path, "expected a string, got %s", kindOf(v))
		return ""
	}
	if conv {
		d.note(path, "%s %s converted to string", kindOf(v), s)
	}
	return s
}

func (d *decoder) str(m object, key, path string) string {
	return d.toStr(m[key], join(path, key))
}

// scalars sets the string, int and bool fields of the struct dst points
// to from m by their JSON names (toStr, integer, boolean: a value that
// cannot be coerced fails the decode), in field order, but the names in
// skip.
func (d *decoder) scalars(dst any, m object, path string, skip ...string) {
	v := reflect.ValueOf(dst).Elem()
	for i := range v.NumField() {
		name, _, _ := strings.Cut(v.Type().Field(i).Tag.Get("json"), ",")
		if slices.Contains(skip, name) {
			continue
		}
		switch f := v.Field(i); f.Kind() {
		case reflect.String:
			f.SetString(d.str(m, name, path))
		case reflect.Int:
			f.SetInt(int64(d.integer(m, name, path)))
		case reflect.Bool:
			f.SetBool(d.boolean(m, name, path))
		}
	}
}

func (d *decoder) strings(v any, path string) []string {
	return decodeList(d, v, path, "an array of strings", "", func(p string, e any) (string, itemStep) {
		return d.toStr(e, p), keepItem
	})
}

// parseInt accepts an integer literal or an integral float literal.
func parseInt(s string) (int, bool) {
	if n, err := strconv.Atoi(s); err == nil {
		return n, true
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f != math.Trunc(f) || math.Abs(f) > 1<<53 {
		return 0, false
	}
	return int(f), true
}

func (d *decoder) integer(m object, key, path string) int {
	p := join(path, key)
	switch x := m[key].(type) {
	case nil:
		return 0
	case json.Number:
		n, ok := parseInt(x.String())
		if !ok {
			d.fail(p, "expected an integer, got %s", x)
		}
		return n
	case string:
		n, ok := parseInt(strings.TrimSpace(x))
		if !ok {
			d.fail(p, "expected an integer, got string %q", x)
			return 0
		}
		d.note(p, "string %q converted to integer %d", x, n)
		return n
	default:
		d.fail(p, "expected an integer, got %s", kindOf(x))
		return 0
	}
}

func (d *decoder) boolean(m object, key, path string) bool {
	p := join(path, key)
	switch x := m[key].(type) {
	case nil:
		return false
	case bool:
		return x
	case string:
		l := strings.ToLower(strings.TrimSpace(x))
		if l != "true" && l != "false" {
			d.fail(p, "expected a boolean, got string %q", x)
			return false
		}
		d.note(p, "string %q converted to boolean", x)
		return l == "true"
	default:
		d.fail(p, "expected a boolean, got %s", kindOf(x))
		return false
	}
}

// number parses a chart value; ok is false for anything that is not a
// finite number or a numeric string. converted is true for a string; raw
// is the string when a unit, percent sign, thousands separator or
// multiplier had to be removed (see ParseChartNumber), "" otherwise.
func number(v any) (f float64, converted bool, raw string, ok bool) {
	var err error
	switch x := v.(type) {
	case json.Number:
		f, err = strconv.ParseFloat(x.String(), 64)
	case string:
		s := strings.TrimSpace(x)
		if f, err = strconv.ParseFloat(s, 64); err != nil {
			f, ok = ParseChartNumber(s)
			return f, true, x, ok
		}
		converted = true
	default:
		return 0, false, "", false
	}
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, false, "", false
	}
	return f, converted, "", true
}

// chartNumberRE is a number as models write it in chart data: an optional
// sign and currency sign, digits with thousands separators, a decimal
// part, a Chinese or SI multiplier, a percent sign, and a short unit word.
var chartNumberRE = regexp.MustCompile(`^([+-]?)[¥￥$€]?\s*([0-9]+(?:[,，][0-9]{3})*(?:\.[0-9]+)?)\s*(万亿|千万|百万|亿|万|千|[kKM])?\s*(%|％|个百分点|pp)?\s*(\p{Han}{1,2})?$`)

// halfWidth spells full-width digits, point and signs (and the minus
// sign) as ASCII.
var halfWidth = strings.NewReplacer("０", "0", "１", "1", "２", "2", "３", "3", "４", "4", "５", "5", "６", "6", "７", "7",
	"８", "8", "９", "9", "．", ".", "＋", "+", "－", "-", "−", "-")

var chartMultipliers = map[string]float64{"万亿": 1e12, "千万": 1e7, "百万": 1e6, "亿": 1e8, "万": 1e4, "千": 1e3,
	"k": 1e3, "K": 1e3, "M": 1e6}

// ParseChartNumber reads a number written the way models write chart
// values: "42%" → 42 (percent points, the sign dropped), "1,234" → 1234,
// "3.8亿" → 380000000, "12.5万" → 125000, "2.3k" → 2300, "¥1,200元" →
// 1200, "+5.2个百分点" → 5.2, "１２３" (full-width digits) → 123. A short
// unit word after the number (次, 条, 人, 元, …; at most two Han runes) is
// dropped. ok is false for anything else ("n/a", "约一半", "", "NaN"):
// such a value is never turned into a zero.
func ParseChartNumber(s string) (float64, bool) {
	m := chartNumberRE.FindStringSubmatch(halfWidth.Replace(strings.TrimSpace(s)))
	if m == nil {
		return 0, false
	}
	f, err := strconv.ParseFloat(strings.NewReplacer(",", "", "，", "").Replace(m[2]), 64)
	if err != nil {
		return 0, false
	}
	if mul, ok := chartMultipliers[m[3]]; ok {
		f *= mul
	}
	if m[1] == "-" {
		f = -f
	}
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, false
	}
	return f, true
}

// plainAny converts json.Number values in a free-form tree (props.options)
// to float64, as encoding/json would without UseNumber.
func plainAny(v any) any {
	switch x := v.(type) {
	case json.Number:
		if f, err := strconv.ParseFloat(x.String(), 64); err == nil {
			return f
		}
		return x.String()
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = plainAny(e)
		}
		return out
	case object:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = plainAny(e)
		}
		return out
	}
	return v
}

func paragraphOf(text string) Block {
	return Block{Type: TypeParagraph, Inlines: []Inline{{Text: text}}}
}

// canonicalTypes maps lower-cased names to block types.
var canonicalTypes = func() map[string]string {
	m := map[string]string{"divider": TypeHr}
	for _, t := range blockTypes {
		m[strings.ToLower(t)] = t
	}
	return m
}()

// arrayOrSingle returns v's elements: nil for null, the array itself, or a
// lone object or string wrapped in an array with the note "single <single>
// wrapped in an array". Anything else fails with "expected <want>, got
// <kind>" and gives nil. (A JSON array always decodes to a non-nil slice.)
func (d *decoder) arrayOrSingle(v any, path, want, single string) []any {
	switch x := v.(type) {
	case nil:
		return nil
	case []any:
		return x
	case object, string:
		d.note(path, "single %s wrapped in an array", single)
		return []any{x}
	}
	d.fail(path, "expected %s, got %s", want, kindOf(v))
	return nil
}
