package evidence

import (
	"slices"
	"strconv"
	"testing"
)

// The finding gate: the best-scoring passages of a sub-point are a vendor
// advert and a sentence about another university; neither takes a place,
// both are listed as rejected with their reason, and the on-topic
// passage is assigned. Without the gate the advert would lead.
func TestPlanGateRejectsNoiseAndOtherSubjects(t *testing.T) {
	set := sourceSet(
		"乐思舆情监测系统能够实时监测武汉大学舆情回应与舆情处置。",   // E1: advert, the closest text
		"华中科技大学舆情回应迅速，舆情处置获得好评。",         // E2: another university
		"武汉大学的舆情回应迟缓，舆情处置引发质疑，网友批评校方沉默。", // E3: the finding
	)
	chs := []ChapterSpec{{ID: "S1", Title: "舆情回应", SubPoints: []string{"1.1 舆情回应与处置"}}}
	p := MakePlan(set, "武汉大学", chs, nil)
	got, order := planned(p)
	if !slices.Equal(order, []string{"E3"}) {
		t.Fatalf("plan %v, want only E3", order)
	}
	if a := got["E3"]; a.Subject != "武汉大学" {
		t.Errorf("E3: on topic %v subject %q", a.OnTopic, a.Subject)
	}
	want := []Rejected{
		{ItemID: "E1", Key: "S1/1", Reason: "noise", Noise: "advert", Text: set.Items[0].Text},
		{ItemID: "E2", Key: "S1/1", Reason: "off_topic", Subject: "华中科技大学", Text: set.Items[1].Text},
	}
	if !slices.Equal(p.Rejected, want) {
		t.Errorf("rejected %+v, want %+v", p.Rejected, want)
	}
	if p.Unassigned["noise"] != 1 || p.Unassigned["off_topic_subject"] != 1 {
		t.Errorf("unassigned %v", p.Unassigned)
	}
}

// A fragment is quoted with the passage before it when that one is clean
// and short, and is kept out when there is none.
func TestQualityFragmentPair(t *testing.T) {
	c := newCollector()
	c.addText("武汉大学图书馆事件持续发酵，校方回应迟缓。这类事件通常因视频传播而迅速升级。", Provenance{Kind: KindSummary, Engine: "media", SectionPos: 0}, 0)
	c.addText("这类事件通常因视频在网络上传播而引发关注，舆论迅速升级。", Provenance{Kind: KindSummary, Engine: "query", SectionPos: 1}, 0)
	s := c.set()
	if len(s.Items) != 3 {
		t.Fatalf("items %v", s.Items)
	}
	if n, ctx := s.Quality(1); n != Fragment || ctx != s.Items[0].Text {
		t.Errorf("E2: %v %q, want fragment with E1 before it", n, ctx)
	}
	if n, ctx := s.Quality(2); n != Fragment || ctx != "" {
		t.Errorf("E3: %v %q, want fragment without a passage before it", n, ctx)
	}
	if n, ctx := s.Quality(0); n != Clean || ctx != "" {
		t.Errorf("E1: %v %q, want clean", n, ctx)
	}
	if got := s.Context("E2"); got != s.Items[0].Text {
		t.Errorf("Context(E2) = %q", got)
	}
}

// Primary sources: an engine passage whose text a web page holds nearly
// as it is, and one whose figure a page states of the same thing, get
// that page; a page holding the figure about something else, an advert
// holding the text, and a page sharing only a few words do not.
func TestPrimarySources(t *testing.T) {
	c := newCollector()
	summary := Provenance{Kind: KindSummary, Engine: "media", Section: "舆情概述", SectionPos: 0}
	c.addText("校方在法院判决后仍未撤销处分，引发舆论对程序正义的广泛质疑。", summary, 0) // E1: the same text as E4
	c.addText("微博话题#武大樱花#阅读量达到4.8亿，讨论集中在预约制度。", summary, 0) // E2: the figure of E5
	c.addText("负面情绪占比达到28%，集中在处分决定的公正性上。", summary, 0)      // E3: 28% only in E6, said of other things
	src := func(url string) Provenance {
		return Provenance{Kind: KindSource, Engine: "media", SectionPos: 0, URL: url}
	}
	c.addText("有评论指出，校方在法院判决后仍未撤销处分，引发舆论对程序正义的广泛质疑。", src("https://a.cn/1"), 0)        // E4
	c.addText("截至发稿，微博话题#武大樱花#阅读量已达4.8亿。", src("https://a.cn/2"), 0)                   // E5
	c.addText("该校今年本科录取率为28%，较去年略有下降。", src("https://a.cn/3"), 0)                      // E6
	c.addText("乐思舆情监测系统能够发现：校方在法院判决后仍未撤销处分，引发舆论对程序正义的广泛质疑。", src("https://ad.cn/"), 0) // E7
	s := c.set()
	got := s.PrimarySources([]int{0, 1, 2, 3})
	want := map[int][]int{0: {3}, 1: {4}}
	if len(got) != len(want) {
		t.Fatalf("primary %v, want %v", got, want)
	}
	for k, v := range want {
		if !slices.Equal(got[k], v) {
			t.Errorf("primary of E%d = %v, want %v", k+1, got[k], v)
		}
	}
}

