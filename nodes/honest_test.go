package nodes

import (
	"slices"
	"testing"

	"reportengine/evidence"
	"reportengine/ir"
	"reportengine/prompts"
)

// The use-once rule is for prose, not for data: a split part the hero
// shows as a KPI card stays in the summary's digest (without its card),
// so the summary's chart keeps every part (issue 22: 负面 28% was a hero
// card and the summary's doughnut showed 正面 34 and 中性 38 alone); a
// figure that is no part of a split goes, as before.
func TestWithoutHeroFindingsKeepsSplits(t *testing.T) {
	digests := []prompts.ChapterDigest{{ChapterID: "S4", Findings: []string{"情绪分布以中性为主，负面情绪占比接近三成。[E7]"},
		Figures: []prompts.FigureRef{
			{ItemID: "E7", Kind: "sentiment", Group: "正面", Raw: "34%", Value: 34, Unit: "%"},
			{ItemID: "E7", Kind: "sentiment", Group: "负面", KPI: "负面情绪占比", Raw: "28%", Value: 28, Unit: "%"},
			{ItemID: "E7", Kind: "sentiment", Group: "中性", KPI: "中性转喻占比", Raw: "38%", Value: 38, Unit: "%"},
			{ItemID: "E8", Kind: "volume", KPI: "话题阅读量", Raw: "28.7亿次", Value: 28.7, Unit: "亿"},
		}}}
	h := findingsHero(ir.Hero{}, digests, printed{}, heroRun{}, true, true)
	var cards []string
	for _, k := range h.KPIs {
		cards = append(cards, k.Label)
	}
	if !slices.Contains(cards, "负面情绪占比") || !slices.Contains(cards, "话题阅读量") {
		t.Fatalf("hero cards %q: the test needs 负面情绪占比 and 话题阅读量 among them", cards)
	}
	out := withoutHeroFindings(digests, nil, heroRun{})
	var parts []string
	for _, f := range out[0].Figures {
		if f.Kind == "sentiment" {
			parts = append(parts, f.Group+f.Raw)
			if slices.Contains(cards, f.KPI) {
				t.Errorf("summary keeps the hero's card %q", f.KPI)
			}
		}
		if f.Raw == "28.7亿次" {
			t.Error("the hero's volume card is left for the summary")
		}
	}
	if !slices.Equal(parts, []string{"正面34%", "负面28%", "中性38%"}) {
		t.Errorf("summary's split = %v, want all three parts", parts)
	}
}

// A figure of an item not about the topic keeps its value for the prose
// and no KPI label (issue 22: "位于美国排名 第30位" from a New York
// University page was a KPI card).
func TestOffTopicFigureIsNoKPI(t *testing.T) {
	sp := evidence.SubPlan{Key: "S1/1", Title: "排名",
		Items: []evidence.Assigned{{ItemID: "E1", OnTopic: true}, {ItemID: "E2", OnTopic: false}},
		Figures: []evidence.Figure{
			{ItemID: "E1", Kind: evidence.FigIndex, KPI: "事件影响力指数", Raw: "65.4"},
			{ItemID: "E2", Kind: evidence.FigRank, KPI: "美国大学排名", Raw: "第30位"},
		}}
	set := evidence.Collect(evidence.Input{})
	briefs := subPointBriefs(set, evidence.ChapterPlan{ID: "S1", SubPoints: []evidence.SubPlan{sp}}, false)
	if got := briefs[0].Figures; got[0].KPI != "事件影响力指数" || got[1].KPI != "" || got[1].Raw != "第30位" {
		t.Errorf("brief figures = %+v", got)
	}
	d := digest(ir.Chapter{ChapterID: "S1"}, evidence.ChapterPlan{ID: "S1", SubPoints: []evidence.SubPlan{sp}}, false)
	for _, f := range d.Figures {
		if f.ItemID == "E2" {
			t.Errorf("digest keeps the off-topic figure as a key figure: %+v", f)
		}
	}
}

