package draft

import (
	"slices"
	"testing"

	"reportengine/ir"
	"reportengine/prompts"
)

// A SWOT item's title is the clause that says it, not the bare word it
// was filed by; the table stands in the sub-point about SWOT (which had no
// evidence of its own and would have said so), not after the last one.
func TestDraftQuadrantsInTheirSubPoint(t *testing.T) {
	if got := quadrantTitle("多家媒体指出，写字楼商圈的主要风险是周末客流不足，门店需要依靠工作日。", "风险"); got != "写字楼商圈的主要风险是周末客流不足" {
		t.Errorf("title %q", got)
	}
	if got := quadrantTitle("劣势同样明显，周末客流只有工作日的三成左右。", "劣势"); got != "劣势同样明显，周末客流只有工作日的三成左右" {
		t.Errorf("title %q", got)
	}
	in := prompts.ChapterInput{Query: "李明咖啡店",
		Section:     prompts.ChapterSection{ChapterID: "S7", Title: "结论与战略建议"},
		Constraints: prompts.Constraints{AllowSwot: true},
		SubPoints: []prompts.SubPointBrief{
			{Title: "7.1 SWOT 综合研判"},
			{Title: "7.2 短期举措", Evidence: []prompts.EvidenceRef{
				{ID: "E1", Kind: "summary", Engine: "query", Text: "李明咖啡店的优势是写字楼商圈工作日客流稳定，早高峰排队约十分钟。"},
				{ID: "E2", Kind: "summary", Engine: "media", Text: "门店的主要风险是咖啡豆只有一个供应商，雨季运输延误就会断货。"},
			}},
		}}
	ch := Chapter(in)
	var kinds []string
	for _, b := range ch.Blocks {
		kinds = append(kinds, b.Type)
	}
	// heading, 7.1, the table, 7.2, its two passages
	want := []string{ir.TypeHeading, ir.TypeHeading, ir.TypeSwotTable, ir.TypeHeading, ir.TypeParagraph, ir.TypeParagraph}
	if len(kinds) != len(want) {
		t.Fatalf("blocks %q, want %q", kinds, want)
	}
	for i := range want {
		if kinds[i] != want[i] {
			t.Fatalf("blocks %q, want %q", kinds, want)
		}
	}
	q := ch.Blocks[2]
	if len(q.Strengths) != 1 || q.Strengths[0].Title != "李明咖啡店的优势是写字楼商圈工作日客流稳定" || q.Strengths[0].Evidence != "[E1]" ||
		len(q.Threats) != 1 || q.Threats[0].Title != "门店的主要风险是咖啡豆只有一个供应商" {
		t.Errorf("quadrants %+v / %+v", q.Strengths, q.Threats)
	}
}

// A comparison chart needs figures a list sets side by side (拿铁28元、美式
// 22元), not the two amounts of one offer (充值五百元赠送五十元: the
// sample's chart "充值 500 / 赠送 50" compared nothing).
func TestParallelFigures(t *testing.T) {
	fig := func(raw, sentence string) prompts.FigureRef { return prompts.FigureRef{Raw: raw, Sentence: sentence} }
	list := "拿铁28元、美式22元，定价处于商圈中段。"
	offer := "2024年6月门店上线会员体系，充值五百元赠送五十元（约合九一折）。"
	and := "小红书占46%和抖音占31%。"
	for _, c := range []struct {
		fs   []prompts.FigureRef
		want bool
	}{
		{[]prompts.FigureRef{fig("28元", list), fig("22元", list)}, true},
		{[]prompts.FigureRef{fig("五百元", offer), fig("五十元", offer)}, false},
		{[]prompts.FigureRef{fig("46%", and), fig("31%", and)}, true},
		{[]prompts.FigureRef{fig("22元", list), fig("28元", list)}, false}, // not in sentence order: not found after the first
	} {
		if got := parallelFigures(c.fs); got != c.want {
			t.Errorf("%+v: %v, want %v", c.fs, got, c.want)
		}
	}
}

// A passage naming all four quadrants, each in a clause of its own (the
// sample's query engine: "SWOT综合来看，…优势在于口碑和会员…；劣势在于…；机会
// 在于…；威胁在于…"), fills all four, not only the first; a clause naming
// two ("风险与机遇并存") is filed once, under the first.
func TestDraftQuadrantsEveryClause(t *testing.T) {
	evs := []prompts.EvidenceRef{
		{ID: "E1", Kind: "summary", Engine: "query", Text: "SWOT综合来看，李明咖啡店的优势在于口碑和会员，评分4.7、会员八百人；劣势在于周末客流只有工作日的三成左右；机会在于写字楼企业团购和周末社区活动；威胁在于连锁品牌九块九元的低价促销。"},
		{ID: "E2", Kind: "summary", Engine: "query", Text: "写字楼商圈的风险与机遇并存，门店的选择决定了客流。"},
	}
	q, ok := draftQuadrants(evs, prompts.Constraints{AllowSwot: true})
	if !ok {
		t.Fatal("no table")
	}
	want := map[string][]ir.QuadrantItem{
		"strengths":     {{Title: "李明咖啡店的优势在于口碑和会员", Evidence: "[E1]"}},
		"weaknesses":    {{Title: "劣势在于周末客流只有工作日的三成左右", Evidence: "[E1]"}},
		"opportunities": {{Title: "机会在于写字楼企业团购和周末社区活动", Evidence: "[E1]"}, {Title: "写字楼商圈的风险与机遇并存", Evidence: "[E2]"}},
		"threats":       {{Title: "威胁在于连锁品牌九块九元的低价促销", Evidence: "[E1]"}},
	}
	got := map[string][]ir.QuadrantItem{"strengths": q.Strengths, "weaknesses": q.Weaknesses, "opportunities": q.Opportunities, "threats": q.Threats}
	for k, w := range want {
		if !slices.Equal(got[k], w) {
			t.Errorf("%s: %+v, want %+v", k, got[k], w)
		}
	}
}
