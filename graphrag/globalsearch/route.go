package globalsearch

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"reportengine/graphrag/knowledge"
	"reportengine/llm"
	"reportengine/text"
)

// Method is a search method: local (entities and their neighbourhood) or
// global (every community report, map and reduce).
type Method string

// Methods; MethodAuto lets Router.Route choose.
const (
	MethodLocal  Method = "local"
	MethodGlobal Method = "global"
	MethodAuto   Method = "auto"
)

// ParseMethod reads "local", "global" or "auto" (any letter case, spaces
// trimmed; "" is auto). Other text is an error wrapping ErrConfig.
func ParseMethod(s string) (Method, error) {
	switch m := Method(strings.ToLower(strings.TrimSpace(s))); m {
	case "":
		return MethodAuto, nil
	case MethodLocal, MethodGlobal, MethodAuto:
		return m, nil
	}
	return "", fmt.Errorf("%w: method %q: want local, global or auto", ErrConfig, s)
}

// Route is the method chosen for a question and why.
type Route struct {
	Method Method `json:"method"`
	// Reason is one sentence saying why ("broad wording: overall").
	Reason string `json:"reason"`
	// Cues are the broad phrases found (BroadCues).
	Cues []string `json:"cues,omitempty"`
	// Terms are the question's content terms (contentTerms).
	Terms []string `json:"terms,omitempty"`
	// Entity is the title of the entity that named or covered the
	// question, when one did.
	Entity string `json:"entity,omitempty"`
	// ReadAs is the question as the knowledge read it when that differs
	// from what was asked (knowledge.Lexical.Heard: a misheard or
	// mistyped word read as the one the documents hold, 黎明 → 李明;
	// traditional characters and chat English read as written are not
	// counted), "" otherwise: the reader sees which words were read.
	ReadAs string `json:"read_as,omitempty"`
}

// CoverShare is the share of the weight of the question's content terms
// (cover) one entity's title and description must hold for the question
// to count as specific.
const CoverShare = 0.75

// notSubjects are entity types of our graphs that are about everything
// (the topic and the engines that researched it): holding the question's
// terms does not make a question about them specific.
var notSubjects = map[string]bool{"topic": true, "engine": true}

// Router chooses local or global search for a question over one knowledge
// model. It is safe for concurrent use; what it reads of the model is
// made once, on first use.
type Router struct {
	m *knowledge.Model
	// reports are the lower-cased report texts (the coverage of step 3),
	// entityTexts the lower-cased entity texts (steps 7 and 8,
	// lowerEntities), titleIndex the index of entity titles (indexTitles);
	// each made on its first call
	reports     func() []string
	entityTexts func() []entityText
	titleIndex  func() *titleIndex
}

type entityText struct{ title, desc string }

// NewRouter returns a router over m.
func NewRouter(m *knowledge.Model) *Router {
	r := &Router{m: m}
	r.reports = sync.OnceValue(func() []string {
		var low []string
		for _, rep := range m.Reports() {
			low = append(low, lowerText(rep))
		}
		return low
	})
	r.entityTexts, r.titleIndex = sync.OnceValue(r.lowerEntities), sync.OnceValue(r.indexTitles)
	return r
}

// lowerEntities returns the lower-cased entity texts; the router makes
// them on first use: a question decided before step 7 never needs them
// (on the 300 000-record graph they cost 0.7 s of CPU).
func (r *Router) lowerEntities() []entityText {
	es := r.m.Entities()
	low := make([]entityText, len(es))
	for i, e := range es {
		low[i] = entityText{toLower(e.Title), toLower(e.Description)}
	}
	return low
}

