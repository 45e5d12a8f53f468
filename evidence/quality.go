package evidence

import (
	"cmp"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"reportengine/internal/parallel"
)

// PairRunes is the longest passage before a Fragment that is quoted with
// it (see Set.Quality); a longer one makes the fragment unquotable.
const PairRunes = 160

// Quality returns the noise class of item i (Classify of its text, with
// the passage before it in the text it was first cut from; a web source
// passage that does not end as a statement — endsStatement — was cut off
// by the engine and is a Fragment) and, for a Fragment, the passage to
// quote before it: the previous passage when it is Clean and at most
// PairRunes runes and the fragment itself is whole (not cut off), else ""
// (the fragment is then not to be quoted). For the other classes context is "". An index out of
// range gives Clean and "".
func (s *Set) Quality(i int) (n Noise, context string) {
	if i < 0 || i >= len(s.Items) {
		return Clean, ""
	}
	it := &s.Items[i]
	prev := ""
	if p := int(it.prev) - 1; p >= 0 && p < len(s.Items) {
		prev = s.Items[p].Text
	}
	n = Classify(it.Text, prev)
	if it.Kind == KindSource && n == Clean && !endsStatement(it.Text) {
		n = Fragment // the engine stored the page cut at a fixed length ("…又要平衡各")
	}
	if n == Fragment && prev != "" && utf8.RuneCountInString(prev) <= PairRunes && !storedCut(it.Text) && endsStatement(it.Text) {
		pp := ""
		if q := int(s.Items[int(it.prev)-1].prev) - 1; q >= 0 && q < len(s.Items) {
			pp = s.Items[q].Text
		}
		if c := Classify(prev, pp); c == Clean || c == Fragment && eventLeadIn(skipConnectives(prev)) {
			context = prev // a lead-in ("然而，事件的关键转折点在于…") is quoted with what it announces
		}
	}
	return n, context
}

// endsStatement reports a passage that ends as a sentence does: with a
// sentence mark, a closing quote or bracket, a percent sign or a digit.
func endsStatement(s string) bool {
	r, _ := utf8.DecodeLastRuneInString(strings.TrimSpace(s))
	return strings.ContainsRune("。｡.!！?？;；…”’」』）)》%", r) || r >= '0' && r <= '9'
}

// Context returns the passage to quote before the item with that id (see
// Quality), "" when there is none.
func (s *Set) Context(id string) string {
	i, ok := s.byID[id]
	if !ok {
		return ""
	}
	_, c := s.Quality(i)
	return c
}

// Rejected is an item the plan's finding gate kept out of a sub-point it
// scored best for (evidence.json shows why).
type Rejected struct {
	ItemID string `json:"item_id"`
	Key    string `json:"sub_point"` // "S2/1"
	// Reason is "noise" (Noise names the class) or "off_topic" (Subject
	// names who the passage is about, when it names anyone).
	Reason  string `json:"reason"`
	Noise   string `json:"noise,omitempty"`
	Subject string `json:"subject,omitempty"`
	// Text is the passage's first RejectedRunes runes (the item itself is
	// not in evidence.json's items unless a sub-point was given it).
	Text string `json:"text"`
}

// RejectedRunes is how much of a rejected passage evidence.json shows.
const RejectedRunes = 80

// gate is the plan's finding gate: a candidate is quoted only when it is
// Clean (or a Fragment with a passage to quote before it) and no heading
// (sectionHeading), about the run's topic event or none of its events and
// no background (that passage before it too), and the topic model judges
// it on topic.
type gate struct {
	set   *Set
	topic *Topic // nil: no topic, every passage on topic
	// sections are the engines' paragraph titles (Provenance.Section),
	// Normalized
	sections map[string]bool
}

// verdict is the gate's decision on one item.
type verdict struct {
	ok      bool
	noise   Noise
	on      bool
	subject string
}

func newGate(set *Set, topic string) gate {
	g := gate{set: set, sections: map[string]bool{}}
	for _, it := range set.Items {
		for _, p := range it.Provenance {
			if p.Section != "" {
				g.sections[Normalize(p.Section)] = true
			}
		}
	}
	if tp, err := NewTopic(TopicConfig{Topic: topic, Profile: set.Analysis()}); err == nil {
		g.topic = tp
	}
	return g
}

