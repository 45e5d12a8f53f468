package globalsearch

import (
	"testing"

	"reportengine/text"
)

// A report holds a term when it holds one of its synonyms
// (text.Term.Synonyms): the extractive map's coverage and the router read
// 情感 for 情绪.
func TestHoldsAnySynonym(t *testing.T) {
	withSyn := text.Term{Text: "情绪", Synonyms: []string{"情感"}}
	if !holdsAny("情感分布里非常正面占64%", withSyn) {
		t.Error("the synonym is not held")
	}
	if holdsAny("情感分布里非常正面占64%", text.Term{Text: "情绪"}) {
		t.Error("held without the synonym")
	}
}
