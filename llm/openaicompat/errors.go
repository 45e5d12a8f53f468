package openaicompat

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	openai "github.com/sashabaranov/go-openai"

	"reportengine/llm"

	textrules "reportengine/text"
)

// errAttemptTimeout is the cancel cause of an attempt that exceeded
// Config.Timeout.
var errAttemptTimeout = errors.New("attempt timed out")

// ---- status and Retry-After capture ----

type attemptKey struct{}

// attemptRecord holds what the transport saw for one attempt. go-openai
// does not expose response headers on errors for streams, so the transport
// records them here.
type attemptRecord struct {
	mu       sync.Mutex
	after    time.Duration
	hasAfter bool
	sent     bool // the request went to the server (not refused by go-openai first)
}

func (r *attemptRecord) wasSent() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.sent
}

func (r *attemptRecord) retryAfter() (time.Duration, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.after, r.hasAfter
}

type recordingTransport struct{ base http.RoundTripper }

func (t recordingTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	rec, ok := req.Context().Value(attemptKey{}).(*attemptRecord)
	if ok {
		rec.mu.Lock()
		rec.sent = true
		rec.mu.Unlock()
	}
	resp, err := t.base.RoundTrip(req)
	if err == nil {
		if perr := wholeAsStream(req, resp); perr != nil {
			return nil, perr
		}
	}
	if ok && resp != nil {
		rec.mu.Lock()
		rec.after, rec.hasAfter = parseRetryAfter(resp.Header.Get("Retry-After"), time.Now())
		rec.mu.Unlock()
	}
	return resp, err
}

// parseRetryAfter reads a Retry-After header: delay-seconds or an HTTP
// date.
func parseRetryAfter(v string, now time.Time) (time.Duration, bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0, false
	}
	if secs, err := strconv.ParseFloat(v, 64); err == nil {
		if secs < 0 || secs > 1e6 {
			return 0, false
		}
		return time.Duration(secs * float64(time.Second)), true
	}
	if when, err := http.ParseTime(v); err == nil {
		return max(when.Sub(now), 0), true
	}
	return 0, false
}

// ---- error mapping ----

func (m *Model) newError(req llm.Request, kind error, status int, msg string, cause error) *llm.Error {
	return &llm.Error{Kind: kind, Step: req.Step, Model: m.cfg.Model, Host: m.host, StatusCode: status,
		Message: m.scrub(msg), Attempts: 1, Cause: scrubbedCause(cause, m.scrub)}
}

