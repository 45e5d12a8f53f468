package ir

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// The decoder of blocks: a block's type and fields, the nested structures
// its type uses, widgets and charts (split out of decode.go).

func (d *decoder) blocks(v any, path string) []Block {
	return decodeList(d, v, path, "an array of blocks", kindOf(v), func(p string, e any) (Block, itemStep) {
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

	b := Block{Type: typ}
	d.scalars(&b, m, path, "type", "listType")
	if _, ok := m["meta"]; ok {
		d.note(path, "meta dropped (renderer hints are set by the pipeline)")
	}
	d.nested(&b, m, path)
	return b, true
}

// nested reads the nested structures of block b, only those its type
// uses, so a stray key of the wrong shape on another type does not fail
// decoding.
func (d *decoder) nested(b *Block, m object, path string) {
	switch b.Type {
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
	case TypeSwotTable, TypePestTable:
		for _, q := range quadrantsOf(b) {
			if slices.Contains(quadrants[b.Type], q.name) {
				*q.items = d.quadrant(m[q.name], join(path, q.name))
			}
		}
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
		d.widgetFixups(b, m, path)
	}
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
	words := strings.FieldsFunc(path, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9')
	})
	return strings.Join(append([]string{"widget"}, words...), "-")
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
	kind = cmp.Or(kind, props.Type)
	if kind != "" {
		b.WidgetType = ChartWidgetPrefix + kind
		props.Type = cmp.Or(props.Type, kind)
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
	p := &WidgetProps{}
	d.scalars(p, m, path)
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
		cd.Labels = decodeList(d, l, join(path, "labels"), "an array", "", func(p string, e any) (string, itemStep) {
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
		cd.Datasets = decodeList(d, ds, join(path, "datasets"), "an array", "", func(p string, e any) (Dataset, itemStep) {
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
	out := decodeList(d, v, path, "an array of numbers", "", func(p string, e any) (float64, itemStep) {
		f, conv, raw, ok := number(e)
		if !ok {
			switch x := e.(type) {
			case nil:
				// null is how the IR itself writes a missing value
				// (NaN): decoding it is no repair, so no note (the
				// validator still reports its path), and a decoded
				// chapter's JSON decodes again without notes
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
