package text

import (
	"slices"
	"testing"
)

// heldout48 and the new-user trial: total is no term; arc is an aspect
// word (a character arc asks how a character changes); notice is written
// spotted; an English question on Chinese knowledge complains in 抱怨 and
// 吐槽; a yes-or-no question naming alternatives asks for both.
func TestWave48Terms(t *testing.T) {
	checkTerms(t, "The wall panel thing sounds like a total cover-up.", []string{"panel"}, []string{"total"})
	checkAsked(t, "How would you sum up Jordan's character arc?", nil, []string{"arc"})
	if !IsAspectWord("arc") {
		t.Error("arc is no aspect word")
	}
	if !slices.Contains(Synonyms("noticed"), "spotted") {
		t.Errorf("Synonyms(noticed) = %v, want spotted", Synonyms("noticed"))
	}
	for w, zh := range map[string]string{"complain": "抱怨", "dislike": "不满"} {
		if !slices.Contains(translations(w), zh) {
			t.Errorf("translations(%s) = %v, want %s", w, translations(w), zh)
		}
	}
	checkAsked(t, "do they end up fighting the grays or hybrids in the base?", []string{"gray", "hybrid"}, nil)
	checkAsked(t, "Does Cruz trust Jordan or Alex?", nil, []string{"jordan", "alex"})
}
