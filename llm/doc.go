// Package llm defines the one model interface every stage of reportengine
// talks to, the request/response shapes, the typed errors a model returns,
// the Tokenizer interface, and ExtractJSON, the single routine that turns
// any model reply into a JSON value.
//
// Two implementations exist: llm/openaicompat (any OpenAI-compatible chat
// completions server, through go-openai) and llm/offline (a deterministic,
// extractive model that needs no network). Both answer the same prompts
// through the same JSON contract (package prompts), so prompt building,
// parsing, validation, repair and rendering are one code path. Every model
// passes the checks in llm/llmtest; llm/tokens counts tokens offline.
//
// A call and its parse:
//
//	resp, err := model.Complete(ctx, llm.Request{
//		Step:     "document layout",
//		Messages: []llm.Message{{Role: llm.RoleSystem, Content: sys}, {Role: llm.RoleUser, Content: user}},
//		JSON:     true,
//	})
//	if err != nil {
//		var e *llm.Error
//		if errors.As(err, &e) && errors.Is(err, llm.ErrContextTooLong) {
//			// e.Limit, e.Requested: tokens
//		}
//		return err
//	}
//	raw, err := llm.ExtractJSON("document layout", resp.Content, llm.Object)
//	// err wraps llm.ErrNoJSON, llm.ErrWrongJSONType or llm.ErrTruncated
//
// Errors: every failure a model reports is an *Error wrapping exactly one of
// the sentinel errors, so callers write errors.Is(err, llm.ErrRateLimited)
// and errors.As(err, new(*llm.Error)) to read the HTTP status, provider host,
// model and attempts. Retryable says which are worth another try;
// implementations already retry those a bounded number of times. A caller's
// cancelled context comes back as (a wrap of) context.Canceled or
// context.DeadlineExceeded, not as an *Error. No error or log line ever
// contains an API key.
//
// BettaFish (ReportEngine/llms/base.py) differs: it retries every exception
// 6 times with 60–600 s sleeps, never retries streams, and parses replies
// with a chain of regex repairs that can return an empty layout; here
// non-transient errors stop at once and a reply that holds no JSON of the
// wanted kind is an error.
package llm
