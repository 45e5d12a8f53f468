package openaicompat

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"reportengine/llm"
)

// B09's advice fits the step: a search's or question generation's prompt
// is the context packed into --max-context-tokens, so it is told to lower
// that, not to trim the forum log and state files (which it never reads);
// the report's steps keep the input advice.
func TestContextTooLongHintByStep(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		apiError(w, http.StatusBadRequest, bodyB09)
	}))
	defer srv.Close()
	m := newModel(t, srv.URL)
	for _, tc := range []struct {
		step, want, not string
	}{
		{"local search", "--max-context-tokens", "forum-log/state input"},
		{"question generation", "--max-context-tokens", "forum-log/state input"},
		{"chapter S3", "--prompt-tokens", "--max-context-tokens"},
	} {
		_, err := m.Complete(t.Context(), llm.Request{Step: tc.step, Messages: []llm.Message{{Role: llm.RoleUser, Content: "q"}}})
		if !errors.Is(err, llm.ErrContextTooLong) {
			t.Fatalf("%s: err %v, want ErrContextTooLong", tc.step, err)
		}
		msg := err.Error()
		if !strings.Contains(msg, tc.want) || strings.Contains(msg, tc.not) || !strings.Contains(msg, "65536") {
			t.Errorf("%s: message %q; want %q (and 65536), not %q", tc.step, msg, tc.want, tc.not)
		}
	}
}
