package cli

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"reportengine/graphrag/localsearch"
)

// wuhanGraphs builds the BettaFish fixture graph (three engines of run
// 20250825_180214 and the forum log) as build-graph does, id "wuhan".
func wuhanGraphs(t *testing.T) string {
	t.Helper()
	graphs := t.TempDir()
	args := []string{"build-graph", "--graphs", graphs, "--report-id", "wuhan", "--forum", filepath.Join(fixtureDir, "logs", "forum.log")}
	for _, e := range []string{"query", "media", "insight"} {
		args = append(args, filepath.Join(fixtureDir, e+"_engine_streamlit_reports", "state_武汉大学_20250825_180214.json"))
	}
	if code, _, errs := run(t, args...); code != 0 {
		t.Skipf("build-graph on the fixture: %d %s", code, errs)
	}
	return graphs
}

// B24a: a question about nothing in the knowledge (no entity shares a term
// with it, or the ones that do are weak matches, and every vector hit is
// below the floor) is a no-match with no model call, in search (text: the
// plain "nothing relevant" sentence; --json: no_match and relevance.weak),
// questions and chat, on our graphs and on Dulce; real questions still
// match and call the model once.
func TestNoMatchAsksNoModel(t *testing.T) {
	wuhan := wuhanGraphs(t)
	coffee := sampleGraphs(t)
	src := map[string][]string{
		"wuhan":  {"--graphs", wuhan, "--graph", "wuhan"},
		"coffee": {"--graphs", coffee, "--graph", "coffee"},
		"dulce":  {"--graphrag-index", dulceDir(t)},
	}
	for _, tc := range []struct {
		src, question string
		match         bool
	}{
		{"wuhan", "火星殖民", false},
		{"wuhan", "今天天气怎么样？", false}, // shares only 今天 with one entity, which does not stand out
		{"wuhan", "How do I bake bread?", false},
		{"wuhan", "武汉大学樱花季的舆情如何？", true},
		{"coffee", "火星殖民", false},
		{"dulce", "火星殖民", false},
		{"dulce", "What is the recipe for lasagna?", false},
		{"wuhan", "樱花", true},
		{"coffee", "李明为什么选择写字楼商圈？", true},
		{"coffee", "火星上能开咖啡店吗？", false},                                                      // the new-user trial: a place never named (火星上), though 咖啡店 is held
		{"coffee", "写字楼里的咖啡店周末营业吗？", true},                                                   // a place the knowledge holds
		{"coffee", "9月新增了多少条差评？", true},                                                      // the new-user trial of session 32: 条差评 was asked for
		{"coffee", "How many members did the shop sign up in its first three months?", true}, // and sign, first were never held
		{"coffee", "How many members joined?", true},                                         // session 33's trial: join, loyalty, program, gain, offer
		{"coffee", "How many members did the loyalty program gain, and what was the offer?", true},
		{"wuhan", "What did Wuhan University officially announce about the library case?", true}, // officially, announce
		{"coffee", "那个桂花味的拿铁是哪个月开始卖的我孙女天天喝说好卖得很到底卖得咋样", true},                                    // heldout55: 孙女 is no subject name, though the dictionary tags it one
		{"wuhan", "武汉大学官方微信视频号现在有多少粉丝？", false},                                                  // a platform never written, though 视频 and 微信 are held
		{"wuhan", "今年国考的申论真题里有没有直接用武大图书馆事件当材料？", false},                                          // heldout51: set in an exam paper never named, its event held
		{"wuhan", "今年武大的樱花季里游客多吗？", true},                                                        // a place the knowledge holds after the time word
		{"dulce", "Who is Alex Mercer?", true},
		{"dulce", "Agent Mercer", true},
	} {
		t.Run(tc.src+"/"+tc.question, func(t *testing.T) {
			p, srv := newFakeProvider(t, func(task, chapter string, n int) reply { return reply{} })
			env := pipelineEnv(srv)
			args := append(append([]string{"search", "-q", "--no-vector-cache", "--json"}, src[tc.src]...), tc.question)
			code, js, errs := runEnv(t, env, args...)
			var res struct {
				NoMatch   bool `json:"no_match"`
				LLMCalls  int  `json:"llm_calls"`
				Relevance struct {
					Weak bool `json:"weak"`
				} `json:"relevance"`
			}
			if code != 0 || json.Unmarshal([]byte(js), &res) != nil {
				t.Fatalf("exit %d: %s %.300s", code, errs, js)
			}
			wantCalls := 0
			if tc.match {
				wantCalls = 1
			}
			if res.NoMatch == tc.match || res.Relevance.Weak == tc.match || res.LLMCalls != wantCalls || p.total() != wantCalls {
				t.Fatalf("no_match %v, llm_calls %d, requests %d; want no_match %v, %d calls", res.NoMatch, res.LLMCalls, p.total(), !tc.match, wantCalls)
			}
			if tc.match {
				return
			}
			code, out, errs := runEnv(t, env, append(append([]string{"search", "-q", "--no-vector-cache"}, src[tc.src]...), tc.question)...)
			if code != 0 || !strings.HasPrefix(out, localsearch.WeakMatchLead) || strings.Count(strings.TrimSpace(out), "\n") != 0 {
				t.Errorf("search: exit %d, stdout %q, stderr %s", code, out, errs)
			}
			code, out, errs = runEnv(t, env, append(append([]string{"questions", "-q", "--no-vector-cache"}, src[tc.src]...), tc.question)...)
			if code != 0 || strings.Contains(out, "1. ") {
				t.Errorf("questions: exit %d, stdout %q, stderr %s", code, out, errs)
			}
			code, out, errs = runIn(t, tc.question+"\nexit\n", env, append([]string{"chat", "-q", "--no-vector-cache"}, src[tc.src]...)...)
			if code != 0 || !strings.Contains(out, localsearch.WeakMatchLead) {
				t.Errorf("chat: exit %d, stdout %q, stderr %s", code, out, errs)
			}
			if p.total() != 0 {
				t.Errorf("%d model requests for a no-match question", p.total())
			}
		})
	}
}

