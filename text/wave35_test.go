package text

import (
	"slices"
	"testing"
)

// heldout35's coffee-shop kinds: a point of view the asker takes (从房东角度
// 看，) and the shop called by a role the dictionary lacks after a
// determiner (这家租户).
func TestWave35Terms(t *testing.T) {
	checkTerms(t, "从房东角度看，这家租户目前最大的经营风险是什么？", []string{"经营", "风险"}, []string{"房东"})
	checkTerms(t, "站在家长的角度，武大安全吗？", []string{"武大", "安全"}, []string{"家长"})
	// a viewpoint inside the asking clause, not a clause of its own, stays
	checkTerms(t, "从传播角度看哪个平台最重要？", []string{"传播", "平台"}, nil)
	for _, c := range []struct {
		q, w string
		want bool
	}{
		{"这家租户的风险？", "租户", true},
		{"该商户哪年开业？", "商户", true},
		{"这家租户和别的租户比呢？", "租户", false}, // the second is not pointed back at
		{"租户的风险？", "租户", false},
		{"这家店的风险？", "风险", false},
		{"这位武大校长是谁？", "武大", false}, // a name is its name
	} {
		if got := Anaphoric(c.q, c.w); got != c.want {
			t.Errorf("Anaphoric(%q, %q) = %v", c.q, c.w, got)
		}
	}
}

// An English question that joins a second one with "and" is read one
// question at a time: each phrasing of what is asked reads a question
// from its start (heldout35's Dulce off-topic questions).
func TestAskedEnglishJoined(t *testing.T) {
	for q, want := range map[string][]string{
		"Which US state is the Dulce base located in, and in what year is the operation set?": {"state", "year"},     // a state, past the capitalised US (heldout53)
		"Who is the author of this novel and when was it first published?":                    {"author", "publish"}, // the role asked (whoRole, heldout67)
		"In what year is the operation set?":                                                  {"year"},
		"Which general signed the order, and how many floors does the base have?":             {"general", "floor"},
		"Which SETI team did Hayes join?":                                                     {"team"},
		"How did Cruz and Hayes meet?":                                                        nil,
		"Which of the agents gets killed first once they're inside the base?":                 {"killed"},
		"Who got promoted to lead the team?":                                                  {"promot"},
		"Who gets the last word in the briefing?":                                             nil,
	} {
		if got := AskedFor(q); !slices.Equal(got, want) {
			t.Errorf("AskedFor(%q) = %q, want %q", q, got, want)
		}
	}
}

// English dates are read as Chinese texts write them; a capitalised word
// that only starts like a month, and May alone, stay.
func TestEnglishDates(t *testing.T) {
	for q, want := range map[string]string{
		"between September 2023 and April 2024, how much": "between 2023年9月 and 2024年4月, how much",
		"What happened on March 20, 2024?":                "What happened on 2024年3月20日?",
		"What happened on Oct. 11th?":                     "What happened on 10月11日?",
		"Who spoke in April?":                             "Who spoke in 4月?",
		"May the school appeal? What did Marshall say?":   "May the school appeal? What did Marshall say?",
		"What happened in May 2024 and in Sept 2023?":     "What happened in 2024年5月 and in 2023年9月?",
	} {
		if got := englishDates(q); got != want {
			t.Errorf("englishDates(%q) = %q, want %q", q, got, want)
		}
	}
	if got := AsChinese("How much did incidents rise in September 2023?", func(w string) int { return map[string]int{"增长": 2, "事件": 3}[w] }); got != "How much did 事件 增长 in 2023年9月?" {
		t.Errorf("AsChinese = %q", got)
	}
}

// A span of time ("between 2023年9月 and 2024年4月 … compared with …") is
// no comparison of two things; two things are.
func TestComparedSidesNotDates(t *testing.T) {
	if a, b, ok := ComparedSides("between 2023年9月 and 2024年4月, how much did the frequency rise compared with the same period?"); ok {
		t.Errorf("ComparedSides took dates for sides: %q, %q", a, b)
	}
	if a, b, ok := ComparedSides("微博和抖音上的讨论有什么不同？"); !ok || a != "微博" || b != "抖音" {
		t.Errorf("ComparedSides = %q, %q, %v; want 微博, 抖音", a, b, ok)
	}
}

