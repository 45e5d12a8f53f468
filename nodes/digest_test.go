package nodes

import (
	"testing"

	"reportengine/evidence"
	"reportengine/ir"
)

// A chapter's digest keeps at most two figures with a KPI label per
// sub-point (a figure without one is no key figure), but a
// sentiment split of one passage is one figure kept whole: the summary
// chapter's chart of it must hold all three shares (a 正面/负面 chart
// without the 中性 38% would read as a 34:28 split of 62 %).
func TestDigestKeepsSplitsWhole(t *testing.T) {
	text := "情感分布：正面情绪占34%，负面情绪占28%，中性占38%。"
	figs := evidence.FindFigures("E1", text)
	var shares int
	for _, f := range figs {
		if f.Kind == evidence.FigSentiment {
			shares++
		}
	}
	if shares != 3 {
		t.Fatalf("FindFigures found %d sentiment shares in %q, want 3: %+v", shares, text, figs)
	}
	// E9's count has no KPI label ("带动全省11所高校…"): no key figure
	sub := evidence.SubPlan{Key: "S1/1", Figures: append(append([]evidence.Figure{
		{ItemID: "E9", Kind: evidence.FigCount, Raw: "11所", Label: "带动全省"},
		{ItemID: "E0", Kind: evidence.FigVolume, Raw: "3.8亿", Label: "阅读量", KPI: "话题阅读量"}}, figs...),
		evidence.Figure{ItemID: "E2", Kind: evidence.FigShare, Raw: "12%", Label: "其他", KPI: "其他情绪占比"})}
	d := digest(ir.Chapter{ChapterID: "S1"}, evidence.ChapterPlan{ID: "S1", SubPoints: []evidence.SubPlan{sub}}, false)
	var got []string
	for _, f := range d.Figures {
		got = append(got, f.ItemID+":"+f.Raw)
	}
	// the volume and the whole split (two figures by count); the share of
	// E2 is the third and is left out
	if len(got) != 4 || got[0] != "E0:3.8亿" || got[3][:3] != "E1:" {
		t.Errorf("digest figures %v, want E0's volume then E1's three shares", got)
	}
}
