package openaicompat

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/url"
	"strings"
	"time"

	openai "github.com/sashabaranov/go-openai"

	"reportengine/llm"
)

// Defaults filled in by New.
const (
	DefaultTimeout     = 120 * time.Second // per attempt
	DefaultMaxAttempts = 3
	DefaultBackoffBase = time.Second
	// MaxBackoff caps every sleep between attempts, including one asked for
	// by a Retry-After header.
	MaxBackoff = 30 * time.Second
)

// TokenLimitField names the JSON field a chat request carries its
// completion cap (in tokens) in; see Config.TokenLimitField.
type TokenLimitField string

// The two spellings OpenAI-compatible servers accept.
const (
	MaxTokensField           TokenLimitField = "max_tokens"
	MaxCompletionTokensField TokenLimitField = "max_completion_tokens"
)

// DefaultTokenLimitField is the field used when Config.TokenLimitField is
// empty.
const DefaultTokenLimitField = MaxTokensField

// ParseTokenLimitField returns the field named s ("" means the default).
// Other values are an error wrapping ErrInvalidConfig that names both
// accepted values.
func ParseTokenLimitField(s string) (TokenLimitField, error) {
	switch f := TokenLimitField(strings.TrimSpace(s)); f {
	case "":
		return DefaultTokenLimitField, nil
	case MaxTokensField, MaxCompletionTokensField:
		return f, nil
	}
	return "", fmt.Errorf("%w: token limit field %q: want %s or %s", ErrInvalidConfig, s, MaxTokensField, MaxCompletionTokensField)
}

// ProviderName is Info().Provider.
const ProviderName = "openai-compatible"

// ErrInvalidConfig is wrapped by every error New returns.
var ErrInvalidConfig = errors.New("openaicompat: invalid config")

// Config configures a Model. BaseURL and Model are required; zero values of
// the other fields mean the documented defaults.
type Config struct {
	// BaseURL is the API root that "/chat/completions" is appended to, e.g.
	// "https://api.openai.com/v1", "https://api.deepseek.com/v1",
	// "https://dashscope.aliyuncs.com/compatible-mode/v1",
	// "http://localhost:11434/v1" (Ollama), "http://localhost:8000/v1"
	// (vLLM). Scheme http or https.
	BaseURL string
	// APIKey is sent as "Authorization: Bearer <key>"; empty sends no
	// header (Ollama, vLLM). It never appears in an error.
	APIKey string
	// Model is the model name the server expects ("deepseek-chat",
	// "qwen-plus", "llama3.1:8b").
	Model string
	// Timeout bounds one attempt: the whole request for Complete; for
	// Stream, the wait for the first byte and every gap between chunks, so
	// a long chapter that keeps streaming is not cut. Default 120 s
	// (BettaFish: 3000 s).
	Timeout time.Duration
	// MaxOutputTokens is the completion cap, in tokens, used when
	// Request.MaxTokens is 0, and the most any request asks for (the
	// model's maximum); 0 sends none when Request.MaxTokens is 0 and caps
	// nothing.
	MaxOutputTokens int
	// ReasoningTokens, in tokens, is added to every Request.MaxTokens (then
	// capped by MaxOutputTokens): a reasoning model's chain of thought
	// counts against the completion limit (deepseek-reasoner, OpenAI
	// o-series), so a limit sized to the answer alone would cut the
	// thinking. 0 adds nothing; DefaultReasoningTokens gives a default by
	// model name.
	ReasoningTokens int
	// TokenLimitField is the request field that carries the completion
	// cap: MaxTokensField ("max_tokens", the default, which DeepSeek, Qwen,
	// Ollama, vLLM and OpenAI's chat models accept) or
	// MaxCompletionTokensField ("max_completion_tokens", which OpenAI's
	// reasoning models o1/o3/o4/gpt-5 require and some servers reject). It
	// is a setting, not a guess from the model name: a name says nothing
	// about the server behind it. Any other value is ErrInvalidConfig.
	TokenLimitField TokenLimitField
	// MaxAttempts bounds attempts per call, first one included; default 3.
	// Only transient errors are retried (see the package doc).
	MaxAttempts int
	// BackoffBase is the first sleep between attempts; it doubles each
	// retry and is capped at MaxBackoff (30 s). Default 1 s. A Retry-After
	// header (seconds or HTTP date) replaces it, capped the same way.
	BackoffBase time.Duration
	// DisableResponseFormat omits response_format even when Request.JSON is
	// set, for servers that reject json_object (field case B26).
	DisableResponseFormat bool
	// DisableTemperature omits temperature and top_p, for reasoning models
	// that reject them (DeepSeek-R1, o-series).
	DisableTemperature bool
	// Switches name, in the hints of errors, how the program's user
	// changes each optional request parameter ("--no-response-format").
	Switches Switches
	// HTTPClient is used for all requests; nil means a new http.Client. Its
	// Transport is wrapped (to read status and Retry-After), never
	// modified.
	HTTPClient *http.Client
}

