package server_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"reportengine/graphrag/knowledge"
	"reportengine/graphrag/localsearch"
	"reportengine/internal/fixture"
	"reportengine/llm"
	"reportengine/llm/offline"
	"reportengine/server"
	"reportengine/text"
)

// testRetrieval is the CLI's retrieval without its cache: the offline
// embedder fitted on the entity texts, into knowledge's exact store.
func testRetrieval(ctx context.Context, m *knowledge.Model) (localsearch.Config, error) {
	var texts []string
	for _, e := range m.Entities() {
		texts = append(texts, knowledge.EntityText(e))
	}
	emb := offline.NewEmbedder(0).Fit(texts)
	store, _, err := knowledge.EntityVectors(ctx, m, knowledge.VectorOptions{Embedder: emb})
	if err != nil {
		return localsearch.Config{}, err
	}
	return localsearch.Config{Embedder: emb, VectorStore: store}, nil
}

// sseEvent is one parsed server-sent event.
type sseEvent struct {
	Name string
	Data string
}

// readSSE parses an event stream (event:/data: lines, blank line ends an
// event).
func readSSE(t *testing.T, r io.Reader) []sseEvent {
	t.Helper()
	var out []sseEvent
	var cur sseEvent
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case line == "":
			if cur.Name != "" || cur.Data != "" {
				out = append(out, cur)
			}
			cur = sseEvent{}
		case strings.HasPrefix(line, "event: "):
			cur.Name = strings.TrimPrefix(line, "event: ")
		case strings.HasPrefix(line, "data: "):
			cur.Data += strings.TrimPrefix(line, "data: ")
		default:
			t.Errorf("unexpected stream line %q", line)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// search posts a question and returns the HTTP status, the content type
// and the events (or the JSON body for non-stream answers).
func search(t *testing.T, base, body string) (int, string, []sseEvent, []byte) {
	t.Helper()
	resp, err := http.Post(base+"/api/search", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	ct := resp.Header.Get("Content-Type")
	if !strings.HasPrefix(ct, "text/event-stream") {
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, ct, nil, b
	}
	return resp.StatusCode, ct, readSSE(t, resp.Body), nil
}

func searchConfig(m llm.Model) *server.SearchConfig {
	return &server.SearchConfig{Model: m, Retrieval: testRetrieval}
}

type summary struct {
	Response     string         `json:"response"`
	ContextText  string         `json:"context_text"`
	LLMCalls     int            `json:"llm_calls"`
	PromptTokens int            `json:"prompt_tokens"`
	OutputTokens int            `json:"output_tokens"`
	Categories   map[string]int `json:"llm_calls_categories"`
	NoMatch      bool           `json:"no_match"`
	Extractive   bool           `json:"extractive"`
	Target       string         `json:"target"`
	Citations    []struct {
		Table     string   `json:"table"`
		ID        string   `json:"id"`
		InContext bool     `json:"in_context"`
		Title     string   `json:"title"`
		NodeIDs   []string `json:"node_ids"`
	} `json:"citations"`
}

// A question over the fixture graph streams the context, the answer in
// pieces and a summary whose fields equal a direct (non-streaming) search
// with the same engine setup (B38), with citations resolved to graph nodes.
func TestSearchStream(t *testing.T) {
	graphs := t.TempDir()
	g := fixtureGraph(t, "wuhan")
	saveGraph(t, graphs, g)
	_, ts := newServer(t, server.Config{GraphsDir: graphs, Search: searchConfig(offline.New())})
	q := "武汉大学樱花季的游客怎么看预约制度？"
	status, ct, events, body := search(t, ts.URL, `{"report_id":"wuhan","question":"`+q+`","history":[{"role":"user","content":"樱花"},"预约"]}`)
	if status != 200 {
		t.Fatalf("status %d %s %s", status, ct, body)
	}
	if len(events) < 3 || events[0].Name != "context" || events[len(events)-1].Name != "summary" {
		t.Fatalf("events %v", names(events))
	}
	var streamed strings.Builder
	for _, ev := range events[1 : len(events)-1] {
		if ev.Name != "chunk" {
			t.Fatalf("event %q between context and summary", ev.Name)
		}
		var c struct {
			Text string `json:"text"`
		}
		if err := json.Unmarshal([]byte(ev.Data), &c); err != nil {
			t.Fatal(err)
		}
		streamed.WriteString(c.Text)
	}
	var ctxEv struct {
		Target   string         `json:"target"`
		Sections []string       `json:"sections"`
		Counts   map[string]int `json:"counts"`
		Entities []struct {
			Title  string `json:"title"`
			NodeID string `json:"node_id"`
		} `json:"entities"`
		Records map[string]json.RawMessage `json:"records"`
	}
	if err := json.Unmarshal([]byte(events[0].Data), &ctxEv); err != nil {
		t.Fatal(err)
	}
	if ctxEv.Target != "wuhan" || len(ctxEv.Entities) == 0 || ctxEv.Counts["entities"] == 0 || ctxEv.Records["entities"] == nil {
		t.Errorf("context event %.300s", events[0].Data)
	}
	for _, e := range ctxEv.Entities {
		if _, ok := g.Lookup(e.NodeID); !ok {
			t.Errorf("context entity %q: node %q not in the graph", e.Title, e.NodeID)
		}
	}
	var sum summary
	if err := json.Unmarshal([]byte(events[len(events)-1].Data), &sum); err != nil {
		t.Fatal(err)
	}
	if sum.Response == "" || streamed.String() != sum.Response {
		t.Errorf("streamed %d bytes, summary response %d bytes", streamed.Len(), len(sum.Response))
	}
	if sum.LLMCalls != 1 || sum.Categories["response"] != 1 || sum.PromptTokens == 0 || sum.OutputTokens == 0 || !sum.Extractive || sum.NoMatch || len(sum.Citations) == 0 {
		t.Errorf("summary fields %+v", sum)
	}

	// The same search without streaming, built the same way, with a
	// deterministic model on both paths.
	_, ts = newServer(t, server.Config{GraphsDir: graphs, Search: searchConfig(scriptedModel{})})
	_, _, events, _ = search(t, ts.URL, `{"report_id":"wuhan","question":"`+q+`","history":[{"role":"user","content":"樱花"},"预约"]}`)
	sum = summary{}
	if err := json.Unmarshal([]byte(events[len(events)-1].Data), &sum); err != nil {
		t.Fatal(err)
	}
	streamed.Reset()
	for _, ev := range events[1 : len(events)-1] {
		var c struct {
			Text string `json:"text"`
		}
		if err := json.Unmarshal([]byte(ev.Data), &c); err != nil {
			t.Fatal(err)
		}
		streamed.WriteString(c.Text)
	}
	m, err := knowledge.FromGraph(context.Background(), g, knowledge.GraphOptions{})
	if err != nil {
		t.Fatal(err)
	}
	rc, _ := testRetrieval(context.Background(), m)
	b, _ := localsearch.NewContextBuilder(m, rc)
	e, err := localsearch.NewEngine(b, localsearch.EngineConfig{Model: scriptedModel{}})
	if err != nil {
		t.Fatal(err)
	}
	want, err := e.Search(context.Background(), localsearch.Query{Text: q, History: []llm.Message{{Role: llm.RoleUser, Content: "樱花"}, {Role: llm.RoleUser, Content: "预约"}}})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Response != want.Response || sum.ContextText != want.ContextText || sum.OutputTokens != want.OutputTokens || sum.PromptTokens != want.PromptTokens {
		t.Errorf("streamed search differs from Search (response equal %v, context equal %v)", sum.Response == want.Response, sum.ContextText == want.ContextText)
	}
	// The chunks mark the made-up id where it stands, as the search
	// command prints the answer (before: the chunks were the raw answer);
	// the summary's response stays as the model wrote it.
	marked := "[Data: Entities (999999" + localsearch.NotInContextMark + ")]"
	if got, wantText := streamed.String(), localsearch.MarkCitations(want.Response, want.ContextData); got != wantText || !strings.Contains(got, marked) {
		t.Errorf("streamed answer %q, want %q with %q", got, wantText, marked)
	}
	if strings.Contains(sum.Response, localsearch.NotInContextMark) {
		t.Errorf("summary response is marked: %q", sum.Response)
	}
	// Citations: as the engine parsed them, each in-context one resolved
	// to nodes of the graph.
	if len(sum.Citations) != 3 || len(want.Citations) != 3 {
		t.Fatalf("%d citations, engine has %d", len(sum.Citations), len(want.Citations))
	}
	resolved := 0
	for i, c := range sum.Citations {
		w := want.Citations[i]
		if c.Table != w.Table || c.ID != w.ID || c.InContext != w.InContext {
			t.Errorf("citation %d: %+v, engine %+v", i, c, w)
		}
		if !c.InContext {
			continue
		}
		row := want.ContextData[w.Table].Rows[w.Row]
		switch c.Table {
		case "entities":
			// The row's entity title is the node's entity title.
			en := m.Entities()[m.EntitiesByTitle(row[want.ContextData[w.Table].Column("entity")])[0]]
			if len(c.NodeIDs) != 1 || c.NodeIDs[0] != en.ID || c.Title != en.Title {
				t.Errorf("entity citation %s: nodes %v title %q, want %s %q", c.ID, c.NodeIDs, c.Title, en.ID, en.Title)
			}
		case "sources":
			if len(c.NodeIDs) != 1 {
				t.Errorf("source citation %s: nodes %v", c.ID, c.NodeIDs)
			}
		}
		for _, id := range c.NodeIDs {
			if _, ok := g.Lookup(id); !ok {
				t.Errorf("citation %s %s: node %q not in the graph", c.Table, c.ID, id)
			}
			resolved++
		}
	}
	if resolved != 2 || sum.Citations[2].InContext || sum.Citations[2].NodeIDs != nil {
		t.Errorf("want the entity and the source resolved and the made-up id not: %+v", sum.Citations)
	}
}

func names(evs []sseEvent) []string {
	var out []string
	for _, e := range evs {
		out = append(out, e.Name)
	}
	return out
}

// scriptedModel is a test model whose citations the test knows in
// advance: it cites the first entity and the first source row of the
// context it was sent, in four chunks.
type scriptedModel struct{}

var (
	firstEntityRow = regexp.MustCompile(`-----Entities-----\n[^\n]*\n([^|\n]+)\|`)
	firstSourceRow = regexp.MustCompile(`-----Sources-----\n[^\n]*\n([^|\n]+)\|`)
)

func (scriptedModel) Info() llm.Info { return llm.Info{Provider: "test", Model: "scripted"} }
func (m scriptedModel) Complete(ctx context.Context, req llm.Request) (llm.Response, error) {
	return m.Stream(ctx, req, func(llm.Chunk) error { return nil })
}
func (scriptedModel) Stream(_ context.Context, req llm.Request, fn func(llm.Chunk) error) (llm.Response, error) {
	sys := req.Messages[0].Content
	ent, src := "?", "?"
	if m := firstEntityRow.FindStringSubmatch(sys); m != nil {
		ent = m[1]
	}
	if m := firstSourceRow.FindStringSubmatch(sys); m != nil {
		src = m[1]
	}
	parts := []string{"根据检索到的上下文，", "最相关的实体 [Data: Entities (" + ent + ")]，", "来源 [Data: Sources (" + src + ")]，", "以及不存在的 [Data: Entities (999999)]。"}
	var all strings.Builder
	for _, p := range parts {
		if err := fn(llm.Chunk{Delta: p}); err != nil {
			return llm.Response{}, err
		}
		all.WriteString(p)
	}
	return llm.Response{Content: all.String(), FinishReason: "stop"}, nil
}

// failingModel streams three chunks, then fails with err (B38's fake
// model); nil err is an ErrUnavailable wrapping errMidStream.
type failingModel struct{ err error }

var errMidStream = errors.New("connection reset mid-stream by 10.1.2.3:8443 reading /srv/models/secret.bin")

func (m failingModel) failure() error {
	if m.err != nil {
		return m.err
	}
	return fmt.Errorf("%w: %w", llm.ErrUnavailable, errMidStream)
}
func (failingModel) Info() llm.Info { return llm.Info{Provider: "test", Model: "failing"} }
func (m failingModel) Complete(context.Context, llm.Request) (llm.Response, error) {
	return llm.Response{}, m.failure()
}
func (m failingModel) Stream(_ context.Context, _ llm.Request, fn func(llm.Chunk) error) (llm.Response, error) {
	for _, d := range []string{"第一段，", "第二段，", "第三段"} {
		if err := fn(llm.Chunk{Delta: d}); err != nil {
			return llm.Response{}, err
		}
	}
	return llm.Response{}, m.failure()
}

// A model failing after three chunks: the stream carries the three chunks
// and then an error event, never a summary (B38). The event says what kind
// of failure it was and gives an error id, never the error's own text
// (hosts, paths, the model's reply); the log has that text under the id.
// Before: the message was the error's text.
func TestSearchModelFailsMidStream(t *testing.T) {
	graphs := t.TempDir()
	saveGraph(t, graphs, fixtureGraph(t, "wuhan"))
	idRe := regexp.MustCompile(`error id ([0-9a-f]{12})`)
	rateLimited := fmt.Errorf("openai-compatible scripted at https://llm.internal.example/v1: %w: quota of org-42 exhausted", llm.ErrRateLimited)
	for _, c := range []struct {
		name   string
		err    error
		kind   string // in the public message
		detail string // in the log only
	}{
		{"unavailable", nil, "unavailable", errMidStream.Error()},
		{"rate limited", rateLimited, "rate limited", "org-42"},
		{"other", errors.New("decoder: bad byte at /var/lib/x"), "the search failed (error id", "/var/lib/x"},
	} {
		var logs syncBuffer
		_, ts := newServer(t, server.Config{GraphsDir: graphs, Search: searchConfig(failingModel{err: c.err}),
			Logger: slog.New(slog.NewTextHandler(&logs, nil))})
		status, _, events, body := search(t, ts.URL, `{"question":"武汉大学樱花"}`)
		if status != 200 {
			t.Fatalf("%s: status %d %s", c.name, status, body)
		}
		got := names(events)
		if !slices.Equal(got, []string{"context", "chunk", "chunk", "chunk", "error"}) {
			t.Fatalf("%s: events %v", c.name, got)
		}
		var f struct {
			failureBody
			ErrorID string `json:"error_id"`
		}
		if err := json.Unmarshal([]byte(events[4].Data), &f); err != nil || f.Success == nil || *f.Success {
			t.Fatalf("%s: error event %s", c.name, events[4].Data)
		}
		m := idRe.FindStringSubmatch(f.Message)
		if m == nil || m[1] != f.ErrorID || !strings.Contains(f.Message, c.kind) {
			t.Errorf("%s: error event %s: want %q and the error id in the message and error_id", c.name, events[4].Data, c.kind)
		}
		if strings.Contains(events[4].Data, c.detail) || strings.Contains(events[4].Data, "internal.example") {
			t.Errorf("%s: the error event carries the error's text: %s", c.name, events[4].Data)
		}
		if l := logs.String(); !strings.Contains(l, "error_id="+f.ErrorID) || !strings.Contains(l, c.detail) {
			t.Errorf("%s: the log lacks the id %s or the detail %q:\n%s", c.name, f.ErrorID, c.detail, l)
		}
	}
}

func TestSearchRequestErrors(t *testing.T) {
	graphs := t.TempDir()
	saveGraph(t, graphs, fixtureGraph(t, "wuhan"))
	_, ts := newServer(t, server.Config{GraphsDir: graphs, Search: searchConfig(offline.New())})
	for _, c := range []struct {
		body    string
		status  int
		mention string
	}{
		{`{}`, 400, "question"},
		{`{"question":"  "}`, 400, "question"},
		{`{"question":5}`, 400, "question: want a string, got a number"},
		{`{"question":"q","report_id":["x"]}`, 400, "report_id"},
		{`{"question":"q","history":"x"}`, 400, "history: want an array"},
		{`{"question":"q","history":[1]}`, 400, "history[0]"},
		{`{"question":"q","history":[{"role":"bot","content":"x"}]}`, 400, "history[0].role"},
		{`{"question":"q","history":[{"role":"user","content":3}]}`, 400, "history[0].content"},
		{`{"question":"q","response_type":false}`, 400, "response_type"},
		{`{"question":"q","report_id":"wuhan","index":"dulce"}`, 400, "not both"},
		{`{"question":"q","index":"dulce"}`, 404, "index"},
		{`{"question":"q","report_id":"nope"}`, 404, "nope"},
		{`{"question":"q","report_id":"../x"}`, 400, "invalid report id"},
		{`"q"`, 400, "JSON object"},
		{`{"question":"q"} {}`, 400, "after"},
		// a misspelt target would search the latest graph without a word
		{`{"graph":"wuhan","question":"q"}`, 400, "graph: unknown field"},
		{`{"question":"q","count":3}`, 400, "count: unknown field"}, // /api/questions' member
		// a pasted text is no question: refused before any search (new-user trial 40)
		{`{"question":"` + strings.Repeat("字", text.MaxQuestionRunes+1) + `"}`, 400, "question: the question is 4001 characters long"},
	} {
		status, ct, _, body := search(t, ts.URL, c.body)
		if strings.HasPrefix(ct, "text/event-stream") {
			t.Errorf("%s: streamed instead of a JSON error", c.body)
			continue
		}
		wantFailure(t, c.body, status, body, c.status)
		if f := decode[failureBody](t, body); !strings.Contains(f.Message, c.mention) {
			t.Errorf("%s: message %q does not mention %q", c.body, f.Message, c.mention)
		}
	}
	// Search off: 404, and the viewer hides its question box.
	_, off := newServer(t, server.Config{GraphsDir: graphs})
	status, _, _, body := search(t, off.URL, `{"question":"q"}`)
	wantFailure(t, "search off", status, body, http.StatusNotFound)
	if _, page := get(t, off.URL+"/graph-viewer"); !strings.Contains(string(page), `data-search="false"`) {
		t.Error("viewer does not say search is off")
	}
	if _, page := get(t, ts.URL+"/graph-viewer"); !strings.Contains(string(page), `data-search="true"`) {
		t.Error("viewer does not say search is on")
	}
	for _, sc := range []*server.SearchConfig{{Retrieval: testRetrieval}, {Model: offline.New()}, {Model: offline.New(), Retrieval: testRetrieval, MaxConcurrent: -1},
		{Model: offline.New(), Retrieval: testRetrieval, Indexes: map[string]string{"x": ""}}} {
		if _, err := server.New(server.Config{GraphsDir: graphs, Search: sc}); !errors.Is(err, server.ErrConfig) {
			t.Errorf("New with Search %+v: %v, want ErrConfig", sc, err)
		}
	}
}

// Concurrent searches on one loaded graph give the results of sequential
// ones (B32), with at most MaxConcurrent running at once.
func TestSearchConcurrent(t *testing.T) {
	graphs := t.TempDir()
	saveGraph(t, graphs, fixtureGraph(t, "wuhan"))
	_, ts := newServer(t, server.Config{GraphsDir: graphs, Search: &server.SearchConfig{Model: scriptedModel{}, Retrieval: testRetrieval, MaxConcurrent: 2}})
	questions := []string{"武汉大学樱花", "预约制度", "校园开放", "游客评论"}
	want := map[string]string{}
	for _, q := range questions {
		_, _, evs, _ := search(t, ts.URL, `{"question":"`+q+`"}`)
		want[q] = evs[len(evs)-1].Data
	}
	var wg sync.WaitGroup
	for w := 0; w < 8; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := 0; i < 5; i++ {
				q := questions[(w+i)%len(questions)]
				_, _, evs, _ := search(t, ts.URL, `{"question":"`+q+`"}`)
				if len(evs) == 0 || !sameResult(evs[len(evs)-1].Data, want[q]) {
					t.Errorf("%s: concurrent result differs", q)
					return
				}
			}
		}(w)
	}
	wg.Wait()
}

