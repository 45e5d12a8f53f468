package offline

import (
	"math"
	"slices"
	"sort"
)

// feedback sets each sentence's lead for the words it shares with the
// best-scored sentences beyond the question's own (pseudo-relevance
// feedback): the words at least two of the FeedbackSentences best hold,
// each weighted by its idf over the context. It orders the sentences
// chosen (leadFirst), not which are chosen: added to the score, it chose
// the sentences like the best ones over those answering another part of
// the question (recall on the shipped sets fell by 7 assertions of 5 375
// at FeedbackShare 0.3, by 26 of Dulce's 1 129 at 0.8).
func feedback(sents []*sentence, q map[string]bool) {
	ranked := slices.DeleteFunc(slices.Clone(sents), func(s *sentence) bool { return !(s.score > 0) })
	if len(ranked) < 2 {
		return
	}
	sort.SliceStable(ranked, func(i, j int) bool { return ranked[i].score > ranked[j].score })
	top := ranked[:min(len(ranked), FeedbackSentences)]
	held := map[string]int{}
	for _, s := range top {
		for t := range s.terms {
			if !q[t] {
				held[t]++
			}
		}
	}
	// the feedback words in byte order, each with its idf: sums run in
	// one order, so that equal inputs give equal leads to the last bit
	var words []string
	for t, c := range held {
		if c >= 2 {
			words = append(words, t)
		}
	}
	if len(words) == 0 {
		return
	}
	sort.Strings(words)
	idf := make([]float64, len(words))
	n := float64(len(sents))
	var total float64
	for i, t := range words {
		df := float64(count(slices.Values(sents), func(s *sentence) bool { return s.terms[t] }))
		idf[i] = math.Log(1 + n/df)
		total += idf[i]
	}
	best := top[0].score
	for _, s := range sents {
		var w float64
		for i, t := range words {
			if s.terms[t] {
				w += idf[i]
			}
		}
		s.lead = FeedbackShare * best * w / total
	}
}

// leadFirst orders the chosen sentences by score and lead (feedback), a
// stable sort: the sentence most like the best ones opens the answer.
func leadFirst(chosen []*sentence) {
	sort.SliceStable(chosen, func(i, j int) bool { return chosen[i].score+chosen[i].lead > chosen[j].score+chosen[j].lead })
}

// FeedbackSentences is how many of the best-scored sentences feedback
// reads; FeedbackShare the most it adds, as a share of the best score.
const (
	FeedbackSentences = 3
	FeedbackShare     = 0.3
)
