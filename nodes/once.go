package nodes

import (
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"reportengine/ir"
	"reportengine/nodes/draft"
	"reportengine/prompts"
)

// onceRunes is the length (runes, citations and speaker prefix removed)
// from which a paragraph counts as printed: shorter lines ("另见来源：[3]",
// the no-evidence line) may stand twice. 12, not 20: the fixture's
// summary bullet "共同的引爆点在于“机构应对失当”。" (16 runes) stood again
// in 3.2 as "第一，共同的引爆点在于…".
const onceRunes = 12

var (
	// pointerRE is a summary bullet's pointer to its chapter.
	pointerRE = regexp.MustCompile(`（详见「[^」]*」）`)
	// speakerRE is the offline writer's attribution before a passage
	// ("媒体引擎的研究写道：", "查询引擎在论坛中指出（12:19:08）：").
	speakerRE = regexp.MustCompile(`^[^：。，]{1,16}(?:的研究写道|在论坛中指出（[^）]*）)：`)
	// datePrefixRE is a dated timeline entry's date ("2025-07-31：").
	datePrefixRE = regexp.MustCompile(`^(?:\d{4}-\d{2}(?:-\d{2})?|--\d{2}-\d{2})：`)
	// dataLineRE is a line of the computed essentials: a dated timeline
	// entry (datePrefixRE) or a figure line ("标签：数值——「原文」")
	dataLineRE = regexp.MustCompile(datePrefixRE.String() + `|——「`)
)

// holds reports whether key a holds key b, a timeline entry's date
// (datePrefixRE) left out: the wuhan summary's "2025-07：然而，近两年后，
// 法院于2025年7月作出一审判决…" quoted 4.3's paragraph and was missed.
func holds(a, b string) bool {
	return strings.Contains(datePrefixRE.ReplaceAllString(a, ""), datePrefixRE.ReplaceAllString(b, ""))
}

