package nodes

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"time"

	"reportengine/graphrag"
	"reportengine/llm"
	"reportengine/prompts"
	"reportengine/state"
)

// reply is one scripted answer: text, or an error (text then is the
// partial text returned with it). finish is the finish_reason ("" =
// "stop"); requests is Response.Requests (the requests a real client would
// report, retries included; 0 = none counted).
type reply struct {
	text     string
	err      error
	finish   string
	requests int
}

// replyFunc answers a request; in is the decoded user JSON, n the number
// of earlier calls with the same key.
type replyFunc func(in map[string]any, n int) reply

// fakeModel is a scripted llm.Model. Replies are looked up by
// "<task>:<chapterId>", then "<task>"; a missing script gets a default
// valid answer. It counts calls per key and the peak of calls in flight.
type fakeModel struct {
	mu          sync.Mutex
	script      map[string]replyFunc
	delay       time.Duration
	calls       map[string]int
	inflight    int
	maxInflight int
	requests    []recorded
}

type recorded struct {
	key  string
	step string
	user string
}

func newFake() *fakeModel {
	return &fakeModel{script: map[string]replyFunc{}, calls: map[string]int{}}
}

// set scripts a fixed list of replies for key; the last one repeats.
func (f *fakeModel) set(key string, rs ...reply) {
	f.script[key] = func(_ map[string]any, n int) reply { return rs[min(n, len(rs)-1)] }
}

func text(s string) reply { return reply{text: s} }

func (f *fakeModel) Info() llm.Info { return llm.Info{Provider: "fake", Model: "scripted"} }

func (f *fakeModel) count(key string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.calls[key]
}

func (f *fakeModel) total() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	n := 0
	for _, c := range f.calls {
		n += c
	}
	return n
}

// userOf returns the recorded user messages for key.
func (f *fakeModel) userOf(key string) []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []string
	for _, r := range f.requests {
		if r.key == key {
			out = append(out, r.user)
		}
	}
	return out
}

func chapterIDOf(in map[string]any) string {
	for _, path := range [][]string{{"section", "chapterId"}, {"chapter", "chapterId"}} {
		var v any = in
		for _, k := range path {
			m, _ := v.(map[string]any)
			v = m[k]
		}
		if s, ok := v.(string); ok {
			return s
		}
	}
	return ""
}

func (f *fakeModel) answer(ctx context.Context, req llm.Request) (reply, error) {
	user := req.Messages[len(req.Messages)-1].Content
	var in map[string]any
	if err := json.Unmarshal([]byte(user), &in); err != nil {
		return reply{}, fmt.Errorf("fake: user message is not JSON: %v", err)
	}
	task, _ := in["task"].(string)
	key := task
	if id := chapterIDOf(in); id != "" {
		key = task + ":" + id
	}
	f.mu.Lock()
	fn, ok := f.script[key]
	if !ok {
		fn, ok = f.script[task]
	}
	n := f.calls[key]
	f.calls[key]++
	f.requests = append(f.requests, recorded{key: key, step: req.Step, user: user})
	f.inflight++
	f.maxInflight = max(f.maxInflight, f.inflight)
	f.mu.Unlock()
	defer func() {
		f.mu.Lock()
		f.inflight--
		f.mu.Unlock()
	}()
	if f.delay > 0 {
		select {
		case <-time.After(f.delay):
		case <-ctx.Done():
			return reply{}, ctx.Err()
		}
	}
	if !ok {
		fn = defaultReply(task)
	}
	r := fn(in, n)
	switch r.finish {
	case "":
		r.finish = "stop"
	case "absent":
		r.finish = ""
	}
	return r, r.err
}

func (r reply) response() llm.Response {
	return llm.Response{Content: r.text, FinishReason: r.finish, Model: "scripted", Requests: r.requests}
}

func (f *fakeModel) Complete(ctx context.Context, req llm.Request) (llm.Response, error) {
	r, err := f.answer(ctx, req)
	return r.response(), err
}

func (f *fakeModel) Stream(ctx context.Context, req llm.Request, fn func(llm.Chunk) error) (llm.Response, error) {
	r, err := f.answer(ctx, req)
	if err != nil {
		return r.response(), err
	}
	s := r.text
	rs := []rune(s)
	for len(rs) > 0 {
		k := min(len(rs), 64)
		if err := fn(llm.Chunk{Delta: string(rs[:k])}); err != nil {
			return llm.Response{}, err
		}
		rs = rs[k:]
	}
	return r.response(), nil
}

var _ llm.Model = (*fakeModel)(nil)

// defaultReply gives valid answers for every task.
func defaultReply(task string) replyFunc {
	switch task {
	case prompts.TaskTemplateSelection:
		return func(in map[string]any, _ int) reply {
			return text(`{"template_name":"社会公共热点事件分析报告模板","selection_reason":"公共事件"}`)
		}
	case prompts.TaskDocumentLayout:
		return func(in map[string]any, _ int) reply {
			return text(layoutJSON(in))
		}
	case prompts.TaskWordBudget:
		return func(in map[string]any, _ int) reply {
			var cs []string
			for _, c := range in["chapters"].([]any) {
				id := c.(map[string]any)["chapterId"].(string)
				cs = append(cs, fmt.Sprintf(`{"chapterId":%q,"targetWords":1200,"emphasis":["重点"],"rationale":"作用"}`, id))
			}
			return text(`{"totalWords":7200,"chapters":[` + strings.Join(cs, ",") + `]}`)
		}
	case prompts.TaskGraphQuery:
		return func(in map[string]any, _ int) reply {
			if h, _ := in["history"].([]any); len(h) == 0 {
				return text(`{"should_query":true,"keywords":["咖啡"],"depth":1}`)
			}
			return text(`{"should_query":false}`)
		}
	case prompts.TaskChapter, prompts.TaskChapterRepair:
		return func(in map[string]any, _ int) reply { return text(chapterJSON(in, "")) }
	}
	return func(map[string]any, int) reply { return reply{err: fmt.Errorf("fake: unknown task %q", task)} }
}

