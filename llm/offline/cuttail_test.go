package offline

import (
	"slices"
	"testing"
)

// A record cut at a length ends inside a sentence: its last clause is not
// quoted (the fixture's section summary ended "…认定男生的行为构成性", a page
// text "…肖同学到"); a whole last line that ends without punctuation (a
// list item, a one-line title or figure) is kept.
func TestCutRecordTailNotQuoted(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
	}{
		{"法院于2025年7月作出一审判决，驳回了原告的诉讼请求。然而，近两年后，法院因证据不足以认定男生的行为构成性",
			[]string{"法院于2025年7月作出一审判决，驳回了原告的诉讼请求。"}},
		{"学校发布了情况通报，宣布启动全面复核。\n- 时间节点：事件始于2022年暑期，2024年7月25日法院判决公布",
			[]string{"学校发布了情况通报，宣布启动全面复核。", "时间节点：事件始于2022年暑期，2024年7月25日法院判决公布"}},
		{"时间节点：事件始于2022年暑期，2024年7月25日法院判决公布",
			[]string{"时间节点：事件始于2022年暑期，2024年7月25日法院判决公布"}},
		{"学校发布了情况通报，宣布启动全面复核。舆论随后出现明显的反转。",
			[]string{"学校发布了情况通报，宣布启动全面复核。", "舆论随后出现明显的反转。"}},
	} {
		if got := splitSentences(c.in); !slices.Equal(got, c.want) {
			t.Errorf("splitSentences(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// splitSentences is the text of each clause splitClauses cuts s into.
func splitSentences(s string) []string {
	cs := splitClauses(s)
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.text
	}
	return out
}