// A digest that takes a figure takes the later values of its measure in
// the same passage too (issue 22: a KPI card of 2.3亿 where the source says
// it rose to 4.1亿; the fixture's summary showed 敬意 8% of "8%→6%").
func TestDigestKeepsLaterValues(t *testing.T) {
	sp := evidence.SubPlan{Key: "S6/3", Items: []evidence.Assigned{{ItemID: "E9", OnTopic: true}},
		Figures: []evidence.Figure{
			{ItemID: "E9", Kind: evidence.FigShare, KPI: "抖音点赞数", Raw: "120万"},
			{ItemID: "E9", Kind: evidence.FigShare, KPI: "病毒学情感走势：敬意", Raw: "8%"},
			{ItemID: "E9", Kind: evidence.FigShare, KPI: "病毒学情感走势：敬意", Raw: "6%"},
			{ItemID: "E9", Kind: evidence.FigShare, KPI: "病毒学情感走势：科研高压", Raw: "5%"},
		}}
	d := digest(ir.Chapter{ChapterID: "S6"}, evidence.ChapterPlan{ID: "S6", SubPoints: []evidence.SubPlan{sp}}, false)
	var got []string
	for _, f := range d.Figures {
		got = append(got, f.Raw)
	}
	if !slices.Equal(got, []string{"120万", "8%", "6%"}) {
		t.Errorf("digest figures = %v, want [120万 8%% 6%%] (two measures, the second with its later value)", got)
	}
}

// A figure only the speeches of a forum log from another run state is no
// KPI card (the fixture's four hero cards were a misdated log's insight
// figures): with Input.ForumOtherRun, the chapter's brief and digest keep
// it without its KPI label, one a web page states too keeps its label,
// and so does every forum figure of a log of this run.
func TestForumOfAnotherRunGivesNoKPI(t *testing.T) {
	sp := evidence.SubPlan{Key: "S1/2", Title: "关键数据",
		Items: []evidence.Assigned{{ItemID: "E1", OnTopic: true}, {ItemID: "E2", OnTopic: true}},
		Figures: []evidence.Figure{
			{ItemID: "E1", Kind: evidence.FigVolume, KPI: "小红书新增笔记", Raw: "8,700篇", Forum: true},
			{ItemID: "E2", Kind: evidence.FigVolume, KPI: "话题阅读量", Raw: "28.7亿次", Forum: true, Primary: "E9"},
		}}
	cp := evidence.ChapterPlan{ID: "S1", SubPoints: []evidence.SubPlan{sp}}
	set := evidence.Collect(evidence.Input{})
	for _, other := range []bool{false, true} {
		briefs := subPointBriefs(set, cp, other)
		if got := briefs[0].Figures; got[0].KPI != map[bool]string{false: "小红书新增笔记"}[other] || got[0].Raw != "8,700篇" || got[1].KPI != "话题阅读量" {
			t.Errorf("forum of another run %v: brief figures = %+v", other, got)
		}
		d := digest(ir.Chapter{ChapterID: "S1"}, cp, other)
		cards := heroKPICards(d.Figures)
		if len(cards) != map[bool]int{false: 2, true: 1}[other] || cards[0].Label != "话题阅读量" {
			t.Errorf("forum of another run %v: hero cards = %+v", other, cards)
		}
	}
}

// With headline figures withheld as another run's forum figures, the hero
// shows no card rather than the layout's counts of inputs (untraceable
// cards: the fixture's hero showed 引擎 3, 来源 224 once its forum cards
// left).
func TestHeroWithheldKeepsNoLayoutCounts(t *testing.T) {
	layout := ir.Hero{KPIs: []ir.KPI{{Label: "引擎", Value: "3"}}}
	digests := []prompts.ChapterDigest{{ChapterID: "S1", Findings: []string{"武汉大学发布通报，宣布全面调查复核。[E3]"}}}
	for _, withheld := range []bool{false, true} {
		h := findingsHero(layout, digests, printed{}, heroRun{withheld: withheld}, true, true)
		if want := map[bool]int{false: 1, true: 0}[withheld]; len(h.KPIs) != want {
			t.Errorf("withheld %v: hero cards %+v, want %d", withheld, h.KPIs, want)
		}
	}
}
