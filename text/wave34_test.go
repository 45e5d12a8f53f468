package text

import (
	"slices"
	"testing"
)

// heldout34's coffee-shop kinds: an inspector's time clause (检查时), a
// job seeker's frame (我在考虑去…应聘…，) and afterthought (我想…。), where
// in an area (哪一带) and a kind of measure (什么整改措施) asked.
func TestWave34Terms(t *testing.T) {
	checkTerms(t, "检查时店里日常运营归谁管？", []string{"检查", "运营"}, []string{"检查时"})
	checkTerms(t, "店里主打哪几款咖啡，各卖多少钱？我想面试前先练练手。", []string{"咖啡"}, []string{"面试", "练手"})
	checkTerms(t, "我在考虑去李明咖啡店应聘咖啡师，平时店里忙不忙？", []string{"店里"}, []string{"应聘", "考虑"})
	// a sentence after the question that asks stays
	checkTerms(t, "店里主打哪几款咖啡？我想知道桂花拿铁多少钱？", []string{"咖啡", "桂花"}, nil)
	for q, want := range map[string][]string{
		"这家店的位置在哪一带？":      nil,
		"他老家在哪个城市？":        {"城市"},
		"后来店里有没有采取什么整改措施？": nil,
		"店里主推什么季节限定饮品？":    {"季节", "限定", "饮品"},
	} {
		if got := AskedFor(q); !slices.Equal(got, want) {
			t.Errorf("AskedFor(%q) = %q, want %q", q, got, want)
		}
	}
	for q, want := range map[string]bool{"一般几点最忙？": true, "什么时候人最多": true, "店里早上几点开门？": false, "最忙的是谁？": false} {
		if AsksPeak(q) != want {
			t.Errorf("AsksPeak(%q) = %v", q, !want)
		}
	}
}

// A name heard wrong after a naming link (叫, 是) is read beside the role
// before the link, as the texts write them (店长王芳).
func TestHeardAfterNamingLink(t *testing.T) {
	docs := func(w string) int {
		switch w {
		case "王芳", "店长王芳":
			return 3
		}
		return 0
	}
	if got := Heard("听说店长叫王方？", docs); got != "听说店长叫王芳？" {
		t.Errorf("Heard = %q", got)
	}
	if got := Heard("听说老板叫王方？", docs); got != "听说老板叫王方？" {
		t.Errorf("Heard = %q: no text holds 老板王芳", got)
	}
}

// An English question of Chinese records is read as they write it: a
// pinyin name as the Han string of its syllables they hold most, a
// glossary word as its translation they hold most; a word or name they
// hold in no form stays, as does a question with Han runes.
func TestAsChinese(t *testing.T) {
	held := map[string]int{"张平": 3, "张平文": 3, "张萍": 1, "张萍文": 1, "武汉": 9, "法院": 4, "判决": 5, "规定": 2, "图书馆": 3, "事件": 6, "案件": 1}
	docs := func(w string) int { return held[w] }
	for q, want := range map[string]string{
		"What did President Zhang Pingwen say?":                 "What did President 张平文 say?",
		"How did the court rule on the Wuhan library case?":     "How did the 法院 判决 on the 武汉 图书馆 事件?",
		"Is it on the Entity List?":                             "Is it on the Entity List?",
		"Did Taylor Cruz say so?":                               "Did Taylor Cruz say so?", // no pinyin
		"Zhang Pingwen":                                         "张平文",
		"武汉大学 court":                                            "武汉大学 court",
		"Who accused him, and was she admitted to the library?": "Who accused him, and was she admitted to the 图书馆?",
	} {
		if got := AsChinese(q, docs); got != want {
			t.Errorf("AsChinese(%q) = %q, want %q", q, got, want)
		}
	}
	// a name held in one document is too few (MinHeardDocs)
	if got := AsChinese("Zhang Pingwen", func(w string) int { return min(held[w], 1) }); got != "Zhang Pingwen" {
		t.Errorf("held once: %q", got)
	}
}

// Pinyin names: runs of capitalised words of two syllables or more, no
// stop or common English word, the leading non-pinyin words dropped.
func TestPinyinNames(t *testing.T) {
	got := pinyinNames("When reporters pressed President Zhang Pingwen about Wuhan University, did She say Xi an? Did the Change Wen happen?")
	var texts []string
	for _, n := range got {
		texts = append(texts, n.Text)
	}
	if want := []string{"Zhang Pingwen", "Wuhan"}; !slices.Equal(texts, want) {
		t.Errorf("pinyinNames = %q, want %q", texts, want)
	}
	if len(got) > 0 && !slices.ContainsFunc(got[0].Syllables, func(s []string) bool { return slices.Equal(s, []string{"zhang", "ping", "wen"}) }) {
		t.Errorf("Zhang Pingwen splits %q", got[0].Syllables)
	}
	for w, want := range map[string][]string{"accused": {"指控"}, "courts": {"法院", "法庭"}, "admitted": {"录取"}, "investigating": {"调查"}, "zebra": nil} {
		if got := translations(w); !slices.Equal(got, want) {
			t.Errorf("translations(%q) = %q, want %q", w, got, want)
		}
	}
}
