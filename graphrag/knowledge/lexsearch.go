package knowledge

import (
	"cmp"
	"iter"
	"math"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"reportengine/text"
)

// Scored is one entity of a lexical ranking: its index into
// Model.Entities and its score (higher is better).
type Scored struct {
	Entity int
	Score  float64
}

// LexicalResult is the lexical search of one question.
type LexicalResult struct {
	// Terms are the statistics of the question's terms, in question order.
	Terms []TermStat
	// Units are the BM25 scores of the text units by index into
	// Model.TextUnits, 0 for a unit that matches none of the terms; nil
	// without terms.
	Units []float64
	// ranked holds the entities with a positive score (Entities)
	ranked ranking
}

// NewLexicalResult makes a result from given statistics, entity scores
// (in any order; put in Entities' order here) and unit scores (by unit
// index, as Units): a lexical ranking made elsewhere, or a test's.
func NewLexicalResult(terms []TermStat, ents []Scored, units []float64) *LexicalResult {
	first := slices.Clone(ents)
	slices.SortFunc(first, compareScored)
	return &LexicalResult{Terms: terms, Units: units, ranked: ranking{first: first}}
}

// Entities yields the entities with a positive score, best first, ties by
// ascending entity index. An entity's score is the BM25 score of its own
// document plus the best BM25 score among the text units it lists
// (TextUnitIDs): an entity is as relevant as the best passage about it.
// Callers read the first few (the fusion and the router stop after tens
// of the quarter million a common word scores on a large graph), so only
// the best rankedFirst are put in order by Search; the rest are sorted
// once, when a caller reads past them.
func (r *LexicalResult) Entities() iter.Seq[Scored] {
	return func(yield func(Scored) bool) {
		for _, s := range r.ranked.first {
			if !yield(s) {
				return
			}
		}
		if len(r.ranked.first) < rankedFirst {
			return // every entity with a score is in first
		}
		r.ranked.once.Do(r.ranked.sortRest)
		for _, s := range r.ranked.rest {
			if !yield(s) {
				return
			}
		}
	}
}

// BestUnits returns the indexes (into Model.TextUnits) of the n text units
// with the highest positive scores, best first, ties by ascending index.
func (r *LexicalResult) BestUnits(n int) []int {
	top := topN[Scored]{n: n, order: compareScored}
	for u, s := range r.Units {
		if s > 0 {
			top.offer(Scored{Entity: u, Score: s})
		}
	}
	out := make([]int, 0, len(top.best))
	for _, s := range top.sorted() {
		out = append(out, s.Entity)
	}
	return out
}

// ranking is an entity ranking put in order lazily: first is sorted;
// rest, the other entities with a positive score (scores, by entity
// index), is made and sorted by once.
type ranking struct {
	first  []Scored
	scores []float64
	once   sync.Once
	rest   []Scored
}

// sortRest makes rest: the entities with a score that rank after the last
// of first, in order.
func (r *ranking) sortRest() {
	last := r.first[len(r.first)-1]
	for e, s := range r.scores {
		if sc := (Scored{Entity: e, Score: s}); s > 0 && compareScored(sc, last) > 0 {
			r.rest = append(r.rest, sc)
		}
	}
	slices.SortFunc(r.rest, compareScored)
}

// rankedFirst is how many of a search's best entities Search sorts.
const rankedFirst = 256

// compareScored orders a ranking: higher score first, then lower index.
func compareScored(a, b Scored) int {
	if c := cmp.Compare(b.Score, a.Score); c != 0 {
		return c
	}
	return cmp.Compare(a.Entity, b.Entity)
}

// topN keeps the n best of the values offered to it in a heap whose
// root is the worst kept; order says how two rank (negative: a before b).
// Under a total order the kept ones are the n best whatever the heap's
// shape.
type topN[T any] struct {
	n     int
	order func(a, b T) int
	best  []T
}

// offer considers v for the n best.
func (t *topN[T]) offer(v T) {
	if len(t.best) < t.n {
		t.best = append(t.best, v)
		for i := len(t.best) - 1; i > 0; { // up while the parent ranks before it
			p := (i - 1) / 2
			if !t.before(p, i) {
				break
			}
			t.best[i], t.best[p] = t.best[p], t.best[i]
			i = p
		}
		return
	}
	if t.n == 0 || t.order(v, t.best[0]) >= 0 { // no better than the worst kept
		return
	}
	t.best[0] = v
	for i := 0; ; { // down to the worse child while it ranks after it
		w := 2*i + 1
		if w >= len(t.best) {
			return
		}
		if r := w + 1; r < len(t.best) && t.before(w, r) {
			w = r
		}
		if !t.before(i, w) {
			return
		}
		t.best[i], t.best[w] = t.best[w], t.best[i]
		i = w
	}
}

