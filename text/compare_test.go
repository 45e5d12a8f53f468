package text

import (
	"strings"
	"testing"
)

// The sides of a comparison question are the content words on either side
// of its joining word (before the cue, else after it); a question without
// a cue, without a joining word or with one side compares nothing.
func TestComparedSides(t *testing.T) {
	for _, c := range []struct {
		q, a, b string
		ok      bool
	}{
		{"微博和抖音上关于武汉大学的讨论有什么不同？", "微博", "抖音", true},
		{"写字楼商圈和老城区街角相比有什么区别？", "写字楼商圈", "老城区街角", true},
		{"拿铁与美式的差异在哪里？", "拿铁", "美式", true},
		{"What is the difference between Alex Mercer and Taylor Cruz?", "alex mercer", "taylor cruz", true},
		{"李明为什么选择写字楼商圈？", "", "", false},
		{"樱花季和校庆期间的舆情怎么样？", "", "", false},
		{"舆情前后有什么不同？", "", "", false},
		// where it is looked at is no part of a side
		{"数据里湖北本地网友和外省网友对这次风波的态度差别挺大吧？", "湖北本地网友", "外省网友", true},
		{"五公里内门店和十公里外门店有什么区别？", "五公里内门店", "十公里外门店", true},
	} {
		a, b, ok := ComparedSides(c.q)
		if ok != c.ok || ok && (strings.ToLower(a) != c.a || strings.ToLower(b) != c.b) {
			t.Errorf("ComparedSides(%q) = %q, %q, %v; want %q, %q, %v", c.q, a, b, ok, c.a, c.b, c.ok)
		}
	}
}
