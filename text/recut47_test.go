package text

import (
	"slices"
	"testing"
)

// recut re-cuts a verb glued to the rune before it when the next word is
// a dictionary word of two runes ending in a direction (事暴/露出 → 事/暴露/
// 出); a next word whose second rune is no direction (露天), or a glued
// pair that makes no dictionary word, stays.
func TestRecutDirectional(t *testing.T) {
	for _, c := range []struct{ in, want []string }{
		{[]string{"这件", "事暴", "露出", "高校"}, []string{"这件", "事", "暴露", "出", "高校"}},
		{[]string{"这件", "事暴", "露天", "高校"}, []string{"这件", "事暴", "露天", "高校"}},
		{[]string{"这件", "事咧", "露出", "高校"}, []string{"这件", "事咧", "露出", "高校"}},
	} {
		if got := recut(c.in); !slices.Equal(got, c.want) {
			t.Errorf("recut(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
