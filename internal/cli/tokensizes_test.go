package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"reportengine/llm"
	"reportengine/llm/offline"
	"reportengine/llm/tokens"
)

// ---- token sizes per stage on the real fixture (issue 10, docs/llm-contract.md) ----

// stageRequest is one request the fake provider received, as the token
// table sees it: the stage, the prompt size counted with the tool's own
// tokenizer (o200k_base, llm/tokens) over the system and user messages,
// and the sampling fields sent (nil when absent from the body).
type stageRequest struct {
	Stage       string
	Chapter     string
	Prompt      int // tokens
	MaxTokens   *int
	Temperature *float64
	TopP        *float64
	WordTarget  int // constraints.wordTarget of a chapter prompt, words
	// Reply is the size of the offline model's answer to the same
	// messages, tokens: what the stage's reply is sized like.
	Reply  int
	User   string
	System string
}

// stageOf names the stage of a request from its user message: the task,
// with chapters split into those written from the evidence plan and the
// summary/closing chapters written from the other chapters' digests.
func stageOf(task, user string) string {
	if task == "chapter" {
		var in struct {
			Digests []json.RawMessage `json:"chapterDigests"`
		}
		json.Unmarshal([]byte(user), &in)
		if len(in.Digests) > 0 {
			return "chapter (summary, from digests)"
		}
	}
	if task == "" {
		return "(no task)"
	}
	return task
}

// stageRequests decodes every request body the provider received.
func stageRequests(t *testing.T, p *fakeProvider) []stageRequest {
	t.Helper()
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []stageRequest
	for i, body := range p.bodies {
		var req struct {
			Messages []struct {
				Role    string `json:"role"`
				Content string `json:"content"`
			} `json:"messages"`
			MaxTokens           *int     `json:"max_tokens"`
			MaxCompletionTokens *int     `json:"max_completion_tokens"`
			Temperature         *float64 `json:"temperature"`
			TopP                *float64 `json:"top_p"`
		}
		if err := json.Unmarshal([]byte(body), &req); err != nil {
			t.Fatalf("request %d: %v", i, err)
		}
		r := stageRequest{MaxTokens: req.MaxTokens, Temperature: req.Temperature, TopP: req.TopP}
		if r.MaxTokens == nil {
			r.MaxTokens = req.MaxCompletionTokens
		}
		for _, m := range req.Messages {
			r.Prompt += tokens.Count(m.Content)
			switch m.Role {
			case "system":
				r.System += m.Content
			case "user":
				r.User = m.Content
			}
		}
		task, chapter, _ := strings.Cut(p.calls[i], "/")
		r.Stage, r.Chapter = stageOf(task, r.User), chapter
		var c struct {
			Constraints struct {
				WordTarget int `json:"wordTarget"`
			} `json:"constraints"`
		}
		json.Unmarshal([]byte(r.User), &c)
		r.WordTarget = c.Constraints.WordTarget
		var msgs []llm.Message
		for _, m := range req.Messages {
			msgs = append(msgs, llm.Message{Role: llm.Role(m.Role), Content: m.Content})
		}
		if resp, err := offline.New().Complete(context.Background(), llm.Request{Messages: msgs}); err == nil {
			r.Reply = tokens.Count(resp.Content)
		}
		out = append(out, r)
	}
	return out
}

// stageOrder is the pipeline order of the table's rows.
var stageOrder = []string{"template_selection", "document_layout", "word_budget", "graph_query_decision",
	"chapter", "chapter (summary, from digests)", "chapter_repair", "question_generation"}

