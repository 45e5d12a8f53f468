package nodes

import (
	"strings"
	"testing"

	"reportengine/ir"
	"reportengine/nodes/draft"
)

func onceP(s string) ir.Block {
	return ir.Block{Type: ir.TypeParagraph, Inlines: []ir.Inline{{Text: s}}}
}
func onceH(s string) ir.Block { return ir.Block{Type: ir.TypeHeading, Level: 3, Text: s} }
func onceL(items ...string) ir.Block {
	b := ir.Block{Type: ir.TypeList, ListType: "bullet"}
	for _, s := range items {
		b.ListItems = append(b.ListItems, []ir.Block{onceP(s)})
	}
	return b
}

// texts lists a chapter's printed lines: paragraphs, and list items as "- …".
func onceTexts(c ir.Chapter) []string {
	var out []string
	for _, b := range c.Blocks {
		switch b.Type {
		case ir.TypeHeading:
			out = append(out, "## "+b.Text)
		case ir.TypeParagraph:
			out = append(out, ir.PlainText(b.Inlines))
		case ir.TypeList:
			for _, it := range b.ListItems {
				out = append(out, "- "+ir.PlainText(it[0].Inlines))
			}
		}
	}
	return out
}

const (
	onceA = "负面情绪主要集中在科研经费与年轻医生待遇上，占百分之二十八。"
	onceB = "校方回应快而浅：平均首次回应时长从四点七天降至一点九天，然而二次舆情反弹概率却从三成升至近六成，且多数二次发酵源于通报与实测数据冲突。"
	onceC = "微博话题阅读量四点八亿，评论区以致敬和心疼为主，少数留言质疑科研经费的分配。"
	onceD = "学校于六月十三日发布官方通报，称已成立工作组并将在一周内公布调查结果。"
	onceE = "学校称会持续跟进此事并向社会公开调查与处理的进展"
	onceF = "从高校舆情应对规律看，早回应优于晚回应，正面回应好于掩盖事实。"
	onceT = "2025-07-31：据报道，当晚校长回应了记者的电话求询，称正在处理。"
)

