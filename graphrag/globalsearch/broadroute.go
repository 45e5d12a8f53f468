package globalsearch

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"reportengine/graphrag/knowledge"
	"reportengine/text"
)

// broadRoute is step 5 of Route for a question with broad wording
// (cues, BroadCues) and content terms ts: global, unless every cue only
// names the scope (scopeOnly) and the question names an entity (step 7:
// ok is false, the later steps route it) or calls a person by a first or
// last name (namedPerson: local).
func (r *Router) broadRoute(question string, cues []string, ts []text.Term) (Route, bool) {
	terms := text.TermTexts(ts)
	global := Route{Method: MethodGlobal, Reason: "broad wording: " + strings.Join(cues, ", "), Cues: cues, Terms: terms}
	if name := r.unreportedName(ts); name != "" {
		return Route{Method: MethodLocal, Terms: terms, Cues: cues,
			Reason: fmt.Sprintf("broad wording (%s) about %s, which the knowledge holds and no community report names: local search reads the records that do", strings.Join(cues, ", "), name)}, true
	}
	if !scopeOnly(cues) {
		return global, true
	}
	if i, n := r.entitySteps(strings.ToLower(question), r.newCover(ts)); i >= 0 && n < 0 {
		return Route{}, false
	}
	p := r.namedPerson(question)
	if p < 0 {
		return global, true
	}
	title := r.m.Entities()[p].Title
	return Route{Method: MethodLocal, Reason: fmt.Sprintf("the question calls the person %q by name", title), Terms: terms, Entity: title}, true
}

// namedPerson is the first person entity (type PERSON, any case, in
// model order) of a title of two words or more that question calls by
// one of its words of four letters or more, capitalised in the question
// as a whole word ("How does Jordan change over the story?" names JORDAN
// HAYES); -1 for none. People are called by a first or a last name,
// which step 7's whole title misses.
func (r *Router) namedPerson(question string) int {
	for i, e := range r.m.Entities() {
		if !strings.EqualFold(e.Type, "person") {
			continue
		}
		words := strings.Fields(e.Title)
		if len(words) < 2 {
			continue
		}
		for _, w := range words {
			if len(w) >= 4 && !strings.ContainsFunc(w, text.IsCJK) && containsWord(question, capitalised(w)) {
				return i
			}
		}
	}
	return -1
}

// capitalised is w in lower case but its first letter (JORDAN → Jordan).
func capitalised(w string) string {
	if w == "" {
		return w
	}
	return strings.ToUpper(w[:1]) + strings.ToLower(w[1:])
}

// floorPercent is share in percent rounded down: a share just under its
// threshold reads under it ("at most 69% …, under 70%", where rounding
// printed "at most 70% …, under 70%": the new-user trial of session 35).
func floorPercent(share float64) float64 {
	return math.Floor(100*share + 1e-9)
}

// unreportedName is the first of the content terms ts that names a thing
// of its own — a Chinese name the dictionary tags (text.IsName) or a
// word it lacks (text.IsUnknownWord: 雷军班) or a platform's name
// (text.IsPlatformName: 推特 of "海外校友在推特上搞了个啥话题？大家主要啥立场",
// heldout71) — which the knowledge holds
// at least knowledge.MinTopicalCount times but no community report holds
// as itself or a synonym (its parts do not count: a report naming 雷军
// says nothing of 雷军班); "" for none. Global search answers from the
// reports, so a question with broad wording about such a thing ("“雷军班”
// 当初为什么会被吵起来？…大家质疑的点主要在哪？", heldout64) would be
// answered with whatever the reports say of its other words. Our rule
// (issue 19); Microsoft GraphRAG leaves the method to the user.
func (r *Router) unreportedName(ts []text.Term) string {
	var named []text.Term
	for _, t := range ts {
		if text.HasHan(t.Text) && (text.IsName(t.Text) || text.IsUnknownWord(t.Text) || text.IsPlatformName(t.Text)) {
			named = append(named, t)
		}
	}
	if len(named) == 0 {
		return ""
	}
	stats := r.m.Lexical().Stats(named)
	reports := r.reports()
	for i, t := range named {
		if stats[i].Matched != t.Text || stats[i].Count < knowledge.MinTopicalCount {
			continue
		}
		if !slices.ContainsFunc(reports, func(s string) bool {
			return slices.ContainsFunc(t.Words(), func(w string) bool { return text.HoldsTerm(s, w) })
		}) {
			return t.Text
		}
	}
	return ""
}

