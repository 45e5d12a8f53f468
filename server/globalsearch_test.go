package server_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"reportengine/graphrag/globalsearch"
	"reportengine/graphrag/localsearch"
	"reportengine/llm"
	"reportengine/llm/offline"
	"reportengine/server"
)

// The question box's endpoint routes as search --method auto does: a broad
// question streams a global search (context with the batches, the
// extractive answer, a summary whose citations name reports resolved to
// the engine nodes they report on); "method" forces local or global and a
// wrong one is a 400 naming the key.
func TestSearchGlobalRouting(t *testing.T) {
	graphs := t.TempDir()
	g := fixtureGraph(t, "wuhan")
	saveGraph(t, graphs, g)
	_, ts := newServer(t, server.Config{GraphsDir: graphs, Search: searchConfig(offline.New())})

	type ctxEvent struct {
		Method       string         `json:"method"`
		MethodReason string         `json:"method_reason"`
		Batches      int            `json:"batches"`
		Counts       map[string]int `json:"counts"`
	}
	type sum struct {
		Method    string `json:"method"`
		Response  string `json:"response"`
		NoData    bool   `json:"no_data"`
		Citations []struct {
			Table     string   `json:"table"`
			ID        string   `json:"id"`
			InContext bool     `json:"in_context"`
			Title     string   `json:"title"`
			NodeIDs   []string `json:"node_ids"`
		} `json:"citations"`
	}
	ask := func(body string) (ctxEvent, sum) {
		t.Helper()
		status, ct, events, raw := search(t, ts.URL, body)
		if status != 200 || len(events) < 2 || events[0].Name != "context" || events[len(events)-1].Name != "summary" {
			t.Fatalf("%s: status %d %s %s events %v", body, status, ct, raw, names(events))
		}
		var c ctxEvent
		var s sum
		if err := json.Unmarshal([]byte(events[0].Data), &c); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal([]byte(events[len(events)-1].Data), &s); err != nil {
			t.Fatal(err)
		}
		return c, s
	}

	c, s := ask(`{"report_id":"wuhan","question":"总体舆情怎么样？"}`)
	if c.Method != "global" || s.Method != "global" || c.Batches < 1 || c.Counts["reports"] < 1 || !strings.Contains(c.MethodReason, "总体") {
		t.Errorf("broad question: context %+v, summary method %q", c, s.Method)
	}
	if s.NoData || !strings.HasPrefix(s.Response, "**摘录式回答**") || len(s.Citations) == 0 {
		t.Fatalf("global answer:\n%s", s.Response)
	}
	for _, ct := range s.Citations {
		if ct.Table != "reports" || !ct.InContext || ct.Title == "" || len(ct.NodeIDs) != 1 {
			t.Errorf("citation %+v", ct)
			continue
		}
		if n, ok := g.Node(ct.NodeIDs[0]); !ok || n.Type != "engine" {
			t.Errorf("citation %s resolves to %q, not an engine node", ct.ID, ct.NodeIDs[0])
		}
	}

	c, _ = ask(`{"report_id":"wuhan","question":"总体舆情怎么样？","method":"local"}`)
	if c.Method != "local" {
		t.Errorf("method local: context %+v", c)
	}
	c, _ = ask(`{"report_id":"wuhan","question":"武汉大学樱花季的游客怎么看预约制度？","method":"global"}`)
	if c.Method != "global" {
		t.Errorf("method global: context %+v", c)
	}
	status, _, _, raw := search(t, ts.URL, `{"report_id":"wuhan","question":"q","method":"drift"}`)
	if status != 400 || !strings.Contains(string(raw), "method") {
		t.Errorf("method drift: %d %s", status, raw)
	}
}

// globalScripted answers a global search: each map request with one point
// citing the first report of its batch and the made-up report 999999,
// the reduce with those citations in chunks that cut the citation block.
type globalScripted struct{}

func (globalScripted) Info() llm.Info { return llm.Info{Provider: "test", Model: "global-scripted"} }
func (m globalScripted) Complete(ctx context.Context, req llm.Request) (llm.Response, error) {
	return m.Stream(ctx, req, func(llm.Chunk) error { return nil })
}
func (globalScripted) Stream(_ context.Context, req llm.Request, fn func(llm.Chunk) error) (llm.Response, error) {
	if req.JSON {
		return llm.Response{Content: `{"points": [{"description": "舆情总体平稳 [Data: Reports (0, 999999)]", "score": 80}]}`, FinishReason: "stop"}, nil
	}
	parts := []string{"总体平稳 [Da", "ta: Reports (0, 9999", "99)]，另见 [Data: Entities (3)]。"}
	for _, p := range parts {
		if err := fn(llm.Chunk{Delta: p}); err != nil {
			return llm.Response{}, err
		}
	}
	return llm.Response{Content: strings.Join(parts, ""), FinishReason: "stop"}, nil
}

