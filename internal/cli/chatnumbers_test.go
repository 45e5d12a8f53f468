package cli

import (
	"bytes"
	"strings"
	"testing"
)

// A number picks a follow-up only when follow-ups were offered and it
// has one or two digits; otherwise it is asked as a question (a year,
// "2025", or any number in a chat with -n 0, which said "type 1-0").
func TestChatQuestionNumbers(t *testing.T) {
	offered := []string{"first follow-up", "second follow-up"}
	for _, c := range []struct {
		line      string
		followups []string
		want      string
		said      string // on Out; "" for nothing
	}{
		{"2", offered, "second follow-up", ""},
		{" 1 ", offered, "first follow-up", ""},
		{"3", offered, "", "There is no follow-up 3; type 1-2 or a question."},
		{"0", offered, "", "There is no follow-up 0; type 1-2 or a question."},
		{"2025", offered, "2025", ""},
		{"3", nil, "3", ""},
		{"1", nil, "1", ""},
	} {
		var out bytes.Buffer
		opts := &chatOptions{terminal: true}
		opts.Out = &out
		q, quit := chatQuestion(opts, c.line, c.followups)
		if quit || q != c.want || strings.TrimSpace(out.String()) != c.said {
			t.Errorf("%q with %d follow-ups: question %q quit %v, said %q; want %q, said %q", c.line, len(c.followups), q, quit, out.String(), c.want, c.said)
		}
	}
}

// REPORT_ENGINE_EMBEDDING_DIMENSIONS is a whole number or a usage error
// naming the variable: fmt.Sscan read "12abc" as 12 and "1.5" as 1
// (the value is read trimmed, as every variable is: " 64 " is 64).
func TestEmbeddingDimensionsEnv(t *testing.T) {
	for _, v := range []string{"12abc", "1.5", "-3", "many"} {
		env := map[string]string{envEmbedDimension: v}
		code, _, errs := runIn(t, "", env, "search", "--graphrag-index", dulceDir(t), "--no-vector-cache", "--llm", "offline", "Who is Alex Mercer?")
		if code != ExitUsage || !strings.Contains(errs, envEmbedDimension+"=\""+v+"\": want a whole number") {
			t.Errorf("%s=%q: exit %d, stderr %q", envEmbedDimension, v, code, errs)
		}
	}
	code, out, errs := runIn(t, "", map[string]string{envEmbedDimension: " 64 "}, "search", "--graphrag-index", dulceDir(t), "--no-vector-cache", "--llm", "offline", "Who is Alex Mercer?")
	if code != 0 || !strings.Contains(out, "Alex Mercer") {
		t.Errorf("%s=\" 64 \": exit %d, stderr %q", envEmbedDimension, code, errs)
	}
}
