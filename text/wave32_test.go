package text

import (
	"slices"
	"testing"
)

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
		{"跟学校附近那个铺面比每月省多少，算ROI用", []string{"铺面"}, []string{"roi"}},
		{"毕业了工资够不够在武汉买房", []string{"工资", "武汉"}, []string{"不够"}},
		{"工资不够花怎么办", []string{"工资"}, nil},
		{"where did the alien stuff come from did somebody find it somewhere", []string{"alien"}, []string{"stuff", "somebody", "somewhere"}},
	}
	for _, c := range cases {
		got := TermTexts(Terms(c.q))
		for _, w := range c.want {
			if !slices.Contains(got, w) {
				t.Errorf("Terms(%q) = %v, want %q among them", c.q, got, w)
			}
		}
		for _, w := range c.not {
			if slices.Contains(got, w) {
				t.Errorf("Terms(%q) = %v, want no %q", c.q, got, w)
			}
		}
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
