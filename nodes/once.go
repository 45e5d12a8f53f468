package nodes

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"reportengine/ir"
	"reportengine/nodes/draft"
	"reportengine/prompts"
)

// onceRunes is the length (runes, citations and speaker prefix removed)
// from which a paragraph counts as printed: shorter lines ("另见来源：[3]",
// the no-evidence line) may stand twice.
const onceRunes = 20

var (
	// pointerRE is a summary bullet's pointer to its chapter.
	pointerRE = regexp.MustCompile(`（详见「[^」]*」）`)
	// speakerRE is the offline writer's attribution before a passage
	// ("媒体引擎的研究写道：", "查询引擎在论坛中指出（12:19:08）：").
	speakerRE = regexp.MustCompile(`^[^：。，]{1,16}(?:的研究写道|在论坛中指出（[^）]*）)：`)
)

// onceKey is a paragraph as a reader compares it: without citations, the
// pointer, the speaker prefix, a cut mark and closing punctuation, and
// without spaces.
func onceKey(s string) string {
	s = pointerRE.ReplaceAllString(stripCitations(s), "")
	s = speakerRE.ReplaceAllString(strings.TrimSpace(s), "")
	s = strings.TrimRight(s, "…。｡；;.，,！!？? ")
	return strings.Join(strings.Fields(s), "")
}

// onceUnit is one printed paragraph: a paragraph block or a list item of
// one paragraph, at the top level of a chapter.
type onceUnit struct {
	ch, blk, item int // chapter, block, list item (-1: the block is a paragraph)
	sub           int // subsection (index of its level-3 heading block; -1 before any)
	key           string
	text          string // the paragraph's text, citations kept
}

// printOnce leaves every paragraph printed once in the report (issue 22:
// 4–10 paragraphs per report were printed twice word for word, a summary
// bullet and its chapter's lead, or one passage inside a longer one of
// another source). Of two paragraphs one of which holds the other
// (onceKey, the shorter of onceRunes runes or more, both citing evidence:
// a finding, not the connective text of a chapter), one place is kept,
// holding the longer text: the earlier place, unless removing the later
// one would empty its subsection or bring its chapter below ir's density
// thresholds (from above them) while removing the earlier one would not
// (then the later place); the longer text keeps its
// speaker prefix ("洞察引擎的研究写道："), except in a summary bullet, which
// keeps its pointer to its chapter. The other place is removed; a list left empty
// is removed, and a subsection left with no block says draft.NoEvidence.
// results are changed in place (their block slices are new ones).
func printOnce(results []ChapterResult) {
	var units []onceUnit
	for ci := range results {
		sub := -1
		for bi, b := range results[ci].Chapter.Blocks {
			switch {
			case b.Type == ir.TypeHeading && b.Level == 3:
				sub = bi
			case b.Type == ir.TypeParagraph:
				t := inlineString(b.Inlines)
				units = append(units, onceUnit{ch: ci, blk: bi, item: -1, sub: sub, key: onceKey(t), text: t})
			case b.Type == ir.TypeList:
				for ii, it := range b.ListItems {
					if len(it) == 1 && it[0].Type == ir.TypeParagraph {
						t := inlineString(it[0].Inlines)
						units = append(units, onceUnit{ch: ci, blk: bi, item: ii, sub: sub, key: onceKey(t), text: t})
					}
				}
			}
		}
	}
	// content counts what stands in each subsection: cited paragraphs and
	// list items of onceRunes runes, KPI grids, charts, SWOT/PEST tables
	type subKey struct{ ch, sub int }
	content := map[subKey]int{}
	for _, u := range units {
		if utf8.RuneCountInString(u.key) >= onceRunes && len(ir.FindCitations(u.text)) > 0 {
			content[subKey{u.ch, u.sub}]++
		}
	}
	for ci := range results {
		sub := -1
		for bi, b := range results[ci].Chapter.Blocks {
			switch b.Type {
			case ir.TypeHeading:
				if b.Level == 3 {
					sub = bi
				}
			case ir.TypeKPIGrid, ir.TypeWidget, ir.TypeSwotTable, ir.TypePestTable:
				content[subKey{ci, sub}]++
			}
		}
	}
	// body and narrative runes per chapter (ir.Density), less what goes
	body := make([]int, len(results))
	narr := make([]int, len(results))
	for ci := range results {
		_, body[ci], narr[ci] = ir.Density(&results[ci].Chapter)
	}
	thick := func(ch, less int) bool {
		return body[ch]-less >= ir.MinBodyRunes && narr[ch]-less >= ir.MinNarrativeRunes
	}
	loses := func(u *onceUnit) bool { // removing u empties its subsection, or thins a chapter that was not thin
		return content[subKey{u.ch, u.sub}] <= 1 || thick(u.ch, 0) && !thick(u.ch, textRunes(u.text))
	}
	removed := make([]bool, len(units))
	replaced := map[int]string{} // unit → its new text
	for j := range units {
		u := &units[j]
		if utf8.RuneCountInString(u.key) < onceRunes || len(ir.FindCitations(u.text)) == 0 {
			continue
		}
		for i := 0; i < j; i++ {
			k := &units[i]
			if removed[i] || utf8.RuneCountInString(k.key) < onceRunes || len(ir.FindCitations(k.text)) == 0 ||
				!strings.Contains(k.key, u.key) && !strings.Contains(u.key, k.key) {
				continue
			}
			keep, drop := i, j
			if loses(u) && !loses(k) {
				keep, drop = j, i
			}
			kept, gone := &units[keep], &units[drop]
			if utf8.RuneCountInString(gone.key) > utf8.RuneCountInString(kept.key) {
				// the longer text with its own attribution; a summary
				// bullet keeps its pointer, with no speaker prefix and no
				// "2. " of its chapter's list
				text := strings.TrimSpace(pointerRE.ReplaceAllString(gone.text, ""))
				if p := pointerRE.FindString(kept.text); p != "" {
					text, _ = prompts.StandaloneFinding(strings.TrimSpace(speakerRE.ReplaceAllString(text, "")))
					text += p
				}
				replaced[keep], kept.text, kept.key = text, text, gone.key
			}
			removed[drop] = true
			content[subKey{gone.ch, gone.sub}]--
			body[gone.ch] -= textRunes(gone.text)
			narr[gone.ch] -= textRunes(gone.text)
			break
		}
	}
	// rebuild the chapters
	drop := map[[3]int]bool{}
	for j, u := range units {
		if removed[j] {
			drop[[3]int{u.ch, u.blk, u.item}] = true
		}
	}
	texts := map[[3]int]string{}
	for j, t := range replaced {
		if !removed[j] {
			u := units[j]
			texts[[3]int{u.ch, u.blk, u.item}] = t
		}
	}
	if len(drop) == 0 && len(texts) == 0 {
		return
	}
	for ci := range results {
		old := results[ci].Chapter.Blocks
		out := make([]ir.Block, 0, len(old))
		for bi, b := range old {
			if drop[[3]int{ci, bi, -1}] {
				continue
			}
			if t, ok := texts[[3]int{ci, bi, -1}]; ok {
				b.Inlines = []ir.Inline{{Text: t}}
			}
			if b.Type == ir.TypeList {
				var items [][]ir.Block
				for ii, it := range b.ListItems {
					if drop[[3]int{ci, bi, ii}] {
						continue
					}
					if t, ok := texts[[3]int{ci, bi, ii}]; ok {
						p := it[0]
						p.Inlines = []ir.Inline{{Text: t}}
						it = []ir.Block{p}
					}
					items = append(items, it)
				}
				if len(items) == 0 {
					continue
				}
				b.ListItems = items
			}
			out = append(out, b)
		}
		results[ci].Chapter.Blocks = fillEmptySubsections(out)
	}
}

