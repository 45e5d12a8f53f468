package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"reportengine/llm"
	"reportengine/text"
)

// searchJSON is the part of search --json these tests read.
type searchJSON struct {
	Method       string `json:"method"`
	MethodReason string `json:"method_reason"`
	Response     string `json:"response"`
	NoData       bool   `json:"no_data"`
	NoMatch      bool   `json:"no_match"`
	Citations    []struct {
		Dataset   string `json:"dataset"`
		ID        string `json:"id"`
		InContext bool   `json:"in_context"`
	} `json:"citations"`
	MapResponses []json.RawMessage `json:"map_responses"`
}

func searchAsJSON(t *testing.T, args ...string) searchJSON {
	t.Helper()
	code, out, errs := run(t, append([]string{"search", "-q", "--json"}, args...)...)
	var res searchJSON
	if code != 0 || json.Unmarshal([]byte(out), &res) != nil {
		t.Fatalf("%v: exit %d %s %.300s", args, code, errs, out)
	}
	return res
}

// --method auto (the default) sends a broad question to global search and
// a specific one to local search, and --json says which and why; each
// case fails when the routing is reversed. --method forces either.
func TestSearchMethodRouting(t *testing.T) {
	graphs := sampleGraphs(t)
	g := []string{"--graphs", graphs, "--graph", "coffee"}

	broad := searchAsJSON(t, append(g, "李明咖啡店的总体情况怎么样？")...)
	if broad.Method != "global" || !strings.Contains(broad.MethodReason, "broad wording") || broad.NoData || len(broad.MapResponses) == 0 {
		t.Fatalf("broad question: method %q (%s), no_data %v\n%s", broad.Method, broad.MethodReason, broad.NoData, broad.Response)
	}
	if !strings.HasPrefix(broad.Response, "**摘录式回答**") || len(broad.Citations) == 0 {
		t.Errorf("global answer:\n%s", broad.Response)
	}
	for _, c := range broad.Citations {
		if c.Dataset != "Reports" || !c.InContext {
			t.Errorf("citation %+v is not a report of the batches", c)
		}
	}

	specific := searchAsJSON(t, append(g, "李明为什么选择写字楼商圈？")...)
	if specific.Method != "local" || specific.MethodReason == "" || specific.MapResponses != nil {
		t.Errorf("specific question: method %q (%s)", specific.Method, specific.MethodReason)
	}

	forced := searchAsJSON(t, append(g, "--method", "global", "李明为什么选择写字楼商圈？")...)
	if forced.Method != "global" || forced.MethodReason != "--method global" || len(forced.MapResponses) == 0 {
		t.Errorf("--method global: %q (%s)", forced.Method, forced.MethodReason)
	}
	forced = searchAsJSON(t, append(g, "--method", "local", "李明咖啡店的总体情况怎么样？")...)
	if forced.Method != "local" || forced.MapResponses != nil {
		t.Errorf("--method local: %q (%s)", forced.Method, forced.MethodReason)
	}
}

// On Dulce, the broad English question goes global and is answered from
// the reports, cited; the text output lists the cited reports and stderr
// names the method.
func TestSearchGlobalDulce(t *testing.T) {
	env := map[string]string{"HOME": t.TempDir()}
	code, out, errs := runEnv(t, env, "search", "--graphrag-index", dulceDir(t), "What are the main themes of the story?")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(errs, "method: global (broad wording: main themes, the story)") {
		t.Errorf("stderr does not name the method:\n%s", errs)
	}
	if !strings.HasPrefix(out, "**Extracted answer**") || !strings.Contains(out, "[Data: Reports (") || !strings.Contains(out, "\nCited records:\n  Reports ") ||
		strings.Contains(out, "Citations not in the context") {
		t.Errorf("stdout:\n%s", out)
	}
	// --context-only prints the batches and asks nothing
	code, out, errs = runEnv(t, env, "search", "--graphrag-index", dulceDir(t), "--context-only", "--method", "global", "--max-context-tokens", "2000", "anything")
	if code != 0 || !strings.HasPrefix(out, "----- batch 1 of ") || !strings.Contains(out, "id|title|occurrence weight|content|rank\n") || !strings.Contains(out, "----- batch 2 of ") {
		t.Errorf("--context-only: exit %d %s\n%.500s", code, errs, out)
	}
}

// A bad --method is refused (exit 2) before anything is loaded: the graph
// does not exist, which loading would report as exit 4.
func TestSearchMethodUsage(t *testing.T) {
	for _, cmd := range []string{"search", "chat"} {
		args := []string{cmd, "--graphs", t.TempDir(), "--graph", "none", "--method", "drift"}
		if cmd == "search" {
			args = append(args, "q")
		}
		code, _, errs := run(t, args...)
		if code != ExitUsage || !strings.Contains(errs, "--method") {
			t.Errorf("%s: exit %d %s", cmd, code, errs)
		}
	}
}

