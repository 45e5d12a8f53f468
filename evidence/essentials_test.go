package evidence

import (
	"math"
	"reflect"
	"slices"
	"strconv"
	"testing"

	"reportengine/forum"
	"reportengine/graphrag/builder"
	"reportengine/state"
)

func TestPlatformOfURL(t *testing.T) {
	for _, c := range []struct{ url, want string }{
		{"https://weibo.com/123/abc", "微博"},
		{"https://m.weibo.cn/status/1", "微博"},
		{"https://mp.weixin.qq.com/s/abc", "微信公众号"}, // the first entry whose suffix matches: not 微信, not 腾讯新闻
		{"https://new.qq.com/rain/a/20250801A05V2P00", "腾讯新闻"},
		{"https://www.163.com/dy/article/K7.html", "网易"},
		{"https://www.bilibili.com/video/BV1", "B站"},
		{"https://zhuanlan.zhihu.com/p/75814739", "知乎"},
		{"HTTPS://WWW.XIAOHONGSHU.COM/explore/1", "小红书"},
		{"https://news.whu.edu.cn/info/1002/61771.htm", "高校及教育机构网站"},
		{"https://www.gov.cn/zhengce/content.htm", "政府网站"},
		{"https://notweibo.com/x", "其他网站"}, // a suffix counts at a dot only
		{"https://www.syjlp.com/jiedu/6253045.html", "其他网站"},
		{"", "无网址的帖子"},
		{"   ", "无网址的帖子"},
	} {
		if got := PlatformOfURL(c.url).Name; got != c.want {
			t.Errorf("PlatformOfURL(%q) = %q, want %q", c.url, got, c.want)
		}
	}
	if h := Host("https://www.sohu.com:443/a/1"); h != "sohu.com" {
		t.Errorf("Host = %q, want sohu.com", h)
	}
	if h := Host("weibo.com/123"); h != "weibo.com" {
		t.Errorf("Host without scheme = %q", h)
	}
	// the figure finder files a text's platform under the table's name
	if p, ok := PlatformNamed("哔哩哔哩"); !ok || p.Name != "B站" {
		t.Errorf("PlatformNamed(哔哩哔哩) = %v %v", p, ok)
	}
	figs := FindFigures("E1", "哔哩哔哩占比12%，公众号占比30%")
	var groups []string
	for _, f := range figs {
		groups = append(groups, f.Group)
	}
	if !reflect.DeepEqual(groups, []string{"B站", "微信公众号"}) {
		t.Errorf("groups = %v, want [B站 微信公众号]", groups)
	}
}

// essentialsStates is a small run: two engines, records on four
// platforms and one without a URL, dated events, accounts and figures.
func essentialsStates() []*state.State {
	rec := func(i int, url, title, content, ts string) state.SearchRecord {
		return state.SearchRecord{Index: i, Query: "武汉大学 舆情", URL: url, Title: title, Content: content, Timestamp: ts}
	}
	q := &state.State{Engine: state.EngineQuery, Query: "武汉大学", Paragraphs: []state.Paragraph{{Position: 0, Title: "事件经过",
		LatestSummary: "武汉大学舆情事件频次同比激增186%。话题阅读量突破28.7亿次。2楼：2025年6月1日武汉大学樱花季我也去了。",
		Searches: []state.SearchRecord{
			rec(0, "https://new.qq.com/rain/a/1", "武汉大学图书馆事件", "2025年7月25日，法院一审宣判，武汉大学图书馆事件引发关注。", "2025-08-25T17:38:47"),
			rec(1, "https://new.qq.com/rain/a/2", "武汉大学回应", "2025年7月31日晚间，武汉大学校长回应了记者。", "2025-08-25T17:40:00"),
			rec(2, "https://new.qq.com/rain/a/1", "武汉大学图书馆事件", "2025年7月25日，法院一审宣判，武汉大学图书馆事件引发关注。", "2025-08-25T17:41:00"),
			rec(3, "https://weibo.com/1/abc", "微博 武汉大学", "武汉大学话题阅读量突破28.7亿次，网友热议。", "2025-08-24T19:20:47"),
		}}}}
	m := &state.State{Engine: state.EngineMedia, Query: "武汉大学", Paragraphs: []state.Paragraph{{Position: 0, Title: "传播",
		LatestSummary: "抖音用户“武汉本地宝”发布视频，@珞珈山在逃松鼠 转发。情感分布：正面情绪占34%，负面情绪占28%，中性情绪占38%。" +
			"2023年10月11日下午，一女生发帖称2023年7月在武汉大学图书馆自习时受到骚扰。武汉大学名单公布 2022-02-24 · 教育部通知。",
		Searches: []state.SearchRecord{
			rec(0, "https://www.sohu.com/a/1", "武汉大学樱花季", "武汉大学樱花季游客众多。@珞珈山在逃松鼠 发帖。", "2025-08-25T17:53:19"),
			rec(1, "", "武汉大学帖子", "武汉大学的帖子没有网址。", ""),
			rec(2, "https://news.whu.edu.cn/1", "武汉大学新闻", "2099年1月1日武汉大学的远期规划。", "2025-08-25T17:50:00"),
		}}}}
	return []*state.State{q, m}
}