// Route chooses the method for question, in this order:
//
//  1. a model without community reports: local (global has nothing to map);
//  2. content terms (contentTerms) that the knowledge holds only in passing (the
//     topical share of their weight, knowledge.TopicalShare, under
//     knowledge.MinTopicalShare) or lacks or uses once
//     (knowledge.MissingShare over knowledge.MaxMissingShare) —
//     local search's relevance rule:
//     local, which refuses the question without asking a model;
//  3. content terms that no report but the topic report holds as the
//     extractive map needs for a point (reportShare: weighed and matched
//     as the map does, termWeights) — the reports do not speak of it:
//     local, and local search's relevance rule decides, but for a
//     question asking for the whole or its themes whose every word not
//     held is an aspect word (heldBroad: "what's the big lesson or main
//     ideas", which the map answers with the reports' findings); so is a question
//     that rule refuses for asking something the knowledge never uses
//     (knowledge.Lexical.Unasked, knowledge.RefusesUnasked: 大学 and 毕业 in "王芳是从哪所大学毕业的？" on the sample,
//     which no single entity covers and the global map would answer with
//     whatever the reports say of 王芳), and so is one naming, with a
//     capital, a name the knowledge never uses (unheldName: "Does the
//     story reference Phil Schneider …?" went global for "the story");
//  4. a question asking for a count by platform (text.AsksPlatformCount:
//     "哪些媒体报道最多？"), whose context counts the sources by platform
//     (localsearch's Platforms section), or which platforms carry a
//     matter (asksPlatforms: "负面情绪主要来自哪些平台？"): local — the
//     sources name their platforms, the community reports rarely do;
//     A question about sentiment (text.AsksSentiment: 情绪, 口碑, 总体评价)
//     that asks no figure besides (text.Measured: not "热度有多高？大家的情绪
//     主要是什么？") goes local: local search's Sentiment section counts
//     the shares of sentiment the sources state (正面64%), which the
//     community reports rarely give.
//     A question asking for a timeline (timelineAsk: 按时间, 时间线,
//     大事记, "timeline") goes local too, with broad wording ("主要经历了
//     哪些大事？按时间捋一下"): the sources and the sections' chronologies
//     hold the dates; so does one asking which people (text.AsksPeople: 哪些人,
//     哪类人 — "讨论这家店的主要是哪类人？"): the sources and the audience
//     sections describe them, the community reports' sentences do not;
//     so does one asking for strengths, weaknesses, opportunities and
//     threats (text.AsksSWOT: "强在哪、弱在哪，有什么机会，又怕什么？"): a
//     record weighs them together;
//  5. broad wording (BroadCues: "overall", "main themes", 总体, 哪些方面, 主要, …): global,
//     unless the question names a thing the knowledge holds and no
//     community report names (unreportedName: 雷军班; local), unless its only cues name the scope (scopeCues: "the story") and
//     the question names an entity (step 7: "How does Jordan Hayes change
//     over the course of the story?" asks about him; local) or calls a
//     person by a first or last name (namedPerson: "How does Jordan change
//     over the story?": local, the person the subject), and unless the question compares two named sides (text.ComparedSides:
//     "微博和抖音上…有什么不同"): local, whose offline answer gives each
//     side's sentences under its name;
//  6. no content terms left: global — the question names nothing;
//  7. an entity whose title the question contains (at least 2 runes, and
//     for a title without Chinese at least 4 characters, as a whole word):
//     local;
//  8. an entity whose title and description hold at least CoverShare of
//     the content terms' weight (a term or one of its parts; weighed as
//     in step 3, cover): local;
//  9. a text unit among the unitsChecked best of the lexical search that
//     holds at least CoverShare of their weight: local — one passage
//     answers it;
//  10. the unitsChecked best entities and text units of the lexical search
//     holding at least CoverShare of their weight between them: local — the
//     question is specific, its facts sit in a few records (local
//     search's context is made of them);
//  11. otherwise global: the terms are spread over the knowledge.
//
// Entities of the types topic and engine (our graphs' bookkeeping nodes,
// about everything) never make a question local. The first entity in model
// order decides steps 7 and 8.
func (r *Router) Route(question string) Route {
	asked := text.Question(question)   // traditional characters, written Cantonese, chat English
	read := r.m.Lexical().Heard(asked) // a misheard or mistyped word
	rt := r.route(read)
	if read != asked {
		rt.ReadAs = read
	}
	return rt
}

