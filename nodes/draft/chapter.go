package draft

import (
	"slices"
	"strings"

	"reportengine/ir"
	"reportengine/prompts"
)

func isEngine(e string) bool {
	switch strings.ToLower(strings.TrimSpace(e)) {
	case "insight", "media", "query":
		return true
	}
	return false
}

func engineLabel(e string) string {
	switch e {
	case "":
		return "未标注引擎"
	case "host":
		return "论坛主持人"
	}
	return prompts.EngineShortName(e) + "引擎"
}

func displayNames(es []string) []string {
	out := make([]string, len(es))
	for i, e := range es {
		out[i] = prompts.EngineShortName(e)
	}
	return out
}

// filterAllowed drops blocks whose type is not allowed (headings always
// stay); nil or empty allowed means everything is.
func filterAllowed(blocks []ir.Block, allowed []string) []ir.Block {
	if len(allowed) == 0 {
		return blocks
	}
	ok := map[string]bool{ir.TypeHeading: true}
	for _, a := range allowed {
		ok[a] = true
	}
	kept := slices.DeleteFunc(slices.Clone(blocks), func(b ir.Block) bool { return !ok[b.Type] })
	// A sub-heading whose content was dropped goes too.
	var out []ir.Block
	for i, b := range kept {
		if b.Type == ir.TypeHeading && b.Level > 2 && (i+1 == len(kept) || kept[i+1].Type == ir.TypeHeading) {
			continue
		}
		out = append(out, b)
	}
	return out
}

func heading(level int, text, anchor string) ir.Block {
	return ir.Block{Type: ir.TypeHeading, Level: level, Text: text, Anchor: anchor}
}

func para(text string) ir.Block {
	return ir.Block{Type: ir.TypeParagraph, Inlines: []ir.Inline{{Text: text}}}
}

func list(items []string) ir.Block {
	b := ir.Block{Type: ir.TypeList, ListType: "bullet"}
	for _, it := range items {
		b.ListItems = append(b.ListItems, []ir.Block{para(it)})
	}
	return b
}
