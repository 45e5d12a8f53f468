package nodes

import (
	"reflect"
	"testing"

	"reportengine/evidence"
	"reportengine/prompts"
)

// A chapter's prompt carries the window and volume, and only the blocks
// placed in its own sub-points, under their titles.
func TestChapterEssentials(t *testing.T) {
	es := evidence.Essentials{
		Window:    evidence.Window{From: "2025-08-24T19:20:47.5", To: "2025-08-25T17:53:19", Records: 4, FromItem: "E3", ToItem: "E3"},
		Volume:    evidence.Volume{Records: 4, Sources: 3, Platforms: 2},
		Platforms: []evidence.PlatformCount{{Platform: evidence.Platform{Name: "微博", Kind: "社交媒体"}, Records: 3, Percent: 75, ItemIDs: []string{"E3"}}},
		Timeline:  []evidence.Event{{Date: "2025-07-25", Text: "法院一审宣判。", ItemID: "E4"}},
		Figures: []evidence.Figure{{ItemID: "E5", Kind: evidence.FigVolume, KPI: "话题阅读量", Raw: "28.7亿次"},
			{ItemID: "E6", Kind: evidence.FigSentiment, Group: "负面", Raw: "28%"}},
	}
	place := map[evidence.EssentialBlock]string{evidence.BlockVolume: "S1/2", evidence.BlockTimeline: "S2/1",
		evidence.BlockPlatforms: "S2/2", evidence.BlockSentiment: "S3/1"}
	cp := evidence.ChapterPlan{ID: "S2", SubPoints: []evidence.SubPlan{{Key: "S2/1", Title: "2.1 发展阶段"}, {Key: "S2/2", Title: "2.2 主要平台"}}}
	got := chapterEssentials(es, place, cp)
	if got == nil {
		t.Fatal("no essentials")
	}
	if want := map[string]string{"timeline": "2.1 发展阶段", "platforms": "2.2 主要平台"}; !reflect.DeepEqual(got.Place, want) {
		t.Errorf("place = %v, want %v", got.Place, want)
	}
	// the window cites no record: a crawl time stamp is the engines', no
	// page states it (the fixture's cited a spam page and a 樱花 video)
	if got.Window.From != "2025-08-24 19:20" || len(got.Window.Cite) != 0 || got.Volume.Records != 4 {
		t.Errorf("window %+v volume %+v", got.Window, got.Volume)
	}
	if len(got.Figures) != 0 || len(got.Timeline) != 1 || got.Timeline[0].Cite != "E4" ||
		!reflect.DeepEqual(got.Platforms, []prompts.PlatformShare{{Platform: "微博", Kind: "社交媒体", Records: 3, Percent: 75, Cite: []string{"E3"}}}) {
		t.Errorf("blocks of S2: figures %v timeline %v platforms %v", got.Figures, got.Timeline, got.Platforms)
	}
	s1 := chapterEssentials(es, place, evidence.ChapterPlan{ID: "S1", SubPoints: []evidence.SubPlan{{Key: "S1/1"}, {Key: "S1/2", Title: "1.2 关键数据"}}})
	if len(s1.Figures) != 1 || s1.Figures[0].Raw != "28.7亿次" || len(s1.Timeline) != 0 {
		t.Errorf("S1 (volume block): figures %v timeline %v", s1.Figures, s1.Timeline)
	}
	if chapterEssentials(evidence.Essentials{}, place, cp) != nil {
		t.Error("a run without records has no essentials")
	}
}

// The records a figure's disagreement note cites are essential ids: the
// note is printed with its citation, which the plan must hold (the
// fixture's “地域黑” trend cited a passage outside the plan, and the whole
// figure list was repaired into one uncited paragraph).
func TestEssentialIDsHoldDisagreement(t *testing.T) {
	es := evidence.Essentials{Figures: []evidence.Figure{{ItemID: "E5", Primary: "E2", Kind: evidence.FigVolume, Raw: "1,847次",
		Disagree: "1,847次→512次[E1840]；1,847次→9次[E7]"}}}
	if got, want := essentialIDs(es), []string{"E5", "E2", "E1840", "E7"}; !reflect.DeepEqual(got, want) {
		t.Errorf("essentialIDs = %v, want %v", got, want)
	}
}

// A repair keeps the citations of the chapter's essentials: the ids a
// repair may keep (promptEvidenceIDs) hold every id the essentials cite,
// a disagreement note's included, and no empty one.
func TestRepairIDsHoldEssentials(t *testing.T) {
	in := prompts.ChapterInput{Essentials: &prompts.Essentials{
		Window:    prompts.DataWindow{Cite: []string{"E1"}},
		Platforms: []prompts.PlatformShare{{Platform: "微博", Cite: []string{"E2"}}},
		Timeline:  []prompts.TimelineEvent{{Date: "2025-07", Cite: "E3", Primary: "E4", Conflicts: []prompts.TimelineEvent{{Cite: "E5"}}}},
		Figures:   []prompts.FigureRef{{ItemID: "E6", Disagree: "1,847次→512次[E7]"}},
	}}
	if got, want := promptEvidenceIDs(in), []string{"E1", "E2", "E4", "E3", "E5", "E6", "E7"}; !reflect.DeepEqual(got, want) {
		t.Errorf("repair ids = %v, want %v", got, want)
	}
}
