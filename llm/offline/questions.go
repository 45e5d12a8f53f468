package offline

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"reportengine/prompts"
	"reportengine/text"
)

// DefaultQuestionCount is used when a question_generation input asks for
// zero questions.
const DefaultQuestionCount = 5

// WriteQuestions proposes follow-up questions about the context's
// entities (in selection order, the most relevant first; each asking what
// fits what the record is, recordKind) and its relationships, skipping
// entities and pairs the asked questions already name, in the language of
// the latest question (of the context when there is none), asking only
// what the texts can answer (answerableKind: no stance asked of texts that
// speak of none); with no
// question asked, the first asks for the whole of the first community
// report (broadQuestion). One "- " line per question. Only names a reader knows are
// asked about (questionName, text.Bookkeeping): no engine or node-type
// ids, no summary labels or search queries, no research section headings
// (those the context's bookkeeping names, which questiongen's screen
// would drop), no names cut short, nothing
// offensive; a pair is asked about once, whichever its order. context
// holds the context tables as graphrag/localsearch writes them, alone
// (the report's follow-ups call it directly, through
// questiongen.Config.Write: no prompt, no JSON) or inside the system
// prompt of a question_generation request.
func WriteQuestions(in prompts.QuestionGenerationInput, context string) string {
	n := in.QuestionCount
	if n <= 0 {
		n = DefaultQuestionCount
	}
	asked := append(append([]string(nil), in.History...), in.Question)
	askedLow := strings.ToLower(strings.Join(asked, "\n"))
	mentioned := func(title string) bool {
		return title != "" && strings.Contains(askedLow, strings.ToLower(title))
	}
	c := readQuestionContext(context)
	zh := text.HasHan(in.Question)
	if in.Question == "" && len(in.History) == 0 {
		zh = text.MostlyHan(c.texts...)
	}
	all := strings.Join(c.texts, "\n")
	var entQs []string
	for _, e := range c.ents {
		name, ok := questionName(e.display)
		if !ok || c.skip[e.title] || mentioned(e.title) {
			continue
		}
		k, known := readerName(bareTitle(e.display), e.desc)
		if !known {
			continue // a page's headline or a fragment of one, a section's heading
		}
		entQs = append(entQs, kindQuestion(name, answerableKind(k, all, name, e.desc, zh), zh))
	}
	broadAsked := c.report != "" && in.Question == "" && len(in.History) == 0
	skipName := func(n string) bool { return c.skip[n] || c.askedOutside(askedLow, n) }
	names := textNames(c.texts, skipName, MinNameCells)
	relQs := c.relationQuestions(mentioned, zh)
	if len(names)+len(relQs)+len(entQs) == 0 {
		// nothing else to ask about: the names met once (a context of a
		// few cited pages)
		names = textNames(c.texts, skipName, 1)
	}
	var nameQs []string // the names the texts give people, organisations and incidents
	for _, tn := range names {
		nameQs = append(nameQs, kindQuestion(tn.name, answerableKind(tn.kind, all, tn.name, "", zh), zh))
	}
	var broad []string // no question yet: the graph as a whole, from the first community report's title
	if broadAsked {
		broad = append(broad, broadQuestion(c.report, zh))
	}
	// the people the texts name together, when the rest makes too few
	pairQs := namePairQuestions(c.texts, names, zh)
	out := pickQuestions(n, asked, [][]string{broad, nameQs, relQs, entQs}, pairQs)
	if len(out) == 0 {
		return ""
	}
	return "- " + strings.Join(out, "\n- ") // each question ends with its question mark
}

// pickQuestions takes up to n questions, none asked already nor twice
// (case aside): the first of each list in turn, then the second of each,
// and so on; then, while fewer than n, those of topUp in order, skipping
// a pair question whose pair is asked in the other order.
func pickQuestions(n int, asked []string, lists [][]string, topUp []string) []string {
	seen := map[string]bool{}
	for _, a := range asked {
		seen[strings.ToLower(strings.TrimSpace(a))] = true
	}
	var out []string
	take := func(q string) {
		if len(out) < n && !seen[strings.ToLower(q)] {
			seen[strings.ToLower(q)] = true
			out = append(out, q)
		}
	}
	for i := 0; len(out) < n && slices.ContainsFunc(lists, func(l []string) bool { return i < len(l) }); i++ {
		for _, list := range lists {
			if i < len(list) {
				take(list[i])
			}
		}
	}
	for _, q := range topUp {
		if !seen[strings.ToLower(reversedPair(q))] {
			take(q)
		}
	}
	return out
}

