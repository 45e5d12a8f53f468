package nodes

import (
	"testing"

	"reportengine/prompts"
)

// KPI cards are made of the figures a page or an engine states first;
// one only a forum speech states comes after them and says so (issue 22:
// the fixture's four hero cards were all the forum's, whose log is 1.8
// days later than the states, and nothing marked them). The fixture's
// strings: the insight speeches' 54% and 8,700篇, a web page's 10万.
func TestHeroCardsForumLastAndMarked(t *testing.T) {
	figs := []prompts.FigureRef{
		{ItemID: "E1910", Kind: "share", KPI: "抖音36-45岁家长群体正面情感占比", Raw: "54%", Forum: true},
		{ItemID: "E1942", Kind: "share", KPI: "小红书判决后48小时新增笔记", Raw: "8,700篇", Forum: true, Primary: "E480"},
		{ItemID: "E480", Kind: "share", KPI: "事件公开网络后引发浏览量", Raw: "10万"},
	}
	cards := heroKPICards(figs)
	if len(cards) != 3 {
		t.Fatalf("cards %+v", cards)
	}
	want := []string{"小红书判决后48小时新增笔记", "事件公开网络后引发浏览量", "抖音36-45岁家长群体正面情感占比" + prompts.ForumMark}
	for i, w := range want {
		if cards[i].Label != w {
			t.Errorf("card %d is %q, want %q (all: %+v)", i, cards[i].Label, w, cards)
		}
	}
}