// A global search's chunks mark the cited ids that name no report of the
// batches where they stand (before: only the summary's citations said so,
// the chunks were the raw answer); the summary's response stays as the
// model wrote it and lists them with in_context false, which the viewer
// marks in place (cite.js, held to the Go marks by
// TestViewerCitationMarksMatchGo).
func TestSearchGlobalMarksUnknownCitations(t *testing.T) {
	graphs := t.TempDir()
	saveGraph(t, graphs, fixtureGraph(t, "wuhan"))
	_, ts := newServer(t, server.Config{GraphsDir: graphs, Search: searchConfig(globalScripted{})})
	status, _, events, raw := search(t, ts.URL, `{"report_id":"wuhan","question":"总体舆情怎么样？","method":"global"}`)
	if status != 200 || len(events) < 3 || events[0].Name != "context" || events[len(events)-1].Name != "summary" {
		t.Fatalf("status %d events %v %s", status, names(events), raw)
	}
	var ctxEv struct {
		Records map[string]struct {
			Columns []string   `json:"columns"`
			Rows    [][]string `json:"rows"`
		} `json:"records"`
	}
	if err := json.Unmarshal([]byte(events[0].Data), &ctxEv); err != nil || len(ctxEv.Records["reports"].Rows) == 0 || ctxEv.Records["reports"].Rows[0][0] != "0" {
		t.Fatalf("context: %v %.300s", err, events[0].Data)
	}
	var streamed strings.Builder
	for _, ev := range events[1 : len(events)-1] {
		var c struct {
			Text string `json:"text"`
		}
		if err := json.Unmarshal([]byte(ev.Data), &c); err != nil {
			t.Fatal(err)
		}
		streamed.WriteString(c.Text)
	}
	var sum struct {
		Response  string `json:"response"`
		Citations []struct {
			Dataset   string `json:"dataset"`
			ID        string `json:"id"`
			InContext bool   `json:"in_context"`
		} `json:"citations"`
	}
	if err := json.Unmarshal([]byte(events[len(events)-1].Data), &sum); err != nil {
		t.Fatal(err)
	}
	const answer = "总体平稳 [Data: Reports (0, 999999)]，另见 [Data: Entities (3)]。"
	m := localsearch.NotInContextMark
	if want := "总体平稳 [Data: Reports (0, 999999" + m + ")]，另见 [Data: Entities (3" + m + ")]。"; streamed.String() != want {
		t.Errorf("streamed answer\n%s\nwant\n%s", streamed.String(), want)
	}
	if sum.Response != answer {
		t.Errorf("summary response %q, want the answer unmarked", sum.Response)
	}
	got := ""
	for _, c := range sum.Citations {
		got += c.Dataset + " " + c.ID + " " + map[bool]string{true: "in", false: "out"}[c.InContext] + "; "
	}
	if got != "Reports 0 in; Reports 999999 out; Entities 3 out; " {
		t.Errorf("citations: %s", got)
	}
}

// Under auto, a question routed global whose global search keeps no point
// streams local search's answer: the context event names method local
// with the fallback's reason, no chunk is global search's no-data answer,
// the summary answers from records (记过); asked with "method" global,
// the no-data answer stays. Fails without the fallback.
func TestSearchAutoFallsBackToLocal(t *testing.T) {
	graphs := t.TempDir()
	saveGraph(t, graphs, fixtureGraph(t, "wuhan"))
	_, ts := newServer(t, server.Config{GraphsDir: graphs, Search: searchConfig(offline.New())})
	const q = "事件刚在网上曝光时，学校对被指控的男生给出了什么纪律处分？"
	type head struct {
		Method       string `json:"method"`
		MethodReason string `json:"method_reason"`
		Response     string `json:"response"`
		NoMatch      bool   `json:"no_match"`
		NoData       bool   `json:"no_data"`
	}
	ask := func(body string) (head, head, string) {
		t.Helper()
		status, _, events, raw := search(t, ts.URL, body)
		if status != 200 || len(events) < 2 || events[0].Name != "context" || events[len(events)-1].Name != "summary" {
			t.Fatalf("%s: status %d %s events %v", body, status, raw, names(events))
		}
		var c, s head
		if json.Unmarshal([]byte(events[0].Data), &c) != nil || json.Unmarshal([]byte(events[len(events)-1].Data), &s) != nil {
			t.Fatalf("events %s", raw)
		}
		return c, s, string(raw)
	}
	c, s, raw := ask(`{"report_id":"wuhan","question":"` + q + `"}`)
	if c.Method != "local" || s.Method != "local" || !strings.HasPrefix(c.MethodReason, globalsearch.NoPointReason) ||
		s.NoMatch || !strings.Contains(s.Response, "记过") || strings.Contains(raw, globalsearch.NoDataAnswerZH) {
		t.Errorf("auto: context %+v, summary %q no_match %v\n%.600s", c, s.Method, s.NoMatch, raw)
	}
	c, s, _ = ask(`{"report_id":"wuhan","question":"` + q + `","method":"global"}`)
	if c.Method != "global" || !s.NoData || s.Response != globalsearch.NoDataAnswerZH {
		t.Errorf("method global: context %+v, summary %+v", c, s)
	}
}