// questionContext is what the questions are made of, read from the
// context tables: the entities (title, display title) in selection order
// but the bookkeeping ones (text.Bookkeeping descriptions), whose titles
// are in skip with the research sections' headings the context's
// bookkeeping names (text.SectionNames), and the relationships (source,
// target).
type questionContext struct {
	ents   []questionEntity
	report string // the first community report's title
	rels   [][2]string
	skip   map[string]bool
	texts  []string // every cell of every table (the context's language)
}

// questionEntity is an entity row of the context: its title, the title
// as a question shows it (display) and its description.
type questionEntity struct{ title, display, desc string }

func readQuestionContext(system string) questionContext {
	c := questionContext{skip: map[string]bool{}}
	for _, t := range parseContext(system) {
		for _, r := range t.rows {
			c.texts = append(c.texts, r...)
			for _, cell := range r {
				for _, n := range text.SectionNames(cell) {
					c.skip[n] = true // a research section's heading: the engines' own name
				}
			}
		}
		if ec, dc := t.col("entity"), t.col("description"); ec >= 0 && dc >= 0 && t.col("source") < 0 {
			for _, r := range t.rows {
				if text.Bookkeeping(r[dc]) {
					c.skip[r[ec]] = true
					continue
				}
				c.ents = append(c.ents, questionEntity{r[ec], display(r[ec]), r[dc]})
			}
		}
		if tc := t.col("title"); tc >= 0 && t.col("content") >= 0 && c.report == "" && len(t.rows) > 0 {
			c.report = t.rows[0][tc]
		}
		if sc, tc := t.col("source"), t.col("target"); sc >= 0 && tc >= 0 {
			dc := t.col("description")
			for _, r := range t.rows {
				if dc >= 0 && text.Bookkeeping(r[dc]) {
					continue
				}
				c.rels = append(c.rels, [2]string{r[sc], r[tc]})
			}
		}
	}
	return c
}

// askedOutside reports whether the lower-cased asked questions name n
// other than inside a longer entity or report title that holds it (李明 is
// not asked about by a question on 李明咖啡店).
func (c questionContext) askedOutside(askedLow, n string) bool {
	n = strings.ToLower(n)
	titles := []string{c.report}
	for _, e := range c.ents {
		titles = append(titles, e.title)
	}
	for _, t := range titles {
		if t := strings.ToLower(bareTitle(t)); len(t) > len(n) && strings.Contains(t, n) {
			askedLow = strings.ReplaceAll(askedLow, t, "")
		}
	}
	return strings.Contains(askedLow, n)
}

// relationQuestions asks how the two ends of each relationship are
// related: once per pair, whichever its order, not when the asked
// questions name both ends, an end is bookkeeping or a name is not one to
// ask about (questionName).
func (c questionContext) relationQuestions(mentioned func(string) bool, zh bool) []string {
	var relQs []string
	pairs := map[[2]string]bool{}
	for _, r := range c.rels {
		if (mentioned(r[0]) && mentioned(r[1])) || c.skip[r[0]] || c.skip[r[1]] {
			continue
		}
		a, okA := questionName(display(r[0]))
		b, okB := questionName(display(r[1]))
		_, knownA := readerName(bareTitle(display(r[0])), "")
		_, knownB := readerName(bareTitle(display(r[1])), "")
		if !okA || !okB || !knownA || !knownB || sameNamed(a, b) {
			continue
		}
		key := [2]string{min(a, b), max(a, b)} // one question per pair, whichever its order
		if pairs[key] {
			continue
		}
		pairs[key] = true
		relQs = append(relQs, pairQuestion(a, b, zh))
	}
	return relQs
}