// judge decides item i: its noise class and context (Quality), its
// event, a content farm's page (farmItem) or a generalisation naming
// nothing of the case (generic), then the topic model on its text, the
// passage before it and its page title (a source) or section title (an
// engine's summary).
func (g gate) judge(i int) verdict {
	n, ctx := g.set.Quality(i)
	if n == Clean && g.sectionHeading(g.set.Items[i].Text) {
		n = Listing
	}
	v := verdict{noise: n, on: true}
	if n != Clean && (n != Fragment || ctx == "") {
		return v
	}
	for _, k := range []int{i, int(g.set.Items[i].prev) - 1} {
		if k != i && (n != Fragment || k < 0) {
			continue // the passage quoted before a fragment is judged with it
		}
		if g.set.otherEvent(k) {
			v.on, v.subject = false, g.set.eventNameOf(k) // about a related event (GroupEvents)
			return v
		}
		if e := g.set.foreignItem(k); e != 0 {
			v.on, v.subject = false, g.set.Events[e-1].Name // its own words are a related event's (markForeign)
			return v
		}
		if n := g.set.incident[k]; n != "" {
			v.on, v.subject = false, n // it names an incident of its own (markForeign)
			return v
		}
		if g.set.backgroundItem(k) {
			v.on, v.subject = false, BackgroundSubject // about no event of the run (markBackground)
			return v
		}
	}
	if g.set.farmItem(i) {
		v.on, v.subject = false, FarmSubject // seen, never quoted: a publisher or the engines say it instead
		return v
	}
	if g.generic(i, ctx) {
		v.on, v.subject = false, GenericSubject
		return v
	}
	if g.set.offSpeechItem(i) && (g.topic == nil || !g.topic.Names(g.set.Items[i].Text)) {
		v.on = false // a passage of a speech not about the topic (Topic.JudgeSpeech) that does not name it
		return v
	}
	if g.topic != nil {
		it := &g.set.Items[i]
		p := it.Provenance[0]
		title := p.Section
		switch {
		case it.Kind == KindTitle:
			title = "" // the title is the passage
		case p.Kind == KindSource || p.Kind == KindTitle:
			title = p.Title
		}
		j := g.topic.Judge(it.Text, ctx, title)
		v.on, v.subject = j.OnTopic, j.Subject
	}
	v.ok = v.on
	return v
}

// sectionHeading reports a passage that is only a heading: a line with
// no sentence or clause mark that is, Normalized, an engine's paragraph
// title. An engine's final report repeats its paragraphs under their
// titles ("## 同类品牌对比与影响力位置"), and a title of MinRunes runes or
// more is cut as a passage of its own; the sample's report printed it as
// the query engine's finding.
func (g gate) sectionHeading(t string) bool {
	t = strings.TrimSpace(t)
	return t != "" && !strings.ContainsAny(t, "。｡！!？?；;，,：:") && g.sections[Normalize(t)]
}

// Primary-source matching limits.
const (
	// PrimaryContainment is the share of an engine passage's character
	// trigrams a web source passage must hold to be the same text.
	PrimaryContainment = 0.4
	// PrimaryClauseRunes is the fewest runes (Normalize: letters and
	// digits) of a clause of an engine passage that a web passage may
	// repeat for the two to state the same claim; shorter clauses
	// ("引发了广泛讨论") are said of anything. With PrimaryClauseShare it
	// takes the fixture's engine passages with a web source from 28 to 45
	// of 1343 (16 runes and 0.75: 37).
	PrimaryClauseRunes = 12
	// PrimaryClauseShare is the share of such a clause's trigrams a web
	// passage must hold (the clause nearly as it is, its punctuation and
	// a word or two aside).
	PrimaryClauseShare = 0.7
	// PrimaryFigureContainment is the share of a figure's clause's
	// trigrams a web source passage holding the same figure must hold.
	PrimaryFigureContainment = 0.25
	// MaxPrimary is the most web sources given to one engine passage
	// (Assigned.Primary); PrimarySources returns up to primaryCandidates,
	// the plan keeps the best that pass its finding gate.
	MaxPrimary        = 1
	primaryCandidates = 3
)

// primaryUsable reports whether a source passage of that class may be
// cited as the primary source of a claim: not page furniture, an advert,
// filler, a listing or a comment floor.
func primaryUsable(n Noise) bool {
	return !slices.Contains([]Noise{Furniture, Advert, Filler, Listing, Floor}, n)
}

