package text

import (
	"slices"
	"strings"
	"testing"
)

// repeatText is n copies of s: the documents of a docsIn oracle.
func repeatText(s string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = s
	}
	return out
}

// Heldout87: a delivery rider's input method wrote the owner 李明 as 黎明
// (dawn) and the supplier 张伟 as 张威; Heard reads such a word as the
// name the texts hold often, however common the word, unless it is very
// common or the texts hold it.
func TestWave87NameHeard(t *testing.T) {
	owner := repeatText("李明的咖啡店开在写字楼", MinNameHeardDocs)
	cases := []struct {
		name, q, want string
		texts         []string
	}{
		{"a dictionary word no text holds read as a name held often", "黎明那个咖啡店 房租多少", "李明那个咖啡店 房租多少", owner},
		{"a name held by fewer documents is not enough", "黎明那个咖啡店 房租多少", "黎明那个咖啡店 房租多少", owner[:MinNameHeardDocs-1]},
		{"a word the texts hold stays", "黎明那个咖啡店 房租多少", "黎明那个咖啡店 房租多少", append(slices.Clone(owner), "黎明时分开门")},
		{"a word as common as 高手 is never read as a name", "高手怎么样", "高手怎么样", repeatText("高守的店", MinNameHeardDocs)},
		{"a name glued to the verb after it", "豆子找张威进的 哪里的豆", "豆子找张伟进的 哪里的豆", repeatText("供应商张伟每月供货一次", MinNameHeardDocs)},
		{"a homophone that is no name is not read so", "黎明那个咖啡店", "黎明那个咖啡店", repeatText("离明天还有一天，篱明", MinNameHeardDocs)},
		{"the name in the most documents wins", "黎明那个咖啡店", "黎铭那个咖啡店", append(repeatText("李明", MinNameHeardDocs), repeatText("黎铭", MinNameHeardDocs+1)...)},
		{"of as many, the earlier position", "黎明那个咖啡店", "李明那个咖啡店", append(repeatText("李明", MinNameHeardDocs), repeatText("黎铭", MinNameHeardDocs)...)},
	}
	for _, c := range cases {
		if got := Heard(c.q, docsIn(c.texts...)); got != c.want {
			t.Errorf("%s: Heard(%q) = %q, want %q", c.name, c.q, got, c.want)
		}
	}
}

// Heldout87's fragments: 在哪 and a verb of putting with 哪 (停哪) ask where
// the thing is; an A-not-A verb (招不招) asks whether it is done with the
// thing after it, which decides alone (Measured), and its clause ends at
// a space; 是不是 and 好不好 ask no object.
func TestWave87Asked(t *testing.T) {
	for q, want := range map[string][]string{
		"取餐在哪？":  {"取餐"},
		"电动车停哪？": {"电动车"},
		"李明咖啡店 送外卖的 取餐在哪 电动车停哪": {"取餐", "电动车"},
		"王芳店长那店 招不招兼职 一个月给多少钱":  {"兼职"},
		"卖不卖豆子":            {"豆子"},
		"卖不卖豆子给隔壁的连锁店？":    nil,
		"她好不好相处？":          nil,
		"他周末老早就关门，是不是偷懒了？": nil,
		"你去哪":          nil,
		"教育部有没有要求他下台？": {"下台"},
		"张平文校长会否因处理图书馆事件不当而引咎辞职？": {"引咎辞职"},
	} {
		if got := AskedFor(q); !slices.Equal(got, want) {
			t.Errorf("AskedFor(%s) = %q, want %q", q, got, want)
		}
	}
	for q, want := range map[string][]string{
		"招不招兼职？":         {"兼职"},
		"张平文会不会辞职？":      {"辞职"},
		"他好不好相处？":        nil,
		"张平文会不会来学校？":     nil,
		"店长有没有因为这件事被开除？": {"开除"},
	} {
		if got := Measured(q); !slices.Equal(got, want) {
			t.Errorf("Measured(%s) = %q, want %q", q, got, want)
		}
	}
	if !hasANotA("招不招兼职") || hasANotA("是不是偷懒") || hasANotA("不不") || hasANotA("来不及准备") || aNotAVerb("来不及") {
		t.Error("hasANotA: 招不招 is one, 是不是 and a lone 不不 are not")
	}
	if !IsAspectWord("日子") {
		t.Error("日子 (什么日子: a date) must be an aspect word")
	}
}

