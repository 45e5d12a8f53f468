package evidence

import (
	"math"
	"slices"
	"strconv"
	"testing"
)

// sourceSet is a Set of source passages made by hand (no merging, no
// cutting), item i with id "E<i+1>" and its own source URL.
func sourceSet(texts ...string) *Set {
	s := &Set{byID: map[string]int{}}
	for i, t := range texts {
		id := "E" + strconv.Itoa(i+1)
		s.Items = append(s.Items, Item{ID: id, Text: t, Kind: KindSource, Runes: len([]rune(t)),
			Provenance: []Provenance{{Kind: KindSource, Engine: "query", SectionPos: 0, URL: "https://e.cn/" + id}}})
		s.byID[id] = i
	}
	return s
}

// planned returns a plan's assignments of its first chapter's first
// sub-point, by item id, and the ids in the plan's order.
func planned(p *Plan) (map[string]Assigned, []string) {
	m := map[string]Assigned{}
	var ids []string
	for _, a := range p.Chapters[0].SubPoints[0].Items {
		m[a.ItemID] = a
		ids = append(ids, a.ItemID)
	}
	return m, ids
}

// A source passage that never names the topic scores OffTopicFactor of its
// relevance: here the off-topic passage is the better textual match, so
// only the factor puts the on-topic one first.
func TestPlanOffTopicFactorDecidesOrder(t *testing.T) {
	set := sourceSet(
		"学科排名情况：本校学科排名情况全国领先，排名情况稳定。",         // E1: names no topic, the closer text
		"武大今年的学科排名有所上升，测绘等专业保持全球前列，多个方向进步明显。", // E2: on topic ("武大")
	)
	chs := []ChapterSpec{{ID: "S1", Title: "学科排名", SubPoints: []string{"1.1 学科排名情况"}}}
	got, order := planned(MakePlan(set, "武汉大学", chs, nil))
	off, on := got["E1"], got["E2"]
	if off.ItemID == "" || on.ItemID == "" {
		t.Fatalf("plan %v: want both passages", order)
	}
	if off.Relevance <= on.Relevance {
		t.Fatalf("premise: the off-topic passage's relevance %v should exceed the on-topic one's %v", off.Relevance, on.Relevance)
	}
	if off.OnTopic || !on.OnTopic {
		t.Errorf("on_topic: E1 %v, E2 %v; want false, true", off.OnTopic, on.OnTopic)
	}
	if want := off.Relevance * OffTopicFactor; math.Abs(off.Score-want) > 0.0015 {
		t.Errorf("off-topic score %v, want relevance %v × %v = %v", off.Score, off.Relevance, OffTopicFactor, want)
	}
	if on.Score != on.Relevance {
		t.Errorf("on-topic score %v, want its relevance %v", on.Score, on.Relevance)
	}
	if want := []string{"E2", "E1"}; !slices.Equal(order, want) {
		t.Errorf("order %v, want %v (the on-topic passage first)", order, want)
	}
}

// An off-topic passage whose relevance would pass MinScore but whose
// scaled score does not is left out and counted as "off_topic".
func TestPlanOffTopicBelowMinScoreCounted(t *testing.T) {
	set := sourceSet(
		"浙江大学公布了招生计划、校园建设、食堂价格、图书馆开放时间和各学院新闻动态，学科情况良好。",
		"武大学科排名情况稳步上升。",
	)
	chs := []ChapterSpec{{ID: "S1", Title: "学科排名", SubPoints: []string{"学科排名情况"}}}
	p := MakePlan(set, "武汉大学", chs, nil)
	// the relevance the scorer gives E1, recomputed here without the plan
	sc := newScorer(set.Items, [][]weighted{{{"学科排名情况", 1}, {"学科排名", 0.5}}})
	out := make([]float64, 1)
	sc.score(set.Items[0].Text, out, nil)
	rel := out[0]
	if rel < MinScore || rel*OffTopicFactor >= MinScore {
		t.Fatalf("premise: E1 relevance %v should be ≥ %v and below it once scaled by %v", rel, MinScore, OffTopicFactor)
	}
	got, order := planned(p)
	if _, in := got["E1"]; in {
		t.Errorf("off-topic E1 planned (%v)", order)
	}
	if _, in := got["E2"]; !in {
		t.Errorf("on-topic E2 not planned (%v)", order)
	}
	if p.Unassigned["off_topic"] != 1 {
		t.Errorf("unassigned %v, want off_topic 1", p.Unassigned)
	}
}

