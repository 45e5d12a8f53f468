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
