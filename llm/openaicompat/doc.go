// Package openaicompat is the llm.Model for any OpenAI-compatible chat
// completions server: OpenAI, DeepSeek, Qwen (DashScope compatible mode),
// Ollama, vLLM, LM Studio. It speaks the wire protocol through
// github.com/sashabaranov/go-openai and owns everything around it:
// per-request timeouts, bounded retries of transient failures, mapping of
// provider errors to the sentinel errors of package llm, and streaming.
//
// Usage:
//
//	m, err := openaicompat.New(openaicompat.Config{
//		BaseURL: "https://api.deepseek.com/v1", // the part before /chat/completions
//		APIKey:  key,                           // may be "" for Ollama and vLLM
//		Model:   "deepseek-chat",
//	})
//	if err != nil { ... }                       // wraps ErrInvalidConfig
//	resp, err := m.Complete(ctx, llm.Request{Step: "document layout", Messages: msgs, JSON: true})
//	switch {
//	case errors.Is(err, llm.ErrContextTooLong): // shrink the input; never retried
//	case errors.Is(err, llm.ErrTruncated):      // raise MaxTokens; never repaired
//	case err != nil:
//	}
//	v, err := llm.ExtractJSON("document layout", resp.Content, llm.Object)
//
// Error mapping (every error is an *llm.Error; errors.As reads the HTTP
// status, model, host, attempts, and for context-length errors the limit and
// the requested size in tokens):
//
//	HTTP 429                                   llm.ErrRateLimited    retried
//	HTTP 5xx, 408, timeout, connection error   llm.ErrUnavailable    retried
//	HTTP 401, 403                              llm.ErrAuth
//	HTTP 400/413 saying the context is too long llm.ErrContextTooLong
//	other 4xx, request rejected by go-openai   llm.ErrBadRequest
//	2xx with an unreadable body                llm.ErrBadResponse
//	finish_reason "length"                     llm.ErrTruncated
//	no content (or reasoning_content only)     llm.ErrEmptyCompletion retried
//
// A server that ignores "stream": true and answers Stream with a whole
// application/json chat.completion is read as that completion (content,
// reasoning_content, finish_reason, usage; one callback with the whole
// content), so finish_reason "length" is still ErrTruncated; a 200 JSON
// error object is reported with its message.
//
// A cancelled or expired caller context is returned as is (wrapped, so
// errors.Is(err, context.Canceled) holds); it is not an *llm.Error and is
// never retried.
//
// Retries: at most Config.MaxAttempts attempts (default 3), sleeping
// BackoffBase·2^(n-1) (default 1 s, capped at 30 s) or the server's
// Retry-After (capped at 30 s). A stream is retried only while no delta has
// been passed to the callback. BettaFish's client (ReportEngine/llms/base.py)
// instead retries every exception, including context-length 400s, 6 times
// with sleeps of 60–600 s, uses a 3000 s timeout, and never retries
// streams.
//
// Output cap: Config.MaxOutputTokens (or Request.MaxTokens) goes out as
// "max_tokens" unless Config.TokenLimitField is MaxCompletionTokensField.
// Which field a server takes is configuration (reportengine:
// --max-tokens-field), never inferred from the model name; go-openai itself
// refuses max_tokens for model names starting with o1, o3, o4 or gpt-5
// before sending, and that error (ErrBadRequest) names the setting.
// DefaultMaxOutputTokens gives the documented completion maximum of common
// models (gpt-4o 16 384, deepseek-chat 8 192, Qwen 8 192; Ollama and
// unknown models a conservative 4 096) for callers that let the user leave
// the cap unset. A Request.MaxTokens is sent plus Config.ReasoningTokens
// and never above Config.MaxOutputTokens: a reasoning model's thinking
// counts against the limit (DefaultReasoningTokens: 8 192 for
// deepseek-reasoner, deepseek-r1, o1/o3/o4 and QwQ).
//
// No error message or log line contains the API key: messages are built
// from the host only, and any provider text is scrubbed of the key. Keys
// shorter than 8 characters are left alone: they are placeholders (Ollama's
// "ollama", a vLLM "x"), not secrets, and replacing them inside ordinary
// words would garble the message.
package openaicompat
