package globalsearch

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"reportengine/llm"
	"reportengine/text"
)

// EngineConfig configures an Engine.
type EngineConfig struct {
	// Model answers the map and reduce prompts. nil, or a model whose
	// Info().Extractive is true (the offline model), selects the extractive
	// map and reduce of this package: no prompt is built or sent.
	Model llm.Model
	// Tokenizer counts the reduce budget and the prompt and output tokens;
	// nil = the builder's.
	Tokenizer llm.Tokenizer
	// ResponseType fills the reduce prompt's {response_type}; "" =
	// DefaultResponseType.
	ResponseType string
	// Params are the search parameters; nil = DefaultParams(). The model
	// gets no temperature or token limit: its defaults apply.
	Params *Params
}

// Engine is GraphRAG's GlobalSearch (query/structured_search/global_search/
// search.py): batches of community reports → one map request per batch,
// answered as rated points → a reduce request over the best points that
// streams the answer. It holds no per-call state; Search and Stream are
// safe for concurrent use.
type Engine struct {
	b      *ContextBuilder
	cfg    EngineConfig
	params Params
}

// NewEngine checks cfg (the params must validate; errors wrap ErrConfig)
// and returns an Engine.
func NewEngine(b *ContextBuilder, cfg EngineConfig) (*Engine, error) {
	if b == nil {
		return nil, fmt.Errorf("%w: nil ContextBuilder", ErrConfig)
	}
	if cfg.Tokenizer == nil {
		cfg.Tokenizer = b.Tokenizer()
	}
	cfg.ResponseType = cmp.Or(cfg.ResponseType, DefaultResponseType)
	p := DefaultParams()
	if cfg.Params != nil {
		p = *cfg.Params
	}
	if err := p.Validate(); err != nil {
		return nil, err
	}
	return &Engine{b: b, cfg: cfg, params: p}, nil
}

// Extractive reports whether the engine answers without a language model
// (the offline, extractive map and reduce).
func (e *Engine) Extractive() bool {
	return e.cfg.Model == nil || e.cfg.Model.Info().Extractive
}

// Params returns the engine's search parameters (a Query may override
// them).
func (e *Engine) Params() Params { return e.params }

// Builder returns the engine's context builder.
func (e *Engine) Builder() *ContextBuilder { return e.b }

// Query is one question.
type Query struct {
	Text         string        `json:"query"`
	History      []llm.Message `json:"history,omitempty"`
	Params       *Params       `json:"params,omitempty"`
	ResponseType string        `json:"response_type,omitempty"`
}

// Point is one rated key point of a map answer.
type Point struct {
	// Description is the point with its [Data: Reports (…)] citations.
	Description string `json:"description"`
	// Score is the point's importance, 0–100 (0: the batch does not say).
	Score int `json:"score"`
}

// MapResponse is one batch's map answer.
type MapResponse struct {
	Batch        int     `json:"batch"`
	Points       []Point `json:"points"`
	LLMCalls     int     `json:"llm_calls"`
	PromptTokens int     `json:"prompt_tokens"`
	OutputTokens int     `json:"output_tokens"`
	// Warning says why a reply gave no points (it held no JSON object with
	// points); "" otherwise.
	Warning string `json:"warning,omitempty"`
}

// RankedPoint is a point kept for the reduce step, with the batch (the
// reference's "analyst") it came from.
type RankedPoint struct {
	Point
	Batch int `json:"batch"`
	Index int `json:"index"` // position among the batch's points
}

// Citation is one report id cited by the answer.
type Citation struct {
	// Dataset is the dataset name as written ("Reports").
	Dataset string `json:"dataset"`
	// ID is the cited id, as written.
	ID string `json:"id"`
	// InContext is true when the dataset is Reports and a batch sent to
	// the map step held a report with this id.
	InContext bool `json:"in_context"`
	// Title is the report's title when InContext.
	Title string `json:"title,omitempty"`
	// More is true when the group this id was cited in ended with
	// "+more" ("Reports (1, 5, +more)"): the answer cites more reports
	// than it names.
	More bool `json:"more,omitempty"`
}

