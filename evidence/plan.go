package evidence

import (
	"cmp"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"reportengine/text"
)

// Plan limits.
const (
	// PerSubPoint is the most items one sub-point is given by MakePlan
	// (PlanOptions.PerSubPoint changes it).
	PerSubPoint = 6
	// MinScore is the lowest score an assigned item may have.
	MinScore = 0.04
	// MinRelevance is the lowest text relevance an assigned item may have
	// to its sub-point, whatever its retrieval similarity and boosts: a
	// passage that shares nothing with the sub-point's words is not padded
	// in because its source was retrieved or queried.
	MinRelevance = 0.01
	// MMRPool is how many of a sub-point's best candidates the MMR
	// selection considers, per item it may keep (8 × PerSubPoint by
	// default).
	MMRPool = 8
	// Lambda weighs relevance against novelty in the MMR selection inside a
	// sub-point (1 = relevance only).
	Lambda = 0.7
	// OffTopicFactor multiplies the score of a source passage that does not
	// mention the topic.
	OffTopicFactor = 0.2
	// RelativeFloor is the lowest share of its sub-point's best score an
	// assigned item may have: a sub-point whose lead passage states it
	// plainly (score 0.4–0.5) is not padded with passages that only share
	// a word or two with its title (0.05–0.09: the sample's 2.3 影响力位置
	// had been given 牛奶每日配送未受影响, its 5.1 人群特征 three passages
	// about the membership scheme). Left out as "weak" and kept as spare
	// for an empty sub-point whose runner-up they are.
	RelativeFloor = 0.15
)

// ChapterSpec is one chapter the plan fills: its id and title and its
// template sub-points (outline points). A chapter with Summary set
// summarises the others and is given no items (it is written afterwards
// from the other chapters' findings).
type ChapterSpec struct {
	ID        string
	Title     string
	SubPoints []string
	Summary   bool
}

// Assigned is one item given to a sub-point, with the reasons.
type Assigned struct {
	ItemID    string  `json:"item_id"`
	Score     float64 `json:"score"`           // relevance to the sub-point, off-topic factor applied
	Relevance float64 `json:"relevance"`       // relevance before the factor
	Runner    string  `json:"runner_up"`       // the next best sub-point ("S3/2"), "" if none; its own key for a runner-up filling an empty sub-point (fillEmpty)
	OnTopic   bool    `json:"on_topic"`        // the passage mentions the topic (always true for engine and forum text)
	MMRRank   int     `json:"mmr_rank"`        // position chosen by MMR, 1-based
	Boost     float64 `json:"boost,omitempty"` // added by graph query results (AddBoost)
	// Retrieval is the similarity (0–1) of what the sub-point's retrieval
	// matched to reach the item, RetrievalRank that match's 1-based rank
	// (0: a candidate of every sub-point) and Via what it was (see
	// Candidate); empty without retrieval.
	Retrieval     float64 `json:"retrieval,omitempty"`
	RetrievalRank int     `json:"retrieval_rank,omitempty"`
	Via           string  `json:"via,omitempty"`
	// Subject is who the passage is about as the topic model found it
	// (Topic.Judge: the topic's name, or "" when it names no one).
	Subject string `json:"subject,omitempty"`
	// Noise is "fragment" for a passage quoted with the one before it
	// (Set.Context); "" for a clean one. Other classes are never assigned.
	Noise string `json:"noise,omitempty"`
	// Primary are the ids of web source passages that state the same
	// claim as this engine passage or forum speech (Set.PrimarySources):
	// cite them first, the item second.
	Primary []string `json:"primary,omitempty"`
	// Wording marks the passage the wording pass gave a sub-point left
	// empty (fillByWording): Score and Relevance are then against the
	// title with its outline wordings (still at least MinScore).
	Wording bool `json:"wording,omitempty"`
}

// SubPlan is one sub-point's evidence.
type SubPlan struct {
	Key     string     `json:"key"` // "S2/1": chapter id and 1-based sub-point number
	Title   string     `json:"title"`
	Items   []Assigned `json:"items"`
	Figures []Figure   `json:"figures,omitempty"` // the figures of its items, in item order
}

// ChapterPlan is one chapter's evidence.
type ChapterPlan struct {
	ID        string    `json:"id"`
	Title     string    `json:"title"`
	Summary   bool      `json:"summary,omitempty"`
	SubPoints []SubPlan `json:"sub_points"`
}

