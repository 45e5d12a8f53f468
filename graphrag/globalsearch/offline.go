package globalsearch

import (
	"cmp"
	"math"
	"slices"
	"strings"
	"unicode"

	"reportengine/graphrag/knowledge"
	"reportengine/text"
)

// The extractive map and reduce, used when no language model answers
// (EngineConfig.Model nil or extractive). They follow the reference's
// steps — every batch yields rated points citing its reports, the reduce
// keeps the best within the budget — with sentences of the reports in
// place of written points.

// Limits of the extractive answer.
const (
	// PointsPerReport bounds the sentences one report contributes to a
	// batch's points.
	PointsPerReport = 3
	// MaxAnswerPoints bounds the bullets of the extractive answer.
	MaxAnswerPoints = 8
	// MinPointShare is the share of a specific question's term weight,
	// the topic's name aside (withoutTopic), a sentence must hold to be a
	// point: "图书馆事件" is not answered by the sentences on the library
	// building (图书馆 alone holds 64 % of the weight), "樱花季网友怎么看？"
	// is by those on 樱花季 alone (72 %).
	MinPointShare = 0.7
	// MinCoverage is the share of the question's term weight a report must
	// hold to yield points: below it the report is not about the question.
	MinCoverage = 0.5
)

// Labels of the extractive answer, by language.
const (
	extractedLabelEN = "**Extracted answer**: the offline model copied the sentences of the community reports most relevant to the question; nothing below was written by a language model."
	extractedLabelZH = "**摘录式回答**：离线模型从社区报告中摘出与问题最相关的句子，以下内容并非由语言模型撰写。"
)

// termWeights returns the question's terms as the knowledge matches them
// and their weights, both from the knowledge's term statistics
// (m.Lexical().Stats, the counts local search's relevance gate and
// lexical ranking use): a term the knowledge uses (TermStat.Matched is the
// term) is held through itself and its synonyms only, one it uses only in
// passing through the part it uses most (樱花季 through 樱花 where the
// records rarely say 樱花季), one it lacks as given; each weighs
// TermStat.Weight, the product's one content-term weight (rarity in
// general text: 图书馆 1.6, 事件 0.9 on the BettaFish fixture); and the
// share of the knowledge's documents (entity documents and text units)
// holding each (TermStat.Docs), which tells the topic's name (withoutTopic).
// The reference has no term weights (its map step is a model).
//
// Before, the weights were an IDF over the community reports (4 on our
// graphs: every term held by two of them weighed the same) and a term was
// held through any of its parts: "图书馆事件" took 图书情报 (a ranking) for
// 图书馆.
func termWeights(m *knowledge.Model, terms []text.Term) (held []text.Term, w, docShare []float64) {
	out := make([]text.Term, len(terms))
	w, docShare = make([]float64, len(terms)), make([]float64, len(terms))
	docs := float64(max(len(m.Entities())+len(m.TextUnits()), 1))
	for i, st := range m.Lexical().Stats(terms) {
		docShare[i] = float64(st.Docs) / docs
		t := terms[i]
		switch st.Matched {
		case "":
			out[i] = t
		case t.Text:
			out[i] = text.Term{Text: t.Text, Synonyms: t.Synonyms}
		default:
			out[i] = text.Term{Text: st.Matched}
		}
		w[i] = st.Weight()
	}
	return out, w, docShare
}

func lowerText(r knowledge.CommunityReport) string {
	return strings.ToLower(r.Title + "\n" + r.Summary + "\n" + r.FullContent)
}

// coverage is the share of the term weight that s (lower case) holds; 1
// without terms.
func coverage(s string, terms []text.Term, w []float64) float64 {
	if len(terms) == 0 {
		return 1
	}
	var got, all float64
	for i, t := range terms {
		all += w[i]
		if holdsAny(s, t) {
			got += w[i]
		}
	}
	if all == 0 {
		return 0
	}
	return got / all
}

// dropUnheld sets to 0 the weight of each term no report holds (low: the
// reports' lower-cased texts). A broad question's framing words
// ("近期…态势") that no report uses would otherwise weigh the most and keep
// every report under MinCoverage; a question none of whose terms any report
// holds still yields nothing (coverage 0).
func dropUnheld(terms []text.Term, low []string, w []float64) {
	for i, t := range terms {
		if !slices.ContainsFunc(low, func(s string) bool { return holdsAny(s, t) }) {
			w[i] = 0
		}
	}
}

