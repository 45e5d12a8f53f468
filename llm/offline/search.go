package offline

import (
	"maps"
	"math"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"reportengine/prompts"
	"reportengine/text"
)

// MaxAnswerSentences bounds the offline local-search answer. (6 until the
// answers stopped repeating one fact from several records: the three
// shipped question sets met 45/51, 50/68 and 28/35 assertions with 6, and
// 48/51, 51/68 and 31/35 with 8.)
const MaxAnswerSentences = 8

// Labels of the offline answers, by language.
const (
	extractedLabelEN = "**Extracted answer**: the offline model copied the sentences of the retrieved context most relevant to the question; nothing below was written by a language model."
	extractedLabelZH = "**摘录式回答**：离线模型从检索到的上下文中摘出与问题最相关的句子，以下内容并非由语言模型撰写。"
	nearestNoteEN    = "No sentence of the context shares a word with the question; these are the descriptions of the nearest entities."
	nearestNoteZH    = "上下文中没有与问题共享词语的句子；以下是最接近的实体的描述。"
	emptyNoteEN      = "The context holds no text to extract an answer from."
	emptyNoteZH      = "上下文中没有可供摘录的文本。"
)

// sentence is a candidate sentence of the context and where it came from.
type sentence struct {
	text    string
	dataset string // section name, as cited
	id      string
	terms   map[string]bool // matchTerms of text: what the sentence says
	lower   string          // the text lower-cased, after the words of the heading it stands under (clause.heading), for the question's terms
	row     int             // the record's position in its table (tables list the most relevant first)
	name    string          // the entity the record describes (Entities rows), lower-cased; "" otherwise
	order   int
	score   float64
	// lead is what feedback adds for the order of the sentences chosen:
	// the words it shares with the best-scored ones beyond the question's
	lead float64
	// joinsNext: the next sentence of the list follows this one in the
	// record's text and continues it: this one ends with a clause end
	// (；;), or the next refers back to it (text.RefersBack)
	joinsNext bool
	// cut: the record's text stops inside this sentence (cutTail); its
	// quote ends with "…"
	cut bool
	// partial: only the clauses before the cut were kept (cutClause); it
	// scores PartialShare of a whole sentence
	partial bool
	// holds: which of the question's terms (questionTerms, in order) the
	// sentence holds itself (scoreSentences), for followOn
	holds []bool
}

var stopWords = map[string]bool{
	"the": true, "a": true, "an": true, "of": true, "to": true, "in": true, "on": true, "and": true, "or": true,
	"is": true, "are": true, "was": true, "were": true, "be": true, "what": true, "who": true, "how": true,
	"why": true, "when": true, "where": true, "which": true, "tell": true, "me": true, "about": true, "does": true,
	"do": true, "did": true, "it": true, "its": true, "this": true, "that": true, "with": true, "for": true,
	"as": true, "by": true, "at": true, "from": true, "there": true, "their": true, "they": true, "he": true,
	"she": true, "his": true, "her": true, "has": true, "have": true, "had": true, "can": true, "please": true,
	"describe": true, "explain": true,
}

var hanStop = map[string]bool{"什么": true, "哪些": true, "怎么": true, "如何": true, "是否": true, "多少": true, "哪个": true, "为什": true, "的是": true}

// matchTerms returns the matching units of s: lower-cased Latin words and
// numbers of two or more characters (stop words left out), and the
// character bigrams of Han runs (single characters for one-rune runs), so
// Chinese text without spaces matches.
func matchTerms(s string) map[string]bool {
	out := map[string]bool{}
	var word []rune
	var han []rune
	flushWord := func() {
		if len(word) >= 2 {
			w := string(word)
			if !stopWords[w] {
				out[w] = true
			}
		}
		word = word[:0]
	}
	flushHan := func() {
		if len(han) == 1 {
			out[string(han)] = true
		}
		for i := 0; i+1 < len(han); i++ {
			if bg := string(han[i : i+2]); !hanStop[bg] {
				out[bg] = true
			}
		}
		han = han[:0]
	}
	for _, r := range s {
		switch {
		case unicode.Is(unicode.Han, r):
			flushWord()
			han = append(han, r)
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			flushHan()
			word = append(word, unicode.ToLower(r))
		default:
			flushWord()
			flushHan()
		}
	}
	flushWord()
	flushHan()
	return out
}

