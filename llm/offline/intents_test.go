package offline

import (
	"regexp"
	"slices"
	"testing"
)

// A how-many question's intent is met by a count, not by a date or an
// ordinal: "会员体系上线后有多少会员？" opened with "2024年6月会员体系上线，
// 是…第二个传播事件" before the sentence giving 八百人 (the new-user trial of
// session 30).
func TestQuantityIntentNoDates(t *testing.T) {
	question, answer := intentNamed(t, "quantity")
	for s, want := range map[string]bool{
		"2024年6月会员体系上线，是本周期的第二个传播事件": false,
		"7月13日作出处分":   false,
		"会员已有800人":    true,
		"三个月内会员达到八百人": true,
		"这家店开了5年":     true,
		"小红书占46%":     true,
		"共12,780条讨论":  true,
		"阅读量3.8亿":     true,
	} {
		if got := answer.MatchString(s); got != want {
			t.Errorf("%q answers a quantity: %v, want %v", s, got, want)
		}
	}
	// 前几天 ("a few days ago") asks no count
	for q, want := range map[string]bool{"会员体系上线后有多少会员？": true, "断货停了几天？": true, "前几天法院判了，哪天判的？": false, "这几天情绪回暖了吗？": false} {
		if got := question.MatchString(q); got != want {
			t.Errorf("%q asks a quantity: %v, want %v", q, got, want)
		}
	}
}

// A dialect's question words ask what the standard ones do: 好多人 a
// quantity as 多少人, 几多 as 多少, 啥子时候 a time (heldout84); 好多年了
// asks none.
func TestIntentsReadDialect(t *testing.T) {
	_, quantity := intentNamed(t, "quantity")
	_, when := intentNamed(t, "when")
	for q, want := range map[string]*regexp.Regexp{
		"学校一天到底放好多人进去看花啊？": quantity,
		"雷军捐了几多？":          quantity,
		"桂花拿铁是啥子时候出的":      when,
	} {
		if got := askedIntents(q); !slices.Contains(got, want) {
			t.Errorf("askedIntents(%s) = %v, want %v among them", q, got, want)
		}
	}
	if got := askedIntents("离开珞珈山好多年了，母校现在怎样"); slices.Contains(got, quantity) {
		t.Errorf("askedIntents(好多年了) holds the quantity intent")
	}
}

// A how-often question's intent is met by a rate (every thirty seconds,
// 每周一次), not by any number: "Comms check, every thirty seconds," Taylor
// ordered answers "how often does the leader make everyone check in on
// comms?" (heldout50).
func TestOftenIntent(t *testing.T) {
	question, answer := intentNamed(t, "often")
	for s, want := range map[string]bool{
		`"Comms check, every thirty seconds," Taylor ordered.`: true,
		"They met once a week in the bunker.":                  true,
		"张伟说，每月一次的节奏比较合适":                                      true,
		"三天一次补货":                                               true,
		"Thirty agents went down the shaft.":                   false,
		"会员已有800人":                                             false,
		"Every agent held a renewed sense of wariness.":        false,
	} {
		if got := answer.MatchString(s); got != want {
			t.Errorf("%q answers how often: %v, want %v", s, got, want)
		}
	}
	for q, want := range map[string]bool{"How often does Cruz want comms checks?": true, "多久补一次货？": false, "多久一次补货？": true, "How many agents go down?": false,
		"一个月进几回货？": true, "每周去店里几次": true, "一个月卖多少杯？": false, "断过几次货？": false /* a count, per no period (heldout66) */} {
		if got := question.MatchString(q); got != want {
			t.Errorf("%q asks how often: %v, want %v", q, got, want)
		}
	}
}

// intentNamed returns the question and answer patterns of the intent
// called name, failing t when there is none.
func intentNamed(t *testing.T, name string) (question, answer *regexp.Regexp) {
	t.Helper()
	for _, it := range intents {
		if it.name == name {
			return it.question, it.answer
		}
	}
	t.Fatalf("no %s intent", name)
	return nil, nil
}