// mapError turns a go-openai or transport error into an *llm.Error, or into
// the caller's context error when ctx itself ended.
func (m *Model) mapError(ctx, actx context.Context, req llm.Request, err error) error {
	if ctx.Err() != nil {
		return fmt.Errorf("openaicompat: %s: %w", stepName(req), ctx.Err())
	}
	if errors.Is(context.Cause(actx), errAttemptTimeout) {
		return m.newError(req, llm.ErrUnavailable, 0,
			fmt.Sprintf("no response within %s, the per-request timeout (reportengine: --timeout)", m.cfg.Timeout), errAttemptTimeout)
	}

	if reqErr, ok := errors.AsType[*openai.RequestError](err); ok && reqErr.HTTPStatusCode != 0 {
		msg := bodySnippet(reqErr.Body)
		if apiErr, ok := errors.AsType[*openai.APIError](reqErr.Err); ok && apiErr.Message != "" {
			msg = apiErr.Message
		}
		return m.fromStatus(req, reqErr.HTTPStatusCode, msg, "")
	}
	if apiErr, ok := errors.AsType[*openai.APIError](err); ok {
		code := ""
		if apiErr.Code != nil {
			code = fmt.Sprint(apiErr.Code)
		}
		if apiErr.HTTPStatusCode != 0 {
			return m.fromStatus(req, apiErr.HTTPStatusCode, apiErr.Message, code+" "+apiErr.Type)
		}
		// An error event inside a 200 stream.
		text := code + " " + apiErr.Type + " " + apiErr.Message
		if isContextLength(text) {
			return m.contextTooLong(req, 0, apiErr.Message)
		}
		kind := llm.ErrUnavailable
		if l := strings.ToLower(text); strings.Contains(l, "rate_limit") || strings.Contains(l, "rate limit") {
			kind = llm.ErrRateLimited
		}
		return m.newError(req, kind, 0, "error event in the stream: "+apiErr.Message, nil)
	}

	var urlErr *url.Error
	var netErr net.Error
	var syntaxErr *json.SyntaxError
	var typeErr *json.UnmarshalTypeError
	var mid midStreamError
	var page *pageError
	switch {
	case errors.As(err, &page):
		return m.newError(req, llm.ErrBadResponse, http.StatusOK, page.Error()+"; check that BaseURL points at the API root (…/v1)", nil)
	case errors.As(err, &mid) && (errors.As(err, &syntaxErr) || errors.As(err, &typeErr)):
		// the server did answer as a chat completion: a broken event
		// later in the stream says nothing about BaseURL
		return m.newError(req, llm.ErrBadResponse, 0, "the stream broke off with an event that is not JSON ("+mid.err.Error()+")", nil)
	case errors.As(err, &syntaxErr), errors.As(err, &typeErr), errors.Is(err, openai.ErrTooManyEmptyStreamMessages):
		return m.newError(req, llm.ErrBadResponse, 0,
			"the response is not a chat completion ("+err.Error()+"); check that BaseURL points at the API root (…/v1)", nil)
	case errors.As(err, &urlErr):
		return m.newError(req, llm.ErrUnavailable, 0, "cannot reach "+m.host+": "+urlErr.Err.Error(), urlErr.Err)
	case errors.As(err, &netErr), errors.Is(err, syscall.ECONNREFUSED), errors.Is(err, syscall.ECONNRESET),
		errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF), errors.Is(err, net.ErrClosed):
		return m.newError(req, llm.ErrUnavailable, 0, "connection to "+m.host+" failed: "+err.Error(), err)
	}
	// go-openai rejected the request before sending it (parameter checks
	// for reasoning models and the like).
	return m.newError(req, llm.ErrBadRequest, 0, err.Error()+parameterHint(err.Error(), m.cfg.Switches), err)
}

// fromStatus maps an HTTP error status and the provider's message.
func (m *Model) fromStatus(req llm.Request, status int, msg, codeAndType string) error {
	switch {
	case status == http.StatusTooManyRequests:
		return m.newError(req, llm.ErrRateLimited, status, msg, nil)
	case status == http.StatusUnauthorized || status == http.StatusForbidden:
		return m.newError(req, llm.ErrAuth, status, msg+"; check the API key for "+m.host, nil)
	case status == http.StatusNotFound || status == http.StatusMethodNotAllowed || status == http.StatusNotImplemented:
		// not transient: a wrong BaseURL (no /v1, a web server that is
		// not the API) or a model the server does not have
		return m.newError(req, llm.ErrBadRequest, status, msg+m.notFoundHint(req, msg), nil)
	case status == http.StatusRequestTimeout || status >= 500:
		return m.newError(req, llm.ErrUnavailable, status, msg, nil)
	case status == http.StatusRequestEntityTooLarge ||
		((status == http.StatusBadRequest || status == http.StatusUnprocessableEntity) && isContextLength(codeAndType+" "+msg)):
		return m.contextTooLong(req, status, msg)
	}
	return m.newError(req, llm.ErrBadRequest, status, msg+parameterHint(msg, m.cfg.Switches), nil)
}

// notFoundHint says what a 404, 405 or 501 most likely means: the model
// name when the provider's message is about the model (OpenAI "The model
// `x` does not exist", Ollama "model \"x\" not found, try pulling it
// first"), else the base URL, which must be the API root that
// /chat/completions is appended to.
func (m *Model) notFoundHint(req llm.Request, msg string) string {
	what, path, flag := "chat completions", "/chat/completions", "--base-url"
	if req.Step == embedStep.Step {
		what, path, flag = "embeddings", "/embeddings", "--embedding-base-url"
	}
	if strings.Contains(strings.ToLower(msg), "model") {
		return fmt.Sprintf(" (the server has no model %q; check the model name, reportengine: --model or --embedding-model)", m.cfg.Model)
	}
	return fmt.Sprintf(" (no %s at %s%s: the base URL must be the API root, usually ending in /v1, e.g. http://localhost:11434/v1 for Ollama; reportengine: %s)", what, strings.TrimRight(redactURL(m.cfg.BaseURL), "/"), path, flag)
}