// Result is a finished global search: the reference's GlobalSearchResult
// fields plus the rated points, the citations and the no-data flag.
type Result struct {
	Response string `json:"response"`
	// ContextText holds each batch's text, in batch order.
	ContextText []string `json:"context_text"`
	// ContextData holds the records of the batches ("reports", and
	// "conversation history" when given).
	ContextData map[string]Table `json:"context_data"`
	// MapResponses are the batches' answers, in batch order.
	MapResponses []MapResponse `json:"map_responses"`
	// Points are the points the reduce step was given, best first.
	Points []RankedPoint `json:"points"`
	// ReduceContextText is the reduce step's {report_data} ("" offline or
	// without points).
	ReduceContextText string `json:"reduce_context_text"`
	// CompletionTime is the wall time of the whole search, in seconds.
	CompletionTime float64 `json:"completion_time"`
	// LLMCalls, PromptTokens and OutputTokens sum the categories
	// "build_context" (0), "map" and "reduce"; tokens are counted with the
	// engine's tokenizer over the system prompts and the replies, as the
	// reference counts them. All 0 for the extractive engine.
	LLMCalls               int            `json:"llm_calls"`
	PromptTokens           int            `json:"prompt_tokens"`
	OutputTokens           int            `json:"output_tokens"`
	LLMCallsCategories     map[string]int `json:"llm_calls_categories"`
	PromptTokensCategories map[string]int `json:"prompt_tokens_categories"`
	OutputTokensCategories map[string]int `json:"output_tokens_categories"`
	// NoData is true when no map point scored above 0: Response is
	// NoDataAnswer (or NoDataAnswerZH) and the reduce step was skipped.
	NoData bool `json:"no_data"`
	// Citations are the [Data: …] references of Response, in order, each
	// (dataset, id) once.
	Citations []Citation `json:"citations"`
	// Extractive is true when the answer was extracted (no language model).
	Extractive bool `json:"extractive"`
	// Context is the built context.
	Context *Context `json:"-"`
}

// Event is one step of a streamed search: first one event with Context
// set (the batches, before any model call), then one per content delta of
// the answer with Delta set.
type Event struct {
	Context *Context
	Delta   string
	// Reset: the deltas before this event were the model's reasoning, not
	// the answer (llm.Chunk.Reset, B02); Delta is the first text after.
	Reset bool
}

// Search answers q: Stream without a callback.
func (e *Engine) Search(ctx context.Context, q Query) (*Result, error) {
	return e.Stream(ctx, q, nil)
}

// Stream answers q, calling fn (when not nil) with the context and then
// with every delta of the answer in order.
//
// The map step sends one request per batch (at most Params.Concurrency at
// once) with MapPrompt and the question, asking for a JSON object; a reply
// without a usable {"points": […]} gives the batch no points and a warning
// (the reference logs and skips it too). The reduce step keeps the points
// that scored above 0, best first (ties: batch order, then the batch's own
// order, as Python's stable sort leaves them), formats each as the
// reference does ("----Analyst n----", "Importance Score: s", the text)
// and takes them while their tokens stay within Params.DataMaxTokens,
// stopping at the first that does not fit; then ReducePrompt and the
// question go to the model, streamed. No point above 0: the answer is
// NoDataAnswer and no reduce request is sent.
//
// The extractive engine (EngineConfig.Model nil or extractive) does the
// same steps without a model: see extractiveMap and extractiveReduce.
//
// Errors: ErrConfig, ErrNoReports, model errors (a map or reduce request
// that fails is an error, never a shorter answer; the reference logs a
// failed map request and goes on), an error returned by fn, ctx.Err().
func (e *Engine) Stream(ctx context.Context, q Query, fn func(Event) error) (*Result, error) {
	return e.stream(ctx, q, fn, false)
}