// onceKey is a paragraph as a reader compares it: without citations, the
// pointer, the speaker prefix, a cut mark and closing punctuation, and
// without spaces.
func onceKey(s string) string {
	s = pointerRE.ReplaceAllString(draft.StripCitations(s), "")
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
// holding the longer text (a timeline entry's date, datePrefixRE, is not
// part of the text compared, and stays; an essentials figure line's text,
// figureLineRE, is not taken: its quote is the passage, and qingxi's
// summary bullet, made "情绪构成为负面：46%——「…」", kept stating the
// figures 4.2's prose stated): the earlier place, unless removing the later
// one would empty its subsection (or leave it no finding but data lines:
// dated timeline entries and figure lines, dataLineRE — the fixture's
// 6.2 回应与沟通建议 kept a timeline entry and lost its one recommendation
// to the summary) or bring its chapter below ir's density
// thresholds (from above them) while removing the earlier one would not
// (then the later place); the longer text keeps its
// speaker prefix ("洞察引擎的研究写道："), except in a summary bullet, which
// keeps its pointer to its chapter. The other place is removed; a list left empty
// is removed, and a subsection left with no block says draft.NoEvidence.
// results are changed in place (their block slices are new ones).
func printOnce(results []ChapterResult) {
	units := onceUnits(results)
	removed, replaced := onceRemovals(results, units)
	rebuildOnce(results, units, removed, replaced)
}

// onceRemovals are printOnce's decisions on units, the printed paragraphs
// of results: which units go and the new text (unit → text) of those that
// take a longer one. units' texts and keys are changed in place.
func onceRemovals(results []ChapterResult, units []onceUnit) (removed []bool, replaced map[int]string) {
	led := newOnceLedger(results, units)
	removed, replaced = make([]bool, len(units)), map[int]string{}
	// the chapters' own repeats first, then the summary's bullets (their
	// pointer to a chapter): a bullet's chapter place is judged with the
	// texts its subsection keeps
	for pass := range 2 {
		for j := range units {
			onceRepeats(units, j, pass == 1, led, removed, replaced)
		}
	}
	return removed, replaced
}

// summaryStays is digests without the findings printOnce would take out
// of the summary chapter (results[summary]) because their chapter keeps
// them: a lead that is its subsection's only finding, or whose removal
// would thin its chapter. The summary deals its bullets among its
// sub-points only from what stays, so a passage added to another
// chapter's empty subsection (the fixture's 3.1 首发信源与早期扩散, whose
// new lead the summary dealt to 1.1 and printOnce then printed in 3.1
// alone) no longer moves the summary's other bullets, nor takes the place
// of one (强化常态化的信息监测… left 1.3 核心判断与主要建议 for want of
// room). It lays every finding out as a bullet (draft.SummaryBullet) of
// one summary subsection and runs printOnce's decisions on the chapters
// written so far; the chapters written with the summary (closing ones)
// are not among them. digests is not changed.
func summaryStays(digests []prompts.ChapterDigest, results []ChapterResult, summary int) []prompts.ChapterDigest {
	type at struct{ d, f int } // a finding: digest, finding
	var items [][]ir.Block
	var refs []at
	for di, d := range digests {
		for fi, f := range d.Findings {
			if b, ok := draft.SummaryBullet(f, d.Title); ok {
				items = append(items, []ir.Block{{Type: ir.TypeParagraph, Inlines: []ir.Inline{{Text: b}}}})
				refs = append(refs, at{di, fi})
			}
		}
	}
	if len(items) == 0 {
		return digests
	}
	trial := slices.Clone(results)
	trial[summary].Chapter.Blocks = []ir.Block{{Type: ir.TypeHeading, Level: 3}, {Type: ir.TypeList, ListItems: items}}
	dropEmptyQuadrants(trial)
	units := onceUnits(trial)
	removed, _ := onceRemovals(trial, units)
	gone := map[at]bool{}
	for j, u := range units {
		if u.ch == summary && u.item >= 0 && removed[j] {
			gone[refs[u.item]] = true
		}
	}
	out := slices.Clone(digests)
	for di, d := range out {
		var keep []string
		for fi, f := range d.Findings {
			if !gone[at{di, fi}] {
				keep = append(keep, f)
			}
		}
		out[di].Findings = keep
	}
	return out
}

// onceRepeats removes the place of units[j] or of an earlier unit holding
// the same finding (printOnce), among the pairs with a summary bullet or,
// with bullets false, without one.
func onceRepeats(units []onceUnit, j int, bullets bool, led *onceLedger, removed []bool, replaced map[int]string) {
	u := &units[j]
	if removed[j] || !u.finding() {
		return
	}
	for i := 0; i < j; i++ {
		k := &units[i]
		if removed[i] || !k.finding() || !holds(k.key, u.key) && !holds(u.key, k.key) ||
			(pointerRE.MatchString(k.text) || pointerRE.MatchString(u.text)) != bullets {
			continue
		}
		keep, drop := i, j
		if led.loses(u) && !led.loses(k) {
			keep, drop = j, i
		}
		kept, gone := &units[keep], &units[drop]
		wasData := kept.data()
		if utf8.RuneCountInString(gone.key) > utf8.RuneCountInString(kept.key) && !figureLineRE.MatchString(gone.key) {
			text, key := longerText(gone.text, kept.text), gone.key
			if d := datePrefixRE.FindString(kept.key); d != "" {
				key = d + datePrefixRE.ReplaceAllString(key, "")
			}
			replaced[keep], kept.text, kept.key = text, text, key
		}
		removed[drop] = true
		led.remove(gone)
		switch s := (onceSub{kept.ch, kept.sub}); {
		case kept.data() && !wasData: // a finding that took a timeline entry's longer text is data now
			led.prose[s]--
		case !kept.data() && wasData:
			led.prose[s]++
		}
		break
	}
}

// onceUnits are the printed paragraphs of the chapters, in order.
func onceUnits(results []ChapterResult) []onceUnit {
	var units []onceUnit
	for ci := range results {
		sub := -1
		for bi, b := range results[ci].Chapter.Blocks {
			switch {
			case b.Type == ir.TypeHeading && b.Level == 3:
				sub = bi
			case b.Type == ir.TypeParagraph:
				t := ir.PlainText(b.Inlines)
				units = append(units, onceUnit{ch: ci, blk: bi, item: -1, sub: sub, key: onceKey(t), text: t})
			case b.Type == ir.TypeList:
				for ii, it := range b.ListItems {
					if len(it) == 1 && it[0].Type == ir.TypeParagraph {
						t := ir.PlainText(it[0].Inlines)
						units = append(units, onceUnit{ch: ci, blk: bi, item: ii, sub: sub, key: onceKey(t), text: t})
					}
				}
			}
		}
	}
	return units
}

// finding reports whether u is a finding (onceRunes runes or more, citing
// evidence), not the connective text of a chapter.
func (u *onceUnit) finding() bool {
	return utf8.RuneCountInString(u.key) >= onceRunes && len(ir.FindCitations(u.text)) > 0
}

// data reports a line of the computed essentials (dataLineRE), not a
// passage quoted as a finding.
func (u *onceUnit) data() bool { return dataLineRE.MatchString(u.key) }

// longerText is the text a kept place takes from the longer paragraph
// gone: with its own attribution, except that a summary bullet (kept
// holds the pointer to its chapter) keeps its pointer and a timeline entry
// its date, with no speaker prefix and no opening "2. " or "然而，"
// (prompts.StandaloneFinding).
func longerText(gone, kept string) string {
	text := strings.TrimSpace(pointerRE.ReplaceAllString(gone, ""))
	p, date := pointerRE.FindString(kept), datePrefixRE.FindString(kept)
	if p != "" || date != "" {
		text, _ = prompts.StandaloneFinding(strings.TrimSpace(speakerRE.ReplaceAllString(text, "")))
		if date != "" {
			text = date + datePrefixRE.ReplaceAllString(text, "")
		}
		text += p
	}
	return text
}

// onceSub is a subsection: a chapter and the index of its level-3
// heading block (-1 before any).
type onceSub struct{ ch, sub int }

// onceLedger is what stands in the report as paragraphs are removed:
// per subsection the findings (onceUnit.finding), KPI grids, charts and
// SWOT/PEST tables; per chapter the body and narrative runes (ir.Density).
type onceLedger struct {
	content    map[onceSub]int
	prose      map[onceSub]int // of content: findings that are no data line
	body, narr []int
}

func newOnceLedger(results []ChapterResult, units []onceUnit) *onceLedger {
	led := &onceLedger{content: map[onceSub]int{}, prose: map[onceSub]int{}, body: make([]int, len(results)), narr: make([]int, len(results))}
	for _, u := range units {
		if u.finding() {
			led.content[onceSub{u.ch, u.sub}]++
			if !u.data() {
				led.prose[onceSub{u.ch, u.sub}]++
			}
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
				led.content[onceSub{ci, sub}]++
			}
		}
		_, led.body[ci], led.narr[ci] = ir.Density(&results[ci].Chapter)
	}
	return led
}

