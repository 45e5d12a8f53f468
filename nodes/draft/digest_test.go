package draft

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"reportengine/prompts"
)

// The summary's bullets are the chapters' findings read out of their
// chapters: an enumerator is dropped; an example, a sentence about the
// report and one pointing back at the sentence before it are left out.
func TestDigestBlocksStandaloneFindings(t *testing.T) {
	ds := []prompts.ChapterDigest{
		{Title: "事件全景", Findings: []string{
			"第一，校方首次回应时长从4.7天降至1.9天却未能平息争议。[E1]",
			"这一阶段的争议为后续舆情的发展埋下了伏笔。[E2]",
			"例如，一名副教授被公开举报论文抄袭学生成果。[E3]",
		}},
		{Title: "情绪光谱", Findings: []string{
			"本报告旨在深度剖析事件两个阶段的舆情演变过程。[E4]",
			"负面情绪集中在对程序公正的质疑与对回应速度的不满。[E5]",
		}},
	}
	blocks := digestBlocks(ds, "核心判断", assignFindings(summaryFindings(ds), []string{"核心判断"})[0])
	if len(blocks) != 1 {
		t.Fatalf("%d blocks, want one list: %+v", len(blocks), blocks)
	}
	var got []string
	for _, item := range blocks[0].ListItems {
		got = append(got, item[0].Inlines[0].Text)
	}
	want := []string{
		"校方首次回应时长从4.7天降至1.9天却未能平息争议。[E1]（详见「事件全景」）",
		"负面情绪集中在对程序公正的质疑与对回应速度的不满。[E5]（详见「情绪光谱」）",
	}
	if !slices.Equal(got, want) {
		t.Errorf("bullets %q, want %q", got, want)
	}
}

// The summary chapter of the BettaFish fixture's report: its findings go
// one each to the sub-point they fit — the recommendation to 核心判断与主要建
// 议, the finding with a figure to 关键数据 — and no sub-point is left empty
// while another holds them all (the report had "本小节暂无可引用的材料。" under
// 1.3 with four bullets under 1.1).
func TestAssignFindingsSpreads(t *testing.T) {
	ds := []prompts.ChapterDigest{
		{Title: "事件全景与演变脉络", Findings: []string{"学校积极利用官方微博、微信公众号、抖音等构成的全媒体矩阵，发布正面信息，回应社会关切。[E2]"}},
		{Title: "传播路径与引爆点分析", Findings: []string{"负面情绪主要集中在“科研经费够不够”与“年轻医生待遇”上，占28%，但多数留言仍以“心疼+致敬”收尾。[E4]"}},
		{Title: "舆论场多方观点与情绪光谱", Findings: []string{"在法院还予男生清白后，校方未能及时纠正错误，校长张平文面对媒体追问时仅以“正在处理中”回应，进一步激化了公众情绪。[E1]"}},
		{Title: "关联性评估与行动建议", Findings: []string{"强化常态化的信息监测与危机评估体系，做到早发现、早研判；[E2]"}},
	}
	titles := []string{"1.1 事件概况与舆情定性", "1.2 关键数据与传播峰值", "1.3 核心判断与主要建议"}
	got := assignFindings(summaryFindings(ds), titles)
	has := func(sp int, start string) bool {
		for _, s := range got[sp] {
			if strings.HasPrefix(s, start) {
				return true
			}
		}
		return false
	}
	if !has(2, "强化常态化的信息监测") {
		t.Errorf("the recommendation is not under 核心判断与主要建议: %q", got)
	}
	if !has(1, "负面情绪主要集中在") {
		t.Errorf("the finding with a figure is not under 关键数据: %q", got)
	}
	n := 0
	for i, items := range got {
		if len(items) == 0 {
			t.Errorf("sub-point %s left empty: %q", titles[i], got)
		}
		n += len(items)
	}
	if n != 4 {
		t.Errorf("%d findings placed, want 4 (each once): %q", n, got)
	}
}

