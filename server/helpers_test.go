package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"sync"
	"testing"
	"time"

	"reportengine/graphrag"
	"reportengine/graphrag/builder"
	"reportengine/graphrag/storage"
	"reportengine/internal/fixture"
	"reportengine/server"
)

// fixtureGraph builds the graph of the BettaFish fixture run (three engine
// states of 2025-08-25 18:02:14 and the forum log) with report id id.
func fixtureGraph(t testing.TB, id string) *graphrag.Graph {
	t.Helper()
	return fixture.Graph(t, fixture.BettaFish(t), builder.Config{ReportID: id, CreatedAt: "2025-08-25T18:02:14Z"})
}

// saveGraph writes g under graphs and returns the file path.
func saveGraph(t testing.TB, graphs string, g *graphrag.Graph) string {
	t.Helper()
	st, err := storage.New(graphs)
	if err != nil {
		t.Fatal(err)
	}
	p, err := st.Save(g)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// fileGraph is a graphrag.json read with encoding/json only, to check the
// API against the file independently of package graphrag.
type fileGraph struct {
	TaskID string `json:"task_id"`
	Nodes  []struct {
		ID      string         `json:"id"`
		Type    string         `json:"type"`
		Name    string         `json:"-"`
		RawName *string        `json:"name"`
		Attrs   map[string]any `json:"attributes"`
		Derive  *bool          `json:"derive"`
	} `json:"nodes"`
	Edges []struct {
		From     string `json:"from"`
		To       string `json:"to"`
		Relation string `json:"relation"`
	} `json:"edges"`
}

func readFileGraph(t testing.TB, path string) fileGraph {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var fg fileGraph
	if err := json.Unmarshal(data, &fg); err != nil {
		t.Fatal(err)
	}
	// What format 3 leaves out, derived as graphrag.WriteJSON documents.
	for i := range fg.Nodes {
		n := &fg.Nodes[i]
		str := func(k string) string { s, _ := n.Attrs[k].(string); return s }
		switch {
		case n.RawName != nil:
			n.Name = *n.RawName
		case n.Type == "source":
			n.Name = graphrag.SourceName(str("title"), str("url"), str("content"))
		}
		_, hasSummary := n.Attrs["summary"]
		if _, text := n.Attrs["content"].(string); n.Type == "section" && text && !hasSummary && n.Derive == nil {
			n.Attrs["summary"] = graphrag.SectionSummary(str("latest_summary"), str("content"))
		}
	}
	return fg
}

// apiGraph is the body of /api/graph responses as a client reads it.
type apiGraph struct {
	Success  bool   `json:"success"`
	Message  string `json:"message"`
	ReportID string `json:"report_id"`
	Node     string `json:"node"`
	Graph    struct {
		Nodes []struct {
			ID         string         `json:"id"`
			Label      string         `json:"label"`
			Group      string         `json:"group"`
			Title      string         `json:"title"`
			Properties map[string]any `json:"properties"`
			Degree     int            `json:"degree"`
			Omitted    []string       `json:"omitted"`
		} `json:"nodes"`
		Edges []struct {
			ID     string `json:"id"`
			From   string `json:"from"`
			To     string `json:"to"`
			Label  string `json:"label"`
			Arrows string `json:"arrows"`
		} `json:"edges"`
		Stats     map[string]int `json:"stats"`
		Truncated bool           `json:"truncated"`
		Limit     int            `json:"limit"`
	} `json:"graph"`
}

// newServer starts the handler for cfg on an httptest server.
func newServer(t testing.TB, cfg server.Config) (*server.Server, *httptest.Server) {
	t.Helper()
	s, err := server.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s)
	t.Cleanup(ts.Close)
	return s, ts
}

// get fetches url and returns the status and body.
func get(t testing.TB, url string) (int, []byte) {
	t.Helper()
	return readResponse(t)(http.Get(url))
}

// postJSON posts body as application/json.
func postJSON(t testing.TB, url, body string) (int, []byte) {
	t.Helper()
	return readResponse(t)(http.Post(url, "application/json", bytes.NewBufferString(body)))
}

// readResponse returns a function that reads a whole response.
func readResponse(t testing.TB) func(*http.Response, error) (int, []byte) {
	return func(resp *http.Response, err error) (int, []byte) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		if err != nil {
			t.Fatal(err)
		}
		return resp.StatusCode, b
	}
}

func decode[T any](t testing.TB, data []byte) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatalf("decoding %.200s: %v", data, err)
	}
	return v
}

// failureBody is {success:false, message}.
type failureBody struct {
	Success *bool  `json:"success"`
	Message string `json:"message"`
}

// wantFailure checks an error response: the status and a
// {success:false, message} body with a non-empty message.
func wantFailure(t testing.TB, what string, status int, body []byte, wantStatus int) {
	t.Helper()
	if status != wantStatus {
		t.Errorf("%s: status %d, want %d (body %.300s)", what, status, wantStatus, body)
		return
	}
	f := decode[failureBody](t, body)
	if f.Success == nil || *f.Success || f.Message == "" {
		t.Errorf("%s: body %s, want {success:false, message}", what, body)
	}
}

// startServe runs s.Serve on a free loopback port. stop cancels it and
// returns Serve's error, failing the test when Serve has not returned 5 s
// later; it also runs at the end of the test.
func startServe(t testing.TB, s *server.Server) (base string, stop func() error) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Serve(ctx, ln) }()
	var once sync.Once
	var serr error
	stop = func() error {
		once.Do(func() {
			cancel()
			select {
			case serr = <-done:
			case <-time.After(5 * time.Second):
				serr = errors.New("Serve did not return 5 s after cancel")
				t.Error(serr)
			}
		})
		return serr
	}
	t.Cleanup(func() { _ = stop() })
	return "http://" + ln.Addr().String(), stop
}

// serveLoopback serves s on a free loopback port until the test ends.
func serveLoopback(t testing.TB, s *server.Server) string {
	base, _ := startServe(t, s)
	return base
}