// thick reports whether chapter ch, less runes of text, meets ir's
// density thresholds.
func (l *onceLedger) thick(ch, less int) bool {
	return l.body[ch]-less >= ir.MinBodyRunes && l.narr[ch]-less >= ir.MinNarrativeRunes
}

// loses reports whether removing u empties its subsection, leaves it no
// finding but data lines, or thins a chapter that was not thin.
func (l *onceLedger) loses(u *onceUnit) bool {
	s := onceSub{u.ch, u.sub}
	return l.content[s] <= 1 || !u.data() && l.prose[s] <= 1 || l.thick(u.ch, 0) && !l.thick(u.ch, ir.CountRunes(u.text))
}

// remove counts u out.
func (l *onceLedger) remove(u *onceUnit) {
	if !u.data() {
		l.prose[onceSub{u.ch, u.sub}]--
	}
	l.content[onceSub{u.ch, u.sub}]--
	l.body[u.ch] -= ir.CountRunes(u.text)
	l.narr[u.ch] -= ir.CountRunes(u.text)
}

// rebuildOnce makes the chapters anew without the removed units and with
// the replaced texts; a list left empty goes, a subsection left with no
// block says draft.NoEvidence.
func rebuildOnce(results []ChapterResult, units []onceUnit, removed []bool, replaced map[int]string) {
	if rewriteUnits(results, units, removed, replaced) {
		for ci := range results {
			results[ci].Chapter.Blocks = fillEmptySubsections(results[ci].Chapter.Blocks)
		}
	}
}

// rewriteUnits makes the chapters anew without the removed units (removed
// may be nil) and with the replaced texts, a list left empty removed; it
// reports whether anything was to change (else results are untouched).
func rewriteUnits(results []ChapterResult, units []onceUnit, removed []bool, replaced map[int]string) bool {
	drop := map[[3]int]bool{}
	texts := map[[3]int]string{}
	for j, u := range units {
		if removed != nil && removed[j] {
			drop[[3]int{u.ch, u.blk, u.item}] = true
		} else if t, ok := replaced[j]; ok {
			texts[[3]int{u.ch, u.blk, u.item}] = t
		}
	}
	if len(drop) == 0 && len(texts) == 0 {
		return false
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
				if b.ListItems = onceItems(b.ListItems, drop, texts, ci, bi); len(b.ListItems) == 0 {
					continue
				}
			}
			out = append(out, b)
		}
		results[ci].Chapter.Blocks = out
	}
	return true
}

// onceItems are the items of list block bi of chapter ci without the
// dropped ones and with the replaced texts.
func onceItems(old [][]ir.Block, drop map[[3]int]bool, texts map[[3]int]string, ci, bi int) [][]ir.Block {
	var items [][]ir.Block
	for ii, it := range old {
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
	return items
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
		out := slices.DeleteFunc(slices.Clone(old), func(b ir.Block) bool {
			return (b.Type == ir.TypeSwotTable || b.Type == ir.TypePestTable) && saysNothing(b)
		})
		if len(out) < len(old) {
			results[ci].Chapter.Blocks = fillEmptySubsections(out)
		}
	}
}

// saysNothing reports a SWOT/PEST block with no item whose title or
// detail says something (quadrantRunes).
func saysNothing(b ir.Block) bool {
	items := slices.Concat(b.Strengths, b.Weaknesses, b.Opportunities, b.Threats,
		b.Political, b.Economic, b.Social, b.Technological)
	return !slices.ContainsFunc(items, func(it ir.QuadrantItem) bool {
		return utf8.RuneCountInString(draft.StripCitations(it.Title)) >= quadrantRunes ||
			utf8.RuneCountInString(draft.StripCitations(it.Detail)) >= quadrantRunes
	})
}
