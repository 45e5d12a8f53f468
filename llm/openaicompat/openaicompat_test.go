package openaicompat

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"reportengine/llm"
	"reportengine/llm/llmtest"
)

const (
	testKey   = "sk-test-SECRET123"
	testModel = "test-model"
)

// fakeServer is an OpenAI-compatible chat completions endpoint whose
// behaviour per request is given by handle (n counts requests from 1).
type fakeServer struct {
	*httptest.Server
	mu     sync.Mutex
	n      int
	bodies []map[string]any
	auth   []string
}

func newFake(t *testing.T, handle func(w http.ResponseWriter, r *http.Request, n int)) *fakeServer {
	t.Helper()
	f := &fakeServer{}
	f.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/v1/chat/completions" || r.Method != http.MethodPost {
			http.Error(w, "not found: "+r.URL.Path, http.StatusNotFound)
			return
		}
		var body map[string]any
		raw, _ := io.ReadAll(r.Body)
		if err := json.Unmarshal(raw, &body); err != nil {
			http.Error(w, "bad body", http.StatusBadRequest)
			return
		}
		f.mu.Lock()
		f.n++
		n := f.n
		f.bodies = append(f.bodies, body)
		f.auth = append(f.auth, r.Header.Get("Authorization"))
		f.mu.Unlock()
		handle(w, r, n)
	}))
	t.Cleanup(f.Close)
	return f
}

func (f *fakeServer) count() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.n
}

func (f *fakeServer) body(i int) map[string]any {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.bodies[i]
}

func newModel(t *testing.T, baseURL string, mods ...func(*Config)) *Model {
	t.Helper()
	cfg := Config{BaseURL: baseURL + "/v1", APIKey: testKey, Model: testModel, BackoffBase: time.Millisecond, Timeout: 5 * time.Second}
	for _, mod := range mods {
		mod(&cfg)
	}
	m, err := New(cfg)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return m
}

func userRequest() llm.Request {
	return llm.Request{Step: "document layout", Messages: []llm.Message{
		{Role: llm.RoleSystem, Content: "你是报告排版助手。"},
		{Role: llm.RoleUser, Content: "生成布局。"},
	}}
}

// ---- wire format helpers ----

// completion writes a chat.completion body; content nil writes JSON null.
func completion(w http.ResponseWriter, content any, reasoning, finish string) {
	msg := map[string]any{"role": "assistant", "content": content}
	if reasoning != "" {
		msg["reasoning_content"] = reasoning
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{
		"id": "chatcmpl-1", "object": "chat.completion", "created": 1, "model": testModel,
		"choices": []any{map[string]any{"index": 0, "message": msg, "finish_reason": finish}},
		"usage":   map[string]any{"prompt_tokens": 12, "completion_tokens": 5, "total_tokens": 17},
	})
}

func apiError(w http.ResponseWriter, status int, body string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = io.WriteString(w, body)
}

// chunk is one SSE event of a chat.completion.chunk stream.
type chunk struct {
	content, reasoning, finish string
}

func sse(w http.ResponseWriter, chunks ...chunk) {
	w.Header().Set("Content-Type", "text/event-stream")
	w.WriteHeader(http.StatusOK)
	for _, c := range chunks {
		writeChunk(w, c)
	}
	_, _ = io.WriteString(w, "data: [DONE]\n\n")
	w.(http.Flusher).Flush()
}

func writeChunk(w http.ResponseWriter, c chunk) {
	delta := map[string]any{}
	if c.content != "" {
		delta["content"] = c.content
	}
	if c.reasoning != "" {
		delta["reasoning_content"] = c.reasoning
	}
	var finish any
	if c.finish != "" {
		finish = c.finish
	}
	b, _ := json.Marshal(map[string]any{
		"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": testModel,
		"choices": []any{map[string]any{"index": 0, "delta": delta, "finish_reason": finish}},
	})
	fmt.Fprintf(w, "data: %s\n\n", b)
	w.(http.Flusher).Flush()
}

const (
	bodyB09 = `{"error":{"message":"This model's maximum context length is 65536 tokens. However, you requested 70210 tokens.","type":"invalid_request_error","code":"context_length_exceeded"}}`
	bodyB26 = `{"error":{"message":"'response_format.type' must be 'json_schema' or 'text'","type":"invalid_request_error"}}`
)

// ---- tests ----

func TestNewValidatesConfig(t *testing.T) {
	tests := []struct {
		name string
		cfg  Config
	}{
		{"missing BaseURL", Config{Model: "m"}},
		{"BaseURL without scheme", Config{BaseURL: "api.openai.com/v1", Model: "m"}},
		{"BaseURL with other scheme", Config{BaseURL: "ftp://host/v1", Model: "m"}},
		{"missing Model", Config{BaseURL: "http://localhost:11434/v1"}},
		{"negative timeout", Config{BaseURL: "http://localhost:11434/v1", Model: "m", Timeout: -1}},
		{"unknown token limit field", Config{BaseURL: "http://localhost:11434/v1", Model: "m", TokenLimitField: "max_new_tokens"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := New(tt.cfg); !errors.Is(err, ErrInvalidConfig) {
				t.Errorf("New: err = %v, want ErrInvalidConfig", err)
			}
		})
	}
	m, err := New(Config{BaseURL: "http://localhost:11434/v1", Model: "llama3.1:8b"}) // no key: Ollama
	if err != nil {
		t.Fatalf("New without APIKey: %v", err)
	}
	if m.cfg.TokenLimitField != MaxTokensField {
		t.Errorf("default TokenLimitField = %q, want %q", m.cfg.TokenLimitField, MaxTokensField)
	}
	if m.cfg.Timeout != DefaultTimeout || m.cfg.MaxAttempts != DefaultMaxAttempts || m.cfg.BackoffBase != DefaultBackoffBase {
		t.Errorf("defaults not filled: %+v", m.cfg)
	}
	want := llm.Info{Provider: "openai-compatible", Model: "llama3.1:8b", Host: "localhost:11434"}
	if got := m.Info(); got != want {
		t.Errorf("Info() = %+v, want %+v", got, want)
	}
}