func TestComputeEssentials(t *testing.T) {
	in := Input{Topic: "武汉大学", States: essentialsStates(),
		Forum: []forum.Entry{{Line: 2, Time: "12:15:08", Speaker: "INSIGHT", Content: "武汉大学话题阅读量突破28.7亿次，这是本轮核心发现。"},
			// the media summary's split again, in other words around it: one split, not two
			{Line: 3, Time: "12:16:00", Speaker: "MEDIA", Content: "复核后的情感分布：正面情绪占34%，负面情绪占28%，中性情绪占38%。"}}}
	set := Collect(in)
	es := ComputeEssentials(in, set)

	// window: the earliest and latest stamp; the record without one is not counted
	if es.Window.From != "2025-08-24T19:20:47" || es.Window.To != "2025-08-25T17:53:19" || es.Window.Records != 6 {
		t.Errorf("window = %+v", es.Window)
	}
	if it, ok := set.ItemByURL("https://weibo.com/1/abc"); !ok || es.Window.FromItem != it.ID {
		t.Errorf("window from item = %q, want the weibo record's item", es.Window.FromItem)
	}
	// platforms: 腾讯新闻, 微博, 搜狐, the university's site; the post
	// without a URL is a platform of the table but no named one
	want := Volume{Records: 7, WithURL: 6, Sources: 6, Platforms: 4, Engines: []string{"query", "media"}, ForumSpeeches: 2, Items: len(set.Items)}
	if !reflect.DeepEqual(es.Volume, want) {
		t.Errorf("volume = %+v, want %+v", es.Volume, want)
	}
	// platforms: most records first, ties in order of first record
	var names []string
	sum := 0.0
	for _, p := range es.Platforms {
		names = append(names, p.Name)
		sum += p.Percent
	}
	if wantNames := []string{"腾讯新闻", "微博", "搜狐", "无网址的帖子", "高校及教育机构网站"}; !slices.Equal(names, wantNames) {
		t.Errorf("platforms = %v, want %v", names, wantNames)
	}
	if p := es.Platforms[0]; p.Records != 3 || p.Sources != 2 || p.Percent != 42.9 || len(p.ItemIDs) != 2 {
		t.Errorf("腾讯新闻 = %+v, want 3 records, 2 sources, 42.9 %%, 2 items", p)
	}
	if math.Abs(sum-100) > 0.5 {
		t.Errorf("platform percents sum to %.1f", sum)
	}
	if es.TopSources[0].Host != "new.qq.com" || es.TopSources[0].Records != 3 || es.TopSources[1].Host != "weibo.com" {
		t.Errorf("top sources = %+v", es.TopSources)
	}
	// timeline: dated events with a year, none after the window's end, oldest first, cited
	var dates []string
	for _, e := range es.Timeline {
		dates = append(dates, e.Date)
		if _, ok := set.Item(e.ItemID); !ok || e.Text == "" {
			t.Errorf("event %+v has no item or text", e)
		}
	}
	// 2099 is after the window; 2023-07 is the second date of a sentence
	// dated 2023-10-11; 2022-02-24 dates a listing line; 2025-06-01 a
	// comment floor (Classify)
	if !slices.Equal(dates, []string{"2023-10-11", "2025-07-25", "2025-07-31"}) {
		t.Errorf("timeline dates = %v, want [2023-10-11 2025-07-25 2025-07-31]", dates)
	}
	// accounts: named by most items first
	if len(es.Accounts) != 2 || es.Accounts[0].Name != "珞珈山在逃松鼠" || es.Accounts[0].Items != 2 ||
		es.Accounts[1].Name != "武汉本地宝" || es.Accounts[1].Platform != "抖音" {
		t.Errorf("accounts = %+v", es.Accounts)
	}
	// figures: 28.7亿次, stated by three items, first and cited to the web
	// source (primary source first), not to the summary or the speech
	if len(es.Figures) == 0 || es.Figures[0].Raw != "28.7亿次" {
		t.Fatalf("figures = %+v, want 28.7亿次 first", es.Figures)
	}
	if it, _ := set.Item(es.Figures[0].ItemID); it == nil || !it.HasURL() {
		t.Errorf("28.7亿次 cited to %s, want the web source", es.Figures[0].ItemID)
	}
	var raws []string
	for _, f := range es.Figures {
		raws = append(raws, string(f.Kind)+":"+f.Raw)
	}
	if !slices.Contains(raws, "share:186%") {
		t.Errorf("figures %v lack the 186%% rise", raws)
	}
	// the sentiment split is kept whole: all three parts, once
	var parts []string
	for _, f := range es.Figures {
		if f.Kind == FigSentiment {
			parts = append(parts, f.Group+f.Raw)
		}
	}
	if !slices.Equal(parts, []string{"正面34%", "负面28%", "中性38%"}) {
		t.Errorf("sentiment parts = %v, want the whole split", parts)
	}
	if again := ComputeEssentials(in, Collect(in)); !reflect.DeepEqual(es, again) {
		t.Error("ComputeEssentials is not deterministic")
	}
}

