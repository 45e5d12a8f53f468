package server_test

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"reportengine/graphrag/knowledge"
	"reportengine/graphrag/localsearch"
	"reportengine/llm/offline"
	"reportengine/server"
)

// Ctrl-C while a search request waits for its graph's search to be built
// (seconds for a large graph; the build takes no request's context): Serve
// returns at once, not after ShutdownTimeout, and the waiting request
// ends. A later request on a running server still gets the build. The
// build is stood in by a Retrieval that blocks until released.
func TestShutdownDuringSearchBuild(t *testing.T) {
	graphs := t.TempDir()
	saveGraph(t, graphs, fixtureGraph(t, "wuhan"))
	slow, entered, release := blockingRetrieval()
	defer close(release)
	s, err := server.New(server.Config{GraphsDir: graphs, ShutdownTimeout: 20 * time.Second,
		Search: &server.SearchConfig{Model: offline.New(), Retrieval: slow}})
	if err != nil {
		t.Fatal(err)
	}
	base, stop := startServe(t, s)
	reqDone := make(chan error, 1)
	go func() {
		resp, err := http.Post(base+"/api/search", "application/json", strings.NewReader(`{"question":"武汉大学樱花"}`))
		if err == nil {
			resp.Body.Close()
		}
		reqDone <- err
	}()
	select {
	case <-entered:
	case <-time.After(30 * time.Second):
		t.Fatal("the search was never built")
	}
	start := time.Now()
	if err := stop(); err != nil {
		t.Fatalf("Serve: %v", err)
	}
	if took := time.Since(start); took > 2*time.Second {
		t.Errorf("Serve returned %.1fs after the interrupt, want at once (ShutdownTimeout 20s)", took.Seconds())
	}
	select {
	case <-reqDone:
	case <-time.After(5 * time.Second):
		t.Error("the waiting request did not end")
	}
}

// A client that leaves while the search is built does not spoil it: the
// build goes on and the next request gets the answer.
func TestSearchBuildOutlivesClient(t *testing.T) {
	graphs := t.TempDir()
	saveGraph(t, graphs, fixtureGraph(t, "wuhan"))
	slow, entered, release := blockingRetrieval()
	_, ts := newServer(t, server.Config{GraphsDir: graphs, Search: &server.SearchConfig{Model: offline.New(), Retrieval: slow}})
	ctx, cancel := context.WithCancel(context.Background())
	first := make(chan error, 1)
	go func() {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, ts.URL+"/api/search", strings.NewReader(`{"question":"武汉大学樱花"}`))
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			resp.Body.Close()
		}
		first <- err
	}()
	<-entered
	cancel()
	<-first
	close(release)
	status, _, evs, body := search(t, ts.URL, `{"question":"武汉大学樱花"}`)
	if status != http.StatusOK || len(evs) == 0 || evs[len(evs)-1].Name != "summary" {
		t.Fatalf("next request: status %d, events %v, body %.300s", status, evs, body)
	}
}

// blockingRetrieval is testRetrieval behind a gate: entered is closed when
// the first build calls it, and it returns once release is closed.
func blockingRetrieval() (retrieval func(context.Context, *knowledge.Model) (localsearch.Config, error), entered, release chan struct{}) {
	entered, release = make(chan struct{}), make(chan struct{})
	var once sync.Once
	return func(ctx context.Context, m *knowledge.Model) (localsearch.Config, error) {
		once.Do(func() { close(entered) })
		select { // as the CLI's retrieval, it ends when its context does
		case <-release:
		case <-ctx.Done():
			return localsearch.Config{}, ctx.Err()
		}
		return testRetrieval(ctx, m)
	}, entered, release
}