// sameNamed reports whether names a and b are one name or one holds the
// other's words, in Latin letters (Taylor Cruz and Cruz: one person, whom
// the trial's follow-up "How is Taylor Cruz related to Cruz?" asked about
// twice; new-user trial 41). A Chinese name, written without spaces, is
// one word (李明 and 李明咖啡店 are a person and a shop).
func sameNamed(a, b string) bool {
	if a == b {
		return true
	}
	wa, wb := strings.Fields(strings.ToLower(a)), strings.Fields(strings.ToLower(b))
	if len(wa) > len(wb) {
		wa, wb = wb, wa
	}
	return !slices.ContainsFunc(wa, func(w string) bool { return !slices.Contains(wb, w) })
}

// pairQuestion asks how a is related to b (in Chinese 是什么关系, not
// 有何关联: the relevance gate reads 关联, a word the dictionary lacks, as
// the subject, which a shop's texts never name).
func pairQuestion(a, b string, zh bool) string {
	if zh {
		return "「" + a + "」和「" + b + "」是什么关系？"
	}
	return "How is " + a + " related to " + b + "?"
}

// pairRE reads a pair question back (pairQuestion).
var pairRE = regexp.MustCompile(`^(?:「(.+)」和「(.+)」是什么关系？|How is (.+) related to (.+)\?)$`)

// reversedPair is pair question q asked the other way round, or "" when
// q asks about no pair.
func reversedPair(q string) string {
	m := pairRE.FindStringSubmatch(q)
	switch {
	case m == nil:
		return ""
	case m[1] != "":
		return pairQuestion(m[2], m[1], true)
	}
	return pairQuestion(m[4], m[3], false)
}

// questionName is the name a question quotes for an entity title
// (questionTitle), and whether it is one to ask about: not bookkeeping
// (text.Bookkeeping: an engine or node-type id, a summary label), not a
// search query (Chinese words
// separated by spaces), not a URL, not offensive (text.Offensive), and
// short enough to quote whole (a Chinese title may end at a clause mark;
// none is ever cut with "…").
func questionName(title string) (string, bool) {
	t := bareTitle(title)
	if t == "" || text.Bookkeeping(t) || strings.Contains(strings.ToLower(t), "://") || text.Offensive(t) {
		return "", false
	}
	rs := []rune(t)
	for i := 1; i+1 < len(rs); i++ {
		if rs[i] == ' ' && unicode.Is(unicode.Han, rs[i-1]) && unicode.Is(unicode.Han, rs[i+1]) {
			return "", false // a search query's words, not a name
		}
	}
	q, whole := questionTitle(t)
	if !whole || q == "" {
		return "", false
	}
	return q, true
}

// bareTitle is an entity title trimmed, without the " [node id]" a
// repeated title carries.
func bareTitle(title string) string {
	t := strings.TrimSpace(title)
	if i := strings.LastIndex(t, " ["); i > 0 && strings.HasSuffix(t, "]") {
		t = t[:i]
	}
	return t
}

// questionRunes is the longest entity title a question quotes.
const questionRunes = 24

// questionTitle makes an entity title readable inside a question: without
// the " [node id]" a repeated title carries, without a site name after
// " - ", "_" or "|" (when 6+ runes remain), cut at a clause mark when it
// is longer than questionRunes runes. ok is false when the title is still
// longer than that: a name is quoted whole or not at all (a question never
// quotes 「Paranormal Military Squa…」).
func questionTitle(t string) (string, bool) {
	t = bareTitle(t)
	for _, sep := range []string{" - ", "_", "|", " | "} {
		if i := strings.LastIndex(t, sep); i > 0 && utf8.RuneCountInString(t[:i]) >= 6 {
			t = strings.TrimSpace(t[:i])
		}
	}
	b := []rune(t)
	if len(b) > questionRunes {
		for i, r := range b[:questionRunes] {
			if i >= 6 && strings.ContainsRune("，,：:；;（(", r) {
				b = b[:i]
				break
			}
		}
	}
	out := strings.TrimSpace(string(b))
	return out, utf8.RuneCountInString(out) <= questionRunes
}

// display renders an all-capitals GraphRAG title in title case ("ALEX
// MERCER" → "Alex Mercer"); other titles are kept.
func display(title string) string {
	hasLetter := strings.ContainsFunc(title, func(r rune) bool {
		return unicode.IsLetter(r) && !unicode.Is(unicode.Han, r)
	})
	if strings.ContainsFunc(title, unicode.IsLower) || !hasLetter {
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