// parameterHint suggests the switch for a rejected optional parameter
// (field case B26). People read it through the CLI, so it names the
// setting in words and the switch sw names for it (Config.Switches), not
// the Go field; a setting without a switch is said to have none here.
func parameterHint(msg string, sw Switches) string {
	l := strings.ToLower(msg)
	hint := func(what, action, switchName string) string {
		if switchName == "" {
			return " (" + what + "; this command cannot " + action + ")"
		}
		return " (" + what + ", " + action + "; reportengine: " + switchName + ")"
	}
	switch {
	case strings.Contains(l, "response_format") || strings.Contains(l, "json_object"):
		return hint("if this server does not support response_format", "turn response_format off", sw.ResponseFormat)
	case strings.Contains(l, "max_completion_tokens") || strings.Contains(l, "maxcompletiontokens"):
		return hint("the output cap went out as one of max_tokens / max_completion_tokens and this model or server wants the other", "choose the field", sw.TokenLimitField)
	case strings.Contains(l, "temperature") || strings.Contains(l, "top_p"):
		return hint("if this model does not accept sampling parameters", "stop sending temperature and top_p", sw.Temperature)
	}
	return ""
}

var contextLengthWords = []string{
	"context_length_exceeded", "maximum context length", "context length", "context window",
	"max_seq_len", "maximum model length", "model_max_length", "prompt is too long",
	"too many tokens", "input length", "reduce the length", "max_new_tokens", "string_above_max_length",
}

func isContextLength(text string) bool {
	return textrules.FirstWord(strings.ToLower(text), contextLengthWords) != ""
}

var (
	limitPatterns = []*regexp.Regexp{
		regexp.MustCompile(`(?i)maximum context length (?:is|of) (\d+)`),
		regexp.MustCompile(`(?i)maximum model length (?:is |of )?(\d+)`),
		regexp.MustCompile(`(?i)max_seq_len\D{0,20}?(\d+)`),
		regexp.MustCompile(`(?i)context (?:length|window|size)(?: limit)?(?: is| of)?:? (\d+)`),
		regexp.MustCompile(`(?i)range of input length should be \[\d+,\s*(\d+)\]`),
		regexp.MustCompile(`(?i)must be <= (\d+)`),
		regexp.MustCompile(`(?i)> ?(\d+) (?:tokens? )?maximum`),
		regexp.MustCompile(`(?i)(?:limit|maximum)(?: is| of)? (\d+) tokens`),
	}
	requestedPatterns = []*regexp.Regexp{
		regexp.MustCompile(`(?i)you requested (\d+)`),
		regexp.MustCompile(`(?i)requested (\d+) tokens`),
		regexp.MustCompile(`(?i)prompt \(length (\d+)\)`),
		regexp.MustCompile(`(?i)prompt is too long:? (\d+)`),
		regexp.MustCompile(`(?i)input length:? (\d+)`),
		regexp.MustCompile(`(?i)given:? (\d+)`),
		regexp.MustCompile(`(?i)(\d+) tokens? (?:exceeds|is longer|>)`),
	}
)

func firstNumber(patterns []*regexp.Regexp, s string) int {
	for _, re := range patterns {
		if m := re.FindStringSubmatch(s); m != nil {
			if n, err := strconv.Atoi(m[1]); err == nil {
				return n
			}
		}
	}
	return 0
}

