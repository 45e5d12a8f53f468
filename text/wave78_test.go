package text

import (
	"slices"
	"strings"
	"testing"
)

// Heldout78: common typos read as the word meant (时侯, 冲值) and the
// internet's 蚌埠住了 dropped; a supply chain's jargon stood in for (上游
// by 供应商, 奶源 by 牛奶, 缓释 by 应对, 波及 by 影响) or an aspect (业务,
// 量化, 水位); 波及 no name; 这块 no term; the pinyin initials of slang
// (nsdd) no terms; a letter's salutation and closing, its politeness and
// an asker's "I recall that …" read as the matter.
func TestWave78Terms(t *testing.T) {
	for q, want := range map[string]string{
		"桂花拿铁是什么时侯推出来的？": "桂花拿铁是什么时候推出来的？",
		"他们家会员怎么冲值的":     "他们家会员怎么充值的",
		"几号判的，蚌埠住了":      "几号判的，",
	} {
		if got := Standard(q); got != want {
			t.Errorf("Standard(%s) = %s, want %s", q, got, want)
		}
	}
	for q, want := range map[string][]string{
		"他们奶源这块的供应结构是怎样的":    {"奶源", "供应", "结构"},
		"wd樱花最早到底谁种的啊，求nsdd": {"wd", "樱花", "最早"},
	} {
		if got := termTexts(q); !slices.Equal(got, want) {
			t.Errorf("Terms(%s) = %q, want %q", q, got, want)
		}
	}
	for w, want := range map[string]string{"上游": "供应商", "奶源": "牛奶", "缓释": "应对", "波及": "影响"} {
		if !slices.Contains(StandIns(w), want) {
			t.Errorf("StandIns(%s) = %q, want %s among them", w, StandIns(w), want)
		}
	}
	for _, w := range []string{"业务", "量化", "水位", "phrasing"} {
		if !IsAspectWord(w) {
			t.Errorf("IsAspectWord(%s) = false", w)
		}
	}
	if IsAnyName("波及") {
		t.Error("波及 is read as a name")
	}
}

// A letter's salutation and closing go; what the asker recalls stays.
func TestWave78Letters(t *testing.T) {
	for q, want := range map[string]string{
		"Dear sir or madam, I do so enjoy a bit of humour. I recall that one of the agents made a joke on the way down. Might you kindly remind me what the jest was about? With thanks in advance.": "one of the agents made a joke on the way down. Might you kindly remind me what the jest was about?",
		"Good afternoon. I am an old reader. What did Cruz order in the lift? Kindest regards.":                                                                                                      "What did Cruz order in the lift?",
		"To whom it may concern: who leads the team?":               "who leads the team?",
		"Who leads the team? Regards to Alex from me, he is great.": "Who leads the team? Regards to Alex from me, he is great.", // no closing courtesy at the end
	} {
		if got := WithoutAskerFrame(q); got != want {
			t.Errorf("WithoutAskerFrame(%s)\n = %q\nwant %q", q, got, want)
		}
	}
	if got := termTexts("Might you kindly remind me what the jest was about?"); !slices.Equal(got, []string{"jest"}) {
		t.Errorf("terms %q, want jest alone", got)
	}
	if got := termTexts("What happened to the lift itself, and what order did the officer give straight afterward?"); slices.Contains(got, "itself") || slices.Contains(got, "afterward") {
		t.Errorf("terms %q hold itself or afterward", got)
	}
}

// Heard reads a word between function words as a homophone the texts
// use often (冲值: 充值), and a measure glued to it after 多少 is left
// out (条生量: 声量); a dictionary word there stays (多少大卡: kilocalories,
// not 打卡), as does one whose homophone too few texts hold.
func TestHeardAlone(t *testing.T) {
	docs := func(held map[string]int) func(string) int {
		return func(w string) int { return held[w] }
	}
	for _, c := range []struct {
		q    string
		held map[string]int
		want string
	}{
		{"会员怎么冲值的", map[string]int{"充值": MinAloneHeardDocs}, "会员怎么充值的"},
		{"会员怎么冲值的", map[string]int{"充值": MinAloneHeardDocs - 1}, "会员怎么冲值的"},
		{"一共有多少条生量", map[string]int{"声量": 20}, "一共有多少条声量"},
		{"热量是多少大卡", map[string]int{"打卡": 40}, "热量是多少大卡"},
	} {
		if got := Heard(c.q, docs(c.held)); got != c.want {
			t.Errorf("Heard(%s, %v) = %s, want %s", c.q, c.held, got, c.want)
		}
	}
}

// A glossary acronym (PHD) the texts hold as written at least as often as its
// translation stays; one they hold less is translated; an ordinary word
// is translated however often the texts hold it as written.
func TestEnglishWordsHeldAsWritten(t *testing.T) {
	for _, c := range []struct {
		q    string
		held map[string]int
		want string
	}{
		{"读PHD要几年", map[string]int{"phd": 3, "博士": 2}, "读PHD要几年"},
		{"读PHD要几年", map[string]int{"phd": 1, "博士": 2}, "读博士要几年"},
		{"武大campus大吗", map[string]int{"campus": 3, "校园": 2}, "武大校园大吗"},
	} {
		if got := EnglishWordsAsChinese(c.q, func(w string) int { return c.held[w] }); got != c.want {
			t.Errorf("%s %v: %s, want %s", c.q, c.held, got, c.want)
		}
	}
}

// The English words a Chinese question mixes in are read as the glossary's
// translation the texts hold most, unless the texts hold the word as
// written at least as often; an English question's words as before.
func TestEnglishWordsMixedIn(t *testing.T) {
	held := map[string]int{"游客": 5, "kpi": 3, "指标": 2, "樱花": 9}
	docs := func(w string) int { return held[strings.ToLower(w)] }
	for q, want := range map[string]string{
		"一天可以进去多少visitor？":         "一天可以进去多少游客？",
		"每月盯哪些KPI":                 "每月盯哪些KPI",
		"看sakura要预约吗":              "看樱花要预约吗",
		"How many visitors a day?": "How many 游客 a day?",
	} {
		if got := EnglishWordsAsChinese(q, docs); got != want {
			t.Errorf("EnglishWordsAsChinese(%s) = %s, want %s", q, got, want)
		}
	}
}