// sameResult compares two summary events without completion_time.
func sameResult(a, b string) bool {
	var x, y map[string]any
	if json.Unmarshal([]byte(a), &x) != nil || json.Unmarshal([]byte(b), &y) != nil {
		return false
	}
	delete(x, "completion_time")
	delete(y, "completion_time")
	xa, _ := json.Marshal(x)
	ya, _ := json.Marshal(y)
	return string(xa) == string(ya)
}

// slowModel streams n chunks, one every gap, honouring ctx.
type slowModel struct {
	n   int
	gap time.Duration
}

func (slowModel) Info() llm.Info { return llm.Info{Provider: "test", Model: "slow"} }
func (m slowModel) Complete(ctx context.Context, req llm.Request) (llm.Response, error) {
	return m.Stream(ctx, req, func(llm.Chunk) error { return nil })
}
func (m slowModel) Stream(ctx context.Context, _ llm.Request, fn func(llm.Chunk) error) (llm.Response, error) {
	var all strings.Builder
	for i := 0; i < m.n; i++ {
		select {
		case <-ctx.Done():
			return llm.Response{}, fmt.Errorf("%w: %w", llm.ErrUnavailable, ctx.Err())
		case <-time.After(m.gap):
		}
		d := fmt.Sprintf("片段%d。", i)
		if err := fn(llm.Chunk{Delta: d}); err != nil {
			return llm.Response{}, err
		}
		all.WriteString(d)
	}
	return llm.Response{Content: all.String(), FinishReason: "stop"}, nil
}

