package offline

import (
	"strings"
	"testing"
)

// A context with a Sentiment table (local search's answer to a question
// about sentiment) is answered with its rows first, in its order, under
// a lead per scope: the case's named, another event's rows each opening
// with the event's name under a lead saying they are not the case's, each
// citing its row; the sentences follow, but for those stating a share of
// sentiment (given in the table with their event, or left out). When no sentence shares a word
// with the question the rows are the whole answer (no nearest
// descriptions after them).
func TestSentimentAnswer(t *testing.T) {
	ctx := "-----Sentiment-----\nid|statement|scope|event|shares\n" +
		"0|抖音端家长群体正面情感占54%|main|武汉大学图书馆事件|正面 54%\n" +
		"1|负向情感中“嘲讽”类从12%飙升至48%|other|4月15日前后的事件|嘲讽 12%; 嘲讽 48%\n" +
		"2|负面情绪占28%|unattributed||负面 28%\n\n" +
		"-----Sources-----\nid|text\n7|网民情绪在判决后明显转向。\n8|网民整体情感倾向“期待”占55%。\n"
	resp, err := New().Complete(t.Context(), searchRequest("网民的情绪倾向如何？", ctx))
	if err != nil {
		t.Fatal(err)
	}
	got := resp.Content
	want := []string{"本案「武汉大学图书馆事件」的情绪数据：", "- 抖音端家长群体正面情感占54% [Data: Sentiment (0)]",
		"其他事件的情绪数据（非本案）：", "- 「4月15日前后的事件」：负向情感中“嘲讽”类从12%飙升至48% [Data: Sentiment (1)]",
		"未注明所属事件的情绪数据（不作本案数据）：", "- 负面情绪占28% [Data: Sentiment (2)]", "[Data: Sources (7)]"}
	if strings.Contains(got, "Sources (8)") {
		t.Errorf("a share of sentiment quoted outside the table, without its event:\n%s", got)
	}
	at := 0
	for _, w := range want {
		i := strings.Index(got[at:], w)
		if i < 0 {
			t.Fatalf("missing or out of order %q:\n%s", w, got)
		}
		at += i + len(w)
	}
	resp, err = New().Complete(t.Context(), searchRequest("What was the public sentiment?", ctx))
	if err != nil {
		t.Fatal(err)
	}
	// read as the Chinese records write it (text.AsChinese: sentiment →
	// 情绪), the English question quotes what the Chinese one quotes
	if !strings.Contains(resp.Content, "Sentiment figures of the case, 武汉大学图书馆事件:") || !strings.Contains(resp.Content, "Sentiment figures of other events (not the case):") ||
		!strings.Contains(resp.Content, "Sources (7)") || strings.Contains(resp.Content, "Sources (8)") {
		t.Errorf("English answer:\n%s", resp.Content)
	}
}
