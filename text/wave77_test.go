package text

import (
	"slices"
	"testing"
)

// Heldout77: written Cantonese's 聽講, 落去 and 呢個 read as Mandarin, and
// 點樣 marking a question as Cantonese; a verb given back from 人种 before
// a direction (日本/人种/下去); an address to an online audience (家人们！),
// the internet's exclamations (yyds, 绝绝子, 冲冲冲) and a formal letter's
// courtesies and classical question words (烦请告知, 近闻, 未知…几何, 所为
// 何事) no terms; 卖爆 read as 热销; a verb glued to 哪天 kept alone (天判
// was a name); what is to be done next asked as a 计划; 接下来 and 怎么办
// no terms.
func TestWave77Terms(t *testing.T) {
	for q, want := range map[string][]string{
		"家人们！那个桂花拿铁到底啥时候上的？听说卖爆了，真有那么yyds吗？": {"桂花", "拿铁", "热销"},
		"哪个博主把这家店带火的啊？那条视频多少赞，绝绝子吗？":         {"博主", "带火", "视频"}, // 带火 a word since heldout86
		"近闻该店九月差评增多，未知差评几何、所为何事？":            {"九月", "差评", "增多"},
		"开业那会儿没投广告咋涨的粉？第一周涨了多少啊，冲冲冲":         {"开业", "广告", "第一周"},
		"哪天判的，法院说那男伢是在做么子？":                  {"法院", "男伢"},
		"李明咖啡店下一步应该怎么做？":                     {"李明", "咖啡店", "计划"},
		"李明咖啡店下一步的计划应该怎么做？":                  {"李明", "咖啡店", "计划"},
		"武大接下来该怎么办？":                         {"武大", "计划"},
		"李明咖啡店下一步的定价":                        {"李明", "咖啡店", "定价"}, // no question of what to do
	} {
		if got := termTexts(q); !slices.Equal(got, want) {
			t.Errorf("Terms(%s) = %q, want %q", q, got, want)
		}
	}
	if got := termTexts(Question("武大啲櫻花聽講係日本人種落去嘅，係咪真㗎？")); !slices.Equal(got, []string{"武大", "樱花", "日本人"}) {
		t.Errorf("Terms of the Cantonese cherry question = %q, want 武大 樱花 日本人", got)
	}
	for q, want := range map[string]string{
		"香港教育局對中學有冇具體指引？我想參考下點樣定程序。": "香港教育局对中学有没有具体指引？我想参考下怎么样定程序。",
		"點解以前計邊年？":  "为什么以前计哪年？",
		"有學生話想報呢個班": "有学生说想报这个班",
		"斑点样的皮疹":    "斑点样的皮疹", // no Cantonese mark: 点样 stays
	} {
		if got := Standard(Question(q)); got != want {
			t.Errorf("Standard(Question(%s)) = %s, want %s", q, got, want)
		}
	}
}

// A formal letter's 缘由, 事由, 总数 and 变动 name the kind of answer.
func TestWave77Aspects(t *testing.T) {
	for _, w := range []string{"缘由", "事由", "总数", "变动"} {
		if !IsAspectWord(w) {
			t.Errorf("IsAspectWord(%s) = false", w)
		}
	}
	for w, want := range map[string]string{"最早": "最初", "案子": "案件"} {
		if !slices.Contains(Synonyms(w), want) {
			t.Errorf("Synonyms(%s) = %q, want %s among them", w, Synonyms(w), want)
		}
	}
}

// The verb is given back only before a direction of two runes, and only
// where the word before and the noun's first rune make a word or the
// rune is 人.
func TestVerbBeforeDirection(t *testing.T) {
	for _, c := range []struct {
		ws   []string
		want []string
	}{
		{[]string{"日本", "人种", "下去"}, []string{"日本人", "种"}},
		{[]string{"日本", "人种", "的"}, nil}, // no direction: a race
		{[]string{"日本", "人种", "下"}, nil},
		{[]string{"日本", "人种", "下雨"}, nil}, // 雨 is no direction  // a direction of one rune
		{[]string{"这个", "问题", "出来"}, nil}, // 这个问 is no word
	} {
		got, ok := verbBeforeDirection(c.ws, 0)
		if ok != (c.want != nil) || !slices.Equal(got, c.want) {
			t.Errorf("verbBeforeDirection(%q) = %q, %v; want %q", c.ws, got, ok, c.want)
		}
	}
}
