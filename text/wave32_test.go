package text

import (
	"slices"
	"testing"
)

// checkTerms fails t unless Terms(q) holds every word of want and none
// of not.
func checkTerms(t *testing.T, q string, want, not []string) {
	t.Helper()
	checkWords(t, "Terms", q, TermTexts(Terms(q)), want, not)
}

// checkAsked fails t unless AskedFor(q) holds every word of want and
// none of not.
func checkAsked(t *testing.T, q string, want, not []string) {
	t.Helper()
	checkWords(t, "AskedFor", q, AskedFor(q), want, not)
}

// checkWords fails t unless got, what fn returned for q, holds every word
// of want and none of not.
func checkWords(t *testing.T, fn, q string, got, want, not []string) {
	t.Helper()
	for _, w := range want {
		if !slices.Contains(got, w) {
			t.Errorf("%s(%q) = %v, want %q among them", fn, q, got, w)
		}
	}
	for _, w := range not {
		if slices.Contains(got, w) {
			t.Errorf("%s(%q) = %v, want no %q", fn, q, got, w)
		}
	}
}

// TestWave32Terms holds the rules the thirty-second blind wave added: a
// light verb's object (做租户 → 租户), the asker's task and use clauses
// (做…评估，, …，算ROI用), the indefinite English words and the 覆核 and 扩张
// synonyms.
func TestWave32Terms(t *testing.T) {
	cases := []struct {
		q         string
		want, not []string
	}{
		{"做租户评估，建议每月盯哪些KPI？", []string{"建议", "每月", "kpi"}, []string{"做租户", "租户", "评估"}},
		{"租户评估时建议每月盯哪些KPI？", []string{"租户"}, nil},
		{"跟学校附近那个铺面比每月省多少，算ROI用", []string{"铺面", "每月"}, []string{"roi", "月省"}},
		{"毕业了工资够不够在武汉买房", []string{"工资", "武汉"}, []string{"不够"}},
		{"工资不够花怎么办", []string{"工资"}, nil},
		{"where did the alien stuff come from did somebody find it somewhere", []string{"alien"}, []string{"stuff", "somebody", "somewhere"}},
	}
	for _, c := range cases {
		checkTerms(t, c.q, c.want, c.not)
	}
	if got := splitVerb("搞活动"); got != "活动" {
		t.Errorf("splitVerb(搞活动) = %q, want 活动", got)
	}
	if got := splitVerb("租户们"); got != "租户们" {
		t.Errorf("splitVerb(租户们) = %q, want it kept", got)
	}
	for w, syn := range map[string]string{"覆核": "复核", "扩张": "第二家门店"} {
		if !slices.Contains(Synonyms(w), syn) {
			t.Errorf("Synonyms(%q) = %v, want %q among them", w, Synonyms(w), syn)
		}
	}
}

// TestWave33Terms: a spoken best seller (卖得最好) is read as 最畅销, held
// through 受欢迎; greetings and what the asker is busy with (我在写…案例，)
// are no terms.
func TestWave33Terms(t *testing.T) {
	got := TermTexts(Terms("他们卖得最好的是哪款"))
	if !slices.Contains(got, "畅销") || !slices.Contains(Synonyms("畅销"), "受欢迎") {
		t.Errorf("Terms = %v (synonyms of 畅销 %v), want 畅销 held through 受欢迎", got, Synonyms("畅销"))
	}
	got = TermTexts(Terms("您好，我在写一个关于李明咖啡店的商学院案例，请问：1）李明是哪年哪月决定开店的"))
	for _, w := range []string{"您好", "商学院", "案例"} {
		if slices.Contains(got, w) {
			t.Errorf("Terms = %v, want no %q", got, w)
		}
	}
	if !slices.Contains(got, "开店") {
		t.Errorf("Terms = %v, want 开店", got)
	}
}

// TestAsideAndLabel: what the asker sets aside (Setting that aside, 撇开…
// 不谈) and an English frame before a colon (Looking at this like …:) are
// no terms; a label naming a thing before a colon stays.
func TestAsideAndLabel(t *testing.T) {
	cases := []struct {
		q         string
		want, not []string
	}{
		{"Everyone knows about the reptilians and the 1979 firefight. Setting that aside, in the story how do the agents get into the base?",
			[]string{"agent", "base"}, []string{"reptilian", "firefight"}},
		{"Lore aside, what did the drone do?", []string{"drone"}, []string{"lore"}},
		{"外星人基地的说法撇开不谈，武大樱花什么时候开？", []string{"樱花"}, []string{"外星人", "基地", "说法"}},
		{"Looking at this like an org chart: who is leading the team?", []string{"team"}, []string{"looking", "org", "chart"}},
		{"From an operational security standpoint: what was Cruz inspecting?", []string{"cruz"}, []string{"operational", "standpoint"}},
		{"Agent Mercer: what did he find?", []string{"mercer"}, nil},
		{"Looking at the files: nothing", []string{"looking", "file"}, nil},
	}
	for _, c := range cases {
		checkTerms(t, c.q, c.want, c.not)
	}
}

// TestAskingClausesDialect: a dialect's question word (么样, 冇) makes its
// clause an asking one, as Terms reads it (Standard).
func TestAskingClausesDialect(t *testing.T) {
	got, premised := AskingClauses("图书馆那个男伢子上了热搜，法院么样判的")
	if !premised || got != "法院怎么样判的" {
		t.Errorf("AskingClauses = %q, %v; want 法院怎么样判的, true", got, premised)
	}
	q := "武大樱花好看"
	if got, premised := AskingClauses(q); premised || got != q {
		t.Errorf("AskingClauses(%q) = %q, %v; want it as given, false", q, got, premised)
	}
}
