package offline

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"reportengine/prompts"
)

// DefaultQuestionCount is used when a question_generation input asks for
// zero questions.
const DefaultQuestionCount = 5

// questionsAnswer proposes follow-up questions about the context's
// entities (in selection order, the most relevant first) and its
// relationships, skipping entities and pairs the asked questions already
// name, in the language of the latest question (of the context when there
// is none). One "- " line per question.
func questionsAnswer(in prompts.QuestionGenerationInput, system string) string {
	n := in.QuestionCount
	if n <= 0 {
		n = DefaultQuestionCount
	}
	asked := append(append([]string(nil), in.History...), in.Question)
	askedLow := strings.ToLower(strings.Join(asked, "\n"))
	mentioned := func(title string) bool {
		return title != "" && strings.Contains(askedLow, strings.ToLower(title))
	}
	var ents [][2]string // title, display
	var rels [][2]string // source, target
	for _, t := range parseContext(system) {
		if ec, dc := t.col("entity"), t.col("description"); ec >= 0 && dc >= 0 && t.col("source") < 0 {
			for _, r := range t.rows {
				ents = append(ents, [2]string{r[ec], display(r[ec])})
			}
		}
		if sc, tc := t.col("source"), t.col("target"); sc >= 0 && tc >= 0 {
			for _, r := range t.rows {
				rels = append(rels, [2]string{r[sc], r[tc]})
			}
		}
	}
	zh := hasHan(in.Question)
	if in.Question == "" && len(in.History) == 0 {
		han, latin := 0, 0
		for _, e := range ents {
			for _, r := range e[0] {
				if unicode.Is(unicode.Han, r) {
					han++
				} else if unicode.IsLetter(r) {
					latin++
				}
			}
		}
		zh = han > latin
	}
	var entQs, relQs []string
	for _, e := range ents {
		if mentioned(e[0]) {
			continue
		}
		if zh {
			entQs = append(entQs, "「"+questionTitle(e[1])+"」的具体情况和影响如何？")
		} else {
			entQs = append(entQs, "What part does "+e[1]+" play in this?") // a person or a thing: no "what is" / "its"
		}
	}
	for _, r := range rels {
		if mentioned(r[0]) && mentioned(r[1]) {
			continue
		}
		if zh {
			relQs = append(relQs, "「"+questionTitle(display(r[0]))+"」与「"+questionTitle(display(r[1]))+"」有何关联？")
		} else {
			relQs = append(relQs, "How is "+display(r[0])+" related to "+display(r[1])+"?")
		}
	}
	seen := map[string]bool{}
	for _, a := range asked {
		seen[strings.ToLower(strings.TrimSpace(a))] = true
	}
	var out []string
	for i := 0; len(out) < n && (i < len(entQs) || i < len(relQs)); i++ {
		for _, list := range [][]string{relQs, entQs} {
			if i < len(list) && len(out) < n && !seen[strings.ToLower(list[i])] {
				seen[strings.ToLower(list[i])] = true
				out = append(out, list[i])
			}
		}
	}
	var b strings.Builder
	for _, q := range out {
		b.WriteString("- " + q + "\n")
	}
	return strings.TrimRight(b.String(), "\n")
}

// questionRunes is the longest entity title a Chinese question quotes.
const questionRunes = 24

// questionTitle makes an entity title readable inside a question: without
// the " [node id]" a repeated title carries, without a site name after
// " - ", "_" or "|" (when 6+ runes remain), without the spaces between
// Chinese words of a search query, cut at a clause mark or to
// questionRunes runes ("…").
func questionTitle(t string) string {
	t = strings.TrimSpace(t)
	if i := strings.LastIndex(t, " ["); i > 0 && strings.HasSuffix(t, "]") {
		t = t[:i]
	}
	for _, sep := range []string{" - ", "_", "|", " | "} {
		if i := strings.LastIndex(t, sep); i > 0 && utf8.RuneCountInString(t[:i]) >= 6 {
			t = strings.TrimSpace(t[:i])
		}
	}
	rs := []rune(t)
	var b []rune
	for i, r := range rs {
		if r == ' ' && i > 0 && i+1 < len(rs) && unicode.Is(unicode.Han, rs[i-1]) && unicode.Is(unicode.Han, rs[i+1]) {
			continue
		}
		b = append(b, r)
	}
	if len(b) > questionRunes {
		cut := -1
		for i, r := range b[:questionRunes] {
			if i >= 6 && strings.ContainsRune("，,：:；;（(", r) {
				cut = i
				break
			}
		}
		if cut > 0 {
			b = b[:cut]
		} else {
			b = append(b[:questionRunes], '…')
		}
	}
	return strings.TrimSpace(string(b))
}

// display renders an all-capitals GraphRAG title in title case ("ALEX
// MERCER" → "Alex Mercer"); other titles are kept.
func display(title string) string {
	hasLower, hasLetter := false, false
	for _, r := range title {
		if unicode.IsLower(r) {
			hasLower = true
		}
		if unicode.IsLetter(r) && !unicode.Is(unicode.Han, r) {
			hasLetter = true
		}
	}
	if hasLower || !hasLetter {
		return title
	}
	words := strings.Fields(strings.ToLower(title))
	for i, w := range words {
		rs := []rune(w)
		rs[0] = unicode.ToUpper(rs[0])
		words[i] = string(rs)
	}
	return strings.Join(words, " ")
}
