package localsearch

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"reportengine/llm"
	"reportengine/prompts"
)

// EngineConfig configures an Engine.
type EngineConfig struct {
	// Model answers (required). One Model serves any number of concurrent
	// searches.
	Model llm.Model
	// Tokenizer counts prompt and output tokens; nil = the builder's.
	Tokenizer llm.Tokenizer
	// SystemPrompt is a str.format template with the slots {context_data}
	// and {response_type}; "" = SystemPrompt. It is checked by NewEngine.
	SystemPrompt string
	// ResponseType fills {response_type}; "" = DefaultResponseType.
	ResponseType string
	// Params are the build parameters; nil = DefaultParams(). The model
	// gets no temperature or token limit: its defaults apply.
	Params *Params
}

// Engine is GraphRAG's LocalSearch (reference §4): it builds the context
// with a ContextBuilder, asks the model and returns the answer with its
// accounting. It holds no per-call state; Search and Stream are safe for
// concurrent use and give byte-identical results to sequential calls
// (B32).
type Engine struct {
	b      *ContextBuilder
	cfg    EngineConfig
	params Params
}

// NewEngine checks cfg (a Model is required, the prompt must format, the
// params must validate; errors wrap ErrConfig) and returns an Engine.
func NewEngine(b *ContextBuilder, cfg EngineConfig) (*Engine, error) {
	if b == nil {
		return nil, fmt.Errorf("%w: nil ContextBuilder", ErrConfig)
	}
	if cfg.Model == nil {
		return nil, fmt.Errorf("%w: EngineConfig.Model is required", ErrConfig)
	}
	if cfg.Tokenizer == nil {
		cfg.Tokenizer = b.Tokenizer()
	}
	cfg.SystemPrompt = cmp.Or(cfg.SystemPrompt, SystemPrompt)
	cfg.ResponseType = cmp.Or(cfg.ResponseType, DefaultResponseType)
	if _, err := FormatPrompt(cfg.SystemPrompt, map[string]string{"context_data": "", "response_type": ""}); err != nil {
		return nil, err
	}
	p := DefaultParams()
	if cfg.Params != nil {
		p = *cfg.Params
	}
	if err := p.Validate(); err != nil {
		return nil, err
	}
	return &Engine{b: b, cfg: cfg, params: p}, nil
}

// count counts with the engine's tokenizer, through the builder's
// counter (its shared cache) when the tokenizers are the same. A
// line-additive tokenizer (counter.additive) counts s as the sum of its
// lines (additiveLines), each through the cache: a prompt's context is
// rows the earlier questions' prompts held, and counting the whole prompt
// of every answer (12 000 tokens by default) was 40 % of an offline
// answer's time.
func (e *Engine) count(s string) int {
	if e.cfg.Tokenizer != e.b.Tokenizer() {
		return e.cfg.Tokenizer.Count(s)
	}
	tc := e.b.newCounter()
	if !tc.additive {
		return tc.count(s)
	}
	n := 0
	for _, l := range additiveLines(s) {
		n += tc.count(l)
	}
	return n
}

// additiveLines cuts s after each "\n" whose next line does not continue
// a tokenizer's piece (continuesPiece): the parts a line-additive
// tokenizer counts as s (tokens.Tokenizer.LineAdditive). Joined, they are
// s.
func additiveLines(s string) []string {
	var out []string
	start := 0
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' && i+1 < len(s) && !continuesPiece(s[i+1:]) {
			out = append(out, s[start:i+1])
			start = i + 1
		}
	}
	return append(out, s[start:])
}

// continuesPiece reports whether a line opening so may be counted with
// the "\n" before it as one piece (tokens.Tokenizer.LineAdditive): it
// opens with white space or '/'.
func continuesPiece(line string) bool {
	r, _ := utf8.DecodeRuneInString(line)
	return unicode.IsSpace(r) || r == '/'
}

// Query is one question.
type Query struct {
	// Text is the question.
	Text string `json:"query"`
	// History is the conversation so far, oldest first (see
	// ContextBuilder.Build for nil vs empty).
	History []llm.Message `json:"history,omitempty"`
	// Params override the engine's build parameters when non-nil.
	Params *Params `json:"params,omitempty"`
	// ResponseType overrides the engine's when non-empty.
	ResponseType string `json:"response_type,omitempty"`
}