// PrimarySources finds, for each item index in engine (passages of the
// engines' summaries, final reports and forum speeches), the web source
// passages that state the same claim: a source passage (an item first
// found in a search record's content, with a URL) that
//
//   - holds at least PrimaryContainment of the engine passage's
//     character trigrams (nearly the same text), or
//   - holds PrimaryClauseShare of the trigrams of one of its clauses of
//     PrimaryClauseRunes runes or more, its last trigram among them (the
//     same sentence inside a longer paragraph of the engine's; a clause's
//     claim is at its end: "…风险信号是价格" is not stated by a page sharing
//     only "…风险信号"), or
//   - states one of its figures — as written (28%, 4.8亿) or the same
//     value (figureKey: 28.0% for 28%, 41000万 for 4.1亿) — and holds at
//     least PrimaryFigureContainment of that figure's clause's trigrams
//     (the same figure said of the same thing).
//
// A source passage whose noise class is not primaryUsable is never one.
// The result maps an engine item's index to at most three source item
// indexes, best first (the higher containment of the engine passage;
// ties: the earlier item); items without a match are absent.
// Deterministic; the source passages are scanned once, in parallel.
//
// BettaFish cites nothing; its report quotes the engines' paragraphs as
// they are. We cite the page the engine read, with the engine's paragraph
// as the second reference.
func (s *Set) PrimarySources(engine []int) map[int][]int {
	idx := s.primaryIndex(engine)
	if len(idx.qs) == 0 {
		return nil
	}
	var srcs []int
	for i := range s.Items {
		if (s.Items[i].Kind == KindSource || s.Items[i].Kind == KindTitle) && s.Items[i].FirstURL() != "" {
			srcs = append(srcs, i)
		}
	}
	found := make([][]primaryHit, len(srcs)) // per source: the queries it matches
	parallel.Each(len(srcs), 64, func(_, k int) {
		found[k] = s.primaryHits(idx, srcs[k])
	})
	best := make([][]primaryHit, len(idx.qs))
	for k, hs := range found {
		for _, h := range hs {
			best[h.src] = append(best[h.src], primaryHit{srcs[k], h.score})
		}
	}
	out := map[int][]int{}
	for qi, hs := range best {
		if len(hs) == 0 {
			continue
		}
		slices.SortStableFunc(hs, func(a, b primaryHit) int { return cmp.Or(cmp.Compare(b.score, a.score), cmp.Compare(a.src, b.src)) })
		for _, h := range hs[:min(len(hs), primaryCandidates)] {
			out[idx.qs[qi].item] = append(out[idx.qs[qi].item], h.src)
		}
	}
	return out
}

// primaryHit is a match of PrimarySources: the other side's index (a
// query of the source, or the source of a query) and the containment of
// the engine passage's trigrams.
type primaryHit struct {
	src   int
	score float64
}

// primaryFigure is an engine passage's figure as PrimarySources looks
// for it: as written, its value key (figureKey) and its clause's trigrams.
type primaryFigure struct {
	raw, key string
	clause   []uint64
}

// primaryQuery is one engine passage of PrimarySources: its item, its
// trigrams and its figures.
type primaryQuery struct {
	item  int
	grams []uint64
	figs  []primaryFigure
}

// primaryClause is a clause of PrimaryClauseRunes runes or more of a
// query, with its number of trigrams.
type primaryClause struct {
	query int32
	n     int
	last  uint64 // its final trigram: where a clause states its claim
}

// primaryQueries indexes the engine passages of PrimarySources: posting
// lists from trigram to the queries and to the clauses holding it, and
// from figure key to the queries stating it.
type primaryQueries struct {
	qs         []primaryQuery
	post       map[uint64][]int32 // trigram → queries holding it
	clauses    []primaryClause
	clausePost map[uint64][]int32 // trigram → clauses holding it
	byKey      map[string][]int32 // figure key → queries stating it
}

// primaryIndex indexes the passages of engine that are no web source
// passage and have trigrams.
func (s *Set) primaryIndex(engine []int) *primaryQueries {
	idx := &primaryQueries{post: map[uint64][]int32{}, clausePost: map[uint64][]int32{}, byKey: map[string][]int32{}}
	for _, i := range engine {
		if i < 0 || i >= len(s.Items) || s.Items[i].Kind == KindSource || s.Items[i].Kind == KindTitle {
			continue
		}
		q := primaryQuery{item: i, grams: trigramList(Normalize(s.Items[i].Text))}
		if len(q.grams) == 0 {
			continue
		}
		qi := int32(len(idx.qs))
		for _, f := range s.figuresOf(s.Items[i].ID) {
			if f.Kind == FigDate || f.Raw == "" {
				continue
			}
			fq := primaryFigure{raw: f.Raw, key: figureKey(f), clause: trigramList(Normalize(f.Sentence))}
			if fq.key != "" && !slices.Contains(idx.byKey[fq.key], qi) {
				idx.byKey[fq.key] = append(idx.byKey[fq.key], qi)
			}
			q.figs = append(q.figs, fq)
		}
		for _, g := range q.grams {
			idx.post[g] = append(idx.post[g], qi)
		}
		for _, c := range clausesOf(s.Items[i].Text) {
			if utf8.RuneCountInString(c) < PrimaryClauseRunes {
				continue
			}
			cg := trigramList(c)
			for _, g := range cg {
				idx.clausePost[g] = append(idx.clausePost[g], int32(len(idx.clauses)))
			}
			rs := []rune(c)
			idx.clauses = append(idx.clauses, primaryClause{qi, len(cg), trigram(rs[len(rs)-3:])})
		}
		idx.qs = append(idx.qs, q)
	}
	return idx
}

