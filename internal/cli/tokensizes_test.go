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

	"reportengine/evidence"
	"reportengine/llm"
	"reportengine/llm/openaicompat"
	"reportengine/llm/tokens"
	"reportengine/nodes/draft"
	"reportengine/prompts"
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
	body   string // the raw request body
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
		r := stageRequest{MaxTokens: req.MaxTokens, Temperature: req.Temperature, TopP: req.TopP, body: body}
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
		if resp, err := draft.NewModel().Complete(context.Background(), llm.Request{Messages: msgs}); err == nil {
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
// included) against the scripted provider, which calls itself
// deepseek-chat (so the documented 8 192-token output maximum applies).
func runFixtureScripted(t *testing.T, s script, extra ...string) (*fakeProvider, int, string, string) {
	t.Helper()
	states := fixtureStates(t)
	p, srv := newFakeProvider(t, s)
	base := t.TempDir()
	args := append([]string{"report", "--topic", "武汉大学", "--report-id", "wuhan", "--out", filepath.Join(base, "reports"),
		"--graphs", filepath.Join(base, "graphs"), "--forum", filepath.Join(fixtureDir, "logs", "forum.log"), "--timeout", "5s"}, extra...)
	args = append(args, states...)
	env := pipelineEnv(srv)
	env["REPORT_ENGINE_MODEL_NAME"] = "deepseek-chat"
	code, _, errs := runEnv(t, env, args...)
	return p, code, errs, filepath.Join(base, "reports", "wuhan")
}

// The token table of docs/llm-contract.md: every stage of a report on the
// real fixture, one chapter forced through the repair round (it cites an
// id no plan has). REPORTENGINE_TOKEN_TABLE=FILE writes the table there.
//
// Every request carries an output limit sized to its stage and within
// deepseek-chat's 8 192, and a temperature: ≤ 0.2 for decisions and
// planning, 0.5–0.7 for prose; a chapter's limit is 2 × its word target +
// 1 500 tokens. The chapter prompts use the OpenAI-compatible prompt
// budget (remotePromptTokens): within it, and with more planned evidence
// per sub-point than the offline default (evidence.PerSubPoint).
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
	const modelMax = 8192
	most := 0
	for _, r := range reqs {
		if strings.HasPrefix(r.Stage, "chapter") && r.Prompt > remotePromptTokens {
			t.Errorf("%s %s: prompt of %d tokens over the budget %d", r.Stage, r.Chapter, r.Prompt, remotePromptTokens)
		}
		if r.Stage == "chapter" {
			var in prompts.ChapterInput
			if err := json.Unmarshal([]byte(r.User), &in); err != nil {
				t.Fatal(err)
			}
			for _, sp := range in.SubPoints {
				most = max(most, len(sp.Evidence))
			}
		}
		if r.MaxTokens == nil || *r.MaxTokens <= 0 || *r.MaxTokens > modelMax {
			t.Errorf("%s %s: max_tokens %s, want 1..%d", r.Stage, r.Chapter, intOrDash(r.MaxTokens), modelMax)
			continue
		}
		if r.Temperature == nil {
			t.Errorf("%s %s: no temperature sent", r.Stage, r.Chapter)
			continue
		}
		temp := *r.Temperature
		switch r.Stage {
		case "chapter", "chapter (summary, from digests)":
			want := min(2*r.WordTarget+1500, modelMax)
			if r.WordTarget <= 0 || *r.MaxTokens != want {
				t.Errorf("chapter %s: max_tokens %d for word target %d, want %d", r.Chapter, *r.MaxTokens, r.WordTarget, want)
			}
			if temp < 0.5 || temp > 0.7 {
				t.Errorf("chapter %s: temperature %g, want prose 0.5–0.7", r.Chapter, temp)
			}
		case "question_generation":
			if temp < 0.5 || temp > 0.7 {
				t.Errorf("%s: temperature %g, want prose 0.5–0.7", r.Stage, temp)
			}
		default:
			if temp > 0.2 {
				t.Errorf("%s %s: temperature %g, want ≤ 0.2 for a decision or plan", r.Stage, r.Chapter, temp)
			}
			if *r.MaxTokens > 4096 && r.Stage != "chapter_repair" { // a repair answers with chapter JSON
				t.Errorf("%s %s: max_tokens %d for a short structured reply", r.Stage, r.Chapter, *r.MaxTokens)
			}
		}
	}
	if most <= evidence.PerSubPoint {
		t.Errorf("no sub-point carries more than %d evidence items: the larger prompt budget is not used", evidence.PerSubPoint)
	}
}

