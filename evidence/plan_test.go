package evidence

import (
	"reflect"
	"strings"
	"testing"

	"reportengine/state"
	"reportengine/templates"
)

func templateChapters(t *testing.T, name string) []ChapterSpec {
	t.Helper()
	tp, err := templates.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	var chs []ChapterSpec
	for _, s := range tp.Sections {
		chs = append(chs, ChapterSpec{ID: s.ChapterID, Title: s.Title, SubPoints: s.Outline, Summary: strings.Contains(s.Title, "摘要")})
	}
	return chs
}

func TestPlanFixtureAssignsEachItemOnce(t *testing.T) {
	set := Collect(fixtureInput(t))
	chs := templateChapters(t, "社会公共热点事件分析报告模板")
	p := MakePlan(set, "武汉大学", chs, nil)
	if !reflect.DeepEqual(p, MakePlan(set, "武汉大学", chs, nil)) {
		t.Fatal("MakePlan is not deterministic")
	}
	seen := map[string]string{}
	total := 0
	for ci, c := range p.Chapters {
		if len(c.SubPoints) != len(chs[ci].SubPoints) {
			t.Errorf("%s: %d sub-points, template has %d", c.ID, len(c.SubPoints), len(chs[ci].SubPoints))
		}
		for _, sp := range c.SubPoints {
			if c.Summary && len(sp.Items) > 0 {
				t.Errorf("summary chapter %s got items", c.ID)
			}
			if len(sp.Items) > PerSubPoint {
				t.Errorf("%s: %d items > %d", sp.Key, len(sp.Items), PerSubPoint)
			}
			for _, a := range sp.Items {
				if prev, dup := seen[a.ItemID]; dup {
					t.Errorf("item %s in %s and %s", a.ItemID, prev, sp.Key)
				}
				seen[a.ItemID] = sp.Key
				if a.Score < MinScore {
					t.Errorf("%s: item %s score %v below MinScore", sp.Key, a.ItemID, a.Score)
				}
				total++
			}
		}
	}
	if total != p.Assigned || total == 0 {
		t.Errorf("assigned %d, counted %d", p.Assigned, total)
	}
	// every non-summary sub-point of this template finds evidence in the fixture
	for _, c := range p.Chapters {
		for _, sp := range c.SubPoints {
			if !c.Summary && len(sp.Items) == 0 {
				t.Errorf("%s %s: no evidence", sp.Key, sp.Title)
			}
		}
	}
}

func TestPlanOffTopicSourcesRankLow(t *testing.T) {
	st := &state.State{Engine: state.EngineQuery, Paragraphs: []state.Paragraph{{Title: "高校排名", Searches: []state.SearchRecord{
		{URL: "https://other.cn/1", Title: "浙江大学学科排名", Content: "浙江大学学科排名全国领先，多个学科进入全球前1%。"},
		{URL: "https://whu.cn/2", Title: "武大学科排名", Content: "武大学科排名稳步上升，测绘学科排名全球第一。"},
	}}}}
	set := Collect(Input{Topic: "武汉大学", States: []*state.State{st}})
	p := MakePlan(set, "武汉大学", []ChapterSpec{{ID: "S1", Title: "学科排名", SubPoints: []string{"1.1 学科排名情况"}}}, nil)
	items := p.Chapters[0].SubPoints[0].Items
	if len(items) == 0 {
		t.Fatal("no items")
	}
	first, _ := set.Item(items[0].ItemID)
	if !strings.Contains(first.Text, "武大") || !items[0].OnTopic {
		t.Errorf("first item %q (on topic %v), want the 武大 passage first", first.Text, items[0].OnTopic)
	}
	for _, a := range items {
		it, _ := set.Item(a.ItemID)
		if strings.Contains(it.Text, "浙江大学") && (a.OnTopic || a.Score >= items[0].Score) {
			t.Errorf("off-topic passage %q on_topic=%v score %v", it.Text, a.OnTopic, a.Score)
		}
	}
}