// A summary bullet and its chapter's paragraph are one finding printed
// twice: it stays in the summary when its chapter's subsection keeps other
// content, in the chapter when it is all its subsection has; a bullet cut
// short ("……") takes the whole paragraph (without its list number); a
// passage inside a longer one of another chapter is printed once, where
// it came first, with the longer text; short lines may repeat; a
// subsection left with nothing says so in one line. A dated timeline entry
// or a figure line is data, no finding of its subsection: a finding beside
// it alone stays in its chapter, and the summary's bullet goes.
func TestPrintOnce(t *testing.T) {
	results := []ChapterResult{
		{Chapter: ir.Chapter{ChapterID: "S1", Blocks: []ir.Block{
			onceH("1.1"), onceL(onceA+"[E1]（详见「二」）", "校方回应快而浅：平均首次回应时长从四点七天降至一点九天……[E2]（详见「二」）",
				onceD+"[E10]（详见「二」）", onceF+"[E30]（详见「二」）"),
			onceH("1.2"), onceL(onceC + "[E3]（详见「三」）"),
			onceP("另见来源：[E9]"),
		}}},
		{Chapter: ir.Chapter{ChapterID: "S2", Blocks: []ir.Block{
			onceH("2.1"), onceP(onceA + "[E1]"), onceP("洞察引擎的研究写道：转到抗疫科研，学校的成果受到广泛关注，这是另一段内容。[E4]"),
			onceH("2.2"), onceP("2. " + onceB + "[E2]"), onceP("媒体引擎的研究写道：另一段足够长的内容，讲的是学校的其他回应与后续安排。[E5]"),
			onceP("另见来源：[E9]"),
			onceH("2.3"), onceP(onceD + "[E10]"),
			onceH("2.4"), onceP(onceT + "[E31]"), onceP(onceF + "[E30]"),
		}}},
		{Chapter: ir.Chapter{ChapterID: "S3", Blocks: []ir.Block{
			onceH("3.1"), onceP("查询引擎在论坛中指出（12:19:08）：" + onceC + "[E6]"),
			onceH("3.2"), onceP("微博话题阅读量四点八亿，评论区以致敬和心疼为主。[E7]"), onceP("洞察引擎的研究写道：第三段足够长的内容，说的是平台迁移路径清晰可见。[E8]"),
		}}},
		{Chapter: ir.Chapter{ChapterID: "S4", Blocks: []ir.Block{
			onceH("4.1"), onceP(onceE + "[E20]"), onceP("另一段足够长的内容，讲的是学校对事件的后续安排和整改。[E22]"),
			onceH("4.2"), onceP("洞察引擎的研究写道：" + onceE + "，整改进展将在一个月内公布。[E21]"), onceP("第四段足够长的内容，说的是舆论对整改的期待与疑问。[E23]"),
		}}},
	}
	printOnce(results)
	// 1.1 holds three bullets, 2.1 two paragraphs: A stays in the summary;
	// 2.3 holds D alone: D stays there; 1.2 and 3.1 hold C alone each: the
	// first place (1.2) keeps it, 3.1 says it has nothing; 3.2's shorter
	// passage inside C goes
	want := [][]string{
		{"## 1.1", "- " + onceA + "[E1]（详见「二」）", "- " + onceB + "[E2]（详见「二」）",
			"## 1.2", "- " + onceC + "[E3]（详见「三」）", "另见来源：[E9]"},
		{"## 2.1", "洞察引擎的研究写道：转到抗疫科研，学校的成果受到广泛关注，这是另一段内容。[E4]",
			"## 2.2", "媒体引擎的研究写道：另一段足够长的内容，讲的是学校的其他回应与后续安排。[E5]", "另见来源：[E9]",
			"## 2.3", onceD + "[E10]",
			"## 2.4", onceT + "[E31]", onceF + "[E30]"},
		{"## 3.1", draft.NoEvidence,
			"## 3.2", "洞察引擎的研究写道：第三段足够长的内容，说的是平台迁移路径清晰可见。[E8]"},
		// 4.1 keeps its place with 4.2's longer text, attribution included
		{"## 4.1", "洞察引擎的研究写道：" + onceE + "，整改进展将在一个月内公布。[E21]", "另一段足够长的内容，讲的是学校对事件的后续安排和整改。[E22]",
			"## 4.2", "第四段足够长的内容，说的是舆论对整改的期待与疑问。[E23]"},
	}
	for i, r := range results {
		if got := onceTexts(r.Chapter); strings.Join(got, "\n") != strings.Join(want[i], "\n") {
			t.Errorf("%s:\n%s\nwant\n%s", r.Chapter.ChapterID, strings.Join(got, "\n"), strings.Join(want[i], "\n"))
		}
	}
}

// A SWOT or PEST table whose items are bare words ("不足", "危机") says
// nothing and is left out (its subsection then says so in one line); one
// with a quadrant that says something stays.
func TestDropEmptyQuadrants(t *testing.T) {
	empty := ir.Block{Type: ir.TypeSwotTable, Weaknesses: []ir.QuadrantItem{{Title: "不足", Evidence: "[E1]"}},
		Threats: []ir.QuadrantItem{{Title: "危机[E2]"}}}
	one := ir.Block{Type: ir.TypePestTable, Political: []ir.QuadrantItem{{Title: "政策", Detail: "市政府要求三年内完成深度处理改造[E3]"}}}
	two := ir.Block{Type: ir.TypeSwotTable, Weaknesses: []ir.QuadrantItem{{Title: "写字楼商圈周末客流不足", Evidence: "[E4]"}},
		Threats: []ir.QuadrantItem{{Title: "风险", Detail: "咖啡豆只有一个供应商，雨季运输延误即断货"}}}
	results := []ChapterResult{{Chapter: ir.Chapter{Blocks: []ir.Block{onceH("7.1 SWOT"), empty, onceH("7.2 PEST"), one, onceH("7.3"), two}}}}
	dropEmptyQuadrants(results)
	var got []string
	for _, b := range results[0].Chapter.Blocks {
		got = append(got, b.Type+" "+b.Text+ir.PlainText(b.Inlines))
	}
	want := []string{"heading 7.1 SWOT", "paragraph " + draft.NoEvidence, "heading 7.2 PEST", "pestTable ",
		"heading 7.3", "swotTable "}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("blocks %q, want %q", got, want)
	}
}