// Plan assigns every item to at most one sub-point of one chapter.
type Plan struct {
	Topic    string        `json:"topic"`
	Chapters []ChapterPlan `json:"chapters"`
	// Unassigned counts items left out, by reason: "below_min_score",
	// "off_topic", "quota" (a better-suited or more novel item took the place),
	// "weak" (under RelativeFloor of its sub-point's best score),
	// "not_retrieved" (with PlanOptions.Candidates: no sub-point's retrieval found it).
	Unassigned map[string]int `json:"unassigned"`
	Assigned   int            `json:"assigned"`
	// Rejected are the candidates the finding gate kept out of the
	// sub-point they scored best for (noise classes, off topic), in
	// sub-point order, then score order; counted in Unassigned as "noise"
	// and "off_topic_subject".
	Rejected []Rejected `json:"rejected,omitempty"`
}

// Boost weights of graph query results.
const (
	// RoundQuota is the most keys one graph query round may boost; the
	// round's keys are ranked by the relevance of their best item to the
	// chapter, not by the order the query returned them in.
	RoundQuota = 40
	// BoostScore is added to an item's score for the chapter whose graph
	// query round found its source URL or section.
	BoostScore = 0.05
)

// Rounds are a report's graph query results for the plan: chapter id →
// rounds in order → the keys a round matched (source URLs and section
// titles). MakePlan turns them into boosts (see RoundQuota, BoostScore), so
// the model's query rounds feed the same plan, merged by score.
type Rounds map[string][][]string

// Boosts are per chapter id the score added to items whose provenance URL
// or section title is a key.
type Boosts map[string]map[string]float64

// RetrievalWeight weighs a candidate's retrieval similarity (Candidate.Retrieval, 0–1)
// against its text relevance in the score: score = (relevance +
// RetrievalWeight·retrieval) · (OffTopicFactor when off topic) + boost.
const RetrievalWeight = 0.1

// Candidate is one item a retrieval found for a sub-point (see
// PlanOptions.Candidates).
type Candidate struct {
	Item      int     // index into Set.Items
	Retrieval float64 // similarity (0–1) of what the retrieval matched: the entity that reached the item
	Rank      int     // 1-based rank of that match in the retrieval's order; 0 for an item that is a candidate of every sub-point (the engines' own analysis)
	Via       string  // what reached it, for evidence.json ("source: <title>", "section: <title>", "engine: insight")
}

// SubPointQuery is the text a retrieval is asked for one sub-point: the
// sub-point title without its outline number, then the chapter title.
func SubPointQuery(chapterTitle, subPoint string) string {
	return strings.TrimSpace(stripNumber(subPoint) + " " + chapterTitle)
}

// SubPointKey is the key of a chapter's si-th (0-based) sub-point: "S2/1".
func SubPointKey(chapterID string, si int) string { return chapterID + "/" + strconv.Itoa(si+1) }

// MakePlan is MakePlanWith with the default options: PerSubPoint items
// per sub-point, every item a candidate of every sub-point.
func MakePlan(set *Set, topic string, chapters []ChapterSpec, rounds Rounds) *Plan {
	return MakePlanWith(set, topic, chapters, rounds, PlanOptions{})
}

// PlanOptions change MakePlanWith's limits and candidates. Zero values
// mean MakePlan's.
type PlanOptions struct {
	// PerSubPoint is the most items one sub-point is given; 0 =
	// PerSubPoint (6). A prompt budget for a large-context model holds
	// several times more (package nodes scales it with its prompt budget).
	PerSubPoint int
	// Candidates, when not nil, are per sub-point key ("S2/1", see
	// SubPlan.Key and SubPointKey) the items a retrieval found for
	// SubPointQuery of that sub-point; an item is then scored only against
	// the sub-points that retrieved it, and an item no sub-point retrieved
	// is left out ("not_retrieved"). The relevance IDF is then taken over
	// the candidates. nil: every item is a candidate of every sub-point,
	// with retrieval 0.
	Candidates map[string][]Candidate
}

