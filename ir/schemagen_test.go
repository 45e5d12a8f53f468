package ir

// The generator of the schema text (schemaLines): TestSchemaTextIsGenerated
// holds the text to what it makes.

import (
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
)

// The compact IR schema models are shown (in the chapter and repair
// prompts). It is generated, never written by hand: the block types come
// from BlockTypes, the example of each type is a Block value below that
// must validate, the required fields are found by asking ValidateChapter
// (each field of the example is removed in turn; the ones whose removal
// fails validation are required), and the enums are read from the `oneof`
// rules of the struct tags and the validator's own lists (mark types,
// chart kinds, engine-quote titles). So the schema cannot say anything the
// validator does not enforce, nor leave out a rule it does.

func schemaPara(s string) Block { return Block{Type: TypeParagraph, Inlines: []Inline{{Text: s}}} }

func schemaCell(s string, header bool) Cell {
	return Cell{Header: header, Blocks: []Block{schemaPara(s)}}
}

// schemaExamples holds one small, valid example per block type.
var schemaExamples = map[string]Block{
	TypeHeading: {Type: TypeHeading, Level: 3, Text: "1.1 事件经过", Anchor: "s2-1"},
	TypeParagraph: {Type: TypeParagraph, Inlines: []Inline{{Text: "要点", Marks: []Mark{{Type: MarkBold}}},
		{Text: "正文"}}},
	TypeList: {Type: TypeList, ListType: "bullet", ListItems: [][]Block{{schemaPara("第一条")}}},
	TypeTable: {Type: TypeTable, Rows: []Row{{Cells: []Cell{schemaCell("平台", true), schemaCell("声量", true)}},
		{Cells: []Cell{schemaCell("微博", false), schemaCell("1200", false)}}}},
	TypeSwotTable:   {Type: TypeSwotTable, Strengths: []QuadrantItem{{Title: "优势", Detail: "说明", Impact: "高"}}},
	TypePestTable:   {Type: TypePestTable, Social: []QuadrantItem{{Title: "社会因素", Detail: "说明", Trend: "负面影响"}}},
	TypeBlockquote:  {Type: TypeBlockquote, Blocks: []Block{schemaPara("引文")}},
	TypeEngineQuote: {Type: TypeEngineQuote, Engine: "media", Title: "Media Agent", Blocks: []Block{schemaPara("引擎原话")}},
	TypeHr:          {Type: TypeHr},
	TypeCode:        {Type: TypeCode, Lang: "text", Content: "代码"},
	TypeMath:        {Type: TypeMath, Latex: "x^2"},
	TypeFigure:      {Type: TypeFigure, Img: &Image{Src: "https://example.org/a.png", Alt: "说明"}},
	TypeCallout: {Type: TypeCallout, Tone: "warning", Title: "研判",
		Blocks: []Block{schemaPara("结论")}},
	TypeKPIGrid: {Type: TypeKPIGrid, KPIItems: []KPI{{Label: "负面占比", Value: "37", Unit: "%", Delta: "+5",
		DeltaTone: "up"}}},
	TypeWidget: {Type: TypeWidget, WidgetID: "s2-chart-1", WidgetType: "chart.js/bar",
		Props: &WidgetProps{Title: "平台声量"},
		Data:  &ChartData{Labels: []string{"微博", "抖音"}, Datasets: []Dataset{{Label: "条数", Data: []float64{1200, 860}}}}},
	TypeTOC: {Type: TypeTOC, Depth: 2},
}

// schemaOptional names optional fields of a block type the schema lists
// with their enum although its example leaves them out.
var schemaOptional = map[string][]string{TypeParagraph: {"align"}, TypeTable: {"rows[].cells[].align"},
	TypeSwotTable: {"strengths[].impact"}, TypePestTable: {"social[].trend"}}

// blockSchema is what the schema says about one block type.
type blockSchema struct {
	Type string
	// Required are the JSON paths, relative to the block, whose removal
	// from the example fails validation ("items", "data.labels",
	// "rows[].cells"); array elements are written "[]".
	Required []string
	// Enums maps a JSON path relative to the block ("listType",
	// "strengths[].impact", "inlines[].marks[].type") to its allowed
	// values, in the validator's order.
	Enums map[string][]string
	// Example is the example block as compact JSON.
	Example string
}

var blockSchemas = sync.OnceValue(func() map[string]blockSchema {
	out := make(map[string]blockSchema, len(blockTypes))
	for _, t := range blockTypes {
		out[t] = buildBlockSchema(t)
	}
	return out
})

