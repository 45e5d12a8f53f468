package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"reportengine/llm"
	"reportengine/text"
)

// runIn runs the CLI with stdin and an environment.
func runIn(t *testing.T, stdin string, env map[string]string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := Main(context.Background(), args, Deps{
		Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errb,
		Getenv: func(k string) string { return env[k] },
		Now:    time.Now,
	})
	return code, out.String(), errb.String()
}

var followupRE = regexp.MustCompile(`(?m)^  (\d)\. (.+)$`)

// A chat driven through a pipe on Dulce: an answer with citations and
// three numbered follow-ups per turn; a number asks that follow-up;
// "exit" leaves.
func TestChatPipeDulce(t *testing.T) {
	code, out, errs := runIn(t, "Who is Alex Mercer?\n\n2\n7\nexit\nnever asked\n", nil, "chat", "--graphrag-index", dulceDir(t), "--no-vector-cache")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	turns := strings.Split(out, "\n> ")
	if len(turns) != 3 {
		t.Fatalf("%d turns in:\n%s", len(turns)-1, out)
	}
	first := followupRE.FindAllStringSubmatch(turns[1], -1)
	if len(first) != 3 || first[0][1] != "1" || first[2][1] != "3" {
		t.Fatalf("first turn's follow-ups %v in:\n%s", first, turns[1])
	}
	if !strings.HasPrefix(turns[2], first[1][2]+"\n") {
		t.Errorf("second question is not follow-up 2 (%q):\n%s", first[1][2], turns[2])
	}
	for i, turn := range turns[1:] {
		if !strings.Contains(turn, "[Data: ") || !strings.Contains(turn, "Cited records:") || len(followupRE.FindAllString(turn, -1)) != 3 {
			t.Errorf("turn %d lacks citations or three follow-ups:\n%s", i+1, turn)
		}
	}
	if !strings.Contains(out, "There is no follow-up 7") || strings.Contains(out, "never asked") {
		t.Errorf("number out of range or exit not handled:\n%s", out)
	}
}

// B30: the conversation goes into each search, bounded to the newest
// --history-max-turns turns; end of input leaves.
func TestChatHistoryBounded(t *testing.T) {
	p, srv := newFakeProvider(t, func(task, chapter string, n int) reply { return reply{} })
	in := "哪个平台讨论最多？\n负面情绪占比多少？\n那它的正面情绪呢？\n"
	code, out, errs := runIn(t, in, pipelineEnv(srv), "chat", "--graphrag-index", dulceDir(t), "--no-vector-cache", "-n", "0", "--history-max-turns", "1", "--min-similarity", "0") // Chinese questions on an English index: take the nearest entities
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errs, out)
	}
	p.mu.Lock()
	bodies := append([]string(nil), p.bodies...)
	p.mu.Unlock()
	if len(bodies) != 3 {
		t.Fatalf("%d model calls, want 3", len(bodies))
	}
	var req struct {
		Messages []struct{ Content string } `json:"messages"`
	}
	if err := json.Unmarshal([]byte(bodies[2]), &req); err != nil {
		t.Fatal(err)
	}
	system := req.Messages[0].Content
	if !strings.Contains(system, "-----Conversation History-----\nturn|content\nuser|负面情绪占比多少？\n") || strings.Contains(system, "哪个平台讨论最多") {
		t.Errorf("third search's history is not exactly the newest turn:\n%.600s", system[strings.Index(system, "-----Conversation"):])
	}
}

// Ctrl-C while an answer is written stops that answer, not the session.
func TestChatInterruptStopsAnswer(t *testing.T) {
	p, srv := newFakeProvider(t, func(task, chapter string, n int) reply {
		if n == 1 {
			return reply{delay: 30 * time.Second}
		}
		return reply{}
	})
	sigs := make(chan os.Signal, 1)
	var once sync.Once
	cmdRun := func(ctx context.Context, o *chatOptions) error {
		o.signals = sigs
		o.ready = func(string) {
			once.Do(func() {
				go func() {
					for p.total() == 0 {
						time.Sleep(5 * time.Millisecond)
					}
					sigs <- os.Interrupt
				}()
			})
		}
		return runChat(ctx, o)
	}
	var out, errb bytes.Buffer
	d := &Deps{Stdin: strings.NewReader("Who is Alex Mercer?\nWho is Taylor Cruz?\n"), Stdout: &out, Stderr: &errb, Getenv: func(k string) string { return pipelineEnv(srv)[k] }}
	d.fill()
	cmd := newChatCmd(d, cmdRun)
	cmd.SetOut(&out)
	cmd.SetErr(&errb)
	cmd.SetArgs([]string{"--graphrag-index", dulceDir(t), "--no-vector-cache", "-n", "0"})
	start := time.Now()
	if err := cmd.ExecuteContext(context.Background()); err != nil {
		t.Fatalf("%v\n%s", err, errb.String())
	}
	if time.Since(start) > 20*time.Second {
		t.Error("the interrupted answer was not stopped")
	}
	o := out.String()
	stopped := strings.Index(o, "(answer stopped)")
	second := strings.Index(o, "> Who is Taylor Cruz?")
	if stopped < 0 || second < stopped || !strings.Contains(o[second:], "Cited records:") {
		t.Errorf("output:\n%s", o)
	}
}

