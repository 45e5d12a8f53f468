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
// half.
func sideTerm(side string) qterm {
	alts := []string{strings.ToLower(side)}
	for _, t := range text.Terms(side) {
		for _, w := range append(t.Words(), t.Parts...) {
			if w != alts[0] {
				alts = append(alts, w)
			}
		}
	}
	return qterm{alts: alts, full: 1}
}

// compareSides puts the scored sentences in two lists, one per side: the
// sentences holding side a's term (or a synonym or part) and not b's go
// to a, those holding b's and not a's to b; each list best first, at most
// MaxAnswerSentences/2 sentences, none a near duplicate of one chosen
// before. A sentence holding both sides or neither is left out: it
// compares nothing or says nothing of either.
func compareSides(sents []*sentence, a, b string) (sa, sb []*sentence) {
	qa, qb := sideTerm(a), sideTerm(b)
	ranked := append([]*sentence(nil), sents...)
	sort.SliceStable(ranked, func(i, j int) bool { return ranked[i].score > ranked[j].score })
	var chosen []*sentence
	for _, s := range ranked {
		if s.score == 0 {
			break
		}
		ha, hb := qa.heldBy(s) > 0, qb.heldBy(s) > 0
		if ha == hb || ha && len(sa) == MaxAnswerSentences/2 || hb && len(sb) == MaxAnswerSentences/2 {
			continue
		}
		if slices.ContainsFunc(chosen, func(c *sentence) bool { return nearDuplicate(s, c) }) {
			continue
		}
		chosen = append(chosen, s)
		if ha {
			sa = append(sa, s)
		} else {
			sb = append(sb, s)
		}
	}
	return sa, sb
}

// writeComparison writes the two sides' sentences under the sides' names
// ("**微博**"), each sentence alone (not with the clauses of its record
// that continue it: "拿铁定价二十八元…；美式二十二元…" gives one clause to
// each side) with its citation; a side without a sentence says so.
func writeComparison(w *strings.Builder, a, b string, sa, sb []*sentence, zh bool) {
	for k, side := range [][]*sentence{sa, sb} {
		name := [2]string{a, b}[k]
		w.WriteString("**" + name + "**\n\n")
		if len(side) == 0 {
			note := "The context says nothing of " + name + " alone."
			if zh {
				note = "上下文中没有单独关于「" + name + "」的句子。"
			}
			w.WriteString(note + "\n\n")
			continue
		}
		for _, s := range side {
			w.WriteString("- " + text.Cite(s.text, s.dataRef()) + "\n")
		}
		w.WriteString("\n")
	}
}
