package text

import (
	"slices"
	"testing"
)

// Heldout81: a Japanese student's kanji (図書館, 学長, 大学側, 桜) read as
// Chinese; a formal act asked done with 吗 (上诉了吗); an exam's 线上 one
// word and 商家 an aspect; English options listed (colonel, major or
// captain) and an ESL "X have family, wife or kids".
func TestWave81Japanese(t *testing.T) {
	for q, want := range map[string]string{
		"図書館事件的案子，杨某某上诉了吗？": "图书馆事件的案子，杨某某上诉了吗？",
		"学長被记者问到处分的事情":      "校长被记者问到处分的事情",
		"那个司机是谁，大学側怎么处理的？":  "那个司机是谁，学校方面怎么处理的？",
		"武大校园里的桜の季节":        "武大校园里的樱的季节",
		"欠款给予醋疏沙家浜":         "欠款给予醋疏沙家浜", // runes Chinese shares stay
		"武汉大学侧门在哪里":         "武汉大学侧门在哪里",
	} {
		if got := Question(q); got != want {
			t.Errorf("Question(%s) = %q, want %q", q, got, want)
		}
	}
}

func TestWave81Asked(t *testing.T) {
	for q, want := range map[string][]string{
		"杨某某上诉了吗？":                                                          {"上诉"},
		"线下和哪些周边商家做了异业互推？":                                                  {"周边"},
		"What military rank has Taylor Cruz, is colonel, major or captain?": {"colonel", "captain"},
		"Alex Mercer have family, wife or kids waiting in home?":            {"family", "wife", "kid"},
		"Does Jordan have a wife or family back home?":                      {"wife", "family"},
	} {
		if got := AskedFor(q); !slices.Equal(got, want) {
			t.Errorf("AskedFor(%s) = %q, want %q", q, got, want)
		}
	}
	for q, not := range map[string]string{
		"杨某某上诉的理由是什么？":  "上诉", // no yes-or-no question of the act
		"学校道歉了吗？":       "",
		"杨某某上诉了，法院怎么判？": "上诉", // no yes-or-no clause
	} {
		if got := AskedFor(q); not != "" && slices.Contains(got, not) || not == "" && !slices.Contains(got, "道歉") {
			t.Errorf("AskedFor(%s) = %q (not %q)", q, got, not)
		}
	}
	pairs := EitherAsked("What rank has Taylor Cruz, is colonel, lieutenant or captain?")
	if !slices.Contains(pairs, [2]string{"colonel", "lieutenant"}) || !slices.Contains(pairs, [2]string{"lieutenant", "captain"}) || !slices.Contains(pairs, [2]string{"colonel", "captain"}) {
		t.Errorf("EitherAsked(colonel, lieutenant or captain) = %q, want each pair", pairs)
	}
	if got := termTexts("请结合材料分析：线上首周大概涨了多少粉丝？"); !slices.Contains(got, "首周") || slices.Contains(got, "上首") {
		t.Errorf("Terms(线上首周…) = %q, want 首周 and no 上首", got)
	}
}