// Ctrl-C at the prompt with piped input ends the session as an
// interruption (context.Canceled: exit 130, "interrupted"), even before
// the command's own context is cancelled; it had returned nil, exit 0
// (new-user trial 38).
func TestChatInterruptAtPipedPrompt(t *testing.T) {
	sigs := make(chan os.Signal, 1)
	in, feed := io.Pipe()
	defer feed.Close()
	cmdRun := func(ctx context.Context, o *chatOptions) error {
		o.signals = sigs
		return runChat(ctx, o)
	}
	var out, errb bytes.Buffer
	d := &Deps{Stdin: in, Stdout: &out, Stderr: &errb, Getenv: func(string) string { return "" }}
	d.fill()
	cmd := newChatCmd(d, cmdRun)
	cmd.SetOut(&out)
	cmd.SetErr(&errb)
	cmd.SetArgs([]string{"--graphrag-index", dulceDir(t), "--no-vector-cache", "-n", "0"})
	sigs <- os.Interrupt // buffered: the session's handler reads it once it starts
	err := cmd.ExecuteContext(context.Background())
	if !errors.Is(err, context.Canceled) || ExitCode(err) != ExitInterrupted {
		t.Errorf("Ctrl-C at the piped prompt: %v (exit %d), want context.Canceled, exit %d", err, ExitCode(err), ExitInterrupted)
	}
}

// questions: cleaned candidates, numbered; a messy model list is parsed
// (B31) and -n bounds it.
func TestQuestions(t *testing.T) {
	code, out, errs := run(t, "questions", "--graphrag-index", dulceDir(t), "--no-vector-cache", "-n", "2", "Tell me about Agent Mercer")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "1. ") || !strings.HasPrefix(lines[1], "2. ") || strings.Contains(out, "Tell me about Agent Mercer\n") {
		t.Errorf("offline questions:\n%s", out)
	}
	messy := "以下是建议的后续问题：\n1. 微博上的负面情绪主要来自哪些群体？\n2: 官方回应后讨论量是否下降？\n- 媒体报道与网民观点有何差异\n3) 媒体报道与网民观点有何差异\n4. 是否存在有组织的传播账号？\n"
	_, srv := newFakeProvider(t, func(task, chapter string, n int) reply { return reply{content: &messy} })
	code, out, errs = runEnv(t, pipelineEnv(srv), "questions", "--graphrag-index", dulceDir(t), "--no-vector-cache", "--min-similarity", "0", "官方回应后讨论量是否下降？")
	// none is marked global: no report of Dulce holds their words, so the
	// router leaves them to local search and its relevance rule
	want := "1. 微博上的负面情绪主要来自哪些群体？\n2. 媒体报道与网民观点有何差异\n3. 是否存在有组织的传播账号？\n"
	if code != 0 || out != want {
		t.Errorf("exit %d, stdout:\n%s\nwant:\n%s\n%s", code, out, want, errs)
	}
	if code, _, _ := run(t, "questions", "--graphrag-index", dulceDir(t), "-n", "0"); code != ExitUsage {
		t.Errorf("-n 0: exit %d", code)
	}
}

// TestChatHistoryFollowUps: the follow-up questions of an answer are made
// with the history the answer had. After each question, chatHistory's
// asked holds it and the user questions of the turns the answer was given
// (read here before add), for keep 1, 2 and 5 over 8 questions; the
// turns hold the last keep questions and answers.
func TestChatHistoryFollowUps(t *testing.T) {
	for _, keep := range []int{1, 2, 5} {
		h := chatHistory{keep: keep}
		for i := range 8 {
			q := fmt.Sprintf("问题%d？", i)
			var before []string
			for _, m := range h.turns {
				if m.Role == llm.RoleUser {
					before = append(before, m.Content)
				}
			}
			h.add(q, "回答")
			if want := append(before, q); !slices.Equal(h.asked, want) {
				t.Errorf("keep %d, question %d: asked %q, want %q", keep, i, h.asked, want)
			}
			if n := min(i+1, keep); len(h.turns) != 2*n || h.turns[2*n-2].Content != q {
				t.Errorf("keep %d, question %d: %d turns, want %d ending with %q", keep, i, len(h.turns)/2, n, q)
			}
		}
	}
}

// A follow-up offered after one answer is not offered again after the
// next (questiongen.Request.Proposed): on the sample the offline model
// had offered the same three after every answer of a session about the
// membership scheme.
func TestChatFollowUpsNotRepeated(t *testing.T) {
	graphs := sampleGraphs(t)
	code, out, errs := runIn(t, "李明咖啡店的会员体系怎么样？\n会员有多少人？\n桂花拿铁卖得怎么样？\nexit\n", nil,
		"chat", "-q", "--llm", "offline", "--graphs", graphs, "--graph", "coffee")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	turns := strings.Split(out, "\n> ")
	if len(turns) != 4 {
		t.Fatalf("%d turns in:\n%s", len(turns)-1, out)
	}
	seen := map[string]int{}
	total := 0
	for i, turn := range turns[1:] {
		for _, m := range followupRE.FindAllStringSubmatch(turn, -1) {
			if prev, ok := seen[m[2]]; ok {
				t.Errorf("turn %d offers %q again (offered after turn %d)", i+1, m[2], prev)
			}
			seen[m[2]] = i + 1
			total++
		}
	}
	if first := len(followupRE.FindAllString(turns[1], -1)); first != 3 || total <= first {
		t.Errorf("follow-ups: %d after the first answer, %d in all; want 3 and more after later answers:\n%s", first, total, out)
	}
}

// A line longer than text.MaxQuestionRunes is said to be too long and
// not searched; the session goes on to the next question (new-user
// trial 40: a pasted 30 000-rune text took 47 s to refuse).
func TestChatLongLineRefused(t *testing.T) {
	long := strings.Repeat("x", text.MaxQuestionRunes+1)
	code, out, errs := runIn(t, long+"\nWho is Alex Mercer?\nexit\n", nil, "chat", "--graphrag-index", dulceDir(t), "--no-vector-cache", "-n", "0")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "4001 characters long; at most 4000") || !strings.Contains(out, "[Data: ") {
		t.Errorf("the long line was not refused, or the next question not answered:\n%s", out)
	}
}
