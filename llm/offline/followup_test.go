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

// An elliptic follow-up keeps the earlier question's subject: after
// "樱花季网友怎么看？" the context's sentence on the campus gate, which holds
// 网友 but not 樱花季, is no answer; the one on 樱花季 is. The subject is
// the term rarest in general text (樱花季, not 网友: reversed, the 樱花季
// sentence goes and the gate stays), among those fewer than half the
// sentences hold: in a context of ten sentences, seven holding 樱花季, it
// is the context's topic and 网友 is the subject. Without keepSubject the gate
// sentence is quoted in the first case.
func TestEllipticFollowUpKeepsSubject(t *testing.T) {
	history := "-----Conversation History-----\nturn|content\nuser|樱花季网友怎么看？\nassistant|\"- 樱花季网友纷纷晒出照片 [Data: Sources (1)]。\"\nuser|那后来呢？\n\n\n"
	ask := func(sources string) string {
		t.Helper()
		resp, err := New().Complete(t.Context(), searchRequest("那后来呢？", history+"-----Sources-----\nid|text\n"+sources))
		if err != nil {
			t.Fatal(err)
		}
		return resp.Content
	}
	got := ask("1|樱花季网友纷纷晒出照片。\n2|樱花季结束后，学校公布了入校游客的人数。\n3|网友热议国立武汉大学校门的倒读梗。\n" +
		"4|学校食堂推出了新菜品。\n5|图书馆延长了开放时间。\n6|新生报到安排已经公布。\n")
	if !strings.Contains(got, "游客") || strings.Contains(got, "校门") {
		t.Errorf("follow-up off its subject:\n%s", got)
	}
	got = ask("1|樱花季网友纷纷晒出照片。\n2|樱花季结束后，学校公布了入校游客的人数。\n3|网友热议国立武汉大学校门的倒读梗。\n" +
		"4|樱花季期间校园实行预约入校。\n5|樱花季的花期持续两周。\n6|樱花季校内设立了临时售卖点。\n7|樱花季前后校车加开班次。\n" +
		"8|樱花季志愿者在各路口值守。\n9|学校食堂推出了新菜品。\n10|新生报到安排已经公布。\n")
	if !strings.Contains(got, "校门") || strings.Contains(got, "游客") {
		t.Errorf("the context's topic taken for the subject:\n%s", got)
	}
}