// Switches are the words a program's user types to change the optional
// request parameters, each named in the hint of an error the parameter
// causes ("reportengine: --no-response-format"). One left empty is hinted
// as not switchable in this run: a hint never names a switch the
// command lacks.
type Switches struct {
	ResponseFormat  string // turns response_format off (DisableResponseFormat)
	Temperature     string // stops temperature and top_p (DisableTemperature)
	TokenLimitField string // chooses TokenLimitField
}

// Model is an llm.Model backed by an OpenAI-compatible server. It is safe
// for concurrent use.
type Model struct {
	cfg    Config
	host   string
	client *openai.Client
}

var _ llm.Model = (*Model)(nil)

// New checks cfg, fills defaults and returns a Model. It makes no network
// call. Errors wrap ErrInvalidConfig and name the field: a missing or
// unparsable BaseURL, a missing Model, or a negative duration or count.
func New(cfg Config) (*Model, error) {
	if strings.TrimSpace(cfg.BaseURL) == "" {
		return nil, fmt.Errorf("%w: BaseURL is required (the API root, e.g. https://api.openai.com/v1 or http://localhost:11434/v1)", ErrInvalidConfig)
	}
	u, err := url.Parse(strings.TrimSpace(cfg.BaseURL))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("%w: BaseURL %q is not an http(s) URL with a host", ErrInvalidConfig, redactURL(cfg.BaseURL))
	}
	if strings.TrimSpace(cfg.Model) == "" {
		return nil, fmt.Errorf("%w: Model is required (the model name the server expects, e.g. deepseek-chat)", ErrInvalidConfig)
	}
	switch {
	case cfg.Timeout < 0:
		return nil, fmt.Errorf("%w: Timeout %s is negative", ErrInvalidConfig, cfg.Timeout)
	case cfg.BackoffBase < 0:
		return nil, fmt.Errorf("%w: BackoffBase %s is negative", ErrInvalidConfig, cfg.BackoffBase)
	case cfg.MaxAttempts < 0:
		return nil, fmt.Errorf("%w: MaxAttempts %d is negative", ErrInvalidConfig, cfg.MaxAttempts)
	case cfg.MaxOutputTokens < 0:
		return nil, fmt.Errorf("%w: MaxOutputTokens %d is negative", ErrInvalidConfig, cfg.MaxOutputTokens)
	case cfg.ReasoningTokens < 0:
		return nil, fmt.Errorf("%w: ReasoningTokens %d is negative", ErrInvalidConfig, cfg.ReasoningTokens)
	}
	field, err := ParseTokenLimitField(string(cfg.TokenLimitField))
	if err != nil {
		return nil, err
	}
	cfg.TokenLimitField = field
	cfg.Timeout = cmp.Or(cfg.Timeout, DefaultTimeout)
	cfg.MaxAttempts = cmp.Or(cfg.MaxAttempts, DefaultMaxAttempts)
	cfg.BackoffBase = cmp.Or(cfg.BackoffBase, DefaultBackoffBase)
	var hc http.Client
	if cfg.HTTPClient != nil {
		hc = *cfg.HTTPClient
	}
	hc.Transport = recordingTransport{base: cmp.Or(hc.Transport, http.DefaultTransport)}

	oc := openai.DefaultConfig(cfg.APIKey)
	oc.BaseURL = strings.TrimRight(strings.TrimSpace(cfg.BaseURL), "/")
	oc.HTTPClient = &hc
	return &Model{cfg: cfg, host: u.Host, client: openai.NewClientWithConfig(oc)}, nil
}

