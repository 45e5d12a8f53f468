package evidence

import (
	"slices"
	"strings"

	"reportengine/text"
)

// markDisagreements notes on the figures of a trend — two values of one
// measure in one clause, the same label and unit ("由峰值1,847次降至68次")
// — the trends of other passages that start from the same value in the
// same unit and whose labels name the same measure (sameMeasure), but end on another
// value: the same measure of the same thing, told differently. The
// fixture's 12:45:11 speech has “地域黑”一词 1,847次→512次 and its
// 12:49:41 update 1,847次→68次; the report printed both, in two
// chapters, silently. Each figure of such a trend gets Disagree, the
// other trends as "1,847次→68次[E1940]" (joined by "；"), for the report
// to flag 来源不一致 where it prints them. A figure that ends one trend and
// starts the next ("由1,847次降至512次再降至68次": 512次) gets the notes of
// both, the earlier trend's first: it is a value of each, and a trend
// without a note takes none from it.
func (s *Set) markDisagreements() {
	type trend struct {
		item   string
		values []string
		terms  []string
		figs   []int // indices in s.Figures
		other  []string
	}
	byStart := map[string][]*trend{} // first value + unit → trends
	var all []*trend                 // in the order of their figures
	for k := 0; k+1 < len(s.Figures); k++ {
		f, g := &s.Figures[k], &s.Figures[k+1]
		if f.ItemID != g.ItemID || f.Label == "" || f.Label != g.Label || f.Sentence != g.Sentence || f.Unit != g.Unit || f.Raw == g.Raw {
			continue
		}
		key := f.Raw + "\x00" + f.Unit
		t := &trend{item: f.ItemID, values: []string{f.Raw, g.Raw}, terms: text.TermTexts(text.Terms(f.Label)),
			figs: []int{k, k + 1}}
		byStart[key] = append(byStart[key], t)
		all = append(all, t)
	}
	for _, ts := range byStart { // (each trend's notes come from its own key's: any order)
		for _, t := range ts {
			for _, u := range ts {
				if u.item == t.item || slices.Equal(u.values, t.values) || !sameMeasure(u.terms, t.terms) {
					continue
				}
				t.other = append(t.other, strings.Join(u.values, "→")+"["+u.item+"]")
			}
		}
	}
	notes := map[int][]string{} // figure index → its trends' notes
	for _, t := range all {
		for _, k := range t.figs {
			notes[k] = append(notes[k], t.other...)
		}
	}
	for k, n := range notes {
		s.Figures[k].Disagree = strings.Join(text.Unique(n), "；")
	}
}

// sameMeasure reports two labels' content terms naming one measure: they
// share more than half the terms of the shorter (“地域黑”一词则由峰值 and
// “地域黑”一词出现频次由峰值 do; 情感走势：信赖 and 负向情感中“嘲讽”类,
// sharing 情感 alone, do not).
func sameMeasure(a, b []string) bool {
	n := 0
	for _, w := range a {
		if slices.Contains(b, w) {
			n++
		}
	}
	return 2*n > min(len(a), len(b))
}
