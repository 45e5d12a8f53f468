package text

import (
	"slices"
	"strings"
	"testing"
)

// docsIn counts the texts holding w: an oracle for Heard's docs.
func docsIn(texts ...string) func(string) int {
	return func(w string) int {
		n := 0
		for _, t := range texts {
			if strings.Contains(t, w) {
				n++
			}
		}
		return n
	}
}

func TestHeard(t *testing.T) {
	cases := []struct {
		name, q, want string
		texts         []string
	}{
		{"a rare word no text holds read as its homophone", "武大测回遥感工资多少", "武大测绘遥感工资多少",
			[]string{"武汉大学测绘遥感全球第一", "测绘专业薪资中位数7.2k"}},
		{"a homophone held by one document only is not enough", "武大宿社破不破", "武大宿社破不破",
			[]string{"武大宿舍维修经费432元"}},
		{"held by two it is read", "武大宿社破不破", "武大宿舍破不破",
			[]string{"武大宿舍维修经费432元", "回宿舍还得写报告"}},
		{"the texts must hold it beside the question's word", "武大宿社破不破", "武大宿社破不破",
			[]string{"宿舍维修经费432元", "回宿舍还得写报告", "宿舍"}},
		{"the word after counts too", "伯雅计划淘汰率高吗", "博雅计划淘汰率高吗",
			[]string{"博雅计划", "博雅书院"}},
		{"a stop word beside it does not", "那个宿社啊", "那个宿社啊",
			[]string{"宿舍", "宿舍", "那个宿舍"}},
		{"the most documents win", "武大宿社破不破", "武大宿舍破不破",
			[]string{"武大素社", "素社", "武大宿舍", "宿舍", "宿舍"}},
		{"ties go to the earlier position", "武大宿社破不破", "武大素社破不破",
			[]string{"武大素社", "素社", "武大宿舍", "宿舍"}},
		{"a word the texts hold is never read as another", "测回规程是什么", "测回规程是什么",
			[]string{"测回", "测绘规程", "测绘"}},
		{"a common word is never read as another", "樱花开了吗", "樱花开了吗",
			[]string{"英花开了", "英花", "英花"}},
		{"a word of one rune is never read as another", "喆书", "喆书", []string{"哲书", "哲书"}},
		{"no Han", "Who is Jordon?", "Who is Jordon?", []string{"Jordan", "Jordan"}},
	}
	for _, c := range cases {
		if got := Heard(c.q, docsIn(c.texts...)); got != c.want {
			t.Errorf("%s: Heard(%q) = %q, want %q", c.name, c.q, got, c.want)
		}
	}
}

// TestCompareCut: "跟华科比" is 跟, 华科, 比 (not the name 科比), both where
// the segmenter glued 跟华 and where it cut 华 alone.
func TestCompareCut(t *testing.T) {
	for _, c := range []struct{ in, want []string }{
		{[]string{"跟华", "科比", "差", "多少"}, []string{"跟", "华科", "比", "差", "多少"}},
		{[]string{"和", "华", "科比", "呢"}, []string{"和", "华科", "比", "呢"}},
		{[]string{"喜欢", "华", "科比"}, []string{"喜欢", "华", "科比"}},
		{[]string{"跟华", "科技"}, []string{"跟华", "科技"}},
	} {
		if got := recut(c.in); strings.Join(got, "/") != strings.Join(c.want, "/") {
			t.Errorf("recut(%v) = %v, want %v", c.in, got, c.want)
		}
	}
	terms := TermTexts(Terms("武大维修的钱每年涨多少啊跟华科比差多少"))
	if !strings.Contains(strings.Join(terms, " "), "华科") || strings.Contains(strings.Join(terms, " "), "科比") {
		t.Errorf("Terms = %v, want 华科 and no 科比", terms)
	}
}

// TestReadings holds the reading table to readings a dictionary gives:
// every reading of a rune with several, ü written v.
func TestReadings(t *testing.T) {
	tb := readings()
	for r, want := range map[rune][]string{'绘': {"hui"}, '测': {"ce"}, '重': {"chong", "zhong"}, '行': {"hang", "heng", "xing"}, '绿': {"lu", "lv"}} {
		for _, py := range want {
			if !slices.Contains(tb.syllables[r], py) || !slices.Contains(tb.runes[py], r) {
				t.Errorf("%c: readings %v, want %s among them (and %c among %s's runes)", r, tb.syllables[r], py, r, py)
			}
		}
	}
	if n := len(tb.runes); n < 400 || n > 430 {
		t.Errorf("%d syllables, want Mandarin's 400-odd", n)
	}
}
