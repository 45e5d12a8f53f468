package localsearch

import (
	"fmt"
	"slices"
	"strings"

	"reportengine/graphrag/knowledge"
)

// CoHeldShare is the least share of a question's term weight
// (knowledge.TermStat.Weight, missing terms included) that one text unit
// must hold for coHeld to lift a soft refusal. Calibrated on the shipped
// sets (196 runs): at 0.75 three answerable BettaFish questions refused
// for terms used "only in passing" are answered (几名医学专家做了联合论证？
// 他们来自哪些医院？: the fixture's one passage on the experts holds every
// term), no off-topic one. Without the names and all-but-one conditions
// two off-topic questions were answered ("北大校长如何回应学生的质疑？",
// "清华学姐那个事件，法院最后是怎么判决的？": passages on 武大's president
// and court case hold their other terms).
const CoHeldShare = 0.75

// MinCoHeldTerms is the least number of the question's terms the unit
// must hold: two rare words together are chance, not an answer.
const MinCoHeldTerms = 3

// coHeldUnits is how many of the lexical search's best text units coHeld
// reads.
const coHeldUnits = 10

// coHeld lifts a soft refusal (terms held too thinly, a subject named in
// passing) when one of the coHeldUnits best text units of the lexical
// search lr holds every name the question asks about (Relevance.Names,
// each held prominently by the knowledge)
// and all its terms but one at most, at least MinCoHeldTerms of them,
// carrying CoHeldShare of their weight: the knowledge uses each term
// rarely, but one passage speaks of them all, which is what the question
// asks. A term is held whole or as the word its statistics matched (a
// synonym, a part). Refusals for an absent subject or an unheld asked-for
// word stand. Our rule: Microsoft GraphRAG has no relevance gate.
func (r *Relevance) coHeld(units []knowledge.TextUnit, lr *knowledge.LexicalResult, stats []knowledge.TermStat) {
	if r == nil || !r.Weak || !r.soft || lr == nil {
		return
	}
	total := 0.0
	for _, s := range stats {
		total += s.Weight()
	}
	if total == 0 {
		return
	}
	for _, u := range lr.BestUnits(coHeldUnits) {
		low := strings.ToLower(units[u].Text)
		if !holdsNames(low, r.Names) {
			continue
		}
		held, n := 0.0, 0
		for _, s := range stats {
			if s.Found() && (strings.Contains(low, strings.ToLower(s.Term)) || s.Matched != "" && strings.Contains(low, strings.ToLower(s.Matched))) {
				held += s.Weight()
				n++
			}
		}
		if n >= MinCoHeldTerms && n >= len(stats)-1 && held >= CoHeldShare*total {
			r.Weak, r.soft = false, false
			r.Reason = fmt.Sprintf("one passage (text unit %s) holds %.0f%% of the question's terms' weight", units[u].ShortID, 100*held/total)
			return
		}
	}
}

// holdsNames reports whether the lower-cased text holds every name term
// and the knowledge holds each prominently (TermStat.Topical): a name the
// knowledge mentions only in passing is a question about something else,
// which a passage naming it in passing does not answer ("总体而言，北京大学的
// 争议主要集中在哪些方面？": a passage on 雷军班 names 北京大学's 图灵班).
func holdsNames(low string, names []knowledge.TermStat) bool {
	return !slices.ContainsFunc(names, func(n knowledge.TermStat) bool {
		return !n.Topical() || !strings.Contains(low, strings.ToLower(n.Term))
	})
}