// contextSentences collects the sentences of the Sources texts, entity
// descriptions and report contents of the tables, in context order,
// without the citation blocks the records themselves hold
// (text.StripCitations).
func contextSentences(tables []ctxTable) []*sentence {
	var out []*sentence
	for _, t := range tables {
		idc, textc, namec := t.col("id"), -1, -1
		for _, tc := range textColumns {
			if t.col(tc[0]) >= 0 && t.col(tc[1]) >= 0 {
				textc = t.col(tc[0])
				if tc[0] == "description" {
					namec = t.col("entity")
				}
				break
			}
		}
		if idc < 0 || textc < 0 {
			continue
		}
		for ri, r := range t.rows {
			name := ""
			if namec >= 0 {
				name = strings.ToLower(strings.TrimSpace(r[namec]))
			}
			// a record's own citations (a community report's "[Data:
			// Entities (0, 3)]") name ids this context may not show: they
			// go, and the sentence is cited by its record alone
			// a sentence continues into the next only when that one is
			// its record's next clause (none left out between them)
			prevJoins := false
			for _, c := range records.sentences(r[textc]) {
				if c.bookkeeping {
					prevJoins = false
					continue
				}
				if !prevJoins && len(out) > 0 {
					out[len(out)-1].joinsNext = false
				}
				// a flattened heading's words count for what the sentence
				// is about (its lower), not for what it says (its terms)
				out = append(out, &sentence{text: c.text, dataset: t.name, id: r[idc], terms: c.terms, lower: c.lower, order: len(out), row: ri, name: name, joinsNext: c.joinsNext, cut: c.cut, partial: c.partial})
				prevJoins = c.joinsNext
			}
			if len(out) > 0 {
				out[len(out)-1].joinsNext = false // the record ends
			}
		}
	}
	return out
}

// textColumns are the columns a table's text is read from, the first
// present with its companion: a Sources text, an entity's description, a
// report's content or summary under its title.
var textColumns = [][2]string{{"text", "text"}, {"description", "entity"}, {"content", "title"}, {"summary", "title"}}

// chineseSentences reports context sentences most of which hold Han
// characters.
func chineseSentences(sents []*sentence) bool {
	return 2*count(slices.Values(sents), func(s *sentence) bool { return text.HasHan(s.lower) }) > len(sents)
}

// localSearchAnswer is the offline answer to a local search: the most
// relevant, mutually different sentences of the context, each with the
// citation of its record, under a label saying they were extracted; for
// a comparison question (text.ComparedSides) the sentences about each side
// under the side's name (compareSides), when either side has one.
func localSearchAnswer(in prompts.LocalSearchInput, system string) string {
	zh := text.HasHan(in.Query)
	tables := parseContext(system)
	sents := contextSentences(tables)
	label, nearest, empty, nothingNew := extractedLabelEN, nearestNoteEN, emptyNoteEN, nothingNewEN
	if zh {
		label, nearest, empty, nothingNew = extractedLabelZH, nearestNoteZH, emptyNoteZH, nothingNewZH
	}
	if len(sents) == 0 {
		return label + "\n\n" + empty
	}
	// traditional characters and written Cantonese read as Mandarin, a
	// misheard word as the homophone the context's sentences hold
	holding := (&holdingIndex{sents: sents}).count
	asked := text.Heard(text.Question(in.Query), holding)
	if !zh && chineseSentences(sents) {
		// an English question of Chinese records: its pinyin names and
		// glossary words as the records write them, so that their
		// sentences rank (the gate read it so too: knowledge.Lexical.Heard)
		asked = text.AsChinese(asked, holding)
	}
	query := subjectQuery(asked, tables)
	scoreSentences(sents, query)
	elliptic := query != asked
	if elliptic {
		keepSubject(sents, query) // a follow-up stays on the earlier question's subject
		if given := givenAnswers(tables); len(given) > 0 {
			unscoreGiven(sents, given) // and moves on from what was said
		}
	}
	var b strings.Builder
	b.WriteString(label + "\n\n")
	platformCounts(&b, tables, zh)
	told := sentimentFigures(&b, tables, zh)
	if sa, sb, ok := text.ComparedSides(query); ok {
		if c := compareSides(sents, sa, sb); len(c.both)+len(c.a)+len(c.b) > 0 {
			writeComparison(&b, sa, sb, c, zh)
			return strings.TrimRight(b.String(), "\n")
		}
	}
	chosen, lexical := chooseSentences(sents)
	if lexical && !elliptic {
		leadFirst(chosen)
	}
	if told && !lexical {
		return strings.TrimRight(b.String(), "\n") // the figures answer; no nearest descriptions after them
	}
	if elliptic && (!lexical || len(chosen) == 0) {
		return label + "\n\n" + nothingNew
	}
	if !lexical {
		b.WriteString(nearest + "\n\n")
	}
	if elliptic {
		byDate(chosen, sents)
	}
	quoted := map[string]bool{} // the sentences quoted so far: each once an answer
	for _, s := range chosen {
		if told && statesSentiment(sents, s) {
			continue // a share of sentiment is given in the table, with its event, or not at all
		}
		writeQuote(&b, sents, s, quoted)
	}
	return strings.TrimRight(b.String(), "\n")
}

