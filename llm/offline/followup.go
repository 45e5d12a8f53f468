package offline

import (
	"regexp"
	"slices"
	"strings"
	"unicode"

	"reportengine/text"
)

// An elliptic follow-up ("那后来呢？" after "武汉大学图书馆事件一审判决结果
//是什么？") asks for more about the earlier question's subject: its
// context shows the earlier answers (graphrag/localsearch renders the
// assistant turns for a question without content terms), and the offline
// answer leaves out every sentence they already gave, so it moves on to
// the next best sentences about the subject, or says that there is
// nothing new.

// Notes of an elliptic follow-up whose context holds nothing beyond the
// earlier answers, by language.
const (
	nothingNewEN = "The earlier answers already give everything the context says about this; there is nothing new to add."
	nothingNewZH = "上文的回答已给出上下文中关于此事的全部内容，没有新的信息可以补充。"
)

// givenAnswers returns the bullets of the assistant turns of the
// context's Conversation History table as sentences: their text without
// citations and white space (squeeze), and their terms (matchTerms).
func givenAnswers(tables []ctxTable) []*sentence {
	var out []*sentence
	for _, t := range tables {
		turn, content := t.col("turn"), t.col("content")
		if t.name != "Conversation History" || turn < 0 || content < 0 {
			continue
		}
		for _, r := range t.rows {
			if r[turn] != "assistant" {
				continue
			}
			for _, l := range strings.Split(r[content], "\n") {
				if b, ok := strings.CutPrefix(strings.TrimSpace(l), "- "); ok {
					b = text.StripCitations(b)
					out = append(out, &sentence{text: squeeze(b), terms: matchTerms(b)})
				}
			}
		}
	}
	return out
}

// unscoreGiven sets to 0 the score of each sentence an earlier answer
// gave (givenAnswers): one a given bullet holds (white space aside, its
// final punctuation dropped), or a near duplicate of one (nearDuplicate:
// half its terms shared, another record saying the same), so
// chooseSentences passes over it.
func unscoreGiven(sents []*sentence, given []*sentence) {
	for _, s := range sents {
		key := &sentence{text: strings.TrimRightFunc(squeeze(text.StripCitations(s.text)), unicode.IsPunct), terms: s.terms}
		if key.text != "" && slices.ContainsFunc(given, func(g *sentence) bool { return nearDuplicate(key, g) }) {
			s.score = 0
		}
	}
}

// SubjectShare: a term of the earlier question that at least this share
// of the context's sentences hold is the context's topic (武汉大学 on the
// fixture), not part of the subject an elliptic follow-up keeps
// (keepSubject). A context of fewer than MinTopicSentences sentences is
// too small to tell its topic by.
const (
	SubjectShare      = 0.5
	MinTopicSentences = 10
)

// MinSubjectShare is the least share of the subject's weight a sentence
// of an elliptic follow-up's answer must hold (keepSubject).
const MinSubjectShare = 1.0 / 3

// keepSubject sets to 0 the score of each sentence that does not keep to
// the subject of query, the earlier question an elliptic follow-up takes
// its subject from (subjectQuery). The subject is the question's content
// terms (questionTerms; a term counted through its part where the context
// rarely holds it itself, promotePart) that some sentence holds, but not
// one that SubjectShare of them or more hold in a context of
// MinTopicSentences or more (the context's topic, 武汉大学 on the
// fixture), each weighing text.TermWeight (rarity in general
// text: 樱花季 4, 一审 2.8, 判决 1.7, 网友 1.5); a sentence keeps to it
// when it holds at least MinSubjectShare of that weight. After
// "樱花季网友怎么看？" a sentence on the campus gate holding 网友 alone
// (0.28) is no answer; after "一审判决结果是什么？" one on the appeal after
// the 判决 (0.37) is. Nothing is dropped when no term qualifies.
func keepSubject(sents []*sentence, query string) {
	var subject []qterm
	var w []float64
	total := 0.0
	for _, qt := range questionTerms(query) {
		qt = promotePart(qt, sents)
		n := count(slices.Values(sents), func(s *sentence) bool { return qt.heldBy(s) > 0 })
		if n > 0 && (len(sents) < MinTopicSentences || float64(n) < SubjectShare*float64(len(sents))) {
			subject = append(subject, qt)
			w = append(w, text.TermWeight(text.GeneralShare(qt.alts[0])))
			total += w[len(w)-1]
		}
	}
	if len(subject) == 0 {
		return
	}
	for _, s := range sents {
		held := 0.0
		for i, qt := range subject {
			if qt.heldBy(s) > 0 {
				held += w[i]
			}
		}
		if held < MinSubjectShare*total {
			s.score = 0
		}
	}
}

// squeeze removes the white space of s.
func squeeze(s string) string { return strings.Join(strings.Fields(s), "") }

// subjectQuery is the question the answer's sentences are scored for:
// query itself, or, when it names nothing (no content terms: "那后来呢？",
// "And then?"), the newest user turn of the context's Conversation History
// table that names something — an elliptic follow-up takes its subject
// from the conversation, as the context builder's retrieval does with the
// history it embeds. The relevance gate has judged query already: the
// history never makes an off-topic question answered.
func subjectQuery(query string, tables []ctxTable) string {
	if len(text.Terms(query)) > 0 {
		return query
	}
	for _, t := range tables {
		turn, content := t.col("turn"), t.col("content")
		if t.name != "Conversation History" || turn < 0 || content < 0 {
			continue
		}
		for i := len(t.rows) - 1; i >= 0; i-- {
			if q := text.Question(t.rows[i][content]); t.rows[i][turn] == "user" && len(text.Terms(q)) > 0 {
				return q
			}
		}
	}
	return query
}

// byDate orders the dated quotes of chosen by their date, earliest
// first: an elliptic follow-up ("然后呢？") asks what happened next, and a
// story is told in its order. A quote's date is the first date with a
// year its text or the clauses it is quoted with (clauseRun) hold
// (text.FindDate: 2023年7月11日, 2025年7月, 2025-07-25; else a year
// alone, 2023年, which sorts before its months); the dated quotes
// take the places the dated ones held, in date order (ties keep theirs),
// and an undated one (or one dated 8月1日, without a year) keeps its place.
func byDate(chosen, sents []*sentence) {
	var at []int
	var dated []*sentence
	date := map[*sentence]string{}
	for i, s := range chosen {
		for _, t := range []string{s.text, quoteOf(sents, s)} {
			iso, _, ok := text.FindDate(t)
			if y := yearRE.FindStringSubmatch(t); (!ok || strings.HasPrefix(iso, "--")) && y != nil {
				iso, ok = y[1], true // a year alone: before its dates
			}
			if ok && !strings.HasPrefix(iso, "--") {
				date[s] = iso
				at, dated = append(at, i), append(dated, s)
				break
			}
		}
	}
	slices.SortStableFunc(dated, func(a, b *sentence) int { return strings.Compare(date[a], date[b]) })
	for k, i := range at {
		chosen[i] = dated[k]
	}
}

// yearRE is a year written alone: 2023年.
var yearRE = regexp.MustCompile(`((?:19|20)\d{2})年`)