// route is Route of the question as read.
func (r *Router) route(question string) Route {
	if len(r.m.Reports()) == 0 {
		return Route{Method: MethodLocal, Reason: "the knowledge has no community reports to search globally"}
	}
	ts := contentTerms(question)
	terms := text.TermTexts(ts)
	if rt, ok := r.termsStep(question, ts); ok {
		return rt // steps 2 and 3
	}
	if text.AsksPlatformCount(question) || asksPlatforms(question) {
		return Route{Method: MethodLocal, Terms: terms, Reason: "which platforms: local search reads the sources, each with its platform"}
	}
	if text.AsksSentiment(question) && len(text.Measured(question)) == 0 {
		return Route{Method: MethodLocal, Terms: terms, Reason: "sentiment: local search counts the shares of sentiment the sources state (the community reports rarely give them)"}
	}
	if timelineAsk.MatchString(question) {
		return Route{Method: MethodLocal, Terms: terms, Reason: "a timeline: local search reads the dated records (the community reports summarise without the dates)"}
	}
	if len(text.Measured(question)) > 0 && datedAsk.MatchString(question) {
		return Route{Method: MethodLocal, Terms: terms, Reason: "a figure of a dated period: local search reads the records that state it (the community reports summarise without the month's figures)"}
	}
	if text.AsksSWOT(question) {
		return Route{Method: MethodLocal, Terms: terms, Reason: "strengths, weaknesses, opportunities and threats: local search reads the records that weigh them together (the community reports spread them)"}
	}
	if text.AsksPeople(question) {
		return Route{Method: MethodLocal, Terms: terms, Reason: "which people: local search reads the records that describe them (the community reports summarise the matter, not its audience)"}
	}
	if a, b, ok := text.ComparedSides(question); ok {
		return Route{Method: MethodLocal, Terms: terms, Reason: fmt.Sprintf("a comparison of %s and %s: local search answers each side with its records", a, b)}
	}
	if cues := BroadCues(question); len(cues) > 0 {
		if rt, ok := r.broadRoute(question, cues, ts); ok {
			return rt
		}
		// "How does Jordan Hayes change over the course of the story?":
		// the story is the scope, the person named the subject (step 7)
	}
	if len(terms) == 0 {
		return Route{Method: MethodGlobal, Reason: "the question names nothing specific (no content terms)"}
	}
	lq := strings.ToLower(question)
	c := r.newCover(ts)
	if i, n := r.entitySteps(lq, c); i >= 0 {
		es := r.m.Entities()
		if n < 0 {
			return Route{Method: MethodLocal, Reason: fmt.Sprintf("the question names the entity %q", es[i].Title), Terms: terms, Entity: es[i].Title}
		}
		return Route{Method: MethodLocal, Reason: fmt.Sprintf("the entity %q holds %s", es[i].Title, c.says(n)), Terms: terms, Entity: es[i].Title}
	}
	// a source text among the lexical search's best that holds the
	// question's terms: one passage answers it (our graphs' facts are in
	// the texts, their entities are sections and sources)
	lr := r.m.Lexical().Search(ts)
	if u, n := r.coveringUnit(lr, c); u >= 0 {
		return Route{Method: MethodLocal, Reason: fmt.Sprintf("the source text %s holds %s", r.m.TextUnits()[u].ID, c.says(n)), Terms: terms}
	}
	if n, recs := r.coveringRecords(lr, c); n >= c.need {
		return Route{Method: MethodLocal, Reason: fmt.Sprintf("%d of the best-matching entities and source texts hold %s between them", recs, c.says(n)), Terms: terms}
	}
	return Route{Method: MethodGlobal, Reason: "no single entity covers the content terms " + strings.Join(terms, ", "), Terms: terms}
}