// A count asked in a unit after 几个 (押金交了几个月) and an amount paid
// (房租付了多少钱) ask for the thing before the verb of paying.
func TestMeasuredPaid(t *testing.T) {
	for q, want := range map[string][]string{
		"李明之前有没有拖欠过房租，或者押金交了几个月？": {"押金"},
		"房租付了多少钱？":  {"房租"},
		"装修花了多少钱？":  {"装修"},
		"差评率下降了多少？": nil,
		"一共开了几个店？":  nil,
	} {
		if got := Measured(q); !slices.Equal(got, want) {
			t.Errorf("Measured(%q) = %q, want %q", q, got, want)
		}
		if got := AskedFor(q); !slices.Equal(got, want) {
			t.Errorf("AskedFor(%q) = %q, want %q", q, got, want)
		}
	}
}

// heldout36's kinds: 老 glued to a verb (客人老吐槽), a people question by a
// trait (什么年龄段的人), 哪天判 (when it was ruled, not a 天判), a Chinese
// question's Latin names (比如 Perspective API), a hyphenated English term
// held through its pieces (check-in → check) and 中断 of supply held as
// 断货.
func TestWave36Terms(t *testing.T) {
	checkTerms(t, "我听说之前客人老吐槽周末的事", []string{"吐槽", "客人"}, []string{"老吐槽"})
	checkTerms(t, "老百姓怎么评价这家店？", []string{"老百姓"}, nil)
	for q, want := range map[string]bool{"你们的顾客大多是什么年龄段的人？": true, "哪些地方的用户最多？": true, "没什么人去": false, "什么时候人最多": false} {
		if AsksPeople(q) != want {
			t.Errorf("AsksPeople(%q) = %v", q, !want)
		}
	}
	if got := AskedFor("图书馆那桩案子，一审是哪家法院、哪天判的？"); !slices.Equal(got, []string{"法院"}) {
		t.Errorf("AskedFor = %q, want [法院]", got)
	}
	if got := CapitalisedWords("有没有人用毒性评分（比如 Perspective API）量化过？QS排名呢？"); !slices.Equal(got, []string{"Perspective"}) {
		t.Errorf("CapitalisedWords = %q", got)
	}
	ts := Terms("how often does the acting leader want comms check-ins?")
	if k := slices.IndexFunc(ts, func(t Term) bool { return t.Text == "check-in" }); k < 0 || !slices.Equal(ts[k].Parts, []string{"check"}) {
		t.Errorf("Terms = %+v: check-in with its part check", ts)
	}
	if !slices.Contains(StandIns("中断"), "断货") || Synonyms("断货") == nil || slices.Contains(Synonyms("断货"), "中断") {
		t.Errorf("StandIns(中断) = %q, Synonyms(断货) = %q", StandIns("中断"), Synonyms("断货"))
	}
	if got := CapitalisedWords("Compared with the 图书馆 事件, how did WHU handle the 和服 事件?"); !slices.Equal(got, []string{"WHU"}) {
		t.Errorf("CapitalisedWords of an English question read partly as Chinese = %q, want [WHU]", got)
	}
}

// A hyphenated word that is no verb and particle keeps no parts: an
// off-topic question about a feature-length screenplay was answered
// through "feature" and "length".
func TestHyphenPartsPhrasalOnly(t *testing.T) {
	for w, want := range map[string][]string{"check-in": {"check"}, "follow-up": {"follow"}, "feature-length": nil, "hot-search": nil} {
		if got := parts(w); !slices.Equal(got, want) {
			t.Errorf("parts(%q) = %q, want %q", w, got, want)
		}
	}
}

// Cantonese 幾多 and 幾耐 ask how many and how long (the Hong Kong
// counsellor's 超標幾多倍, 要幾耐車程).
func TestCantoneseHowMuch(t *testing.T) {
	for q, want := range map[string]string{
		"最嚴重超標幾多倍？":   "最严重超标多少倍？",
		"坐高鐵大概要幾耐車程？": "坐高铁大概要多久车程？",
	} {
		if got := Question(q); got != want {
			t.Errorf("Question(%q) = %q, want %q", q, got, want)
		}
	}
}