// before reports whether best[i] ranks before best[j].
func (t *topN[T]) before(i, j int) bool { return t.order(t.best[i], t.best[j]) < 0 }

// sorted returns the kept ones, best first.
func (t *topN[T]) sorted() []T {
	slices.SortFunc(t.best, t.order)
	return t.best
}

// Search scores the entity documents and the text units against terms
// with BM25 (k1 = 1.2, b = 0.75; idf = ln(1 + (N − df + 0.5)/(df + 0.5))
// per corpus, entities and text units apart), each term counted through
// its Matched word (see TermStat) and weighted by TermWeight (a word rare
// in general text says more about what is asked than an everyday one);
// each document's sum is then multiplied by the square of the share of
// the question's term weight it holds (coordination: "樱花季网友怎么看？"
// prefers the passages holding 樱花 and 网友 to those repeating 网友). No
// terms, no result (empty lists).
//
// The result is shared and must not be modified: the last searchMemoSize
// results are kept by their terms (text, parts and synonyms) and returned
// again for the same terms, as the router and the context builder search
// one question's terms in turn and chat's follow-up screening does so for
// each candidate. search is the plain version, the memo's oracle.
func (x *Lexical) Search(terms []text.Term) *LexicalResult {
	key := termsKey(terms)
	if r, ok := x.results.Get(key); ok {
		return r
	}
	r := x.search(terms)
	x.results.Put(key, r, 1, searchMemoSize)
	return r
}

// Stats returns the statistics of terms, Search(terms).Terms, from the
// words' counts alone: nothing is scored or ranked, so a caller that only
// needs the relevance rule's inputs (chat's follow-up screening) pays for
// the counts (kept by the count memo), not for a search.
func (x *Lexical) Stats(terms []text.Term) []TermStat {
	out := make([]TermStat, 0, len(terms))
	for _, t := range terms {
		st, _ := x.termStat(t)
		out = append(out, st)
	}
	return out
}

