package draft

import (
	"slices"
	"strings"
	"testing"

	"reportengine/ir"
	"reportengine/prompts"
)

// The KPI cards and the chart of a sub-point of the BettaFish fixture's
// report (the figures as evidence.FindFigures reads them from the insight
// engine's table row "维度：樱花季；…；情绪占比：浪漫 42% / 焦虑 28%" and from
// "带动全省11所高校形成多层次国际化发展梯队"): cards carry the KPI label, a
// figure without one is no card, and the chart of the row's cells is
// titled by their shared measure with the categories as labels and, as
// they do not make 100 %, with their sum.
func TestFigureBlocksKPILabels(t *testing.T) {
	row := "情绪占比：浪漫 42% / 焦虑 28%"
	figs := []prompts.FigureRef{
		{ItemID: "E6", Kind: "count", Label: "带动全省", Raw: "11所", Value: 11, Unit: "所", Sentence: "带动全省11所高校形成多层次国际化发展梯队"},
		{ItemID: "E3", Kind: "share", Label: "情绪占比：浪漫", KPI: "樱花季情绪占比：浪漫", Raw: "42%", Value: 42, Unit: "%", Sentence: row, Primary: "E9"},
		{ItemID: "E3", Kind: "share", Label: "焦虑", KPI: "樱花季情绪占比：焦虑", Raw: "28%", Value: 28, Unit: "%", Sentence: row},
	}
	blocks := figureBlocks(figs, "s")
	// the page stating a card's figure is cited before its passage
	if src := blocksText(blocks); !strings.Contains(src, "数据出处：[E9][E3]") {
		t.Errorf("the cards' sources do not cite the page first:\n%s", src)
	}
	var cards []string
	var chart *ir.Block
	for i, b := range blocks {
		for _, k := range b.KPIItems {
			cards = append(cards, k.Label+" "+k.Value)
		}
		if b.Type == ir.TypeWidget {
			chart = &blocks[i]
		}
	}
	if want := []string{"樱花季情绪占比：浪漫 42%", "樱花季情绪占比：焦虑 28%"}; !slices.Equal(cards, want) {
		t.Errorf("KPI cards %q, want %q", cards, want)
	}
	if chart == nil {
		t.Fatal("no chart of the row's shares")
	}
	// two shares the row gives of a whole they do not make: their sum said
	if chart.Props.Title != "樱花季情绪占比（%，原文各项合计 70%）" || !slices.Equal(chart.Data.Labels, []string{"浪漫", "焦虑"}) {
		t.Errorf("chart %q labels %q, want 樱花季情绪占比（%%，原文各项合计 70%%） [浪漫 焦虑]", chart.Props.Title, chart.Data.Labels)
	}
}
