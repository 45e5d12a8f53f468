package openaicompat

import (
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"

	"reportengine/llm"
)

// A 200 reply to a streamed request that is a web page (a proxy's or a
// web UI's, BaseURL not the API root) is reported as such, naming the
// page's title and BaseURL, after one request (before: go-openai skipped
// its lines, the reply looked empty, and it was retried as an empty
// completion, three requests).
func TestStreamHTMLPage(t *testing.T) {
	f := newFake(t, func(w http.ResponseWriter, _ *http.Request, _ int) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, "<!doctype html><html><head><TITLE>\n  Open WebUI \n</TITLE></head><body>"+strings.Repeat("<p>x</p>\n", 50)+"</body></html>")
	})
	m := newModel(t, f.URL)
	var shown strings.Builder
	_, err := m.Stream(t.Context(), userRequest(), func(c llm.Chunk) error { shown.WriteString(c.Delta); return nil })
	if !errors.Is(err, llm.ErrBadResponse) || errors.Is(err, llm.ErrEmptyCompletion) {
		t.Fatalf("err = %v, want ErrBadResponse, not an empty completion", err)
	}
	for _, want := range []string{`title "Open WebUI"`, "text/html", "BaseURL"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %q", err, want)
		}
	}
	if f.count() != 1 || shown.Len() != 0 {
		t.Errorf("%d requests and %q shown, want 1 and nothing", f.count(), shown.String())
	}
}

func TestPageTitle(t *testing.T) {
	for page, want := range map[string]string{
		"<html><head><title>502 Bad Gateway</title></head>": "502 Bad Gateway",
		"<title lang=en>  a\n b </title>":                   "a b",
		"<html><body>no title</body></html>":                "",
		"<title>" + strings.Repeat("长", 200):                strings.Repeat("长", 120) + "…",
	} {
		if got := pageTitle([]byte(page)); got != want {
			t.Errorf("pageTitle(%.40q) = %q, want %q", page, got, want)
		}
	}
}
