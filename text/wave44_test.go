package text

import (
	"slices"
	"testing"
)

// heldout44's kinds: a visitor's polite "your shop" (贵店) names the shop
// the knowledge is about, no subject of its own; a military outfit is
// written squad or unit; "biggest" ranks what is asked, no term; "how
// tall" asks a height, a fact of a person's.
func TestWave44Terms(t *testing.T) {
	checkTerms(t, "请问贵店目前的咖啡豆是哪位供应商在供？", []string{"咖啡豆", "供应商"}, []string{"贵店"})
	checkTerms(t, "贵校的樱花季要预约吗？", []string{"樱花季"}, []string{"贵校"})
	checkTerms(t, "What are the biggest risks for the shop?", []string{"risk"}, []string{"biggest"})
	checkAsked(t, "How tall is Jordan Hayes?", []string{"height"}, nil)
	checkAsked(t, "How heavy is the crate?", []string{"weight"}, nil)
	if !IsPersonalFact("height") || !slices.Contains(FactZH("height"), "身高") {
		t.Errorf("height: a personal fact %v, stated as %v; want one stated as 身高", IsPersonalFact("height"), FactZH("height"))
	}
	for q, want := range map[string]bool{
		"负面评论主要集中在哪些方面？":     true,
		"负面舆情主要是什么问题？":       true,
		"负面评论占多少，主要集中在哪些方面？": false,
		"网民的情绪倾向如何？":         false,
		"正面负面各占多少？":          false,
	} {
		if got := AsksSentimentAspects(q); got != want {
			t.Errorf("AsksSentimentAspects(%q) = %v, want %v", q, got, want)
		}
	}
	// an English question asked of Chinese research (the new-user trial:
	// "Who supplies the coffee beans and at what price?" never named 张伟;
	// "… rank in the Times Higher Education ranking?" missed 泰晤士高等教育)
	for w, zh := range map[string]string{"supplies": "供应", "beans": "咖啡豆", "higher": "高等"} {
		if !slices.Contains(translations(w), zh) {
			t.Errorf("translations(%s) = %v, want %s", w, translations(w), zh)
		}
	}
	if !slices.Contains(StandIns("outfit"), "squad") {
		t.Errorf("StandIns(outfit) = %v, want squad", StandIns("outfit"))
	}
}
