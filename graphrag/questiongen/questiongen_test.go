package questiongen

import (
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"reportengine/graphrag/knowledge"
	"reportengine/graphrag/localsearch"
	"reportengine/internal/fixture"
	"reportengine/llm"
	"reportengine/llm/offline"
	"reportengine/prompts"
)

func TestParseB31(t *testing.T) {
	reply := "以下是建议的后续问题：\n" +
		"1. 微博上的负面情绪主要来自哪些群体？\n" +
		"2: 官方回应后讨论量是否下降？\n" +
		"- 媒体报道与网民观点有何差异\n" +
		"3) 媒体报道与网民观点有何差异\n" +
		"4. 是否存在有组织的传播账号？\n"
	got := Parse(reply, []string{"官方回应后讨论量是否下降？"}, 3)
	want := []string{"微博上的负面情绪主要来自哪些群体？", "媒体报道与网民观点有何差异", "是否存在有组织的传播账号？"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Parse = %q, want %q", got, want)
	}
}

func TestIsQuestion(t *testing.T) {
	for _, tc := range []struct {
		s    string
		want bool
	}{
		{"好的。", false}, {"Sure, here you go.", false}, {"以下是问题", false}, {"The team left", false},
		{"谁负责？", true}, {"Where?", true}, {"舆情为何升温", true}, {"Is it true", true}, {"Does Sam lead.", true},
		{"如何应对", true}, {"有几个平台", true}, {"Isolation was total", false},
	} {
		if got := IsQuestion(tc.s); got != tc.want {
			t.Errorf("IsQuestion(%q) = %v, want %v", tc.s, got, tc.want)
		}
	}
}

func TestParseVariants(t *testing.T) {
	tests := []struct {
		name, reply string
		asked       []string
		max         int
		want        []string
	}{
		{"bullets and blank lines", "- What is A?\n\n* What is B?\n• What is C?\n", nil, 0, []string{"What is A?", "What is B?", "What is C?"}},
		{"preamble and heading", "Here are 2 questions:\n## Questions\n1. **What is A?**\n2) What is B?\n", nil, 0, []string{"What is A?", "What is B?"}},
		{"CRLF and numbering styles", "(1) Who leads?\r\n（2）谁负责？\r\n一、为什么？\r\nQ4: Where?\r\n", nil, 0, []string{"Who leads?", "谁负责？", "为什么？", "Where?"}},
		{"duplicates by case and punctuation", "- What is A?\n- what is a\n- What is A.\n", nil, 0, []string{"What is A?"}},
		{"already asked", "- Tell me about Agent Mercer\n- Who is Sam?\n", []string{"tell me about agent mercer?"}, 0, []string{"Who is Sam?"}},
		{"count enforced", "- a1?\n- a2?\n- a3?\n", nil, 2, []string{"a1?", "a2?"}},
		{"nothing usable", "Sure:\n\n- \n", nil, 3, []string{}},
		{"B31: an acknowledgement is no question", "1. 好的。\n", nil, 3, []string{}},
		{"statements dropped, questions kept", "好的。\n以下内容仅供参考\n- 微博上的负面情绪主要来自哪些群体\n- How did the team react\n- Sure, here you go.\n- 这件事的影响有多大吗\n", nil, 0,
			[]string{"微博上的负面情绪主要来自哪些群体", "How did the team react", "这件事的影响有多大吗"}},
		{"nested marker", "- 1. What is A?", nil, 0, []string{"What is A?"}},
	}
	for _, tt := range tests {
		if got := Parse(tt.reply, tt.asked, tt.max); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: Parse = %q, want %q", tt.name, got, tt.want)
		}
	}
}

// fixedModel returns a fixed reply and records the requests.
type fixedModel struct {
	reply string
	mu    sync.Mutex
	reqs  []llm.Request
	err   error
}

func (m *fixedModel) Complete(ctx context.Context, req llm.Request) (llm.Response, error) {
	return m.Stream(ctx, req, func(llm.Chunk) error { return nil })
}

func (m *fixedModel) Stream(_ context.Context, req llm.Request, fn func(llm.Chunk) error) (llm.Response, error) {
	m.mu.Lock()
	m.reqs = append(m.reqs, req)
	m.mu.Unlock()
	if m.err != nil {
		return llm.Response{}, m.err
	}
	if err := fn(llm.Chunk{Delta: m.reply}); err != nil {
		return llm.Response{}, err
	}
	return llm.Response{Content: m.reply, FinishReason: "stop"}, nil
}

