package cli

import (
	"bytes"
	"strings"
	"testing"
)

// B02 on the command line: a reply that streams reasoning, then </think>,
// then the answer prints the answer only when stdout is not a terminal
// (search and chat); before, the reasoning before the orphan </think> was
// printed. B38: a stream that ends without a finish_reason is an error
// (non-zero exit) and prints no part of the answer.
func TestSearchPipedAnswerNeverReasoningOrCut(t *testing.T) {
	graphs := sampleGraphs(t)
	// the reasoning spans the fake server's first 200-rune chunk
	b02 := "需要输出。先写个草稿 " + strings.Repeat("想", 200) + " 秘密推理ABC 再改。</think>\n武大发布通报。"
	_, srv := newFakeProvider(t, func(task, chapter string, n int) reply { return reply{content: &b02} })
	env := pipelineEnv(srv)
	args := []string{"search", "-q", "--graphs", graphs, "--graph", "coffee", "--no-vector-cache", "李明为什么选择写字楼商圈？"}
	code, out, errs := runEnv(t, env, args...)
	if code != 0 || strings.Contains(out, "需要输出") || !strings.HasPrefix(out, "武大发布通报。\n") {
		t.Errorf("search: exit %d, stdout %q, want the answer only\n%s", code, out, errs)
	}
	code, out, errs = runIn(t, "李明为什么选择写字楼商圈？\nexit\n", env, "chat", "-q", "-n", "0", "--graphs", graphs, "--graph", "coffee", "--no-vector-cache")
	if code != 0 || strings.Contains(out, "需要输出") || !strings.Contains(out, "武大发布通报。") {
		t.Errorf("chat: exit %d, stdout %q, want the answer only\n%s", code, out, errs)
	}

	cut := "片段0。片段1。片段2。"
	_, srv = newFakeProvider(t, func(task, chapter string, n int) reply { return reply{content: &cut, finish: "none"} })
	code, out, errs = runEnv(t, pipelineEnv(srv), args...)
	if code == 0 || strings.Contains(out, "片段") || !strings.Contains(errs, "without a finish reason") {
		t.Errorf("cut stream: exit %d, stdout %q, stderr %q; want an error saying so and no answer", code, out, errs)
	}
}

// On a terminal the answer streams; text the model's stream takes back
// as reasoning (a Reset) stays above a one-line rule saying so, and the
// answer follows below it.
func TestMarkedStreamResetOnTerminal(t *testing.T) {
	var buf bytes.Buffer
	s := &markedStream{aw: newAnswerWriter(&buf, ""), live: true}
	for _, d := range []struct {
		text  string
		reset bool
	}{{"需要输出。先写个草稿", false}, {"武大", true}, {"发布通报。", false}} {
		if err := s.write(d.text, d.reset); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.close(nil); err != nil {
		t.Fatal(err)
	}
	if want := "需要输出。先写个草稿\n" + reasoningRule + "\n武大发布通报。\n"; buf.String() != want {
		t.Errorf("terminal shows %q, want %q", buf.String(), want)
	}
}