// statesSentiment reports whether the quote of s (its clause run) states
// a share of sentiment (text.SentimentFigures).
func statesSentiment(sents []*sentence, s *sentence) bool {
	lo, hi := clauseRun(sents, s.order)
	return slices.ContainsFunc(sents[lo:hi+1], func(x *sentence) bool { return len(text.SentimentFigures(x.text)) > 0 })
}

// writeQuote writes s as a bullet: the sentence with the clauses that
// continue it (clauseRun) and the citation of its record; a comment
// floor's label is said as 网友评论 ("A comment") (text.WithoutFloor).
// quoted holds the sentences the answer quoted already (it adds this
// quote's): a lead-in two records share (the sentences before s in its
// clause run) opens the first quote only, and s read on into by an
// earlier quote (followOn) is quoted from where it goes on, or not at all.
func writeQuote(b *strings.Builder, sents []*sentence, s *sentence, quoted map[string]bool) {
	lo, hi := clauseRun(sents, s.order)
	if f := followOn(sents, lo, hi); f > hi && !quoted[sents[f].text] {
		hi = f
	}
	for lo <= hi && quoted[sents[lo].text] {
		lo++ // what an earlier quote gave (a lead-in, or s itself read on into by followOn): quoted from where this one goes on
	}
	if lo > hi {
		return // quoted whole already
	}
	for i := lo; i <= hi; i++ {
		quoted[sents[i].text] = true
	}
	quote := quoteRange(sents, lo, hi)
	if r := replyTo(sents, hi); r >= 0 {
		rlo, rhi := clauseRun(sents, r)
		for i := rlo; i <= rhi; i++ {
			quoted[sents[i].text] = true
		}
		quote += " … " + quoteRange(sents, rlo, rhi) // the question a character asks, then the answer given
	}
	if rest, ok := text.WithoutFloor(quote); ok { // "3楼：那家…" is a netizen's comment, not a floor number's
		lead := "A comment: "
		if text.HasHan(rest) {
			lead = "网友评论："
		}
		quote = lead + rest
	}
	b.WriteString("- " + text.Cite(quote, s.dataRef()) + "\n")
}

// spokenQuestion matches a sentence whose speech ends in a question
// ("Your take on these signal inconsistencies?", “…怎么办？”他问。): a
// question mark before the closing quote, at most 40 bytes of narration
// after it.
var spokenQuestion = regexp.MustCompile(`[?？]["”][^"“”]{0,40}$`)

// ReplyReach is how many sentences after a spoken question its reply may
// come (narration between them: "There was a respect in Alex's tone…").
const ReplyReach = 4

// replyTo returns the index of the reply to the spoken question sents[i]
// ends with (spokenQuestion): the first of the next ReplyReach sentences
// of the same record that opens a quotation and asks nothing itself; -1
// when sents[i] is no spoken question or none replies. An answer quoting
// a character's question quotes the answer given too: Dulce's "Your take
// on these signal inconsistencies?" is answered two paragraphs later by
// "…it's a structured anomaly."
func replyTo(sents []*sentence, i int) int {
	if !spokenQuestion.MatchString(sents[i].text) {
		return -1
	}
	for k := i + 1; k < len(sents) && k <= i+ReplyReach; k++ {
		if sents[k].dataset != sents[i].dataset || sents[k].id != sents[i].id {
			return -1
		}
		if opensQuote(sents[k].text) {
			if spokenQuestion.MatchString(sents[k].text) {
				return -1 // a question answered by a question
			}
			return k
		}
	}
	return -1
}