// The web quota: engine summaries outscore the web pages, yet a
// sub-point is given WebPerSubPoint web passages when its pool holds
// ones scoring at least WebScoreShare of its best; a weaker page does not
// take a place. Without the quota no page would be chosen (the summaries
// fill PerSubPoint).
func TestPlanWebQuota(t *testing.T) {
	c := newCollector()
	tails := []string{"游客抱怨名额太少", "学生支持限流", "校友建议延长开放", "媒体关注安保冲突", "网友热议实名制", "商家看好客流", "专家建议分时段", "市民呼吁公平分配"}
	for i, tail := range tails {
		c.addText("樱花季预约制度的讨论："+tail+"。", Provenance{Kind: KindSummary, Engine: "media", Section: "樱花季", SectionPos: i}, 0)
	}
	web := []string{
		"武汉大学樱花季预约制度引发热议，游客认为名额太少。",       // close to the sub-point
		"樱花季预约制度实施后，武汉大学校园秩序明显改善，学生表示满意。", // close enough
		"武汉大学校史馆展出老照片。",                   // far: below the share
	}
	for i, w := range web {
		c.addText(w, Provenance{Kind: KindSource, Engine: "query", SectionPos: 0, URL: "https://w.cn/" + strconv.Itoa(i)}, 0)
	}
	set := c.set()
	chs := []ChapterSpec{{ID: "S1", Title: "樱花季预约", SubPoints: []string{"1.1 樱花季预约制度的讨论"}}}
	p := MakePlan(set, "武汉大学", chs, nil)
	var pages []string
	for _, a := range p.Chapters[0].SubPoints[0].Items {
		if it, _ := set.Item(a.ItemID); it.Kind == KindSource {
			pages = append(pages, it.FirstURL())
		}
	}
	slices.Sort(pages)
	if want := []string{"https://w.cn/0", "https://w.cn/1"}; !slices.Equal(pages, want) {
		t.Errorf("web pages chosen %v, want %v", pages, want)
	}
	if n := len(p.Chapters[0].SubPoints[0].Items); n != PerSubPoint {
		t.Errorf("%d items, want %d", n, PerSubPoint)
	}
}

