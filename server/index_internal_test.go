package server

import (
	"context"
	"net/http"
	"net/http/httptest"
	"reportengine/graphrag/knowledge"
	"reportengine/graphrag/localsearch"
	"reportengine/llm/offline"
	"strings"
	"testing"
	"time"

	"reportengine/graphrag/storage"
)

// A graph's first load answers its graph and neighbour routes without
// waiting for the query index (before: the load built the index first, so
// every route of a 300 000-record graph waited for it, 11-22 s), and
// queries too: while the index is being built a query scans (before: it
// waited, 25 s on that graph), and answers as a server whose index is
// built does. The build is held here by indexHook until all have
// answered.
func TestFirstLoadDoesNotWaitForIndex(t *testing.T) {
	release := make(chan struct{})
	indexHook = func() { <-release }
	defer func() { indexHook = nil }()
	graphs := savedWuhan(t)
	s, err := New(Config{GraphsDir: graphs})
	if err != nil {
		t.Fatal(err)
	}
	serve := func(method, path, body string) (int, string) {
		r := httptest.NewRequest(method, path, strings.NewReader(body))
		if body != "" {
			r.Header.Set("Content-Type", "application/json")
		}
		w := httptest.NewRecorder()
		s.ServeHTTP(w, r)
		return w.Code, w.Body.String()
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		for _, path := range []string{"/api/graph/wuhan/neighbors?node=query", "/api/graph/wuhan?limit=50"} {
			if code, body := serve("GET", path, ""); code != http.StatusOK {
				t.Errorf("%s while the index is held: %d %.200s", path, code, body)
			}
		}
	}()
	select {
	case <-done:
	case <-time.After(time.Minute):
		close(release)
		t.Fatal("graph and neighbour routes waited for the query index")
	}
	const query = `{"report_id":"wuhan","keywords":["樱花"],"depth":1}`
	type answer struct {
		code int
		body string
	}
	first := make(chan answer, 1)
	go func() { c, b := serve("POST", "/api/graph/query", query); first <- answer{c, b} }()
	var a answer
	select {
	case a = <-first:
	case <-time.After(20 * time.Second):
		close(release)
		t.Fatal("a query waited for the query index")
	}
	v, err := s.graphs.get("wuhan")
	if err != nil {
		t.Fatal(err)
	}
	if v.engine().Stats().Indexed {
		t.Fatal("the query index was built while its build was held")
	}
	close(release)
	<-v.indexed
	// the same query on a server of its own, after its build
	s2, err := New(Config{GraphsDir: graphs})
	if err != nil {
		t.Fatal(err)
	}
	v2, err := s2.graphs.get("wuhan")
	if err != nil {
		t.Fatal(err)
	}
	<-v2.indexed
	r := httptest.NewRequest("POST", "/api/graph/query", strings.NewReader(query))
	r.Header.Set("Content-Type", "application/json")
	w := httptest.NewRecorder()
	s2.ServeHTTP(w, r)
	if a.code != http.StatusOK || !strings.Contains(a.body, `"success":true`) || w.Code != http.StatusOK || w.Body.String() != a.body {
		t.Fatalf("the query while the index was held: %d %.200s; on another server: %d %.200s", a.code, a.body, w.Code, w.Body.String())
	}
	if !v.engine().Stats().Indexed {
		t.Error("the query index was not built")
	}
}

// A search build runs under the server's build context, not the first
// request's: a request that has ended (its context cancelled) before the
// knowledge model was made leaves a build that the next request gets
// (before: the model was made under the first request's context, the
// build failed with "context canceled" and that error was every later
// request's answer until restart).
func TestSearchBuildIgnoresRequestContext(t *testing.T) {
	graphs := savedWuhan(t)
	s, err := New(Config{GraphsDir: graphs, Search: &SearchConfig{Model: offline.New(), Retrieval: func(context.Context, *knowledge.Model) (localsearch.Config, error) {
		return localsearch.Config{}, nil
	}}})
	if err != nil {
		t.Fatal(err)
	}
	v, err := s.graphs.get("wuhan")
	if err != nil {
		t.Fatal(err)
	}
	gone, cancel := context.WithCancel(context.Background())
	cancel()
	_, _ = s.graphTarget(gone, v) // may return ctx.Err() at once
	tg, err := s.graphTarget(context.Background(), v)
	if err != nil {
		t.Fatalf("the next request: %v", err)
	}
	if len(tg.m.Entities()) == 0 {
		t.Fatal("the search was built over no entities")
	}
}

// savedWuhan is a graphs folder holding the fixture's wuhan graph.
func savedWuhan(t *testing.T) string {
	t.Helper()
	graphs := t.TempDir()
	st, err := storage.New(graphs)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.Save(wuhanGraph(t)); err != nil {
		t.Fatal(err)
	}
	return graphs
}