// quoteOf is s with the clauses it is quoted with (clauseRun).
func quoteOf(sents []*sentence, s *sentence) string {
	lo, hi := clauseRun(sents, s.order)
	return quoteRange(sents, lo, hi)
}

// quoteRange is the quote of sents[lo:hi+1], "…" after a sentence the
// record stops inside.
func quoteRange(sents []*sentence, lo, hi int) string {
	var q strings.Builder
	for i := lo; i <= hi; i++ {
		if t := sents[i].text; i > lo && t != "" && t[0] < utf8.RuneSelf && q.Len() > 0 && q.String()[q.Len()-1] < utf8.RuneSelf {
			q.WriteByte(' ') // English sentences are joined by a space: "…leads the team. He distrusts…"
		}
		q.WriteString(sents[i].text)
	}
	if sents[hi].cut {
		// the record stops inside it (a mark it stops on goes: "一万五…")
		return strings.TrimRight(q.String(), midMarks) + "…"
	}
	return q.String()
}

// dataRef is the citation of s's record, "[Data: Claims (13)]": the
// section's name as the context spells it, with a lower-case first letter
// raised (GraphRAG names the claims section "claims"; the answer cites it
// as its prompt's example does, "Claims"; citations are read case-blind).
func (s *sentence) dataRef() string {
	name := s.dataset
	if name != "" && name[0] >= 'a' && name[0] <= 'z' {
		name = string(name[0]-'a'+'A') + name[1:]
	}
	return "[Data: " + name + " (" + s.id + ")]"
}

// MaxQuoteRunes bounds a quoted sentence with the clauses it is quoted
// with (clauseRun).
const MaxQuoteRunes = 300

// clauseRun returns the first and last index (in sents) of the run of
// sentences that continue one another around sents[i] (joinsNext): a
// sentence of the context is cut at ；, but the clauses before and after
// it that the same sentence of the record holds say the rest of what it
// says (情感分布上，正面情感占67%，…；中性25%，…；负面8%，… is one
// statement, and "也曾成功配合公安机关…" continues "在新冠疫情期间，学校…
// 宣传防疫部署；"), and a sentence that refers back ("该班级凭借…100%保研…")
// says what the one before it names. The following ones are taken first,
// then the preceding ones, each only while the quote stays within
// MaxQuoteRunes.
func clauseRun(sents []*sentence, i int) (lo, hi int) {
	lo, hi = i, i
	n := runeLen(sents[i].text)
	for hi+1 < len(sents) && sents[hi].joinsNext && n+runeLen(sents[hi+1].text) <= MaxQuoteRunes {
		hi++
		n += runeLen(sents[hi].text)
	}
	for lo > 0 && sents[lo-1].joinsNext && n+runeLen(sents[lo-1].text) <= MaxQuoteRunes {
		lo--
		n += runeLen(sents[lo].text)
	}
	return lo, hi
}

// askedIntents are the answer patterns of the intents query asks (read
// through text.Standard: a dialect's 好多人, 几多 and 啥时候 ask a
// quantity and a time as 多少人 and 什么时候 do; heldout84), in intents'
// order.
func askedIntents(query string) []*regexp.Regexp {
	var asked []*regexp.Regexp
	std := text.Standard(query)
	for _, it := range intents {
		if it.question.MatchString(std) {
			asked = append(asked, it.answer)
		}
	}
	return asked
}