// tokenTable is the Markdown table of the requests per stage: count,
// prompt tokens (min / median / max), and the distinct max_tokens and
// temperature values sent ("—" when a request carried none).
func tokenTable(reqs []stageRequest) string {
	by := map[string][]stageRequest{}
	for _, r := range reqs {
		by[r.Stage] = append(by[r.Stage], r)
	}
	var b strings.Builder
	b.WriteString("| stage | requests | prompt tokens min / median / max | offline reply tokens max | max_tokens sent | temperature sent | top_p sent |\n")
	b.WriteString("|---|---:|---:|---:|---|---|---|\n")
	stages := append([]string(nil), stageOrder...)
	for s := range by {
		if !slices.Contains(stages, s) {
			stages = append(stages, s)
		}
	}
	for _, s := range stages {
		rs := by[s]
		if len(rs) == 0 {
			continue
		}
		var ps []int
		var mts, temps, tops []string
		reply := 0
		add := func(list *[]string, v string) {
			if !slices.Contains(*list, v) {
				*list = append(*list, v)
			}
		}
		for _, r := range rs {
			ps = append(ps, r.Prompt)
			reply = max(reply, r.Reply)
			add(&mts, intOrDash(r.MaxTokens))
			add(&temps, floatOrDash(r.Temperature))
			add(&tops, floatOrDash(r.TopP))
		}
		slices.Sort(ps)
		fmt.Fprintf(&b, "| %s | %d | %d / %d / %d | %d | %s | %s | %s |\n", s, len(rs), ps[0], ps[len(ps)/2], ps[len(ps)-1],
			reply, strings.Join(mts, ", "), strings.Join(temps, ", "), strings.Join(tops, ", "))
	}
	return b.String()
}

func intOrDash(v *int) string {
	if v == nil {
		return "—"
	}
	return fmt.Sprint(*v)
}

// floatOrDash shows a sampling value; the client sends an explicit 0 as
// the smallest float32, shown as 0.
func floatOrDash(v *float64) string {
	switch {
	case v == nil:
		return "—"
	case *v < 1e-6:
		return "0"
	}
	return fmt.Sprintf("%.2g", *v)
}

// fixtureStates are the three engine states of the real fixture's run.
func fixtureStates(t *testing.T) []string {
	t.Helper()
	if _, err := os.Stat(fixtureDir); err != nil {
		t.Skipf("shared fixtures not available at %s: %v", fixtureDir, err)
	}
	var states []string
	for _, e := range []string{"query", "media", "insight"} {
		states = append(states, filepath.Join(fixtureDir, e+"_engine_streamlit_reports", "state_武汉大学_20250825_180214.json"))
	}
	return states
}

// runFixtureScripted runs `report` on the real fixture (template selection
// included) against the scripted provider.
func runFixtureScripted(t *testing.T, s script, extra ...string) (*fakeProvider, int, string, string) {
	t.Helper()
	states := fixtureStates(t)
	p, srv := newFakeProvider(t, s)
	base := t.TempDir()
	args := append([]string{"report", "--topic", "武汉大学", "--report-id", "wuhan", "--out", filepath.Join(base, "reports"),
		"--graphs", filepath.Join(base, "graphs"), "--forum", filepath.Join(fixtureDir, "logs", "forum.log"), "--timeout", "5s"}, extra...)
	args = append(args, states...)
	code, _, errs := runEnv(t, pipelineEnv(srv), args...)
	return p, code, errs, filepath.Join(base, "reports", "wuhan")
}

// The token table of docs/llm-contract.md: every stage of a report on the
// real fixture, one chapter forced through the repair round (it cites an
// id no plan has). REPORTENGINE_TOKEN_TABLE=FILE writes the table there.
func TestStageTokenSizes(t *testing.T) {
	invent := func(s string) string {
		return strings.Replace(s, `"inlines":[{"text":"`, `"inlines":[{"text":"据称[E987654]`, 1)
	}
	p, code, errs, _ := runFixtureScripted(t, func(task, ch string, n int) reply {
		if task == "chapter" && ch == "S2" && n == 1 {
			return reply{wrap: invent}
		}
		return reply{}
	})
	if code != ExitOK {
		t.Fatalf("exit %d\n%s", code, errs)
	}
	reqs := stageRequests(t, p)
	table := tokenTable(reqs)
	t.Logf("\n%s", table)
	if f := os.Getenv("REPORTENGINE_TOKEN_TABLE"); f != "" {
		if err := os.WriteFile(f, []byte(table), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	seen := map[string]bool{}
	for _, r := range reqs {
		seen[r.Stage] = true
	}
	for _, s := range stageOrder {
		if !seen[s] {
			t.Errorf("no %s request in the run", s)
		}
	}
}
