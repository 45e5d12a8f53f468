package offline

import (
	"strings"
	"testing"
)

// An elliptic follow-up moves on: with the earlier answer in the
// Conversation History table, the sentence it gave (here quoted with a
// citation, in other white space) is not given again and the next one
// about the subject is; when every sentence about the subject was given,
// the answer says there is nothing new instead of listing other records.
// Without unscoreGiven the first case repeats the given sentence first.
func TestEllipticFollowUpMovesOn(t *testing.T) {
	sources := "-----Sources-----\nid|text\n" +
		"1|法院一审判决驳回了杨某某的诉讼请求。\n" +
		"2|判决后杨某某表示将提起上诉。\n" +
		"3|樱花季预约名额很快约满。\n"
	history := func(answer string) string {
		return "-----Conversation History-----\nturn|content\nuser|一审判决结果是什么？\nassistant|\"" + answer + "\"\nuser|那后来呢？\n\n\n"
	}
	ask := func(ctx string) string {
		t.Helper()
		resp, err := New().Complete(t.Context(), searchRequest("那后来呢？", ctx))
		if err != nil {
			t.Fatal(err)
		}
		return resp.Content
	}
	got := ask(history("**摘录式回答**：…\n\n- 法院一审判决驳回了 杨某某的诉讼请求 [Data: Sources (1)]。") + sources)
	if strings.Contains(got, "驳回") || !strings.Contains(got, "上诉") || strings.Contains(got, "樱花") {
		t.Errorf("follow-up:\n%s", got)
	}
	got = ask(history("- 法院一审判决驳回了杨某某的诉讼请求 [Data: Sources (1)]。\n- 判决后杨某某表示将提起上诉 [Data: Sources (2)]。") + sources)
	if !strings.Contains(got, nothingNewZH) || strings.Contains(got, "- ") {
		t.Errorf("nothing new, yet:\n%s", got)
	}
}

// An elliptic follow-up tells what happened in date order where its
// records are dated (the fixture's 图书馆 case: accused 2023年7月11日,
// punished 7月13日, the suit 2024年6月, the ruling 2025年7月25日); an
// undated sentence keeps its place. Without byDate the answer follows the
// records' order (the ruling first).
func TestEllipticFollowUpByDate(t *testing.T) {
	ctx := "-----Conversation History-----\nturn|content\nuser|图书馆事件是怎么回事？\nassistant|\"- 图书馆事件引发关注 [Data: Sources (9)]。\"\nuser|然后呢？\n\n\n" +
		"-----Sources-----\nid|text\n" +
		"1|2025年7月25日，法院就图书馆事件一审判决，驳回杨某某的诉讼请求。\n" +
		"2|图书馆事件让学校的处分程序备受质疑，舆论持续发酵。\n" +
		"3|2023年7月11日，杨某某在图书馆事件中指控肖某某。\n" +
		"4|2024年6月，图书馆事件的当事人向法院递交了民事起诉状。\n"
	resp, err := New().Complete(t.Context(), searchRequest("然后呢？", ctx))
	if err != nil {
		t.Fatal(err)
	}
	var order []string
	for _, l := range strings.Split(resp.Content, "\n") {
		if i := strings.Index(l, "[Data: Sources ("); i >= 0 {
			order = append(order, l[i+len("[Data: Sources ("):i+len("[Data: Sources (")+1])
		}
	}
	if len(order) != 4 {
		t.Fatalf("records %q:\n%s", order, resp.Content)
	}
	var dated []string
	for _, o := range order {
		if o != "2" {
			dated = append(dated, o)
		}
	}
	if strings.Join(dated, "") != "341" {
		t.Errorf("dated records in order %q, want 3 (2023), 4 (2024), 1 (2025):\n%s", dated, resp.Content)
	}
}