// importance is a report's weight among the model's reports, in (0, 1]:
// the mean of its rank over the highest rank and its occurrence weight
// (the rank alone when the model has no weights).
func (b *ContextBuilder) importance(i int) float64 {
	reps := b.m.Reports()
	top := 0.0
	for _, r := range reps {
		top = math.Max(top, r.Rank)
	}
	rank := 1.0
	if top > 0 {
		rank = math.Max(0, reps[i].Rank) / top
	}
	if !b.hasW {
		return rank
	}
	return (rank + b.weights[i]) / 2
}

// TopicReportID is the id knowledge.FromGraph gives the topic-level report
// of our graphs: it lists the engines, their sections and record counts —
// bookkeeping, not evidence — so the extractive map takes no sentence
// from it (a model still sees it in its batch).
const TopicReportID = "report-topic"

// extractiveMap rates sentences of each batch's reports as the map
// step's points. A question with broad wording (BroadCues) or without
// content terms asks for the whole. Over reports that carry a rating of
// their importance (rated: a GraphRAG index's ranks), a report's lead
// sentences score highest, scaled by the report's importance and (with
// terms) raised by the share of the term weight they hold; one asking for
// themes (asksThemes) takes the reports' findings instead, each under its
// heading, rated by how many reports' headings share its words and how
// often the documents use them (themeCandidates). Over reports
// without one (our graphs' engine reports, all of rank 1, which open with
// background before the event most records discuss), a sentence scores
// by the run's evidence it carries (its support among the text units,
// evidenceTable, over the best support of the batch's sentences), raised
// a little by the share of the term weight it holds and by its position,
// and scaled by its report's importance. A question with content terms
// scores the sentences by the share of the term weight they hold (a
// sentence holding none scores 0), scaled less by importance and
// position. A report holding less than MinCoverage of the term weight
// yields no point (for a broad question, of the weight of the terms some
// report holds: dropUnheld), nor does the topic report of our graphs
// (TopicReportID). Each report gives at most PointsPerReport points, in
// its own text order; a score is 1–100.
func (e *Engine) extractiveMap(question string, c *Context) []MapResponse {
	b := e.b
	b.prepare()
	question = b.m.Lexical().Heard(text.Question(question))
	reps := b.m.Reports()
	q := mapQuestion{asked: text.Terms(question)}
	q.terms, q.weights, q.docShare = termWeights(b.m, contentTerms(question))
	q.broad = len(q.terms) == 0 || len(BroadCues(question)) > 0
	switch {
	case q.broad:
		dropUnheld(q.terms, b.low, q.weights)
		if rated(reps) && asksThemes(question) {
			q.themes = b.themes() // once per model: the same for every question
		}
		if !rated(reps) {
			q.ev = b.evidence()
			q.reports = evidenceReports(reps, b.low)
			q.relWeights = withoutTopic(q.terms, q.weights, q.docShare, q.reports, topicName(reps))
			q.aspect = slices.ContainsFunc(q.relWeights, func(w float64) bool { return w > 0 })
			q.categories = asksCategories(question)
			q.verdict = asksVerdict(question)
			q.opinion = !q.aspect && opinionAsk.MatchString(question)
		}
	default:
		q.relWeights = pointWeights(q.terms, q.weights, q.docShare, evidenceReports(reps, b.low), topicName(reps))
	}

	out := make([]MapResponse, len(c.Batches))
	for bi, bt := range c.Batches {
		m := MapResponse{Batch: bi, Points: []Point{}}
		var cands [][]mapCand
		for _, ri := range bt.Reports {
			switch r := reps[ri]; {
			// a report holding too little of the terms gives no point, but
			// themes are read from every report: the question's other
			// words frame it ("the big lesson or main ideas": lesson and
			// ideas; "Stepping back from the details, …": details, heldout59)
			case r.ID == TopicReportID || coverage(b.low[ri], q.terms, q.weights) < MinCoverage && q.themes == nil:
			case q.themes != nil:
				cands = append(cands, themeCandidates(r, b.importance(ri), q.themes))
			default:
				cands = append(cands, q.candidates(r, b.importance(ri)))
			}
		}
		if q.opinion {
			cands = opinionCandidates(cands)
		}
		if q.ev != nil {
			scoreBySupport(cands, q.aspect || q.verdict) // a verdict asked: the verdicts decide (verdictOn), support breaks near ties
		}
		for _, cs := range cands {
			m.Points = append(m.Points, bestPoints(cs)...)
		}
		out[bi] = m
	}
	return out
}

