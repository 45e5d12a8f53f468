package text

import (
	"slices"
	"testing"
)

// Heldout68: 一 and a one-rune verb glued (一签) are no name; 哪几块 asks
// which; where the asker read it (刷手机) is no term; a university's
// short name the dictionary's cut split is given back (武/大门口); growing
// outward, a single shop, stepping on a mine and the outside stood in for
// by what the texts write; 偷偷 is 悄悄.
func TestWave68Terms(t *testing.T) {
	for q, want := range map[string][]string{
		"听说他那铺面一签就是两年，两年房租加起来得掏多少钱啊？": {"铺面", "两年", "房租"},
		"现在他家最明显的风险是哪几块？":             {"明显", "风险"},
		"我刷手机看到说学校把处分通知藏起来了":          {"看到", "学校", "处分", "通知"},
		"樱花季那阵子武大门口堵得要死":              {"樱花季", "武大", "门口", "要死"},
		"北大门口有什么":                     {"北大", "门口"},
		"中大型活动":                       {"大型", "活动"}, // 中/大型 stays: 型 is no word of two
	} {
		if got := termTexts(q); !slices.Equal(got, want) {
			t.Errorf("Terms(%s) = %q, want %q", q, got, want)
		}
	}
	for w, want := range map[string]string{"外扩": "第二家", "单店": "门店", "踩雷": "风险", "外头": "校外"} {
		if !slices.Contains(StandIns(w), want) {
			t.Errorf("StandIns(%s) = %q, want %s among them", w, StandIns(w), want)
		}
	}
	if !slices.Contains(Synonyms("偷偷"), "悄悄") {
		t.Errorf("Synonyms(偷偷) = %q, want 悄悄 among them", Synonyms("偷偷"))
	}
	// the knowledge's texts are cut as the dictionary cuts them
	if got := Words("武大门口"); !slices.Equal(got, []string{"武", "大门口"}) {
		t.Errorf("Words(武大门口) = %q: recut on a text", got)
	}
}

// PlatformList matches a text naming two platforms, not one.
func TestPlatformList(t *testing.T) {
	for s, want := range map[string]bool{
		"全网提及12780条；小红书46%、抖音31%、微博13%、大众点评10%。": true,
		"小红书和抖音两个平台合计贡献77%":                      true,
		"抖音上的制作视频评论区多为正面评价":                      false,
		"断货事件在社交平台上讨论热度不高":                       false,
	} {
		if got := PlatformList.MatchString(s); got != want {
			t.Errorf("PlatformList.MatchString(%s) = %v, want %v", s, got, want)
		}
	}
}

// Heldout69: 照样, the asker's doubts (五花八门, 靠得住) and 名堂 are no
// terms, 咖啡师 one word (campusWords), a clause's last rune glued to the
// 说 of hearsay (很/凶说) no name, guarding against a risk (防范) stood in
// for by the backup taken, a high official (大员) by his office.
func TestWave69Terms(t *testing.T) {
	for q, want := range map[string][]string{
		"那次断货以后，老板有没有做啥防范，还是照样只靠一家供货商？":        {"断货", "老板", "防范", "一家", "供货商"},
		"他们家咖啡师一个小时给多少钱？":                      {"咖啡师", "小时"},
		"网上传得很凶说香港浸会大学已经把那个女生的博士录取撤了，这到底是真是假？": {"香港浸会大学", "女生", "博士", "录取"},
		"樱花最早是怎么来的？网上说法五花八门，我想要个靠得住的":          {"樱花", "最早", "说法"},
		"这又是什么名堂？": nil,
	} {
		if got := termTexts(q); !slices.Equal(got, want) {
			t.Errorf("Terms(%s) = %q, want %q", q, got, want)
		}
	}
	if !slices.Contains(StandIns("大员"), "总督") {
		t.Errorf("StandIns(大员) = %q, want 总督 among them", StandIns("大员"))
	}
	if !slices.Contains(StandIns("防范"), "备份") {
		t.Errorf("StandIns(防范) = %q, want 备份 among them", StandIns("防范"))
	}
}

// A date's digits and unit are parted from the word after them before the
// dictionary cuts it (7月断货: not 月断/货是), but not from a rune that
// makes a word with the unit (8月份, 90年代).
func TestDigitUnitParted(t *testing.T) {
	for q, want := range map[string][]string{
		"7月断货是怎么回事？":      {"7月", "断货"},
		"学校8月份发的那个通报里说了啥": {"学校", "8月份", "通报"},
		"90年代的武大":         {"90", "年代", "武大"},
	} {
		if got := termTexts(q); !slices.Equal(got, want) {
			t.Errorf("Terms(%s) = %q, want %q", q, got, want)
		}
	}
}
