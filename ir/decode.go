package ir

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"regexp"
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
	var sb strings.Builder
	sb.WriteString("ir: decode chapter: ")
	if e.Path != "" {
		sb.WriteString(e.Path)
		sb.WriteString(": ")
	}
	sb.WriteString(e.Message)
	if e.Err != nil {
		sb.WriteString(": ")
		sb.WriteString(e.Err.Error())
	}
	return sb.String()
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
//     number"), so the block can be repaired alone. Any other value that
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
	m := d.chapterObject(root)
	if d.err != nil {
		return Chapter{}, d.notes, d.err
	}
	c := Chapter{
		ChapterID:   d.str(m, "chapterId", ""),
		Title:       d.str(m, "title", ""),
		Anchor:      d.str(m, "anchor", ""),
		Order:       d.integer(m, "order", ""),
		Summary:     d.str(m, "summary", ""),
		Placeholder: d.boolean(m, "errorPlaceholder", ""),
		Errors:      d.strings(m["errors"], "errors"),
		Sources:     d.strings(m["sources"], "sources"),
	}
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

// itemStep says what decodeItems does with the value decoded from one
// array element.
type itemStep int

const (
	keepItem  itemStep = iota // append it to the result
	dropItem                  // leave the element out
	stopItems                 // give up: the whole array decodes to nil
)

// decodeArray decodes v, which must be null (nil result) or an array (else
// the decode fails with "expected <want>, got <kind>"), with decodeItems.
func decodeArray[T any](d *decoder, v any, path, want string, item func(p string, e any) (T, itemStep)) []T {
	if v == nil {
		return nil
	}
	arr, ok := v.([]any)
	if !ok {
		d.fail(path, "expected %s, got %s", want, kindOf(v))
		return nil
	}
	return decodeItems(arr, path, item)
}

