package evidence

import (
	"slices"
	"strings"
	"testing"
)

// eventRun is a small run about 武汉大学: the library case named in four
// texts, the 和服赏樱 event in two, a speech whose second paragraph is
// about the 和服 event and gives it the index its first paragraph gives
// the library case, a speech dated in April that names no event, and a
// 甲醛 passage.
func eventRun() *Set {
	c := newCollector()
	forum := func(line int) Provenance {
		return Provenance{Kind: KindForum, Engine: "query", SectionPos: -1, ForumLine: line, ForumTime: "12:00:0" + string(rune('0'+line))}
	}
	web := func(u string) Provenance {
		return Provenance{Kind: KindSource, Engine: "media", URL: u, Title: "报道"}
	}
	c.addText("武汉大学图书馆性骚扰诬告案持续发酵。2023年7月11日，女生在图书馆指控男生性骚扰。2025年7月25日，法院驳回诬告一方的诉讼请求。", web("https://a.cn/1"), 0)
	c.addText("图书馆性骚扰事件中，学校于2023年7月13日给予男生记过处分，引发质疑。", web("https://a.cn/2"), 0)
	c.addText("武大图书馆诬告案一审宣判后，校长回应称正在处理。", web("https://a.cn/3"), 0)
	c.addText("## 核心事件\n武汉大学近期最具代表性的是图书馆性骚扰诬告案。该事件影响力指数达65.4，微博热度最高。\n"+
		"## 对比\n“和服赏樱”冲突事件影响力最高，达65.4。学校在和服赏樱事件中回应及时，使支持学校决定的比例从26%飙升至48%。", forum(1), 0)
	c.addText("和服赏樱事件发生在樱花季，游客与保安冲突。", web("https://b.cn/1"), 0)
	c.addText("## 发现\n触发词“985滤镜碎了”在微博话题阅读量3.2亿次，成为标志性符号。\n"+
		"## 数据\n4月15日事件曝光时正向文本占比31.2%，至4月18日正向暴跌至9.1%。", forum(2), 0)
	c.addText("如甲醛事件中，后勤部称检测合格的通报发出后，学生自发检测将其推翻，导致话题阅读量单日新增1.2亿次。", forum(3), 0)
	c.addText("研究生甲醛事件在QQ群形成互助文档，检测报告显示超标。", web("https://c.cn/1"), 0)
	c.addText("新图书馆明年开放，藏书将大幅增加。", web("https://d.cn/1"), 0)
	return c.set()
}

// itemWith is the item whose text holds s (the test fails without one).
func itemWith(t *testing.T, set *Set, s string) *Item {
	t.Helper()
	for i := range set.Items {
		if strings.Contains(set.Items[i].Text, s) {
			return &set.Items[i]
		}
	}
	t.Fatalf("no item holds %q", s)
	return nil
}

// eventOf is the event an item is about, nil for none.
func eventOf(set *Set, it *Item) *EventGroup {
	for i := range set.Events {
		if set.Events[i].ID == it.Event {
			return &set.Events[i]
		}
	}
	return nil
}

func TestGroupEvents(t *testing.T) {
	set := eventRun()
	set.GroupEvents("武汉大学")
	var names []string
	for _, e := range set.Events {
		names = append(names, e.ID+" "+e.Name)
	}
	if len(set.Events) < 4 || !set.Events[0].Topic || !slices.Contains(set.Events[0].Terms, "诬告") {
		t.Fatalf("events %q %+v, want the library case first and the topic event", names, set.Events)
	}
	library := set.Events[0].ID
	cases := []struct {
		text, want string // want: "library", "other", "" (no event)
	}{
		{"2025年7月25日，法院驳回", "library"},       // holds a strong key term (诬告)
		{"学校于2023年7月13日给予男生记过处分", "library"}, // names the case
		{"该事件影响力指数达65.4", "library"},         // its segment names the case
		{"使支持学校决定的比例从26%飙升至48%", "other"},    // its own sentence names 和服赏樱
		{"“和服赏樱”冲突事件影响力最高", "other"},
		{"导致话题阅读量单日新增1.2亿次", "other"}, // 甲醛 named in the passage
		{"在微博话题阅读量3.2亿次", "other"},    // its text is dated 4月15日–18日, far from the case's July
		{"至4月18日正向暴跌至9.1%", "other"},
		{"新图书馆明年开放", ""}, // one common key term (图书馆) alone: no event
	}
	for _, c := range cases {
		it := itemWith(t, set, c.text)
		got := ""
		switch e := eventOf(set, it); {
		case e == nil:
		case e.ID == library:
			got = "library"
		default:
			got = "other"
		}
		if got != c.want {
			t.Errorf("%q is about %q (%s), want %s", c.text, got, it.Event, c.want)
		}
		if (got == "other") != set.otherEvent(set.byID[it.ID]) {
			t.Errorf("%q: otherEvent %v for %s", c.text, set.otherEvent(set.byID[it.ID]), got)
		}
	}
	if e := eventOf(set, itemWith(t, set, "至4月18日正向暴跌至9.1%")); e == nil || e.Name != "4月15日前后的事件" {
		t.Errorf("the April speech's event %+v, want one named after its first date", e)
	}
	// 65.4: the speech gives it to the library case and to 和服: contested,
	// no KPI; the library case's other figures are the topic's
	for _, f := range set.Figures {
		switch {
		case f.Raw == "65.4" && strings.Contains(f.Sentence, "该事件"):
			if f.Contested == "" || set.topicFigure(f) {
				t.Errorf("65.4 of the library case is not contested: %+v", f)
			}
		case f.Raw == "26%" || f.Raw == "48%" || f.Raw == "1.2亿次" || f.Raw == "3.2亿次":
			if set.topicFigure(f) {
				t.Errorf("%s (%s) is a figure of the topic event", f.Raw, f.Sentence)
			}
		}
	}
}