// scoreSentences sets each sentence's score for the question: the idf of
// every question term it holds, scaled by the share of the terms it (or
// its record, RecordTermShare) holds, SubjectBoost for the description of
// an entity the question names, a small prior for the records a table
// lists first, IntentBoost for a sentence of the kind a why/where/when/how-much
// question asks for, and less for long lists and for sentences that say
// little beyond the question's own words.
func scoreSentences(sents []*sentence, query string) {
	q := matchTerms(query)
	lowQ := strings.ToLower(query)
	qts := questionTerms(query)
	for i := range qts {
		qts[i] = promotePart(qts[i], sents)
	}
	n := float64(len(sents))
	df, recordHolds := termCounts(sents, qts)
	asked := askedIntents(query)
	carried := carriedTerms(sents, qts)
	for si, s := range sents {
		held := 0.0
		rh := recordHolds[[2]string{s.dataset, s.id}]
		s.holds = make([]bool, len(qts))
		for i, qt := range qts {
			if h := qt.heldBy(s); h > 0 {
				s.score += qt.weight() * h * math.Log(1+n/df[i])
				held += qt.weight() * h
				s.holds[i] = true
			} else if carried[si] != nil && carried[si][i] {
				s.score += qt.weight() * CarriedShare * math.Log(1+n/df[i])
				held += qt.weight() * CarriedShare
			} else if rh[i] {
				held += qt.weight() * RecordTermShare
			}
		}
		// coordination: a sentence holding more of the question's terms
		// (a premise's weighing less) comes before one repeating a single
		// rare term
		if len(qts) > 1 {
			c := held / float64(len(qts))
			s.score *= c * c
		}
		// a question naming an entity ("What is Dulce base?", "李明咖啡店
		//的口碑") is answered first by that entity's own description
		if s.name != "" && namedIn(lowQ, s.name) {
			s.score *= SubjectBoost
		}
		s.scalePriors()
		// A question asking why, where, when or how much prefers the
		// sentences that give a reason, a place, a time or a figure.
		for _, a := range asked {
			if s.score > 0 && a.MatchString(s.text) {
				s.score *= IntentBoost
			}
		}
		// Prefer sentences that are about the question, not long lists,
		// and that say something beyond the question's own words (a
		// headline repeating the topic answers nothing).
		s.score /= 1 + math.Log(1+float64(len(s.terms))/25)
		novel := count(maps.Keys(s.terms), func(t string) bool { return !q[t] })
		s.score *= math.Min(1, float64(novel)/10)
	}
	feedback(sents, q)
}

// termCounts returns how many sentences hold each of qts (df) and which
// of them each record holds anywhere, by its dataset and id: a sentence
// that answers with a pronoun ("他认为，写字楼商圈工作日客流稳定") stands
// in a record whose other sentences name the subject (RecordTermShare).
func termCounts(sents []*sentence, qts []qterm) (df []float64, recordHolds map[[2]string][]bool) {
	df = make([]float64, len(qts))
	recordHolds = map[[2]string][]bool{}
	for _, s := range sents {
		key := [2]string{s.dataset, s.id}
		rh := recordHolds[key]
		if rh == nil {
			rh = make([]bool, len(qts))
			recordHolds[key] = rh
		}
		for i, qt := range qts {
			if qt.heldBy(s) > 0 {
				df[i]++
				rh[i] = true
			}
		}
	}
	return df, recordHolds
}

// scalePriors multiplies a sentence's score by what the sentence is, the
// question aside: PartialShare for the clauses kept of a cut sentence
// (what it says before its cut may be taken back after it), then 1 +
// 0.5/(1 + row), a small prior for the records a table lists first (the
// context builder's order: the most relevant to the question).
func (s *sentence) scalePriors() {
	if s.partial {
		s.score *= PartialShare
	}
	s.score *= 1 + 0.5/float64(1+s.row)
}

// PartialShare multiplies the score of the clauses kept of a sentence a
// record stops inside (cutClause): they answer when no whole sentence
// does as well ("预约进校时段为3月20日至4月6日" of "…,工作日08:30—17").
const PartialShare = 0.5

// IntentBoost multiplies the score of a sentence that gives what the
// question asks for besides its terms (intents: a reason, a place, a time,
// a response, a price, a quantity), once for each such intent.
const IntentBoost = 2.0

// RecordTermShare is how much a question term counts toward a sentence's
// coordination (the share of the question's terms it holds) when the
// sentence does not hold it but another sentence of its record does: the
// record speaks of it, and the sentence may answer about it with a
// pronoun. The term's idf score is counted only for the sentence that
// holds it.
const RecordTermShare = 0.4
