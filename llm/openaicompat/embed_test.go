package openaicompat

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"reportengine/llm"
)

// embedServer answers /v1/embeddings with the handler of each call in turn
// (the last one repeats) and records the request bodies.
type embedServer struct {
	*httptest.Server
	mu       sync.Mutex
	bodies   []map[string]any
	handlers []func(w http.ResponseWriter, texts []string)
}

func newEmbedServer(t *testing.T, handlers ...func(w http.ResponseWriter, texts []string)) *embedServer {
	s := &embedServer{handlers: handlers}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/v1/embeddings" {
			http.NotFound(w, r)
			return
		}
		var body map[string]any
		if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
			t.Errorf("request body: %v", err)
		}
		var texts []string
		for _, x := range body["input"].([]any) {
			texts = append(texts, x.(string))
		}
		s.mu.Lock()
		s.bodies = append(s.bodies, body)
		h := s.handlers[min(len(s.bodies)-1, len(s.handlers)-1)]
		s.mu.Unlock()
		h(w, texts)
	}))
	t.Cleanup(s.Close)
	return s
}

// vectorsOf answers with dim-long vectors whose first value is the text's
// length, listed in reverse index order (servers may reorder).
func vectorsOf(dim int) func(w http.ResponseWriter, texts []string) {
	return func(w http.ResponseWriter, texts []string) {
		var data []string
		for i := len(texts) - 1; i >= 0; i-- {
			v := make([]string, dim)
			for k := range v {
				v[k] = "0"
			}
			v[0] = fmt.Sprint(len(texts[i]))
			data = append(data, fmt.Sprintf(`{"object":"embedding","index":%d,"embedding":[%s]}`, i, strings.Join(v, ",")))
		}
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"object":"list","model":"m","data":[%s],"usage":{"prompt_tokens":1,"total_tokens":1}}`, strings.Join(data, ","))
	}
}

func status(code int, body string) func(w http.ResponseWriter, texts []string) {
	return func(w http.ResponseWriter, _ []string) {
		w.WriteHeader(code)
		fmt.Fprint(w, body)
	}
}

func testEmbedder(t *testing.T, url string, dim int) *Embedder {
	e, err := NewEmbedder(EmbedderConfig{BaseURL: url + "/v1", APIKey: testKey, Model: "text-embedding-3-large", Dimensions: dim,
		BatchSize: 2, BackoffBase: time.Millisecond, Timeout: 5 * time.Second, SendDimensions: true})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func TestEmbedder(t *testing.T) {
	texts := []string{"a", "bb", "ccc"}
	cases := []struct {
		name     string
		handlers []func(http.ResponseWriter, []string)
		want     error
		calls    int
	}{
		{"ok, batched and reordered", []func(http.ResponseWriter, []string){vectorsOf(4)}, nil, 2},
		{"429 then ok", []func(http.ResponseWriter, []string){status(429, `{"error":{"message":"slow down","type":"rate_limit"}}`), vectorsOf(4)}, nil, 3},
		{"500 HTML", []func(http.ResponseWriter, []string){status(500, "<html><body><h1>Bad gateway</h1></body></html>")}, llm.ErrUnavailable, 3},
		{"malformed", []func(http.ResponseWriter, []string){status(200, `{"object":"list","data":[nope]}`)}, llm.ErrBadResponse, 1},
		{"dimension mismatch", []func(http.ResponseWriter, []string){vectorsOf(3)}, llm.ErrBadResponse, 1},
		{"too few vectors", []func(http.ResponseWriter, []string){status(200, `{"object":"list","data":[{"index":0,"embedding":[1,0,0,0]}]}`)}, llm.ErrBadResponse, 1},
		{"401", []func(http.ResponseWriter, []string){status(401, `{"error":{"message":"bad key `+testKey+`"}}`)}, llm.ErrAuth, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newEmbedServer(t, c.handlers...)
			e := testEmbedder(t, s.URL, 4)
			vs, err := e.Embed(context.Background(), texts)
			if c.want == nil {
				if err != nil {
					t.Fatal(err)
				}
				for i, v := range vs {
					if len(v) != 4 || v[0] != float32(len(texts[i])) {
						t.Errorf("vector %d = %v, want the one for %q", i, v, texts[i])
					}
				}
				if s.bodies[0]["dimensions"] != float64(4) || s.bodies[0]["model"] != "text-embedding-3-large" {
					t.Errorf("request %v", s.bodies[0])
				}
			} else {
				var le *llm.Error
				if !errors.Is(err, c.want) || !errors.As(err, &le) || le.Step != "embedding" {
					t.Fatalf("err %v, want %v", err, c.want)
				}
				if strings.Contains(err.Error(), testKey) {
					t.Errorf("error shows the key: %v", err)
				}
				if c.name == "dimension mismatch" && !strings.Contains(err.Error(), "configured=4, returned=3") {
					t.Errorf("message %q", err)
				}
			}
			if len(s.bodies) != c.calls {
				t.Errorf("%d requests, want %d", len(s.bodies), c.calls)
			}
		})
	}
}

func TestEmbedderConfigAndProbe(t *testing.T) {
	if _, err := NewEmbedder(EmbedderConfig{BaseURL: "http://x/v1", Model: "m"}); !errors.Is(err, ErrInvalidConfig) {
		t.Errorf("no Dimensions: %v", err)
	}
	s := newEmbedServer(t, vectorsOf(7))
	n, err := ProbeDimensions(context.Background(), EmbedderConfig{BaseURL: s.URL + "/v1", Model: "m"})
	if err != nil || n != 7 {
		t.Errorf("probe = %d, %v", n, err)
	}
	if _, ok := s.bodies[0]["dimensions"]; ok {
		t.Error("probe sent dimensions")
	}
	e := testEmbedder(t, s.URL, 7)
	if got := e.Info(); got != (llm.EmbedderInfo{Provider: ProviderName, Model: "text-embedding-3-large", Dimensions: 7}) {
		t.Errorf("info %+v", got)
	}
	if vs, err := e.Embed(context.Background(), nil); err != nil || len(vs) != 0 || len(s.bodies) != 1 {
		t.Errorf("no texts: %v %v, %d requests", vs, err, len(s.bodies))
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := e.Embed(ctx, []string{"x"}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}
