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