// Info returns Provider "openai-compatible", the configured model name and
// the BaseURL's host (host[:port], no scheme, path or credentials).
func (m *Model) Info() llm.Info {
	return llm.Info{Provider: ProviderName, Model: m.cfg.Model, Host: m.host}
}

// Complete sends one chat completion (non-streaming) and returns the reply.
// Response.Content is never empty on success; Response.Reasoning holds
// reasoning_content if the server sent any. Errors are *llm.Error values
// wrapping the sentinel of the failure (see the package doc) or, when ctx
// ends, ctx's error. On ErrTruncated the returned Response holds the partial
// text, for logs only.
func (m *Model) Complete(ctx context.Context, req llm.Request) (llm.Response, error) {
	creq := m.chatRequest(req)
	return m.retry(ctx, req, func(ctx context.Context) (llm.Response, error) {
		actx, cancel := context.WithTimeoutCause(ctx, m.cfg.Timeout, errAttemptTimeout)
		defer cancel()
		resp, err := m.client.CreateChatCompletion(actx, creq)
		if err != nil {
			return llm.Response{}, m.mapError(ctx, actx, req, err)
		}
		out := llm.Response{Model: resp.Model, PromptTokens: resp.Usage.PromptTokens, OutputTokens: resp.Usage.CompletionTokens}
		if len(resp.Choices) > 0 {
			ch := resp.Choices[0]
			out.Content, out.Reasoning, out.FinishReason = ch.Message.Content, ch.Message.ReasoningContent, string(ch.FinishReason)
		}
		return m.finish(req, out, len(resp.Choices) == 0)
	}, nil)
}

// Stream sends one streaming chat completion and calls fn with every
// non-empty content delta, in order; reasoning_content deltas are collected
// into Response.Reasoning and not passed to fn, and neither are reasoning
// blocks written into the content (<think>…</think> of a DeepSeek-R1 or
// QwQ served without a reasoning parser, and the other delimiters of
// llm.ReasoningFilter), so a streamed answer never shows the model's
// thinking (B01); text passed on before a closing tag whose opening was in
// the prompt is taken back with a Chunk.Reset (B02). The returned
// Response.Content is the concatenation of the raw content deltas,
// reasoning included: callers strip it with llm.StripReasoning or
// llm.ExtractJSON. A non-nil error from fn stops the
// stream and is returned unchanged. Cancelling ctx stops the stream and
// returns ctx's error.
//
// Errors are as for Complete; a stream that ends with zero content
// deltas is ErrEmptyCompletion, and one that ends after text without a
// finish_reason on any chunk is ErrTruncated (the connection was closed
// before the reply was whole: go-openai reports that as the same io.EOF
// as "[DONE]"; B38). A failed attempt is retried only if no delta
// reached fn yet (the caller would otherwise see text twice); BettaFish
// never retries streams.
func (m *Model) Stream(ctx context.Context, req llm.Request, fn func(llm.Chunk) error) (llm.Response, error) {
	creq := m.chatRequest(req)
	creq.Stream = true
	delivered := false
	return m.retry(ctx, req, func(ctx context.Context) (llm.Response, error) {
		return m.streamOnce(ctx, req, creq, fn, &delivered)
	}, func() bool { return delivered })
}

