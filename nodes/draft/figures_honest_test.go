package draft

import (
	"slices"
	"testing"

	"reportengine/prompts"
)

func sentimentFig(item, group string, v float64) prompts.FigureRef {
	return prompts.FigureRef{ItemID: item, Kind: "sentiment", Group: group, Value: v, Unit: "%", Raw: "", Sentence: group}
}

// A part-to-whole chart shows a split in the source's numbers: a doughnut
// only when its parts make the whole (100 ± 2), bars otherwise; a group
// stated twice is a change, not a split.
func TestFigureChartPartToWhole(t *testing.T) {
	whole := []prompts.FigureRef{sentimentFig("E1", "正面", 34), sentimentFig("E1", "负面", 28), sentimentFig("E1", "中性", 38)}
	c, src, ok := figureChart(whole, "s")
	if !ok || c.Props.Type != "doughnut" || !slices.Equal(c.Data.Datasets[0].Data, []float64{34, 28, 38}) || !slices.Equal(src, []string{"E1"}) {
		t.Fatalf("whole split: %+v %v %v", c, src, ok)
	}
	// the summary's case: 负面 28% left out → not a doughnut of 34 and 38
	c, _, ok = figureChart([]prompts.FigureRef{whole[0], whole[2]}, "s")
	if !ok || c.Props.Type != "bar" || !slices.Equal(c.Data.Datasets[0].Data, []float64{34, 38}) || c.Props.Title != "情绪与态度分布（%，原文各项合计 72%）" {
		t.Errorf("parts of a split: %+v", c)
	}
	// 99 (rounding in the source) is whole
	c, _, _ = figureChart([]prompts.FigureRef{sentimentFig("E1", "正面", 33), sentimentFig("E1", "负面", 28), sentimentFig("E1", "中性", 38)}, "s")
	if c.Props.Type != "doughnut" {
		t.Errorf("a split adding up to 99: %s", c.Props.Type)
	}
	// 支持 26%→48% (one group twice) is a change; the next item's split is drawn
	figs := []prompts.FigureRef{sentimentFig("E2", "支持", 26), sentimentFig("E2", "支持", 48), sentimentFig("E2", "反对", 10)}
	if _, _, ok := figureChart(figs, "s"); ok {
		t.Error("a group stated twice was drawn as a split")
	}
	c, src, ok = figureChart(append(figs, whole...), "s")
	if !ok || !slices.Equal(src, []string{"E1"}) {
		t.Errorf("the split after a change: %v %v", src, ok)
	}
}

// A chart whose title promises a trend is not drawn from one clause's
// categories (issue 22's "病毒学情感走势（%）": 敬意 8, 科研高压 5).
func TestFigureChartNoTrendOfCategories(t *testing.T) {
	figs := []prompts.FigureRef{
		{ItemID: "E9", Kind: "share", Label: "敬意", KPI: "病毒学情感走势：敬意", Value: 8, Unit: "%", Sentence: "情感走势：敬意 8%→6% / 科研高压 5%"},
		{ItemID: "E9", Kind: "share", Label: "科研高压", KPI: "病毒学情感走势：科研高压", Value: 5, Unit: "%", Sentence: "情感走势：敬意 8%→6% / 科研高压 5%"},
	}
	if c, _, ok := figureChart(figs, "s"); ok {
		t.Errorf("trend chart of two categories drawn: %q", c.Props.Title)
	}
	// the same clause with a measure that is no trend is drawn
	for i := range figs {
		figs[i].KPI = "樱花季情绪占比：" + figs[i].Label
	}
	if c, _, ok := figureChart(figs, "s"); !ok || c.Props.Title != "樱花季情绪占比（%，原文各项合计 13%）" {
		t.Errorf("a comparison of one clause: %+v %v", c, ok)
	}
	// shares of one measure that make the whole: no sum in the title
	figs[0].Value, figs[1].Value = 60, 40
	if c, _, ok := figureChart(figs, "s"); !ok || c.Props.Title != "樱花季情绪占比（%）" {
		t.Errorf("a comparison making the whole: %+v %v", c, ok)
	}
}

// A split shows every category its source gives: the shares next to the
// platform parts that complete the whole join them (本地论坛, 其他平台 are
// no platforms of the table); shares that do not complete it stay out.
func TestFigureChartEveryCategory(t *testing.T) {
	share := func(label string, v float64) prompts.FigureRef {
		return prompts.FigureRef{ItemID: "E3", Kind: "share", Label: label, Value: v, Unit: "%"}
	}
	plat := func(group string, v float64) prompts.FigureRef {
		return prompts.FigureRef{ItemID: "E3", Kind: "platform", Group: group, Label: group, Value: v, Unit: "%"}
	}
	figs := []prompts.FigureRef{share("二次舆情反弹概率", 31), plat("微博", 58), plat("抖音", 22), share("本地论坛", 12), share("其他平台", 8)}
	c, _, ok := figureChart(figs, "s")
	if !ok || !slices.Equal(c.Data.Labels, []string{"微博", "抖音", "本地论坛", "其他平台"}) || !slices.Equal(c.Data.Datasets[0].Data, []float64{58, 22, 12, 8}) {
		t.Errorf("platform split = %+v", c.Data)
	}
	// without the shares that complete it: the parts alone, their sum said
	c, _, _ = figureChart(figs[:3], "s")
	if !slices.Equal(c.Data.Labels, []string{"微博", "抖音"}) || c.Props.Title != "平台分布（%，原文各项合计 80%）" {
		t.Errorf("parts alone = %+v %q", c.Data, c.Props.Title)
	}
}

// A chart's category keeps its figure's qualifier, as the card's value
// does: a bar of 破3.8亿 is not an exact 3.8亿.
func TestCompareChartQualifier(t *testing.T) {
	const s = "72小时内二创视频播放量破3.8亿、话题播放量5.4亿"
	figs := []prompts.FigureRef{
		{ItemID: "E9", Kind: "volume", Label: "二创视频播放量", Raw: "3.8亿", Value: 3.8, Unit: "亿", Sentence: s},
		{ItemID: "E9", Kind: "volume", Label: "话题播放量", Raw: "5.4亿", Value: 5.4, Unit: "亿", Sentence: s},
	}
	c, _, ok := compareChart(figs, "s")
	if !ok || !slices.Equal(c.Data.Labels, []string{"二创视频播放量（破）", "话题播放量"}) {
		t.Errorf("chart labels: %+v %v", c.Data, ok)
	}
}
