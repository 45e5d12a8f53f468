package text

import (
	"slices"
	"testing"
)

// heldout44's kinds: a visitor's polite "your shop" (贵店) names the shop
// the knowledge is about, no subject of its own; a military outfit is
// written squad or unit.
func TestWave44Terms(t *testing.T) {
	checkTerms(t, "请问贵店目前的咖啡豆是哪位供应商在供？", []string{"咖啡豆", "供应商"}, []string{"贵店"})
	checkTerms(t, "贵校的樱花季要预约吗？", []string{"樱花季"}, []string{"贵校"})
	if !slices.Contains(StandIns("outfit"), "squad") {
		t.Errorf("StandIns(outfit) = %v, want squad", StandIns("outfit"))
	}
}
