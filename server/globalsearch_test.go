package server_test

import (
	"encoding/json"
	"strings"
	"testing"

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
