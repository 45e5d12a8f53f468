package text

import (
	"slices"
	"testing"
)

// heldout41's kinds of misreading: a graded quality the dictionary tags as
// a name (太贵), a verb of doing glued to the noun before it (店搞), a
// kinship address after a role (店长姐姐), a verb and its direction (降回),
// the formal register (敝人…, 何年, 据闻, 改办, 理据), an idiom's head
// (依山而建), everywhere online (全网) and an English yes-or-no question
// about whether there is any of a thing.
func TestWave41Terms(t *testing.T) {
	checkTerms(t, "小店拉新客太贵了，他们跟旁边哪些店搞了互相推荐？", []string{"推荐", "互相"}, []string{"店搞"})
	checkTerms(t, "每次进门就问的那个店长姐姐叫什么名字呀？", []string{"店长"}, []string{"姐姐"})
	checkTerms(t, "敝人执教数十年，深知各校竞相追溯校史之风。请问武汉大学原本以哪一年作为建校起点？", []string{"武汉大学", "建校", "校史"}, []string{"执教"})
	checkTerms(t, "老夫读武大校史，见有两说，颇觉蹊跷。武大之源头究竟是哪一年？", []string{"武大", "校史"}, nil)
	// a self-introduction that asks is the question
	checkTerms(t, "敝人执教的学校有樱花吗？", []string{"樱花"}, nil)
	checkTerms(t, "武大老斋舍依山而建，各斋以何种典籍命名？", []string{"典籍", "命名"}, []string{"依山"})
	checkTerms(t, "这家店拔地而起，为什么？", []string{"拔地而起"}, nil)
	// 而且 opens no idiom: 便宜 is asked about
	checkTerms(t, "价格便宜而且好喝吗", []string{"便宜"}, nil)
	checkTerms(t, "2024年这家店全网声量总共多少条？", []string{"声量"}, []string{"全网"})
	checkTerms(t, "据闻武大曾因游客穿和服入校赏樱而起冲突", []string{"和服"}, []string{"据闻"})

	// the unit a price is asked per is no term: 一杯 ranked a member's
	// "每个工作日早上一杯拿铁" above the prices
	checkTerms(t, "拿铁和美式分别卖多少钱一杯？", []string{"拿铁", "美式"}, []string{"一杯"})
	checkTerms(t, "一杯多少钱？", []string{"一杯"}, nil)

	if IsName("太贵") || IsAnyName("太贵") || !IsName("太原") {
		t.Errorf("IsName: 太贵 %v (want false), 太原 %v (want true)", IsName("太贵"), IsName("太原"))
	}
	for w, want := range map[string]bool{"降回": true, "涨到": true, "回降": false, "降价": false} {
		if got := IsVerbDirection(w); got != want {
			t.Errorf("IsVerbDirection(%q) = %v, want %v", w, got, want)
		}
	}
	if IsUnknownWord("降回") || IsUnknownWord("改办") {
		t.Error("降回 or 改办 read as an unknown word (a name)")
	}
	for q, not := range map[string]string{
		"断货事件后负面占比最高到了多少，后来又降回多少": "降回",
		"后来又在哪一年改办所谓「百年校庆」？":      "改办",
	} {
		if got := AskedFor(q); slices.Contains(got, not) {
			t.Errorf("AskedFor(%q) = %v, want no %q", q, got, not)
		}
	}
	// a verb of paying a wage between the wage and 多少
	if got := Measured("他们店里雇了几个店员，工资一般开多少？"); !slices.Contains(got, "工资") {
		t.Errorf("Measured(…工资一般开多少) = %v, want 工资", got)
	}
	if !AsksYear("所称禁止穿和服的规定始于何年？") {
		t.Error("何年 asks no year")
	}
	for w, syn := range map[string]string{"理据": "依据", "禁止": "不允许", "主力": "核心"} {
		if !slices.Contains(Synonyms(w), syn) {
			t.Errorf("Synonyms(%q) = %v, want %q", w, Synonyms(w), syn)
		}
	}
	for q, want := range map[string][]string{
		"Did the team work out any grammar or vocabulary of the alien language?": {"grammar", "vocabulary"},
		"Did Sam find any clues?": {"clue"},
		"What did the team find?": nil,
	} {
		if got := AskedFor(q); !slices.Equal(got, want) {
			t.Errorf("AskedFor(%q) = %v, want %v", q, got, want)
		}
	}
}