// TestEssentialsFromGraph: a graph of the same states gives the same
// counts as the states (records are on the found edges).
func TestEssentialsFromGraph(t *testing.T) {
	sts := essentialsStates()
	g, _, err := builder.Build(builder.Config{Topic: "武汉大学", ReportID: "t", States: sts})
	if err != nil {
		t.Fatal(err)
	}
	in := Input{Topic: "武汉大学", States: sts}
	fromStates := ComputeEssentials(in, Collect(in))
	gin := Input{Topic: "武汉大学", Graph: g}
	fromGraph := ComputeEssentials(gin, Collect(gin))
	if fromGraph.Window != fromStates.Window && (fromGraph.Window.From != fromStates.Window.From || fromGraph.Window.To != fromStates.Window.To) {
		t.Errorf("window: graph %+v, states %+v", fromGraph.Window, fromStates.Window)
	}
	if fromGraph.Volume.Records != 7 || fromGraph.Volume.Sources != 6 || fromGraph.Volume.Platforms != 4 {
		t.Errorf("graph volume = %+v", fromGraph.Volume)
	}
}

func TestEssentialsEmpty(t *testing.T) {
	es := ComputeEssentials(Input{}, Collect(Input{}))
	if es.Window.From != "" || es.Volume.Records != 0 || len(es.Platforms) != 0 || len(es.Timeline) != 0 || len(es.Figures) != 0 {
		t.Errorf("empty run: %+v", es)
	}
}

