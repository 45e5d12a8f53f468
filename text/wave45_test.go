package text

import (
	"slices"
	"testing"
)

// heldout45's kinds: the verbs of asking (问问, 打听) and 那间, 真像 are no
// terms; a formal act that ends a 有没有 clause (上诉) is asked, a verb of a
// state (动摇) is not; the act done to someone (对张平文作出免职或者撤职之类
// 的处理) is asked; an English asker's opening statement and the lead of
// what their people argue about go; a place's kind after "in which" or
// "near which" is asked; a role the asker opens with goes even when it
// names places; 改回 is 恢复.
func TestWave45Terms(t *testing.T) {
	checkTerms(t, "想先问问店长是谁？", []string{"店长"}, []string{"问问"})
	checkTerms(t, "想打听下李明那间店月租是多少？", []string{"李明", "月租"}, []string{"打听", "间店"})
	checkTerms(t, "真像网上说的那么火吗？", nil, []string{"真像"})
	checkAsked(t, "女生一审输了之后有没有上诉？", []string{"上诉"}, nil)
	checkAsked(t, "有没有上诉过？", []string{"上诉"}, nil)
	checkAsked(t, "他们的客人有没有动摇？", nil, []string{"动摇"})
	checkAsked(t, "有没有出面回应？", nil, []string{"回应", "出面"})
	checkAsked(t, "教育部最后有没有对张平文作出免职或者撤职之类的处理？", []string{"免职", "撤职"}, nil)
	checkAsked(t, "有没有对学生进行处分？", []string{"处分"}, nil)
	checkAsked(t, "Does the story say in which US state or near which town the Dulce base is?", []string{"state", "town"}, nil)
	checkAsked(t, "What happens in the town near the base?", nil, []string{"town"})
	for q, want := range map[string]string{
		"Sorry, my English is not so good. What is the name of this group?":               "What is the name of this group?",
		"I want to use this text for a debate round. What are the big themes?":            "What are the big themes?",
		"I'm adapting this. Hi. Who leads the team?":                                      "Who leads the team?",
		"I want to know who leads the team.":                                              "I want to know who leads the team.",
		"My debate kids are arguing about the panel Jordan stops at. What was it hiding?": "the panel Jordan stops at. What was it hiding?",
		"Alex and Jordan are arguing about the panel. What was it hiding?":                "Alex and Jordan are arguing about the panel. What was it hiding?",
		"我是在武汉交换的台湾学生，想约朋友去武大看樱花，开放入校的日期是几号到几号？":                                          "想约朋友去武大看樱花，开放入校的日期是几号到几号？",
		"我是武大的学生吗？":                                                                       "我是武大的学生吗？",
	} {
		if got := WithoutAskerFrame(q); got != want {
			t.Errorf("WithoutAskerFrame(%q) = %q, want %q", q, got, want)
		}
	}
	if !slices.Contains(Synonyms("改回"), "恢复") {
		t.Errorf("Synonyms(改回) = %v, want 恢复", Synonyms("改回"))
	}
	if !IsFirmSuffix("公司") || IsFirmSuffix("公关") {
		t.Errorf("IsFirmSuffix: 公司 %v, 公关 %v; want true, false", IsFirmSuffix("公司"), IsFirmSuffix("公关"))
	}
}