// Unasked returns the words of what question asks for (text.AskedFor)
// that the knowledge never uses, itself, a synonym, a stand-in
// (text.StandIns: 口碑 held through 声誉), the verb of a doer
// (text.AgentVerb: 创办人 held through 创办) or a part that ends it,
// as a word (usedAsWord: 身高 in "前身高校" is none), in question order;
// nil when none. A fact of a person's life (text.IsPersonalFact: 出生,
// born) counts as used only in a sentence that also names the question's
// subject beside it (subjectOf, besideSubject; a record holding it when
// it names no person, personTerm): 雷军's 出生 does not tell when 张平文
// was born, nor "the camaraderie born of facing the abyss" when Jordan
// Hayes was; asked of which people (text.AsksPeople), anywhere (an
// audience's ages: 25到35岁 answers "到店的都是什么人，多大年纪"). A Chinese compound names its kind last: 价格 holds 门票
// 价格, while 咖啡 does not hold 咖啡园 (a plantation's size is not asked
// of coffee: "张伟在普洱的咖啡园有多少亩？" was answered with the bean
// price). Local search's relevance gate (rule 3 of localsearch.Relevance)
// refuses on them, and globalsearch's router sends such a question to it.
// A price word asked (text.IsPriceWord: 价钱) is held where the thing
// asked the price of is priced. The facts a word alone does not show held
// add the noun of what is not stated: 价格 (a price of a thing: priced), 名字 (a name: named, a name
// asked of a thing never used as well), 时刻 (a time of day: timed; the
// busiest hours, text.AsksPeak, held by a rush at a part of the day too:
// peakTimed), 投资额
// (an investment: invested), 职业 (someone's former work: workedBefore),
// 年份 (the year of a person's appointment or other event: yearOfPerson).
func (x *Lexical) Unasked(question string) []string {
	var out []string
	read := text.AskedFor(question) // segments the question: once
	asked := slices.Clone(read)
	for _, f := range text.EnglishFacts(question) { // How old is 张平文?
		if !slices.Contains(asked, f) {
			asked = append(asked, f)
		}
	}
	var about *subject // for a fact of a life
	pricedThing := text.PricedThing(question)
	priced := pricedThing != "" && x.priced(pricedThing)
	for _, w := range asked {
		words := append(append(append([]string{w}, text.Synonyms(w)...), text.StandIns(w)...), text.FactZH(w)...)
		for _, p := range text.SubWords(w) {
			if strings.HasSuffix(w, p) {
				words = append(words, p)
			}
		}
		if v := text.AgentVerb(w); v != "" {
			words = append(words, v) // 创办人: a text says who 创办 it
		}
		var in *subject
		// asked of which people (text.AsksPeople: 到店的都是什么人，多大年纪),
		// an age or a sex is an audience's, stated of no one person
		if text.IsPersonalFact(w) && !text.AsksPeople(question) {
			if about == nil {
				about = x.subjectOf(question, asked)
			}
			in = about
		}
		if text.IsPriceWord(w) && priced {
			continue // 单间现在么价钱: the texts state the thing's price as an amount (1350元), never as 价钱
		}
		if !slices.ContainsFunc(words, func(w string) bool { return w == "year" && x.holdsYear() || x.usedAsWord(w, in) }) {
			out = append(out, w)
		}
	}
	// of two alternatives asked ("the commander or … an unofficial
	// leader"), a text naming either answers
	for _, e := range text.EitherAsked(question) {
		for k := range 2 {
			if slices.Contains(out, e[k]) && slices.Contains(asked, e[1-k]) && !slices.Contains(out, e[1-k]) {
				out = slices.DeleteFunc(out, func(w string) bool { return w == e[k] })
			}
		}
	}
	if pricedThing != "" && !slices.Contains(out, "价格") && !priced {
		out = append(out, "价格")
	}
	if thing, modifiers, owner := text.NamedThing(question); thing != "" && (slices.Contains(out, thing) || !x.named(thing, modifiers, owner)) {
		out = append(out, "名字")
	}
	if thing := text.TimedThing(question); thing != "" && !x.timed(thing) && !(text.AsksPeak(question) && x.peakTimed()) {
		out = append(out, "时刻")
	}
	if text.AsksInvestment(question) && !x.invested() {
		out = append(out, "投资额")
	}
	if text.AsksPastJob(question) && !x.workedBefore(question, read) {
		out = append(out, "职业")
	}
	if text.AsksYear(question) && !slices.Contains(out, "年份") && !x.yearOfPerson(question, asked, out) {
		out = append(out, "年份")
	}
	return out
}

// UsedAsName reports whether some document holds the Chinese name w as a
// whole word: an occurrence that both starts and ends on a word boundary
// of the text around it (wholeWordAt), not inside a longer word (比亚 in
// 埃塞俄比亚 is none). It reads at most maxWordChecks occurrences (past
// them w is taken as used); a word without a Chinese character is used
// wherever count finds it.
func (x *Lexical) UsedAsName(w string) bool {
	hits, total := x.count(w)
	if total == 0 {
		return false
	}
	if !text.HasHan(w) {
		return true
	}
	return x.anyOccurrence(w, hits, false, maxWordChecks, wholeWordAt)
}

// maxWordChecks bounds the occurrences usedAsWord, its subject check and
// named read (anyOccurrence: each cuts the text around an occurrence into
// words); past it a word is taken as used.
const maxWordChecks = 64

// maxSentenceChecks bounds the occurrences anySentence reads (a regular
// expression over one sentence each): a subject named hundreds of times
// (李明, 132 times in the sample) is read whole, so that "李明开咖啡店之前是
// 做什么工作的？" is refused where no sentence naming him tells former work;
// past it the sentence is taken as found.
const maxSentenceChecks = 4096

// usedAsWord reports whether some document holds w where it starts or
// ends on a word boundary of the text around it (text.Words of up to
// wordWindow runes either side), not straddling two words: 大学 is used in
// 北京大学 and 大事 in 大事记 (a compound holding it), but 身高 is not in
// "前身高校" (read 前身/高校: "肖某某的身高是多少？" was answered, the
// knowledge holding 身高 only so), nor 工资 in "员工资料"; a word of one rune
// where it ends a word (岁 in 三十岁, not in 岁月静好: the fixture's "岁月静好"
// beside 张平文 answered "张平文校长今年多大年纪？"). A word without a
// Chinese character is counted as count counts it (at word starts
// already).
func (x *Lexical) usedAsWord(w string, about *subject) bool {
	hits, total := x.count(w)
	if about != nil {
		hits = slices.DeleteFunc(slices.Clone(hits), func(h docHit) bool { return !about.docs[h.doc] })
		total = len(hits)
	}
	if total == 0 {
		return false
	}
	han := text.HasHan(w)
	if !han && about == nil {
		return true
	}
	one := utf8.RuneCountInString(w) == 1
	return x.anyOccurrence(w, hits, about != nil, maxWordChecks, func(doc string, i, n int) bool {
		ok := !han && wordStart(doc, i, n)
		if han {
			// a word of one rune must end a word, a longer one start or end one
			starts, ends := boundaries(doc, i, n)
			ok = ends || !one && starts
		}
		return ok && (about == nil || !about.person || besideSubject(doc, i, n, about.term))
	})
}

