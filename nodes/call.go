package nodes

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"reportengine/llm"
)

// jsonCall is one model call of a stage: a system prompt, one JSON user
// message, a reply that must hold a JSON object. It is made up to
// attempts times, but only for problems with the reply's content (no
// usable JSON object, the wrong JSON type, an unusable shape, an empty
// text): asking again may give a better reply. A model error ends the call
// at once: the client has already retried what was transient (429, 5xx,
// timeouts, empty completions) with its own bounded backoff, and retrying
// here too would multiply the requests; a context-length, bad-request,
// auth or truncation error does not get better by asking again.
//
// A truncated reply (llm.ErrTruncated: the model said finish_reason
// "length", or llm.ExtractJSON found the reply ending inside its JSON, field
// case B08) ends the call too, without a repair and without asking again
// unchanged: the same request would be cut the same way. Its raw text is
// kept in CallStats.Partial for debugging, never rendered.
type jsonCall struct {
	model    llm.Model
	step     string
	system   string
	input    any
	attempts int
	temp     *float64
	topP     *float64
	// maxTokens caps each reply, in tokens (llm.Request.MaxTokens); 0 =
	// the model's configured default.
	maxTokens int
	// stream, when non-nil, makes the call streamed: it gets every delta.
	stream func(delta string)
	// retrying, when non-nil, is told before a new attempt.
	retrying func(attempt int, err error)
}

// run makes the call; decode gets the extracted JSON object and returns an
// error when its shape is unusable.
func (c jsonCall) run(ctx context.Context, decode func(raw json.RawMessage) error) (CallStats, error) {
	var res CallStats
	user, err := json.Marshal(c.input)
	if err != nil {
		return res, fmt.Errorf("%s: encode prompt: %w", c.step, err)
	}
	req := llm.Request{Step: c.step, Temperature: c.temp, TopP: c.topP, MaxTokens: c.maxTokens, JSON: true,
		Messages: []llm.Message{{Role: llm.RoleSystem, Content: c.system}, {Role: llm.RoleUser, Content: string(user)}}}
	attempts := max(c.attempts, 1)
	var last error
	for a := 1; a <= attempts; a++ {
		if err := ctx.Err(); err != nil {
			return res, err
		}
		if a > 1 && c.retrying != nil {
			c.retrying(a, last)
		}
		var resp llm.Response
		res.Calls++
		if c.stream != nil {
			resp, err = c.model.Stream(ctx, req, func(ch llm.Chunk) error {
				c.stream(ch.Delta)
				return nil
			})
		} else {
			resp, err = c.model.Complete(ctx, req)
		}
		res.Requests += resp.Requests
		if err == nil && resp.FinishReason == "length" {
			// a model that reports the cut without an error
			err = &llm.Error{Kind: llm.ErrTruncated, Step: c.step, Model: resp.Model,
				Message: "the reply stopped at the output token limit (finish_reason=length); partial output is not repaired"}
		}
		if err != nil {
			if ctxErr := ctx.Err(); ctxErr != nil {
				return res, ctxErr
			}
			if errors.Is(err, llm.ErrTruncated) {
				res.Partial = resp.Content
			}
			return res, stepErr(c.step, err)
		}
		res.Raw = resp.Content
		if strings.TrimSpace(resp.Content) == "" {
			last = stepErr(c.step, &llm.Error{Kind: llm.ErrEmptyCompletion, Step: c.step, Model: resp.Model})
			continue
		}
		raw, err := llm.ExtractJSON(c.step, resp.Content, llm.Object)
		if errors.Is(err, llm.ErrTruncated) {
			res.Partial = resp.Content
			return res, stepErr(c.step, err)
		}
		if err != nil {
			last = stepErr(c.step, err)
			continue
		}
		if err := decode(raw); err != nil {
			last = stepErr(c.step, err)
			continue
		}
		return res, nil
	}
	if attempts > 1 {
		return res, &attemptsError{step: c.step, attempts: attempts, err: last}
	}
	return res, last
}

// runObject is run with each reply decoded leniently as one JSON object
// (decodeObject) before decode reads it.
func (c jsonCall) runObject(ctx context.Context, decode func(m map[string]any) error) (CallStats, error) {
	return c.run(ctx, func(raw json.RawMessage) error {
		m, err := decodeObject(raw)
		if err != nil {
			return err
		}
		return decode(m)
	})
}

// stepErr makes sure the error message names the step: unless an error in
// err's chain already carries it (an *llm.Error or *llm.ExtractError whose
// Step is step or a sub-step such as "chapter S1 repair", a *stepError, an
// *attemptsError), err is wrapped in a *stepError. The decision reads the
// errors' Step fields, never the message text.
func stepErr(step string, err error) error {
	if err == nil || namesStep(err, step) {
		return err
	}
	return &stepError{step: step, err: err}
}

func namesStep(err error, step string) bool {
	covers := func(s string) bool { return s == step || strings.HasPrefix(s, step+" ") }
	var le *llm.Error
	var ee *llm.ExtractError
	var se *stepError
	var ae *attemptsError
	return (errors.As(err, &le) && covers(le.Step)) || (errors.As(err, &ee) && covers(ee.Step)) ||
		(errors.As(err, &se) && covers(se.step)) || (errors.As(err, &ae) && covers(ae.step))
}

// stepError prefixes an error with the step it happened in.
type stepError struct {
	step string
	err  error
}

func (e *stepError) Error() string { return e.step + ": " + e.err.Error() }
func (e *stepError) Unwrap() error { return e.err }

// attemptsError is the last error of a call that used all its attempts.
type attemptsError struct {
	step     string
	attempts int
	err      error
}

func (e *attemptsError) Error() string {
	return fmt.Sprintf("%s (gave up after %d attempts)", e.err.Error(), e.attempts)
}

func (e *attemptsError) Unwrap() error { return e.err }

// fatalStageErr reports the errors that end the run when a report-level
// stage (template selection, layout, word budget) meets them: every model
// error except a truncated reply. The provider refused the request
// (authentication, an unsupported parameter, B26), the prompt is too long,
// or the server stayed unavailable or rate-limited through the client's
// retries; every later call would fail the same way, so falling back would
// only hide the fault behind a report of placeholders. So did a model whose
// replies stayed empty through the client's retries (an empty completion
// after more than one attempt): a model that always answers with nothing
// stops the run after its first stage's attempts (3 requests, as an HTTP
// 500 does) instead of being asked once per stage and chapter (45). Other
// problems with the reply's content (no JSON, wrong type or shape, one
// empty reply, truncated) fall back to a template-derived default instead,
// recorded as a notice.
func fatalStageErr(err error) bool {
	var le *llm.Error
	if !errors.As(err, &le) {
		return false
	}
	if errors.Is(err, llm.ErrEmptyCompletion) {
		return le.Attempts > 1
	}
	return !errors.Is(err, llm.ErrTruncated) &&
		!errors.Is(err, llm.ErrNoJSON) && !errors.Is(err, llm.ErrWrongJSONType)
}

// fatalChapterErr reports the model errors that end the run during the
// chapter phase: only authentication failures. A bad request there may be
// about one chapter's content (a moderation refusal), so that chapter
// becomes a placeholder.
func fatalChapterErr(err error) bool { return errors.Is(err, llm.ErrAuth) }

// isCtxErr reports a cancellation or deadline of the run's context.
func isCtxErr(err error) bool {
	return errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}
