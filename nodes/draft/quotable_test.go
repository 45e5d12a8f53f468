package draft

import (
	"slices"
	"strings"
	"testing"

	"reportengine/prompts"
)

// The passages are evidence items of the BettaFish fixture's report
// (../shared/fixtures/bettafish): scraped pages the engines stored cut at a
// fixed length, and sentences split at a comma, which a reader cannot take
// as a statement.
func TestFragment(t *testing.T) {
	cases := []struct {
		text, kind string
		want       bool
	}{
		{"事件起因是该校学生肖某因疑似患有皮肤病,在图书馆内有抓挠隐私部位的动作,这一幕被同为该校学生的杨某某拍下视频｡", "source", false},
		{"2022-02-24. 教育部财政部国家发展改革委关于公布第二轮“双一流”建设高校及建设学科名单的通知 · 2022-02-24.", "source", false},
		{"监测平台：微博、抖音、B 站、小红书、知乎、贴吧、树洞等 12 个信源", "final_report", false},
		{"强化常态化的信息监测与危机评估体系，做到早发现、早研判；", "summary", false},
		{"议题：长江大保护；正向案例：渔民放流中华鲟 32.7 万赞；负面/焦虑：——；情感分布：非常正面 64%", "final_report", false},
		{"华中科技大学、武汉大学连续三年稳居世界百强，带动全省11所高校", "summary", false},
		// cut by the engine mid-word or mid-clause
		{"学校充分尊重司法判决结果,全力维护学生合法权益和身心健康,真诚感谢社会各界的关心､监督和批", "source", true},
		{"据举报者称,这位副教授的论文中有高达65%的内容与学生的", "source", true},
		{"通报全文是这样的:      通报表示,学校会充分尊重司法判决,全力维护学生合法权益和身心健康,对于", "source", true},
		{"以下综合多篇报道对其成就及贡献的梳理: 一､求学与早期经历 求学经历 雷军1987年", "source", true},
		// split at a comma or colon
		{"明明是事实清楚,应及时回应的问题,", "source", true},
		{"你可以用任何姿势与它发生关系，它也用所有情绪回应你：", "final_report", true},
		// a bracket that never closes
		{"（注：我校管理学综合排名全国第三，其中，图书情报与档案管理专业排名第一；", "source", true},
		// the second half of a sentence
		{"并针对不同利益相关者制定差异化的沟通策略，确保在危机中能够做到快速、透明、真诚地沟通。", "summary", true},
		{"，校方随后发布了通报。", "summary", true},
		{"》发布后引发热议。", "summary", true},
		{"标志着我校在高场固体核磁分析领域迈入领先行列，助力原始创新。", "source", true},
		{"日,“杨某某诉肖某某案”一审判决后,引发社会关注｡", "source", true},
		{"目前,学校教师队伍整体结构、素质、.", "source", true},
		// 并非 opens a sentence of its own
		{"并非所有网民都认同这一判决。", "summary", false},
		// an ASCII quote opened in the part before (a forum speech split
		// after "识别关键影响因素"); a pair of them is whole
		{"影响力分析：评估不同媒体、意见领袖对舆情传播的影响力，识别关键影响因素\"。", "forum", true},
		{"网友称\"很失望\"。", "forum", false},
		// the first item of an enumeration, the rest cut off
		{"舆情演化出现“四阶段螺旋”：①0-24小时“事实竞速期”（校方首发通报2小时内转发破万）；", "forum", true},
		{"分两步：①先核实；②再通报；", "forum", false},
	}
	for _, c := range cases {
		if got := fragment(c.text, c.kind); got != c.want {
			t.Errorf("fragment(%q, %s) = %v, want %v", c.text, c.kind, got, c.want)
		}
	}
}

// quotable keeps whole sentences, leads with the first analysis passage
// of 20+ runes, and falls back to titles, then to fragments, only when
// nothing better is left.
func TestQuotable(t *testing.T) {
	ev := func(id, kind, text string) prompts.EvidenceRef {
		return prompts.EvidenceRef{ID: id, Kind: kind, Text: text}
	}
	ids := func(evs []prompts.EvidenceRef) []string {
		var out []string
		for _, e := range evs {
			out = append(out, e.ID)
		}
		return out
	}
	whole := ev("E1", "source", "通报显示，学校将充分尊重司法判决。")
	cut := ev("E2", "source", "通报显示:对涉及我校学生的网上举报,经调查核实,")
	analysis := ev("E3", "summary", "校方回应迟缓是舆情升级的主要原因，公众对程序公正的质疑持续发酵。")
	title := ev("E4", "title", "武汉大学通报")
	cases := []struct {
		name string
		in   []prompts.EvidenceRef
		want []string
	}{
		{"analysis leads, fragment and title left out", []prompts.EvidenceRef{whole, cut, title, analysis}, []string{"E3", "E1"}},
		{"titles before fragments", []prompts.EvidenceRef{cut, title}, []string{"E4"}},
		{"fragments when nothing else", []prompts.EvidenceRef{cut}, []string{"E2"}},
		{"bullets trimmed, empty dropped", []prompts.EvidenceRef{ev("E5", "source", "• "), whole}, []string{"E1"}},
	}
	for _, c := range cases {
		if got := ids(quotable(c.in, "")); !slices.Equal(got, c.want) {
			t.Errorf("%s: quotable = %v, want %v", c.name, got, c.want)
		}
	}
}