func (m *Model) streamOnce(ctx context.Context, req llm.Request, creq openai.ChatCompletionRequest, fn func(llm.Chunk) error, delivered *bool) (llm.Response, error) {
	actx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	idle := time.AfterFunc(m.cfg.Timeout, func() { cancel(errAttemptTimeout) })
	defer idle.Stop()

	stream, err := m.client.CreateChatCompletionStream(actx, creq)
	if err != nil {
		return llm.Response{}, m.mapError(ctx, actx, req, err)
	}
	defer stream.Close()

	var content, reasoning strings.Builder
	var think llm.ReasoningFilter
	out := llm.Response{}
	for {
		chunk, err := stream.Recv()
		if errors.Is(err, io.EOF) && actx.Err() == nil {
			break
		}
		if err == nil && actx.Err() != nil {
			err = context.Cause(actx)
		}
		if err != nil {
			out.Content, out.Reasoning = content.String(), reasoning.String()
			if content.Len()+reasoning.Len() > 0 {
				err = midStreamError{err}
			}
			return out, m.mapError(ctx, actx, req, err)
		}
		idle.Reset(m.cfg.Timeout)
		if chunk.Model != "" {
			out.Model = chunk.Model
		}
		if chunk.Usage != nil {
			out.PromptTokens, out.OutputTokens = chunk.Usage.PromptTokens, chunk.Usage.CompletionTokens
		}
		for _, ch := range chunk.Choices {
			if ch.Index != 0 {
				continue
			}
			reasoning.WriteString(ch.Delta.ReasoningContent)
			if ch.FinishReason != "" {
				out.FinishReason = string(ch.FinishReason)
			}
			if ch.Delta.Content == "" {
				continue
			}
			content.WriteString(ch.Delta.Content)
			if err := deliver(fn, think.Write(ch.Delta.Content), delivered); err != nil {
				out.Content, out.Reasoning = content.String(), reasoning.String()
				return out, err
			}
		}
	}
	out.Content, out.Reasoning = content.String(), reasoning.String()
	if out.FinishReason == "" && content.Len()+reasoning.Len() > 0 {
		// go-openai returns io.EOF for [DONE] and for a connection the
		// server or a proxy closed alike; only a finish_reason says the
		// reply is whole (B38)
		out.Content, out.Reasoning = m.scrub(out.Content), m.scrub(out.Reasoning)
		return out, m.newError(req, llm.ErrTruncated, 0, fmt.Sprintf(
			"the stream ended without a finish reason after %d runes (the server or a proxy closed the connection); the partial reply is not used",
			len([]rune(out.Content))), io.ErrUnexpectedEOF)
	}
	if err := deliver(fn, llm.Chunk{Delta: think.Flush()}, delivered); err != nil {
		return out, err
	}
	return m.finish(req, out, false)
}

// deliver passes a non-empty delta or a reset to fn and records that text
// reached it (white space alone, such as the line break after a reasoning
// block, does not stop a retry).
func deliver(fn func(llm.Chunk) error, c llm.Chunk, delivered *bool) error {
	if c.Delta == "" && !c.Reset {
		return nil
	}
	if strings.TrimSpace(c.Delta) != "" {
		*delivered = true
	}
	return fn(c)
}

// finish turns a received reply into success, ErrTruncated or
// ErrEmptyCompletion.
func (m *Model) finish(req llm.Request, out llm.Response, noChoices bool) (llm.Response, error) {
	out.Model = cmp.Or(out.Model, m.cfg.Model)
	// The key never leaves the client, not even when a model echoes it
	// (or another OpenAI-style key) into its reply: reports are written
	// from Content. Streamed deltas are passed on as they arrive; the
	// pipeline uses them for progress only and builds on Content.
	out.Content, out.Reasoning = m.scrub(out.Content), m.scrub(out.Reasoning)
	if out.FinishReason == string(openai.FinishReasonLength) {
		limit := "the server's default limit"
		if n := m.maxTokens(req); n > 0 {
			limit = fmt.Sprintf("%s %d", m.cfg.TokenLimitField, n)
		}
		return out, m.newError(req, llm.ErrTruncated, 0, fmt.Sprintf(
			"the reply stopped at %s after %d runes (finish_reason=length); raise the output token limit (reportengine: --max-output-tokens) or ask for less; partial output is not repaired",
			limit, len([]rune(out.Content))), nil)
	}
	if strings.TrimSpace(out.Content) == "" {
		msg := "the model returned no content"
		switch {
		case noChoices:
			msg = "the response has no choices"
		case out.Reasoning != "":
			msg += fmt.Sprintf(" (only reasoning_content, %d runes, which is never used as the answer)", len([]rune(out.Reasoning)))
		}
		return out, m.newError(req, llm.ErrEmptyCompletion, 0, msg, nil)
	}
	if llm.StripReasoning(out.Content) == "" {
		// a reasoning block written into the content and nothing after it:
		// as empty as a reply with only reasoning_content (B25)
		return out, m.newError(req, llm.ErrEmptyCompletion, 0, fmt.Sprintf(
			"the model returned only a reasoning block (%d runes, never used as the answer) and no answer after it", len([]rune(out.Content))), nil)
	}
	return out, nil
}

