package text

import (
	"slices"
	"strings"
	"testing"
)

// runesBeside is an oracle for Misread's next and prev: the runes the
// texts write right after (after) or before r, ascending.
func runesBeside(after bool, texts ...string) func(rune) []rune {
	return func(r rune) []rune {
		var out []rune
		for _, t := range texts {
			rs := []rune(t)
			for i := 0; i+1 < len(rs); i++ {
				switch {
				case after && rs[i] == r:
					out = append(out, rs[i+1])
				case !after && rs[i+1] == r:
					out = append(out, rs[i])
				}
			}
		}
		slices.Sort(out)
		return slices.Compact(out)
	}
}

// Heldout88: a parent's phone wrote characters of like shape (毕亚 for
// 毕业, 武太 for 武大); Misread reads them where the texts leave no doubt.
func TestWave88Misread(t *testing.T) {
	cases := []struct {
		name, q, want string
		texts         []string
	}{
		{"a word no text holds read as the word the texts join to its neighbour", "武大本科毕亚以后去干嘛", "武大本科毕业以后去干嘛",
			[]string{"本科毕业生去向", "本科毕业后读研", "毕业"}},
		{"a join held once is not enough", "武大本科毕亚以后去干嘛", "武大本科毕亚以后去干嘛",
			[]string{"本科毕业生去向", "毕业", "毕业"}},
		{"a name the dictionary gives a place is made", "刚考上武太 他爷爷问", "刚考上武大 他爷爷问",
			[]string{"考上武大的新生", "今年考上武大", "武大"}},
		{"a word between function words stays (a brand the texts lack)", "喜茶的口碑怎么样", "喜茶的口碑怎么样",
			repeatText("奶茶的口碑不错", MinAloneHeardDocs+1)},
		{"a cut across two held words stays", "樱花季武大门口有黄牛吗", "樱花季武大门口有黄牛吗",
			[]string{"樱花季风波", "樱花季风波再起", "武大", "武大门口"}},
		{"a rare dictionary word stays", "武大的老帅工资", "武大的老帅工资",
			[]string{"老师工资", "老师工资高", "老师"}},
		{"no person's name is made", "供应商李茗每月供货", "供应商李茗每月供货",
			[]string{"供应商李明", "供应商李明每月", "李明"}},
		{"only a dictionary word is made", "樱园的含舍维修", "樱园的含舍维修",
			[]string{"含咪维修", "含咪维修费", "含咪"}},
		{"the first rune too", "佰舍维修多少钱", "宿舍维修多少钱",
			[]string{"宿舍维修", "宿舍维修费", "宿舍"}},
		{"a cut is one the texts hold", "樱花季武大门口有黄牛吗", "樱花季武大门口有黄牛吗",
			[]string{"樱花季风波", "樱花季风波再起", "武大", "武大门口"}},
	}
	for _, c := range cases {
		if got := Misread(c.q, docsIn(c.texts...), runesBeside(true, c.texts...), runesBeside(false, c.texts...)); got != c.want {
			t.Errorf("%s: Misread(%q) = %q, want %q", c.name, c.q, got, c.want)
		}
	}
}

// Heldout88: a parent's worries are no part of the question; an
// investor's jargon stands for the sample's plain words; 做到 reaches a
// figure; hearsay from people, a guessed figure and "有没有个数" ask
// nothing.
func TestWave88Frames(t *testing.T) {
	for q, want := range map[string]string{
		"武大可以转专业吗 到底能转几次 我们当家长的心里没底怕转不成耽误孩子一辈子": "武大可以转专业吗 到底能转几次 ",
		"副教授抄了多少 我闺女明年要读研我都怕了":                  "副教授抄了多少 ",
		"店里什么时候最忙？我怕排班排到高峰手忙脚乱，周末会不会闲一点？":       "店里什么时候最忙？我怕排班排到高峰手忙脚乱，周末会不会闲一点？",
		"我孩子担心宿舍吗":         "我孩子担心宿舍吗",
		"宿舍甲醛超了多少？我儿子吓死了":  "宿舍甲醛超了多少？",
		"我儿子吓死了，宿舍甲醛超了多少？": "吓死了，宿舍甲醛超了多少？",
		"我心里没底":            "我心里没底",
		"宿舍甲醛超了多少？我孩子会不会怕": "宿舍甲醛超了多少？我孩子会不会怕",
		"那怎么办 我孩子真怕":       "那怎么办 我孩子真怕",
	} {
		if got := WithoutAskerFrame(q); got != want {
			t.Errorf("WithoutAskerFrame(%s) = %q, want %q", q, got, want)
		}
	}
	if StandIns("客单价") != nil {
		t.Error("客单价 (a customer's average spend) has no stand-in: a cup's price does not tell it")
	}
	for w, in := range map[string]string{"sku": "产品", "gmv": "营业额", "kol": "博主", "cac": "获客"} {
		if !slices.Contains(StandIns(w), in) {
			t.Errorf("StandIns(%s) = %q, want %s", w, StandIns(w), in)
		}
	}
	if got := Measured("上线3个月会员做到多少人"); !slices.Contains(got, "会员") {
		t.Errorf("Measured(会员做到多少人) = %q, want 会员", got)
	}
	for _, w := range strings.Fields("听人 几百块 个数") {
		if !IsStopWord(w) {
			t.Errorf("IsStopWord(%s) = false", w)
		}
	}
}

// New-user trial 44: a misheard word the segmenter cut into two runes
// (拿/贴) is heard as one; "今年多大了" asks someone's age.
func TestTrial44Heard(t *testing.T) {
	latte := []string{"桂花拿铁卖得好", "桂花拿铁", "拿铁"}
	for q, want := range map[string]string{
		"桂花拿贴卖得怎么样": "桂花拿铁卖得怎么样",
		"桂花拿贴贵吗":    "桂花拿铁贵吗",
	} {
		if got := Heard(q, docsIn(latte...)); got != want {
			t.Errorf("Heard(%s) = %q, want %q", q, got, want)
		}
	}
	if got := Heard("拿贴新品好喝吗", docsIn("拿铁新品上市", "拿铁")); got != "拿铁新品好喝吗" {
		t.Errorf("Heard(拿贴新品好喝吗) = %q, want 拿铁 joined to the word after the pair", got)
	}
	// two runes the texts write together are a word of theirs, not a mishearing
	if got := Heard("桂花拿贴卖得怎么样", docsIn(append(latte, "拿贴")...)); got != "桂花拿贴卖得怎么样" {
		t.Errorf("Heard with 拿贴 held = %q, want it as asked", got)
	}
	if splitPair([]string{"的", "贴"}, 0) || !splitPair([]string{"拿", "贴"}, 0) || splitPair([]string{"拿"}, 0) {
		t.Error("splitPair: two single Han runes, no stop word")
	}
	for q, want := range map[string]string{
		"李明今年多大了？":  "李明今年多大年纪了？",
		"李明现在多大":    "李明现在多大年纪",
		"这家店现在多大规模": "这家店现在多大规模",
		"李明多大年纪？":   "李明多大年纪？",
	} {
		if got := Standard(q); got != want {
			t.Errorf("Standard(%s) = %q, want %q", q, got, want)
		}
	}
	if got := Measured("李明今年多大了？"); !slices.Equal(got, []string{"年纪"}) {
		t.Errorf("Measured(李明今年多大了) = %q, want 年纪", got)
	}
}