func TestPlanRoundsBoostWithQuota(t *testing.T) {
	var recs []state.SearchRecord
	for i := 0; i < RoundQuota+5; i++ {
		// a distinct opening (so no two pages are near duplicates), the
		// relevant words, then 3i runes of unrelated text: relevance falls with i
		var pad []rune
		for k := 0; k < 3*i+3; k++ {
			pad = append(pad, rune(0x5000+i*200+k))
		}
		recs = append(recs, state.SearchRecord{URL: "https://a.cn/" + itoa(i), Title: "",
			Content: string(pad[:3]) + "武汉大学樱花季传播热度" + string(pad[3:])})
	}
	st := &state.State{Engine: state.EngineMedia, Paragraphs: []state.Paragraph{{Title: "传播", Searches: recs}}}
	set := Collect(Input{Topic: "武汉大学", States: []*state.State{st}})
	// two chapters with the same sub-point: ties go to the first chapter
	chs := []ChapterSpec{{ID: "S1", Title: "传播热度", SubPoints: []string{"传播热度"}}, {ID: "S2", Title: "传播热度", SubPoints: []string{"传播热度"}}}
	p := MakePlan(set, "武汉大学", chs, nil)
	if len(p.Chapters[1].SubPoints[0].Items) != 0 || len(p.Chapters[0].SubPoints[0].Items) == 0 {
		t.Fatalf("without rounds a tie goes to S1")
	}
	var keys []string // in the order a query would return them: least relevant first
	for i := RoundQuota + 4; i >= 0; i-- {
		keys = append(keys, "https://a.cn/"+itoa(i))
	}
	qs := [][]weighted{{{"传播热度", 1}}, {{"传播热度", 1}}}
	b := roundBoosts(set, newScorer(set.Items, qs), 0, chs, Rounds{"S2": {keys}})
	if len(b["S2"]) != RoundQuota {
		t.Fatalf("boosted %d keys, want the quota %d", len(b["S2"]), RoundQuota)
	}
	for i := 0; i < RoundQuota; i++ { // the shorter pages are the more relevant ones
		if b["S2"]["https://a.cn/"+itoa(i)] != BoostScore {
			t.Errorf("key %d not boosted", i)
		}
	}
	p = MakePlan(set, "武汉大学", chs, Rounds{"S2": {keys}})
	if len(p.Chapters[1].SubPoints[0].Items) == 0 {
		t.Errorf("a round of S2 that found the sources should move the tied passages there")
	}
	for _, a := range p.Chapters[1].SubPoints[0].Items {
		if a.Boost != BoostScore {
			t.Errorf("item %s in S2 without a boost", a.ItemID)
		}
	}
}

func TestTopicNames(t *testing.T) {
	cases := map[string][]string{
		"武汉大学":   {"武汉大学", "武大"},
		"武汉大学舆情": {"武汉大学舆情", "武汉大学", "武大"},
		"Tesla":  {"tesla"},
		"":       nil,
	}
	for in, want := range cases {
		if got := TopicNames(in); !reflect.DeepEqual(got, want) {
			t.Errorf("TopicNames(%q) = %q, want %q", in, got, want)
		}
	}
}

// A larger PlanOptions.PerSubPoint gives the sub-points more items (the
// fixture has enough for most of them), never more than the option, still
// each item once; the default plan's items are a subset of each larger
// sub-point's (same ranking, more room).
func TestPlanPerSubPointOption(t *testing.T) {
	set := Collect(fixtureInput(t))
	chs := templateChapters(t, "社会公共热点事件分析报告模板")
	small := MakePlan(set, "武汉大学", chs, nil)
	const n = 24
	big := MakePlanWith(set, "武汉大学", chs, nil, PlanOptions{PerSubPoint: n})
	if big.Assigned <= 2*small.Assigned {
		t.Errorf("PerSubPoint %d assigned %d items, the default %d: want more than twice as many", n, big.Assigned, small.Assigned)
	}
	seen := map[string]bool{}
	for ci, c := range big.Chapters {
		for si, sp := range c.SubPoints {
			if len(sp.Items) > n {
				t.Errorf("%s: %d items > %d", sp.Key, len(sp.Items), n)
			}
			in := map[string]bool{}
			for _, a := range sp.Items {
				if seen[a.ItemID] {
					t.Errorf("item %s assigned twice", a.ItemID)
				}
				seen[a.ItemID], in[a.ItemID] = true, true
			}
			for _, a := range small.Chapters[ci].SubPoints[si].Items {
				if !in[a.ItemID] {
					t.Errorf("%s: default item %s (score %v) is not among the %d of the larger plan", sp.Key, a.ItemID, a.Score, len(sp.Items))
				}
			}
		}
	}
}