// RouteFollowUp routes question asked after history, the conversation so
// far (oldest first; only the user's turns are read). A follow-up that
// names nothing and asks for no whole — no content terms, no broad
// wording: "那后来呢？", "And then?" — takes its subject from the history:
// it is routed as the newest earlier user question with content terms is,
// and Route.Reason says so. Any other question is routed alone, as Route
// routes it: the history may make a follow-up specific, never an
// off-topic question relevant. Microsoft GraphRAG routes no question (its
// caller picks local or global); this is our rule.
func (r *Router) RouteFollowUp(question string, history []llm.Message) Route {
	if read := r.m.Lexical().Heard(text.Question(question)); len(contentTerms(read)) > 0 || len(BroadCues(read)) > 0 {
		return r.Route(question)
	}
	for i := len(history) - 1; i >= 0; i-- {
		m := history[i]
		if (m.Role == llm.RoleUser || m.Role == "") && len(contentTerms(m.Content)) > 0 {
			rt := r.Route(m.Content)
			rt.Reason = fmt.Sprintf("a follow-up naming nothing, routed as the earlier question %q: %s", m.Content, rt.Reason)
			return rt
		}
	}
	return r.Route(question)
}

// unitsChecked is how many of the lexical search's best text units
// Router.Route reads for one covering the question's terms.
const unitsChecked = 10

// coveringUnit returns the index (into Model.TextUnits) of the first of
// the unitsChecked best-scored text units of lr, the lexical search of ts,
// whose text covers the terms (cover), and the weight it holds; -1 when
// none does. Ties of score go to the lower index.
func (r *Router) coveringUnit(lr *knowledge.LexicalResult, c cover) (int, float64) {
	units := r.m.TextUnits()
	for _, u := range lr.BestUnits(unitsChecked) {
		if n := c.held(strings.ToLower(units[u].Text)); n >= c.need {
			return u, n
		}
	}
	return -1, 0
}

// coveringRecords returns the weight of the terms (cover) the
// unitsChecked best-scored entities of lr (not topics or engines: their
// lower-cased titles and descriptions) and its unitsChecked best-scored
// text units hold between them (a term or one of its parts), the records
// local search builds its context from, and how many records hold a term
// the ones before them lack (best first, entities before text units).
func (r *Router) coveringRecords(lr *knowledge.LexicalResult, c cover) (held float64, records int) {
	got := make([]bool, len(c.ts))
	add := func(texts ...string) {
		added := false
		for k, term := range c.ts {
			if !got[k] && slices.ContainsFunc(texts, func(s string) bool { return holdsAny(s, term) }) {
				got[k], added = true, true
				held += c.w[k]
			}
		}
		if added {
			records++
		}
	}
	es := r.m.Entities()
	seen := 0
	for sc := range lr.Entities() {
		if seen == unitsChecked {
			break
		}
		if !notSubjects[es[sc.Entity].Type] {
			seen++
			t := r.entityTexts()[sc.Entity]
			add(t.title, t.desc)
		}
	}
	units := r.m.TextUnits()
	for _, u := range lr.BestUnits(unitsChecked) {
		add(strings.ToLower(units[u].Text))
	}
	return held, records
}

// namedIn reports whether the lower-cased question holds the lower-cased
// title as a name: 2 runes or more with a Han character, else 4 or more
// characters as a whole word.
func namedIn(q, title string) bool {
	title = strings.TrimSpace(title)
	n := utf8.RuneCountInString(title)
	if n < 2 {
		return false
	}
	if strings.ContainsFunc(title, text.IsCJK) { // written without spaces: matched anywhere
		return strings.Contains(q, title)
	}
	return n >= 4 && containsWord(q, title)
}

// covers is the weight of the terms (c) entity i's lower-cased title and
// description hold (a term or one of its parts), summed until c.need
// cannot be reached any more.
func (r *Router) covers(i int, c cover) float64 {
	t := r.entityTexts()[i]
	n := 0.0
	for k, term := range c.ts {
		if holdsAny(t.title, term) || holdsAny(t.desc, term) {
			n += c.w[k]
		}
		if n+c.rest[k+1] < c.need {
			break // cannot reach the share any more
		}
	}
	return n
}

