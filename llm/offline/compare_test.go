package offline

import (
	"strings"
	"testing"
)

// A comparison question is answered with each side's sentences under the
// side's name: every bullet under **微博** holds 微博 and not 抖音, and the
// other way round; a record's sentence that speaks of both sides is under
// neither. Without the comparison rule the answer has no side labels and
// puts the best-matching sentences first whatever side they are about.
func TestLocalSearchAnswerComparison(t *testing.T) {
	ctx := "-----Sources-----\nid|text\n" +
		"0|微博话题#武大樱花预约#阅读量3.8亿。微博网友抱怨抢不到票。\n" +
		"1|抖音上的樱花短视频播放量破千万。抖音用户多在晒照打卡。\n" +
		"2|微博和抖音都在讨论樱花季。\n"
	resp, err := New().Complete(t.Context(), searchRequest("微博和抖音上的讨论有什么不同？", ctx))
	if err != nil {
		t.Fatal(err)
	}
	side := ""
	n := map[string]int{}
	for _, l := range strings.Split(resp.Content, "\n") {
		switch {
		case l == "**微博**" || l == "**抖音**":
			side = strings.Trim(l, "*")
		case strings.HasPrefix(l, "- "):
			other := map[string]string{"微博": "抖音", "抖音": "微博"}[side]
			if side == "" || !strings.Contains(l, side) || strings.Contains(l, other) {
				t.Errorf("bullet under %q: %s", side, l)
			}
			n[side]++
		}
	}
	if n["微博"] == 0 || n["抖音"] == 0 || strings.Contains(resp.Content, "都在讨论") {
		t.Errorf("bullets per side %v, want some for each and none quoting both sides:\n%s", n, resp.Content)
	}
}

// A sentence that names each side in a clause of its own sets them against
// each other: it is quoted first, under **对比**, and a side it quoted
// needs no note that nothing speaks of it alone. A word both sides name
// (网友) tells neither apart: "网友普遍关注程序正义" is about neither side.
// A clause naming both sides contrasts nothing, beside another or not.
func TestLocalSearchAnswerContrast(t *testing.T) {
	ctx := "-----Sources-----\nid|text\n" +
		"0|湖北本地用户“护校派”占比61%，外省用户“维权派”占54%。\n" +
		"1|网友普遍关注程序正义，网友态度差别大。\n" +
		"2|湖北本地网友多为在校生家长，态度差别明显。\n" +
		"3|湖北本地网友和外省网友都在讨论态度差别。\n" +
		"4|外省网友态度差别在微博上明显，湖北本地网友和外省网友都在讨论。\n" +
		"5|湖北本地网友态度差别在抖音上明显，湖北本地网友和外省网友都在讨论。\n"
	resp, err := New().Complete(t.Context(), searchRequest("湖北本地网友和外省网友的态度差别有多大？", ctx))
	if err != nil {
		t.Fatal(err)
	}
	got := resp.Content
	contrast, side := strings.Index(got, "**对比**\n\n- 湖北本地用户“护校派”占比61%"), strings.Index(got, "**湖北本地网友**\n\n- 湖北本地网友多为在校生家长")
	if contrast < 0 || side < contrast {
		t.Errorf("want the contrast first, then 湖北本地网友's sentence:\n%s", got)
	}
	for _, not := range []string{"程序正义", "都在讨论", "外省网友」", "**外省网友**"} {
		if strings.Contains(got, not) {
			t.Errorf("answer holds %q:\n%s", not, got)
		}
	}
}

// In English a comma also parts the items of a list: a sentence listing
// both sides sets nothing against anything; one whose clauses each speak
// of a side does.
func TestContrastsEnglishList(t *testing.T) {
	qa, qb := sideTerm("jordan hayes", "taylor cruz"), sideTerm("taylor cruz", "jordan hayes")
	list := "so did agents alex mercer, jordan hayes, taylor cruz, and sam rivera proceed."
	clauses := "dr. jordan hayes shuffled a stack of papers, their eyes wary of taylor cruz's performance."
	if contrasts(list, qa, qb) || !contrasts(clauses, qa, qb) {
		t.Errorf("contrasts: list %v (want false), clauses %v (want true)", contrasts(list, qa, qb), contrasts(clauses, qa, qb))
	}
}
