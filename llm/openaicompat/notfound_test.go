package openaicompat

import (
	"errors"
	"net/http"
	"strings"
	"testing"

	"reportengine/llm"
)

// A base URL that is not the API root (Ollama's http://localhost:11434
// without /v1; a plain web server answering 404, 405 or 501 to a POST) and a
// model the server does not have are not transient: one request, an
// ErrBadRequest whose message says which setting to check.
func TestNotFoundNamesTheSetting(t *testing.T) {
	tests := []struct {
		name     string
		noV1     bool // the base URL lacks /v1: the fake answers 404
		handle   func(w http.ResponseWriter, r *http.Request, n int)
		wantHint string
	}{
		{name: "base URL without /v1", noV1: true, wantHint: "--base-url"},
		{name: "405 from a web server", handle: func(w http.ResponseWriter, _ *http.Request, _ int) {
			http.Error(w, "Method Not Allowed", http.StatusMethodNotAllowed)
		}, wantHint: "--base-url"},
		{name: "501 from python -m http.server", handle: func(w http.ResponseWriter, _ *http.Request, _ int) {
			http.Error(w, "Error code: 501 Message: Unsupported method ('POST').", http.StatusNotImplemented)
		}, wantHint: "--base-url"},
		{name: "Ollama model not pulled", handle: func(w http.ResponseWriter, _ *http.Request, _ int) {
			apiError(w, http.StatusNotFound, `{"error":{"message":"model \"qwen2.5:7b\" not found, try pulling it first","type":"api_error"}}`)
		}, wantHint: "--model"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			handle := tt.handle
			if handle == nil {
				handle = func(w http.ResponseWriter, _ *http.Request, _ int) { completion(w, "{}", "", "stop") }
			}
			f := newFake(t, handle)
			base := f.URL
			if tt.noV1 {
				base = strings.TrimSuffix(f.URL, "/") + "/x" // newModel adds /v1: /x/v1 is not the fake's path
			}
			_, err := newModel(t, base).Complete(t.Context(), userRequest())
			hits := f.count()
			if !errors.Is(err, llm.ErrBadRequest) {
				t.Fatalf("err = %v, want ErrBadRequest", err)
			}
			if !strings.Contains(err.Error(), tt.wantHint) {
				t.Errorf("error %q does not point at %s", err, tt.wantHint)
			}
			if !tt.noV1 && hits != 1 {
				t.Errorf("the server saw %d requests, want 1 (not retried)", hits)
			}
		})
	}
}
