package llm

import (
	"context"
	"errors"
	"fmt"
)

// Role is a chat message role: "system", "user" or "assistant".
type Role string

// Chat roles.
const (
	RoleSystem    Role = "system"
	RoleUser      Role = "user"
	RoleAssistant Role = "assistant"
)

// Message is one chat message.
type Message struct {
	Role    Role   `json:"role"`
	Content string `json:"content"`
}

// Request is one chat completion request. Zero values mean "provider
// default": Temperature and TopP are pointers so that 0.0 can be sent on
// purpose (BettaFish sends 0.0 for repair calls) and nil omits the field.
type Request struct {
	// Step names the pipeline step ("document layout", "chapter S3") for
	// error messages and events; it is never sent to the provider.
	Step        string
	Messages    []Message
	Temperature *float64
	TopP        *float64
	// MaxTokens caps the completion, in tokens; 0 = the model's configured
	// default.
	MaxTokens int
	// JSON asks for a JSON object reply (response_format json_object) when
	// the model's configuration allows it; replies are parsed with
	// ExtractJSON either way.
	JSON bool
}

// Response is a finished completion.
type Response struct {
	Content      string // the assistant text, never empty on success
	Reasoning    string // reasoning_content, if the provider sent any; never used as the answer
	FinishReason string // "stop", "length", …
	Model        string // the model that answered
	PromptTokens int    // tokens, as reported by the provider (0 if unknown)
	OutputTokens int    // tokens, as reported by the provider (0 if unknown)
	// Requests is the number of requests this call sent to the provider,
	// retries of the client included; set on failure too (the Response
	// returned with the error). 0 for a model that sends none (the offline
	// model) or does not count them.
	Requests int
}

// Chunk is one streamed content delta.
type Chunk struct {
	Delta string
	// Reset says that the text of the earlier chunks of this reply was the
	// model's reasoning, not its answer: a closing reasoning delimiter came
	// whose opening was in the prompt (B02; ReasoningFilter). Whoever shows
	// the stream discards or marks what it showed; Delta (possibly "") is
	// the first text after the delimiter. The Response's Content still
	// holds the whole reply, which StripReasoning cuts at the same place.
	Reset bool
}

// Info describes a model for manifests and report labels.
type Info struct {
	Provider string `json:"provider"`       // "offline", "openai-compatible"
	Model    string `json:"model"`          // model name as configured
	Host     string `json:"host,omitempty"` // provider host, "" offline
	// Extractive is true for the offline model: its text is extracted from
	// the input, not written by a language model, and reports say so.
	Extractive bool `json:"extractive"`
}

// Model is a chat model. Implementations are safe for concurrent use.
type Model interface {
	// Complete returns the whole reply. Errors wrap one of the sentinel
	// errors of this package.
	Complete(ctx context.Context, req Request) (Response, error)
	// Stream calls fn for every content delta in order and returns the
	// assembled response. A non-nil error from fn stops the stream and is
	// returned. Cancelling ctx stops the stream.
	Stream(ctx context.Context, req Request, fn func(Chunk) error) (Response, error)
	// Info describes the model.
	Info() Info
}

// Sentinel errors. Model errors wrap exactly one of them.
var (
	ErrRateLimited     = errors.New("rate limited")          // HTTP 429; retryable
	ErrContextTooLong  = errors.New("context too long")      // prompt exceeds the model context; never retried
	ErrTruncated       = errors.New("truncated output")      // finish_reason=length, a stream ending without a finish_reason, or a reply ending inside its JSON (ExtractJSON); never repaired
	ErrEmptyCompletion = errors.New("empty completion")      // no content (or reasoning only); retryable, bounded
	ErrBadRequest      = errors.New("bad request")           // HTTP 400/404/422 other than context length; never retried
	ErrUnavailable     = errors.New("model unavailable")     // 5xx, timeouts, connection errors; retryable
	ErrAuth            = errors.New("authentication failed") // HTTP 401/403; never retried
	ErrNoJSON          = errors.New("no JSON in reply")      // ExtractJSON found no JSON value
	ErrWrongJSONType   = errors.New("wrong JSON type")       // ExtractJSON found JSON of the wrong top-level type
	// ErrBadResponse: the provider answered 2xx but the body is not a
	// readable chat completion (malformed JSON, an HTML page from a proxy,
	// an endless run of empty stream lines). Not retried: sending the same
	// request to the same endpoint rarely fixes a misconfigured base URL.
	ErrBadResponse = errors.New("malformed provider response")
)

// Tokenizer counts tokens the way a model's tokenizer would. Count returns
// a number of tokens (not bytes, not runes) and never fails; llm/tokens
// provides the o200k_base implementation.
type Tokenizer interface {
	Count(s string) int
}

// Error carries the details of a failed model call. It wraps one sentinel
// error (Kind) and, where there is one, the underlying cause.
type Error struct {
	Kind       error  // one of the sentinel errors
	Step       string // Request.Step
	Model      string
	Host       string // provider host, never the URL with credentials
	StatusCode int    // HTTP status, 0 if none
	Message    string // provider or local message, key-free
	// Limit and Requested are the context window and the requested size,
	// in tokens, for ErrContextTooLong when the provider says them (0 if not).
	Limit, Requested int
	Attempts         int // attempts made, ≥1
	Cause            error
}

// Error returns "<step>: <kind> (model M at HOST): HTTP n: <message> (after n attempts)",
// leaving out the parts that are empty. It never contains an API key.
func (e *Error) Error() string {
	s := ""
	if e.Step != "" {
		s = e.Step + ": "
	}
	s += e.Kind.Error()
	if e.Model != "" || e.Host != "" {
		s += fmt.Sprintf(" (model %s", e.Model)
		if e.Host != "" {
			s += " at " + e.Host
		}
		s += ")"
	}
	if e.StatusCode != 0 {
		s += fmt.Sprintf(": HTTP %d", e.StatusCode)
	}
	if e.Message != "" {
		s += ": " + e.Message
	}
	if e.Attempts > 1 {
		s += fmt.Sprintf(" (after %d attempts)", e.Attempts)
	}
	return s
}

// Unwrap returns the sentinel kind and the cause.
func (e *Error) Unwrap() []error {
	if e.Cause != nil {
		return []error{e.Kind, e.Cause}
	}
	return []error{e.Kind}
}

// Retryable reports whether err is worth retrying unchanged: rate limits,
// unavailability (5xx, timeouts) and empty completions. Context-length,
// bad-request, auth, truncation, malformed-response and JSON errors are not.
//
// This differs from BettaFish on purpose: its LLM client retries ANY
// exception 6 more times with sleeps of 60–600 s (so a context-length 400 is
// re-sent for half an hour, issue #666), and never retries streams.
func Retryable(err error) bool {
	return errors.Is(err, ErrRateLimited) || errors.Is(err, ErrUnavailable) || errors.Is(err, ErrEmptyCompletion)
}

// EmbedderInfo identifies the vectors an Embedder produces. Vectors from
// two embedders are comparable only when all three fields are equal (B29).
type EmbedderInfo struct {
	Provider   string `json:"provider"`   // "offline", "openai-compatible"
	Model      string `json:"model"`      // embedding model name ("text-embedding-3-large", "offline-ngram-v1")
	Dimensions int    `json:"dimensions"` // length of every vector
}

// Embedder turns texts into vectors. Embed returns one vector per text, in
// order, each of Info().Dimensions float32 values. Implementations are safe
// for concurrent use; errors wrap the sentinel errors of this package.
type Embedder interface {
	Embed(ctx context.Context, texts []string) ([][]float32, error)
	Info() EmbedderInfo
}