// withoutTopic returns w with 0 for each term that every one of reports
// holds (two or more reports) and that at least TopicDocShare of the
// knowledge's documents hold (docShare, termWeights) or that the topic's
// name holds (topic, topicName): the topic itself (武汉大学 on the
// fixture, 李明 and 咖啡店 of 李明咖啡店 on the sample, 李明 in 49.8 % of
// the documents), which a broad question names and every point is about,
// so it tells no point apart.
func withoutTopic(terms []text.Term, w, docShare []float64, reports []string, topic string) []float64 {
	out := slices.Clone(w)
	for i, t := range terms {
		named := topic != "" && strings.Contains(topic, strings.ToLower(t.Text))
		if (docShare[i] >= TopicDocShare || named) && heldByAll(t.Text, reports) {
			out[i] = 0
		}
	}
	return out
}

// topicName is the lower-cased name of our graphs' topic (the title of
// the TopicReportID report: 李明咖啡店), "" for a GraphRAG index.
func topicName(reps []knowledge.CommunityReport) string {
	if i := slices.IndexFunc(reps, func(r knowledge.CommunityReport) bool { return r.ID == TopicReportID }); i >= 0 {
		return strings.ToLower(reps[i].Title)
	}
	return ""
}

// pointWeights are the weights a specific question's point is rated with
// (mapQuestion.relWeights): w without the topic's name (withoutTopic) —
// it is in every point, a point is told apart by the other terms — when
// the question has other terms; w itself for a single term.
func pointWeights(terms []text.Term, w, docShare []float64, reports []string, topic string) []float64 {
	if len(terms) < 2 {
		return w
	}
	rel := withoutTopic(terms, w, docShare, reports, topic)
	if !slices.ContainsFunc(rel, func(x float64) bool { return x > 0 }) {
		return w
	}
	return rel
}

// rated reports whether the reports carry a rating of their importance:
// ranks that differ, as Microsoft GraphRAG's model gives each report. Our
// graphs' reports all have rank 1.
func rated(reps []knowledge.CommunityReport) bool {
	return slices.ContainsFunc(reps, func(r knowledge.CommunityReport) bool { return r.Rank != reps[0].Rank })
}

// evidenceReports are the lower-cased texts of the reports but the topic
// report of our graphs (TopicReportID), which names the topic and no
// finding.
func evidenceReports(reps []knowledge.CommunityReport, low []string) []string {
	var out []string
	for i, r := range reps {
		if r.ID != TopicReportID {
			out = append(out, low[i])
		}
	}
	return out
}

// mapQuestion is what the extractive map knows of the question: its
// content terms and their weights, whether it is broad, and for a broad
// one over reports without a rating (rated) the run's evidence table and
// the reports' texts.
type mapQuestion struct {
	terms   []text.Term
	asked   []text.Term // all the question's terms, its broad words (舆情, 主要) too: no evidence of a point
	weights []float64
	// docShare is the share of the knowledge's documents holding each term
	docShare []float64
	broad    bool
	ev       *evidenceTable
	reports  []string // the reports' lower-cased texts, but the topic report's
	// relWeights are the weights a sentence's share of the terms is
	// counted with over unrated reports: those of weights without the
	// terms every report holds (withoutTopic)
	relWeights []float64
	// aspect: a broad question over unrated reports that names more than
	// the topic (a relWeights above 0: 正面 in "武汉大学的正面舆情主要来自
	// 哪些方面？")
	aspect bool
	// categories: the question asks for the aspect's categories (方面,
	// aspects: asksCategories)
	categories bool
	// verdict: the question asks how the whole is doing (asksVerdict):
	// the sentences that weigh it rate higher (verdictOn)
	verdict bool
	// opinion: a broad question over unrated reports on the public's
	// discussion as a whole (opinionAsk) that names no aspect: only the
	// reports stating opinion answer it, their conclusions' opinion
	// sentences first (opinionCandidates)
	opinion bool
	// themes: for a broad question asking for themes over rated reports
	// (asksThemes), the share of reports each heading word recurs in
	// (headingRecurrence); the points are then findings (themeCandidates)
	themes map[string]float64
}