// decodeItems decodes each element of arr with item, which gets the
// element's path index(path, i). The result is non-nil unless an item
// returns stopItems.
func decodeItems[T any](arr []any, path string, item func(p string, e any) (T, itemStep)) []T {
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

func (d *decoder) strings(v any, path string) []string {
	return decodeArray(d, v, path, "an array of strings", func(p string, e any) (string, itemStep) {
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
		switch strings.ToLower(strings.TrimSpace(x)) {
		case "true":
			d.note(p, "string %q converted to boolean", x)
			return true
		case "false":
			d.note(p, "string %q converted to boolean", x)
			return false
		}
		d.fail(p, "expected a boolean, got string %q", x)
		return false
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
	switch x := v.(type) {
	case json.Number:
		f, err := strconv.ParseFloat(x.String(), 64)
		if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
			return 0, false, "", false
		}
		return f, false, "", true
	case string:
		s := strings.TrimSpace(x)
		if f, err := strconv.ParseFloat(s, 64); err == nil {
			if math.IsNaN(f) || math.IsInf(f, 0) {
				return 0, false, "", false
			}
			return f, true, "", true
		}
		f, ok := ParseChartNumber(s)
		return f, true, x, ok
	}
	return 0, false, "", false
}

// chartNumberRE is a number as models write it in chart data: an optional
// sign and currency sign, digits with thousands separators, a decimal
// part, a Chinese or SI multiplier, a percent sign, and a short unit word.
var chartNumberRE = regexp.MustCompile(`^([+-]?)[¥￥$€]?\s*([0-9]+(?:[,，][0-9]{3})*(?:\.[0-9]+)?)\s*(万亿|千万|百万|亿|万|千|[kKM])?\s*(%|％|个百分点|pp)?\s*(\p{Han}{1,2})?$`)

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
	s = strings.Map(func(r rune) rune {
		switch {
		case r >= '０' && r <= '９':
			return '0' + (r - '０')
		case r == '．':
			return '.'
		case r == '＋':
			return '+'
		case r == '－', r == '−':
			return '-'
		}
		return r
	}, strings.TrimSpace(s))
	m := chartNumberRE.FindStringSubmatch(s)
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

// decodeArrayOrSingle is decodeArray for a value that may also be a lone
// object or string (see arrayOrSingle).
func decodeArrayOrSingle[T any](d *decoder, v any, path, want, single string, item func(p string, e any) (T, itemStep)) []T {
	arr := d.arrayOrSingle(v, path, want, single)
	if arr == nil {
		return nil
	}
	return decodeItems(arr, path, item)
}

func (d *decoder) blocks(v any, path string) []Block {
	return decodeArrayOrSingle(d, v, path, "an array of blocks", kindOf(v), func(p string, e any) (Block, itemStep) {
		if b, ok := d.block(e, p); ok {
			return b, keepItem
		}
		return Block{}, dropItem
	})
}

func (d *decoder) block(v any, path string) (Block, bool) {
	switch x := v.(type) {
	case string:
		d.note(path, "string block converted to paragraph")
		return paragraphOf(x), true
	case []any:
		for _, e := range x {
			if m, ok := e.(object); ok {
				d.note(path, "array in block position replaced by its first object")
				return d.objectBlock(m, path)
			}
		}
		d.note(path, "array without an object in block position dropped")
		return Block{}, false
	case object:
		return d.objectBlock(x, path)
	default:
		d.note(path, "%s in block position dropped", kindOf(v))
		return Block{}, false
	}
}

func (d *decoder) objectBlock(m object, path string) (Block, bool) {
	raw, _ := m["type"].(string)
	typ, known := canonicalTypes[strings.ToLower(strings.TrimSpace(raw))]
	switch {
	case known:
		if typ != raw {
			d.note(path, "block type %q corrected to %q", raw, typ)
		}
	case strings.EqualFold(strings.TrimSpace(raw), "chart"):
		return d.chart(m, path), true
	case m["type"] == nil && m["inlines"] != nil:
		d.note(path, "block without type but with inlines treated as paragraph")
		typ = TypeParagraph
	default:
		for _, k := range []string{"text", "content", "title"} {
			if s, ok := m[k].(string); ok && strings.TrimSpace(s) != "" {
				d.note(path, "block with unknown type %q converted to a paragraph of its %s", raw, k)
				return paragraphOf(s), true
			}
		}
		d.note(path, "block with unknown type %q dropped (no text, content or title)", raw)
		return Block{}, false
	}

	b := Block{
		Type:          typ,
		Level:         d.integer(m, "level", path),
		Text:          d.str(m, "text", path),
		Anchor:        d.str(m, "anchor", path),
		Numbering:     d.str(m, "numbering", path),
		Subtitle:      d.str(m, "subtitle", path),
		Align:         d.str(m, "align", path),
		Caption:       d.str(m, "caption", path),
		Zebra:         d.boolean(m, "zebra", path),
		Title:         d.str(m, "title", path),
		Summary:       d.str(m, "summary", path),
		Variant:       d.str(m, "variant", path),
		Engine:        d.str(m, "engine", path),
		Content:       d.str(m, "content", path),
		Lang:          d.str(m, "lang", path),
		Latex:         d.str(m, "latex", path),
		DisplayMode:   d.boolean(m, "displayMode", path),
		Responsive:    d.boolean(m, "responsive", path),
		Tone:          d.str(m, "tone", path),
		Cols:          d.integer(m, "cols", path),
		WidgetID:      d.str(m, "widgetId", path),
		WidgetType:    d.str(m, "widgetType", path),
		DataRef:       d.str(m, "dataRef", path),
		Depth:         d.integer(m, "depth", path),
		AutoNumbering: d.boolean(m, "autoNumbering", path),
	}
	if _, ok := m["meta"]; ok {
		d.note(path, "meta dropped (renderer hints are set by the pipeline)")
	}
	// Nested structures are read only for the types that use them, so a
	// stray key of the wrong shape on another type does not fail decoding.
	switch typ {
	case TypeParagraph:
		b.Inlines = d.inlines(m["inlines"], join(path, "inlines"))
		if len(b.Inlines) == 0 && strings.TrimSpace(b.Text) != "" {
			d.note(path, "paragraph text converted to inlines")
			b.Inlines, b.Text = []Inline{{Text: b.Text}}, ""
		}
	case TypeList:
		b.ListType = d.listType(m, path)
		b.ListItems = d.listItems(m["items"], join(path, "items"))
	case TypeTable:
		b.Rows = d.rows(m["rows"], join(path, "rows"))
		b.Rows = d.headerRow(m, path, b.Rows)
	case TypeSwotTable:
		b.Strengths = d.quadrant(m["strengths"], join(path, "strengths"))
		b.Weaknesses = d.quadrant(m["weaknesses"], join(path, "weaknesses"))
		b.Opportunities = d.quadrant(m["opportunities"], join(path, "opportunities"))
		b.Threats = d.quadrant(m["threats"], join(path, "threats"))
	case TypePestTable:
		b.Political = d.quadrant(m["political"], join(path, "political"))
		b.Economic = d.quadrant(m["economic"], join(path, "economic"))
		b.Social = d.quadrant(m["social"], join(path, "social"))
		b.Technological = d.quadrant(m["technological"], join(path, "technological"))
	case TypeBlockquote, TypeCallout:
		b.Blocks = d.blocks(m["blocks"], join(path, "blocks"))
	case TypeEngineQuote:
		b.Blocks = d.blocks(m["blocks"], join(path, "blocks"))
		if e := strings.ToLower(strings.TrimSpace(b.Engine)); e != b.Engine {
			d.note(join(path, "engine"), "engine %q lower-cased to %q", b.Engine, e)
			b.Engine = e
		}
	case TypeFigure:
		b.Img = d.image(m["img"], join(path, "img"))
	case TypeKPIGrid:
		b.KPIItems = d.kpis(m["items"], join(path, "items"))
	case TypeWidget:
		b.Props = d.props(m["props"], join(path, "props"))
		b.Data = d.chartData(m["data"], join(path, "data"))
		d.widgetFixups(&b, m, path)
	}
	return b, true
}

// widgetFixups moves props.data up and fills a missing widgetId.
func (d *decoder) widgetFixups(b *Block, m object, path string) {
	if b.Data == nil && b.DataRef == "" {
		if p, ok := m["props"].(object); ok && p["data"] != nil {
			d.note(path, "widget data moved up from props.data")
			b.Data = d.chartData(p["data"], join(path, "props.data"))
		}
	}
	if b.WidgetID == "" {
		b.WidgetID = widgetIDFor(path)
		d.note(path, "widgetId %q generated", b.WidgetID)
	}
}

// widgetIDFor derives a stable id from a JSON path: "blocks[2]" →
// "widget-blocks-2".
func widgetIDFor(path string) string {
	var sb strings.Builder
	sb.WriteString("widget")
	dash := true
	for _, r := range path {
		if r < 128 && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			if dash {
				sb.WriteByte('-')
				dash = false
			}
			sb.WriteRune(r)
		} else {
			dash = true
		}
	}
	return sb.String()
}

func (d *decoder) chart(m object, path string) Block {
	b := Block{
		Type:     TypeWidget,
		WidgetID: d.str(m, "widgetId", path),
		DataRef:  d.str(m, "dataRef", path),
	}
	kind := d.str(m, "chartType", path)
	props := d.props(m["props"], join(path, "props"))
	if props == nil {
		props = &WidgetProps{}
	}
	if kind == "" {
		kind = props.Type
	}
	if kind != "" {
		b.WidgetType = ChartWidgetPrefix + kind
		if props.Type == "" {
			props.Type = kind
		}
	}
	if props.Title == "" {
		props.Title = d.str(m, "title", path)
	}
	if props.Options == nil {
		if o, ok := m["options"].(object); ok {
			props.Options = plainAny(o).(map[string]any)
		}
	}
	b.Props = props
	d.note(path, "block type \"chart\" converted to widget %q", b.WidgetType)
	b.Data = d.chartData(m["data"], join(path, "data"))
	d.widgetFixups(&b, m, path)
	return b
}

// objectOf returns v as an object, or nil for null and, after failing with
// "expected <want>, got <kind>", for any other value. (A JSON object always
// decodes to a non-nil map.)
func (d *decoder) objectOf(v any, path, want string) object {
	if v == nil {
		return nil
	}
	m, ok := v.(object)
	if !ok {
		d.fail(path, "expected %s, got %s", want, kindOf(v))
	}
	return m
}

func (d *decoder) props(v any, path string) *WidgetProps {
	m := d.objectOf(v, path, "an object")
	if m == nil {
		return nil
	}
	p := &WidgetProps{Type: d.str(m, "type", path), Title: d.str(m, "title", path)}
	if o := m["options"]; o != nil {
		om := d.objectOf(o, join(path, "options"), "an object")
		if om == nil {
			return nil
		}
		p.Options = plainAny(om).(map[string]any)
	}
	return p
}

func (d *decoder) chartData(v any, path string) *ChartData {
	m := d.objectOf(v, path, "an object with labels and datasets")
	if m == nil {
		return nil
	}
	cd := &ChartData{}
	if l := m["labels"]; l != nil {
		converted := 0
		cd.Labels = decodeArray(d, l, join(path, "labels"), "an array", func(p string, e any) (string, itemStep) {
			s, conv, ok := scalarText(e)
			if !ok {
				d.fail(p, "expected a string label, got %s", kindOf(e))
				return "", stopItems
			}
			if conv {
				converted++
			}
			return s, keepItem
		})
		if cd.Labels == nil {
			return nil
		}
		if converted > 0 {
			d.note(join(path, "labels"), "%d non-string labels converted to strings", converted)
		}
	}
	if ds := m["datasets"]; ds != nil {
		cd.Datasets = decodeArray(d, ds, join(path, "datasets"), "an array", func(p string, e any) (Dataset, itemStep) {
			dm, ok := e.(object)
			if !ok {
				d.fail(p, "expected a dataset object, got %s", kindOf(e))
				return Dataset{}, stopItems
			}
			return Dataset{Label: d.str(dm, "label", p), Data: d.series(dm["data"], join(p, "data"))}, keepItem
		})
		if cd.Datasets == nil {
			return nil
		}
	}
	return cd
}

func (d *decoder) series(v any, path string) []float64 {
	converted := 0
	var unitless, missing []string
	out := decodeArray(d, v, path, "an array of numbers", func(p string, e any) (float64, itemStep) {
		f, conv, raw, ok := number(e)
		if !ok {
			switch x := e.(type) {
			case nil:
				missing = append(missing, "null")
			case string:
				missing = append(missing, strconv.Quote(x))
			default:
				d.fail(p, "expected a number, got %s", kindOf(e))
				return 0, stopItems
			}
			// kept as a missing value: ValidateChapter reports its path,
			// so only this block is repaired, not the whole chapter
			return math.NaN(), keepItem
		}
		if conv {
			converted++
		}
		if raw != "" {
			unitless = append(unitless, fmt.Sprintf("%q → %s", raw, strconv.FormatFloat(f, 'f', -1, 64)))
		}
		return f, keepItem
	})
	if out != nil && converted > 0 {
		if len(unitless) > 0 {
			d.note(path, "%d numeric strings converted to numbers (%s)", converted, strings.Join(unitless, ", "))
		} else {
			d.note(path, "%d numeric strings converted to numbers", converted)
		}
	}
	if len(missing) > 0 {
		d.note(path, "%d values are not numbers (%s): kept as missing values for the validator to report", len(missing), strings.Join(missing, ", "))
	}
	return out
}

func (d *decoder) inlines(v any, path string) []Inline {
	if s, ok := v.(string); ok {
		d.note(path, "string converted to one inline run")
		return []Inline{{Text: s}}
	}
	arr := d.arrayOrSingle(v, path, "an array of runs", "run")
	if arr == nil {
		return nil
	}
	out := make([]Inline, 0, len(arr))
	for i, e := range arr {
		p := index(path, i)
		switch r := e.(type) {
		case nil:
			d.note(p, "null run dropped")
		case string:
			d.note(p, "string run converted to {text}")
			out = append(out, Inline{Text: r})
		case json.Number, bool:
			s, _, _ := scalarText(r)
			d.note(p, "%s run converted to {text}", kindOf(r))
			out = append(out, Inline{Text: s})
		case []any:
			d.note(p, "nested run array flattened")
			out = append(out, d.inlines(r, p)...)
		case object:
			out = append(out, Inline{Text: d.str(r, "text", p), Marks: d.marks(r["marks"], join(p, "marks"))})
		}
	}
	return out
}

var markAliases = map[string]string{
	"strong": MarkBold, "b": MarkBold,
	"em": MarkItalic, "emphasis": MarkItalic, "i": MarkItalic,
	"u": MarkUnderline,
	"s": MarkStrike, "strikethrough": MarkStrike, "strike-through": MarkStrike,
	"monospace": MarkCode,
	"hyperlink": MarkLink, "url": MarkLink,
	"colour": MarkColor, "textcolor": MarkColor,
	"bgcolor": MarkHighlight, "background": MarkHighlight, "highlightcolor": MarkHighlight,
	"sub": MarkSubscript, "sup": MarkSuperscript,
}

// canonicalMark maps a mark type or alias to one of MarkTypes; unknown
// names are returned unchanged.
func canonicalMark(t string) string {
	l := strings.ToLower(strings.TrimSpace(t))
	if a, ok := markAliases[l]; ok {
		return a
	}
	for _, m := range markTypes {
		if strings.ToLower(m) == l {
			return m
		}
	}
	return t
}

func (d *decoder) marks(v any, path string) []Mark {
	return decodeArrayOrSingle(d, v, path, "an array of marks", "mark", d.mark)
}

func (d *decoder) mark(p string, e any) (Mark, itemStep) {
	switch x := e.(type) {
	case nil:
		return Mark{}, dropItem
	case string:
		mk := Mark{Type: canonicalMark(x)}
		d.note(p, "mark %q converted to {type: %q}", x, mk.Type)
		return mk, keepItem
	case object:
		raw := d.str(x, "type", p)
		mk := Mark{
			Type:   canonicalMark(raw),
			Value:  d.str(x, "value", p),
			Href:   d.str(x, "href", p),
			Title:  d.str(x, "title", p),
			Family: d.str(x, "family", p),
			Size:   d.str(x, "size", p),
			Weight: d.str(x, "weight", p),
		}
		if mk.Type != raw {
			d.note(join(p, "type"), "mark type %q converted to %q", raw, mk.Type)
		}
		if mk.Type == MarkLink && mk.Href == "" {
			if u, ok := x["url"].(string); ok && u != "" {
				d.note(p, "link url moved to href")
				mk.Href = u
			}
		}
		return mk, keepItem
	}
	d.fail(p, "expected a mark object, got %s", kindOf(e))
	return Mark{}, stopItems
}

var listTypeAliases = map[string]string{
	"bullet": "bullet", "ul": "bullet", "unordered": "bullet", "bulleted": "bullet",
	"ordered": "ordered", "ol": "ordered", "numbered": "ordered", "number": "ordered",
	"task": "task", "checkbox": "task", "check": "task", "checklist": "task", "todo": "task",
}

func (d *decoder) listType(m object, path string) string {
	raw := d.str(m, "listType", path)
	if t, ok := listTypeAliases[strings.ToLower(strings.TrimSpace(raw))]; ok {
		if t != raw {
			d.note(join(path, "listType"), "listType %q converted to %q", raw, t)
		}
		return t
	}
	return raw
}

func (d *decoder) listItems(v any, path string) [][]Block {
	return decodeArray(d, v, path, "an array of items", func(p string, e any) ([]Block, itemStep) {
		switch x := e.(type) {
		case nil:
			d.note(p, "null item dropped")
		case []any:
			return d.blocks(x, p), keepItem
		case string, json.Number, bool:
			s, _, _ := scalarText(x)
			d.note(p, "%s item converted to [paragraph]", kindOf(x))
			return []Block{paragraphOf(s)}, keepItem
		case object:
			d.note(p, "object item wrapped in a block list")
			item := []Block{}
			if b, ok := d.objectBlock(x, index(p, 0)); ok {
				item = append(item, b)
			}
			return item, keepItem
		}
		return nil, dropItem
	})
}

func (d *decoder) rows(v any, path string) []Row {
	return decodeArray(d, v, path, "an array of rows", func(p string, e any) (Row, itemStep) {
		switch x := e.(type) {
		case object:
			return Row{Cells: d.cells(x["cells"], join(p, "cells"))}, keepItem
		case []any:
			d.note(p, "row given as an array converted to {cells}")
			return Row{Cells: d.cells(x, p)}, keepItem
		}
		d.fail(p, "expected a row object, got %s", kindOf(e))
		return Row{}, stopItems
	})
}

// headerRow turns a table's separate header list ({"headers": ["平台",
// "占比"], "rows": [...]}; also "header" or "columns") into a first row of
// header cells, so the header is not lost. A list whose every element is
// blank is dropped with a note; rows that already start with a header row
// are left as they are (the list is then dropped with a note too).
func (d *decoder) headerRow(m object, path string, rows []Row) []Row {
	for _, key := range []string{"headers", "header", "columns"} {
		v, ok := m[key]
		if !ok || v == nil {
			continue
		}
		p := join(path, key)
		arr, isArr := v.([]any)
		if !isArr {
			if _, isBool := v.(bool); key == "header" && isBool {
				continue // "header": true is a cell flag some models put on the table
			}
			d.note(p, "%s of type %s ignored (want an array of column names)", key, kindOf(v))
			return rows
		}
		cells := decodeItems(arr, p, d.cell)
		blankAll := true
		for i := range cells {
			cells[i].Header = true
			if !blank(PlainText(cellInlines(cells[i]))) {
				blankAll = false
			}
		}
		switch {
		case len(cells) == 0 || blankAll:
			d.note(p, "empty %s dropped", key)
		case len(rows) > 0 && allHeader(rows[0]):
			d.note(p, "%s dropped: the first row is already a header row", key)
		default:
			d.note(p, "%s converted to a header row", key)
			rows = append([]Row{{Cells: cells}}, rows...)
		}
		return rows
	}
	return rows
}

// cellInlines are the inline runs of a cell's paragraphs.
func cellInlines(c Cell) []Inline {
	var out []Inline
	for _, b := range c.Blocks {
		out = append(out, b.Inlines...)
	}
	return out
}

func allHeader(r Row) bool {
	for _, c := range r.Cells {
		if !c.Header {
			return false
		}
	}
	return len(r.Cells) > 0
}

func (d *decoder) cells(v any, path string) []Cell {
	return decodeArray(d, v, path, "an array of cells", d.cell)
}

func (d *decoder) cell(p string, e any) (Cell, itemStep) {
	switch x := e.(type) {
	case string, json.Number, bool:
		s, _, _ := scalarText(x)
		d.note(p, "%s cell converted to a cell with one paragraph", kindOf(x))
		return Cell{Blocks: []Block{paragraphOf(s)}}, keepItem
	case object:
		c := Cell{
			Blocks:  d.blocks(x["blocks"], join(p, "blocks")),
			Rowspan: d.integer(x, "rowspan", p),
			Colspan: d.integer(x, "colspan", p),
			Align:   d.str(x, "align", p),
			Header:  d.boolean(x, "header", p),
		}
		if _, ok := x["isHeader"]; ok && !c.Header {
			c.Header = d.boolean(x, "isHeader", p)
			d.note(p, "isHeader read as header")
		}
		if x["blocks"] == nil {
			for _, k := range []string{"text", "content"} {
				if s, _, ok := scalarText(x[k]); ok {
					d.note(p, "cell %s converted to a paragraph", k)
					c.Blocks = []Block{paragraphOf(s)}
					break
				}
			}
		}
		return c, keepItem
	}
	d.fail(p, "expected a cell object, got %s", kindOf(e))
	return Cell{}, stopItems
}

func (d *decoder) quadrant(v any, path string) []QuadrantItem {
	return decodeArrayOrSingle(d, v, path, "an array of items", "item", d.quadrantItem)
}

func (d *decoder) quadrantItem(p string, e any) (QuadrantItem, itemStep) {
	switch x := e.(type) {
	case nil:
		d.note(p, "null item dropped")
		return QuadrantItem{}, dropItem
	case string, json.Number:
		s, _, _ := scalarText(x)
		d.note(p, "%s item converted to {title}", kindOf(x))
		return QuadrantItem{Title: s}, keepItem
	case object:
		q := QuadrantItem{
			Title:    d.str(x, "title", p),
			Detail:   d.str(x, "detail", p),
			Evidence: d.str(x, "evidence", p),
			Source:   d.str(x, "source", p),
			Impact:   d.str(x, "impact", p),
			Trend:    d.str(x, "trend", p),
			Priority: d.str(x, "priority", p),
		}
		if q.Title == "" {
			for _, k := range []string{"label", "text", "name"} {
				if s := d.str(x, k, p); s != "" {
					d.note(p, "%s used as title", k)
					q.Title = s
					break
				}
			}
		}
		if q.Detail == "" {
			for _, k := range []string{"description", "content"} {
				if s := d.str(x, k, p); s != "" {
					d.note(p, "%s used as detail", k)
					q.Detail = s
					break
				}
			}
		}
		return q, keepItem
	}
	d.fail(p, "expected an item object or string, got %s", kindOf(e))
	return QuadrantItem{}, stopItems
}

func (d *decoder) image(v any, path string) *Image {
	switch x := v.(type) {
	case nil:
		return nil
	case string:
		d.note(path, "string img converted to {src}")
		return &Image{Src: x}
	case object:
		return &Image{
			Src:    d.str(x, "src", path),
			Alt:    d.str(x, "alt", path),
			Width:  d.integer(x, "width", path),
			Height: d.integer(x, "height", path),
		}
	}
	d.fail(path, "expected an image object, got %s", kindOf(v))
	return nil
}

func (d *decoder) kpis(v any, path string) []KPI {
	return decodeArray(d, v, path, "an array of KPI items", func(p string, e any) (KPI, itemStep) {
		x, ok := e.(object)
		if !ok {
			d.fail(p, "expected a KPI object, got %s", kindOf(e))
			return KPI{}, stopItems
		}
		k := KPI{
			Label:     d.str(x, "label", p),
			Value:     d.str(x, "value", p),
			Unit:      d.str(x, "unit", p),
			Delta:     d.str(x, "delta", p),
			DeltaTone: d.str(x, "deltaTone", p),
			Source:    d.str(x, "source", p),
		}
		if k.DeltaTone == "" {
			if t := d.str(x, "tone", p); t != "" {
				d.note(p, "tone read as deltaTone")
				k.DeltaTone = t
			}
		}
		return k, keepItem
	})
}