func TestComplete(t *testing.T) {
	tests := []struct {
		name      string
		handle    func(w http.ResponseWriter, r *http.Request, n int)
		wantErr   error // nil for success
		wantCount int
		check     func(t *testing.T, resp llm.Response, err error)
	}{
		{
			name:      "OK",
			handle:    func(w http.ResponseWriter, _ *http.Request, _ int) { completion(w, `{"title":"报告"}`, "", "stop") },
			wantCount: 1,
			check: func(t *testing.T, resp llm.Response, _ error) {
				want := llm.Response{Content: `{"title":"报告"}`, FinishReason: "stop", Model: testModel, PromptTokens: 12, OutputTokens: 5, Requests: 1}
				if resp != want {
					t.Errorf("Response = %+v, want %+v", resp, want)
				}
			},
		},
		{
			name: "reasoning is returned beside the content",
			handle: func(w http.ResponseWriter, _ *http.Request, _ int) {
				completion(w, "答案", "先分析……", "stop")
			},
			wantCount: 1,
			check: func(t *testing.T, resp llm.Response, _ error) {
				if resp.Content != "答案" || resp.Reasoning != "先分析……" {
					t.Errorf("Content %q Reasoning %q", resp.Content, resp.Reasoning)
				}
			},
		},
		{
			name: "429 then OK",
			handle: func(w http.ResponseWriter, _ *http.Request, n int) {
				if n == 1 {
					w.Header().Set("Retry-After", "0")
					apiError(w, http.StatusTooManyRequests, `{"error":{"message":"Rate limit reached","type":"requests","code":"rate_limit_exceeded"}}`)
					return
				}
				completion(w, "ok", "", "stop")
			},
			wantCount: 2,
		},
		{
			name: "429 every time",
			handle: func(w http.ResponseWriter, _ *http.Request, _ int) {
				apiError(w, http.StatusTooManyRequests, `{"error":{"message":"Rate limit reached","type":"requests"}}`)
			},
			wantErr:   llm.ErrRateLimited,
			wantCount: 3,
			check: func(t *testing.T, _ llm.Response, err error) {
				var le *llm.Error
				if errors.As(err, &le) && (le.Attempts != 3 || le.StatusCode != 429) {
					t.Errorf("Attempts = %d, StatusCode = %d; want 3, 429", le.Attempts, le.StatusCode)
				}
			},
		},
		{
			name: "500 with an HTML body",
			handle: func(w http.ResponseWriter, _ *http.Request, _ int) {
				w.Header().Set("Content-Type", "text/html")
				w.WriteHeader(http.StatusInternalServerError)
				_, _ = io.WriteString(w, "<html><head><title>500</title></head><body><h1>Internal Server Error</h1></body></html>")
			},
			wantErr:   llm.ErrUnavailable,
			wantCount: 3,
			check: func(t *testing.T, _ llm.Response, err error) {
				var le *llm.Error
				if errors.As(err, &le) && le.StatusCode != 500 {
					t.Errorf("StatusCode = %d, want 500", le.StatusCode)
				}
			},
		},
		{
			name: "502 then OK",
			handle: func(w http.ResponseWriter, _ *http.Request, n int) {
				if n == 1 {
					http.Error(w, "<html>Bad Gateway</html>", http.StatusBadGateway)
					return
				}
				completion(w, "ok", "", "stop")
			},
			wantCount: 2,
		},
		{
			name: "malformed JSON body",
			handle: func(w http.ResponseWriter, _ *http.Request, _ int) {
				w.Header().Set("Content-Type", "application/json")
				_, _ = io.WriteString(w, `{"id": "x", "choices": [ oops ]}`)
			},
			wantErr:   llm.ErrBadResponse,
			wantCount: 1,
		},
		{
			name: "truncated (finish_reason length)",
			handle: func(w http.ResponseWriter, _ *http.Request, _ int) {
				completion(w, `{"chapterId":"S1","blocks":[{"type":"para`, "", "length")
			},
			wantErr:   llm.ErrTruncated,
			wantCount: 1,
			check: func(t *testing.T, resp llm.Response, _ error) {
				if resp.FinishReason != "length" {
					t.Errorf("FinishReason = %q, want length", resp.FinishReason)
				}
			},
		},
		{
			name:      "B25 empty content",
			handle:    func(w http.ResponseWriter, _ *http.Request, _ int) { completion(w, "", "", "stop") },
			wantErr:   llm.ErrEmptyCompletion,
			wantCount: 3,
			check: func(t *testing.T, _ llm.Response, err error) {
				var le *llm.Error
				if errors.As(err, &le) && le.Model != testModel {
					t.Errorf("error names model %q, want %q", le.Model, testModel)
				}
			},
		},
		{
			name:      "B25 content null with only reasoning_content",
			handle:    func(w http.ResponseWriter, _ *http.Request, _ int) { completion(w, nil, "先分析……", "stop") },
			wantErr:   llm.ErrEmptyCompletion,
			wantCount: 3,
			check: func(t *testing.T, resp llm.Response, err error) {
				if resp.Content != "" {
					t.Errorf("reasoning used as the answer: Content = %q", resp.Content)
				}
				var le *llm.Error
				if errors.As(err, &le) && le.Model != testModel {
					t.Errorf("error names model %q, want %q", le.Model, testModel)
				}
			},
		},
		{
			name: "empty then OK",
			handle: func(w http.ResponseWriter, _ *http.Request, n int) {
				if n == 1 {
					completion(w, "", "", "stop")
					return
				}
				completion(w, "ok", "", "stop")
			},
			wantCount: 2,
		},
		{
			name:      "B09 context length 400",
			handle:    func(w http.ResponseWriter, _ *http.Request, _ int) { apiError(w, http.StatusBadRequest, bodyB09) },
			wantErr:   llm.ErrContextTooLong,
			wantCount: 1,
			check: func(t *testing.T, _ llm.Response, err error) {
				var le *llm.Error
				if !errors.As(err, &le) {
					t.Fatalf("err %T is not *llm.Error", err)
				}
				if le.Limit != 65536 || le.Requested != 70210 {
					t.Errorf("Limit, Requested = %d, %d; want 65536, 70210", le.Limit, le.Requested)
				}
				// B09's Expected names what the message says.
				msg := err.Error()
				for _, want := range []string{"65536", "70210", "forum-log/state input", "larger context"} {
					if !strings.Contains(msg, want) {
						t.Errorf("message %q does not say %q", msg, want)
					}
				}
				if llm.Retryable(err) {
					t.Errorf("context-length error is Retryable")
				}
			},
		},
		{
			name:      "B26 unsupported parameter 400",
			handle:    func(w http.ResponseWriter, _ *http.Request, _ int) { apiError(w, http.StatusBadRequest, bodyB26) },
			wantErr:   llm.ErrBadRequest,
			wantCount: 1,
			check: func(t *testing.T, resp llm.Response, err error) {
				var le *llm.Error
				if !errors.As(err, &le) {
					t.Fatalf("err %T is not *llm.Error", err)
				}
				if le.StatusCode != 400 || le.Model != testModel || le.Host == "" {
					t.Errorf("StatusCode %d Model %q Host %q; want 400, %q, the server host", le.StatusCode, le.Model, le.Host, testModel)
				}
				// B26's Expected: status, model and host are in the surfaced error.
				msg := err.Error()
				for _, want := range []string{"HTTP 400", testModel, le.Host} {
					if !strings.Contains(msg, want) {
						t.Errorf("message %q lacks %q", msg, want)
					}
				}
				if resp.Content != "" {
					t.Errorf("error turned into a result: %+v", resp)
				}
			},
		},
		{
			name: "401",
			handle: func(w http.ResponseWriter, _ *http.Request, _ int) {
				apiError(w, http.StatusUnauthorized, `{"error":{"message":"Incorrect API key provided: sk-test-SECRET123.","type":"invalid_request_error","code":"invalid_api_key"}}`)
			},
			wantErr:   llm.ErrAuth,
			wantCount: 1,
		},
		{
			name: "404 model not found",
			handle: func(w http.ResponseWriter, _ *http.Request, _ int) {
				apiError(w, http.StatusNotFound, `{"error":{"message":"model 'test-model' not found","type":"not_found_error"}}`)
			},
			wantErr:   llm.ErrBadRequest,
			wantCount: 1,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFake(t, tt.handle)
			m := newModel(t, f.URL)
			resp, err := m.Complete(t.Context(), userRequest())
			if tt.wantErr == nil && err != nil {
				t.Fatalf("Complete: %v", err)
			}
			if tt.wantErr != nil {
				if !errors.Is(err, tt.wantErr) {
					t.Fatalf("Complete: err = %v, want %v", err, tt.wantErr)
				}
				var le *llm.Error
				if !errors.As(err, &le) {
					t.Errorf("err %T is not *llm.Error", err)
				} else if le.Step != "document layout" {
					t.Errorf("Step = %q, want document layout", le.Step)
				}
				if strings.Contains(err.Error(), testKey) {
					t.Errorf("API key in error: %v", err)
				}
			}
			if got := f.count(); got != tt.wantCount {
				t.Errorf("server saw %d requests, want %d", got, tt.wantCount)
			}
			if resp.Requests != tt.wantCount {
				t.Errorf("Response.Requests = %d, want %d (the requests sent, retries included)", resp.Requests, tt.wantCount)
			}
			if tt.check != nil {
				tt.check(t, resp, err)
			}
		})
	}
}

