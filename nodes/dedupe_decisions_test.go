package nodes

import (
	"strings"
	"testing"

	"reportengine/ir"
	"reportengine/prompts"
	"reportengine/state"
)

// A chapter id the layout reply gives twice keeps its first entry: the
// second neither replaces it nor adds a row (dropping the repeat check
// makes the second entry win).
func TestLayoutRepeatedChapterKeepsFirst(t *testing.T) {
	secs := defaultSections(t)
	id := secs[0].ChapterID
	r := prompts.LayoutReply{Title: "标题", TOCPlan: []prompts.TOCPlanEntry{
		{ChapterID: id, Display: "第一次", AllowSwot: true},
		{ChapterID: " " + id + " ", Display: "第二次", AllowPest: true},
	}}
	l, _ := checkLayout(r, nil, "话题", secs)
	if len(l.TOCPlan) != len(secs) {
		t.Fatalf("%d toc entries for %d sections", len(l.TOCPlan), len(secs))
	}
	e := l.TOCPlan[0]
	if e.Display != "第一次" || !e.AllowSwot || e.AllowPest {
		t.Errorf("entry %+v, want the first one given (第一次, SWOT, no PEST)", e)
	}
	for _, e := range l.TOCPlan[1:] {
		if e.ChapterID == id {
			t.Errorf("chapter %s listed twice", id)
		}
	}
}

// A chapter budget given twice keeps its first figures (dropping the
// repeat check makes the second win).
func TestBudgetRepeatedChapterKeepsFirst(t *testing.T) {
	got := checkBudgets([]prompts.ChapterBudget{
		{ChapterID: "S1", TargetWords: 1200, MinWords: 1000, MaxWords: 1500, Rationale: "先"},
		{ChapterID: "S1", TargetWords: 300, Rationale: "后"},
		{ChapterID: "S2", TargetWords: 0},   // no target: skipped, not a claim on S2
		{ChapterID: "S2", TargetWords: 800}, // so this one counts
	}, map[string]bool{"S1": true, "S2": true})
	if b := got["S1"]; b.TargetWords != 1200 || b.MinWords != 1000 || b.MaxWords != 1500 || b.Rationale != "先" {
		t.Errorf("S1 budget %+v, want the first one (1200, 1000-1500)", b)
	}
	if b := got["S2"]; b.TargetWords != 800 {
		t.Errorf("S2 budget %+v, want 800 (the entry without a target is no budget)", b)
	}
}

// A number a paragraph states twice without support is one warning, not
// two (dropping the seen check repeats it).
func TestCheckClaimsNumberOnce(t *testing.T) {
	set := citeSet()
	neg := idOf(t, set, "网络讨论")
	c := ir.Chapter{ChapterID: "S4", Blocks: []ir.Block{
		{Type: ir.TypeParagraph, Inlines: []ir.Inline{{Text: "负面85%，再说一次85%，正面21%[" + neg + "]"}}},
	}}
	ws := checkClaims(&c, set, nil)
	if len(ws) != 1 || !strings.Contains(ws[0], "states 85") {
		t.Errorf("warnings %q, want one, for 85 (21 is in the passage)", ws)
	}
}

// A summary two paragraphs share, or a final-report paragraph repeated, is
// one passage, under the section it first appears in.
func TestPassagesWithoutRepeats(t *testing.T) {
	same := "樱花季期间门店客流上升，排队时长成为主要抱怨，部分顾客转向外卖渠道。"
	st := &state.State{Engine: state.EngineQuery,
		FinalReport: "# 概况\n\n" + same + "\n\n# 再谈\n\n" + same,
		Paragraphs: []state.Paragraph{
			{Title: "甲", LatestSummary: same},
			{Title: "乙", LatestSummary: same},
			{Title: "丙", LatestSummary: "另一段不同的总结。"},
		}}
	got := passages([]*state.State{st})
	if len(got) != 1 {
		t.Fatalf("%d groups, want 1", len(got))
	}
	var texts []string
	for _, p := range got[0] {
		texts = append(texts, p.section+"|"+p.text)
	}
	want := []string{"概况|" + same, "丙|另一段不同的总结。"}
	if strings.Join(texts, "\n") != strings.Join(want, "\n") {
		t.Errorf("passages\n%s\nwant\n%s", strings.Join(texts, "\n"), strings.Join(want, "\n"))
	}
}

// One KPI label is one hero card: a second figure under the same label
// from another passage (another value) is not a second card.
func TestHeroKPILabelOnce(t *testing.T) {
	figs := []prompts.FigureRef{
		{ItemID: "E1", Kind: "sentiment", KPI: "微博负面情绪占比", Raw: "79%"},
		{ItemID: "E2", Kind: "sentiment", KPI: "微博负面情绪占比", Raw: "61%"},
		{ItemID: "E3", Kind: "volume", KPI: "话题阅读总量", Raw: "3.8亿"},
	}
	kpis := heroKPICards(figs)
	var got []string
	for _, k := range kpis {
		got = append(got, k.Label+"="+k.Value+k.Source)
	}
	if want := "微博负面情绪占比=79%[E1] 话题阅读总量=3.8亿[E3]"; strings.Join(got, " ") != want {
		t.Errorf("cards %q, want %q", strings.Join(got, " "), want)
	}
}
