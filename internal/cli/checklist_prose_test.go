package cli

import (
	"slices"
	"strings"

	"reportengine/evidence"
	"reportengine/text"
)

// The checklist's prose measures: figures stated twice, and the claims
// the hero's main finding joins.

// repeatedFigures are the figures (no dates) stated in two of the prose
// units or more: the same value, with labels (what precedes the number)
// sharing a content term, each as "value: label | label", sorted.
func repeatedFigures(prose []string) []string {
	type stated struct {
		unit  int
		label string
		terms []string
	}
	byValue := map[string][]stated{}
	for i, p := range prose {
		for _, f := range evidence.FindFigures("", p) {
			if f.Kind == evidence.FigDate {
				continue
			}
			v := strings.ReplaceAll(f.Raw, " ", "")
			byValue[v] = append(byValue[v], stated{i, f.Label, text.TermTexts(text.Terms(f.Label))})
		}
	}
	var out []string
	for v, ss := range byValue {
	pairs:
		for a, x := range ss {
			for _, y := range ss[a+1:] {
				if x.unit != y.unit && slices.ContainsFunc(x.terms, func(t string) bool { return slices.Contains(y.terms, t) }) {
					out = append(out, v+": "+x.label+" | "+y.label)
					break pairs
				}
			}
		}
	}
	slices.Sort(out)
	return out
}

// heroParts is how many of the chapters' printed units the hero's summary
// ("主要发现——a；b。") joins: its parts cut at "；" that open (16 runes)
// a unit the chapters print.
func heroParts(summary string, units []string) int {
	n := 0
	for _, part := range strings.Split(strings.TrimPrefix(summary, "主要发现——"), "；") {
		rs := []rune(printedText(part))
		if len(rs) < 8 {
			continue
		}
		head := string(rs[:min(len(rs), 16)])
		if slices.ContainsFunc(units, func(u string) bool { return strings.Contains(u, head) }) {
			n++
		}
	}
	return n
}
