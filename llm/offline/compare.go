package offline

import (
	"slices"
	"sort"
	"strings"

	"reportengine/text"
)

// A comparison question ("微博和抖音上的讨论有什么不同？", "A与B相比…",
// "What is the difference between A and B?") asks for each side: its
// offline answer gives the sentences about each side under the side's
// name, instead of the sentences that best match the question as a whole
// (which may all be about one side).

// sideTerm is how a side is looked for in a sentence: the phrase itself
// counts fully, each of its content terms (and their words and parts)
// half, but for the words of other, the other side's phrase: a word both
// sides name (网友 of 湖北本地网友 and 外省网友) tells neither apart.
func sideTerm(side, other string) qterm {
	alts := []string{strings.ToLower(side)}
	otherWords := map[string]bool{}
	for _, t := range text.Terms(other) {
		for _, w := range append(t.Words(), t.Parts...) {
			otherWords[w] = true
		}
	}
	for _, t := range text.Terms(side) {
		for _, w := range append(t.Words(), t.Parts...) {
			if w != alts[0] && !otherWords[w] && !slices.Contains(alts, w) {
				alts = append(alts, w)
			}
		}
	}
	return qterm{alts: alts, full: 1}
}

// MaxContrasts is the most sentences an answer to a comparison quotes as
// the comparison itself (contrasts), before each side's sentences.
const MaxContrasts = 2

// minClauseWords is the fewest words of a Latin clause (contrasts).
const minClauseWords = 4

// comparison is what an answer to a comparison question quotes: the
// sentences that set the two sides against each other (both), and those
// of each side alone (a, b); each best first.
type comparison struct{ both, a, b []*sentence }

// compareSides sorts the scored sentences by side: a sentence holding
// side a's term (or a synonym or part) and not b's goes to a, one holding
// b's and not a's to b, at most MaxAnswerSentences/2 each; one that holds
// both in different clauses, each clause naming one side ("湖北本地用户
// “护校派”占比61%，外省用户“维权派”占54%"), sets them against each other
// and goes to both, at most MaxContrasts. A sentence naming both in one
// clause ("微博和抖音都在讨论樱花季") or neither compares nothing and is
// left out, as is a near duplicate of one chosen before.
func compareSides(sents []*sentence, a, b string) comparison {
	qa, qb := sideTerm(a, b), sideTerm(b, a)
	ranked := append([]*sentence(nil), sents...)
	sort.SliceStable(ranked, func(i, j int) bool { return ranked[i].score > ranked[j].score })
	var c comparison
	var chosen []*sentence
	for _, s := range ranked {
		if s.score == 0 {
			break
		}
		ha, hb := qa.heldBy(s) > 0, qb.heldBy(s) > 0
		var to *[]*sentence
		switch {
		case ha && hb && len(c.both) < MaxContrasts && contrasts(s.lower, qa, qb):
			to = &c.both
		case ha && !hb && len(c.a) < MaxAnswerSentences/2:
			to = &c.a
		case hb && !ha && len(c.b) < MaxAnswerSentences/2:
			to = &c.b
		default:
			continue
		}
		if slices.ContainsFunc(chosen, func(c *sentence) bool { return nearDuplicate(s, c) }) {
			continue
		}
		chosen = append(chosen, s)
		*to = append(*to, s)
	}
	return c
}

// contrasts reports whether a sentence (lower case) names side a in one
// clause and side b in another, neither clause naming both: clauses are
// cut at "，；,;". A Latin piece of fewer than minClauseWords words is an
// item of a list ("Agents Alex Mercer, Jordan Hayes, Taylor Cruz, and Sam
// Rivera proceed"), not a clause, and names no side.
func contrasts(lower string, qa, qb qterm) bool {
	var onlyA, onlyB bool
	for _, cl := range strings.FieldsFunc(lower, func(r rune) bool { return strings.ContainsRune("，；,;", r) }) {
		if !text.HasHan(cl) && len(strings.Fields(cl)) < minClauseWords {
			continue
		}
		ha, hb := qa.holds(cl), qb.holds(cl)
		onlyA = onlyA || ha && !hb
		onlyB = onlyB || hb && !ha
	}
	return onlyA && onlyB
}

// writeComparison writes the comparison: the sentences that set the
// sides against each other under "**对比**" ("**Side by side**"), then
// each side's sentences under the side's name ("**微博**"), each sentence
// alone (not with the clauses of its record that continue it: "拿铁定价
// 二十八元…；美式二十二元…" gives one clause to each side) with its
// citation; a side without a sentence says so, unless a contrast quoted
// it.
func writeComparison(w *strings.Builder, a, b string, c comparison, zh bool) {
	bullets := func(ss []*sentence) {
		for _, s := range ss {
			w.WriteString("- " + text.Cite(s.text, s.dataRef()) + "\n")
		}
		w.WriteString("\n")
	}
	if len(c.both) > 0 {
		w.WriteString(map[bool]string{true: "**对比**", false: "**Side by side**"}[zh] + "\n\n")
		bullets(c.both)
	}
	for k, side := range [][]*sentence{c.a, c.b} {
		name := [2]string{a, b}[k]
		if len(side) == 0 && len(c.both) > 0 {
			continue
		}
		w.WriteString("**" + name + "**\n\n")
		if len(side) == 0 {
			note := "The context says nothing of " + name + " alone."
			if zh {
				note = "上下文中没有单独关于「" + name + "」的句子。"
			}
			w.WriteString(note + "\n\n")
			continue
		}
		bullets(side)
	}
}