// entitySteps is steps 7 and 8 of Route through indexes instead of passes
// over every entity (entityScan in lower_test.go, its oracle): the index of
// the first entity (not a topic or engine) whose title the lower-cased
// question lq names, with n = -1; else of the first whose title and
// description cover the terms (c), with the weight they hold; else -1.
// Step 7 looks up each stretch of the question in a map of the entities'
// lower-cased, trimmed titles (a title the question names is such a
// stretch); step 8, when every term and part is written in Han characters
// (whose case nothing changes), checks only the entities whose text holds
// one of them, as the lexical index finds them (an entity holding
// c.need > 0 of the weight holds one). Otherwise step 8 scans every
// entity. TestEntityStepsOracle holds it to entityScan.
func (r *Router) entitySteps(lq string, c cover) (int, float64) {
	ts := c.ts
	ix := r.titleIndex()
	best := -1
	for i := range lq {
		if i > 0 && !utf8.RuneStart(lq[i]) {
			continue
		}
		for j := i + 1; j <= len(lq) && j-i <= ix.longest; j++ {
			if j < len(lq) && !utf8.RuneStart(lq[j]) {
				continue
			}
			if list := ix.byTitle[lq[i:j]]; len(list) > 0 && (best < 0 || int(list[0]) < best) && namedIn(lq, lq[i:j]) {
				best = int(list[0])
			}
		}
	}
	if best >= 0 {
		return best, -1
	}
	var words []string
	for _, t := range ts {
		words = append(append(words, t.Text), t.Parts...)
	}
	notHan := func(w string) bool {
		return w == "" || strings.ContainsFunc(w, func(c rune) bool { return !(c >= 0x4E00 && c <= 0x9FFF) })
	}
	if c.need <= 0 || slices.ContainsFunc(words, notHan) {
		// nothing to hold (every entity covers), or not Han alone: the
		// lexical documents (ASCII lower-cased) do not stand for the
		// router's texts; scan
		for i := range r.entityTexts() {
			if ix.subject[i] {
				if n := r.covers(i, c); n >= c.need {
					return i, n
				}
			}
		}
		return -1, 0
	}
	x := r.m.Lexical()
	var cands []int32
	for _, w := range words {
		cands = append(cands, x.EntitiesHolding(w)...)
	}
	slices.Sort(cands)
	cands = slices.Compact(cands)
	for _, e := range cands {
		if i := int(e); ix.subject[i] {
			if n := r.covers(i, c); n >= c.need {
				return i, n
			}
		}
	}
	return -1, 0
}

// titleIndex is the router's index of entity titles (indexTitles):
// each lower-cased, trimmed title of two runes or more → the entities
// (not topics or engines) bearing it, ascending; the longest such title
// in bytes; and whether each entity may decide (not a topic or engine).
type titleIndex struct {
	byTitle map[string][]int32
	longest int
	subject []bool
}

// indexTitles makes the router's titleIndex (on its first use).
func (r *Router) indexTitles() *titleIndex {
	es := r.m.Entities()
	ix := &titleIndex{byTitle: map[string][]int32{}, subject: make([]bool, len(es))}
	for i, e := range es {
		if notSubjects[e.Type] {
			continue
		}
		ix.subject[i] = true
		title := strings.TrimSpace(toLower(e.Title)) // as lowerEntities lower-cases it
		if utf8.RuneCountInString(title) < 2 {
			continue
		}
		ix.byTitle[title] = append(ix.byTitle[title], int32(i))
		ix.longest = max(ix.longest, len(title))
	}
	return ix
}

// cover is what steps 8 to 10 of Route ask of records: the question's
// content terms (held through a part too) and their weights, those of
// step 3 and of the extractive map (termWeights: the knowledge's term
// statistics, so 预约 2.6 outweighs 制度 0.4 in "预约制度怎么样"); records
// cover the question when the terms they hold carry CoverShare of the
// weight. Before, CoverShare of the terms' count was asked, and an
// everyday word no record pairs with the subject ("获客成本下降了多少？":
// the records say 降到) sent a specific question global.
type cover struct {
	ts    []text.Term
	w     []float64
	rest  []float64 // rest[k]: the weight of ts[k:]
	total float64
	need  float64 // CoverShare of total
}

