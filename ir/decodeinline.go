package ir

import (
	"encoding/json"
	"slices"
	"strings"
)

// The decoder of what blocks hold: inlines and marks, lists, table rows
// and cells, SWOT/PEST quadrants, images and KPIs (split out of decode.go).

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
		case string, json.Number, bool:
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
	if i := slices.IndexFunc(markTypes, func(m string) bool { return strings.ToLower(m) == l }); i >= 0 {
		return markTypes[i]
	}
	return t
}

func (d *decoder) marks(v any, path string) []Mark {
	return decodeList(d, v, path, "an array of marks", "mark", d.mark)
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
		var mk Mark
		d.scalars(&mk, x, p, "type")
		mk.Type = canonicalMark(raw)
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
	return decodeList(d, v, path, "an array of items", "", func(p string, e any) ([]Block, itemStep) {
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
	return decodeList(d, v, path, "an array of rows", "", func(p string, e any) (Row, itemStep) {
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
		cells := decodeList(d, arr, p, "", "", d.cell)
		for i := range cells {
			cells[i].Header = true
		}
		switch {
		case !slices.ContainsFunc(cells, func(c Cell) bool { return !blank(PlainText(cellInlines(c))) }):
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
	return len(r.Cells) > 0 && !slices.ContainsFunc(r.Cells, func(c Cell) bool { return !c.Header })
}

func (d *decoder) cells(v any, path string) []Cell {
	return decodeList(d, v, path, "an array of cells", "", d.cell)
}

func (d *decoder) cell(p string, e any) (Cell, itemStep) {
	switch x := e.(type) {
	case string, json.Number, bool:
		s, _, _ := scalarText(x)
		d.note(p, "%s cell converted to a cell with one paragraph", kindOf(x))
		return Cell{Blocks: []Block{paragraphOf(s)}}, keepItem
	case object:
		c := Cell{Blocks: d.blocks(x["blocks"], join(p, "blocks"))}
		d.scalars(&c, x, p)
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
	return decodeList(d, v, path, "an array of items", "item", d.quadrantItem)
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
		var q QuadrantItem
		d.scalars(&q, x, p)
		if q.Title == "" {
			q.Title = d.standIn(x, p, "title", "label", "text", "name")
		}
		if q.Detail == "" {
			q.Detail = d.standIn(x, p, "detail", "description", "content")
		}
		return q, keepItem
	}
	d.fail(p, "expected an item object or string, got %s", kindOf(e))
	return QuadrantItem{}, stopItems
}

// standIn returns the first non-empty string of m's keys, noting that it
// is used as field; "" when none is.
func (d *decoder) standIn(m object, path, field string, keys ...string) string {
	for _, k := range keys {
		if s := d.str(m, k, path); s != "" {
			d.note(path, "%s used as %s", k, field)
			return s
		}
	}
	return ""
}

func (d *decoder) image(v any, path string) *Image {
	switch x := v.(type) {
	case nil:
		return nil
	case string:
		d.note(path, "string img converted to {src}")
		return &Image{Src: x}
	case object:
		im := &Image{}
		d.scalars(im, x, path)
		return im
	}
	d.fail(path, "expected an image object, got %s", kindOf(v))
	return nil
}

func (d *decoder) kpis(v any, path string) []KPI {
	return decodeList(d, v, path, "an array of KPI items", "", func(p string, e any) (KPI, itemStep) {
		x, ok := e.(object)
		if !ok {
			d.fail(p, "expected a KPI object, got %s", kindOf(e))
			return KPI{}, stopItems
		}
		var k KPI
		d.scalars(&k, x, p)
		if k.DeltaTone == "" {
			if t := d.str(x, "tone", p); t != "" {
				d.note(p, "tone read as deltaTone")
				k.DeltaTone = t
			}
		}
		return k, keepItem
	})
}
