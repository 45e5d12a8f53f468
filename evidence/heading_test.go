package evidence

import "testing"

// An engine's final report repeats its paragraphs under their titles; a
// title of MinRunes runes or more is cut as a passage of its own. The
// plan's gate takes it for the heading it is (Listing), never a finding —
// the sample's §2.3 printed "查询引擎的研究写道：同类品牌对比与影响力位置" —
// while a short statement of the same section (a sentence mark, or words
// that are no paragraph title) still passes.
func TestGateRejectsSectionHeading(t *testing.T) {
	sec := Provenance{Kind: KindSummary, Engine: "query", Section: "同类品牌对比与影响力位置", SectionPos: 3}
	fin := Provenance{Kind: KindFinalReport, Engine: "query", SectionPos: -1}
	set := &Set{Items: []Item{
		{ID: "E1", Text: "对比李明咖啡店与同一写字楼商圈内两家连锁咖啡门店的评分。", Kind: KindSummary, Provenance: []Provenance{sec}},
		{ID: "E2", Text: "同类品牌对比与影响力位置", Kind: KindFinalReport, Provenance: []Provenance{fin}},
		{ID: "E3", Text: "服务相关评论较少但一致正面。", Kind: KindFinalReport, Provenance: []Provenance{fin}},
		{ID: "E4", Text: "口碑领先声量落后的影响力位置", Kind: KindFinalReport, Provenance: []Provenance{fin}},
	}}
	set.byID = map[string]int{"E1": 0, "E2": 1, "E3": 2, "E4": 3}
	g := newGate(set, "")
	if v := g.judge(1); v.ok || v.noise != Listing {
		t.Errorf("heading passage: %+v, want Listing, not ok", v)
	}
	for _, i := range []int{0, 2, 3} {
		if v := g.judge(i); !v.ok || v.noise != Clean {
			t.Errorf("%s %q: %+v, want a Clean finding", set.Items[i].ID, set.Items[i].Text, v)
		}
	}
}