// newCover weighs ts for steps 8 to 10 of Route (termWeights, then
// unusedAspects).
func (r *Router) newCover(ts []text.Term) cover {
	_, w, share := termWeights(r.m, ts)
	unusedAspects(ts, w, share)
	c := cover{ts: ts, w: w, rest: make([]float64, len(ts)+1)}
	for k := len(ts) - 1; k >= 0; k-- {
		c.rest[k] = c.rest[k+1] + w[k]
	}
	c.total = c.rest[0]
	c.need = c.total * CoverShare
	return c
}

// held is the weight of the terms the lower-cased s holds.
func (c cover) held(s string) float64 {
	n := 0.0
	for k, t := range c.ts {
		if holdsAny(s, t) {
			n += c.w[k]
		}
	}
	return n
}

// says words a weight held for Route.Reason: "86% of the content terms' weight".
func (c cover) says(n float64) string {
	return fmt.Sprintf("%.0f%% of the content terms' weight", 100*n/c.total)
}

// reportShare is step 3 of Route: the best share of the question's term
// weight that a community report but the topic report holds, weighed and
// matched as the extractive map does (termWeights: the knowledge's term
// statistics), and the share the map needs. For a broad question
// (BroadCues) that is the map's gate on a report, MinCoverage of the
// weight of the terms some report holds (dropUnheld); for a specific one,
// MinPointShare of the weight without the topic's name (pointWeights),
// what a report's sentence needs to be a point, in a report holding
// MinCoverage. Before, the router weighed the terms by an IDF over the few
// reports (a term no report holds weighed the most), the map by the
// knowledge's statistics: "武汉大学的正面舆情主要来自哪些方面？" went local
// (来自, in no report, weighed 2.6 against 正面's 1.2) though the media
// report has a section on it.
func (r *Router) reportShare(question string, ts []text.Term) (best, need float64) {
	held, w, docShare := termWeights(r.m, ts)
	ev := evidenceReports(r.m.Reports(), r.reports())
	if len(BroadCues(question)) > 0 {
		dropUnheld(held, r.reports(), w)
		for _, s := range ev {
			best = max(best, coverage(s, held, w))
		}
		return best, MinCoverage
	}
	rel := pointWeights(held, w, docShare, ev, topicName(r.m.Reports()))
	for _, s := range ev {
		if coverage(s, held, w) >= MinCoverage {
			best = max(best, coverage(s, held, rel))
		}
	}
	return best, MinPointShare
}

// timelineAsk matches a question asking for events in the order of time.
var timelineAsk = regexp.MustCompile(`按时间|时间线|时间顺序|时间轴|时间先后|先后顺序|大事记|(?i:\btimeline\b|\bchronolog|\bin (?:chronological )?order\b)`)

// datedAsk matches a year or a month a question dates what it asks by
// (2024年, 9月, 九月份): with a figure asked (text.Measured: 9月新增差评
// 多少条) the question is specific whatever its broad wording (主要针对什么
// 问题).
var datedAsk = regexp.MustCompile(`\d{4}年|\d{1,2}月|[一二三四五六七八九十]{1,3}月份?`)

// unusedAspects sets to 0 the weight w[k] of each aspect word ts[k]
// (text.IsAspectWord) the knowledge never uses (share[k], its documents'
// share, 0) while another term is used: 事由 of "处分里写的事由是什么？",
// stated as 以…为由, names the kind of answer, and as the heaviest term it
// sent a question about one person's penalty global (heldout77). An
// aspect word the knowledge uses keeps its weight; with no term used,
// none changes.
func unusedAspects(ts []text.Term, w, share []float64) {
	if !slices.ContainsFunc(share, func(s float64) bool { return s > 0 }) {
		return
	}
	for k, t := range ts {
		if share[k] == 0 && text.IsAspectWord(t.Text) {
			w[k] = 0
		}
	}
}