// A summary sub-point about data shows the chapters' key figures as cards
// and draws no chart: the sentiment split a digest holds is charted in its
// own chapter, and the sample's report showed that doughnut twice (1.2
// and 4.2) when the summary drew it too.
func TestDigestBlocksNoChart(t *testing.T) {
	figs := []prompts.FigureRef{
		{ItemID: "E8", Kind: "sentiment", Group: "正面", KPI: "正面情绪占比", Raw: "64%", Value: 64, Unit: "%"},
		{ItemID: "E8", Kind: "sentiment", Group: "中性", KPI: "中性情绪占比", Raw: "26%", Value: 26, Unit: "%"},
		{ItemID: "E8", Kind: "sentiment", Group: "负面", KPI: "负面情绪占比", Raw: "10%", Value: 10, Unit: "%"},
	}
	if _, _, ok := figureChart(figs, "s"); !ok {
		t.Fatal("the test needs figures a chapter charts")
	}
	blocks := digestBlocks([]prompts.ChapterDigest{{Title: "品牌形象", Figures: figs}}, "1.2 关键数据", nil)
	var types []string
	for _, b := range blocks {
		types = append(types, b.Type)
	}
	if !slices.Equal(types, []string{"kpiGrid", "paragraph"}) {
		t.Errorf("summary blocks %v, want the KPI cards and their source line, no chart", types)
	}
}

// An outlook is no key datum: the fixture's summary listed "展望未来，武汉
// 大学应利用新媒体平台…" under 1.2 关键数据与传播峰值 (1.3 full, the
// spreading rule put it where there was room). It goes only under the
// sub-point asking for recommendations, or nowhere when that is full.
func TestAssignFindingsAdviceUnderAdvice(t *testing.T) {
	var ds []prompts.ChapterDigest
	for i := range draftFindings {
		ds = append(ds, prompts.ChapterDigest{Title: "关联性评估与行动建议",
			Findings: []string{fmt.Sprintf("建议校方强化第%d类常态化的信息监测与危机评估体系。[E%d]", i+1, i+1)}})
	}
	ds = append(ds, prompts.ChapterDigest{Title: "深层动因与价值观探讨",
		Findings: []string{"展望未来，武汉大学应利用新媒体平台，从单向的成就展示，转向双向的沟通与价值观传递。[E9]"}})
	titles := []string{"1.1 事件概况与舆情定性", "1.2 关键数据与传播峰值", "1.3 核心判断与主要建议"}
	got := assignFindings(summaryFindings(ds), titles)
	for i, items := range got[:2] {
		for _, s := range items {
			if strings.Contains(s, "展望未来") || strings.HasPrefix(s, "建议") {
				t.Errorf("advice under %s: %q", titles[i], s)
			}
		}
	}
	if len(got[2]) != draftFindings {
		t.Errorf("1.3 holds %d findings, want %d: %q", len(got[2]), draftFindings, got)
	}
}

// A finding whose first sentence, the summary's bullet, leans on the next
// one is no summary bullet (the fixture's 1.1 listed "当前事件已进入…复杂阶
// 段。"); one that stands alone is.
func TestSummaryFindingsNoLeadIn(t *testing.T) {
	ds := []prompts.ChapterDigest{{Title: "传播路径与引爆点分析", Findings: []string{
		"事件的关键转折点在于后续的司法程序。法院一审驳回了诉讼请求。[E3]",
		"当前事件已进入跨境教育机构应对危机的复杂阶段。[E2]",
		"武汉大学在舆论发酵多日后才发布通报，宣布全面调查复核。[E4]",
	}}}
	var got []string
	for _, f := range summaryFindings(ds) {
		got = append(got, f.key)
	}
	if len(got) != 1 || !strings.HasPrefix(got[0], "武汉大学在舆论发酵多日后") {
		t.Errorf("summary findings %q, want the 通报 finding alone", got)
	}
}

