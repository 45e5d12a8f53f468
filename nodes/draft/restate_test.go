package draft

import (
	"slices"
	"testing"

	"reportengine/prompts"
)

// The sample's 7.4 quoted one recommendation three times in three
// wordings; a passage that adds a figure, or a finding that only shares
// the topic's words, is still quoted.
func TestQuotedSkipsRestatements(t *testing.T) {
	evs := []prompts.EvidenceRef{
		{ID: "E1", Text: "后续监测指标建议每月复盘会员复购率、周末客流占比、差评率和获客成本。"},
		{ID: "E2", Text: "建议小店每月复盘四个指标：会员复购率、周末客流占比、差评率和获客成本。"},
		{ID: "E3", Text: "建议后续讨论关注会员增长是否主要来自限定款带来的新客。"},
		{ID: "E4", Text: "复盘安排上，建议每月复盘一次会员复购率、周末客流占比、差评率和获客成本。"},
		{ID: "E5", Text: "断货那一周负面评论占比升到23%，增加备份供应商之后回落。"},
		{ID: "E6", Text: "断货那一周负面评论占比升到9%，增加备份供应商之后回落。"},
	}
	var got []string
	for _, ev := range quoted(evs, 5) {
		got = append(got, ev.ID)
	}
	// E2 and E4 restate E1; E6 shares every bigram of E5 but its figure 9
	if want := []string{"E3", "E5", "E6"}; !slices.Equal(got, want) {
		t.Errorf("quoted %v, want %v", got, want)
	}
	// at most n, counted among the passages kept
	if got := quoted(evs, 1); len(got) != 1 || got[0].ID != "E3" {
		t.Errorf("quoted(…, 1) = %v, want [E3]", got)
	}
	// a short passage is never a restatement: too few bigrams to tell
	var seen said
	seen.add("会员复购率")
	if seen.restates("会员复购率") {
		t.Error("a 4-bigram passage counted as a restatement")
	}
}

// restateShare decides: a passage with 0.61 of its bigrams seen (the
// closest distinct findings in the sample) is kept, one with 0.77 is not.
func TestRestateShareBoundary(t *testing.T) {
	var seen said
	seen.add("甲乙丙丁戊己庚辛壬癸子丑") // 11 bigrams
	// 10 bigrams, the first n of them seen
	s := func(n int) string {
		return "甲乙丙丁戊己庚辛壬癸子丑"[:3*(n+1)] + "天地玄黄宇宙洪荒日月"[:3*(10-n)]
	}
	if seen.restates(s(7)) { // 7 of 10 (plus the joint) under 0.75
		t.Errorf("%s: 0.7 counted as a restatement", s(7))
	}
	if !seen.restates(s(10)) {
		t.Errorf("%s: all seen not a restatement", s(10))
	}
}

// A passage cut at a clause mark is quoted as a sentence: "…八百人；[E1]"
// becomes "…八百人。[E1]"; other endings stay.
func TestCitedClosesClause(t *testing.T) {
	for in, want := range map[string]string{
		"优势在于口碑和会员，评分4.7、会员八百人；":   "优势在于口碑和会员，评分4.7、会员八百人。[E1]",
		"按时间排列，重要事件依次为：2024年4月开业，": "按时间排列，重要事件依次为：2024年4月开业。[E1]",
		"会员八百人。":    "会员八百人。[E1]",
		"会员八百人？":    "会员八百人？[E1]",
		"引用原话：“好喝”": "引用原话：“好喝”[E1]",
	} {
		if got := cited(prompts.EvidenceRef{ID: "E1", Text: in}); got != want {
			t.Errorf("cited(%q) = %q, want %q", in, got, want)
		}
	}
	if got := closeClause("；"); got != "；" {
		t.Errorf("closeClause of a lone mark = %q", got)
	}
}