// mapCand is a sentence of a report as a candidate point: its score
// (before support, for a broad question), position and support.
type mapCand struct {
	text    string
	section string // the heading the sentence stands under
	report  string // the report's short id
	score   float64
	pos     int
	support float64
}

// candidates returns report r's sentences as candidate points, scored
// for the question (see extractiveMap); imp is the report's importance.
func (q mapQuestion) candidates(r knowledge.CommunityReport, imp float64) []mapCand {
	var cs []mapCand
	for k, rs := range reportSentences(r.FullContent) {
		s := rs.text
		rel := coverage(strings.ToLower(s), q.terms, q.weights)
		c := mapCand{text: s, section: rs.section, report: r.ShortID, pos: k}
		switch {
		case q.ev != nil:
			f := 1.0
			if rel, f = q.aspectShare(rs); q.aspect && rel == 0 {
				continue // topical filler: states nothing the question asks
			}
			c.score = 100 * (0.25 + 0.75*rel) * f * (0.4 + 0.6*imp) / (1 + 0.02*float64(k))
			c.support = q.ev.support(s, q.asked, q.reports)
		case q.broad:
			c.score = 100 * (0.25 + 0.75*rel) * (0.4 + 0.6*imp) / (1 + 0.25*float64(k))
		default:
			// coordination, as the lexical ranking's (knowledge.Lexical.Search):
			// the squared share of the weight of the terms but the topic's
			if rel = coverage(strings.ToLower(s), q.terms, q.relWeights); rel < MinPointShare {
				continue
			}
			c.score = 100 * rel * rel * (0.6 + 0.4*imp) / (1 + 0.05*float64(k))
		}
		cs = append(cs, c)
	}
	return cs
}

// scoreBySupport scales each broad candidate's score by its support e
// over the best support among them. A broad question that names only the
// topic (aspect false: no term but the topic's, withoutTopic) asks what
// the data is mostly about, and the evidence decides: 0.1 + 0.9·e². One
// that names an aspect (正面, 负面) asks for it, its terms decide and the
// evidence breaks near ties: 0.7 + 0.3·e; so does one asking for a
// verdict (asksVerdict: 总的来说…怎么样), whose verdicts decide (verdictOn). Unchanged when no sentence has
// support.
func scoreBySupport(reports [][]mapCand, aspect bool) {
	best := 0.0
	for _, cs := range reports {
		for _, c := range cs {
			best = max(best, c.support)
		}
	}
	if best == 0 {
		return
	}
	for _, cs := range reports {
		for i := range cs {
			e := cs[i].support / best
			if aspect {
				cs[i].score *= 0.7 + 0.3*e
			} else {
				cs[i].score *= 0.1 + 0.9*e*e
			}
		}
	}
}

// bestPoints returns the PointsPerReport best candidates of one report
// (ties in text order) as points in text order, each score rounded into
// 1–100.
func bestPoints(cs []mapCand) []Point {
	liftListItems(cs)
	slices.SortStableFunc(cs, func(x, y mapCand) int { return cmp.Compare(pointScore(y.score), pointScore(x.score)) })
	cs = cs[:min(len(cs), PointsPerReport)]
	slices.SortStableFunc(cs, func(x, y mapCand) int { return cmp.Compare(x.pos, y.pos) })
	out := make([]Point, len(cs))
	for i, x := range cs {
		out[i] = Point{Description: text.Cite(x.text, "[Data: Reports ("+x.report+")]"), Score: pointScore(x.score)}
	}
	return out
}

// listFamilies are the words of a list a report writes across sentences
// ("…集中在几个方面：一是…。二是…。三是…。"): the first opens it, each
// other one starts an item.
var listFamilies = [][]string{
	{"一是", "二是", "三是", "四是", "五是", "六是", "七是", "八是", "九是"},
	{"第一", "第二", "第三", "第四", "第五", "第六", "第七", "第八", "第九"},
	{"首先", "其次", "再次", "最后"},
}

