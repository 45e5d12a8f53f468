package offline

import (
	"maps"
	"slices"
	"sort"
	"strings"
)

// chooseSentences picks at most MaxAnswerSentences scored sentences, best
// first, none a near duplicate of one chosen before or saying little new
// beside them and the clauses they are quoted with (clauseRun). lexical is false when no sentence scored: then the entity
// descriptions come first in relevance order (the vector search ordered
// them), else every sentence in context order.
func chooseSentences(sents []*sentence) (chosen []*sentence, lexical bool) {
	ranked := append([]*sentence(nil), sents...)
	sort.SliceStable(ranked, func(i, j int) bool { return ranked[i].score > ranked[j].score })
	lexical = ranked[0].score != 0
	if !lexical {
		ranked = ranked[:0]
		seenIDs := map[string]bool{}
		for _, s := range sents {
			if s.dataset == "Entities" && !seenIDs[s.id] {
				seenIDs[s.id] = true
				ranked = append(ranked, s)
			}
		}
		if len(ranked) == 0 {
			ranked = sents
		}
	}
	// the terms of the sentences quoted so far, with the clauses each is
	// quoted with (clauseRun): a clause quoted already says little new
	said := map[string]bool{}
	for _, s := range ranked {
		if len(chosen) == MaxAnswerSentences || (lexical && s.score == 0) {
			break
		}
		if slices.ContainsFunc(chosen, func(c *sentence) bool { return nearDuplicate(s, c) }) || saysLittleNew(s, said) {
			continue
		}
		chosen = append(chosen, s)
		lo, hi := clauseRun(sents, s.order)
		for _, c := range sents[lo : hi+1] {
			maps.Copy(said, c.terms) // terms hold true values only (matchTerms)
		}
	}
	return chosen, lexical
}

// MaxSaidShare is the share of a sentence's terms (matchTerms) that the
// sentences already chosen may hold: a sentence that mostly repeats what
// the answer already says (another record's account of the same fact)
// makes room for one that adds to it.
const MaxSaidShare = 0.5

// minSaidTerms: a sentence of fewer terms is short enough to keep even
// when its words were said ("Alpha is the field team" after two sentences
// naming Alpha, the field and the team still says how they relate).
const minSaidTerms = 5

// saysLittleNew reports whether more than MaxSaidShare of s's terms are
// among said (the terms of the sentences chosen so far); never for a
// sentence of fewer than minSaidTerms terms.
func saysLittleNew(s *sentence, said map[string]bool) bool {
	if len(s.terms) < minSaidTerms || len(said) == 0 {
		return false
	}
	n := count(maps.Keys(s.terms), func(t string) bool { return said[t] })
	return float64(n) > MaxSaidShare*float64(len(s.terms))
}

// nearDuplicate: one sentence contains the other, or their terms overlap
// by half or more (Jaccard).
func nearDuplicate(a, b *sentence) bool {
	if strings.Contains(a.text, b.text) || strings.Contains(b.text, a.text) {
		return true
	}
	inter := count(maps.Keys(a.terms), func(t string) bool { return b.terms[t] })
	union := len(a.terms) + len(b.terms) - inter
	return union > 0 && float64(inter)/float64(union) >= 0.5
}

// followOn returns the index of the first of the FollowReach sentences
// after sents[lo..hi] in its record that holds a term of the question
// none of sents[lo..hi] holds (sentence.holds), hi when none does: a
// story's event and the reaction after it ("…a shudder that ran through
// the elevator…", a sentence on the vibration, then "Cruz was the first
// to react … 'Systems check. Now,' they barked": "The elevator shudders on
// the way down - what's Cruz's immediate order to the squad?" quoted the
// shudder alone; heldout68). The quote reads on to it.
func followOn(sents []*sentence, lo, hi int) int {
	for next := hi + 1; next <= hi+FollowReach && next < len(sents); next++ {
		if sents[next].dataset != sents[hi].dataset || sents[next].id != sents[hi].id || sents[next].holds == nil {
			return hi
		}
		for t, h := range sents[next].holds {
			if h && !slices.ContainsFunc(sents[lo:hi+1], func(s *sentence) bool { return s.holds != nil && s.holds[t] }) {
				return next
			}
		}
	}
	return hi
}

// FollowReach is how many sentences after a quote followOn looks for one
// adding a term of the question.
const FollowReach = 2
