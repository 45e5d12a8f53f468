package server_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

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