func TestPlaceEssentials(t *testing.T) {
	chapters := []ChapterSpec{
		{ID: "S1", Title: "报告摘要", SubPoints: []string{"1.1 事件概况与舆情定性", "1.2 关键数据与传播峰值", "1.3 核心判断与主要建议"}, Summary: true},
		{ID: "S2", Title: "事件全景与演变脉络", SubPoints: []string{"2.1 事件起因与关键当事方", "2.2 发展阶段与转折节点", "2.3 官方通报与各方回应"}},
		{ID: "S3", Title: "传播路径与引爆点分析", SubPoints: []string{"3.1 首发信源与早期扩散", "3.2 引爆话题的关键节点与内容", "3.3 主要平台与意见领袖的推动作用"}},
		{ID: "S4", Title: "舆论场多方观点与情绪光谱", SubPoints: []string{"4.1 主要观点阵营及其论据", "4.2 情绪分布及其变化"}},
	}
	got := PlaceEssentials(chapters)
	// "关键数据" before "概况" (1.1 would win by order alone); "平台" before "信源"
	want := map[EssentialBlock]string{BlockVolume: "S1/2", BlockTimeline: "S2/2", BlockPlatforms: "S3/3", BlockSentiment: "S4/2"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("PlaceEssentials = %v, want %v", got, want)
	}
	// no title calls for a block: it goes with the volume block, and that
	// one to the first sub-point
	got = PlaceEssentials([]ChapterSpec{{ID: "A", SubPoints: []string{"门店选址", "菜单"}}})
	for _, b := range EssentialBlocks {
		if got[b] != "A/1" {
			t.Errorf("block %s placed at %q, want A/1", b, got[b])
		}
	}
	if len(PlaceEssentials(nil)) != 0 {
		t.Error("no sub-points: no placement")
	}
}

// TestEssentialsFixture: on the BettaFish run the key figures and the
// timeline are the topic event's (the library case), the platform split
// covers every record and the window is the records'.
func TestEssentialsFixture(t *testing.T) {
	in := fixtureInput(t)
	set := Collect(in)
	es := ComputeEssentials(in, set)
	if es.Window.From != "2025-08-24T19:20:47.517017" || es.Window.To != "2025-08-25T17:53:19.227195" {
		t.Errorf("window = %+v", es.Window)
	}
	if es.Volume.Records != 298 || es.Volume.WithURL != 279 {
		t.Errorf("volume = %+v, want 298 records, 279 with a URL", es.Volume)
	}
	records, sum := 0, 0.0
	for _, p := range es.Platforms {
		records += p.Records
		sum += p.Percent
	}
	if records != es.Volume.Records || math.Abs(sum-100) > 1 {
		t.Errorf("platforms cover %d records, percents sum %.1f", records, sum)
	}
	var raws []string
	for _, f := range es.Figures {
		raws = append(raws, f.Raw)
		if _, ok := set.Item(f.ItemID); !ok {
			t.Errorf("figure %s cites unknown %s", f.Raw, f.ItemID)
		}
	}
	// the run's topic event is the library case; the forum's headline
	// figures (28.7亿次, 186 %) are the totals of 五大热点事件 of
	// 2023–2024 (鼠患, 樱花黄牛, 选调生, 雷军, 甲醛), and the other figures
	// below are the 和服赏樱 event's (26%→48%), the 甲醛 event's (话题阅读量
	// 单日新增1.2亿次), the 4月15日 event's (3.2亿次, stated in three
	// speeches, two of them dated) or given to two events by one speech
	// (影响力指数 65.4): none is a key figure of this run
	topic := slices.IndexFunc(es.Events, func(e EventGroup) bool { return e.Topic })
	if topic < 0 || !slices.Contains(es.Events[topic].Terms, "图书馆") || !slices.Contains(es.Events[topic].Terms, "诬告") {
		t.Fatalf("topic event %d of %+v, want the library case", topic, es.Events)
	}
	for _, w := range []string{"28.7亿次", "186%", "26%", "48%", "1.2亿次", "3.2亿次", "65.4"} {
		if slices.Contains(raws, w) {
			t.Errorf("key figures %v hold %s, another event's", raws, w)
		}
	}
	for _, f := range es.Figures {
		if it, _ := set.Item(f.ItemID); it.Event != es.Events[topic].ID {
			t.Errorf("key figure %s %s cites %s about event %q, not the topic event", f.KPI, f.Raw, it.ID, it.Event)
		}
	}
	if len(es.Figures) < 5 {
		t.Errorf("%d key figures, want the library case's", len(es.Figures))
	}
	if len(es.Timeline) < 5 {
		t.Errorf("timeline has %d events", len(es.Timeline))
	}
	for _, e := range es.Timeline {
		if e.Group != es.Events[topic].ID {
			t.Errorf("timeline entry %s %s is about event %q, not the topic event", e.Date, e.Text, e.Group)
		}
	}
}