// MakePlanWith scores every candidate item against the sub-points of the
// non-summary chapters that retrieved it, gives each item to the one
// sub-point where it scores best (ties: chapter order, then sub-point
// order), then keeps at most PerSubPoint items per sub-point chosen by
// maximal marginal relevance (relevance against trigram overlap with the
// items already chosen). Items scoring below MinScore, or with a relevance
// below MinRelevance, or under RelativeFloor of the sub-point's best
// chosen score, are left out. Source passages that do not mention
// the topic score OffTopicFactor of their score. A sub-point left empty
// is then filled, where it can be, by fillEmpty and fillByWording.
//
// Relevance is the cosine of the item text's character-bigram log-TF
// vector against the TF-IDF vector (IDF over the candidate items) of the
// sub-point title plus the half-weighted chapter title (see scorer); it
// needs no model and works on text without spaces. A candidate's
// retrieval similarity adds RetrievalWeight of itself (see Candidate).
// Deterministic: same set, chapters, rounds and options, same plan.
func MakePlanWith(set *Set, topic string, chapters []ChapterSpec, rounds Rounds, opts PlanOptions) *Plan {
	perSubPoint := opts.PerSubPoint
	if perSubPoint <= 0 {
		perSubPoint = PerSubPoint
	}
	p := &Plan{Topic: topic, Unassigned: map[string]int{}}
	targets, queries := planTargets(p, chapters)
	// the chapters' own queries (title and sub-points) rank graph query keys
	chapterQ := len(queries)
	for _, c := range chapters {
		queries = append(queries, []weighted{{c.Title + " " + strings.Join(c.SubPoints, " "), 1}})
	}
	// the retrieval's candidates, per item: which targets found it, how
	hits := candidatesByItem(set, opts.Candidates, func(key string) int {
		return slices.IndexFunc(targets, func(t planTarget) bool { return t.key == key })
	})
	corpus := set.Items
	if hits != nil {
		corpus = make([]Item, 0, len(hits))
		for i, hs := range hits {
			if len(hs) > 0 {
				corpus = append(corpus, set.Items[i])
			}
		}
	}
	sc := newScorer(corpus, queries)
	boosts := roundBoosts(set, sc, chapterQ, chapters, rounds)
	res := scoreItems(set, sc, len(queries), targets, chapters, hits, boosts, TopicNames(topic))
	fg := newGate(set, topic)
	var spare []cand // gate-passing candidates their quota left out
	judged := map[int]verdict{}
	for k, cs := range bestSubPoints(p, targets, res) {
		sp := &p.Chapters[k[0]].SubPoints[k[1]] // its target's (planTargets)
		pool, verdicts := gatePool(set, p, fg, cs, sp.Key, MMRPool*perSubPoint)
		chosen := mmrChoose(set, pool, perSubPoint)
		chosen, weak := cutWeak(chosen)
		p.Unassigned["quota"] += len(pool) - len(chosen) - weak
		if weak > 0 {
			p.Unassigned["weak"] += weak
		}
		assign(set, sp, chosen, verdicts)
		p.Assigned += len(chosen)
		for _, c := range pool {
			if !slices.ContainsFunc(chosen, func(x cand) bool { return x.item == c.item }) {
				spare, judged[c.item] = append(spare, c), verdicts[c.item]
			}
		}
	}
	fillEmpty(set, p, spare, judged)
	fillByWording(set, p, fg, corpus, targets, res, hits, judged)
	dropRepeatedPairs(set, p)
	sortRejected(p)
	addPrimary(set, p, fg)
	return p
}

// cutWeak removes from a sub-point's chosen candidates (in MMR order) those
// scoring under RelativeFloor of the best of them, keeping the order, and
// returns how many went.
func cutWeak(chosen []cand) ([]cand, int) {
	best := 0.0
	for _, c := range chosen {
		best = math.Max(best, c.score)
	}
	kept := slices.DeleteFunc(slices.Clone(chosen), func(c cand) bool { return c.score < RelativeFloor*best })
	return kept, len(chosen) - len(kept)
}

// dropRepeatedPairs removes a fragment quoted with the passage before it
// (Assigned.Noise "fragment") when that passage is itself assigned
// somewhere in the plan: the pair would print it twice. Counted in
// Unassigned as "pair_repeats"; the sub-point's figures are those of its
// remaining items.
func dropRepeatedPairs(set *Set, p *Plan) {
	chosen := plannedItems(set, p)
	for _, sp := range p.subPlans {
		kept := sp.Items[:0]
		for _, a := range sp.Items {
			if a.Noise == Fragment.String() && chosen[int(set.Items[set.byID[a.ItemID]].prev)-1] {
				p.Unassigned["pair_repeats"]++
				p.Assigned--
				continue
			}
			kept = append(kept, a)
		}
		if len(kept) < len(sp.Items) {
			sp.Figures = nil
			for _, a := range kept {
				sp.Figures = append(sp.Figures, set.eventFiguresOf(a.ItemID)...)
			}
		}
		sp.Items = kept
	}
}