// Inside a sub-point the MMR selection trades relevance for novelty: of a
// passage and its near copy only one is kept when a distinct passage,
// slightly less relevant than the copy, is available.
func TestPlanMMRPrefersNovelPassage(t *testing.T) {
	a := "樱花季武汉大学实行预约入校，游客人数创下新高，校园管理引发热议。"
	set := sourceSet(
		a, // E1
		a[:len(a)-len("引发热议。")]+"引来讨论。",     // E2: E1's near copy
		"武汉大学樱花季期间，预约系统多次崩溃，部分游客在校门外长时间排队。", // E3: distinct
	)
	chs := []ChapterSpec{{ID: "S1", Title: "樱花季", SubPoints: []string{"樱花季预约入校与游客人数"}}}
	all, _ := planned(MakePlanWith(set, "武汉大学", chs, nil, PlanOptions{PerSubPoint: 3}))
	if len(all) != 3 {
		t.Fatalf("with room for three, %d planned", len(all))
	}
	if !(all["E1"].Score >= all["E2"].Score && all["E2"].Score > all["E3"].Score) {
		t.Fatalf("premise: scores E1 %v ≥ E2 %v > E3 %v", all["E1"].Score, all["E2"].Score, all["E3"].Score)
	}
	g1 := trigramList(Normalize(set.Items[0].Text))
	if red := containment(trigramList(Normalize(set.Items[1].Text)), g1); Lambda*all["E2"].Score-(1-Lambda)*red >= Lambda*all["E3"].Score-(1-Lambda)*containment(trigramList(Normalize(set.Items[2].Text)), g1) {
		t.Fatalf("premise: the copy's overlap %v does not outweigh its score", red)
	}
	p := MakePlanWith(set, "武汉大学", chs, nil, PlanOptions{PerSubPoint: 2})
	got, order := planned(p)
	if want := []string{"E1", "E3"}; !slices.Equal(order, want) {
		t.Errorf("two places: %v, want %v (the near copy left out)", order, want)
	}
	if got["E1"].MMRRank != 1 || got["E3"].MMRRank != 2 {
		t.Errorf("mmr ranks %d, %d; want 1, 2", got["E1"].MMRRank, got["E3"].MMRRank)
	}
	if p.Unassigned["quota"] != 1 {
		t.Errorf("unassigned %v, want quota 1", p.Unassigned)
	}
}

// A key a graph query round lists several times takes one place of the
// round's RoundQuota: repeats must not push other keys out.
func TestRoundBoostsCountRepeatedKeyOnce(t *testing.T) {
	set := sourceSet("武汉大学樱花季游客人数创新高。", "武汉大学樱花季预约入校引发讨论，校门外排起长队。")
	chs := []ChapterSpec{{ID: "S1", Title: "樱花季", SubPoints: []string{"樱花季游客"}}}
	var keys []string
	for range RoundQuota {
		keys = append(keys, "https://e.cn/E1")
	}
	keys = append(keys, "https://e.cn/E2")
	qs := [][]weighted{{{"樱花季游客", 1}}, {{"樱花季 樱花季游客", 1}}}
	b := roundBoosts(set, newScorer(set.Items, qs), 1, chs, Rounds{"S1": {keys}})
	want := map[string]float64{"https://e.cn/E1": BoostScore, "https://e.cn/E2": BoostScore}
	if len(b["S1"]) != len(want) || b["S1"]["https://e.cn/E1"] != BoostScore || b["S1"]["https://e.cn/E2"] != BoostScore {
		t.Errorf("boosts %v, want %v", b["S1"], want)
	}
}