// primaryHits are the queries source item si states (PrimarySources'
// three rules), each with its containment; none when the source's noise
// class is not primaryUsable.
func (s *Set) primaryHits(idx *primaryQueries, si int) []primaryHit {
	text := s.Items[si].Text
	sg := trigramList(Normalize(text))
	counts := map[int32]int{}
	ccounts := map[int32]int{}
	for _, g := range sg {
		for _, q := range idx.post[g] {
			counts[q]++
		}
		for _, c := range idx.clausePost[g] {
			ccounts[c]++
		}
	}
	match := map[int32]bool{}
	for ci, n := range ccounts {
		// the clause nearly as it is, and its end: "正在积累的声誉风险信号是
		// 价格" is not stated by a page saying "这是正在积累的声誉风险信号：
		// 风险来自营业安排" (the same words, another claim)
		if c := idx.clauses[ci]; float64(n) >= PrimaryClauseShare*float64(c.n) {
			if _, ok := slices.BinarySearch(sg, c.last); ok {
				match[c.query] = true
			}
		}
	}
	keys := map[string]bool{}
	for _, f := range s.figuresOf(s.Items[si].ID) {
		if k := figureKey(f); k != "" {
			keys[k] = true
		}
	}
	sameFigure := func(q *primaryQuery) bool {
		return slices.ContainsFunc(q.figs, func(f primaryFigure) bool {
			return (strings.Contains(text, f.raw) || keys[f.key]) && containment(f.clause, sg) >= PrimaryFigureContainment
		})
	}
	for k := range keys {
		for _, qi := range idx.byKey[k] {
			counts[qi] += 0 // a query sharing no trigram can still state the figure
		}
	}
	var hs []primaryHit
	for qi, n := range counts {
		q := &idx.qs[qi]
		score := float64(n) / float64(len(q.grams))
		if score >= PrimaryContainment || match[qi] || sameFigure(q) {
			hs = append(hs, primaryHit{int(qi), score})
		}
	}
	if len(hs) > 0 {
		if n, _ := s.Quality(si); !primaryUsable(n) {
			return nil
		}
	}
	return hs
}

// States reports whether the web source passage of item index src
// states figure f of the same thing: it holds f as written (28%, 4.8亿)
// or a figure of the same value (figureKey: 28.0%, 41000万), and at least
// PrimaryFigureContainment of the trigrams of f's clause. An index out of
// range or a date gives false.
func (s *Set) States(src int, f Figure) bool {
	if src < 0 || src >= len(s.Items) || f.Kind == FigDate || f.Raw == "" {
		return false
	}
	text, k := s.Items[src].Text, figureKey(f)
	same := strings.Contains(text, f.Raw) ||
		k != "" && slices.ContainsFunc(s.figuresOf(s.Items[src].ID), func(g Figure) bool { return figureKey(g) == k })
	return same && containment(trigramList(Normalize(f.Sentence)), trigramList(Normalize(text))) >= PrimaryFigureContainment
}

// clausesOf cuts a passage into its clauses (at sentence and clause
// marks: ，；：、。 and their ASCII forms), each Normalized; empty ones
// are left out.
func clausesOf(s string) []string {
	var out []string
	for _, c := range strings.FieldsFunc(s, func(r rune) bool { return strings.ContainsRune("，,；;：:、。｡！？!?､", r) }) {
		if n := Normalize(c); n != "" {
			out = append(out, n)
		}
	}
	return out
}

// figureKey is a figure's value as a comparable key: the number with 万
// and 亿 applied, to six significant digits, and "%" for a percentage —
// 28% and 28.0% are one, and so are 4.1亿 and 41000万; "" for a date or a
// figure without a value. What the number counts is left to the clause
// around it (PrimarySources compares the clauses).
func figureKey(f Figure) string {
	if f.Kind == FigDate || f.Raw == "" || f.Scaled == 0 {
		return ""
	}
	u := ""
	if f.Unit == "%" || f.Unit == "％" {
		u = "%"
	}
	v := f.Scaled
	e := math.Pow(10, math.Floor(math.Log10(math.Abs(v)))-5)
	return strconv.FormatFloat(math.Round(v/e)*e, 'g', 6, 64) + u
}
