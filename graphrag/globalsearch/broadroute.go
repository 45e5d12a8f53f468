package globalsearch

import (
	"fmt"
	"math"
	"strings"

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