// stream is Stream; with holdNoData a search whose map keeps no point
// does not send fn the no-data answer (Answer falls back to local search).
func (e *Engine) stream(ctx context.Context, q Query, fn func(Event) error, holdNoData bool) (*Result, error) {
	start := time.Now()
	p := e.params
	if q.Params != nil {
		p = *q.Params
	}
	c, err := e.b.Build(ctx, q.History, p)
	if err != nil {
		return nil, err
	}
	cats := func() map[string]int { return map[string]int{"build_context": 0, "map": 0, "reduce": 0} }
	res := &Result{
		ContextData: c.Records, Context: c, Citations: []Citation{}, ContextText: []string{},
		MapResponses: []MapResponse{}, Points: []RankedPoint{}, Extractive: e.Extractive(),
		LLMCallsCategories: cats(), PromptTokensCategories: cats(), OutputTokensCategories: cats(),
	}
	for _, bt := range c.Batches {
		res.ContextText = append(res.ContextText, bt.Text)
	}
	if fn != nil {
		if err := fn(Event{Context: c}); err != nil {
			return nil, err
		}
	}
	var maps []MapResponse
	if e.Extractive() {
		maps = e.extractiveMap(q.Text, c)
	} else if maps, err = e.modelMap(ctx, q.Text, c, p); err != nil {
		return nil, err
	}
	res.MapResponses = maps
	for _, m := range maps {
		res.LLMCallsCategories["map"] += m.LLMCalls
		res.PromptTokensCategories["map"] += m.PromptTokens
		res.OutputTokensCategories["map"] += m.OutputTokens
	}
	emit := func(s string) error {
		if fn == nil || s == "" {
			return nil
		}
		return fn(Event{Delta: s})
	}
	ranked := RankPoints(maps)
	if len(ranked) == 0 {
		res.NoData = true
		res.Response = NoDataAnswer
		if text.HasHan(q.Text) {
			res.Response = NoDataAnswerZH
		}
		if !holdNoData { // held: the caller answers otherwise
			if err := emit(res.Response); err != nil {
				return nil, err
			}
		}
	} else {
		kept, data := e.packPoints(ranked, p.DataMaxTokens)
		res.Points = kept
		if e.Extractive() {
			res.Response = extractiveReduce(q.Text, kept)
			if err := emit(res.Response); err != nil {
				return nil, err
			}
		} else {
			res.ReduceContextText = data
			if err := e.modelReduce(ctx, q, data, p, res, fn); err != nil {
				return nil, err
			}
		}
	}
	for k := range res.LLMCallsCategories {
		res.LLMCalls += res.LLMCallsCategories[k]
		res.PromptTokens += res.PromptTokensCategories[k]
		res.OutputTokens += res.OutputTokensCategories[k]
	}
	res.Citations = ParseCitations(res.Response, c, e.b.Model().Reports())
	res.CompletionTime = time.Since(start).Seconds()
	return res, nil
}

// RankPoints collects the points of the map responses that scored above
// 0, best first; ties keep batch order, then the batch's own order (the
// reference's stable sort by score over the points in batch order).
func RankPoints(maps []MapResponse) []RankedPoint {
	var out []RankedPoint
	for _, m := range maps {
		for i, pt := range m.Points {
			if pt.Score > 0 {
				out = append(out, RankedPoint{Point: pt, Batch: m.Batch, Index: i})
			}
		}
	}
	slices.SortStableFunc(out, func(a, b RankedPoint) int {
		return cmp.Or(cmp.Compare(b.Score, a.Score), cmp.Compare(a.Batch, b.Batch), cmp.Compare(a.Index, b.Index))
	})
	return out
}

// formatPoint is a point as the reduce step's data shows it.
func formatPoint(p RankedPoint) string {
	return fmt.Sprintf("----Analyst %d----\nImportance Score: %d\n%s", p.Batch+1, p.Score, p.Description)
}

// packPoints takes the ranked points in order while their formatted
// tokens stay within budget, stopping at the first that does not fit (the
// reference stops there too); it returns them and the reduce data (the
// formatted points joined by blank lines).
func (e *Engine) packPoints(ranked []RankedPoint, budget int) ([]RankedPoint, string) {
	kept := []RankedPoint{}
	var parts []string
	used := 0
	for _, p := range ranked {
		s := formatPoint(p)
		n := e.cfg.Tokenizer.Count(s)
		if used+n > budget {
			break
		}
		used += n
		kept = append(kept, p)
		parts = append(parts, s)
	}
	return kept, strings.Join(parts, "\n\n")
}

// modelMap sends one map request per batch, at most p.Concurrency at once,
// and returns the responses in batch order.
func (e *Engine) modelMap(ctx context.Context, question string, c *Context, p Params) ([]MapResponse, error) {
	out := make([]MapResponse, len(c.Batches))
	errs := make([]error, len(c.Batches))
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	sem := make(chan struct{}, cmp.Or(p.Concurrency, DefaultConcurrency)) // Validate: not negative
	var wg sync.WaitGroup
	for i, bt := range c.Batches {
		wg.Go(func() {
			select {
			case sem <- struct{}{}:
			case <-ctx.Done():
				errs[i] = ctx.Err()
				return
			}
			defer func() { <-sem }()
			out[i], errs[i] = e.mapBatch(ctx, i, question, bt.Text, p)
			if errs[i] != nil {
				cancel()
			}
		})
	}
	wg.Wait()
	// the first error in batch order that is not the cancellation caused
	// by another batch's failure
	var first error
	for _, err := range errs {
		if err != nil && (first == nil || errors.Is(first, context.Canceled) && !errors.Is(err, context.Canceled)) {
			first = err
		}
	}
	return out, first
}