func layoutJSON(in map[string]any) string {
	var toc []string
	for i, c := range in["chapters"].([]any) {
		id := c.(map[string]any)["chapterId"].(string)
		toc = append(toc, fmt.Sprintf(`{"chapterId":%q,"display":"第%d章","description":"说明","allowSwot":%v}`, id, i+1, i == 0))
	}
	return `{"title":"咖啡店舆情报告","subtitle":"副标题","hero":{"summary":"概述","highlights":["亮点"],"kpis":[{"label":"声量","value":"120","tone":"up"}]},"tocPlan":[` +
		strings.Join(toc, ",") + `]}`
}

// chapterJSON is a valid, dense chapter for the section in the input;
// extra is appended to its blocks (a JSON fragment starting with ",").
func chapterJSON(in map[string]any, extra string) string {
	sec, _ := in["section"].(map[string]any) // chapter and chapter_repair inputs both carry it
	id, _ := sec["chapterId"].(string)
	anchor, _ := sec["anchor"].(string)
	title, _ := sec["title"].(string)
	body := strings.Repeat("李明咖啡店的顾客评价总体积极，门店服务与咖啡品质受到称赞。", 12)
	return fmt.Sprintf(`{"chapter":{"chapterId":%q,"title":%q,"anchor":%q,"order":1,"blocks":[`+
		`{"type":"heading","level":2,"text":%q,"anchor":%q},`+
		`{"type":"paragraph","inlines":[{"text":%q},{"text":"来源","marks":[{"type":"link","href":"https://example.com/a"}]}]},`+
		`{"type":"paragraph","inlines":[{"text":%q}]},`+
		`{"type":"heading","level":3,"text":"小结","anchor":"section-1-0"}%s]}}`,
		id, title, anchor, title, anchor, body, body, extra)
}

// testGraph is a small graph about a coffee shop.
func testGraph() *graphrag.Graph {
	g := graphrag.New()
	add := func(n *graphrag.Node) {
		if err := g.AddNode(n); err != nil {
			panic(err)
		}
	}
	edge := func(a, b string, rel graphrag.Relation) {
		if err := g.AddEdge(graphrag.Edge{From: a, To: b, Relation: rel, Weight: 1}); err != nil {
			panic(err)
		}
	}
	add(&graphrag.Node{ID: "T_1", Type: graphrag.TypeTopic, Name: "李明咖啡店"})
	for _, e := range []string{"query", "media"} {
		add(&graphrag.Node{ID: e, Type: graphrag.TypeEngine, Name: e, Attrs: graphrag.Attributes{{Key: "engine", Value: e}}})
		edge("T_1", e, graphrag.RelAnalyzedBy)
		sid := e + "_P0"
		add(&graphrag.Node{ID: sid, Type: graphrag.TypeSection, Name: "咖啡口碑", Attrs: graphrag.Attributes{
			{Key: "title", Value: "咖啡口碑"}, {Key: "order", Value: 1}, {Key: "summary", Value: "顾客称赞咖啡品质"}, {Key: "engine", Value: e}}})
		edge(e, sid, graphrag.RelContains)
		qid := sid + "_Q0"
		add(&graphrag.Node{ID: qid, Type: graphrag.TypeSearchQuery, Name: "李明咖啡 评价", Attrs: graphrag.Attributes{
			{Key: "query_text", Value: "李明咖啡 评价"}, {Key: "engine", Value: e}}})
		edge(sid, qid, graphrag.RelSearched)
		src := "SRC_" + e
		add(&graphrag.Node{ID: src, Type: graphrag.TypeSource, Name: "点评 " + e, Attrs: graphrag.Attributes{
			{Key: "url", Value: "https://example.com/" + map[string]string{"query": "a", "media": "b"}[e]},
			{Key: "title", Value: "点评 " + e}, {Key: "preview", Value: "咖啡很好喝"}, {Key: "engines", Value: []any{e}}}})
		edge(qid, src, graphrag.RelFound)
	}
	return g
}

func testStates() []*state.State {
	return []*state.State{
		{Engine: state.EngineQuery, Query: "李明咖啡店", FinalReport: "# 总览\n\n李明咖啡店近期口碑上升，顾客称赞咖啡品质。\n\n## 价格\n\n价格略高，部分顾客抱怨排队时间长。",
			Paragraphs: []state.Paragraph{{Title: "口碑", LatestSummary: "顾客对咖啡品质评价积极。"}}},
		{Engine: state.EngineMedia, Query: "李明咖啡店", FinalReport: "# 媒体\n\n短视频平台上关于李明咖啡店的视频播放量较高。"},
	}
}

var fixedNow = time.Date(2026, 3, 1, 8, 0, 0, 0, time.UTC)

func fixedClock() time.Time { return fixedNow }
