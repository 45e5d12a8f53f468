package nodes

import (
	"testing"

	"reportengine/graphrag"
)

// A follow-up question is not printed when it holds offensive wording,
// quotes a name cut short, or quotes a name that is the engines' own (a
// research section's title, a search query); names of pages and events
// a reader knows are asked about.
func TestUnfitFollowUpQuestion(t *testing.T) {
	g := graphrag.New()
	for _, n := range []graphrag.Node{
		{ID: "t", Type: graphrag.TypeTopic, Name: "武汉大学"},
		{ID: "e", Type: graphrag.TypeEngine, Name: "media"},
		{ID: "s", Type: graphrag.TypeSection, Name: "武汉大学舆情概述"},
		{ID: "q", Type: graphrag.TypeSearchQuery, Name: "武汉大学 舆情 事件"},
		{ID: "src", Type: graphrag.TypeSource, Name: "面对铺天盖地的舆情,武汉大学的反应太迟缓了"},
	} {
		if err := g.AddNode(&n); err != nil {
			t.Fatal(err)
		}
	}
	internal := internalNames(g)
	for _, c := range []struct {
		q   string
		fit bool
	}{
		{"「面对铺天盖地的舆情,武汉大学的反应太迟缓了」的具体情况和影响如何？", true},
		{"「武汉大学」的舆情主要有哪些方面？", true}, // the topic is a name a reader knows
		{"「武汉大学舆情概述」的具体情况和影响如何？", false},
		{"“武汉大学 舆情 事件”的结果说明了什么？", false},
		{"「media」与「武汉大学」有什么关系？", false},
		{"「某某是个傻逼」的具体情况如何？", false},
		{"「面对铺天盖地的舆情…」的具体情况如何？", false},
	} {
		if got := unfitQuestion(c.q, internal) == ""; got != c.fit {
			t.Errorf("%q: fit %v, want %v (%s)", c.q, got, c.fit, unfitQuestion(c.q, internal))
		}
	}
}