func TestStream(t *testing.T) {
	tests := []struct {
		name       string
		handle     func(w http.ResponseWriter, r *http.Request, n int)
		wantErr    error
		wantCount  int
		wantDeltas []string
	}{
		{
			name: "OK",
			handle: func(w http.ResponseWriter, _ *http.Request, _ int) {
				sse(w, chunk{reasoning: "想一想"}, chunk{content: "舆情"}, chunk{content: "分析"}, chunk{content: "报告", finish: "stop"})
			},
			wantCount:  1,
			wantDeltas: []string{"舆情", "分析", "报告"},
		},
		{
			name: "429 then OK",
			handle: func(w http.ResponseWriter, _ *http.Request, n int) {
				if n == 1 {
					apiError(w, http.StatusTooManyRequests, `{"error":{"message":"slow down","type":"requests"}}`)
					return
				}
				sse(w, chunk{content: "ok", finish: "stop"})
			},
			wantCount:  2,
			wantDeltas: []string{"ok"},
		},
		{
			name: "truncated (finish_reason length)",
			handle: func(w http.ResponseWriter, _ *http.Request, _ int) {
				sse(w, chunk{content: `{"a":`}, chunk{content: `"b`, finish: "length"})
			},
			wantErr:    llm.ErrTruncated,
			wantCount:  1,
			wantDeltas: []string{`{"a":`, `"b`},
		},
		{
			name: "B25 zero content deltas",
			handle: func(w http.ResponseWriter, _ *http.Request, _ int) {
				sse(w, chunk{reasoning: "先分析……"}, chunk{finish: "stop"})
			},
			wantErr:   llm.ErrEmptyCompletion,
			wantCount: 3,
		},
		{
			name: "error event after a delta is not retried",
			handle: func(w http.ResponseWriter, _ *http.Request, _ int) {
				w.Header().Set("Content-Type", "text/event-stream")
				writeChunk(w, chunk{content: "部分"})
				_, _ = io.WriteString(w, `data: {"error":{"message":"The server is overloaded","type":"server_error"}}`+"\n\n")
			},
			wantErr:    llm.ErrUnavailable,
			wantCount:  1,
			wantDeltas: []string{"部分"},
		},
		{
			name:      "B09 context length 400",
			handle:    func(w http.ResponseWriter, _ *http.Request, _ int) { apiError(w, http.StatusBadRequest, bodyB09) },
			wantErr:   llm.ErrContextTooLong,
			wantCount: 1,
		},
		{
			name: "500 with an HTML body",
			handle: func(w http.ResponseWriter, _ *http.Request, _ int) {
				w.Header().Set("Content-Type", "text/html")
				w.WriteHeader(http.StatusInternalServerError)
				_, _ = io.WriteString(w, "<html><body>boom</body></html>")
			},
			wantErr:   llm.ErrUnavailable,
			wantCount: 3,
		},
		{
			name: "malformed chunk",
			handle: func(w http.ResponseWriter, _ *http.Request, _ int) {
				w.Header().Set("Content-Type", "text/event-stream")
				_, _ = io.WriteString(w, "data: {\"choices\":[{\"delta\":\n\n")
			},
			wantErr:   llm.ErrBadResponse,
			wantCount: 1,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFake(t, tt.handle)
			m := newModel(t, f.URL)
			var deltas []string
			resp, err := m.Stream(t.Context(), userRequest(), func(c llm.Chunk) error {
				deltas = append(deltas, c.Delta)
				return nil
			})
			if tt.wantErr == nil && err != nil {
				t.Fatalf("Stream: %v", err)
			}
			if tt.wantErr != nil && !errors.Is(err, tt.wantErr) {
				t.Fatalf("Stream: err = %v, want %v", err, tt.wantErr)
			}
			if got := f.count(); got != tt.wantCount {
				t.Errorf("server saw %d requests, want %d", got, tt.wantCount)
			}
			if resp.Requests != tt.wantCount {
				t.Errorf("Response.Requests = %d, want %d (the requests sent, retries included)", resp.Requests, tt.wantCount)
			}
			if strings.Join(deltas, "|") != strings.Join(tt.wantDeltas, "|") {
				t.Errorf("deltas = %q, want %q", deltas, tt.wantDeltas)
			}
			if resp.Content != strings.Join(deltas, "") {
				t.Errorf("Content %q != concatenated deltas", resp.Content)
			}
			if f.body(0)["stream"] != true {
				t.Errorf("request body has stream = %v, want true", f.body(0)["stream"])
			}
		})
	}
}

func TestStreamReasoningCollected(t *testing.T) {
	f := newFake(t, func(w http.ResponseWriter, _ *http.Request, _ int) {
		sse(w, chunk{reasoning: "先"}, chunk{reasoning: "分析"}, chunk{content: "结论", finish: "stop"})
	})
	resp, err := newModel(t, f.URL).Stream(t.Context(), userRequest(), func(llm.Chunk) error { return nil })
	if err != nil {
		t.Fatal(err)
	}
	if resp.Reasoning != "先分析" || resp.Content != "结论" || resp.FinishReason != "stop" {
		t.Errorf("Response = %+v", resp)
	}
}