// The topic event is the one whose passages name the topic most, not the
// one with most passages: a run about 青溪市自来水异味 that also tells of
// another city's flood at length.
func TestTopicEventNamesTopic(t *testing.T) {
	c := newCollector()
	p := Provenance{Kind: KindSummary, Engine: "query", Section: "s"}
	for i, s := range []string{"邻市洪涝灾害事件持续，洪涝导致道路中断。", "洪涝灾害事件救援持续，多部门出动。", "洪涝灾害事件造成的损失仍在统计。"} {
		c.addText(s, withPos(p, i), 0)
	}
	c.addText("青溪市自来水异味事件引发市民投诉，异味事件已持续三天。", withPos(p, 5), 0)
	c.addText("青溪市自来水异味事件中，水务集团称水质达标。", withPos(p, 6), 0)
	set := c.set()
	set.GroupEvents("青溪市自来水异味")
	topic := slices.IndexFunc(set.Events, func(e EventGroup) bool { return e.Topic })
	if topic < 0 || len(set.Events) != 2 || !slices.Contains(set.Events[topic].Terms, "异味") || set.Events[topic].Items >= set.Events[0].Items {
		t.Fatalf("events %+v, want the smaller 异味 event the topic's", set.Events)
	}
	if it := itemWith(t, set, "水务集团称水质达标"); set.otherEvent(set.byID[it.ID]) {
		t.Errorf("the topic's own passage is about another event: %+v", set.Events)
	}
	if it := itemWith(t, set, "洪涝导致道路中断"); !set.otherEvent(set.byID[it.ID]) {
		t.Errorf("the flood is the topic event: %+v", set.Events)
	}
}

func withPos(p Provenance, i int) Provenance { p.SectionPos = i; return p }

// A word that stands in many passages naming nothing (校友 here; 应对 or
// 此前 on the fixture) is no key term: it does not join two incidents
// named with it, and a passage holding it alone is about none.
func TestKeyTermsNameOneIncident(t *testing.T) {
	c := newCollector()
	p := Provenance{Kind: KindSummary, Engine: "query", Section: "s"}
	for i, s := range []string{"校友捐赠争议持续，捐赠去向成疑。", "此次校友捐赠争议引发热议。", "校友食堂事件中，学生排队数小时。", "这场校友食堂事件仍在发酵。"} {
		c.addText(s, withPos(p, 20+i), 0)
	}
	for i := 0; i < 20; i++ {
		c.addText("校友会举办年度聚会，第"+string(rune('一'+i))+"场活动。", withPos(p, i+1), 0)
	}
	set := c.set()
	set.GroupEvents("武汉大学")
	for _, e := range set.Events {
		if slices.Contains(e.Terms, "校友") {
			t.Errorf("校友 is a key term: %+v", set.Events)
		}
	}
	if len(set.Events) != 2 {
		t.Errorf("events %+v, want 捐赠 and 食堂 apart", set.Events)
	}
	if it := itemWith(t, set, "校友会举办年度聚会，第一场"); it.Event != "" {
		t.Errorf("a passage naming no incident is about %s", it.Event)
	}
}

func TestNotIncident(t *testing.T) {
	for _, c := range []struct {
		clause string
		want   bool
	}{
		{"学校出台舆情应对预案", true}, {"支撑强国建设的武大方案", true}, {"典型案例分析", true},
		{"图书馆诬告案", false}, {"杨某某诉肖某某案件", false}, {"甲醛事件", false},
	} {
		loc := eventNameRE.FindStringSubmatchIndex(c.clause)
		if loc == nil || notIncident(c.clause, loc) != c.want {
			t.Errorf("notIncident(%s) at %v, want %v", c.clause, loc, c.want)
		}
	}
}