// An essentials figure line whose figures another paragraph states is
// removed (the fixture's 关键数据 listed "二次舆情反弹概率：31%→58%" under the
// bullet quoting the same sentence); a line with a figure no other
// paragraph states stays, and so does one of the same value of another
// measure; a line that is all its subsection has stays (1.3), and another
// line stating its figure where it is not goes (2.2). A passage stating
// the figures of another citing the same source goes, one citing another
// source stays.
func TestPrintFiguresOnce(t *testing.T) {
	bullet := "校方回应快而浅，然而二次舆情反弹概率却从31%升至58%。[E2]（详见「二」）"
	line := "二次舆情反弹概率：31%→58%——「但二次舆情反弹概率却从31%升至58%」[E2]"
	partly := "支持学校决定的比例：26%→48%——「使支持学校决定的比例从26%飙升至48%」[E7]"
	other := "负面情绪占比：58%——「负面情绪占58%」[E3]"
	alone := "话题阅读量：28.7亿次——「话题阅读量突破28.7亿次」[E4]"
	twice := "话题阅读量：1.2亿次——「话题阅读量单日新增1.2亿次」[E5]"
	engine := "3月2日至3月10日，全网相关信息共12.6万条，其中微博占58%，抖音占22%；[E11][E12]"
	page := "据监测，全网与异味相关的信息共12.6万条，其中微博占58%，抖音占22%。[E11]"
	other2 := "据另一家机构监测，全网相关信息共12.6万条，其中微博占58%，抖音占22%。[E13]"
	results := []ChapterResult{
		{Chapter: ir.Chapter{ChapterID: "S3", Blocks: []ir.Block{
			onceH("3.1"), onceP(engine), onceP(page), onceP(other2),
		}}},
		{Chapter: ir.Chapter{ChapterID: "S1", Blocks: []ir.Block{
			onceH("1.1"), onceL(bullet, "虽然有26%的网友支持学校的决定，但也有19%的网友认为保安不应该打人。[E7]"),
			onceH("1.2"), onceL(line, partly, other, twice),
			onceH("1.3"), onceL(alone),
		}}},
		{Chapter: ir.Chapter{ChapterID: "S2", Blocks: []ir.Block{
			onceH("2.1"), onceP("事件持续发酵，话题阅读量单日新增1.2亿次，讨论集中在微博。[E6]"),
			onceH("2.2"), onceL("话题阅读量：28.7亿次——「话题阅读量突破28.7亿次」[E8]"), onceP("另一段足够长的内容，讲的是学校的其他回应与后续安排。[E9]"),
		}}},
	}
	printFiguresOnce(results)
	want := [][]string{
		{"## 3.1", engine, other2}, // the page the engine cites goes; another source's claim stays
		{"## 1.1", "- " + bullet, "- 虽然有26%的网友支持学校的决定，但也有19%的网友认为保安不应该打人。[E7]",
			"## 1.2", "- " + partly, "- " + other,
			"## 1.3", "- " + alone},
		{"## 2.1", "事件持续发酵，话题阅读量单日新增1.2亿次，讨论集中在微博。[E6]",
			"## 2.2", "另一段足够长的内容，讲的是学校的其他回应与后续安排。[E9]"},
	}
	for i, r := range results {
		if got := onceTexts(r.Chapter); strings.Join(got, "\n") != strings.Join(want[i], "\n") {
			t.Errorf("%s:\n%s\nwant\n%s", r.Chapter.ChapterID, strings.Join(got, "\n"), strings.Join(want[i], "\n"))
		}
	}
}