// generateSchema returns the compact schema text of the given block types (every
// block type when types is empty; unknown names are skipped), in the
// order of BlockTypes, for a model's prompt. Each type takes two lines:
//
//	list 必填 items,listType; listType=ordered|bullet|task
//	 {"type":"list","listType":"bullet","items":[[{"type":"paragraph","inlines":[{"text":"第一条"}]}]]}
//
// The text is in Chinese with JSON keys as they are; on the o200k_base
// vocabulary it is about 1 000 tokens for the twelve types a chapter
// uses (see the nodes package for the measured figure).
func generateSchema(types []string) string {
	want := blockTypes
	if len(types) > 0 {
		want = nil
		for _, t := range blockTypes {
			if slices.Contains(types, t) {
				want = append(want, t)
			}
		}
	}
	var sb strings.Builder
	sb.WriteString("IR 块结构（由校验器生成：列出的必填字段缺一不可，枚举字段只能取列出的值；每种块附一个合法示例）：\n")
	for _, t := range want {
		s := blockSchemas()[t]
		sb.WriteString(t)
		var parts []string
		if len(s.Required) > 0 {
			parts = append(parts, "必填 "+strings.Join(s.Required, ","))
		}
		keys := slices.Sorted(maps.Keys(s.Enums))
		for _, k := range keys {
			parts = append(parts, k+"="+strings.Join(s.Enums[k], "|"))
		}
		switch t {
		case TypeHeading:
			parts = append(parts, "level 为 1-6")
		case TypeParagraph:
			parts = append(parts, "link 需 href（http/https/mailto/#锚点）")
		}
		if t == TypeEngineQuote {
			var ts []string
			for _, e := range tagEnum(reflect.TypeOf(Block{}), "Engine") {
				ts = append(ts, e+"→"+engineTitles[e])
			}
			parts = append(parts, "title 固定为 "+strings.Join(ts, ","), "blocks 只能是 paragraph（marks 仅 bold/italic）")
		}
		if qs := quadrants[t]; qs != nil {
			parts = append(parts, "象限 "+strings.Join(qs, ",")+" 至少一个非空，每项 title 或 detail 至少一个")
		}
		if t == TypeWidget {
			parts = append(parts, "每个 datasets[].data 与 labels 等长，只写数字")
		}
		if len(parts) > 0 {
			sb.WriteString(" " + strings.Join(parts, "; "))
		}
		sb.WriteString("\n " + s.Example + "\n")
	}
	return sb.String()
}

func buildBlockSchema(t string) blockSchema {
	ex, ok := schemaExamples[t]
	if !ok {
		panic("ir: schema: no example for block type " + t)
	}
	if err := ValidateChapter(schemaChapter(ex)); err != nil {
		panic(fmt.Sprintf("ir: schema: the %s example is invalid: %v", t, err))
	}
	raw, err := json.Marshal(ex)
	if err != nil {
		panic(err)
	}
	s := blockSchema{Type: t, Example: string(raw), Enums: map[string][]string{}}
	var tree any
	_ = json.Unmarshal(raw, &tree)
	for _, p := range leafPaths(tree, "") {
		if p == "type" {
			continue
		}
		if removalFails(tree, p) {
			s.Required = append(s.Required, p)
		}
	}
	// "at least one quadrant" is said once for the table (see Schema), not
	// as a required quadrant
	s.Required = slices.DeleteFunc(s.Required, func(r string) bool { return slices.Contains(quadrants[t], r) })
	sort.Strings(s.Required)
	enumPaths(reflect.TypeOf(Block{}), t, tree, "", s.Enums)
	for _, k := range schemaOptional[t] {
		f, ok := pathField(t, k)
		if !ok {
			panic("ir: schema: no field " + k + " in " + t)
		}
		if vs := fieldEnum(f); vs != nil {
			s.Enums[k] = vs
		}
	}
	if qs := quadrants[t]; qs != nil {
		// one line for all quadrants: "{strengths,…}[].impact"
		for k, vs := range s.Enums {
			for _, q := range qs {
				if rest, ok := strings.CutPrefix(k, q+"[]"); ok {
					delete(s.Enums, k)
					s.Enums["{"+strings.Join(qs, ",")+"}[]"+rest] = vs
				}
			}
		}
	}
	return s
}

// schemaChapter wraps a block in a chapter that is valid around it.
func schemaChapter(b Block) *Chapter {
	return &Chapter{ChapterID: "S1", Title: "T", Anchor: "s", Blocks: []Block{b}}
}

// leafPaths lists the paths of every object key in the tree (objects
// inside arrays through their first element, "[]"), parents before
// children. Nested blocks are not entered: their own schema covers them.
func leafPaths(v any, prefix string) []string {
	var out []string
	switch x := v.(type) {
	case map[string]any:
		if t, ok := x["type"].(string); ok && prefix != "" && IsBlockType(t) {
			return nil
		}
		keys := slices.Sorted(maps.Keys(x))
		for _, k := range keys {
			p := k
			if prefix != "" {
				p = prefix + "." + k
			}
			out = append(out, p)
			out = append(out, leafPaths(x[k], p)...)
		}
	case []any:
		if len(x) > 0 {
			out = append(out, leafPaths(x[0], prefix+"[]")...)
		}
	}
	return out
}