// maxTokens is the limit sent: Request.MaxTokens plus ReasoningTokens,
// capped by MaxOutputTokens; MaxOutputTokens when the request sets none.
func (m *Model) maxTokens(req llm.Request) int {
	if req.MaxTokens > 0 {
		n := req.MaxTokens + m.cfg.ReasoningTokens
		if m.cfg.MaxOutputTokens > 0 {
			n = min(n, m.cfg.MaxOutputTokens)
		}
		return n
	}
	return m.cfg.MaxOutputTokens
}

// chatRequest builds the wire request. go-openai drops a zero temperature
// (omitempty on a float32), so an explicit 0 is sent as the smallest
// positive float32, which every server treats as greedy decoding.
func (m *Model) chatRequest(req llm.Request) openai.ChatCompletionRequest {
	creq := openai.ChatCompletionRequest{Model: m.cfg.Model}
	for _, msg := range req.Messages {
		creq.Messages = append(creq.Messages, openai.ChatCompletionMessage{Role: string(msg.Role), Content: msg.Content})
	}
	if !m.cfg.DisableTemperature {
		creq.Temperature = sampling(req.Temperature)
		creq.TopP = sampling(req.TopP)
	}
	if req.JSON && !m.cfg.DisableResponseFormat {
		creq.ResponseFormat = &openai.ChatCompletionResponseFormat{Type: openai.ChatCompletionResponseFormatTypeJSONObject}
	}
	if n := m.maxTokens(req); n > 0 {
		if m.cfg.TokenLimitField == MaxCompletionTokensField {
			creq.MaxCompletionTokens = n
		} else {
			//lint:ignore SA1019 max_tokens is deprecated by OpenAI only; most compatible servers want it (Config.TokenLimitField chooses)
			creq.MaxTokens = n
		}
	}
	return creq
}

func sampling(v *float64) float32 {
	if v == nil {
		return 0
	}
	if *v == 0 {
		return math.SmallestNonzeroFloat32
	}
	return float32(*v)
}

// retry runs once up to MaxAttempts times while the error is transient.
// delivered (may be nil) reports whether a stream already passed text to
// its caller, which forbids a retry. The returned Response's Requests is
// the number of HTTP requests that reached the transport, on success and
// on failure.
func (m *Model) retry(ctx context.Context, req llm.Request, once func(context.Context) (llm.Response, error), delivered func() bool) (llm.Response, error) {
	sent := 0
	for attempt := 1; ; attempt++ {
		rec := &attemptRecord{}
		resp, err := once(context.WithValue(ctx, attemptKey{}, rec))
		if rec.wasSent() {
			sent++
		}
		resp.Requests = sent
		if err == nil {
			return resp, nil
		}
		le, ok := errors.AsType[*llm.Error](err)
		if !ok {
			return resp, err
		}
		le.Attempts = attempt
		if !llm.Retryable(le) || attempt >= m.cfg.MaxAttempts || (delivered != nil && delivered()) {
			return resp, err
		}
		t := time.NewTimer(m.backoff(attempt, rec))
		select {
		case <-ctx.Done():
			t.Stop()
			return resp, fmt.Errorf("openaicompat: %s: stopped while waiting to retry (%v): %w", stepName(req), le, ctx.Err())
		case <-t.C:
		}
	}
}

// backoff is the sleep after failed attempt n (1-based).
func (m *Model) backoff(n int, rec *attemptRecord) time.Duration {
	if d, ok := rec.retryAfter(); ok {
		return min(max(d, 0), MaxBackoff)
	}
	d := m.cfg.BackoffBase
	for i := 1; i < n && d < MaxBackoff; i++ {
		d *= 2
	}
	return min(d, MaxBackoff)
}

func stepName(req llm.Request) string { return cmp.Or(req.Step, "chat completion") }