func TestRequestBody(t *testing.T) {
	temp, topP, zero := 0.7, 0.9, 0.0
	tests := []struct {
		name  string
		mod   func(*Config)
		req   func(*llm.Request)
		check func(t *testing.T, body map[string]any)
	}{
		{
			name: "JSON sends response_format json_object",
			req:  func(r *llm.Request) { r.JSON = true },
			check: func(t *testing.T, body map[string]any) {
				rf, ok := body["response_format"].(map[string]any)
				if !ok || rf["type"] != "json_object" {
					t.Errorf("response_format = %v, want {type: json_object}", body["response_format"])
				}
			},
		},
		{
			name: "DisableResponseFormat omits it",
			mod:  func(c *Config) { c.DisableResponseFormat = true },
			req:  func(r *llm.Request) { r.JSON = true },
			check: func(t *testing.T, body map[string]any) {
				if _, ok := body["response_format"]; ok {
					t.Errorf("response_format sent: %v", body["response_format"])
				}
			},
		},
		{
			name: "temperature and top_p forwarded",
			req:  func(r *llm.Request) { r.Temperature, r.TopP = &temp, &topP },
			check: func(t *testing.T, body map[string]any) {
				if v, _ := body["temperature"].(float64); v < 0.69 || v > 0.71 {
					t.Errorf("temperature = %v, want 0.7", body["temperature"])
				}
				if v, _ := body["top_p"].(float64); v < 0.89 || v > 0.91 {
					t.Errorf("top_p = %v, want 0.9", body["top_p"])
				}
			},
		},
		{
			name: "explicit zero temperature is sent",
			req:  func(r *llm.Request) { r.Temperature = &zero },
			check: func(t *testing.T, body map[string]any) {
				v, ok := body["temperature"].(float64)
				if !ok || v > 1e-6 {
					t.Errorf("temperature = %v, want present and ≈0", body["temperature"])
				}
			},
		},
		{
			name: "DisableTemperature omits temperature and top_p",
			mod:  func(c *Config) { c.DisableTemperature = true },
			req:  func(r *llm.Request) { r.Temperature, r.TopP = &temp, &topP },
			check: func(t *testing.T, body map[string]any) {
				for _, k := range []string{"temperature", "top_p"} {
					if _, ok := body[k]; ok {
						t.Errorf("%s sent: %v", k, body[k])
					}
				}
			},
		},
		{
			name: "no JSON, no sampling: neither field sent",
			check: func(t *testing.T, body map[string]any) {
				for _, k := range []string{"response_format", "temperature", "top_p", "max_tokens"} {
					if _, ok := body[k]; ok {
						t.Errorf("%s sent: %v", k, body[k])
					}
				}
			},
		},
		{
			name: "MaxOutputTokens default and Request.MaxTokens override",
			mod:  func(c *Config) { c.MaxOutputTokens = 4096 },
			req:  func(r *llm.Request) { r.MaxTokens = 512 },
			check: func(t *testing.T, body map[string]any) {
				if body["max_tokens"] != float64(512) {
					t.Errorf("max_tokens = %v, want 512", body["max_tokens"])
				}
			},
		},
		{
			name: "ReasoningTokens added to Request.MaxTokens, capped by MaxOutputTokens",
			mod:  func(c *Config) { c.MaxOutputTokens, c.ReasoningTokens = 4096, 3000 },
			req:  func(r *llm.Request) { r.MaxTokens = 512 },
			check: func(t *testing.T, body map[string]any) {
				if body["max_tokens"] != float64(3512) {
					t.Errorf("max_tokens = %v, want 512 + 3000", body["max_tokens"])
				}
			},
		},
		{
			name: "Request.MaxTokens plus ReasoningTokens never above MaxOutputTokens",
			mod:  func(c *Config) { c.MaxOutputTokens, c.ReasoningTokens = 4096, 8192 },
			req:  func(r *llm.Request) { r.MaxTokens = 512 },
			check: func(t *testing.T, body map[string]any) {
				if body["max_tokens"] != float64(4096) {
					t.Errorf("max_tokens = %v, want the maximum 4096", body["max_tokens"])
				}
			},
		},
		{
			name: "TokenLimitField max_completion_tokens sends only that field",
			mod: func(c *Config) {
				c.TokenLimitField = MaxCompletionTokensField
				c.MaxOutputTokens = 700
			},
			check: func(t *testing.T, body map[string]any) {
				if body["max_completion_tokens"] != float64(700) {
					t.Errorf("max_completion_tokens = %v, want 700", body["max_completion_tokens"])
				}
				if v, ok := body["max_tokens"]; ok {
					t.Errorf("max_tokens sent: %v", v)
				}
			},
		},
		{
			// The field is a setting: a reasoning-looking model name does
			// not change it.
			name: "default field max_tokens whatever the model name says",
			mod: func(c *Config) {
				c.Model = "deepseek-reasoner"
				c.MaxOutputTokens = 300
			},
			check: func(t *testing.T, body map[string]any) {
				if body["max_tokens"] != float64(300) {
					t.Errorf("max_tokens = %v, want 300", body["max_tokens"])
				}
				if v, ok := body["max_completion_tokens"]; ok {
					t.Errorf("max_completion_tokens sent: %v", v)
				}
			},
		},
		{
			name: "model and messages",
			check: func(t *testing.T, body map[string]any) {
				if body["model"] != testModel {
					t.Errorf("model = %v", body["model"])
				}
				msgs, _ := body["messages"].([]any)
				if len(msgs) != 2 {
					t.Fatalf("messages = %v", body["messages"])
				}
				first, _ := msgs[0].(map[string]any)
				if first["role"] != "system" || first["content"] != "你是报告排版助手。" {
					t.Errorf("first message = %v", first)
				}
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFake(t, func(w http.ResponseWriter, _ *http.Request, _ int) { completion(w, "ok", "", "stop") })
			var mods []func(*Config)
			if tt.mod != nil {
				mods = append(mods, tt.mod)
			}
			m := newModel(t, f.URL, mods...)
			req := userRequest()
			if tt.req != nil {
				tt.req(&req)
			}
			if _, err := m.Complete(t.Context(), req); err != nil {
				t.Fatalf("Complete: %v", err)
			}
			tt.check(t, f.body(0))
		})
	}
}