// Result is a finished search: the reference's SearchResult fields
// (§4.3) plus the parsed citations and the no-match flag.
type Result struct {
	Response    string  `json:"response"`
	ContextText string  `json:"context_text"`
	ContextData Records `json:"context_data"`
	// CompletionTime is the wall time of the whole search, in seconds.
	CompletionTime float64 `json:"completion_time"`
	// LLMCalls, PromptTokens and OutputTokens sum the categories.
	// PromptTokens counts the system prompt only and OutputTokens the whole
	// response, both with the engine's tokenizer, as the reference does.
	LLMCalls     int `json:"llm_calls"`
	PromptTokens int `json:"prompt_tokens"`
	OutputTokens int `json:"output_tokens"`
	// Categories are "build_context" (always 0 for local search) and
	// "response".
	LLMCallsCategories     map[string]int `json:"llm_calls_categories"`
	PromptTokensCategories map[string]int `json:"prompt_tokens_categories"`
	OutputTokensCategories map[string]int `json:"output_tokens_categories"`

	// NoMatch is true when the question selected no entity: the model was
	// not called, Response is "" and LLMCalls 0 (B24).
	NoMatch bool `json:"no_match"`
	// Relevance is Context.Relevance: the nearest entities' match to the
	// question and whether it was too weak (then NoMatch is true); absent
	// without a relevance floor.
	Relevance *Relevance `json:"relevance,omitempty"`
	// Citations are the [Data: …] references of Response resolved against
	// ContextData; those with InContext false point at nothing.
	Citations []Citation `json:"citations"`
	// Extractive is the answering model's Info().Extractive: the offline
	// model copies sentences from the context instead of writing.
	Extractive bool `json:"extractive"`
	// Context is the built context (entities, budgets, embedded query).
	Context *Context `json:"-"`
}

// NoMatchMessage is what callers print for a NoMatch result (NoMatchText
// says why when it can).
const NoMatchMessage = "No entity of the knowledge model matches the question; no model was asked."

// NoMatchText is the sentence to print for a NoMatch result: for a weak
// match, that the graph holds nothing relevant and the figures that show
// it; else NoMatchMessage.
func (r *Result) NoMatchText() string {
	if r.Relevance != nil && r.Relevance.Weak {
		return r.Relevance.Message()
	}
	return NoMatchMessage
}

// Event is one step of a streamed search: first exactly one event with
// Context set (before the model is called; the reference's on_context),
// then one per content delta with Delta set.
type Event struct {
	Context *Context
	Delta   string
	// Reset: the deltas before this event were the model's reasoning, not
	// the answer (llm.Chunk.Reset, B02); Delta is the first text after.
	Reset bool
}

// Search answers q: Stream without a callback. The model is always
// called in streaming mode, so both paths run the same code (B38).
func (e *Engine) Search(ctx context.Context, q Query) (*Result, error) {
	return e.Stream(ctx, q, nil)
}

// Stream answers q, calling fn (when not nil) with the context and then
// with every delta in order. It returns the same Result as Search. Errors:
// invalid params or history (ErrConfig), ErrEmptyKnowledge, embedder and
// vector-store errors, prompt formatting errors, and model errors — a
// model that fails mid-stream is an error, never a shortened answer
// (B38); an error returned by fn stops the stream and is returned.
func (e *Engine) Stream(ctx context.Context, q Query, fn func(Event) error) (*Result, error) {
	start := time.Now()
	p := e.params
	if q.Params != nil {
		p = *q.Params
	}
	c, err := e.b.Build(ctx, q.Text, q.History, p)
	if err != nil {
		return nil, err
	}
	res := &Result{
		ContextText: c.Text, ContextData: c.Records, Context: c, Citations: []Citation{},
		LLMCallsCategories:     map[string]int{"build_context": 0},
		PromptTokensCategories: map[string]int{"build_context": 0},
		OutputTokensCategories: map[string]int{"build_context": 0},
	}
	if fn != nil {
		if err := fn(Event{Context: c}); err != nil {
			return nil, err
		}
	}
	res.Relevance = c.Relevance
	if !c.Matched() {
		res.NoMatch = true
		res.CompletionTime = time.Since(start).Seconds()
		return res, nil
	}
	rt := cmp.Or(q.ResponseType, e.cfg.ResponseType)
	system, err := FormatPrompt(e.cfg.SystemPrompt, map[string]string{"context_data": c.Text, "response_type": rt})
	if err != nil {
		return nil, err
	}
	user, err := json.Marshal(prompts.LocalSearchInput{Task: prompts.TaskLocalSearch, Query: q.Text, ResponseType: rt})
	if err != nil {
		return nil, fmt.Errorf("localsearch: encode question: %w", err)
	}
	req := llm.Request{
		Step:     "local search",
		Messages: []llm.Message{{Role: llm.RoleSystem, Content: system}, {Role: llm.RoleUser, Content: string(user)}},
	}
	cb := func(llm.Chunk) error { return nil }
	if fn != nil {
		cb = func(ch llm.Chunk) error { return fn(Event{Delta: ch.Delta, Reset: ch.Reset}) }
	}
	resp, err := e.cfg.Model.Stream(ctx, req, cb)
	if err != nil {
		return nil, fmt.Errorf("localsearch: %w", err)
	}
	res.Response = llm.StripReasoning(resp.Content) // B01/B02: a reasoning block is not the answer
	// one call, the build_context category adding 0
	res.LLMCalls, res.PromptTokens, res.OutputTokens = 1, e.count(system), e.count(resp.Content)
	res.LLMCallsCategories["response"] = res.LLMCalls
	res.PromptTokensCategories["response"] = res.PromptTokens
	res.OutputTokensCategories["response"] = res.OutputTokens
	res.Citations = ParseCitations(res.Response, c.Records)
	identify(res.Citations, e.b.m, strings.ToLower(e.params.CommunityContextName), e.b.positionalIDs())
	res.Extractive = e.cfg.Model.Info().Extractive
	res.CompletionTime = time.Since(start).Seconds()
	return res, nil
}
