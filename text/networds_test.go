package text

import (
	"slices"
	"testing"
)

// The platform names and online-discussion words the dictionary lacks are
// cut whole, also before a locative 上 (the fixture's question
// "小红书和抖音上的讨论有什么不同？" lost 抖音 to 抖 + 音上, so its answer said
// the context held nothing on 抖音 while ten context lines named it).
func TestNetWordsCutWhole(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
	}{
		{"小红书和抖音上的讨论有什么不同？", []string{"小红书", "和", "抖音", "上", "的", "讨论", "有", "什么", "不同"}},
		{"微博上网友怎么说", []string{"微博", "上", "网友", "怎么", "说"}},
		{"登上热搜后博主点赞", []string{"登上", "热搜", "后", "博主", "点赞"}},
	} {
		if got := Words(c.in); !slices.Equal(got, c.want) {
			t.Errorf("Words(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	if got := TermTexts(Terms("小红书和抖音上的讨论有什么不同？")); !slices.Contains(got, "抖音") || slices.Contains(got, "音上") {
		t.Errorf("terms %q: want 抖音 and no 音上", got)
	}
}

// A net word the dictionary already counts keeps the larger count, and
// each is still specific by GeneralShare (rarer than 计划).
func TestNetWordsCounts(t *testing.T) {
	for w := range netWords {
		f, _, ok := segmenter().Find(w)
		if !ok || f < netWordFreq {
			t.Errorf("%s: dictionary count %v, want >= %d", w, f, netWordFreq)
		}
	}
	if s, plan := GeneralShare("抖音"), GeneralShare("计划"); s <= 0 || s >= plan/10 {
		t.Errorf("GeneralShare(抖音) = %g, want in (0, %g)", s, plan/10)
	}
}