// go-openai refuses to send max_tokens for model names it knows as OpenAI
// reasoning models; the error says which setting to change, and nothing is
// sent.
func TestTokenLimitFieldRefusedLocally(t *testing.T) {
	f := newFake(t, func(w http.ResponseWriter, _ *http.Request, _ int) { completion(w, "ok", "", "stop") })
	m := newModel(t, f.URL, func(c *Config) { c.Model, c.MaxOutputTokens, c.Switches = "o3-mini", 100, cliSwitches })
	_, err := m.Complete(t.Context(), userRequest())
	if !errors.Is(err, llm.ErrBadRequest) {
		t.Fatalf("err = %v, want ErrBadRequest", err)
	}
	if !strings.Contains(err.Error(), "--max-tokens-field") {
		t.Errorf("error %q does not name the setting --max-tokens-field", err)
	}
	if n := f.count(); n != 0 {
		t.Errorf("%d requests sent, want 0", n)
	}
	if resp, _ := m.Complete(t.Context(), userRequest()); resp.Requests != 0 {
		t.Errorf("Response.Requests = %d for a request refused before sending, want 0", resp.Requests)
	}
	m = newModel(t, f.URL, func(c *Config) {
		c.Model, c.MaxOutputTokens, c.TokenLimitField = "o3-mini", 100, MaxCompletionTokensField
	})
	if _, err := m.Complete(t.Context(), userRequest()); err != nil {
		t.Fatalf("with max_completion_tokens: %v", err)
	}
	if got := f.body(0)["max_completion_tokens"]; got != float64(100) {
		t.Errorf("max_completion_tokens = %v, want 100", got)
	}
}

// B08: the case's response body, finish_reason "length".
func TestB08TruncatedResponse(t *testing.T) {
	const body = `{"choices":[{"index":0,"finish_reason":"length","message":{"role":"assistant",
 "content":"{\"chapterId\":\"S6\",\"title\":\"趋势研判\",\"blocks\":[{\"type\":\"paragraph\",\"inlines\":[{\"text\":\"预计未来一周讨论热度将"}}]}`
	f := newFake(t, func(w http.ResponseWriter, _ *http.Request, _ int) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, body)
	})
	m := newModel(t, f.URL, func(c *Config) { c.MaxOutputTokens = 64 })
	req := userRequest()
	req.Step = "chapter S6"
	resp, err := m.Complete(t.Context(), req)
	if !errors.Is(err, llm.ErrTruncated) {
		t.Fatalf("err = %v, want ErrTruncated", err)
	}
	msg := err.Error()
	for _, want := range []string{"chapter S6", "finish_reason=length", "max_tokens 64", "not repaired"} {
		if !strings.Contains(msg, want) {
			t.Errorf("error %q does not contain %q", msg, want)
		}
	}
	if want := `{"chapterId":"S6","title":"趋势研判","blocks":[{"type":"paragraph","inlines":[{"text":"预计未来一周讨论热度将`; resp.Content != want {
		t.Errorf("partial Content = %q, want the raw partial text %q", resp.Content, want)
	}
	if f.count() != 1 || resp.Requests != 1 {
		t.Errorf("server saw %d requests, Requests = %d; want 1 and 1 (never re-sent unchanged)", f.count(), resp.Requests)
	}
}