// A finding of 12 to 19 runes is printed once too: the fixture's summary
// bullet "共同的引爆点在于“机构应对失当”。" stood again in 3.2 as "第一，共同的
// 引爆点在于…" (onceRunes was 20); a line under 12 runes may still repeat.
func TestPrintOnceShortFinding(t *testing.T) {
	short := "共同的引爆点在于“机构应对失当”。"
	results := []ChapterResult{
		{Chapter: ir.Chapter{ChapterID: "S1", Blocks: []ir.Block{
			onceH("1.3"), onceL(short+"[E12]（详见「三」）", onceA+"[E1]（详见「三」）"),
		}}},
		{Chapter: ir.Chapter{ChapterID: "S3", Blocks: []ir.Block{
			onceH("3.2"), onceP("第一，" + short + "[E12]"), onceP(onceC + "[E3]"), onceP("舆论明显降温。[E40]"),
			onceH("3.3"), onceP("舆论明显降温。[E40]"), onceP(onceF + "[E30]"),
		}}},
	}
	printOnce(results)
	want := []string{"## 3.2", onceC + "[E3]", "舆论明显降温。[E40]", "## 3.3", "舆论明显降温。[E40]", onceF + "[E30]"}
	if got := onceTexts(results[1].Chapter); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("S3:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// A dated summary bullet quoting a chapter's paragraph is a repeat, its
// date left out of the comparison (the wuhan summary's "2025-07：然而，
// 近两年后，法院于2025年7月作出一审判决…" stood again in 4.3); the kept
// bullet takes the longer text with its date, without the dependent
// "然而，".
func TestPrintOnceDatedBullet(t *testing.T) {
	short := "近两年后，法院于2025年7月作出一审判决，驳回了女生的诉讼请求。"
	long := short + "这一司法反转引发了更为猛烈的舆情风暴。"
	results := []ChapterResult{
		{Chapter: ir.Chapter{ChapterID: "S1", Blocks: []ir.Block{
			onceH("1.1"), onceL(onceA+"[E1]（详见「四」）", "2025-07：然而，"+short+"[E5]（详见「四」）"),
		}}},
		{Chapter: ir.Chapter{ChapterID: "S4", Blocks: []ir.Block{
			onceH("4.3"), onceP("然而，" + long + "[E5]"), onceP(onceC + "[E3]"),
		}}},
	}
	printOnce(results)
	want := [][]string{
		{"## 1.1", "- " + onceA + "[E1]（详见「四」）", "- 2025-07：" + long + "[E5]（详见「四」）"},
		{"## 4.3", onceC + "[E3]"},
	}
	for i, r := range results {
		if got := onceTexts(r.Chapter); strings.Join(got, "\n") != strings.Join(want[i], "\n") {
			t.Errorf("%s:\n%s\nwant\n%s", r.Chapter.ChapterID, strings.Join(got, "\n"), strings.Join(want[i], "\n"))
		}
	}
}

// A summary bullet does not take the text of the figure line quoting it
// (qingxi's 1.2 became "情绪构成为负面：46%——「…」" and kept stating the
// figures 4.2's prose stated): it keeps its sentence, the line goes.
func TestPrintOnceFigureLine(t *testing.T) {
	split := "情绪构成为负面46%、中性33%、正面21%"
	bullet := "- " + split + "。[E20][E17]（详见「四」）"
	results := []ChapterResult{
		{Chapter: ir.Chapter{ChapterID: "S1", Blocks: []ir.Block{
			onceH("1.2"), onceL(bullet[len("- "):], onceA+"[E1]（详见「四」）"),
		}}},
		{Chapter: ir.Chapter{ChapterID: "S4", Blocks: []ir.Block{
			onceH("4.2"), onceL("情绪构成为负面：46%——「" + split + "」[E17]"), onceP(onceC + "[E3]"),
		}}},
	}
	printOnce(results)
	want := [][]string{{"## 1.2", bullet, "- " + onceA + "[E1]（详见「四」）"}, {"## 4.2", onceC + "[E3]"}}
	for i, r := range results {
		if got := onceTexts(r.Chapter); strings.Join(got, "\n") != strings.Join(want[i], "\n") {
			t.Errorf("%s:\n%s\nwant\n%s", r.Chapter.ChapterID, strings.Join(got, "\n"), strings.Join(want[i], "\n"))
		}
	}
}

// A figure whose sentence opens with a period ("本周期…的声量规模为12780条")
// has no label but a KPI name: what it measures is read from that, and a
// later passage of the same source stating it goes (the sample's 2.1 had
// printed 12780条 twice, four lines apart).
func TestPrintFiguresOnceKPINamed(t *testing.T) {
	lead := "本周期李明咖啡店的声量规模为12780条提及，月度起伏与事件对应：7月断货事件带来3120条的声量峰值。[E117][E120]"
	again := "监测显示，2024年4月开业至9月底，李明咖啡店的声量规模为12780条提及。[E120]"
	keep := "另一段足够长的内容，讲的是声量的平台分布与各平台的占比情况。[E9]"
	results := []ChapterResult{{Chapter: ir.Chapter{ChapterID: "S2", Blocks: []ir.Block{
		onceH("2.1"), onceP(lead), onceP(again), onceP(keep),
	}}}}
	printFiguresOnce(results)
	want := []string{"## 2.1", lead, keep}
	if got := onceTexts(results[0].Chapter); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("S2:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
