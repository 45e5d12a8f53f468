package knowledge

import (
	"fmt"
	"testing"
)

// initialisms reads two letters no document holds as the two-rune word of
// those pinyin initials the documents hold most, only when it is held by
// minInitialismDocs documents and initialismLead times as many as the
// next; a word with a stop rune (我的) is never read.
func TestInitialisms(t *testing.T) {
	docsOf := func(counts map[string]int) []string {
		var docs []string
		for w, n := range counts {
			for i := range n {
				docs = append(docs, fmt.Sprintf("%s第%d条记录。", w, i))
			}
		}
		return docs
	}
	for _, c := range []struct {
		counts map[string]int
		q      string
		want   string
	}{
		{map[string]int{"武大": 30, "稳定": 5, "我的": 200}, "wd樱花最早谁种的", "武大樱花最早谁种的"},
		{map[string]int{"武大": 30, "稳定": 11}, "wd樱花最早谁种的", "wd樱花最早谁种的"},          // no lead of three times
		{map[string]int{"武大": minInitialismDocs - 1}, "wd樱花最早谁种的", "wd樱花最早谁种的"}, // too few documents
		{map[string]int{"武大": 30}, "what is wd", "what is wd"},                  // no Han: an English question
		{map[string]int{"武大": 30, "稳健": 200}, "wd樱花", "武大樱花"},                   // 稳健 is w-j
		{map[string]int{"武大": 30}, "问 wd 和 ok", "问 武大 和 ok"},                    // letters between spaces
		{map[string]int{"武大": 30, "wd": 1}, "wd樱花最早谁种的", "wd樱花最早谁种的"},           // held as written
		{map[string]int{"武大": 30}, "wdx樱花", "wdx樱花"},                            // three letters
	} {
		docs := docsOf(c.counts)
		x := lexicalOf(docs, buildBigramIndex(docs))
		if got := x.initialisms(c.q); got != c.want {
			t.Errorf("%v: initialisms(%s) = %s, want %s", c.counts, c.q, got, c.want)
		}
	}
}

// A modifier standing in for the thing (上游 of 上游供应商) asks nothing
// more: the supplier named answers it; a modifier that does not (第二家)
// still must be written before the thing.
func TestNamedWithStandInModifier(t *testing.T) {
	docs := []string{"咖啡豆的供应商是张伟，每月供货一次。", "断货后增加了备用渠道。"}
	x := lexicalOf(docs, buildBigramIndex(docs))
	if !x.named("供应商", []string{"上游"}, "") {
		t.Error("上游供应商 not named by 供应商是张伟")
	}
	if x.named("供应商", []string{"第二家"}, "") {
		t.Error("第二家供应商 named by a text on the one supplier")
	}
}

// An English word a Chinese question mixes in is read through the
// glossary where the knowledge is Chinese (Lexical.Heard).
func TestHeardMixedEnglish(t *testing.T) {
	m := modelOfDocs(t, []string{"樱花季每天限流两万名游客。", "游客需要提前预约。", "周末和工作日的限额相同。"})
	if got := m.Lexical().Heard("一天可以进去多少visitor？周末和工作日的limit是一样的吗？"); got != "一天可以进去多少游客？周末和工作日的限流是一样的吗？" { // limit: 限流 and 限额 held alike, the glossary's first
		t.Errorf("Heard = %s", got)
	}
}

// Words a Chinese question writes in toneless pinyin are read as the Han
// words the knowledge holds (Lexical.Heard: text.PinyinWordsAsChinese).
func TestHeardPinyinWords(t *testing.T) {
	m := modelOfDocs(t, []string{"桂花拿铁五月上市。", "桂花拿铁首月占三成。", "拿铁二十八元一杯。"})
	if got := m.Lexical().Heard("那个gui hua na tie是几月出来的？"); got != "那个桂花拿铁是几月出来的？" {
		t.Errorf("Heard = %s, want 桂花拿铁", got)
	}
}