// Chat routes each question: a broad one global, a specific one local.
func TestChatRoutesEachQuestion(t *testing.T) {
	graphs := sampleGraphs(t)
	code, out, errs := runIn(t, "李明咖啡店的总体情况怎么样？\n李明为什么选择写字楼商圈？\nexit\n", nil, "chat", "--graphs", graphs, "--graph", "coffee", "-n", "0")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	g, l := strings.Index(errs, "method: global ("), strings.Index(errs, "method: local (")
	if g < 0 || l < 0 || g > l {
		t.Errorf("stderr:\n%s", errs)
	}
	turns := strings.Split(out, "\n> ")
	if len(turns) != 3 || !strings.Contains(turns[1], "[Data: Reports (") || !strings.Contains(turns[2], "[Data: ") {
		t.Errorf("stdout:\n%s", out)
	}
}

// A global answer from a configured model that cites a report no batch
// held is marked where it stands, as a local answer is (before: only
// listed after the answer, left in it as if valid); --json keeps the
// answer as the model wrote it.
func TestSearchGlobalMarksUnknownCitations(t *testing.T) {
	answer := `{"points": [{"description": "The story follows a team [Data: Reports (999999, +more)].", "score": 80}]}`
	_, srv := newFakeProvider(t, func(task, chapter string, n int) reply { return reply{content: &answer} })
	env := pipelineEnv(srv)
	args := []string{"search", "--graphrag-index", dulceDir(t), "--no-vector-cache", "--method", "global", "What are the main themes of the story?"}
	code, out, errs := runEnv(t, env, args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	marked := strings.Replace(answer, "999999", "999999⟨not in context⟩", 1)
	if !strings.HasPrefix(out, marked+"\n") || !strings.Contains(out, "Citations not in the context (marked ⟨not in context⟩ in the answer): Reports (999999)") ||
		!strings.Contains(out, "more reports than it names (+more)") {
		t.Errorf("stdout:\n%s", out)
	}
	code, js, errs := runEnv(t, env, append(args[:len(args)-1:len(args)-1], "--json", args[len(args)-1])...)
	var res searchJSON
	if code != 0 || json.Unmarshal([]byte(js), &res) != nil || res.Response != answer || len(res.Citations) != 1 || res.Citations[0].InContext {
		t.Errorf("--json: exit %d %s %+v", code, errs, res)
	}
}

// In chat on the fixture, "那后来呢？" after a question on the 图书馆
// event is routed and answered as that question (before: routed global
// for naming nothing and answered with the school's 1893 history), while
// an off-topic question after them is still refused: the history makes a
// follow-up specific, never an off-topic question relevant.
func TestChatEllipticFollowUp(t *testing.T) {
	graphs := fixtureGraph(t)
	in := "武汉大学图书馆事件是怎么回事？\n那后来呢？\n火星殖民计划的进展如何？\nexit\n"
	code, out, errs := runIn(t, in, nil, "chat", "--graphs", graphs, "--graph", "wuhan", "-n", "0")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(errs, "method: local (a follow-up naming nothing, routed as the earlier question") {
		t.Errorf("follow-up not routed as the earlier question:\n%s", errs)
	}
	turns := strings.Split(out, "\n> ")
	if len(turns) != 4 {
		t.Fatalf("%d turns:\n%s", len(turns), out)
	}
	first := ""
	for _, l := range strings.Split(turns[2], "\n") {
		if strings.HasPrefix(l, "- ") {
			first = l
			break
		}
	}
	if !strings.Contains(first, "图书馆") || strings.Contains(turns[2], "1893") {
		t.Errorf("follow-up not answered about the 图书馆 event:\n%s", turns[2])
	}
	// it moves on: no bullet of the first answer is given again
	if again := sharedBullets(turns[1], turns[2]); len(again) > 0 {
		t.Errorf("follow-up repeats %q", again)
	}
	if !strings.Contains(turns[3], "The knowledge holds nothing relevant") {
		t.Errorf("off-topic question after the history answered:\n%s", turns[3])
	}
}

// sharedBullets returns the "- " lines two answers share, citations aside.
func sharedBullets(a, b string) []string {
	bullets := func(s string) map[string]bool {
		out := map[string]bool{}
		for _, l := range strings.Split(s, "\n") {
			if strings.HasPrefix(l, "- ") {
				out[text.StripCitations(l)] = true
			}
		}
		return out
	}
	var out []string
	for l := range bullets(b) {
		if bullets(a)[l] {
			out = append(out, l)
		}
	}
	return out
}

// search --history with the first answer in the history: "那后来呢？" after
// "武汉大学图书馆事件一审判决结果是什么？" is answered about the case with
// none of the first answer's bullets (without the earlier answers in its
// context, localsearch's historyParams, or without offline's unscoreGiven,
// it repeats them bullet for bullet).
func TestSearchHistoryFollowUpMovesOn(t *testing.T) {
	graphs := fixtureGraph(t)
	q := "武汉大学图书馆事件一审判决结果是什么？"
	code, first, errs := run(t, "search", "--graphs", graphs, "--graph", "wuhan", "--llm", "offline", q)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	answer, _, _ := strings.Cut(first, "\nCited records:")
	hist, err := json.Marshal([]llm.Message{{Role: llm.RoleUser, Content: q}, {Role: llm.RoleAssistant, Content: strings.TrimSpace(answer)}})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "history.json")
	if err := os.WriteFile(path, hist, 0o644); err != nil {
		t.Fatal(err)
	}
	code, next, errs := run(t, "search", "--graphs", graphs, "--graph", "wuhan", "--llm", "offline", "--history", path, "那后来呢？")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(next, "一审") && !strings.Contains(next, "判决") {
		t.Errorf("follow-up not about the case:\n%s", next)
	}
	if again := sharedBullets(answer, next); len(again) > 0 || !strings.Contains(next, "\n- ") {
		t.Errorf("follow-up repeats %q:\n%s", again, next)
	}
}