// B31: a reply that asks nothing ("好的。") gives no numbered question, a
// warning, exit 0; --json has an empty list.
func TestQuestionsNonQuestionReply(t *testing.T) {
	graphs := sampleGraphs(t)
	ok := "好的。"
	_, srv := newFakeProvider(t, func(task, chapter string, n int) reply { return reply{content: &ok} })
	env := pipelineEnv(srv)
	args := []string{"questions", "--graphs", graphs, "--graph", "coffee", "--no-vector-cache", "李明为什么选择写字楼商圈？"}
	code, out, errs := runEnv(t, env, args...)
	if code != 0 || out != "" || !strings.Contains(errs, "no usable question") {
		t.Errorf("exit %d, stdout %q, stderr %s", code, out, errs)
	}
	code, js, errs := runEnv(t, env, append(args, "--json")...)
	var res struct {
		Questions []string `json:"response"`
	}
	if code != 0 || json.Unmarshal([]byte(js), &res) != nil || res.Questions == nil || len(res.Questions) != 0 {
		t.Errorf("--json: exit %d %s %.300s", code, errs, js)
	}
}

// --context-only reports the relevance gate too: with --json no_match and
// the terms found and missing; as text the one plain line, on stderr,
// instead of an empty context; a no-match exits ExitNoMatch (6) either
// way.
func TestContextOnlyReportsNoMatch(t *testing.T) {
	graphs := sampleGraphs(t)
	args := []string{"search", "-q", "--no-vector-cache", "--context-only", "--graphs", graphs, "--graph", "coffee"}
	for q, match := range map[string]bool{"今天天气怎么样？": false, "李明为什么选择写字楼商圈？": true} {
		code, js, errs := run(t, append(append([]string{}, args...), "--json", q)...)
		var res struct {
			NoMatch   bool `json:"no_match"`
			Relevance struct {
				Found   []string `json:"found"`
				Missing []string `json:"missing"`
				Weak    bool     `json:"weak"`
			} `json:"relevance"`
			Text string `json:"context_text"`
		}
		wantCode := map[bool]int{true: 0, false: ExitNoMatch}[match]
		if code != wantCode || json.Unmarshal([]byte(js), &res) != nil {
			t.Fatalf("%s: exit %d (want %d) %s %.300s", q, code, wantCode, errs, js)
		}
		if res.NoMatch == match || res.Relevance.Weak == match || (res.Text != "") != match {
			t.Errorf("%s: %+v", q, res)
		}
		if !match && strings.Join(res.Relevance.Missing, " ") != "今天 天气" {
			t.Errorf("%s: missing %v", q, res.Relevance.Missing)
		}
		code, out, errs := run(t, append(append([]string{}, args...), q)...)
		said := strings.HasPrefix(strings.TrimPrefix(errs, "reportengine: "), localsearch.WeakMatchLead)
		if code != wantCode || said == match || (out == "") != !match {
			t.Errorf("%s: exit %d, stdout %.80q, stderr %q", q, code, out, errs)
		}
	}
}