// anyOccurrence reports whether ok holds at some occurrence of w (ASCII
// lower-cased) in the documents of hits, in order: ok gets the document
// (lower-cased when lower is set and it holds a capital), the byte offset
// of the occurrence and its length. Past limit occurrences it reports
// true without reading more.
func (x *Lexical) anyOccurrence(w string, hits []docHit, lower bool, limit int, ok func(doc string, i, n int) bool) bool {
	w = lowerASCII(w)
	checked := 0
	for _, h := range hits {
		doc := x.docs[h.doc]
		if lower && x.upper[h.doc] {
			doc = lowerASCII(doc)
		}
		for from := 0; from < len(doc); {
			i := strings.Index(doc[from:], w)
			if i < 0 {
				break
			}
			i += from
			found := ok(doc, i, len(w))
			if checked++; checked > limit || found {
				return true
			}
			from = i + len(w)
		}
	}
	return false
}

// AskedMissingShare is the least share of a question's term weight
// that the terms the knowledge lacks or uses once (MissingShare) must
// carry for an asked-for word the knowledge never uses (Unasked) that is
// neither a noun nor the figure asked for to make the question a no-match
// (RefusesUnasked). Calibrated on the question sets: the off-topic
// questions that share the knowledge's names miss 30–49 % ("李明大学读的
// 是什么专业？" 30 %, "云南普洱茶的正确冲泡方法是什么？" 49 %), while
// answerable ones whose asked-for word the knowledge says otherwise (名字
// answered by 王芳, 优惠 by 折扣) miss at most 23 %.
const AskedMissingShare = 0.25

// RefusesUnasked is rule 3 of local search's relevance gate
// (localsearch.Relevance), which globalsearch's router applies too: a
// question asking for words the knowledge never uses (unasked, Unasked)
// is a no-match when one of them is a noun (text.IsNoun: 专业, 老家) or
// the figure asked for (measured, text.Measured: 工资, whatever its part
// of speech) or a fact of a person's life (text.IsPersonalFact: 出生,
// which Unasked counts only where the question's subject is named), or when the terms the knowledge lacks or uses once carry at
// least AskedMissingShare of the question (missingShare, MissingShare).
func RefusesUnasked(unasked, measured []string, missingShare float64) bool {
	return len(unasked) > 0 && (missingShare >= AskedMissingShare || slices.ContainsFunc(unasked, text.IsNoun) || slices.ContainsFunc(unasked, text.IsPersonalFact) ||
		slices.ContainsFunc(unasked, func(w string) bool { return !text.HasHan(w) }) ||
		slices.ContainsFunc(unasked, func(w string) bool { return slices.Contains(measured, w) }))
}

// termStat counts term t: its statistics and the documents holding its
// Matched word (with its synonyms when Matched is the term), ascending.
func (x *Lexical) termStat(t text.Term) (TermStat, []docHit) {
	var best []docHit
	st := TermStat{Term: t.Text}
	for ci, w := range append(append([]string{t.Text}, t.Parts...), text.StandIns(t.Text)...) {
		hits, count := x.count(w)
		if ci == 0 && len(t.Synonyms) > 0 {
			hits, count = x.countAny(t.Words())
		}
		if count == 0 {
			continue
		}
		// the term itself when found; else the part found most often
		if ci == 0 || count > st.Count {
			st.Matched, st.Count, st.Docs = w, count, len(hits)
			best = hits
		}
		// a term the knowledge uses only in passing (fewer than
		// MinTopicalCount times: 会员卡 once, 会员 91 times in the
		// sample) is matched through its most frequent part instead
		if ci == 0 && count >= MinTopicalCount {
			break
		}
	}
	if st.Count > 0 {
		if x.words > 0 {
			st.Share = float64(st.Count) / x.words
		}
		st.General = text.GeneralShare(st.Matched)
		if st.Matched == t.Text {
			// a term counted with its synonyms: their general shares too
			for _, syn := range t.Synonyms {
				st.General += text.GeneralShare(syn)
			}
		}
		st.Lift = st.Share / max(st.General, GeneralFloor)
		st.Titled = x.titled[t.Text]
	}
	return st, best
}