// One event is printed once in the timeline: the ruling an engine dates
// 2024年7月25日 joins the 2025-07-25 ruling more passages state, and a page
// stating "7月25日" without a year joins it too, cited first (Primary)
// before the sentence that gives the year; an
// event of another year on the same day about something else stays its
// own.
func TestTimelineOneEventOnce(t *testing.T) {
	c := newCollector()
	summary := func(pos int) Provenance {
		return Provenance{Kind: KindSummary, Engine: "query", Section: "经过", SectionPos: pos}
	}
	c.addText("2025年7月25日，法院一审宣判，驳回原告全部诉讼请求。", summary(0), 0)
	c.addText("法院判决于2025年7月25日作出，舆论随即反转。", summary(1), 0)
	c.addText("时间节点：2024年7月25日法院判决公布，舆情随之升温。", summary(2), 0)
	c.addText("2023年7月25日，法院大楼举行开放日活动，市民参观。", summary(3), 0) // shares one term (法院): another event
	c.addText("7月25日，法院审理认为不构成性骚扰，一审驳回了起诉。", Provenance{Kind: KindSource, Engine: "media", SectionPos: 0, URL: "https://a.cn/1"}, 0)
	s := c.set()
	topical := make([]bool, len(s.Items))
	for i := range topical {
		topical[i] = true
	}
	var got []string
	for _, e := range timeline(s, topical, "") {
		got = append(got, e.Date+" "+e.ItemID+" "+strconv.Itoa(e.Items)+" "+e.Primary)
	}
	if want := []string{"2023-07-25 E4 1 ", "2025-07-25 E1 4 E5"}; !slices.Equal(got, want) {
		t.Errorf("timeline %q, want %q", got, want)
	}
}

// A birth date is no event and a page stored cut off loses its event (the
// fixture's timeline printed "1969-12 … 雷军(1969年12月出生)…" and "2006-07
// 2006年7月下旬,武汉大学财务部陆续接到一些新生及新"); an engine's text
// without a closing mark, and a page's date in a whole sentence, stay.
func TestTimelineNoBirthsOrCutPages(t *testing.T) {
	c := newCollector()
	page := func(u string) Provenance {
		return Provenance{Kind: KindSource, Engine: "media", URL: u}
	}
	c.addText("武汉大学杰出校友雷军(1969年12月出生)是中国知名企业家,其回馈母校的经历备受关注｡", page("https://a.cn/1"), 0)
	c.addText("2006年7月下旬,武汉大学财务部陆续接到一些新生及新", page("https://a.cn/2"), 0)
	c.addText("2024年7月30日晚间，小米创始人雷军的抖音账号移除了武汉大学的教育标签。", page("https://a.cn/3"), 0)
	c.addText("2025年7月25日，法院一审宣判，驳回原告全部诉讼请求", Provenance{Kind: KindSummary, Engine: "query", Section: "经过"}, 0)
	s := c.set()
	topical := make([]bool, len(s.Items))
	for i := range topical {
		topical[i] = true
	}
	var got []string
	for _, e := range timeline(s, topical, "") {
		got = append(got, e.Date+" "+e.ItemID)
	}
	if want := []string{"2024-07-30 E3", "2025-07-25 E4"}; !slices.Equal(got, want) {
		t.Errorf("timeline %q, want %q", got, want)
	}
	for _, c := range []struct {
		s, raw string
		birth  bool
	}{
		{"雷军(1969年12月出生)是企业家", "1969年12月", true},
		{"他出生于1969年12月，湖北仙桃人", "1969年12月", true},
		{"新规于2025年7月1日生效", "2025年7月1日", false},
	} {
		if got := birthDate(c.s, c.raw); got != c.birth {
			t.Errorf("birthDate(%q) = %v, want %v", c.s, got, c.birth)
		}
	}
}

