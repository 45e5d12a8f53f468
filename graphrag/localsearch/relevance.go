package localsearch

import (
	"fmt"
	"strings"
	"unicode"

	"reportengine/graphrag/knowledge"
)

// NoMatchSimilarity is the relevance floor the CLI (search, chat,
// questions) and the server put into Params.MinSimilarity: a vector hit
// whose Similarity (cosine for unit vectors) is at least 0.5 counts as
// relevant even when it shares no term with the question. The offline
// n-gram embedder gives unrelated texts 0.02–0.3 and related ones 0.2–0.4,
// so on offline vectors the shared term decides; with OpenAI-compatible
// embeddings a close paraphrase can pass on similarity alone.
const NoMatchSimilarity = 0.5

// queryTerms returns the terms of a question that can show it is about an
// entity: lower-cased Latin/digit words of at least two runes that are not
// stop words ("who", "is", "the", "tell", …), and for runs of Chinese (Han)
// characters, after the interrogative and function words (什么, 为什么,
// 如何, 哪些, 的, 是, 吗, …) are cut out, every two-rune window (a run of
// one rune is a term by itself). Each term once, in order.
func queryTerms(q string) []string {
	q = strings.ToLower(q)
	for _, w := range cjkStop {
		q = strings.ReplaceAll(q, w, " ")
	}
	var out []string
	seen := map[string]bool{}
	add := func(t string) {
		if !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	rs := []rune(q)
	for i := 0; i < len(rs); {
		switch {
		case unicode.Is(unicode.Han, rs[i]):
			j := i
			for j < len(rs) && unicode.Is(unicode.Han, rs[j]) {
				j++
			}
			if j-i == 1 {
				add(string(rs[i]))
			}
			for k := i; k+1 < j; k++ {
				add(string(rs[k : k+2]))
			}
			i = j
		case isWordRune(rs[i]):
			j := i
			for j < len(rs) && isWordRune(rs[j]) {
				j++
			}
			if w := string(rs[i:j]); j-i >= 2 && !latinStop[w] {
				add(w)
			}
			i = j
		default:
			i++
		}
	}
	return out
}

// isWordRune is a letter or digit outside the Han script.
func isWordRune(r rune) bool {
	return (unicode.IsLetter(r) || unicode.IsDigit(r)) && !unicode.Is(unicode.Han, r)
}

// sharesTerm reports whether text (an entity's title and description)
// contains one of terms: a Han term as a substring, a Latin term as the
// start of a word ("agent" matches "agents", not "reagent").
func sharesTerm(text string, terms []string) bool {
	if len(terms) == 0 {
		return false
	}
	text = strings.ToLower(text)
	var words map[string]bool
	for _, t := range terms {
		if first := []rune(t)[0]; unicode.Is(unicode.Han, first) {
			if strings.Contains(text, t) {
				return true
			}
			continue
		}
		if words == nil {
			words = map[string]bool{}
			for _, w := range strings.FieldsFunc(text, func(r rune) bool { return !isWordRune(r) }) {
				words[w] = true
			}
		}
		for w := range words {
			if strings.HasPrefix(w, t) {
				return true
			}
		}
	}
	return false
}

// NoMatchStandout is the second half of the relevance floor: a question
// whose nearest entities share a term with it still counts as about
// nothing in the knowledge when the nearest one does not stand out from
// the bulk — its distance lies less than 3 standard deviations below the
// mean distance of all entities to the question — and no hit holds at
// least half of the question's terms (noMatchCoverage). On the BettaFish
// fixture (277 entities, offline vectors) questions about it stand
// 3.1–6.2 deviations out; "今天天气怎么样？", which shares only 今天 (one
// of its three terms) with one entity, stands 2.95 out. On Dulce (39
// entities) "Who is Alex Mercer?" stands only 2.25 out, but the entity
// ALEX MERCER holds both its terms. The distribution is used only when
// the store reports it (knowledge.ExactStore does) for at least
// minStandoutEntities entities.
const NoMatchStandout = 3.0

// noMatchCoverage is the share of a question's terms one hit must hold to
// be a match whatever the distances (see NoMatchStandout).
const noMatchCoverage = 0.5

// minStandoutEntities is the fewest entities whose distances say anything
// about how one of them stands out.
const minStandoutEntities = 30

// Relevance says how well a question's nearest entities match it, and
// whether that is too weak to answer from (Weak: then no entity is
// selected and no model asked). A match is strong when the most similar
// hit reaches the similarity floor (Params.MinSimilarity), or when some
// hit shares a term with the question (queryTerms, sharesTerm) and the
// nearest stands out of the distances of all entities by at least
// NoMatchStandout standard deviations (when they are known) or one hit
// holds at least half of the question's terms.
type Relevance struct {
	// BestSimilarity is the highest Similarity among the hits (0 for none).
	BestSimilarity float64 `json:"best_similarity"`
	// Standout is (mean − nearest distance) / standard deviation over the
	// distances of all Compared entities; 0 when Compared is 0.
	Standout float64 `json:"standout"`
	// Compared is how many entities the distribution covers; 0 when the
	// store does not say or holds fewer than 30.
	Compared int `json:"compared"`
	// SharedTerm: some hit's title or description holds a term of the
	// question.
	SharedTerm bool `json:"shared_term"`
	// Coverage is the largest share of the question's terms that one hit
	// holds (0–1).
	Coverage float64 `json:"coverage"`
	// Weak: the match is too weak; the result is a no-match.
	Weak bool `json:"weak"`
}

// WeakMatchLead begins Relevance.Message.
const WeakMatchLead = "The knowledge holds nothing relevant to this question"

// Message is the plain sentence for a weak match: the graph holds nothing
// relevant, and why.
func (r *Relevance) Message() string {
	why := "no entity near it shares a term with it"
	if r.SharedTerm {
		why = fmt.Sprintf("the nearest stands %.2f standard deviations out of all %d entities, under %.0f, and no entity holds half of its terms", r.Standout, r.Compared, NoMatchStandout)
	}
	return fmt.Sprintf("%s: its nearest entities are weak matches (best similarity %.2f; %s). No model was asked.", WeakMatchLead, r.BestSimilarity, why)
}

// judge rates the vector search's hits for query (hits: nearest first, as
// the store returned them; matched: those kept and resolved) against
// floor; stats are the store's distance statistics, nil when unknown.
func judge(query string, hits []knowledge.Neighbor, stats *knowledge.DistanceStats, matched []MappedEntity, floor float64) *Relevance {
	r := &Relevance{}
	terms := queryTerms(query)
	for _, h := range matched {
		r.BestSimilarity = max(r.BestSimilarity, h.Similarity)
		text := h.Entity.Title + " " + h.Entity.Description
		if !sharesTerm(text, terms) {
			continue
		}
		r.SharedTerm = true
		n := 0
		for _, t := range terms {
			if sharesTerm(text, []string{t}) {
				n++
			}
		}
		r.Coverage = max(r.Coverage, float64(n)/float64(len(terms)))
	}
	if stats != nil && stats.Count >= minStandoutEntities && stats.Std > 0 && len(hits) > 0 {
		r.Compared = stats.Count
		r.Standout = (stats.Mean - hits[0].Distance) / stats.Std
	}
	strong := r.BestSimilarity >= floor ||
		(r.SharedTerm && (r.Compared == 0 || r.Standout >= NoMatchStandout || r.Coverage >= noMatchCoverage))
	r.Weak = !strong
	return r
}

// cjkStop are the Chinese interrogative and function words cut out of a
// question before its terms are taken, longest first so that 为什么 goes
// before 什么.
var cjkStop = []string{
	"为什么", "有哪些", "是什么", "怎么样", "什么", "为何", "如何", "怎样", "怎么", "哪些", "哪个", "哪里", "是否",
	"多少", "有何", "请问", "介绍", "一下", "关于", "告诉", "我们", "你们", "他们", "她们", "它们", "这个", "那个",
	"这些", "那些", "一个", "可以", "能否", "以及", "还是", "或者", "的", "了", "吗", "呢", "吧", "是", "和",
	"与", "在", "谁", "及", "对", "把", "被", "哪", "几", "么",
}

// latinStop are English question and function words.
var latinStop = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`a an the is are was were be been being am who whom whose what why how which when where
		does do did done can could would should will shall may might must has have had of for to in on at by from with
		about into over and or not no nor but if then than so as it its this that these those there their them they he she
		his her him me my we our us you your i tell please explain describe give show list any some all much many more most
		know say said like`) {
		latinStop[w] = true
	}
}