// heldBroad reports whether question's broad wording only names the
// whole (BroadCues, all scope cues: "the story", "this story") or asks
// for themes (asksThemes: "What big ideas or themes does this story play
// with?", play held in passing) and the
// knowledge holds every one of its content terms (stats: none with no
// use but the aspect words, themes in "like main themes"), if only in passing or once: "Where is the story set?" asks about the whole with an
// everyday word (set), which step 2 of Route would otherwise send to local
// search's relevance rule, which refuses terms held only in passing. Our
// rule (issue 19).
func heldBroad(question string, stats []knowledge.TermStat) bool {
	cues := BroadCues(question)
	return len(cues) > 0 && (scopeOnly(cues) || asksThemes(question)) && !slices.ContainsFunc(stats, func(s knowledge.TermStat) bool { return s.Count == 0 && !text.IsAspectWord(s.Term) })
}

// unheldName returns the first word question writes with a capital that
// the knowledge never uses (knowledge.Lexical.UnusedCapitalised, as local
// search's gate reads it), "" when there is none. The gate refuses such a
// question (rule 1 of localsearch.Relevance); broad wording beside it
// ("Does the story reference Phil Schneider …?") sent it to the global
// map, which answered with the reports' points (heldout69).
func (r *Router) unheldName(question string) string {
	if un := r.m.Lexical().UnusedCapitalised(question); len(un) > 0 {
		return un[0].Term
	}
	return ""
}

// termsStep is steps 2 and 3 of Route for a question with content terms
// ts: the relevance rule's statistics, a name never used (unheldName),
// words asked and never used (Unasked), the reports' coverage
// (reportShare); ok is false when none decides.
func (r *Router) termsStep(question string, ts []text.Term) (Route, bool) {
	if len(ts) == 0 {
		return Route{}, false
	}
	terms := text.TermTexts(ts)
	// the terms' statistics alone (Lexical.Stats: the counts, no
	// ranking); steps 9 and 10 search when a question gets that far
	stats := r.m.Lexical().Stats(ts)
	share, miss := knowledge.TopicalShare(stats), knowledge.MissingShare(stats)
	if (share < knowledge.MinTopicalShare || miss > knowledge.MaxMissingShare) && !heldBroad(question, stats) {
		reason := fmt.Sprintf("the terms the knowledge lacks or uses once carry %.0f%% of the question (over %.0f%%); local search's relevance rule decides", 100*miss, 100*knowledge.MaxMissingShare)
		if share < knowledge.MinTopicalShare {
			reason = fmt.Sprintf("the knowledge holds the question's terms only in passing (topical share %.0f%%, under %.0f%%); local search's relevance rule decides", floorPercent(share), 100*knowledge.MinTopicalShare)
		}
		return Route{Method: MethodLocal, Terms: terms, Reason: reason}, true
	}
	if name := r.unheldName(question); name != "" {
		return Route{Method: MethodLocal, Terms: terms,
			Reason: fmt.Sprintf("it names %s, which the knowledge never uses; local search's relevance rule decides", name)}, true
	}
	if un := r.m.Lexical().Unasked(question); knowledge.RefusesUnasked(un, text.Measured(question), miss) {
		return Route{Method: MethodLocal, Terms: terms,
			Reason: fmt.Sprintf("it asks for %s, which the knowledge never uses; local search's relevance rule decides", strings.Join(un, ", "))}, true
	}
	if best, need := r.reportShare(question, ts); best < need && !heldBroad(question, stats) {
		return Route{Method: MethodLocal, Terms: terms,
			Reason: fmt.Sprintf("no community report holds the question's terms as a point needs (at most %.0f%% of their weight, under %.0f%%); local search's relevance rule decides", floorPercent(best), 100*need)}, true
	}
	return Route{}, false
}
