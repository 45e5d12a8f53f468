package prompts

import (
	"testing"

	"reportengine/ir"
)

// A finding read out of its chapter loses its enumerator or connective;
// examples, sentences about the report and ones pointing back are refused.
func TestStandaloneFinding(t *testing.T) {
	for in, want := range map[string]string{
		"第一，共同的引爆点": "共同的引爆点",
		"2. 校方回应":   "校方回应",
		"2、校方回应":    "校方回应",
		"（3）舆情反弹":   "舆情反弹",
		"①情绪分化":     "情绪分化",
		"首先，网友质疑":   "网友质疑",
		"2022年回应时长": "2022年回应时长", // a year, not an enumerator
		"一方面网友认为":   "一方面网友认为",
	} {
		if got, ok := StandaloneFinding(in); got != want || !ok {
			t.Errorf("StandaloneFinding(%q) = %q, %v, want %q, true", in, got, ok, want)
		}
	}
}

func TestStandaloneFindingRefused(t *testing.T) {
	for _, in := range []string{"例如，一名副教授被举报", "本报告旨在剖析两个阶段", "这一阶段的争议埋下伏笔", "2. 这些网友认为",
		// the fixture hero's second finding: a connective, then pointing back
		"然而，这些报道均未得到官方证实，部分来源明确标注“未经可信信源证实”或“大概率为假”。"} {
		if _, ok := StandaloneFinding(in); ok {
			t.Errorf("StandaloneFinding(%q) accepted", in)
		}
	}
}

// Two passages of examples/coffee-shop report one figure ("笔记中提到三个月内
// 会员达到八百人", "三个月内会员数达到八百人"): one KPI card.
func TestSameKPI(t *testing.T) {
	cases := []struct {
		a, b ir.KPI
		want bool
	}{
		{ir.KPI{Label: "三个月内会员", Value: "八百人"}, ir.KPI{Label: "三个月内会员数", Value: "八百人"}, true},
		{ir.KPI{Label: "三个月内会员", Value: "八百人"}, ir.KPI{Label: "三个月内会员", Value: "九百人"}, false},
		{ir.KPI{Label: "樱花季情绪占比：浪漫", Value: "42%"}, ir.KPI{Label: "樱花季情绪占比：焦虑", Value: "42%"}, false},
	}
	for _, c := range cases {
		if got := SameKPI(c.a, c.b); got != c.want {
			t.Errorf("SameKPI(%v, %v) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}

// TestCardValue: a card keeps the bound its clause writes before the
// figure (the fixture's "引发超10万浏览量" card read "10万"), and only that.
func TestCardValue(t *testing.T) {
	for _, c := range []struct{ sentence, raw, want string }{
		{"拍摄5段视频，要求其写下道歉信后公开至网络，引发超10万浏览量", "10万", "超10万"},
		{"话题播放量48小时破5.4亿", "5.4亿", "破5.4亿"},
		{"讨论量接近3000条", "3000条", "接近3000条"},
		{"负面情绪占比约28%", "28%", "约28%"},
		{"正面情感占54%", "54%", "54%"},           // no bound: the figure as written
		{"转发率高达62%", "62%", "62%"},           // 高达 states the figure, no bound
		{"阅读量2.3亿，随后升至4.1亿", "4.1亿", "4.1亿"}, // 至 is no bound
		{"", "10万", "10万"},                   // a clause that does not hold the figure
	} {
		f := FigureRef{Raw: c.raw, Sentence: c.sentence}
		if got := f.CardValue(); got != c.want {
			t.Errorf("CardValue(%q in %q) = %q, want %q", c.raw, c.sentence, got, c.want)
		}
	}
}

// TestCardValueQualifiers: 突破 is one qualifier, not 破 after 突.
func TestCardValueQualifiers(t *testing.T) {
	f := FigureRef{Raw: "5亿", Sentence: "话题阅读量突破5亿"}
	if got := f.CardValue(); got != "突破5亿" {
		t.Errorf("CardValue = %q, want 突破5亿", got)
	}
}
