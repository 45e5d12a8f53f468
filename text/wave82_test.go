package text

import (
	"slices"
	"testing"
)

// Heldout82: a child's words in toneless pinyin read as the Han words the
// documents hold (na tie → 拿铁) or, held nowhere, as the common word
// (gong zi → 工资); 什么事 asks the matter; 一家店 is 一家; 几分, 几颗 and
// 福利 no subject.
func TestWave82Pinyin(t *testing.T) {
	held := map[string]int{"拿铁": 81, "拿": 90, "供应": 12, "供应商": 12, "桂花": 57, "桂花拿": 20, "桂花拿铁": 20, "健身": 3, "健身房": 3, "大众": 6, "大众点": 6, "大众点评": 6, "那天": 1, "常饿": 3}
	docs := func(w string) int { return held[w] }
	for q, want := range map[string]string{
		"李明咖啡店的na tie一杯几块钱呀？":      "李明咖啡店的拿铁一杯几块钱呀？",
		"咖啡豆是哪个gong ying shang给的？": "咖啡豆是哪个供应商给的？",
		"那个gui hua na tie是几月出来的？":  "那个桂花拿铁是几月出来的？",
		"在da zhong dian ping上打几分？": "在大众点评上打几分？",
		"跟jian shen fang互推":        "跟健身房互推",
		"店长一个月gong zi是多少钱？":        "店长一个月工资是多少钱？",     // held nowhere: the common word
		"店里有wifi吗？":                "店里有wifi吗？",        // no pinyin
		"na tie to go":             "na tie to go",     // no Han rune: AsChinese's
		"他们的natie多少钱":              "他们的拿铁多少钱",         // one word of two syllables
		"店里能change吗":               "店里能change吗",       // an English word, though it splits as chang/e
		"你na过吗":                    "你na过吗",            // one syllable: too often something else
		"一个gong zi dan的地方":         "一个gong zi dan的地方", // three syllables held nowhere stay
	} {
		if got := PinyinWordsAsChinese(q, docs); got != want {
			t.Errorf("PinyinWordsAsChinese(%s) = %q, want %q", q, got, want)
		}
	}
	// each word must be whole syllables: "gon gying" is no gong ying
	if got := PinyinWordsAsChinese("哪个gon gying shang", docs); got != "哪个gon gying shang" {
		t.Errorf("PinyinWordsAsChinese(gon gying shang) = %q, want it unchanged", got)
	}
	// ties: the lower runes (拿 before 纳)
	tie := func(w string) int { return map[string]int{"拿铁": 5, "纳贴": 5}[w] }
	if got := PinyinWordsAsChinese("那个na tie", tie); got != "那个拿铁" {
		t.Errorf("PinyinWordsAsChinese(na tie), a tie = %q, want 那个拿铁", got)
	}
	if got := commonWordOf("gong", "zi"); got != "工资" {
		t.Errorf("commonWordOf(gong, zi) = %q, want 工资", got)
	}
}

func TestWave82Terms(t *testing.T) {
	for q, want := range map[string][]string{
		"大部分是因为什么事生气？":    {"大部分", "生气"},
		"是不是还想再开一家店？":     {"一家"},
		"在大众点评上李明咖啡店打几分？": {"大众", "点评", "李明", "咖啡店"},
		"一口气拔了几颗":         {"一口气"},
		"武大雷军班到底有啥福利":     {"武大", "雷军班", "福利"},
		"一顿饭多少钱":          {"一顿饭"},
		"这家店面临哪些风险":       {"风险"},
	} {
		if got := termTexts(q); !slices.Equal(got, want) {
			t.Errorf("Terms(%s) = %q, want %q", q, got, want)
		}
	}
	if IsName("福利") {
		t.Error("IsName(福利) = true, want false: a benefit is no name")
	}
	if got := AskedFor("会员过生日的时候有没有送饮品或者别的福利？"); !slices.Equal(got, []string{"饮品", "福利"}) {
		t.Errorf("AskedFor(…有没有送饮品或者别的福利) = %q, want [饮品 福利]: whether they are given", got)
	}
	for q, not := range map[string]string{"大部分是因为什么事生气？": "生气"} {
		if got := AskedFor(q); slices.Contains(got, not) {
			t.Errorf("AskedFor(%s) = %q, want no %s", q, got, not)
		}
	}
}
