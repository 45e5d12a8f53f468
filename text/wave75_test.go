package text

import (
	"slices"
	"testing"
)

// Heldout75 and heldout76: the asker's own past (说起来我当年开店…), what
// they heard after a question (…？我拉客听人讲…) and their hedge (好像)
// are no terms; a verb of saying joins no rune (说/受); a verb with the
// question word of degree glued to it is cut (占多大); a series (一连串)
// and the old folks who told (老辈人) are no terms; an offence is one term
// (诬告陷害罪); how often people come is asked as a 频次 (来得勤).
func TestWave75Terms(t *testing.T) {
	for q, want := range map[string][]string{
		"说起来我当年开店一分钱广告费都舍不得花…他们刚开业的时候是怎么招揽客人的？": {"开业", "招揽", "客人"},
		"我以前也开过店，你们开业第一天来了多少人？":                 {"开业", "第一天"},
		"武大的樱花到底是哪一年栽的？我拉客听人讲是日本人弄来的，当时栽了几多棵？":  {"武大", "樱花", "日本人"},
		"高级职称的老师占多大比例？":                         {"高级", "职称", "老师", "比例"},
		"这一连串负面新闻，多少考生说受了影响":                    {"负面", "新闻", "考生", "影响"},
		"从刑法条文看，诬告陷害罪一般判几年？":                    {"刑法", "条文", "诬告陷害罪"},
		"搞了会员以后老客人来得勤了没有？":                      {"会员", "客人", "频次"},
		"那个店长王芳好像挺能干的":                          {"店长", "王芳", "能干"},
		"可我记得老辈人讲武大是民国才有的":                      {"记得", "武大", "民国"},
		"常去的人提起这家店，一般会用哪些词来形容它？":                {"形容"}, // 词来 is no verb and its object
	} {
		if got := termTexts(q); !slices.Equal(got, want) {
			t.Errorf("Terms(%s) = %q, want %q", q, got, want)
		}
	}
	for w, want := range map[string][]string{
		"免租期":   {"免租"}, // a rent-free period is no lease term
		"诬告陷害罪": nil,
		"租赁期":   {"租赁"}, // no negating prefix: the lease's period keeps its pieces
	} {
		if got := parts(w); !slices.Equal(got, want) && !(w == "租赁期" && slices.Contains(got, want[0])) {
			t.Errorf("parts(%s) = %q, want %q", w, got, want)
		}
	}
}

// The dictionary's name tags on a unit of time (礼拜) and on common
// occupations and forms of address (保安, 师傅) are ignored; a proper name
// stays one. 礼拜 and 星期 are aspects, as week is.
func TestWave75Names(t *testing.T) {
	for w, want := range map[string]bool{"礼拜": false, "保安": false, "师傅": false, "保姆": false, "阿姨": false, "交警": false, "雷军": true, "新华社": true} {
		if got := IsAnyName(w); got != want {
			t.Errorf("IsAnyName(%s) = %v, want %v", w, got, want)
		}
	}
	for _, w := range []string{"礼拜", "星期", "week"} {
		if !IsAspectWord(w) {
			t.Errorf("IsAspectWord(%s) = false", w)
		}
	}
}

// Coming to a place (来店) is a verb and its object, stood in for by the
// other verbs of coming (到店); a word of 常 and a verb is none, nor is a
// verb of coming before a rune that is no place (来说, 去拍).
func TestWave75Visits(t *testing.T) {
	for w, want := range map[string]bool{"来店": true, "进馆": true, "回校": true, "常去": false, "来说": false, "去拍": false} {
		if got := IsVerbObject(w); got != want {
			t.Errorf("IsVerbObject(%s) = %v, want %v", w, got, want)
		}
	}
	if got := StandIns("来店"); !slices.Contains(got, "到店") || slices.Contains(got, "来店") {
		t.Errorf("StandIns(来店) = %q, want 到店 among them and not 来店", got)
	}
	if got := StandIns("来说"); got != nil {
		t.Errorf("StandIns(来说) = %q, want none", got)
	}
}

// 几点去 asks when to visit the place the question opens with; 几点开门
// asks the time of the opening.
func TestWave75TimedVisit(t *testing.T) {
	for q, want := range map[string]string{
		"想拍老斋舍没人的空镜，大概几点去比较好？": "老斋",
		"食堂几点开门":   "开门",
		"大概几点去比较好": "",
		"首班车是几点":   "班车",
	} {
		if got := TimedThing(q); got != want {
			t.Errorf("TimedThing(%s) = %q, want %q", q, got, want)
		}
	}
}

// An English asker's opening of what they do with the knowledge, a
// closing of where they will put the answer or what they must decide by
// it, with or without I, go; a closing that names what is asked stays.
func TestWave75EnglishFrames(t *testing.T) {
	for q, want := range map[string]string{
		"Running this as a one-shot for my group. What's the actual name of the unit the agents belong to? I want it on the player handouts.": "What's the actual name of the unit the agents belong to?",
		"How many agents actually go down into the base, and who are they? Need to know how many pregens to make.":                            "How many agents actually go down into the base, and who are they?",
		"What drone shows up? I'd like to stat it as an encounter.":                                                                           "What drone shows up? I'd like to stat it as an encounter.",
		"Reading this with Cruz in mind. Who leads?":                                                                                          "Cruz. Who leads?",
	} {
		if got := WithoutAskerFrame(q); got != want {
			t.Errorf("WithoutAskerFrame(%s)\n = %q\nwant %q", q, got, want)
		}
	}
}

// The asker's past goes only where it names no name, asks nothing itself
// and a question follows.
func TestWave75OwnPast(t *testing.T) {
	for q, want := range map[string]string{
		"我以前在武汉大学读书，樱花现在什么时候开？":  "我以前在武汉大学读书，樱花现在什么时候开？",
		"我当年开的店为什么没人来，他们是怎么做到的？": "我当年开的店为什么没人来，他们是怎么做到的？",
		"我以前也开过店，你们生意怎么样？":       "你们生意怎么样？",
		"我以前也开过店，生意很难做。":         "我以前也开过店，生意很难做。",
	} {
		if got := WithoutAskerFrame(q); got != want {
			t.Errorf("WithoutAskerFrame(%s) = %q, want %q", q, got, want)
		}
	}
}

// An offence joins at most two words of two runes before its 罪, and no
// one-rune word or stop word.
func TestJoinCrimes(t *testing.T) {
	for _, c := range []struct{ in, want []string }{
		{[]string{"条文", "诬告", "陷害", "罪"}, []string{"条文", "诬告陷害罪"}},
		{[]string{"侮辱", "罪"}, []string{"侮辱罪"}},
		{[]string{"看", "罪"}, []string{"看", "罪"}},
		{[]string{"什么", "罪"}, []string{"什么", "罪"}},
	} {
		if got := joinCrimes(c.in); !slices.Equal(got, c.want) {
			t.Errorf("joinCrimes(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
