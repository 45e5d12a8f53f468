package server_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"reportengine/llm/offline"
	"reportengine/server"
)

// benchHandler serves the fixture graph from an in-process handler.
func benchHandler(b *testing.B) *server.Server {
	b.Helper()
	graphs := b.TempDir()
	saveGraph(b, graphs, fixtureGraph(b, "wuhan"))
	s, err := server.New(server.Config{GraphsDir: graphs})
	if err != nil {
		b.Fatal(err)
	}
	return s
}

func benchRoute(b *testing.B, s http.Handler, method, path, body string) {
	b.Helper()
	b.ReportAllocs()
	var n int64
	for b.Loop() {
		var r *http.Request
		if body != "" {
			r = httptest.NewRequest(method, path, strings.NewReader(body))
			r.Header.Set("Content-Type", "application/json")
		} else {
			r = httptest.NewRequest(method, path, nil)
		}
		w := httptest.NewRecorder()
		s.ServeHTTP(w, r)
		if w.Code != http.StatusOK {
			b.Fatalf("status %d: %.200s", w.Code, w.Body.String())
		}
		n = int64(w.Body.Len())
	}
	b.SetBytes(n)
}

// The graph API on the fixture graph, in process (no network): the cost
// per request that the load test's latencies are built from.
func BenchmarkGraph(b *testing.B) {
	benchRoute(b, benchHandler(b), "GET", "/api/graph/wuhan", "")
}

func BenchmarkNeighbors(b *testing.B) {
	benchRoute(b, benchHandler(b), "GET", "/api/graph/wuhan/neighbors?node=query&depth=1", "")
}

func BenchmarkQuery(b *testing.B) {
	benchRoute(b, benchHandler(b), "POST", "/api/graph/query", `{"report_id":"wuhan","keywords":["樱花"],"depth":1}`)
}

// One offline search over the fixture graph, streamed (the whole event
// stream is written to a recorder).
func BenchmarkSearch(b *testing.B) {
	graphs := b.TempDir()
	saveGraph(b, graphs, fixtureGraph(b, "wuhan"))
	s, err := server.New(server.Config{GraphsDir: graphs, Search: searchConfig(offline.New())})
	if err != nil {
		b.Fatal(err)
	}
	benchRoute(b, s, "POST", "/api/search", `{"report_id":"wuhan","question":"网友怎么评价武大赏樱"}`)
}
