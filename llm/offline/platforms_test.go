package offline

import (
	"strings"
	"testing"
)

// A context with a Platforms table (local search's counts for a question
// asking which platforms carry the most) is answered with the counts
// first, most first as the table lists them, each citing its row, at most
// MaxPlatformBullets; the sentences follow. Without platformCounts no
// count is given; a context without the table gets none.
func TestPlatformCountsAnswer(t *testing.T) {
	ctx := "-----Platforms-----\nid|platform|sources|percent|examples\n" +
		"0|微博|12|40.0%|a; b\n1|抖音|9|30.0%|c\n2|知乎|4|13.3%|d\n3|小红书|2|6.7%|e\n4|B站|2|6.7%|f\n5|豆瓣|1|3.3%|g\n\n" +
		"-----Sources-----\nid|text\n7|媒体报道集中在事件发生后的第一周。\n"
	resp, err := New().Complete(t.Context(), searchRequest("哪些媒体报道最多？", ctx))
	if err != nil {
		t.Fatal(err)
	}
	got := resp.Content
	for _, w := range []string{"- 微博：12 个来源（40.0%） [Data: Platforms (0)]", "- 抖音：9 个来源（30.0%） [Data: Platforms (1)]",
		"- B站：2 个来源（6.7%） [Data: Platforms (4)]", "[Data: Sources (7)]"} {
		if !strings.Contains(got, w) {
			t.Errorf("missing %q:\n%s", w, got)
		}
	}
	if strings.Contains(got, "豆瓣") || strings.Index(got, "微博") > strings.Index(got, "抖音") || strings.Index(got, "B站") > strings.Index(got, "Sources (7)") {
		t.Errorf("counts not first, in order, at most %d:\n%s", MaxPlatformBullets, got)
	}
	resp, err = New().Complete(t.Context(), searchRequest("Which platforms reported most?", strings.Replace(ctx, "媒体报道集中在事件发生后的第一周。", "Most platforms reported in the first week.", 1)))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(resp.Content, "- 微博: 12 sources (40.0%) [Data: Platforms (0)]") {
		t.Errorf("English counts:\n%s", resp.Content)
	}
	// a table with the search records: both counts
	rec := "-----Platforms-----\nid|platform|sources|records|percent|examples\n0|小红书|23|27|100.0%|a\n\n" + "-----Sources-----\nid|text\n7|小红书上的笔记很多。\n"
	if resp, err = New().Complete(t.Context(), searchRequest("有多少条检索记录来自小红书？", rec)); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(resp.Content, "- 小红书：23 个来源，27 条检索记录（占来源 100.0%） [Data: Platforms (0)]") {
		t.Errorf("records:\n%s", resp.Content)
	}
}