// subPlans yields every sub-point of the plan with its chapter, in plan
// order.
func (p *Plan) subPlans(yield func(*ChapterPlan, *SubPlan) bool) {
	for ci := range p.Chapters {
		for si := range p.Chapters[ci].SubPoints {
			if !yield(&p.Chapters[ci], &p.Chapters[ci].SubPoints[si]) {
				return
			}
		}
	}
}

// plannedItems is the set of the indexes of the items the plan assigns.
func plannedItems(set *Set, p *Plan) map[int]bool {
	held := map[int]bool{}
	for _, sp := range p.subPlans {
		for _, a := range sp.Items {
			held[set.byID[a.ItemID]] = true
		}
	}
	return held
}

// Primary sources in the plan.
const (
	// WebPerSubPoint is how many web source passages (a search record's
	// content with a URL) a sub-point is given when its MMR pool holds
	// them: the page the engines read is cited, not only their paragraph.
	WebPerSubPoint = 3
	// WebScoreShare is the lowest score, as a share of the sub-point's
	// best chosen score, of a web passage that takes a place by
	// WebPerSubPoint.
	WebScoreShare = 0.4
)

// webQuota makes sure chosen holds WebPerSubPoint web source passages
// when the pool has them: the best unchosen ones in pool (score) order
// whose score is at least WebScoreShare of the best chosen score and that
// repeat no chosen passage (trigram containment under NearDuplicate)
// replace the last chosen passages that are not web sources, the best
// page taking the earliest of the freed ranks.
func webQuota(set *Set, chosen, pool []cand, used []bool, grams, chosenGrams [][]uint64) []cand {
	isWeb := func(c cand) bool { it := &set.Items[c.item]; return it.Kind == KindSource && it.FirstURL() != "" }
	web := 0
	for _, c := range chosen {
		if isWeb(c) {
			web++
		}
	}
	if web >= WebPerSubPoint || len(chosen) == 0 {
		return chosen
	}
	floor := WebScoreShare * chosen[0].score
	var take []int // pool indexes of the web passages that take a place, best first
	for ci, c := range pool {
		if web+len(take) >= WebPerSubPoint {
			break
		}
		if used[ci] || !isWeb(c) || c.score < floor {
			continue
		}
		if !slices.ContainsFunc(chosenGrams, func(h []uint64) bool { return containment(grams[ci], h) >= NearDuplicate }) {
			take = append(take, ci) // it repeats no chosen passage
		}
	}
	// the last chosen passages that are not web sources give way, in rank
	// order: the best web passage takes the earliest of their places
	var slots []int
	for r := len(chosen) - 1; r >= 0 && len(slots) < len(take); r-- {
		if !isWeb(chosen[r]) {
			slots = append(slots, r)
		}
	}
	slices.Reverse(slots)
	for k, r := range slots {
		ci := take[k]
		chosen[r] = pool[ci]
		chosenGrams[r] = grams[ci]
		used[ci] = true
	}
	return chosen
}

// sortRejected orders Plan.Rejected by sub-point (chapter, then
// sub-point order) and item order, whatever order the sub-points were
// filled in.
func sortRejected(p *Plan) {
	order := map[string]int{}
	for _, sp := range p.subPlans {
		order[sp.Key] = len(order)
	}
	slices.SortStableFunc(p.Rejected, func(a, b Rejected) int {
		return cmp.Or(cmp.Compare(order[a.Key], order[b.Key]), compareIDs(a.ItemID, b.ItemID))
	})
}