func TestParseTokenLimitField(t *testing.T) {
	for in, want := range map[string]TokenLimitField{"": MaxTokensField, "max_tokens": MaxTokensField, " max_completion_tokens ": MaxCompletionTokensField} {
		if got, err := ParseTokenLimitField(in); err != nil || got != want {
			t.Errorf("ParseTokenLimitField(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	if _, err := ParseTokenLimitField("maxTokens"); !errors.Is(err, ErrInvalidConfig) {
		t.Errorf("ParseTokenLimitField(maxTokens) err = %v, want ErrInvalidConfig", err)
	}
}

func TestAPIKeyHandling(t *testing.T) {
	t.Run("sent as bearer token", func(t *testing.T) {
		f := newFake(t, func(w http.ResponseWriter, _ *http.Request, _ int) { completion(w, "ok", "", "stop") })
		if _, err := newModel(t, f.URL).Complete(t.Context(), userRequest()); err != nil {
			t.Fatal(err)
		}
		if f.auth[0] != "Bearer "+testKey {
			t.Errorf("Authorization header not the bearer key")
		}
	})
	t.Run("empty key sends no header", func(t *testing.T) {
		f := newFake(t, func(w http.ResponseWriter, _ *http.Request, _ int) { completion(w, "ok", "", "stop") })
		m := newModel(t, f.URL, func(c *Config) { c.APIKey = "" })
		if _, err := m.Complete(t.Context(), userRequest()); err != nil {
			t.Fatal(err)
		}
		if f.auth[0] != "" {
			t.Errorf("Authorization = %q, want none", f.auth[0])
		}
	})

	echo := func(w http.ResponseWriter, r *http.Request, _ int) {
		// A hostile or careless server echoes the key everywhere.
		w.Header().Set("Content-Type", "text/html")
		w.WriteHeader(http.StatusBadGateway)
		_, _ = io.WriteString(w, "<html>bad gateway for "+r.Header.Get("Authorization")+"</html>")
	}
	closed := httptest.NewServer(http.NotFoundHandler())
	closedURL := closed.URL
	closed.Close()

	cases := []struct {
		name    string
		baseURL string
		handle  func(w http.ResponseWriter, r *http.Request, n int)
		// wantComplete and wantStream are the sentinels Complete and
		// Stream return.
		wantComplete, wantStream error
	}{
		{"connection refused", closedURL, nil, llm.ErrUnavailable, llm.ErrUnavailable},
		{"key echoed in an HTML error", "", echo, llm.ErrUnavailable, llm.ErrUnavailable},
		{"key echoed in a 401", "", func(w http.ResponseWriter, r *http.Request, _ int) {
			apiError(w, http.StatusUnauthorized, `{"error":{"message":"Incorrect API key provided: `+strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")+`"}}`)
		}, llm.ErrAuth, llm.ErrAuth},
		{"key echoed in a stream error", "", func(w http.ResponseWriter, r *http.Request, _ int) {
			w.Header().Set("Content-Type", "text/event-stream")
			fmt.Fprintf(w, "data: {\"error\":{\"message\":\"bad key %s\",\"type\":\"server_error\"}}\n\n", r.Header.Get("Authorization"))
		}, llm.ErrBadResponse, llm.ErrUnavailable}, // Complete cannot read an SSE body
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			base := tc.baseURL
			if tc.handle != nil {
				base = newFake(t, tc.handle).URL
			}
			m := newModel(t, base, func(c *Config) { c.MaxAttempts = 2 })
			_, cerr := m.Complete(t.Context(), userRequest())
			_, serr := m.Stream(t.Context(), userRequest(), func(llm.Chunk) error { return nil })
			for i, err := range []error{cerr, serr} {
				if want := []error{tc.wantComplete, tc.wantStream}[i]; !errors.Is(err, want) {
					t.Errorf("err = %v, want %v", err, want)
				}
				walkErrors(err, func(e error) {
					if strings.Contains(e.Error(), "SECRET123") {
						t.Errorf("API key in the text of %T in the error tree: %v", e, e)
					}
				})
				if err != nil && strings.Contains(fmt.Sprintf("%+v %#v", err, err), "SECRET123") {
					t.Errorf("API key in formatted error")
				}
			}
		})
	}
}

// walkErrors calls fn for err and every error it wraps, through both
// Unwrap() error and Unwrap() []error.
func walkErrors(err error, fn func(error)) {
	if err == nil {
		return
	}
	fn(err)
	switch u := err.(type) {
	case interface{ Unwrap() error }:
		walkErrors(u.Unwrap(), fn)
	case interface{ Unwrap() []error }:
		for _, e := range u.Unwrap() {
			walkErrors(e, fn)
		}
	}
}

func TestTimeout(t *testing.T) {
	slow := func(w http.ResponseWriter, r *http.Request, _ int) {
		select {
		case <-r.Context().Done():
		case <-time.After(2 * time.Second):
			completion(w, "too late", "", "stop")
		}
	}
	t.Run("Complete", func(t *testing.T) {
		f := newFake(t, slow)
		m := newModel(t, f.URL, func(c *Config) { c.Timeout, c.MaxAttempts = 50*time.Millisecond, 2 })
		start := time.Now()
		_, err := m.Complete(t.Context(), userRequest())
		if !errors.Is(err, llm.ErrUnavailable) {
			t.Fatalf("err = %v, want ErrUnavailable", err)
		}
		if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
			t.Errorf("our timeout reported as the caller's context error: %v", err)
		}
		if got := f.count(); got != 2 {
			t.Errorf("server saw %d requests, want 2 (timeouts are retried, bounded)", got)
		}
		// Without the timeout the two attempts would wait out the server's
		// 2 s each (≥ 4 s); the bound is loose so that a loaded machine
		// does not fail it.
		if d := time.Since(start); d > 3*time.Second {
			t.Errorf("took %s; the 50ms timeout was not applied", d)
		}
	})
	t.Run("Stream stalls after a delta", func(t *testing.T) {
		f := newFake(t, func(w http.ResponseWriter, r *http.Request, _ int) {
			w.Header().Set("Content-Type", "text/event-stream")
			writeChunk(w, chunk{content: "开头"})
			slow(w, r, 0)
		})
		m := newModel(t, f.URL, func(c *Config) { c.Timeout = 50 * time.Millisecond })
		resp, err := m.Stream(t.Context(), userRequest(), func(llm.Chunk) error { return nil })
		if !errors.Is(err, llm.ErrUnavailable) {
			t.Fatalf("err = %v, want ErrUnavailable", err)
		}
		if f.count() != 1 {
			t.Errorf("server saw %d requests; a stream that delivered text must not be retried", f.count())
		}
		if resp.Content != "开头" {
			t.Errorf("partial Content = %q", resp.Content)
		}
	})
	t.Run("Stream keeps going while chunks arrive", func(t *testing.T) {
		const chunks, gap = 20, 40 * time.Millisecond
		want := ""
		for i := range chunks {
			want += fmt.Sprint(i)
		}
		f := newFake(t, func(w http.ResponseWriter, _ *http.Request, _ int) {
			w.Header().Set("Content-Type", "text/event-stream")
			for i := range chunks {
				writeChunk(w, chunk{content: fmt.Sprint(i)})
				time.Sleep(gap)
			}
			writeChunk(w, chunk{finish: "stop"})
			_, _ = io.WriteString(w, "data: [DONE]\n\n")
		})
		// 20 gaps of 40ms (800ms) take longer than the 500ms timeout; no
		// gap does, with 460ms to spare for a loaded machine (200ms with
		// 8 gaps failed once at load 7 with the CI's tests beside it)
		m := newModel(t, f.URL, func(c *Config) { c.Timeout = 500 * time.Millisecond })
		resp, err := m.Stream(t.Context(), userRequest(), func(llm.Chunk) error { return nil })
		if err != nil || resp.Content != want {
			t.Errorf("Stream = %q, %v; want %s (the timeout is per gap, not per stream)", resp.Content, err, want)
		}
	})
}

func TestCancelledContext(t *testing.T) {
	release := make(chan struct{})
	t.Cleanup(func() { close(release) })
	f := newFake(t, func(w http.ResponseWriter, r *http.Request, _ int) {
		w.Header().Set("Content-Type", "text/event-stream")
		writeChunk(w, chunk{content: "第一段"})
		select {
		case <-r.Context().Done():
		case <-release:
		}
	})
	m := newModel(t, f.URL)

	t.Run("Complete cancelled while waiting", func(t *testing.T) {
		g := newFake(t, func(_ http.ResponseWriter, r *http.Request, _ int) {
			select {
			case <-r.Context().Done():
			case <-release:
			}
		})
		ctx, cancel := context.WithTimeout(t.Context(), 50*time.Millisecond)
		defer cancel()
		_, err := newModel(t, g.URL).Complete(ctx, userRequest())
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("err = %v, want context.DeadlineExceeded", err)
		}
		var le *llm.Error
		if errors.As(err, &le) {
			t.Errorf("caller cancellation reported as a model error: %v", err)
		}
	})
	t.Run("Stream cancelled by the caller mid-stream", func(t *testing.T) {
		ctx, cancel := context.WithCancel(t.Context())
		defer cancel()
		before := f.count()
		_, err := m.Stream(ctx, userRequest(), func(llm.Chunk) error {
			cancel()
			return nil
		})
		if !errors.Is(err, context.Canceled) {
			t.Errorf("err = %v, want context.Canceled", err)
		}
		if got := f.count() - before; got != 1 {
			t.Errorf("%d requests, want 1", got)
		}
	})
	t.Run("cancelled during backoff", func(t *testing.T) {
		g := newFake(t, func(w http.ResponseWriter, _ *http.Request, _ int) {
			w.Header().Set("Retry-After", "20")
			apiError(w, http.StatusTooManyRequests, `{"error":{"message":"slow down"}}`)
		})
		m := newModel(t, g.URL)
		ctx, cancel := context.WithTimeout(t.Context(), 50*time.Millisecond)
		defer cancel()
		_, err := m.Complete(ctx, userRequest())
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("err = %v, want context.DeadlineExceeded", err)
		}
		if g.count() != 1 {
			t.Errorf("%d requests, want 1", g.count())
		}
	})
}

func TestBackoff(t *testing.T) {
	m := &Model{cfg: Config{BackoffBase: time.Second}}
	want := []time.Duration{time.Second, 2 * time.Second, 4 * time.Second, 8 * time.Second, 16 * time.Second, 30 * time.Second, 30 * time.Second}
	for i, w := range want {
		if got := m.backoff(i+1, &attemptRecord{}); got != w {
			t.Errorf("backoff(%d) = %s, want %s", i+1, got, w)
		}
	}
	if got := m.backoff(1, &attemptRecord{after: 5 * time.Second, hasAfter: true}); got != 5*time.Second {
		t.Errorf("Retry-After 5s: backoff = %s", got)
	}
	if got := m.backoff(1, &attemptRecord{after: time.Hour, hasAfter: true}); got != MaxBackoff {
		t.Errorf("Retry-After 1h: backoff = %s, want the %s cap", got, MaxBackoff)
	}
}

func TestParseRetryAfter(t *testing.T) {
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	tests := []struct {
		in   string
		want time.Duration
		ok   bool
	}{
		{"", 0, false},
		{"7", 7 * time.Second, true},
		{"0", 0, true},
		{"1.5", 1500 * time.Millisecond, true},
		{"-3", 0, false},
		{"soon", 0, false},
		{now.Add(10 * time.Second).Format(http.TimeFormat), 10 * time.Second, true},
		{now.Add(-time.Minute).Format(http.TimeFormat), 0, true},
	}
	for _, tt := range tests {
		got, ok := parseRetryAfter(tt.in, now)
		if got != tt.want || ok != tt.ok {
			t.Errorf("parseRetryAfter(%q) = %s, %v; want %s, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

func TestContextLengthMessages(t *testing.T) {
	m := &Model{cfg: Config{Model: testModel}, host: "h"}
	tests := []struct {
		msg             string
		limit, requestd int
	}{
		{"This model's maximum context length is 65536 tokens. However, you requested 70210 tokens.", 65536, 70210},
		{"This model's maximum context length is 4096 tokens. However, you requested 5000 tokens (4000 in the messages, 1000 in the completion).", 4096, 5000},
		{"The decoder prompt (length 70210) is longer than the maximum model length of 65536.", 65536, 70210},
		{"prompt is too long: 210000 tokens > 200000 maximum", 200000, 210000},
		{"Range of input length should be [1, 30720]", 30720, 0},
		{"Input length 70210 exceeds max_seq_len 65536", 65536, 70210},
	}
	for _, tt := range tests {
		if !isContextLength(tt.msg) {
			t.Errorf("not recognised as context length: %q", tt.msg)
			continue
		}
		err := m.contextTooLong(llm.Request{}, 400, tt.msg)
		var le *llm.Error
		if !errors.As(err, &le) || !errors.Is(err, llm.ErrContextTooLong) {
			t.Fatalf("err = %v", err)
		}
		if le.Limit != tt.limit || le.Requested != tt.requestd {
			t.Errorf("%q: Limit, Requested = %d, %d; want %d, %d", tt.msg, le.Limit, le.Requested, tt.limit, tt.requestd)
		}
	}
}

func TestInfoHostOnly(t *testing.T) {
	m, err := New(Config{BaseURL: "https://user:pw@api.example.com:8443/compatible-mode/v1?x=1", Model: "qwen-plus"})
	if err != nil {
		t.Fatal(err)
	}
	if got := m.Info().Host; got != "api.example.com:8443" {
		t.Errorf("Host = %q", got)
	}
	if _, err := New(Config{BaseURL: "://" + testKey, Model: "m"}); err == nil || strings.Contains(err.Error(), "SECRET123") {
		t.Errorf("bad URL error = %v; want an error without the text of the URL's secret", err)
	}
}

// deterministicServer answers every request with the same text, streaming
// it in three pieces.
func deterministicServer(t *testing.T) *fakeServer {
	return newFake(t, func(w http.ResponseWriter, r *http.Request, _ int) {
		var body map[string]any
		_ = json.Unmarshal([]byte("{}"), &body)
		if strings.Contains(r.Header.Get("Accept"), "text/event-stream") {
			sse(w, chunk{content: "舆情"}, chunk{content: "分析"}, chunk{content: "报告", finish: "stop"})
			return
		}
		completion(w, "舆情分析报告", "", "stop")
	})
}

func TestConformance(t *testing.T) {
	f := deterministicServer(t)
	llmtest.TestModel(t, newModel(t, f.URL), userRequest())
}

func TestBaseURLForms(t *testing.T) {
	f := deterministicServer(t)
	u, _ := url.Parse(f.URL)
	for _, base := range []string{f.URL + "/v1", f.URL + "/v1/", "http://" + u.Host + "/v1"} {
		m, err := New(Config{BaseURL: base, Model: testModel})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := m.Complete(t.Context(), userRequest()); err != nil {
			t.Errorf("BaseURL %q: %v", base, err)
		}
	}
}

// cliSwitches are the report command's flags for the optional parameters.
var cliSwitches = Switches{ResponseFormat: "--no-response-format", Temperature: "--no-temperature", TokenLimitField: "--max-tokens-field"}

// A parameter's hint names the switch Config.Switches gives it, and none
// when the command has none: search has no --no-response-format.
func TestParameterHintSwitches(t *testing.T) {
	msg := "response_format json_object is not supported"
	if got := parameterHint(msg, cliSwitches); !strings.Contains(got, "reportengine: --no-response-format") {
		t.Errorf("with the switch: %q", got)
	}
	got := parameterHint(msg, Switches{Temperature: "--no-temperature"})
	if strings.Contains(got, "--") || !strings.Contains(got, "this command cannot turn response_format off") {
		t.Errorf("without the switch: %q", got)
	}
	if got := parameterHint("max_completion_tokens is required", Switches{TokenLimitField: "REPORT_ENGINE_MAX_TOKENS_FIELD"}); !strings.Contains(got, "reportengine: REPORT_ENGINE_MAX_TOKENS_FIELD") {
		t.Errorf("token field: %q", got)
	}
}

// Hints are read through the CLI: they name the setting in words and the
// reportengine flag, never a Go field.
func TestHintsNameCLIFlags(t *testing.T) {
	slow := func(w http.ResponseWriter, r *http.Request, _ int) {
		select {
		case <-r.Context().Done():
		case <-time.After(2 * time.Second):
			completion(w, "too late", "", "stop")
		}
	}
	tests := []struct {
		name   string
		handle func(w http.ResponseWriter, r *http.Request, n int)
		flag   string
	}{
		{"response_format rejected", func(w http.ResponseWriter, _ *http.Request, _ int) {
			apiError(w, http.StatusBadRequest, bodyB26)
		}, "--no-response-format"},
		{"temperature rejected", func(w http.ResponseWriter, _ *http.Request, _ int) {
			apiError(w, http.StatusBadRequest, `{"error":{"message":"Unsupported parameter: 'temperature' is not supported with this model.","type":"invalid_request_error"}}`)
		}, "--no-temperature"},
		{"timeout", slow, "--timeout"},
		{"truncated", func(w http.ResponseWriter, _ *http.Request, _ int) {
			completion(w, `{"chapterId":"S1","blocks":[{"type":"para`, "", "length")
		}, "--max-output-tokens"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFake(t, tt.handle)
			m := newModel(t, f.URL, func(c *Config) { c.Timeout, c.MaxAttempts, c.Switches = 50*time.Millisecond, 1, cliSwitches })
			_, err := m.Complete(t.Context(), userRequest())
			if err == nil {
				t.Fatal("no error")
			}
			msg := err.Error()
			if !strings.Contains(msg, "reportengine: "+tt.flag) {
				t.Errorf("message %q does not name the flag %s", msg, tt.flag)
			}
			for _, field := range []string{"Config.", "MaxOutputTokens", "DisableResponseFormat", "DisableTemperature"} {
				if strings.Contains(msg, field) {
					t.Errorf("message %q names the Go field %q", msg, field)
				}
			}
		})
	}
}

// Keys shorter than MinSecretKeyLen are placeholders, not secrets: scrub
// leaves them inside ordinary words; longer keys are still removed.
func TestScrubShortKeys(t *testing.T) {
	const text = "max_tokens must be at most 4096 for llama3; ollama said x"
	tests := []struct {
		key, in, want string
	}{
		{"k", text, text},
		{"x", text, text},
		{"ollama", text, text},
		{"1234567", "id 1234567", "id 1234567"},
		// Exactly MinSecretKeyLen characters is a secret.
		{"12345678", "id 12345678.", "id [redacted]."},
		{"SECRET123", "bad key SECRET123", "bad key [redacted]"},
		// OpenAI-shaped keys are scrubbed whatever the configured key.
		{"ollama", "Incorrect API key provided: sk-proj-****abcd", "Incorrect API key provided: sk-[redacted]"},
		{"", "max_tokens too large", "max_tokens too large"},
	}
	for _, tt := range tests {
		m := newModel(t, "http://localhost:1", func(c *Config) { c.APIKey = tt.key })
		if got := m.scrub(tt.in); got != tt.want {
			t.Errorf("key %q: scrub(%q) = %q, want %q", tt.key, tt.in, got, tt.want)
		}
	}
}

// Through a real error: a dummy key such as "ollama" does not garble the
// server's message.
func TestShortKeyKeepsMessage(t *testing.T) {
	for _, key := range []string{"k", "ollama"} {
		t.Run(key, func(t *testing.T) {
			f := newFake(t, func(w http.ResponseWriter, _ *http.Request, _ int) {
				apiError(w, http.StatusBadRequest, `{"error":{"message":"model llama3: max_tokens is too large","type":"invalid_request_error"}}`)
			})
			m := newModel(t, f.URL, func(c *Config) { c.APIKey = key })
			_, err := m.Complete(t.Context(), userRequest())
			if !errors.Is(err, llm.ErrBadRequest) {
				t.Fatalf("err = %v, want ErrBadRequest", err)
			}
			if msg := err.Error(); !strings.Contains(msg, "model llama3: max_tokens is too large") || strings.Contains(msg, "[redacted]") {
				t.Errorf("message %q garbled by scrubbing the key %q", msg, key)
			}
		})
	}
}

// A model that echoes the configured key (or another OpenAI-style key) into
// its reply: the key never reaches Response.Content.
func TestKeyEchoedInReply(t *testing.T) {
	f := newFake(t, func(w http.ResponseWriter, _ *http.Request, _ int) {
		completion(w, `{"text":"key `+testKey+` and sk-proj-abcdefghijklmnopqrstuvwx"}`, "", "stop")
	})
	resp, err := newModel(t, f.URL).Complete(t.Context(), userRequest())
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(resp.Content, "SECRET123") || strings.Contains(resp.Content, "abcdefghijklmnop") {
		t.Errorf("key in content: %s", resp.Content)
	}
	if !strings.Contains(resp.Content, "[redacted]") {
		t.Errorf("content %s: want the key replaced by [redacted]", resp.Content)
	}
}

// A malformed event before any content points at the BaseURL (the server
// may not be a chat API at all); the same event after part of the answer
// was streamed does not: the server did answer, its stream broke off.
func TestStreamMalformedEventHint(t *testing.T) {
	for _, tt := range []struct {
		name     string
		first    bool // a content delta before the bad event
		wantHint bool
	}{
		{"at the start", false, true},
		{"mid-stream", true, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			f := newFake(t, func(w http.ResponseWriter, _ *http.Request, _ int) {
				w.Header().Set("Content-Type", "text/event-stream")
				if tt.first {
					writeChunk(w, chunk{content: "部分回答"})
				}
				_, _ = io.WriteString(w, "data: {\"choices\":[{\"delta\":\n\n")
			})
			_, err := newModel(t, f.URL).Stream(t.Context(), userRequest(), func(llm.Chunk) error { return nil })
			if !errors.Is(err, llm.ErrBadResponse) {
				t.Fatalf("err = %v, want ErrBadResponse", err)
			}
			if got := strings.Contains(err.Error(), "BaseURL"); got != tt.wantHint {
				t.Errorf("BaseURL hint %v, want %v: %v", got, tt.wantHint, err)
			}
		})
	}
}

// B38: a stream that stops after three chunks with no finish_reason (the
// server closed the connection, with or without "[DONE]") is ErrTruncated,
// not a complete reply, and is not retried once text was delivered; the
// same chunks with a finish_reason are a reply.
func TestStreamEndingWithoutFinishReason(t *testing.T) {
	for _, tt := range []struct {
		name   string
		finish string
		done   bool
	}{{"connection closed", "", false}, {"[DONE] without a finish reason", "", true}, {"finished", "stop", true}} {
		t.Run(tt.name, func(t *testing.T) {
			f := newFake(t, func(w http.ResponseWriter, _ *http.Request, _ int) {
				w.Header().Set("Content-Type", "text/event-stream")
				for i := range 3 {
					c := chunk{content: fmt.Sprintf("片段%d。", i)}
					if i == 2 {
						c.finish = tt.finish
					}
					writeChunk(w, c)
				}
				if tt.done {
					_, _ = io.WriteString(w, "data: [DONE]\n\n")
				}
			})
			resp, err := newModel(t, f.URL).Stream(t.Context(), userRequest(), func(llm.Chunk) error { return nil })
			if resp.Content != "片段0。片段1。片段2。" || f.count() != 1 {
				t.Errorf("Content %q after %d requests, want the three chunks after 1", resp.Content, f.count())
			}
			if tt.finish != "" {
				if err != nil {
					t.Errorf("err = %v, want a reply", err)
				}
				return
			}
			if !errors.Is(err, llm.ErrTruncated) || !errors.Is(err, io.ErrUnexpectedEOF) || !strings.Contains(err.Error(), "ended without a finish reason") {
				t.Errorf("err = %v, want ErrTruncated saying the stream ended without a finish reason", err)
			}
		})
	}
}
