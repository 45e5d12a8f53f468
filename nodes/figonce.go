package nodes

import (
	"cmp"
	"regexp"
	"slices"
	"strings"

	"reportengine/evidence"
	"reportengine/ir"
	"reportengine/nodes/draft"
	textrules "reportengine/text"
)

// figureLineRE is an essentials figure line of the offline writer
// (draft's figureLines, "标签：数值——「原文」[E…]"), its quote submatched.
var figureLineRE = regexp.MustCompile(`^[^「」]+：[^「」]+——「(.+)」`)

// statedFigure is a figure a printed paragraph states: its value as
// written (no spaces) and the content terms of what it measures.
type statedFigure struct {
	value string
	terms []string
}

// figuresStated are the figures (no dates) text states: those of its
// quote for an essentials figure line, of the whole text otherwise.
func figuresStated(text string) (figs []statedFigure, line bool) {
	text = strings.TrimSpace(draft.StripCitations(text))
	if m := figureLineRE.FindStringSubmatch(text); m != nil {
		text, line = m[1], true
	}
	for _, f := range evidence.FindFigures("", text) {
		if f.Kind != evidence.FigDate {
			// what it measures: its label, else its KPI's name (a label
			// opening with a period, "本周期李明咖啡店的声量规模为12780条", is
			// left empty; its KPI is named)
			figs = append(figs, statedFigure{strings.ReplaceAll(f.Raw, " ", ""), textrules.TermTexts(textrules.Terms(cmp.Or(f.Label, f.KPI)))})
		}
	}
	return figs, line
}

// same reports one figure: the same value, what it measures sharing a
// content term.
func (a statedFigure) same(b statedFigure) bool {
	return a.value == b.value && slices.ContainsFunc(a.terms, func(t string) bool { return slices.Contains(b.terms, t) })
}

// printFiguresOnce leaves a figure stated once in the report's prose (the
// use-once rule is for prose, not data: a KPI card or a chart slice may
// repeat a figure). A paragraph is removed when every figure it states
// (one or more; the same value of the same measure) another printed
// paragraph states: for an essentials figure line, any other paragraph (a
// summary bullet, a passage, a timeline event, another figure line still
// printed); for a passage, an earlier one citing a source it cites (the
// same source's claim twice: an engine's paragraph quoted beside the page
// it cites first) — unless the removal would empty its subsection or bring its
// chapter below ir's density thresholds (onceLedger). The fixture's 关键数据
// listed "二次舆情反弹概率：31%→58%" under the bullet quoting the same
// sentence; the second run printed its volume split from the engine and
// from the page the engine cites, one after the other. results are changed
// in place.
func printFiguresOnce(results []ChapterResult) {
	units := onceUnits(results)
	led := newOnceLedger(results, units)
	figs := make([][]statedFigure, len(units))
	lines := make([]bool, len(units))
	cites := make([][]string, len(units))
	for j, u := range units {
		figs[j], lines[j] = figuresStated(u.text)
		for _, c := range ir.FindCitations(u.text) {
			cites[j] = append(cites[j], c.IDs...)
		}
	}
	removed := make([]bool, len(units))
	elsewhere := func(j int, f statedFigure) bool {
		for i := range units {
			if i != j && !removed[i] && slices.ContainsFunc(figs[i], f.same) &&
				(lines[j] || i < j && slices.ContainsFunc(cites[i], func(id string) bool { return slices.Contains(cites[j], id) })) {
				return true
			}
		}
		return false
	}
	for j := range units {
		if len(figs[j]) == 0 || !lines[j] && !units[j].finding() || led.loses(&units[j]) {
			continue
		}
		if !slices.ContainsFunc(figs[j], func(f statedFigure) bool { return !elsewhere(j, f) }) {
			removed[j] = true
			led.remove(&units[j])
		}
	}
	rebuildOnce(results, units, removed, nil)
}