func TestNearDates(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"2025-07-25", "2025-08-01", true},
		{"2025-07-25", "2024-07-25", false},
		{"--04-15", "2025-07-25", false},
		{"--07-20", "2023-07-11", true}, // no year: the day of the year
		{"--12-28", "--01-05", true},    // around the year's end
		{"2023-07", "2023-07-11", true},
		{"x", "2023-07-11", false},
	} {
		if got := nearDates(c.a, c.b); got != c.want {
			t.Errorf("nearDates(%s, %s) = %v", c.a, c.b, got)
		}
	}
}

// A page title names its page's incident: named once, in a title, it is
// an event (a title counts EventTitleNames), and the page's paragraphs
// holding its terms are about it; the same name once in a paragraph is
// a passing mention.
func TestTitleNamesEvent(t *testing.T) {
	for _, title := range []bool{true, false} {
		c := newCollector()
		p := Provenance{Kind: KindSource, Engine: "media", URL: "https://a.cn/1", Title: "武大副教授抄袭风波"}
		if title {
			c.jobs = append(c.jobs, job{text: "武大副教授抄袭风波:学术诚信何去何从", prov: withKind(p, KindTitle), single: true})
		} else {
			c.addText("有评论称这是一场副教授抄袭风波。", withKind(p, KindSummary), 0)
		}
		c.addText("2025年5月，熊姓副教授被举报抄袭学生硕士论文。其抄袭比例竟达65%，标点符号都毫无二致。", p, 0)
		c.addText("武汉大学图书馆性骚扰诬告案持续发酵，图书馆诬告案一审宣判。", Provenance{Kind: KindSource, Engine: "query", URL: "https://b.cn/1"}, 0)
		for i, s := range []string{"图书馆诬告案的通报引发质疑。", "法院驳回诬告一方的诉讼请求，舆论反转。", "图书馆事件中男生被记过处分。", "诬告者的论文也被质疑。"} {
			c.addText(s, Provenance{Kind: KindSource, Engine: "query", URL: "https://b.cn/" + string(rune('2'+i))}, 0)
		}
		set := c.set()
		set.GroupEvents("武汉大学")
		it := itemWith(t, set, "熊姓副教授被举报抄袭")
		if other := set.otherEvent(set.byID[it.ID]); other != title {
			t.Errorf("named in a title %v: the case's paragraph about another event %v (%+v)", title, other, set.Events)
		}
	}
}

// keyTerms drops a segmenter's piece of an anonymised party (诉肖 of
// 杨某诉肖某案 shares 肖 with the party 肖某), not a word that shares a rune
// with an earlier key term: 馆长 after 图书馆 is a key term of its own (事件
// is generic).
func TestKeyTermsSharedRune(t *testing.T) {
	tp, err := NewTopic(TopicConfig{Topic: "武汉大学"})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		phrase string
		want   []string
	}{
		{"图书馆馆长事件", []string{"图书馆", "馆长"}},
		{"杨某诉肖某案", []string{"杨某", "肖某"}},
	} {
		if got := tp.keyTerms(c.phrase); !slices.Equal(got, c.want) {
			t.Errorf("keyTerms(%s) = %q, want %q", c.phrase, got, c.want)
		}
	}
}

func TestEventNames(t *testing.T) {
	tp, err := NewTopic(TopicConfig{Topic: "武汉大学"})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ text, want string }{
		{"影响最为深远的当属图书馆事件。", "图书馆事件"},                  // the phrase after 的/当属
		{"从知微数据看，“武汉大学‘和服赏樱’冲突事件”影响力最高。", "和服赏樱冲突事件"}, // quotes removed
		{"这是支撑教育强国建设的武大方案。", ""},                      // 方案 is no case
		{"学校出台舆情应对预案。", ""},
		{"“华北电力大学一老师被曝性骚扰”事件热度次之。", ""}, // another institution's
		{"该事件持续发酵。", ""},                // points back: no key term
		{"查阅武大图书馆档案。", ""},              // 档案 is no case
		{"杨某某诉肖某某案一审判决后引发关注。", "杨某某诉肖某某案"},
		{"外卖骑手退款纠纷持续发酵。", "外卖骑手退款纠纷"}, // 纠纷 ends a name too (text.IncidentWords)
	} {
		got := ""
		if ns := tp.eventNames(c.text); len(ns) > 0 {
			got = ns[0].name
		}
		if got != c.want {
			t.Errorf("eventNames(%s) = %q, want %q", c.text, got, c.want)
		}
	}
	if ns := tp.eventNames("杨某某诉肖某某案一审判决后引发关注。"); len(ns) != 1 || !slices.Equal(ns[0].terms, []string{"杨某某", "肖某某"}) {
		t.Errorf("the parties of a case: %+v", ns)
	}
}