// A local route's method line is printed before an answer and never before
// a refusal (whose sentence says why), in search and in chat; --json still
// carries the route of the refused question.
func TestMethodLineOnlyBeforeAnAnswer(t *testing.T) {
	graphs := sampleGraphs(t)
	const offTopic, onTopic = "火星殖民计划的进展如何？", "李明为什么选择写字楼商圈？"
	for _, q := range []string{offTopic, onTopic} {
		code, _, errs := run(t, "search", "--graphs", graphs, "--graph", "coffee", q)
		said := strings.Contains(errs, "method: local (")
		if code != 0 || said != (q == onTopic) {
			t.Errorf("%s: exit %d, stderr:\n%s", q, code, errs)
		}
	}
	code, out, _ := run(t, "search", "--graphs", graphs, "--graph", "coffee", "--json", offTopic)
	if code != 0 || !strings.Contains(out, `"no_match": true`) || !strings.Contains(out, `"method": "local"`) || !strings.Contains(out, `"method_reason"`) {
		t.Errorf("--json: exit %d:\n%.400s", code, out)
	}
	code, _, errs := runIn(t, offTopic+"\n"+onTopic+"\nexit\n", nil, "chat", "--graphs", graphs, "--graph", "coffee", "-n", "0")
	if code != 0 || strings.Count(errs, "method: local (") != 1 {
		t.Errorf("chat: exit %d, stderr:\n%s", code, errs)
	}
}

// Fewer follow-up questions than -n asks for are said, never silently
// short: on the sample, "会员体系怎么样？" after "李明为什么选择写字楼商圈？"
// (whose three follow-ups were offered, and are not offered again) gives
// fewer than three, and the note says how many (none: "No follow-up
// questions"); three get no note, nor does a refused question.
func TestChatSaysFewerFollowUps(t *testing.T) {
	graphs := sampleGraphs(t)
	code, out, errs := runIn(t, "李明为什么选择写字楼商圈？\n火星殖民计划的进展如何？\n会员体系怎么样？\nexit\n", nil, "chat", "--graphs", graphs, "--graph", "coffee", "-n", "3")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	turns := strings.Split(out, "\n> ")
	if len(turns) != 4 {
		t.Fatalf("%d turns in:\n%s", len(turns)-1, out)
	}
	if n := len(followupRE.FindAllString(turns[1], -1)); n != 3 || strings.Contains(turns[1], "asked for") {
		t.Errorf("first turn: %d follow-ups:\n%s", n, turns[1])
	}
	if strings.Contains(turns[2], "follow-up") || strings.Contains(turns[2], "asked for") {
		t.Errorf("a refused question got a follow-up note:\n%s", turns[2])
	}
	n := len(followupRE.FindAllString(turns[3], -1))
	if n >= 3 || !strings.Contains(turns[3], fewerFollowUps(n, 3)) {
		t.Errorf("%d follow-ups without the note %q:\n%s", n, fewerFollowUps(n, 3), turns[3])
	}
	if !strings.Contains(fewerFollowUps(0, 3), "No follow-up questions") || !strings.Contains(fewerFollowUps(2, 3), "2 of the 3") {
		t.Errorf("notes: %q, %q", fewerFollowUps(0, 3), fewerFollowUps(2, 3))
	}
}