// A retrieved passage that shares nothing with its sub-point's words is
// left out even when its retrieval similarity alone lifts its score over
// MinScore (MinRelevance), and counted as below_min_score.
func TestPlanMinRelevanceDropsRetrievedOnly(t *testing.T) {
	set := sourceSet(
		"武汉大学食堂今天供应热干面。", // E1: nothing of 学科排名情况
		"武大学科排名情况稳步上升。",  // E2
	)
	chs := []ChapterSpec{{ID: "S1", Title: "学科排名", SubPoints: []string{"学科排名情况"}}}
	cands := map[string][]Candidate{SubPointKey("S1", 0): {{Item: 0, Retrieval: 0.9, Rank: 1}, {Item: 1, Retrieval: 0.5, Rank: 2}}}
	sc := newScorer(set.Items, [][]weighted{{{"学科排名情况", 1}, {"学科排名", 0.5}}})
	out := make([]float64, 1)
	sc.score(set.Items[0].Text, out, nil)
	if out[0] >= MinRelevance || out[0]+RetrievalWeight*0.9 < MinScore {
		t.Fatalf("premise: E1 relevance %v should be under %v and its score with retrieval %v at least %v", out[0], MinRelevance, out[0]+RetrievalWeight*0.9, MinScore)
	}
	p := MakePlanWith(set, "武汉大学", chs, nil, PlanOptions{Candidates: cands})
	got, order := planned(p)
	if _, in := got["E1"]; in {
		t.Errorf("E1 planned (%v) although it shares nothing with the sub-point", order)
	}
	if _, in := got["E2"]; !in {
		t.Errorf("E2 not planned (%v)", order)
	}
	if p.Unassigned["below_min_score"] != 1 {
		t.Errorf("unassigned %v, want below_min_score 1", p.Unassigned)
	}
}

// A sub-point's retrieval that lists an item twice keeps the better of the
// two matches (retrieval, rank and via of the more similar one), whichever
// comes first.
func TestPlanRepeatedCandidateKeepsBest(t *testing.T) {
	set := sourceSet("武大学科排名情况稳步上升。")
	chs := []ChapterSpec{{ID: "S1", Title: "学科排名", SubPoints: []string{"学科排名情况"}}}
	for _, cs := range [][]Candidate{
		{{Item: 0, Retrieval: 0.2, Rank: 3, Via: "worse"}, {Item: 0, Retrieval: 0.8, Rank: 1, Via: "better"}},
		{{Item: 0, Retrieval: 0.8, Rank: 1, Via: "better"}, {Item: 0, Retrieval: 0.2, Rank: 3, Via: "worse"}},
	} {
		p := MakePlanWith(set, "武汉大学", chs, nil, PlanOptions{Candidates: map[string][]Candidate{SubPointKey("S1", 0): cs}})
		got, order := planned(p)
		a, ok := got["E1"]
		if !ok {
			t.Fatalf("E1 not planned (%v)", order)
		}
		if a.Retrieval != 0.8 || a.RetrievalRank != 1 || a.Via != "better" {
			t.Errorf("candidates %+v: assigned %+v, want retrieval 0.8, rank 1, via better", cs, a)
		}
	}
}

// The runner-up sub-point is named only when the item scores at least
// MinScore there too: a passage about one chapter only has none.
func TestPlanRunnerUpNeedsMinScore(t *testing.T) {
	set := sourceSet(
		"武大学科排名情况稳步上升。",       // E1: about S1 only
		"武大食堂价格与学科排名情况都受到关注。", // E2: about both
	)
	chs := []ChapterSpec{
		{ID: "S1", Title: "学科排名", SubPoints: []string{"学科排名情况"}},
		{ID: "S2", Title: "食堂", SubPoints: []string{"食堂价格"}},
	}
	p := MakePlan(set, "武汉大学", chs, nil)
	runner := map[string]string{}
	for _, c := range p.Chapters {
		for _, sp := range c.SubPoints {
			for _, a := range sp.Items {
				runner[a.ItemID] = a.Runner
			}
		}
	}
	if r, ok := runner["E1"]; !ok || r != "" {
		t.Errorf("E1: planned %v, runner %q; want planned with no runner-up", ok, r)
	}
	if r, ok := runner["E2"]; !ok || r == "" {
		t.Errorf("E2: planned %v, runner %q; want planned with a runner-up", ok, r)
	}
}
