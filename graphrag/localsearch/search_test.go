package localsearch

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"reportengine/graphrag/knowledge"
	"reportengine/llm"
	"reportengine/llm/offline"
)

// scriptModel streams fixed chunks and can fail after some of them.
type scriptModel struct {
	chunks    []string
	failAfter int // 0 = never
	mu        sync.Mutex
	calls     int
	last      llm.Request
}

var errBroken = errors.New("connection reset")

func (m *scriptModel) Complete(ctx context.Context, req llm.Request) (llm.Response, error) {
	return m.Stream(ctx, req, func(llm.Chunk) error { return nil })
}

func (m *scriptModel) Stream(_ context.Context, req llm.Request, fn func(llm.Chunk) error) (llm.Response, error) {
	m.mu.Lock()
	m.calls++
	m.last = req
	m.mu.Unlock()
	var b strings.Builder
	for i, c := range m.chunks {
		if m.failAfter > 0 && i == m.failAfter {
			return llm.Response{}, &llm.Error{Kind: llm.ErrUnavailable, Message: "stream broke", Cause: errBroken}
		}
		if err := fn(llm.Chunk{Delta: c}); err != nil {
			return llm.Response{}, err
		}
		b.WriteString(c)
	}
	return llm.Response{Content: b.String(), FinishReason: "stop"}, nil
}

func (m *scriptModel) Info() llm.Info { return llm.Info{Provider: "test", Model: "script"} }

