package evidence

import (
	"strings"
	"testing"
)

// A sub-point whose title the passages word otherwise (首发 → 爆料, 扩散 →
// 发酵) is left empty by the first pass, every passage sharing nothing with
// its title; the wording pass (fillByWording) gives it the one passage that
// holds a wording of its title, is planned nowhere else and scores at least
// MinScore against the title with its wordings — not the passage planned
// under the other sub-point, not one holding no wording, and only an empty
// sub-point.
func TestPlanWordingFillsEmptySubPoint(t *testing.T) {
	set := sourceSet(
		"武汉大学图书馆事件始于一名学生的网络爆料，当晚即在微博迅速发酵。", // E1: the first report and the spread, in other words
		"武汉大学网友情绪分布以愤怒为主，负面情绪占比持续上升。",      // E2: the second sub-point's
		"武汉大学樱花季游客众多，校园秩序受到关注，学校加强了预约管理。",  // E3: no wording of the title
	)
	chs := []ChapterSpec{{ID: "S1", Title: "舆情分析", SubPoints: []string{"1.1 首发信源与早期扩散", "1.2 网友情绪分布"}}}
	p := MakePlan(set, "武汉大学", chs, nil)
	first, second := p.Chapters[0].SubPoints[0].Items, p.Chapters[0].SubPoints[1].Items
	if len(first) != 1 || first[0].ItemID != "E1" || !first[0].Wording || first[0].Score < MinScore {
		t.Fatalf("1.1 holds %+v, want E1 alone, given by the wording pass with a score of at least %v", first, MinScore)
	}
	if first[0].Relevance <= 0 {
		t.Errorf("E1 relevance %v: want its relevance to the title with its wordings", first[0].Relevance)
	}
	if len(second) != 1 || second[0].ItemID != "E2" || second[0].Wording {
		t.Errorf("1.2 holds %+v, want E2 from the first pass", second)
	}
	if p.Assigned != 2 {
		t.Errorf("assigned %d, want 2", p.Assigned)
	}
	// the premise: by its title alone 1.1 scores E1 under the floor
	sc := newScorer(set.Items, [][]weighted{{{"首发信源与早期扩散", 1}, {"舆情分析", 0.5}}})
	out := make([]float64, 1)
	sc.score(set.Items[0].Text, out, nil)
	if out[0] >= MinScore {
		t.Fatalf("premise: E1 scores %v against the title alone, want under %v", out[0], MinScore)
	}
	// another set: E1 holds wordings of 1.1 (爆料, 发酵) but is planned
	// under 1.2, E3 holds one (传播) in a long passage about something else
	// and scores under MinScore: 1.1 stays empty
	set = sourceSet(
		"武汉大学网友情绪分布以愤怒为主，爆料发酵之后负面情绪占比持续上升。", // E1: 1.2's, with wordings of 1.1
		"武汉大学樱花季游客众多，校园秩序受到关注，学校加强了预约管理。",   // E2: no wording
		"武汉大学樱花季期间校园游客众多，学校实行预约入校制度，安排志愿者引导游客错峰参观，食堂与图书馆照常开放，宿舍区域禁止游客进入，校园秩序总体平稳，相关照片在网上传播。", // E3: 传播, little else
	)
	p = MakePlan(set, "武汉大学", []ChapterSpec{{ID: "S1", Title: "舆情分析", SubPoints: []string{"1.1 首发信源与早期扩散", "1.2 网友情绪分布"}}}, nil)
	if got := p.Chapters[0].SubPoints[0].Items; len(got) != 0 {
		t.Errorf("1.1 holds %+v, want nothing: E1 is 1.2's and E3 scores under MinScore", got)
	}
	if got := p.Chapters[0].SubPoints[1].Items; len(got) != 1 || got[0].ItemID != "E1" {
		t.Errorf("1.2 holds %+v, want E1", got)
	}
	// a sub-point the first pass filled takes nothing more
	chs = []ChapterSpec{{ID: "S1", Title: "舆情分析", SubPoints: []string{"1.1 网友情绪与早期扩散"}}}
	for _, a := range MakePlan(set, "武汉大学", chs, nil).Chapters[0].SubPoints[0].Items {
		if a.Wording {
			t.Errorf("%s given by the wording pass to a sub-point the first pass filled", a.ItemID)
		}
	}
}

// The outline wordings of a title are the groups one of whose words it
// holds; a title holding none has none (the wording pass skips it).
func TestTitleWordings(t *testing.T) {
	got := strings.Join(titleWordings("首发信源与早期扩散"), " ")
	for _, w := range []string{"爆料", "始于", "信源", "初期", "发酵"} {
		if !strings.Contains(got, w) {
			t.Errorf("titleWordings(首发信源与早期扩散) = %q, want %s among them", got, w)
		}
	}
	if ws := titleWordings("情绪分布及其变化"); ws != nil {
		t.Errorf("titleWordings(情绪分布及其变化) = %q, want none", ws)
	}
}