// fillEmptySubsections gives a level-3 heading followed by no block of
// its own (the next heading or the chapter's end) the one no-evidence
// line.
func fillEmptySubsections(bs []ir.Block) []ir.Block {
	var out []ir.Block
	for i, b := range bs {
		out = append(out, b)
		if b.Type == ir.TypeHeading && b.Level == 3 && (i+1 == len(bs) || bs[i+1].Type == ir.TypeHeading && bs[i+1].Level <= 3) {
			out = append(out, ir.Block{Type: ir.TypeParagraph, Inlines: []ir.Inline{{Text: draft.NoEvidence}}})
		}
	}
	return slices.Clip(out)
}

// textRunes counts s's runes but white space, as ir.Density does.
func textRunes(s string) int {
	n := 0
	for _, r := range s {
		if !unicode.IsSpace(r) {
			n++
		}
	}
	return n
}

// inlineString is the text of a paragraph's runs.
func inlineString(ins []ir.Inline) string {
	var b strings.Builder
	for _, in := range ins {
		b.WriteString(in.Text)
	}
	return b.String()
}

// quadrantRunes is the length (runes, citations removed) from which a
// SWOT/PEST item's title or detail says something: a quadrant's own word
// ("不足", "危机") does not.
const quadrantRunes = 3

// dropEmptyQuadrants removes the SWOT and PEST tables that say nothing
// (issue 22: "劣势: 不足 / 威胁: 危机"): no item whose title or detail has
// quadrantRunes runes or more. A subsection left with no block says
// draft.NoEvidence. results are changed in place (new block slices).
func dropEmptyQuadrants(results []ChapterResult) {
	for ci := range results {
		old := results[ci].Chapter.Blocks
		var out []ir.Block
		changed := false
		for _, b := range old {
			if (b.Type == ir.TypeSwotTable || b.Type == ir.TypePestTable) && saidQuadrants(b) == 0 {
				changed = true
				continue
			}
			out = append(out, b)
		}
		if changed {
			results[ci].Chapter.Blocks = fillEmptySubsections(out)
		}
	}
}

// saidQuadrants counts the quadrants of a SWOT/PEST block with an item
// that says something (quadrantRunes).
func saidQuadrants(b ir.Block) int {
	n := 0
	for _, q := range [][]ir.QuadrantItem{b.Strengths, b.Weaknesses, b.Opportunities, b.Threats,
		b.Political, b.Economic, b.Social, b.Technological} {
		for _, it := range q {
			if utf8.RuneCountInString(stripCitations(it.Title)) >= quadrantRunes || utf8.RuneCountInString(stripCitations(it.Detail)) >= quadrantRunes {
				n++
				break
			}
		}
	}
	return n
}
