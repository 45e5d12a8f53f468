package server_test

import (
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"

	"reportengine/llm"
	"reportengine/llm/openaicompat"
	"reportengine/server"
)

// b02Parts is a reply whose chat template put <think> into the prompt: it
// streams reasoning, then </think>, then the answer (B02).
var b02Parts = []string{"需要输出。先写个草稿 ", "秘密推理ABC 再改。</thi", "nk>\n武大", "发布通报。"}

// sseModel is an OpenAI-compatible model whose server streams parts
// as chunks; finish is the last chunk's finish_reason ("" sends none and
// no [DONE]: the connection closes, B38).
func sseModel(t *testing.T, parts []string, finish string) llm.Model {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		for i, p := range parts {
			ch := map[string]any{"index": 0, "delta": map[string]string{"content": p}}
			if i == len(parts)-1 && finish != "" {
				ch["finish_reason"] = finish
			}
			b, _ := json.Marshal(map[string]any{"id": "c", "object": "chat.completion.chunk", "model": "scripted", "choices": []any{ch}})
			fmt.Fprintf(w, "data: %s\n\n", b)
			w.(http.Flusher).Flush()
		}
		if finish != "" {
			fmt.Fprint(w, "data: [DONE]\n\n")
		}
	}))
	t.Cleanup(srv.Close)
	m, err := openaicompat.New(openaicompat.Config{BaseURL: srv.URL + "/v1", Model: "scripted", MaxAttempts: 1})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// B02 on the server: the reasoning streamed before an orphan </think> is
// followed by a "reset" event, and the chunks after it are the answer the
// summary carries. Before, the reasoning chunks stood as the answer's
// beginning with nothing to take them back.
func TestSearchReasoningReset(t *testing.T) {
	graphs := t.TempDir()
	saveGraph(t, graphs, fixtureGraph(t, "wuhan"))
	_, ts := newServer(t, server.Config{GraphsDir: graphs, Search: searchConfig(sseModel(t, b02Parts, "stop"))})
	status, _, events, body := search(t, ts.URL, `{"question":"武汉大学樱花"}`)
	if status != 200 {
		t.Fatalf("status %d %s", status, body)
	}
	names := names(events)
	at := slices.Index(names, "reset")
	if at < 0 || names[len(names)-1] != "summary" {
		t.Fatalf("events %v: want a reset, then the answer and a summary", names)
	}
	var after strings.Builder
	for _, ev := range events[at+1 : len(events)-1] {
		var c struct{ Text string }
		if err := json.Unmarshal([]byte(ev.Data), &c); err != nil || ev.Name != "chunk" {
			t.Fatalf("after the reset: %s %s", ev.Name, ev.Data)
		}
		after.WriteString(c.Text)
	}
	var sum summary
	if err := json.Unmarshal([]byte(events[len(events)-1].Data), &sum); err != nil {
		t.Fatal(err)
	}
	if got := strings.TrimSpace(after.String()); got != "武大发布通报。" || sum.Response != got {
		t.Errorf("chunks after the reset %q, summary response %q; want 武大发布通报。 both", got, sum.Response)
	}
}

// The viewer honours "reset": a reply that streams reasoning, </think>,
// then part of an answer and is cut (no finish_reason, B38) shows the
// error after the answer's part, never the reasoning. Before, the reasoning
// stood above the error.
func TestViewerChromiumReasoningReset(t *testing.T) {
	bin := chromiumBin(t)
	graphs := t.TempDir()
	saveGraph(t, graphs, fixtureGraph(t, "wuhan"))
	s, err := server.New(server.Config{GraphsDir: graphs, Search: searchConfig(sseModel(t, b02Parts[:3], ""))})
	if err != nil {
		t.Fatal(err)
	}
	base := serveLoopback(t, s)
	dom := domWhen(t, bin, base+"/graph-viewer/wuhan?ask="+url.QueryEscape("武汉大学樱花"),
		`document.getElementById("answer").dataset.state === "error"`, chromiumDeadline)
	answer := regexp.MustCompile(`(?s)<div id="answer" data-state="([a-z]+)">(.*?)</div>`).FindStringSubmatch(dom)
	if answer == nil || !strings.HasPrefix(strings.TrimSpace(answer[2]), "武大") || strings.Contains(answer[2], "秘密推理") || !strings.Contains(answer[2], "错误") {
		t.Errorf("answer %q: want the answer's part and the error, no reasoning", answer)
	}
}

// The browser's /favicon.ico, asked with every page, gets an empty 204
// and no log line; another unknown path is still a logged 404. Before,
// every page view logged INFO "request failed" for the favicon.
func TestFaviconNotLogged(t *testing.T) {
	var logs syncBuffer
	_, ts := newServer(t, server.Config{GraphsDir: t.TempDir(), Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	if status, body := get(t, ts.URL+"/favicon.ico"); status != http.StatusNoContent || len(body) != 0 {
		t.Errorf("/favicon.ico: %d %q, want 204 and no body", status, body)
	}
	if l := logs.String(); l != "" {
		t.Errorf("/favicon.ico logged: %s", l)
	}
	if status, _ := get(t, ts.URL+"/favicon.png"); status != http.StatusNotFound || !strings.Contains(logs.String(), "request failed") {
		t.Errorf("/favicon.png: %d, log %q; want a logged 404", status, logs.String())
	}
}