// A stream that lasts longer than WriteTimeout is not cut (each event
// renews the deadline, and slow work before the first byte does not count),
// and Serve's shutdown ends an open stream promptly.
func TestSearchStreamTimeoutsAndShutdown(t *testing.T) {
	graphs := t.TempDir()
	saveGraph(t, graphs, fixtureGraph(t, "wuhan"))
	// Building the search (here made slow on purpose) does not count
	// against WriteTimeout either.
	sc := searchConfig(slowModel{n: 8, gap: 120 * time.Millisecond})
	sc.Retrieval = func(ctx context.Context, m *knowledge.Model) (localsearch.Config, error) {
		time.Sleep(500 * time.Millisecond)
		return testRetrieval(ctx, m)
	}
	s, err := server.New(server.Config{GraphsDir: graphs, WriteTimeout: 300 * time.Millisecond, ShutdownTimeout: 3 * time.Second, Search: sc})
	if err != nil {
		t.Fatal(err)
	}
	base := serveLoopback(t, s)
	start := time.Now()
	_, _, evs, body := search(t, base, `{"question":"武汉大学樱花"}`)
	if got := names(evs); len(got) != 10 || got[9] != "summary" {
		t.Fatalf("events %v (%s)", got, body)
	}
	if el := time.Since(start); el < 900*time.Millisecond {
		t.Errorf("stream took %v; the test needs it longer than WriteTimeout", el)
	}

	// Now a stream of 100 s: shutdown must end it within the timeout.
	s2, err := server.New(server.Config{GraphsDir: graphs, ShutdownTimeout: 3 * time.Second, Search: searchConfig(slowModel{n: 1000, gap: 100 * time.Millisecond})})
	if err != nil {
		t.Fatal(err)
	}
	base2, stopServe := startServe(t, s2)
	resp, err := http.Post(base2+"/api/search", "application/json", strings.NewReader(`{"question":"武汉大学樱花"}`))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	br := bufio.NewReader(resp.Body)
	if line, err := br.ReadString('\n'); err != nil || line != "event: context\n" {
		t.Fatalf("first line %q %v", line, err)
	}
	stop := time.Now()
	if err := stopServe(); err != nil {
		t.Errorf("Serve: %v", err)
	}
	rest, _ := io.ReadAll(br)
	if el := time.Since(stop); el > 3*time.Second || strings.Contains(string(rest), "event: summary") {
		t.Errorf("after shutdown: %v, stream tail %.200q", el, rest)
	}
}

