package offline

import (
	"regexp"
	"sort"
	"strings"

	"reportengine/text"
)

// A comparison question ("微博和抖音上的讨论有什么不同？", "A与B相比…",
// "What is the difference between A and B?") asks for each side: its
// offline answer gives the sentences about each side under the side's
// name, instead of the sentences that best match the question as a whole
// (which may all be about one side).

// compareCueRE matches the words that make a question a comparison.
var compareCueRE = regexp.MustCompile(`(?:有什么|有何|有哪些|什么)?(?:不同|区别|差异|差别|异同)|相比|对比|(?i:\bdiffer(?:ence|ent|s)?(?:\s+between)?\b|\bcompare[ds]?\b|\bversus\b|\bvs\.?)`)

// compareJoinRE matches the word joining the two sides: 和 与 跟 同 及,
// "and", "from", "with", "vs".
var compareJoinRE = regexp.MustCompile(`和|与|跟|同|及|(?i:\s(?:and|from|with|versus|vs\.?)\s)`)

// comparedSides returns the two things question compares: around the
// first joining word (compareJoinRE) before the comparison cue
// (compareCueRE), the content words (text.Words that are text.Terms) that
// run up to it and those that run on after it, each side as one phrase
// ("微博和抖音上关于武汉大学的讨论有什么不同？" → 微博, 抖音;
// "写字楼商圈和老城区街角相比有什么区别？" → 写字楼商圈, 老城区街角); ok
// false for a question that compares nothing, or when a side is empty or
// both are one. Without a joining word before the cue the sides are looked
// for after it ("the difference between Alex Mercer and Taylor Cruz").
func comparedSides(question string) (a, b string, ok bool) {
	cue := compareCueRE.FindStringIndex(question)
	if cue == nil {
		return "", "", false
	}
	head := question[:cue[0]]
	loc := compareJoinRE.FindStringIndex(head)
	if loc == nil {
		// "the difference between A and B": the sides follow the cue
		head = question[cue[1]:]
		if loc = compareJoinRE.FindStringIndex(head); loc == nil {
			return "", "", false
		}
	}
	before, after := text.Words(head[:loc[0]]), text.Words(head[loc[1]:])
	i := len(before)
	for i > 0 && contentWord(before[i-1]) {
		i--
	}
	j := 0
	for j < len(after) && contentWord(after[j]) {
		j++
	}
	sep := " " // words of a Latin phrase are joined by a space, Chinese ones by none
	if text.HasHan(question) {
		sep = ""
	}
	a, b = trimPlace(strings.Join(before[i:], sep)), trimPlace(strings.Join(after[:j], sep))
	return a, b, a != "" && b != "" && a != b
}

// trimPlace drops a locative particle ending a Chinese side (抖音上 → 抖音,
// 校内 stays: a side keeps two runes).
func trimPlace(side string) string {
	rs := []rune(side)
	if len(rs) > 2 && strings.ContainsRune("上中里内", rs[len(rs)-1]) {
		return string(rs[:len(rs)-1])
	}
	return side
}

// contentWord reports whether a word of text.Words is a content term.
func contentWord(w string) bool { return strings.TrimSpace(w) != "" && len(text.Terms(w)) > 0 }

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
		dup := false
		for _, c := range chosen {
			dup = dup || nearDuplicate(s, c)
		}
		if dup {
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
		name := a
		if k == 1 {
			name = b
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
		for _, s := range side {
			w.WriteString("- " + text.Cite(s.text, "[Data: "+s.dataset+" ("+s.id+")]") + "\n")
		}
		w.WriteString("\n")
	}
}