// liftListItems keeps a list together: a candidate that starts with an
// item word of listFamilies (二是, 第三, 其次) after an earlier candidate
// of the same report holding the family's opening word (一是, 第一, 首先)
// scores at least the opener's score less 1 % an item, so the items
// follow their opener into the points (the opener's sentence names the
// list, "负面舆情…集中在几个方面", its items rarely repeat the question's
// words) and never outrank it. cs is one report's candidates in text
// order.
func liftListItems(cs []mapCand) {
	open := make([]int, len(listFamilies)) // per family: the latest opener's index + 1
	for i := range cs {
		for f, fam := range listFamilies {
			if k := slices.IndexFunc(fam[1:], func(w string) bool { return strings.HasPrefix(cs[i].text, w) }); k >= 0 && open[f] > 0 {
				cs[i].score = max(cs[i].score, cs[open[f]-1].score*(1-0.01*float64(k+1)))
			} else if strings.Contains(cs[i].text, fam[0]) {
				open[f] = i + 1
			}
		}
	}
}

// pointScore is a candidate's score as a point's: rounded, in 1–100.
func pointScore(v float64) int {
	return min(max(int(math.Round(v)), 1), 100)
}

// extractiveReduce writes the answer from the kept points (best first,
// but a first point referring back comes after the point of its report
// it follows, antecedent): each point once, leaving out one whose words mostly repeat a point
// already taken (half or more of the shorter one's terms), at most
// MaxAnswerPoints, as bullets under a label saying they were extracted.
func extractiveReduce(question string, kept []RankedPoint) string {
	label := extractedLabelEN
	if text.HasHan(question) {
		label = extractedLabelZH
	}
	var sb strings.Builder
	sb.WriteString(label + "\n\n")
	if i := antecedent(kept); i > 0 {
		// the answer opens with the point the first one refers back to
		// ("此事件还进一步发酵…" was first for "武汉大学的舆情总体怎么样？",
		// after "该事件始于一名杨姓女生指控…" in its report)
		kept = append(append([]RankedPoint{kept[i]}, kept[:i]...), kept[i+1:]...)
	}
	var chosen []map[string]bool // the words of each point taken
	for _, p := range kept {
		if len(chosen) == MaxAnswerPoints {
			break
		}
		ts := wordSet(text.StripCitations(p.Description))
		if slices.ContainsFunc(chosen, func(o map[string]bool) bool { return overlap(ts, o) >= 0.5 }) {
			continue
		}
		chosen = append(chosen, ts)
		sb.WriteString("- " + p.Description + "\n")
	}
	return strings.TrimRight(sb.String(), "\n")
}

// antecedent is the index in kept of the point the first one refers back
// to (text.RefersBack): of the points of its batch written before it, the
// nearest (the highest Index below its own); 0 when the first point
// refers to nothing or none of them was kept.
func antecedent(kept []RankedPoint) int {
	if len(kept) == 0 || !text.RefersBack(text.StripCitations(kept[0].Description)) {
		return 0
	}
	best := 0
	for i, p := range kept[1:] {
		if p.Batch == kept[0].Batch && p.Index < kept[0].Index && (best == 0 || p.Index > kept[best].Index) {
			best = i + 1
		}
	}
	return best
}

// wordSet is the set of lower-cased Latin words and Han bigrams of s.
func wordSet(s string) map[string]bool {
	out := map[string]bool{}
	var word, han []rune
	flush := func() {
		if len(word) >= 2 {
			out[string(word)] = true
		}
		for i := 0; i+1 < len(han); i++ {
			out[string(han[i:i+2])] = true
		}
		word, han = word[:0], han[:0]
	}
	for _, r := range strings.ToLower(s) {
		switch {
		case text.IsHan(r):
			if len(word) > 0 {
				flush()
			}
			han = append(han, r)
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if len(han) > 0 {
				flush()
			}
			word = append(word, r)
		default:
			flush()
		}
	}
	flush()
	return out
}

// overlap is |a ∩ b| / min(|a|, |b|); 0 when either is empty.
func overlap(a, b map[string]bool) float64 {
	if len(a) == 0 || len(b) == 0 {
		return 0
	}
	n := 0
	for t := range a {
		if b[t] {
			n++
		}
	}
	return float64(n) / float64(min(len(a), len(b)))
}