// A who question's intent is met by a sentence naming people — two
// capitalised name pairs, as a list of the team does — not by one name
// beside other words ("Sam Rivera leaned forward"), nor by a group word.
func TestWhoIntent(t *testing.T) {
	question, answer := intentNamed(t, "who")
	for s, want := range map[string]bool{
		"So did Agents Alex Mercer, Jordan Hayes, Taylor Cruz, and Sam Rivera proceed.": true,
		"A murmur of agreement echoed from Sam Rivera, who leaned forward.":             false,
		"As the agents dispersed into the labyrinth of the facility.":                   false,
	} {
		if got := answer.MatchString(s); got != want {
			t.Errorf("%q answers who: %v, want %v", s, got, want)
		}
	}
	for q, want := range map[string]bool{"Who is on the team?": true, "Give me their full names.": true, "What is the whole plan?": false, "谁是负责人？": false} {
		if got := question.MatchString(q); got != want {
			t.Errorf("%q asks who: %v, want %v", q, got, want)
		}
	}
}

// Colloquial asks (heldout59): 啥时候 asks when, as 什么时候 does;
// 要花钱吗 asks the price, which 免费 answers as a figure does.
func TestColloquialWhenAndPrice(t *testing.T) {
	when, _ := intentNamed(t, "when")
	if !when.MatchString("法院到底啥时候判的？") {
		t.Error("啥时候 asks no time")
	}
	price, answer := intentNamed(t, "price")
	for q, want := range map[string]bool{"外面的人去看花要花钱吗？": true, "收不收费？": true, "花了多少心思？": false} {
		if got := price.MatchString(q); got != want {
			t.Errorf("%q asks a price: %v, want %v", q, got, want)
		}
	}
	for s, want := range map[string]bool{"通过预约通道进行实名免费预约": true, "拿铁定价二十八元": true, "预约进校时段为3月20日至4月6日": false} {
		if got := answer.MatchString(s); got != want {
			t.Errorf("%q answers a price: %v, want %v", s, got, want)
		}
	}
}

// checkIntent fails t unless the intent named name matches each question
// of asks as it says and each sentence of answers as it says.
func checkIntent(t *testing.T, name string, asks, answers map[string]bool) {
	t.Helper()
	question, answer := intentNamed(t, name)
	for q, want := range asks {
		if got := question.MatchString(q); got != want {
			t.Errorf("%q asks %s: %v, want %v", q, name, got, want)
		}
	}
	for s, want := range answers {
		if got := answer.MatchString(s); got != want {
			t.Errorf("%q answers %s: %v, want %v", s, name, got, want)
		}
	}
}

// What people praise and blame (heldout62: "大家到底是夸它啥、骂它啥？") is
// answered by the sentences stating praise or blame (正面, 差评, 吐槽),
// not by any sentence about the shop; a question merely naming praise or
// blame without asking what (夸的多还是骂的多) asks shares, not this.
func TestPraiseIntent(t *testing.T) {
	checkIntent(t, "praise", map[string]bool{
		"大家到底是夸它啥、骂它啥？":                          true,
		"差评主要集中在什么问题上？":                          true,
		"What do customers complain about most?": true,
		"夸的多还是骂的多？":                              false,
		"这家店什么时候开业的？":                            false,
	}, map[string]bool{
		"正面情感的成因是口味稳定和服务细致":           true,
		"顾客吐槽周末提前打烊":                  true,
		"Readers praised the pacing.": true,
		"写字楼商圈月租一万五":                  false,
	})
}

// How someone changes (a character's arc: "How does Jordan Hayes change
// over the story?") is answered by a sentence telling a change begin or
// happen ("feeling the hard shell of skepticism begin to crack",
// "newfound assertiveness"), not by one describing them as they are, nor
// by a literal turning ("the mental cogs turning").
func TestChangeIntent(t *testing.T) {
	checkIntent(t, "change", map[string]bool{
		"How does Jordan Hayes change over the story?": true,
		"I'm tracking Alex Mercer's arc.":              true,
		"Who leads the team?":                          false,
		"What is the exchange rate?":                   false,
	}, map[string]bool{
		"Jordan contemplated, feeling the hard shell of skepticism begin to crack.": true,
		"\"Thank you, Alex,\" Jordan said, with a trace of newfound assertiveness.": true,
		"Dr. Jordan Hayes is a respected and essential member of the team.":         false,
		"Alex Mercer lingered in thought, the mental cogs turning.":                 false,
	})
}
