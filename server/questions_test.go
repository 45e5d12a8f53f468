package server_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"reportengine/graphrag/globalsearch"
	"reportengine/graphrag/knowledge"
	"reportengine/llm"
	"reportengine/llm/offline"
	"reportengine/server"
)

type questionsBody struct {
	Success   bool     `json:"success"`
	Target    string   `json:"target"`
	Questions []string `json:"questions"`
	Result    struct {
		Questions       []string `json:"response"`
		QuestionContext string   `json:"question_context"`
		ContextText     string   `json:"context_text"`
		LLMCalls        int      `json:"llm_calls"`
	} `json:"result"`
}

// Follow-up questions on the same context builder as search (B39): the
// last history question is the query; the context equals the one search
// builds for that question with the earlier questions as history.
func TestQuestions(t *testing.T) {
	graphs := t.TempDir()
	saveGraph(t, graphs, fixtureGraph(t, "wuhan"))
	_, ts := newServer(t, server.Config{GraphsDir: graphs, Search: searchConfig(offline.New())})
	history := []string{"武汉大学樱花季", "预约制度怎么样"}
	hj, _ := json.Marshal(history)
	status, body := postJSON(t, ts.URL+"/api/questions", `{"report_id":"wuhan","history":`+string(hj)+`,"count":3}`)
	if status != 200 {
		t.Fatalf("status %d %s", status, body)
	}
	q := decode[questionsBody](t, body)
	if !q.Success || q.Target != "wuhan" || len(q.Questions) == 0 || len(q.Questions) > 3 || q.Result.LLMCalls != 1 ||
		q.Result.QuestionContext != history[1] || strings.Join(q.Questions, "|") != strings.Join(q.Result.Questions, "|") {
		t.Fatalf("questions %+v", q)
	}
	for _, s := range q.Questions {
		if strings.TrimSpace(s) == "" || s == history[0] || s == history[1] || strings.HasPrefix(s, "- ") {
			t.Errorf("question %q", s)
		}
	}
	// The same context as a search of the last question with the first as
	// history.
	_, _, evs, _ := search(t, ts.URL, `{"report_id":"wuhan","question":"`+history[1]+`","history":["`+history[0]+`"]}`)
	var sum summary
	if err := json.Unmarshal([]byte(evs[len(evs)-1].Data), &sum); err != nil {
		t.Fatal(err)
	}
	if sum.ContextText == "" || sum.ContextText != q.Result.ContextText {
		t.Errorf("question context differs from the search context (%d vs %d bytes)", len(q.Result.ContextText), len(sum.ContextText))
	}
	// An empty history uses the empty-query selection, no error.
	status, body = postJSON(t, ts.URL+"/api/questions", `{}`)
	if q := decode[questionsBody](t, body); status != 200 || !q.Success || q.Result.ContextText == "" {
		t.Errorf("empty history: %d %.300s", status, body)
	}

	for _, c := range []struct {
		body    string
		status  int
		mention string
	}{
		{`{"count":0}`, 400, "count"},
		{`{"count":21}`, 400, "count"},
		{`{"count":"3"}`, 400, "count"},
		{`{"count":1.5}`, 400, "count"},
		{`{"history":"q"}`, 400, "history"},
		{`{"history":[{"role":"x","content":"q"}]}`, 400, "history[0].role"},
		{`{"report_id":"nope"}`, 404, "nope"},
		{`{"index":"nope"}`, 404, "index"},
		{`{"report_id":"wuhan","index":"x"}`, 400, "not both"},
		{`[]`, 400, "JSON object"},
		{`{"count":2,"question":"q"}`, 400, "question: unknown field"}, // /api/search's member
	} {
		status, body := postJSON(t, ts.URL+"/api/questions", c.body)
		wantFailure(t, c.body, status, body, c.status)
		if f := decode[failureBody](t, body); !strings.Contains(f.Message, c.mention) {
			t.Errorf("%s: message %q lacks %q", c.body, f.Message, c.mention)
		}
	}
	_, off := newServer(t, server.Config{GraphsDir: graphs})
	status, body = postJSON(t, off.URL+"/api/questions", `{}`)
	wantFailure(t, "questions with search off", status, body, http.StatusNotFound)
}

// listModel answers every request with a fixed numbered list of questions.
type listModel struct{ list string }

func (listModel) Info() llm.Info { return llm.Info{Provider: "test", Model: "list"} }
func (m listModel) Complete(ctx context.Context, req llm.Request) (llm.Response, error) {
	return m.Stream(ctx, req, func(llm.Chunk) error { return nil })
}
func (m listModel) Stream(_ context.Context, _ llm.Request, fn func(llm.Chunk) error) (llm.Response, error) {
	if err := fn(llm.Chunk{Delta: m.list}); err != nil {
		return llm.Response{}, err
	}
	return llm.Response{Content: m.list, FinishReason: "stop"}, nil
}

// Each follow-up question is labelled with the method POST /api/search
// would take for it (method auto): the router's choice over the same
// knowledge, a broad question global and a specific one local (before,
// every question was labelled local).
func TestQuestionsLabelledByRouter(t *testing.T) {
	graphs := t.TempDir()
	g := fixtureGraph(t, "wuhan")
	saveGraph(t, graphs, g)
	broad, specific := "武汉大学的舆情总体怎么样？", "武汉大学图书馆事件是怎么回事？"
	_, ts := newServer(t, server.Config{GraphsDir: graphs, Search: searchConfig(listModel{"1. " + broad + "\n2. " + specific + "\n"})})
	status, body := postJSON(t, ts.URL+"/api/questions", `{"report_id":"wuhan","history":["武汉大学樱花季"],"count":2}`)
	if status != 200 {
		t.Fatalf("status %d %s", status, body)
	}
	var res struct {
		Result struct {
			Suggestions []struct{ Question, Method string } `json:"suggestions"`
		} `json:"result"`
	}
	if err := json.Unmarshal([]byte(body), &res); err != nil {
		t.Fatal(err)
	}
	m, err := knowledge.FromGraph(context.Background(), g, knowledge.GraphOptions{})
	if err != nil {
		t.Fatal(err)
	}
	router := globalsearch.NewRouter(m)
	want := map[string]string{broad: "global", specific: "local"}
	if len(res.Result.Suggestions) != 2 {
		t.Fatalf("suggestions %+v", res.Result.Suggestions)
	}
	for _, s := range res.Result.Suggestions {
		if s.Method != want[s.Question] || s.Method != string(router.Route(s.Question).Method) {
			t.Errorf("%q labelled %q, want %q (router: %s)", s.Question, s.Method, want[s.Question], router.Route(s.Question).Reason)
		}
	}
}