// contextTooLong builds the ErrContextTooLong error with the limit and the
// requested size when the provider states them (field case B09).
func (m *Model) contextTooLong(req llm.Request, status int, providerMsg string) error {
	limit, requested := firstNumber(limitPatterns, providerMsg), firstNumber(requestedPatterns, providerMsg)
	var b strings.Builder
	switch {
	case limit > 0 && requested > 0:
		fmt.Fprintf(&b, "the request needs %d tokens but the model's context window is %d tokens", requested, limit)
	case limit > 0:
		fmt.Fprintf(&b, "the request exceeds the model's context window of %d tokens", limit)
	default:
		b.WriteString("the request exceeds the model's context window")
	}
	switch req.Step {
	case "local search", "question generation":
		// the prompt is the context the search packed into its budget,
		// not the states or the forum log
		b.WriteString("; lower the context budget (reportengine search, questions, chat: --max-context-tokens) or choose a model with a larger context window")
	default:
		b.WriteString("; lower the report's prompt budget (reportengine report --prompt-tokens), reduce the forum-log/state input (fewer or shorter engine state files, a trimmed forum log) or choose a model with a larger context window")
	}
	if providerMsg != "" {
		b.WriteString(" (provider: " + providerMsg + ")")
	}
	e := m.newError(req, llm.ErrContextTooLong, status, b.String(), nil)
	e.Limit, e.Requested = limit, requested
	return e
}

// bodySnippet reduces a non-JSON error body (an HTML error page from a
// proxy) to at most 160 runes of its text.
func bodySnippet(body []byte) string {
	s := string(body)
	if strings.Contains(s, "<") {
		s = tagRE.ReplaceAllString(s, " ")
	}
	s = strings.Join(strings.Fields(s), " ")
	if s == "" {
		return "empty error body"
	}
	if r := []rune(s); len(r) > 160 {
		s = string(r[:160]) + "…"
	}
	return "non-JSON error body: " + s
}

var tagRE = regexp.MustCompile(`(?s)<script.*?</script>|<style.*?</style>|<[^>]*>`)

// ---- key scrubbing ----

var keyLike = regexp.MustCompile(`\bsk-[A-Za-z0-9_*\-]{4,}`)

// MinSecretKeyLen (bytes) is the shortest API key Redact removes verbatim. A
// shorter value is not a secret worth mangling messages for: local servers
// take dummy keys such as "ollama" or "x", and replacing those everywhere
// would turn "llama3" into "l[redacted]3" or "max_tokens" into
// "max_to[redacted]ens", hiding the very words the reader needs. Real
// provider keys are far longer than 8 characters.
const MinSecretKeyLen = 8

// Redact returns s with key replaced by "[redacted]" wherever it occurs
// (only when key is at least MinSecretKeyLen bytes long) and anything shaped
// like an OpenAI-style key ("sk-" and 4 or more of [A-Za-z0-9_*-], as
// providers echo masked keys) replaced by "sk-[redacted]". It is the one
// rule for keeping the key out of what the user sees: every error and reply
// of Model goes through it, and the CLI applies it to streamed answers.
func Redact(s, key string) string {
	if len(key) >= MinSecretKeyLen {
		s = strings.ReplaceAll(s, key, "[redacted]")
	}
	return keyLike.ReplaceAllString(s, "sk-[redacted]")
}

// scrub is Redact with the model's configured API key.
func (m *Model) scrub(s string) string { return Redact(s, m.cfg.APIKey) }

// scrubbedCause keeps errors.Is/As working on the cause while its text goes
// through scrub.
func scrubbedCause(err error, scrub func(string) string) error {
	if err == nil {
		return nil
	}
	return &scrubbed{err: err, text: scrub(err.Error())}
}

type scrubbed struct {
	err  error
	text string
}

func (s *scrubbed) Error() string { return s.text }
func (s *scrubbed) Unwrap() error { return s.err }

// redactURL drops userinfo and query from a URL for messages.
func redactURL(raw string) string {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil {
		return "(unparsable URL)"
	}
	u.User, u.RawQuery, u.Fragment = nil, "", ""
	return u.String()
}

// midStreamError marks an error that came after the stream had delivered
// part of the answer, so its message does not blame the BaseURL.
type midStreamError struct{ err error }

func (e midStreamError) Error() string { return e.err.Error() }
func (e midStreamError) Unwrap() error { return e.err }