// birthDate reads the words around the date in its sentence: a sentence
// that does not hold the date ends in 出生于 or 生于 without dating a birth
// by it (ungrouped, "ok && a || … || c" read the suffix of such a sentence
// and called the date a birth). The same sentences with the date after
// 生于 are births.
func TestBirthDateNeedsTheDate(t *testing.T) {
	for _, c := range []struct {
		s, raw string
		birth  bool
	}{
		{"据校友会介绍，他出生于", "2025年7月1日", false},
		{"这位捐建新馆的校友生于", "2025年7月1日", false},
		{"据校友会介绍，他出生于1969年12月", "1969年12月", true},
		{"这位捐建新馆的校友生于1969年12月", "1969年12月", true},
	} {
		if got := birthDate(c.s, c.raw); got != c.birth {
			t.Errorf("birthDate(%q, %q) = %v, want %v", c.s, c.raw, got, c.birth)
		}
	}
}

// A date that opens a period of months dates no event: the sample's
// timeline put a six-month volume total on 2024-04. Two days, a date
// followed by other words, and a period of years in the past are events
// or kept.
func TestPeriodStart(t *testing.T) {
	for _, c := range []struct {
		s, raw string
		period bool
	}{
		{"监测显示，2024年4月开业至9月底，李明咖啡店的声量规模为12780条提及。", "2024年4月", true},
		{"2024年4月至2024年9月，提及量共12780条。", "2024年4月", true},
		{"自2023年10月到现在，讨论从未停止。", "2023年10月", true},
		{"2024年7月30日至31日，门店断货两天。", "2024年7月30日", false},
		{"2024年4月开业，首周新增粉丝五千人。", "2024年4月", false},
		{"2024年7月，门店到货延误，断货两天。", "2024年7月", false}, // 到 of 到货 after a comma
	} {
		if got := periodStart(c.s, c.raw); got != c.period {
			t.Errorf("periodStart(%q) = %v, want %v", c.s, got, c.period)
		}
	}
}

// Volume.Platforms counts the named platforms: a record on another site
// and one without a URL are platforms of the table (Platforms) but not
// of the count.
func TestVolumePlatformsNamedOnly(t *testing.T) {
	rec := func(i int, url string) state.SearchRecord {
		return state.SearchRecord{Index: i, Query: "q", URL: url, Title: "t", Content: "武汉大学的一条检索记录，内容足够长。", Timestamp: "2025-08-25T17:38:47"}
	}
	st := &state.State{Engine: state.EngineQuery, Query: "武汉大学", Paragraphs: []state.Paragraph{{Title: "p", LatestSummary: "武汉大学。",
		Searches: []state.SearchRecord{rec(0, "https://weibo.com/1"), rec(1, "https://example.org/a"), rec(2, "")}}}}
	in := Input{Topic: "武汉大学", States: []*state.State{st}}
	es := ComputeEssentials(in, Collect(in))
	if len(es.Platforms) != 3 || es.Volume.Platforms != 1 {
		t.Errorf("platforms %d (want 3 rows), named %d (want 1: 微博)", len(es.Platforms), es.Volume.Platforms)
	}
}
