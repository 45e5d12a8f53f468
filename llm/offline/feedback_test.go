package offline

import (
	"slices"
	"testing"
)

// feedback gives a lead to the sentences sharing words beyond the
// question's with at least two of the best-scored ones, weighted by idf,
// and leadFirst orders the chosen by score and lead: the sentence most like
// the best ones opens the answer, though it scored a little less.
func TestFeedbackLead(t *testing.T) {
	mk := func(text string, score float64, terms ...string) *sentence {
		m := map[string]bool{}
		for _, w := range terms {
			m[w] = true
		}
		return &sentence{text: text, score: score, terms: m}
	}
	q := map[string]bool{"jordan": true, "change": true}
	best := mk("best", 10, "jordan", "skepticism", "crack")
	second := mk("second", 9, "jordan", "skepticism", "crack", "panel")
	third := mk("third", 8, "jordan", "panel")
	like := mk("like", 7, "skepticism", "crack")
	once := mk("once", 7.5, "panel", "desk") // panel: held by two of the best, but also by itself
	other := mk("other", 7.6, "jordan", "change", "elevator")
	sents := []*sentence{best, second, third, like, once, other}
	feedback(sents, q)
	if other.lead != 0 {
		t.Errorf("a sentence holding only the question's words and one no best sentence holds has lead %v", other.lead)
	}
	if !(like.lead > once.lead && once.lead > 0) {
		t.Errorf("leads: like %v (two rarer shared words), once %v (one shared word)", like.lead, once.lead)
	}
	// desk is held by one sentence alone: no feedback word
	alone := mk("alone", 1, "desk")
	feedback([]*sentence{best, second, alone}, q)
	if alone.lead != 0 {
		t.Errorf("a word no best sentence holds gave lead %v", alone.lead)
	}
	// a word only one of the best holds is none either
	a, b := mk("a", 10, "x", "shared"), mk("b", 9, "y", "shared")
	onlyX := mk("onlyX", 0, "x")
	feedback([]*sentence{a, b, onlyX}, nil)
	if onlyX.lead != 0 {
		t.Errorf("a word one best sentence holds gave lead %v", onlyX.lead)
	}
	// the question's own words give none
	c, d := mk("c", 10, "jordan"), mk("d", 9, "jordan")
	own := mk("own", 1, "jordan")
	feedback([]*sentence{c, d, own}, q)
	if own.lead != 0 {
		t.Errorf("the question's word gave lead %v", own.lead)
	}
	// a rarer shared word weighs more (idf over the context)
	e, f := mk("e", 10, "rare", "common"), mk("f", 9, "rare", "common")
	rare, common := mk("rare", 0, "rare"), mk("common", 0, "common")
	ctx := []*sentence{e, f, rare, common}
	for range 6 {
		ctx = append(ctx, mk("filler", 0, "common"))
	}
	feedback(ctx, nil)
	if !(rare.lead > common.lead) {
		t.Errorf("lead of a rare shared word %v, of a common one %v", rare.lead, common.lead)
	}
	// only the FeedbackSentences best are read: a word the fourth and fifth
	// hold is no feedback word
	g, h, i := mk("g", 10, "top"), mk("h", 9, "top"), mk("i", 8, "mid")
	j, k := mk("j", 7, "low"), mk("k", 6, "low")
	low := mk("low", 0, "low")
	feedback([]*sentence{g, h, i, j, k, low}, nil)
	if low.lead != 0 {
		t.Errorf("a word only sentences below the %d best hold gave lead %v", FeedbackSentences, low.lead)
	}
	chosen := []*sentence{other, like}
	other.lead, like.lead = 0, 2
	leadFirst(chosen)
	if got := []string{chosen[0].text, chosen[1].text}; !slices.Equal(got, []string{"like", "other"}) {
		t.Errorf("leadFirst order %v, want like (7+2) before other (7.6)", got)
	}
}
