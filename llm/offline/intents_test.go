package offline

import (
	"regexp"
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
	for q, want := range map[string]bool{"How often does Cruz want comms checks?": true, "多久补一次货？": false, "多久一次补货？": true, "How many agents go down?": false} {
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