// --temperature-plan/--temperature-prose and their variables override the
// stage defaults; --no-temperature still sends none.
func TestPipelineScriptedTemperatureOverrides(t *testing.T) {
	p, code, _, errs, _ := runScripted(t, good, "--temperature-plan", "0", "--temperature-prose", "0.3")
	if code != ExitOK {
		t.Fatalf("exit %d\n%s", code, errs)
	}
	for _, r := range stageRequests(t, p) {
		want := "0"
		if r.Stage == "chapter" || r.Stage == "chapter (summary, from digests)" || r.Stage == "question_generation" {
			want = "0.3"
		}
		if got := floatOrDash(r.Temperature); got != want {
			t.Errorf("%s %s: temperature %s, want %s", r.Stage, r.Chapter, got, want)
		}
	}
	var opts reportOptions
	opts.Getenv = func(k string) string {
		return map[string]string{envTempPlan: "0.05", envTempProse: "3"}[k]
	}
	if _, err := stageLimits(&opts, llm.Info{Provider: "offline"}); ExitCode(err) != ExitUsage {
		t.Errorf("REPORT_ENGINE_TEMPERATURE_PROSE=3: err %v, want a usage error", err)
	}
	opts.Getenv = func(k string) string { return map[string]string{envTempPlan: "0.05"}[k] }
	l, err := stageLimits(&opts, llm.Info{Provider: "offline"})
	if err != nil || l.plan == nil || *l.plan != 0.05 || l.prose != nil {
		t.Errorf("REPORT_ENGINE_TEMPERATURE_PLAN=0.05: %+v, %v", l, err)
	}
}

// The prompt budget and output maximum follow the model unless set:
// OpenAI-compatible servers get the large prompt budget, the offline model
// and Ollama the small one; --max-output-tokens, then its variable, then
// the model's documented maximum.
func TestStageLimitsDefaults(t *testing.T) {
	for _, tc := range []struct {
		name       string
		info       llm.Info
		flagPrompt int
		flagOut    int
		env        map[string]string
		wantPrompt int
		wantOut    int
		wantUsage  bool
	}{
		{name: "offline", info: llm.Info{Provider: "offline", Model: "offline-extractive"}, wantPrompt: 6000},
		{name: "gpt-4o", info: llm.Info{Provider: "openai-compatible", Model: "gpt-4o", Host: "api.openai.com"}, wantPrompt: remotePromptTokens, wantOut: 16384},
		{name: "deepseek", info: llm.Info{Provider: "openai-compatible", Model: "deepseek-chat", Host: "api.deepseek.com"}, wantPrompt: remotePromptTokens, wantOut: 8192},
		{name: "ollama", info: llm.Info{Provider: "openai-compatible", Model: "qwen2.5:7b", Host: "localhost:11434"}, wantPrompt: 6000, wantOut: 4096},
		{name: "flags", info: llm.Info{Provider: "openai-compatible", Model: "gpt-4o", Host: "api.openai.com"}, flagPrompt: 3000, flagOut: 2000, wantPrompt: 3000, wantOut: 2000},
		{name: "env", info: llm.Info{Provider: "openai-compatible", Model: "gpt-4o", Host: "api.openai.com"}, env: map[string]string{envMaxOutput: "12000"}, wantPrompt: remotePromptTokens, wantOut: 12000},
		{name: "bad env", info: llm.Info{Provider: "openai-compatible", Model: "gpt-4o", Host: "api.openai.com"}, env: map[string]string{envMaxOutput: "lots"}, wantUsage: true},
	} {
		opts := &reportOptions{PromptTokens: tc.flagPrompt, MaxOutput: tc.flagOut, Getenv: func(k string) string { return tc.env[k] }}
		l, err := stageLimits(opts, tc.info)
		if tc.wantUsage {
			if ExitCode(err) != ExitUsage {
				t.Errorf("%s: err %v, want a usage error", tc.name, err)
			}
			continue
		}
		if err != nil || l.promptTokens != tc.wantPrompt || l.maxOutput != tc.wantOut {
			t.Errorf("%s: prompt %d, output %d, err %v; want %d and %d", tc.name, l.promptTokens, l.maxOutput, err, tc.wantPrompt, tc.wantOut)
		}
	}
}

// A reasoning model's thinking counts against its output limit, so every
// call of deepseek-reasoner asks for the stage's limit plus 8 192 tokens
// (capped at its 32 768); --reasoning-tokens 0 takes the allowance away.
func TestPipelineScriptedReasoningAllowance(t *testing.T) {
	for _, tc := range []struct {
		name  string
		extra []string
		add   int
	}{
		{"default", nil, openaicompat.ReasoningAllowance},
		{"flag 0", []string{"--reasoning-tokens", "0"}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, code, _, errs, _ := runScripted(t, good, append([]string{"--model", "deepseek-reasoner"}, tc.extra...)...)
			if code != ExitOK {
				t.Fatalf("exit %d\n%s", code, errs)
			}
			seen := 0
			for _, r := range stageRequests(t, p) {
				var want int
				switch r.Stage {
				case "graph_query_decision":
					want = 512
				case "chapter", "chapter (summary, from digests)":
					want = 2*r.WordTarget + 1500
				default:
					continue
				}
				seen++
				want = min(want+tc.add, 32768)
				if r.MaxTokens == nil || *r.MaxTokens != want {
					t.Errorf("%s %s: max_tokens %s, want %d", r.Stage, r.Chapter, intOrDash(r.MaxTokens), want)
				}
			}
			if seen == 0 {
				t.Fatal("no decision or chapter request")
			}
		})
	}
}