// Heldout87's Hong Kong journalist: 甚麼, 打機 and 惹起 read as the
// mainland's words; 文中主角 asks the name of the protagonist of the piece
// the question spoke of, not a 主角 a text writes beside 文中.
func TestWave87HongKong(t *testing.T) {
	for q, want := range map[string]string{
		"文中主角叫甚麼名字？":  "文中主角叫什么名字？",
		"博士生打機逆襲惹起爭議": "博士生打游戏逆袭引起争议",
		"文章是幾時發布的？":   "文章是什么时候发布的？",
	} {
		if got := Question(q); got != want {
			t.Errorf("Question(%s) = %q, want %q", q, got, want)
		}
	}
	thing, mods, owner := NamedThing("武大官方微信一篇宣传文章惹起争议，文中主角叫什么名字？")
	if thing != "主角" || len(mods) != 0 || owner != "文章" {
		t.Errorf("NamedThing(文中主角) = %q %q %q, want 主角, no modifier, owner 文章", thing, mods, owner)
	}
	thing, mods, owner = NamedThing("文章的第二个主角叫什么名字？")
	if thing != "主角" || !slices.Equal(mods, []string{"第二个"}) && len(mods) == 0 || owner != "文章" {
		t.Errorf("NamedThing(文章的…主角) = %q %q %q, want 主角 owned by 文章", thing, mods, owner)
	}
}

// Heldout87's teenage gamer: chat English read as written English, the
// lower-case name after "who's" capitalised, and the things asked of a
// question typed without capitals.
func TestWave87ChatEnglish(t *testing.T) {
	for q, want := range map[string]string{
		"yo where is dulce base actually located irl, like what state is it in, new mexico??": "where is dulce base actually located, what state is it in, new mexico??",
		"whos phil schneider and did he really fight aliens at dulce in like 1979":            "who's Phil Schneider and did he really fight aliens at dulce in 1979",
		"who's leading the team tho":          "who's leading the team though",
		"who's responsible?":                  "who's responsible?",
		"who's good at hacking":               "who's good at hacking",
		"who is mentor of sam rivera":         "who is mentor of sam rivera",
		"so who is phil schneider? Sam asked": "so who is phil schneider? Sam asked",
		"who is the leader":                   "who is the leader",
		"Who is phil schneider?":              "Who is phil schneider?",
		"whos sam rivera and whats their job": "who's Sam Rivera and what's their job",
		"武大怎么样":                               "武大怎么样",
	} {
		if got := ChatEnglish(q); got != want {
			t.Errorf("ChatEnglish(%q) = %q, want %q", q, got, want)
		}
	}
	if got := Question("whos phil schneider"); got != "who's Phil Schneider" {
		t.Errorf("Question(whos phil schneider) = %q: Question must read chat English", got)
	}
	for q, want := range map[string][]string{
		"where is dulce base actually located, what state is it in, new mexico??":         {"state"},
		"who actually wrote operation dulce though, is the author on reddit or something": {"wrote"},
		"Who actually wrote Operation: Dulce?":                                            {"wrote"},
		"who wrote the note on the wall? Sam said so":                                     nil,
		"is there an operation dulce video game on steam or is it just a story":           {"video", "game"},
		"is there a spooky event on the ride down i can use":                              nil,
	} {
		if got := AskedFor(q); !slices.Equal(got, want) {
			t.Errorf("AskedFor(%q) = %q, want %q", q, got, want)
		}
	}
	for _, w := range strings.Fields("yo tho ngl irl tryna smth lowkey whos") {
		if !IsStopWord(w) {
			t.Errorf("IsStopWord(%s) = false: chat says nothing asked", w)
		}
	}
}