func (m *fixedModel) Info() llm.Info { return llm.Info{Provider: "test"} }

// stubEmbedder returns the same unit vector for every text; the store
// orders entities by id, so the selection is deterministic.
type stubEmbedder struct{}

func (stubEmbedder) Embed(_ context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	for i := range out {
		out[i] = []float32{1, 0}
	}
	return out, nil
}
func (stubEmbedder) Info() llm.EmbedderInfo {
	return llm.EmbedderInfo{Provider: "test", Model: "stub", Dimensions: 2}
}

type idStore struct{ ids []string }

func (s idStore) Nearest(_ context.Context, _ []float32, k int) ([]knowledge.Neighbor, error) {
	var out []knowledge.Neighbor
	for _, id := range s.ids[:min(k, len(s.ids))] {
		out = append(out, knowledge.Neighbor{ID: id})
	}
	return out, nil
}

func dulceBuilder(t *testing.T) *localsearch.ContextBuilder {
	t.Helper()
	m, err := knowledge.FromParquet(fixture.Dulce(t), knowledge.ParquetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, e := range m.Entities() {
		ids = append(ids, e.ID)
	}
	b, err := localsearch.NewContextBuilder(m, localsearch.Config{Embedder: stubEmbedder{}, VectorStore: idStore{ids}})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestBuilderContractB39: the last question is the query, the earlier
// ones user-only history; the context is the builder's own for those
// arguments; five lines give five questions; question_context is set.
func TestBuilderContractB39(t *testing.T) {
	b := dulceBuilder(t)
	m := &fixedModel{reply: "- Q1?\n- Q2?\n- Q3?\n- Q4?\n- Q5?\n"}
	g, err := New(Config{Builder: b, Model: m})
	if err != nil {
		t.Fatal(err)
	}
	hist := []string{"Tell me about Agent Mercer", "What happens in Dulce military base?"}
	res, err := g.Generate(t.Context(), Request{History: hist, Count: 5})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Questions) != 5 || res.QuestionContext != hist[1] || res.LLMCalls != 1 {
		t.Errorf("result %+v", res)
	}
	want, err := b.Build(t.Context(), hist[1], []llm.Message{{Role: llm.RoleUser, Content: hist[0]}}, localsearch.DefaultParams())
	if err != nil {
		t.Fatal(err)
	}
	if res.ContextText != want.Text || !reflect.DeepEqual(res.ContextData, want.Records) {
		t.Errorf("context differs from the builder's for the same arguments")
	}
	if !strings.HasPrefix(res.ContextText, "-----Conversation History-----\nturn|content\nuser|Tell me about Agent Mercer\n") {
		t.Errorf("history section missing:\n%.200s", res.ContextText)
	}
	req := m.reqs[0]
	var in prompts.QuestionGenerationInput
	if err := json.Unmarshal([]byte(req.Messages[1].Content), &in); err != nil {
		t.Fatal(err)
	}
	if in.Task != prompts.TaskQuestionGeneration || in.Question != hist[1] || !reflect.DeepEqual(in.History, hist[:1]) || in.QuestionCount != 5 {
		t.Errorf("user message %+v", in)
	}
	if !strings.Contains(req.Messages[0].Content, res.ContextText) || strings.Count(req.Messages[0].Content, "5 ") < 1 {
		t.Errorf("system prompt lacks the context or the count")
	}
	if res.PromptTokens != b.Tokenizer().Count(req.Messages[0].Content) {
		t.Errorf("prompt tokens %d", res.PromptTokens)
	}

	// An empty history: the empty-query selection, no panic.
	res, err = g.Generate(t.Context(), Request{Count: 3})
	if err != nil {
		t.Fatal(err)
	}
	empty, _ := b.Build(t.Context(), "", nil, localsearch.DefaultParams())
	if res.ContextText != empty.Text || res.QuestionContext != "" {
		t.Errorf("empty history: context differs from the empty-query build")
	}
	// A given context is used as is, without building.
	res, err = g.Generate(t.Context(), Request{History: hist, Context: "-----Entities-----\nid|entity|description\n", Count: 2})
	if err != nil || res.ContextData != nil || !strings.Contains(m.reqs[len(m.reqs)-1].Messages[0].Content, "-----Entities-----\nid|entity|description\n") {
		t.Errorf("given context: %v %+v", err, res)
	}
}

func TestGenerateErrors(t *testing.T) {
	if _, err := New(Config{}); !errors.Is(err, ErrConfig) {
		t.Errorf("New without a model: %v", err)
	}
	g, _ := New(Config{Model: &fixedModel{}})
	if _, err := g.Generate(t.Context(), Request{Count: 0, Context: "x"}); !errors.Is(err, ErrConfig) {
		t.Errorf("count 0: %v", err)
	}
	if _, err := g.Generate(t.Context(), Request{Count: 1}); !errors.Is(err, ErrConfig) {
		t.Errorf("no builder, no context: %v", err)
	}
	boom := &fixedModel{err: &llm.Error{Kind: llm.ErrUnavailable}}
	g, _ = New(Config{Model: boom})
	if _, err := g.Generate(t.Context(), Request{Count: 1, Context: "x"}); !errors.Is(err, llm.ErrUnavailable) {
		t.Errorf("model error: %v", err)
	}
	g, _ = New(Config{Model: &fixedModel{reply: "Sure:\n"}})
	res, err := g.Generate(t.Context(), Request{Count: 3, Context: "x"})
	if err != nil || len(res.Questions) != 0 || len(res.Warnings) != 1 {
		t.Errorf("no usable line: %v %+v", err, res)
	}
}

func TestOfflineQuestionsDulce(t *testing.T) {
	b := dulceBuilder(t)
	g, err := New(Config{Builder: b, Model: offline.New()})
	if err != nil {
		t.Fatal(err)
	}
	hist := []string{"Tell me about Alex Mercer"}
	res, err := g.Generate(t.Context(), Request{History: hist, Count: 3})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Questions) != 3 {
		t.Fatalf("questions %q (raw %q)", res.Questions, res.Raw)
	}
	for _, q := range res.Questions {
		if strings.EqualFold(q, hist[0]) || !strings.HasSuffix(q, "?") {
			t.Errorf("question %q", q)
		}
	}
	t.Logf("offline questions: %q", res.Questions)
	// the offline writer called directly (Config.Write, no Model): the
	// same reply from the context text as from the prompt and its JSON
	var asked prompts.QuestionGenerationInput
	direct, err := New(Config{Builder: b, Write: func(_ context.Context, in prompts.QuestionGenerationInput, context string) (string, error) {
		asked = in
		return offline.WriteQuestions(in, context), nil
	}})
	if err != nil {
		t.Fatal(err)
	}
	dres, err := direct.Generate(t.Context(), Request{History: hist, Count: 3})
	if err != nil {
		t.Fatal(err)
	}
	if dres.Raw != res.Raw || !slices.Equal(dres.Questions, res.Questions) || dres.LLMCalls != 1 || dres.PromptTokens != 0 {
		t.Errorf("direct: %q (raw %q, %d calls, %d prompt tokens); want %q (raw %q), 1 call, 0 tokens", dres.Questions, dres.Raw, dres.LLMCalls, dres.PromptTokens, res.Questions, res.Raw)
	}
	if asked.Question != hist[0] || asked.QuestionCount != 3 || asked.Task != prompts.TaskQuestionGeneration {
		t.Errorf("Write was given %+v", asked)
	}
}

// Questions proposed before (Request.Proposed) are not proposed again,
// and the model is asked for as many more, at most Count more.
func TestGenerateSkipsProposed(t *testing.T) {
	b := dulceBuilder(t)
	m := &fixedModel{reply: "- Q1?\n- Q2?\n- Q3?\n- Q4?\n- Q5?\n"}
	g, err := New(Config{Builder: b, Model: m})
	if err != nil {
		t.Fatal(err)
	}
	hist := []string{"Tell me about Agent Mercer", "What happens in Dulce military base?"}
	res, err := g.Generate(t.Context(), Request{History: hist, Count: 2, Proposed: []string{"Q1?", "Q2?", "Q3?"}})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(res.Questions, []string{"Q4?", "Q5?"}) {
		t.Errorf("questions %q, want Q4? and Q5?", res.Questions)
	}
	var in prompts.QuestionGenerationInput
	if err := json.Unmarshal([]byte(m.reqs[0].Messages[1].Content), &in); err != nil {
		t.Fatal(err)
	}
	if in.QuestionCount != 4 || !slices.Equal(in.History, hist[:1]) {
		t.Errorf("asked for %d questions with history %q; want 4 (2 and 2 more), the history without the proposed", in.QuestionCount, in.History)
	}
}