// Primary sources by value and by clause: a figure written another way
// (41000万 for 4.1亿, 28.0% for 28%) said of the same thing, and one
// clause of a longer engine paragraph that a page repeats, give that page;
// the same value said of another thing, and a short clause said of
// anything ("引发了广泛讨论"), do not. figureKey is the rule's key.
func TestPrimarySourcesSameValueAndClause(t *testing.T) {
	c := newCollector()
	summary := Provenance{Kind: KindSummary, Engine: "insight", Section: "传播", SectionPos: 0}
	c.addText("相关话题阅读量达41000万，讨论集中在处分决定。", summary, 0)                                         // E1: 4.1亿 in E5
	c.addText("负面情绪占比达28.0%，多数网友质疑校方。", summary, 0)                                            // E2: 28% in E6
	c.addText("学校近年来在国际合作方面持续发力，与多所海外高校签署交流协议，推动跨学科国际问题研究与人才培养，社会服务能力和社会影响力不断增强。", summary, 0) // E3: a clause of E7
	c.addText("事件曝光以后，引发了广泛讨论，舆论关注度持续走高，各方观点交锋激烈。", summary, 0)                                // E4: a short clause only in E8
	src := func(url string) Provenance {
		return Provenance{Kind: KindSource, Engine: "insight", SectionPos: 0, URL: url}
	}
	c.addText("截至发稿，相关话题阅读量已达4.1亿次。", src("https://a.cn/1"), 0)             // E5
	c.addText("调查显示负面情绪占比28%，高于上月。", src("https://a.cn/2"), 0)              // E6
	c.addText("国际问题研究院成立后推动跨学科国际问题研究与人才培养，成果丰硕。", src("https://a.cn/3"), 0) // E7
	c.addText("该片上映后引发了广泛讨论，票房走高。", src("https://a.cn/4"), 0)               // E8
	c.addText("该校本科录取率为28%，较去年略有下降。", src("https://a.cn/5"), 0)             // E9: 28% of another thing
	s := c.set()
	got := s.PrimarySources([]int{0, 1, 2, 3})
	want := map[int][]int{0: {4}, 1: {5}, 2: {6}}
	if len(got) != len(want) {
		t.Fatalf("primary %v, want %v", got, want)
	}
	for k, v := range want {
		if !slices.Equal(got[k], v) {
			t.Errorf("primary of E%d = %v, want %v", k+1, got[k], v)
		}
	}
	for _, c := range []struct {
		a, b string
		same bool
	}{{"4.1亿", "41000万", true}, {"28%", "28.0%", true}, {"28%", "28万", false}, {"3.2亿", "3.3亿", false}} {
		fa, fb := FindFigures("E1", "阅读量"+c.a), FindFigures("E1", "阅读量"+c.b)
		if len(fa) != 1 || len(fb) != 1 {
			t.Fatalf("figures %v %v", fa, fb)
		}
		if got := figureKey(fa[0]) == figureKey(fb[0]); got != c.same {
			t.Errorf("figureKey(%s) == figureKey(%s): %v, want %v", c.a, c.b, got, c.same)
		}
	}
	if !s.States(4, s.figuresOf("E1")[0]) || s.States(8, s.figuresOf("E2")[0]) || !s.States(5, s.figuresOf("E2")[0]) {
		t.Errorf("States: E5 states 41000万 %v, E9 states 28.0%% %v (want false), E6 states 28.0%% %v",
			s.States(4, s.figuresOf("E1")[0]), s.States(8, s.figuresOf("E2")[0]), s.States(5, s.figuresOf("E2")[0]))
	}
}

// The plan cites, for an engine passage stating a KPI figure, the page
// that states the figure before a page repeating more of its other words,
// and the sub-point's figure carries that page as its Primary (the card
// cites it first).
func TestPlanPrimaryStatesTheFigure(t *testing.T) {
	c := newCollector()
	c.addText("武大樱花季预约制度引发争议，微博话题#武大樱花#阅读量达到4.8亿，校方回应称将优化预约。", Provenance{Kind: KindSummary, Engine: "media", Section: "樱花季", SectionPos: 0}, 0) // E1
	src := func(url string) Provenance {
		return Provenance{Kind: KindSource, Engine: "media", SectionPos: 0, URL: url}
	}
	c.addText("武大樱花季预约制度引发争议，校方回应称将优化预约，网友意见不一。", src("https://a.cn/1"), 0) // E2: more of E1's words, no figure
	c.addText("武汉大学樱花季期间，微博话题#武大樱花#阅读量已达4.8亿。", src("https://a.cn/2"), 0)   // E3: the figure
	s := c.set()
	if got := s.PrimarySources([]int{0}); !slices.Equal(got[0], []int{1, 2}) {
		t.Fatalf("primary candidates %v, want [1 2] (E2 first by containment)", got[0])
	}
	chs := []ChapterSpec{{ID: "S1", Title: "樱花季舆情", SubPoints: []string{"1.1 樱花季预约争议与话题阅读量"}}}
	p := MakePlan(s, "武汉大学", chs, nil)
	var a *Assigned
	for i := range p.Chapters[0].SubPoints[0].Items {
		if it := &p.Chapters[0].SubPoints[0].Items[i]; it.ItemID == "E1" {
			a = it
		}
	}
	if a == nil {
		t.Fatalf("E1 not assigned: %+v", p.Chapters[0].SubPoints[0].Items)
	}
	if !slices.Equal(a.Primary, []string{"E3"}) {
		t.Errorf("E1 primary %v, want [E3] (the page stating 4.8亿)", a.Primary)
	}
	found := false
	for _, f := range p.Chapters[0].SubPoints[0].Figures {
		if f.ItemID == "E1" && f.Raw == "4.8亿" {
			found = true
			if f.Primary != "E3" {
				t.Errorf("figure 4.8亿 primary %q, want E3", f.Primary)
			}
		}
	}
	if !found {
		t.Errorf("no figure 4.8亿 of E1 in %+v", p.Chapters[0].SubPoints[0].Figures)
	}
}