// A summary sub-point asking for recommendations (建议, 对策, 应对, or in
// English) holds one when the findings have one, even when judgments
// fitting its title better came first in chapter order and would fill it:
// the fixture's 1.3 核心判断与主要建议 lost 强化常态化的信息监测… (an
// imperative evidence.Advice does not take) to four judgments. With the
// kind-first dealing removed, or advises reversed, the recommendation is
// left out and the test fails.
func TestAssignFindingsRecommendationWhereAsked(t *testing.T) {
	const rec = "强化常态化的信息监测与危机评估体系，做到早发现、早研判；[E9]"
	for _, asking := range []string{"1.3 核心判断与主要建议", "1.3 舆情应对", "1.3 Key judgments and recommendations"} {
		titles := []string{"1.1 事件概况与舆情定性", "1.2 关键数据与传播峰值", asking}
		var ds []prompts.ChapterDigest
		for i, w := range []string{"校方回应", "司法判决", "公众情绪", "平台扩散", "海外讨论"} {
			ds = append(ds, prompts.ChapterDigest{Title: "传播路径", Findings: []string{
				fmt.Sprintf("%s是本次%s的焦点之一，各方看法分歧明显。[E%d]", w, asking[4:], i+1)}})
		}
		ds = append(ds, prompts.ChapterDigest{Title: "关联性评估与行动建议", Findings: []string{rec}})
		got := assignFindings(summaryFindings(ds), titles)
		if !slices.ContainsFunc(got[2], func(s string) bool { return strings.HasPrefix(s, "强化常态化") }) {
			t.Errorf("%s holds no recommendation: %q", asking, got)
		}
		if len(got[2]) < 2 {
			t.Errorf("%s holds only %q, want judgments too", asking, got[2])
		}
	}
}

// A sub-point about data (关键数据) prefers bullets that state a figure
// (evidence.FindFigures; a date is none): the one with a figure goes
// there, those without go to the other sub-points while they have room.
// The fixture's 1.2 关键数据与传播峰值 held 学校积极利用官方微博… and 近两年
// 后，法院于2025年7月… beside its one figure. With the preference removed
// (a finding without a figure dealt to 1.2 like any other) or hasFigure
// reversed, the test fails.
func TestAssignFindingsFiguresUnderData(t *testing.T) {
	ds := []prompts.ChapterDigest{
		{Title: "事件全景与演变脉络", Findings: []string{
			"学校积极利用官方微博、微信公众号、抖音等构成的全媒体矩阵，发布正面信息，回应社会关切。[E1]",
			"近两年后，法院于2025年7月作出一审判决，因证据不足以认定男生的行为构成性骚扰。[E2]",
			"共同的引爆点在于“机构应对失当”，校方的沉默放大了质疑。[E3]",
			"在法院还予男生清白后，校方未能及时纠正错误，进一步激化了公众情绪。[E5]",
			"判决公布后，舆论迅速转向，武汉大学陷入巨大的舆论漩涡，被批评缺乏担当。[E6]",
		}},
		{Title: "传播路径与引爆点分析", Findings: []string{
			"海外校友的推特讨论量虽仅占总量8%，但转发率高达62%，形成跨国“母校保卫战”；[E4]",
		}},
	}
	titles := []string{"1.1 事件概况与舆情定性", "1.2 关键数据与传播峰值", "1.3 核心判断与主要建议"}
	got := assignFindings(summaryFindings(ds), titles)
	if want := []string{"海外校友的推特讨论量虽仅占总量8%，但转发率高达62%，形成跨国“母校保卫战”；[E4]（详见「传播路径与引爆点分析」）"}; !slices.Equal(got[1], want) {
		t.Errorf("1.2 holds %q, want the figure alone", got[1])
	}
	if n := len(got[0]) + len(got[2]); n != 5 {
		t.Errorf("1.1 and 1.3 hold %d findings, want the five without a figure: %q", n, got)
	}
	// with no room elsewhere a finding without a figure is left out: under
	// 关键数据 it would be filler where the reader looks for numbers
	full := []string{"1.1 事件概况与舆情定性", "1.2 关键数据与传播峰值"}
	var many []prompts.ChapterDigest
	for i, w := range []string{"校方回应", "司法判决", "公众情绪", "平台扩散", "海外讨论", "招聘传闻"} {
		many = append(many, prompts.ChapterDigest{Title: "传播路径", Findings: []string{
			fmt.Sprintf("%s是本次事件概况的焦点之一，各方看法分歧明显。[E%d]", w, i+1)}})
	}
	got = assignFindings(summaryFindings(many), full)
	if len(got[0]) != draftFindings || len(got[1]) != 0 {
		t.Errorf("placed %d and %d, want 1.1 full and none in 1.2: %q", len(got[0]), len(got[1]), got)
	}
}