// addPrimary gives every assigned engine passage and forum speech the
// web source passage that states the same claim (Set.PrimarySources),
// the best that passes the finding gate (a clean passage on topic: the
// page of another city's event is never a primary source) — of those, one
// that states one of the passage's figures with a KPI label first — and sets the Primary
// of the sub-point's figures with a KPI label (a card's figure) that
// passage states (Set.States).
func addPrimary(set *Set, p *Plan, fg gate) {
	prim := set.PrimarySources(slices.Sorted(maps.Keys(plannedItems(set, p)))) // (its result is that of any order)
	if len(prim) == 0 {
		return
	}
	for _, sp := range p.subPlans {
		for ai := range sp.Items {
			ok := slices.DeleteFunc(slices.Clone(prim[set.byID[sp.Items[ai].ItemID]]), func(j int) bool { return !fg.judge(j).ok })
			figs := slices.DeleteFunc(set.figuresOf(sp.Items[ai].ItemID), func(f Figure) bool { return f.KPI == "" }) // its card figures
			// the pages stating one of them first, each part in its order
			stating := func(j int) bool { return slices.ContainsFunc(figs, func(f Figure) bool { return set.States(j, f) }) }
			ok = append(slices.DeleteFunc(slices.Clone(ok), func(j int) bool { return !stating(j) }), slices.DeleteFunc(ok, stating)...)
			for _, j := range ok[:min(len(ok), MaxPrimary)] {
				sp.Items[ai].Primary = append(sp.Items[ai].Primary, set.Items[j].ID)
				for fi := range sp.Figures {
					if f := &sp.Figures[fi]; f.ItemID == sp.Items[ai].ItemID && f.KPI != "" && f.Primary == "" && set.States(j, *f) {
						f.Primary = set.Items[j].ID
					}
				}
			}
		}
	}
}

// eventFiguresOf returns the figures of one item that may be a KPI or a
// chart part (topicFigure: not contested by another event).
func (s *Set) eventFiguresOf(id string) []Figure {
	return slices.DeleteFunc(s.figuresOf(id), func(f Figure) bool { return !s.topicFigure(f) })
}

// figuresOf returns the figures of one item.
func (s *Set) figuresOf(id string) []Figure {
	var out []Figure
	for _, i := range s.figIdx[id] {
		out = append(out, s.Figures[i])
	}
	return out
}

// onTopic: a passage about a related event (GroupEvents) is off topic;
// engine summaries, final reports and forum speeches are the run's
// own analysis and on topic; a source passage, and a passage found only in
// speeches judged whole not about the topic (Set.offSpeechItem), is on
// topic when its text or its source title contains one of the topic's
// names (TopicNames), case-insensitively.
func (s *Set) onTopic(i int, names []string) bool {
	it := &s.Items[i]
	if len(names) == 0 {
		return true
	}
	if s.otherEvent(i) {
		return false // about a related event (GroupEvents)
	}
	for _, p := range it.Provenance {
		if p.Kind != KindSource && p.Kind != KindTitle && (p.Kind != KindForum || !s.offSpeech[p.ForumLine]) {
			return true
		}
	}
	named := func(t string) bool { return text.FirstWord(strings.ToLower(t), names) != "" }
	return named(it.Text) || slices.ContainsFunc(it.Provenance, func(p Provenance) bool { return named(p.Title) })
}

// TopicNames returns the lower-cased names a passage may use for the
// topic: the topic itself, the topic without a trailing 舆情/舆论/事件/分析,
// and for a name ending in 大学 its usual short form (first rune + 大:
// 武汉大学 → 武大). Empty for an empty topic.
func TopicNames(topic string) []string {
	t := strings.ToLower(strings.TrimSpace(topic))
	if t == "" {
		return nil
	}
	names := []string{t}
	for _, suf := range []string{"舆情分析", "舆情", "舆论", "事件", "分析"} {
		if s := strings.TrimSuffix(t, suf); s != t && s != "" {
			names = append(names, s)
			t = s
			break
		}
	}
	if rs := []rune(t); len(rs) >= 4 && strings.HasSuffix(t, "大学") {
		names = append(names, string(rs[0])+"大")
	}
	return names
}

// containment is |A∩B| / min(|A|,|B|) of two sorted trigram lists.
func containment(a, b []uint64) float64 {
	if len(a) == 0 || len(b) == 0 {
		return 0
	}
	n, i, j := 0, 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i] < b[j]:
			i++
		case a[i] > b[j]:
			j++
		default:
			n++
			i++
			j++
		}
	}
	return float64(n) / float64(min(len(a), len(b)))
}

// stripNumber drops an outline number ("2.1 ") from a sub-point title.
func stripNumber(s string) string {
	return strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(s), "0123456789."))
}

func round3(f float64) float64 { return math.Round(f*1000) / 1000 }