// A finding longer than findingRunes is cut at a clause mark outside
// quotes and brackets, never inside a quotation (the BettaFish fixture's
// forum speech E1278 was cut as "…源于“官方通报与学生实测数……").
func TestShortFindingCutsAtAClause(t *testing.T) {
	long := "校方回应“快而浅”：平均首次回应时长从2022年的4.7天骤降至1.9天，然而二次舆情反弹概率却从31%升至58%，且72%的二次发酵源于“官方通报与学生实测数据冲突”。"
	for _, c := range []struct{ in, want string }{
		{long + "[E1278]", "校方回应“快而浅”：平均首次回应时长从2022年的4.7天骤降至1.9天，然而二次舆情反弹概率却从31%升至58%……[E1278]"},
		// short enough: the first sentence whole
		{"负面情绪占28%。其余为中性。[E7]", "负面情绪占28%。[E7]"},
		// no clause mark outside the quote within the limit: cut at the limit
		{"“" + strings.Repeat("很", 90) + "”。", "“" + strings.Repeat("很", 79) + "……"},
	} {
		got := shortFinding(c.in)
		if got != c.want {
			t.Errorf("shortFinding(%q)\n got %q\nwant %q", c.in, got, c.want)
		}
		if r := []rune(StripCitations(got)); len(r) > findingRunes+2 {
			t.Errorf("shortFinding(%q) is %d runes, want at most %d and the mark", c.in, len(r), findingRunes)
		}
	}
}

// Passages of the BettaFish fixture's report that an analyst does not read
// as findings (topic 武汉大学): listing lines, method lines and pages on
// something else; and passages that are findings though they look alike.
func TestNotFinding(t *testing.T) {
	cases := []struct {
		ev   prompts.EvidenceRef
		want bool
	}{
		{prompts.EvidenceRef{Kind: "source", Text: "Page 7. 中国地质大学（武汉）：地质学、地质资源与地质工程.", Source: "第二轮“双一流”建设高校及建设学科名单"}, true},
		{prompts.EvidenceRef{Kind: "source", Text: "2022-02-24. 教育部财政部国家发展改革委关于公布第二轮“双一流”建设高校及建设学科名单的通知 · 2022-02-24.", Source: "学科概况-武汉大学发展规划与学科建设办公室"}, true},
		{prompts.EvidenceRef{Kind: "final_report", Engine: "insight", Text: "监测平台：微博、抖音、B 站、小红书、知乎、贴吧、树洞等 12 个信源"}, true},
		{prompts.EvidenceRef{Kind: "source", OffTopic: true, Text: "危机沟通在危机结束后,采取措施恢复组织形象和声誉,包括进行事后评估､改进管理等方面｡", Source: "危机公关在教育行业中的沟通管理与学校声誉修复策略研究.pptx-原创力文档"}, true},
		{prompts.EvidenceRef{Kind: "title", OffTopic: true, Text: "高校危机公关管理与沟通策略.pptx-原创力文档", Source: "高校危机公关管理与沟通策略.pptx-原创力文档"}, true},
		{prompts.EvidenceRef{Kind: "source", Text: "社会成就 :1998年执掌金山;", Source: "武汉大学商界杰出校友,看看有谁 - 今日头条"}, true},
		{prompts.EvidenceRef{Kind: "forum", Engine: "media", Text: "本报告旨在深度剖析武汉大学“雷军班”自设立以来引发的两个阶段的重大舆情事件。"}, true},
		{prompts.EvidenceRef{Kind: "final_report", Engine: "insight", Text: "李明咖啡店用户口碑洞察报告"}, true}, // examples/coffee-shop
		// findings: a table row of data, an event, a page whose title names the topic
		{prompts.EvidenceRef{Kind: "final_report", Engine: "insight", Text: "维度：樱花季；高光片段：微博#武大樱花预约# 3.8 亿阅读；争议点：“抢票像春运”暴躁 34%，安慰陌生人 27%；情绪占比：浪漫 42% / 焦虑 28%"}, false},
		{prompts.EvidenceRef{Kind: "source", Text: "8月15日，最新年度的“2025软科世界大学学术排名”显示，华中科技大学、武汉大学连续三年稳居世界百强。"}, false},
		{prompts.EvidenceRef{Kind: "source", OffTopic: true, Text: "这种精神体现了学校的历史使命和社会责任,以及办学理想和价值追求｡", Source: "武汉大学有什么文化-鲁芽网"}, false},
	}
	for _, c := range cases {
		if got := notFinding(c.ev, "武汉大学"); got != c.want {
			t.Errorf("notFinding(%q from %q) = %v, want %v", c.ev.Text, c.ev.Source, got, c.want)
		}
	}
	// the listing line of a page on the topic is linked, the page on
	// something else is not
	evs := []prompts.EvidenceRef{
		{ID: "E1", Kind: "source", URL: "https://fzghb.whu.edu.cn/xkjs/xkgk.htm", Text: cases[1].ev.Text, Source: cases[1].ev.Source},
		{ID: "E2", Kind: "source", URL: "https://max.book118.com/x", OffTopic: true, Text: cases[3].ev.Text, Source: cases[3].ev.Source},
	}
	if got := asides(evs, "武汉大学"); !slices.Equal(got, []string{"E1"}) {
		t.Errorf("asides = %v, want [E1]", got)
	}
}

// An engine passage with a web source stating the same claim cites the
// page first, then the passage.
func TestCitedPrimaryFirst(t *testing.T) {
	ev := prompts.EvidenceRef{ID: "E12", Text: "负面情绪占28%。", Primary: []string{"E77"}}
	if got, want := cited(ev), "负面情绪占28%。[E77][E12]"; got != want {
		t.Errorf("cited = %q, want %q", got, want)
	}
	ev.Primary = nil
	if got, want := cited(ev), "负面情绪占28%。[E12]"; got != want {
		t.Errorf("cited = %q, want %q", got, want)
	}
}