// A configured GraphRAG index is searched by name; its citations carry
// titles but no graph nodes.
func TestSearchIndex(t *testing.T) {
	dir := fixture.Dulce(t)
	sc := searchConfig(scriptedModel{})
	sc.Indexes = map[string]string{"dulce": dir}
	_, ts := newServer(t, server.Config{GraphsDir: t.TempDir(), Search: sc})
	status, _, evs, body := search(t, ts.URL, `{"index":"dulce","question":"Tell me about Agent Mercer"}`)
	if status != 200 || len(evs) == 0 || evs[len(evs)-1].Name != "summary" {
		t.Fatalf("status %d, events %v %s", status, names(evs), body)
	}
	var sum summary
	if err := json.Unmarshal([]byte(evs[len(evs)-1].Data), &sum); err != nil {
		t.Fatal(err)
	}
	if sum.Target != "dulce" || len(sum.Citations) != 3 || !sum.Citations[0].InContext || sum.Citations[0].Title == "" || sum.Citations[0].NodeIDs != nil {
		t.Errorf("summary %+v", sum)
	}
	if !strings.Contains(sum.ContextText, "-----Entities-----") || !strings.Contains(strings.ToUpper(sum.ContextText), "MERCER") {
		t.Errorf("context text %.300s", sum.ContextText)
	}
	// An index that is not configured: 404 naming the configured ones.
	status, _, _, body = search(t, ts.URL, `{"index":"../dulce","question":"q"}`)
	wantFailure(t, "unknown index", status, body, http.StatusNotFound)
	if !strings.Contains(string(body), "dulce") {
		t.Errorf("message does not list the configured index: %s", body)
	}
}