// mapBatch asks the model for one batch's points.
func (e *Engine) mapBatch(ctx context.Context, i int, question, data string, p Params) (MapResponse, error) {
	system := fill(MapPrompt, map[string]string{"context_data": data, "max_length": strconv.Itoa(p.MapMaxLength)})
	req := request(fmt.Sprintf("global search map %d", i+1), system, question)
	req.JSON = true
	resp, err := e.cfg.Model.Complete(ctx, req)
	if err != nil {
		return MapResponse{}, fmt.Errorf("globalsearch: %w", err)
	}
	m := MapResponse{Batch: i, LLMCalls: 1, PromptTokens: e.cfg.Tokenizer.Count(system), OutputTokens: e.cfg.Tokenizer.Count(resp.Content)}
	m.Points, m.Warning = ParsePoints(req.Step, resp.Content)
	return m, nil
}

// request is the map or reduce request of step: the system prompt and
// the question.
func request(step, system, question string) llm.Request {
	return llm.Request{
		Step:     step,
		Messages: []llm.Message{{Role: llm.RoleSystem, Content: system}, {Role: llm.RoleUser, Content: question}},
	}
}

// ParsePoints reads a map reply: the JSON object in it (llm.ExtractJSON:
// fences, prose around it and reasoning blocks are tolerated) and its
// "points" list; an element needs "description" (a string) and "score" (a
// number, or a string holding one; a fraction is truncated as Python's
// int() does, and the score is clamped to 0–100). A reply without such an
// object, or whose "points" is missing, empty or not a list, gives no
// points and a warning naming step (the reference gives one point with
// score 0, which its reduce drops).
func ParsePoints(step, reply string) ([]Point, string) {
	var obj struct {
		Points json.RawMessage `json:"points"`
	}
	raw, err := llm.ExtractJSON(step, reply, llm.Object)
	if err == nil {
		err = json.Unmarshal(raw, &obj)
	}
	if err != nil {
		return []Point{}, fmt.Sprintf("%s: no points in the reply: %v", step, err)
	}
	var elems []map[string]json.RawMessage
	if err := json.Unmarshal(obj.Points, &elems); err != nil || len(elems) == 0 {
		return []Point{}, fmt.Sprintf("%s: the reply's \"points\" is missing, empty or not a list", step)
	}
	out := []Point{}
	for _, el := range elems {
		var d string
		if json.Unmarshal(el["description"], &d) != nil {
			continue
		}
		s, ok := scoreOf(el["score"])
		if !ok {
			continue
		}
		out = append(out, Point{Description: d, Score: s})
	}
	return out, ""
}

// scoreOf reads a point's "score": a number or a string holding one
// (absent: not ok), truncated and clamped to 0–100; NaN is not ok.
func scoreOf(raw json.RawMessage) (int, bool) {
	var f float64
	if json.Unmarshal(raw, &f) != nil { // absent (no JSON) too
		var s string
		if json.Unmarshal(raw, &s) != nil {
			return 0, false
		}
		var err error
		if f, err = strconv.ParseFloat(strings.TrimSpace(s), 64); err != nil {
			return 0, false
		}
	}
	if math.IsNaN(f) {
		return 0, false
	}
	return int(math.Max(0, math.Min(100, math.Trunc(f)))), true
}

// modelReduce sends the reduce request and streams the answer.
func (e *Engine) modelReduce(ctx context.Context, q Query, data string, p Params, res *Result, fn func(Event) error) error {
	rt := cmp.Or(q.ResponseType, e.cfg.ResponseType)
	system := fill(ReducePrompt, map[string]string{"report_data": data, "response_type": rt, "max_length": strconv.Itoa(p.ReduceMaxLength)})
	req := request("global search reduce", system, q.Text)
	cb := func(llm.Chunk) error { return nil }
	if fn != nil {
		cb = func(ch llm.Chunk) error { return fn(Event{Delta: ch.Delta, Reset: ch.Reset}) }
	}
	resp, err := e.cfg.Model.Stream(ctx, req, cb)
	if err != nil {
		return fmt.Errorf("globalsearch: %w", err)
	}
	res.Response = llm.StripReasoning(resp.Content)
	res.LLMCallsCategories["reduce"] = 1
	res.PromptTokensCategories["reduce"] = e.cfg.Tokenizer.Count(system)
	res.OutputTokensCategories["reduce"] = e.cfg.Tokenizer.Count(resp.Content)
	return nil
}