// removalFails reports whether the example without the value at path p
// (in every element of the arrays on the way) fails validation.
func removalFails(tree any, p string) bool {
	raw, _ := json.Marshal(tree)
	var cp any
	_ = json.Unmarshal(raw, &cp)
	removePath(cp, strings.Split(strings.ReplaceAll(p, "[]", ".[]"), "."))
	raw, _ = json.Marshal(cp)
	var b Block
	if err := json.Unmarshal(raw, &b); err != nil {
		return true
	}
	return ValidateChapter(schemaChapter(b)) != nil
}

func removePath(v any, parts []string) {
	if len(parts) == 0 {
		return
	}
	switch x := v.(type) {
	case map[string]any:
		if len(parts) == 1 {
			delete(x, parts[0])
			return
		}
		removePath(x[parts[0]], parts[1:])
	case []any:
		if parts[0] == "[]" {
			for _, e := range x {
				removePath(e, parts[1:])
			}
		}
	}
}

// blockField returns the Block struct field behind JSON key k of block
// type t ("items" is ListItems for lists and KPIItems for KPI grids).
func blockField(t, k string) (reflect.StructField, bool) {
	bt := reflect.TypeOf(Block{})
	if k == "items" {
		name := "ListItems"
		if t == TypeKPIGrid {
			name = "KPIItems"
		}
		return bt.FieldByName(name)
	}
	return jsonField(bt, k)
}

func jsonField(st reflect.Type, k string) (reflect.StructField, bool) {
	for i := 0; i < st.NumField(); i++ {
		f := st.Field(i)
		if name, _, _ := strings.Cut(f.Tag.Get("json"), ","); name == k {
			return f, true
		}
	}
	return reflect.StructField{}, false
}

// fieldEnum returns the values a field's validate tag allows: its
// `oneof` list, or the list behind one of the validator's own enum tags
// (blocktype, marktype, widgettype); nil for a field without one.
func fieldEnum(f reflect.StructField) []string {
	for _, rule := range strings.Split(f.Tag.Get("validate"), ",") {
		switch {
		case strings.HasPrefix(rule, "oneof="):
			return strings.Fields(strings.TrimPrefix(rule, "oneof="))
		case rule == "marktype":
			return slices.Clone(markTypes)
		case rule == "widgettype":
			out := make([]string, len(chartKinds))
			for i, k := range chartKinds {
				out[i] = ChartWidgetPrefix + k
			}
			return out
		}
	}
	return nil
}

// enumPaths walks the example tree alongside its Go type and records the
// enum of every field it meets that has one. Nested blocks are not
// entered (their own schema lines list them).
func enumPaths(st reflect.Type, blockType string, v any, prefix string, out map[string][]string) {
	m, ok := v.(map[string]any)
	if !ok {
		return
	}
	for k, child := range m {
		var f reflect.StructField
		var found bool
		if st == reflect.TypeOf(Block{}) {
			f, found = blockField(blockType, k)
		} else {
			f, found = jsonField(st, k)
		}
		if !found || k == "type" && st == reflect.TypeOf(Block{}) {
			continue
		}
		p := k
		if prefix != "" {
			p = prefix + "." + k
		}
		if vs := fieldEnum(f); vs != nil {
			out[p] = vs
		}
		ft := f.Type
		for ft.Kind() == reflect.Slice || ft.Kind() == reflect.Pointer {
			if ft.Kind() == reflect.Slice {
				p += "[]"
				if arr, ok := child.([]any); ok && len(arr) > 0 {
					child = arr[0]
				}
			}
			ft = ft.Elem()
		}
		if ft.Kind() == reflect.Struct && ft != reflect.TypeOf(Block{}) {
			enumPaths(ft, blockType, child, p, out)
		}
	}
}

// pathField resolves a schema path ("rows[].cells[].align") of block type
// t to its struct field.
func pathField(t, path string) (reflect.StructField, bool) {
	var f reflect.StructField
	var st reflect.Type
	for i, seg := range strings.Split(strings.ReplaceAll(path, "[]", ""), ".") {
		var ok bool
		if i == 0 {
			f, ok = blockField(t, seg)
		} else {
			f, ok = jsonField(st, seg)
		}
		if !ok {
			return f, false
		}
		st = f.Type
		for st.Kind() == reflect.Slice || st.Kind() == reflect.Pointer {
			st = st.Elem()
		}
	}
	return f, true
}

// The schema text is what the generator makes from the validator, for
// every block type and for all of them at once.
func TestSchemaTextIsGenerated(t *testing.T) {
	if got, want := Schema(nil), generateSchema(nil); got != want {
		t.Errorf("Schema(nil) differs from the generated text:\n got %q\nwant %q", got, want)
	}
	for _, typ := range BlockTypes() {
		if got, want := Schema([]string{typ}), generateSchema([]string{typ}); got != want {
			t.Errorf("%s: schema line differs from the generated one:\n got %q\nwant %q", typ, got, want)
		}
	}
}