func TestSearchAndStreamAgreeB38(t *testing.T) {
	b, _ := dulceBuilder(t)
	p := DefaultParams()
	p.IncludeEntityNames = []string{"DULCE BASE"}
	m := &scriptModel{chunks: []string{"Alex Mercer leads ", "the team [Data: Entities (2); Reports (0)] ", "and more [Data: Sources (99)]."}}
	e, err := NewEngine(b, EngineConfig{Model: m, Params: &p})
	if err != nil {
		t.Fatal(err)
	}
	q := Query{Text: "ALEX MERCER"}
	res, err := e.Search(t.Context(), q)
	if err != nil {
		t.Fatal(err)
	}
	var deltas []string
	var gotCtx *Context
	sres, err := e.Stream(t.Context(), q, func(ev Event) error {
		if ev.Context != nil {
			if gotCtx != nil || len(deltas) > 0 {
				t.Errorf("context event is not first and single")
			}
			gotCtx = ev.Context
			return nil
		}
		deltas = append(deltas, ev.Delta)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(deltas, "") != res.Response || sres.Response != res.Response {
		t.Errorf("streamed %q, searched %q", strings.Join(deltas, ""), res.Response)
	}
	if gotCtx == nil || gotCtx.Text != res.ContextText || sres.ContextText != res.ContextText {
		t.Errorf("context differs between Search and Stream")
	}
	if diff := cmp.Diff(res.ContextData, sres.ContextData); diff != "" {
		t.Errorf("records differ: %s", diff)
	}
	if !strings.HasPrefix(res.Context.Entities[0].Title, "DULCE BASE") {
		t.Errorf("include_entity_names ignored: first entity %q", res.Context.Entities[0].Title)
	}
	tk := b.Tokenizer()
	system := m.last.Messages[0].Content
	if res.LLMCalls != 1 || res.PromptTokens != tk.Count(system) || res.OutputTokens != tk.Count(res.Response) {
		t.Errorf("accounting: calls %d prompt %d output %d", res.LLMCalls, res.PromptTokens, res.OutputTokens)
	}
	wantCat := map[string]int{"build_context": 0, "response": 1}
	if !reflect.DeepEqual(res.LLMCallsCategories, wantCat) || !reflect.DeepEqual(sres.LLMCallsCategories, wantCat) {
		t.Errorf("categories %v / %v", res.LLMCallsCategories, sres.LLMCallsCategories)
	}
	if sres.PromptTokens != res.PromptTokens || sres.OutputTokens != res.OutputTokens {
		t.Errorf("token accounting differs between Search and Stream")
	}
	if !strings.Contains(system, res.ContextText) || !strings.Contains(system, "---Data tables---") {
		t.Errorf("system prompt lacks the context")
	}
	// Citations: Entities 2 (ALEX MERCER's short id) and Reports 0 are in
	// the context; Sources 99 is not.
	unknown := res.UnknownCitations()
	if len(res.Citations) != 3 || len(unknown) != 1 || unknown[0].ID != "99" || unknown[0].Table != "sources" {
		t.Errorf("citations %+v", res.Citations)
	}

	// A model that fails after the third chunk: an error, not a shorter
	// answer.
	broken := &scriptModel{chunks: []string{"a", "b", "c", "d", "e"}, failAfter: 3}
	e2, _ := NewEngine(b, EngineConfig{Model: broken, Params: &p})
	var got strings.Builder
	r2, err := e2.Stream(t.Context(), q, func(ev Event) error { got.WriteString(ev.Delta); return nil })
	if !errors.Is(err, llm.ErrUnavailable) || !errors.Is(err, errBroken) || r2 != nil {
		t.Errorf("mid-stream failure: result %v, err %v", r2, err)
	}
	if got.String() != "abc" {
		t.Errorf("deltas before the failure: %q", got.String())
	}
	if _, err := e2.Search(t.Context(), q); !errors.Is(err, llm.ErrUnavailable) {
		t.Errorf("Search with a failing model: %v", err)
	}
}

func TestParseCitations(t *testing.T) {
	rec := Records{
		"entities":      {Columns: []string{"id", "entity"}, Rows: [][]string{{"1", "A"}, {"2", "B"}, {"9", "Z"}}, InContext: []bool{true, true, false}},
		"reports":       {Columns: []string{"id", "title", "content"}, Rows: [][]string{{"3", "R", "x"}}},
		"sources":       {Columns: []string{"id", "text"}, Rows: [][]string{{"4", "t"}}},
		"relationships": {Columns: []string{"id"}, Rows: [][]string{{"23"}}, InContext: []bool{true}},
		"claims":        {Columns: []string{"id"}, Rows: [][]string{{"7"}}, InContext: []bool{true}},
	}
	type c struct {
		table, id string
		in        bool
	}
	tests := []struct {
		name, answer string
		want         []c
	}{
		{"basic", "X [Data: Entities (1, 2); Reports (3)].", []c{{"entities", "1", true}, {"entities", "2", true}, {"reports", "3", true}}},
		{"more", "[Data: Sources (4, +more)]", []c{{"sources", "4", true}}},
		{"full width", "张三【Data：Entities（1，2）；Reports（3）】。", []c{{"entities", "1", true}, {"entities", "2", true}, {"reports", "3", true}}},
		{"full width square", "［data: sources (4、 5)］", []c{{"sources", "4", true}, {"sources", "5", false}}},
		{"lower case and comma between datasets", "[data: entities (1), relationships (23), claims (7, 8)]",
			[]c{{"entities", "1", true}, {"relationships", "23", true}, {"claims", "7", true}, {"claims", "8", false}}},
		{"singular", "[Data: Entity (2); Source (4); Relationship (23)]", []c{{"entities", "2", true}, {"sources", "4", true}, {"relationships", "23", true}}},
		{"multiple blocks, duplicates once", "a [Data: Entities (1)] b [Data: Entities (1, 9)] c [DATA: Reports (3, +more)]",
			[]c{{"entities", "1", true}, {"entities", "9", false}, {"reports", "3", true}}},
		{"unknown dataset", "[Data: Documents (1)]", []c{{"", "1", false}}},
		{"no brackets", "[Data: Entities 1, 2; Reports 3, +more]", []c{{"entities", "1", true}, {"entities", "2", true}, {"reports", "3", true}}},
		{"hash ids", "[Data: Sources (#4)]", []c{{"sources", "4", true}}},
		{"no citation", "Plain text [1] (Data) [Data]", nil},
	}
	for _, tt := range tests {
		var got []c
		for _, x := range ParseCitations(tt.answer, rec) {
			got = append(got, c{x.Table, x.ID, x.InContext})
			if x.InContext != (x.Row >= 0) {
				t.Errorf("%s: %+v: Row and InContext disagree", tt.name, x)
			}
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: %q\n got %v\nwant %v", tt.name, tt.answer, got, tt.want)
		}
	}
}

func TestNoMatchB24(t *testing.T) {
	// (a) a graph about 某地暴雨; the question 火星殖民 is far from every
	// entity: with MaxEntityDistance set no entity is matched, and no model
	// is called.
	parts := knowledge.Parts{Entities: []knowledge.Entity{
		{ID: "a", ShortID: "0", Title: "某地暴雨", Description: "某地发生特大暴雨。", Rank: 1, HasRank: true},
	}}
	emb := &stubEmbedder{dim: 2, vecs: map[string][]float32{"火星殖民": {0, 1}}}
	store := &exactStore{ids: []string{"a"}, vecs: [][]float32{{1, 0}}}
	b := newBuilder(t, parts, Config{Embedder: emb, VectorStore: store})
	p := DefaultParams()
	p.MaxEntityDistance = 1 // squared L2 between orthogonal unit vectors is 2
	m := &scriptModel{chunks: []string{"invented"}}
	e, err := NewEngine(b, EngineConfig{Model: m, Params: &p})
	if err != nil {
		t.Fatal(err)
	}
	res, err := e.Search(t.Context(), Query{Text: "火星殖民"})
	if err != nil {
		t.Fatal(err)
	}
	if !res.NoMatch || res.LLMCalls != 0 || res.Response != "" || m.calls != 0 {
		t.Errorf("no-match: %+v, model calls %d", res, m.calls)
	}
	// The nearest entity is matched when it is near enough.
	p.MaxEntityDistance = 3
	res, _ = e.Search(t.Context(), Query{Text: "火星殖民", Params: &p})
	if res.NoMatch || m.calls != 1 {
		t.Errorf("within distance: NoMatch %v, calls %d", res.NoMatch, m.calls)
	}
	// (b) an empty knowledge model is an error, and no model is called.
	eb, _ := NewEngine(newBuilder(t, knowledge.Parts{}, Config{}), EngineConfig{Model: m})
	if _, err := eb.Search(t.Context(), Query{Text: "任何问题"}); !errors.Is(err, ErrEmptyKnowledge) || m.calls != 1 {
		t.Errorf("empty model: %v, calls %d", err, m.calls)
	}
}

func TestFormatPrompt(t *testing.T) {
	got, err := FormatPrompt("a {x} {{lit}} {y}", map[string]string{"x": "1", "y": "{z}"})
	if err != nil || got != "a 1 {lit} {z}" {
		t.Errorf("FormatPrompt = %q, %v", got, err)
	}
	for _, bad := range []string{"{unknown}", "open {", "close }"} {
		if _, err := FormatPrompt(bad, map[string]string{}); !errors.Is(err, ErrConfig) {
			t.Errorf("FormatPrompt(%q) = %v, want ErrConfig", bad, err)
		}
	}
	b := newBuilder(t, smallParts(), Config{})
	if _, err := NewEngine(b, EngineConfig{Model: &scriptModel{}, SystemPrompt: "{context_data} {nope}"}); !errors.Is(err, ErrConfig) {
		t.Errorf("NewEngine with a bad prompt: %v", err)
	}
	s, _ := FormatPrompt(SystemPrompt, map[string]string{"context_data": "CTX", "response_type": "RT"})
	if strings.Count(s, "CTX") != 1 || strings.Count(s, "RT") != 2 || !strings.Contains(s, "[Data: <dataset name> (record ids); <dataset name> (record ids)]") {
		t.Errorf("SystemPrompt slots or citation rule wrong")
	}
}

// TestConcurrentSearchB32: 8 goroutines × 50 iterations over 4 queries
// (the empty query among them), include_entity_names on half: every
// result equals the sequential one.
func TestConcurrentSearchB32(t *testing.T) {
	b, _ := dulceBuilder(t)
	e, err := NewEngine(b, EngineConfig{Model: &scriptModel{chunks: []string{"x [Data: Entities (1)]"}}})
	if err != nil {
		t.Fatal(err)
	}
	inc := DefaultParams()
	inc.IncludeEntityNames = []string{"DULCE BASE"}
	queries := []Query{{Text: ""}, {Text: "ALEX MERCER", Params: &inc}, {Text: "TAYLOR CRUZ"}, {Text: "JORDAN HAYES", Params: &inc}}
	want := make([]*Result, len(queries))
	for i, q := range queries {
		if want[i], err = e.Search(t.Context(), q); err != nil {
			t.Fatal(err)
		}
	}
	iters := 50
	if testing.Short() || raceEnabled {
		iters = 10
	}
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for g := range 8 {
		wg.Go(func() {
			for it := range iters {
				i := (g + it) % len(queries)
				got, err := e.Search(context.Background(), queries[i])
				if err != nil {
					errs <- err
					return
				}
				if got.ContextText != want[i].ContextText || got.Response != want[i].Response || !reflect.DeepEqual(got.ContextData, want[i].ContextData) {
					errs <- fmt.Errorf("goroutine %d iteration %d query %d differs from the sequential result", g, it, i)
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

func TestOfflineAnswerDulce(t *testing.T) {
	b, _ := dulceBuilder(t)
	e, _ := NewEngine(b, EngineConfig{Model: offline.New()})
	res, err := e.Search(t.Context(), Query{Text: "ALEX MERCER"})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Extractive || !strings.HasPrefix(res.Response, "**Extracted answer**") {
		t.Errorf("offline answer not labelled:\n%s", res.Response)
	}
	lines := strings.Split(res.Response, "\n")
	n := 0
	for _, l := range lines {
		if !strings.HasPrefix(l, "- ") {
			continue
		}
		n++
		cs := ParseCitations(l, res.ContextData)
		if len(cs) != 1 || !cs[0].InContext {
			t.Errorf("sentence %q: citations %+v", l, cs)
		}
	}
	if n == 0 || n > offline.MaxAnswerSentences || len(res.UnknownCitations()) != 0 {
		t.Errorf("answer has %d sentences, unknown citations %v:\n%s", n, res.UnknownCitations(), res.Response)
	}
	if !strings.Contains(strings.ToLower(res.Response), "mercer") {
		t.Errorf("answer does not mention Mercer:\n%s", res.Response)
	}
	t.Logf("offline answer:\n%s", res.Response)
}

func FuzzParseCitations(f *testing.F) {
	for _, s := range []string{"[Data: Entities (1, 2); Reports (3)]", "【Data：Sources（4，+more）】", "[data: x 1; y (2", "[Data: ]", "[Data: Entities ((1))]"} {
		f.Add(s)
	}
	rec := Records{"entities": {Columns: []string{"id"}, Rows: [][]string{{"1"}, {"2"}}}}
	f.Fuzz(func(t *testing.T, answer string) {
		seen := map[[2]string]bool{}
		for _, c := range ParseCitations(answer, rec) {
			if c.InContext != (c.Row >= 0) || (c.InContext && rec[c.Table].Rows[c.Row][0] != c.ID) {
				t.Fatalf("%q: inconsistent citation %+v", answer, c)
			}
			k := [2]string{c.Table + "/" + strings.ToLower(c.Dataset), c.ID}
			if seen[k] {
				t.Fatalf("%q: citation %+v listed twice", answer, c)
			}
			seen[k] = true
		}
	})
}
