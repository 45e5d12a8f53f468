package text

import (
	"strings"
	"testing"
)

func TestStripCitations(t *testing.T) {
	for in, want := range map[string]string{
		"Dulce base is secret [Data: Entities (0, 3); Relationships (0, +more)].": "Dulce base is secret.",
		"拿铁二十八元【Data：Sources (3)】，美式［data: Reports (2)］":                          "拿铁二十八元，美式",
		"no citation [Data] here":  "no citation [Data] here", // no colon: not a citation block
		"  [Data: Reports (1)]  ":  "",
		"a [Data: x] b [DATA: y]c": "a bc",
	} {
		if got := StripCitations(in); got != want {
			t.Errorf("StripCitations(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestCite(t *testing.T) {
	c := "[Data: Sources (6)]"
	for in, want := range map[string]string{
		"李明选择了写字楼商圈。":         "李明选择了写字楼商圈 [Data: Sources (6)]。",
		"工作日客流稳定；":            "工作日客流稳定 [Data: Sources (6)]。", // the sentence stands alone now
		"The team descends .": "The team descends [Data: Sources (6)].",
		"no final mark":       "no final mark [Data: Sources (6)]",
		"Why?":                "Why [Data: Sources (6)]?",
	} {
		if got := Cite(in, c); got != want {
			t.Errorf("Cite(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestAbbreviation(t *testing.T) {
	for in, want := range map[string]bool{"Agent J": true, "met Dr": true, "the base": false, "Mr": true, "e.g": true, "": false, "ends here 3": false,
		"与QS、泰晤士高等教育、U.S": true, "ranked by U.K": true, "at 9 a.m": true, "the U.S. base is ready": false, "与QS、泰晤士": false, "the end.S": false} {
		if got := Abbreviation([]rune(in)); got != want {
			t.Errorf("Abbreviation(%q) = %v, want %v", in, got, want)
		}
	}
}

func TestHoldsTerm(t *testing.T) {
	for _, c := range []struct {
		text, term string
		want       bool
	}{
		{"the agents' base", "agent", true},
		{"a fresh start", "art", false},
		{"用python读取", "python", true},
		{"杭州写字楼商圈", "商圈", true},
		{"rover", "", false},
		{"dulce-base", "base", true},
	} {
		if got := HoldsTerm(c.text, c.term); got != c.want {
			t.Errorf("HoldsTerm(%q, %q) = %v, want %v", c.text, c.term, got, c.want)
		}
	}
}

func TestTableRow(t *testing.T) {
	rule := "|---|:--|---|"
	for _, c := range []struct {
		line, next, want string
		ok               bool
	}{
		{"| **长江大保护** | 渔民放流中华鲟 32.7 万赞 | 非常正面 64% |", "", "长江大保护：渔民放流中华鲟 32.7 万赞；非常正面 64%", true},
		{"| 议题 | 正向案例 | 情感分布 |", rule, "", false}, // the header above the rule
		{rule, "| a | b |", "", false},
		{"| only | |", "", "", false}, // one non-empty cell
		{"not a row | x", "", "", false},
	} {
		got, ok := TableRow(c.line, c.next)
		if got != c.want || ok != c.ok {
			t.Errorf("TableRow(%q, %q) = %q, %v; want %q, %v", c.line, c.next, got, ok, c.want, c.ok)
		}
	}
}

func TestSentencePeriods(t *testing.T) {
	r := SentenceRules{Ends: "。", SpacedEnds: "!?", Periods: true}
	got := r.Split("Agent J. Smith met Dr. Hayes. They used v1.2 of it. e.g. this stays. Done")
	want := []string{"Agent J. Smith met Dr. Hayes.", " They used v1.2 of it. e.g. this stays.", " Done"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("Split = %q, want %q", got, want)
	}
}

// TableRowAt takes the line after lines[i] as next: a header row (a rule
// follows it) is no sentence, a body row is, and the last line has no next.
func TestTableRowAt(t *testing.T) {
	lines := []string{"| 平台 | 占比 |", "|---|---|", "| 微博 | 41% |", "| 抖音 | 22% |"}
	for i, want := range []string{"", "", "微博：41%", "抖音：22%"} {
		got, ok := TableRowAt(lines, i)
		if got != want || ok != (want != "") {
			t.Errorf("TableRowAt(lines, %d) = %q, %v; want %q", i, got, ok, want)
		}
	}
}