// Apart reports whether no document holding name (as Stats counts a word:
// entity documents and text units, ASCII lower-cased) holds any of words:
// the knowledge names it only where it speaks of none of them. False when
// no document holds name or words is empty.
func (x *Lexical) Apart(name string, words []string) bool {
	hits, _ := x.count(name)
	if len(hits) == 0 || len(words) == 0 {
		return false
	}
	for _, w := range words {
		other, _ := x.count(w)
		for i, j := 0, 0; i < len(hits) && j < len(other); {
			switch {
			case hits[i].doc == other[j].doc:
				return false
			case hits[i].doc < other[j].doc:
				i++
			default:
				j++
			}
		}
	}
	return true
}

// search is Search without the memo.
func (x *Lexical) search(terms []text.Term) *LexicalResult {
	res := &LexicalResult{}
	if len(terms) == 0 {
		return res
	}
	nDocs := len(x.docs)
	entScore := make([]float64, x.nEnt)
	unitScore := make([]float64, nDocs-x.nEnt)
	entHeld := make([]float64, x.nEnt) // query weight of the terms each doc holds
	unitHeld := make([]float64, nDocs-x.nEnt)
	var totalWeight float64
	for _, t := range terms {
		st, best := x.termStat(t)
		res.Terms = append(res.Terms, st)
		qw := st.Weight()
		totalWeight += qw
		if len(best) == 0 {
			continue
		}
		dfE := 0
		for _, h := range best {
			if int(h.doc) < x.nEnt {
				dfE++
			}
		}
		idfE := bm25IDF(x.nEnt, dfE)
		idfU := bm25IDF(nDocs-x.nEnt, len(best)-dfE)
		for _, h := range best {
			d := int(h.doc)
			if d < x.nEnt {
				entScore[d] += qw * idfE * bm25TF(float64(h.tf), float64(x.lens[d]), x.avgEnt)
				entHeld[d] += qw
			} else {
				unitScore[d-x.nEnt] += qw * idfU * bm25TF(float64(h.tf), float64(x.lens[d]), x.avgUnit)
				unitHeld[d-x.nEnt] += qw
			}
		}
	}
	// coordination: a document's score is scaled by the squared share of
	// the question's weight it holds, so a passage about all of the
	// question beats one repeating a single word of it
	coord := func(held float64) float64 { c := held / totalWeight; return c * c }
	for e := range entScore {
		entScore[e] *= coord(entHeld[e])
	}
	for u, s := range unitScore {
		if s > 0 {
			unitScore[u] = s * coord(unitHeld[u])
		}
	}
	res.Units = unitScore
	top := topN[Scored]{n: rankedFirst, order: compareScored}
	for e, s := range entScore {
		bestU := 0.0
		for _, u := range x.entUnits[e] {
			bestU = max(bestU, unitScore[u])
		}
		if s += bestU; s > 0 {
			entScore[e] = s
			top.offer(Scored{Entity: e, Score: s})
		}
	}
	res.ranked.first, res.ranked.scores = top.sorted(), entScore
	return res
}

func bm25IDF(n, df int) float64 {
	if df == 0 {
		return 0
	}
	return math.Log(1 + (float64(n)-float64(df)+0.5)/(float64(df)+0.5))
}

func bm25TF(tf, dl, avg float64) float64 {
	if avg <= 0 {
		avg = 1
	}
	return tf * (bm25K1 + 1) / (tf + bm25K1*(1-bm25B+bm25B*dl/avg))
}

// countAny is count for a term and its synonyms (text.Term.Words) taken
// as one word: the documents holding any of them, ascending, each with
// the sum of their counts, and the total count.
func (x *Lexical) countAny(ws []string) ([]docHit, int) {
	byDoc := map[int32]int32{}
	total := 0
	for _, w := range ws {
		hits, n := x.count(w)
		total += n
		for _, h := range hits {
			byDoc[h.doc] += h.tf
		}
	}
	out := make([]docHit, 0, len(byDoc))
	for d, tf := range byDoc {
		out = append(out, docHit{d, tf})
	}
	slices.SortFunc(out, func(a, b docHit) int { return cmp.Compare(a.doc, b.doc) })
	return out, total
}
