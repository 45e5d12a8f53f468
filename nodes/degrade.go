package nodes

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"reportengine/ir"
	textrules "reportengine/text"
)

// topBlockRE takes the top-level block index from a validator path such
// as "blocks[2].data.labels".
var topBlockRE = regexp.MustCompile(`^blocks\[(\d+)\]`)

// degrade is the last step before a placeholder, for a chapter that is
// still invalid after its one repair round. It keeps what is sound and
// makes every problem visible instead of failing the whole chapter:
//
//   - inline marks the renderer must not use (a link whose href is not
//     http, https, mailto or #anchor; a colour or font value outside the
//     safe set) are removed, so their text stays as plain text (B27);
//   - every top-level block that still fails validation is replaced by a
//     "warning" callout that says so; a chart without usable data becomes
//     a callout "图表数据不可用 / chart data unavailable" naming what was
//     missing (B28).
//
// It returns the notes (one per change) and whether the chapter is now
// valid. Problems outside the blocks (chapter fields) cannot be degraded.
// BettaFish has no such step: its chapter either passed or failed whole.
func degrade(c *ir.Chapter) (notes []string, ok bool) {
	c.Walk(func(path string, b *ir.Block) {
		for i := range b.Inlines {
			in := &b.Inlines[i]
			in.Marks = slices.DeleteFunc(in.Marks, func(m ir.Mark) bool {
				if unsafeMark(m) {
					notes = append(notes, fmt.Sprintf("%s.inlines[%d]: unsafe %s mark removed, text kept", path, i, m.Type))
				}
				return unsafeMark(m)
			})
			if len(in.Marks) == 0 {
				in.Marks = nil
			}
		}
	})
	// Identifiers the pipeline can make itself: a widget id or a heading
	// anchor that is missing or not a valid anchor is replaced, not the
	// whole block.
	n := 0
	c.Walk(func(path string, b *ir.Block) {
		n++
		switch {
		case b.Type == ir.TypeWidget && !ir.IsAnchor(b.WidgetID):
			b.WidgetID = fmt.Sprintf("%s-chart-%d", c.Anchor, n)
			notes = append(notes, path+": widget id replaced")
		case b.Type == ir.TypeHeading && !ir.IsAnchor(b.Anchor):
			b.Anchor = fmt.Sprintf("%s-h%d", c.Anchor, n)
			notes = append(notes, path+": heading anchor replaced")
		}
	})
	err := ir.ValidateChapter(c)
	if err == nil {
		return notes, true
	}
	bad, inBlocks := blockErrors(err, len(c.Blocks))
	if !inBlocks {
		return notes, false
	}
	idx := slices.Sorted(maps.Keys(bad))
	for _, i := range idx {
		old := c.Blocks[i]
		// The reader gets a plain notice; the validator's findings go to
		// the notes (manifest.json).
		msgs := strings.Join(bad[i], "；")
		title := "此内容块未通过校验，已省略 / block omitted"
		text := fmt.Sprintf("模型给出的%s内容块不符合报告格式，已省略（详情见 manifest.json）。", blockName(old.Type))
		if old.Type == ir.TypeWidget && chartDataProblem(bad[i]) {
			title = "图表数据不可用 / chart data unavailable"
			name := old.Title
			if old.Props != nil && old.Props.Title != "" {
				name = old.Props.Title
			}
			if name != "" {
				text = fmt.Sprintf("图表「%s」缺少可用数据，已省略（详情见 manifest.json）。", name)
			} else {
				text = "图表缺少可用数据，已省略（详情见 manifest.json）。"
			}
		}
		c.Blocks[i] = ir.Block{Type: ir.TypeCallout, Tone: "warning", Title: title,
			Blocks: []ir.Block{{Type: ir.TypeParagraph, Inlines: []ir.Inline{{Text: text}}}}}
		notes = append(notes, fmt.Sprintf("blocks[%d]: %s block replaced by a notice (%s)", i, old.Type, msgs))
	}
	return notes, ir.ValidateChapter(c) == nil
}

// blockErrors groups a validation error's findings by the top-level block
// they are in (index → "path: message" lines), for a chapter of n blocks.
// ok is false when a finding lies outside the blocks (a chapter field, the
// blocks list itself) or names a block past n.
func blockErrors(err error, n int) (map[int][]string, bool) {
	ve, ok := err.(ir.ValidationError)
	if !ok {
		return nil, false // not a validator's finding: outside the blocks
	}
	out := map[int][]string{}
	for _, fe := range ve {
		m := topBlockRE.FindStringSubmatch(fe.Path)
		if m == nil {
			return nil, false
		}
		i, _ := strconv.Atoi(m[1])
		if i >= n {
			return nil, false
		}
		out[i] = append(out[i], fe.String())
	}
	return out, true
}

// unsafeMark reports marks whose values the renderer must not use.
func unsafeMark(m ir.Mark) bool {
	switch m.Type {
	case "link":
		return !ir.IsSafeHref(m.Href)
	case "color", "highlight":
		return m.Value != "" && !ir.IsSafeColor(m.Value)
	case "font":
		return (m.Family != "" && !ir.IsSafeFontFamily(m.Family)) || (m.Size != "" && !ir.IsSafeFontSize(m.Size)) ||
			(m.Weight != "" && !ir.IsSafeFontWeight(m.Weight))
	}
	return false
}

func blockName(t string) string {
	if t == "" {
		return ""
	}
	return "「" + t + "」"
}

// chartDataProblem reports validator findings about a chart's data (so
// the notice may say "chart data unavailable").
func chartDataProblem(msgs []string) bool {
	return slices.ContainsFunc(msgs, func(m string) bool {
		return textrules.FirstWord(m, []string{".data", "dataRef", "labels", "datasets"}) != ""
	})
}
