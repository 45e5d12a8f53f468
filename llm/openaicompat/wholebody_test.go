package openaicompat

import (
	"errors"
	"net/http"
	"strings"
	"testing"

	"reportengine/llm"
)

// A server that ignores "stream": true and answers a streamed request with
// a whole application/json chat.completion: Stream reads it as the
// completion it is, in one request: its content reaches the callback once,
// usage and finish_reason are kept, and finish_reason "length" is B08's
// ErrTruncated, not an empty completion retried three times.
func TestStreamAnsweredWithWholeCompletion(t *testing.T) {
	tests := []struct {
		name, content, reasoning, finish string
		wantErr                          error
	}{
		{name: "stop", content: "武汉大学樱花季的讨论热度上升。", finish: "stop"},
		{name: "with reasoning", content: "结论。", reasoning: "先想一想。", finish: "stop"},
		{name: "B08 length", content: `{"chapterId":"S6","blocks":[{"type":"paragraph","inlines":[{"text":"预计`, finish: "length", wantErr: llm.ErrTruncated},
		{name: "no content", content: "", reasoning: "只有推理。", finish: "stop", wantErr: llm.ErrEmptyCompletion},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFake(t, func(w http.ResponseWriter, r *http.Request, _ int) {
				if r.Header.Get("Accept") != "text/event-stream" {
					t.Errorf("Accept = %q, want a streamed request", r.Header.Get("Accept"))
				}
				completion(w, tt.content, tt.reasoning, tt.finish)
			})
			m := newModel(t, f.URL, func(c *Config) { c.MaxAttempts = 3 })
			var deltas []string
			resp, err := m.Stream(t.Context(), userRequest(), func(c llm.Chunk) error {
				deltas = append(deltas, c.Delta)
				return nil
			})
			if !errors.Is(err, tt.wantErr) || (tt.wantErr == nil) != (err == nil) {
				t.Fatalf("err = %v, want %v", err, tt.wantErr)
			}
			wantRequests := 1
			if tt.wantErr == llm.ErrEmptyCompletion {
				wantRequests = 3 // an empty completion is retried, as when streamed
			}
			if f.count() != wantRequests {
				t.Errorf("server saw %d requests, want %d", f.count(), wantRequests)
			}
			if resp.Content != tt.content || resp.Reasoning != tt.reasoning || resp.FinishReason != tt.finish {
				t.Errorf("Response content %q reasoning %q finish %q, want %q %q %q", resp.Content, resp.Reasoning, resp.FinishReason, tt.content, tt.reasoning, tt.finish)
			}
			if tt.wantErr == nil {
				if len(deltas) != 1 || deltas[0] != tt.content {
					t.Errorf("callback got %q, want the whole content once", deltas)
				}
				if resp.PromptTokens != 12 || resp.OutputTokens != 5 {
					t.Errorf("usage %d/%d, want the body's 12/5", resp.PromptTokens, resp.OutputTokens)
				}
			}
		})
	}
}

// A 200 application/json error object answering a streamed request is
// reported with its message, not as an empty completion.
func TestStreamJSONErrorBody(t *testing.T) {
	f := newFake(t, func(w http.ResponseWriter, _ *http.Request, _ int) {
		apiError(w, http.StatusOK, "{\"error\": {\"message\": \"quota exhausted for this key\",\n \"type\": \"insufficient_quota\"}}")
	})
	m := newModel(t, f.URL, func(c *Config) { c.MaxAttempts = 1 })
	_, err := m.Stream(t.Context(), userRequest(), func(llm.Chunk) error { return nil })
	if err == nil || errors.Is(err, llm.ErrEmptyCompletion) || !strings.Contains(err.Error(), "quota exhausted for this key") {
		t.Errorf("err = %v, want the error body's message", err)
	}
}
