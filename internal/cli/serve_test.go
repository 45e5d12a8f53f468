package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestServeFlags(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		env  map[string]string
		want serveOptions
	}{
		{"defaults", nil, nil, serveOptions{Addr: "127.0.0.1:8080", GraphsDir: "graphs", ReportsDir: "reports",
			ReadTimeout: 30 * time.Second, WriteTimeout: time.Minute, ShutdownTimeout: 10 * time.Second, Search: true, LLM: "offline"}},
		{"token from env", nil, map[string]string{serveTokenEnv: "envtok"}, serveOptions{Addr: "127.0.0.1:8080", GraphsDir: "graphs",
			ReportsDir: "reports", Token: "envtok", ReadTimeout: 30 * time.Second, WriteTimeout: time.Minute, ShutdownTimeout: 10 * time.Second,
			Search: true, LLM: "offline"}},
		{"flags", []string{"--addr", "[::1]:9000", "--graphs", "g", "--reports", "", "--token", "flagtok", "--limit", "100", "--max-limit", "200",
			"--max-body", "4096", "--read-timeout", "5s", "--write-timeout", "7s", "--shutdown-timeout", "1s", "--quiet",
			"--search=false", "--index", "dulce=ragtest/output", "--index", "b=x", "--llm", "openai", "--model", "m", "--base-url", "http://h/v1"},
			map[string]string{serveTokenEnv: "envtok"},
			serveOptions{Addr: "[::1]:9000", GraphsDir: "g", Token: "flagtok", Limit: 100, MaxLimit: 200, MaxBody: 4096,
				ReadTimeout: 5 * time.Second, WriteTimeout: 7 * time.Second, ShutdownTimeout: time.Second, Quiet: true,
				Indexes: []string{"dulce=ragtest/output", "b=x"}, LLM: "openai", Model: "m", BaseURL: "http://h/v1"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got *serveOptions
			cmd := newServeCmd(&Deps{Getenv: func(k string) string { return tc.env[k] }}, func(_ context.Context, o *serveOptions) error {
				got = o
				return nil
			})
			cmd.SetArgs(tc.args)
			if err := cmd.Execute(); err != nil {
				t.Fatal(err)
			}
			got.Err, got.Getenv = nil, nil
			if d := cmp.Diff(tc.want, *got, cmp.AllowUnexported(serveOptions{}), cmp.FilterPath(func(p cmp.Path) bool { return p.Last().String() == ".ready" }, cmp.Ignore())); d != "" {
				t.Errorf("options (-want +got):\n%s", d)
			}
		})
	}
}

func TestServeUsageErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"serve", "--addr", "8080"}, "--addr"},
		{[]string{"serve", "--limit", "-1"}, "--limit"},
		{[]string{"serve", "--limit", "10", "--max-limit", "5"}, "--max-limit"},
		{[]string{"serve", "extra"}, "unknown command"},
		{[]string{"serve", "--index", "dulce"}, "NAME=DIR"},
		{[]string{"serve", "--index", "a=x", "--index", "a=y"}, "twice"},
		{[]string{"serve", "--addr", "127.0.0.1:0", "--llm", "bogus"}, "--llm"},
	} {
		code, _, errOut := run(t, tc.args...)
		if code != ExitUsage || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: exit %d, stderr %q (want %d, %q)", tc.args, code, errOut, ExitUsage, tc.want)
		}
	}
}

// runServe on a free loopback port: it serves the graph built by
// build-graph, refuses a foreign Host, and stops when the context ends.
func TestServeRuns(t *testing.T) {
	graphs := t.TempDir()
	args := append([]string{"build-graph", "--graphs", graphs, "--report-id", "coffee",
		"--forum", repoPath("examples", "coffee-shop", "logs", "forum.log")}, sampleStates(t)...)
	if code, _, errOut := run(t, args...); code != 0 {
		t.Fatalf("build-graph: %s", errOut)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	addrc := make(chan string, 1)
	var errb bytes.Buffer
	done := make(chan error, 1)
	go func() {
		done <- runServe(ctx, &serveOptions{Addr: "127.0.0.1:0", GraphsDir: graphs, Token: "tok", Quiet: true, Search: true, LLM: "offline",
			Getenv: func(string) string { return "" }, ShutdownTimeout: 2 * time.Second, Err: &errb, ready: func(a string) { addrc <- a }})
	}()
	var addr string
	select {
	case addr = <-addrc:
	case err := <-done:
		t.Fatalf("runServe: %v", err)
	}
	req, _ := http.NewRequest("GET", "http://"+addr+"/api/graph/coffee?limit=5", nil)
	req.Header.Set("Authorization", "Bearer tok")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	var g struct {
		Success  bool   `json:"success"`
		ReportID string `json:"report_id"`
		Graph    struct {
			Nodes []json.RawMessage `json:"nodes"`
		} `json:"graph"`
	}
	if err := json.Unmarshal(body, &g); err != nil || resp.StatusCode != 200 || !g.Success || g.ReportID != "coffee" || len(g.Graph.Nodes) != 5 {
		t.Errorf("GET: %d %.200s (%v)", resp.StatusCode, body, err)
	}
	// Search is on by default, offline: a question streams to a summary
	// (not "会员卡" alone: the sample names it once, and the relevance rule
	// refuses a term used only once, with no model call).
	req, _ = http.NewRequest("POST", "http://"+addr+"/api/search", strings.NewReader(`{"report_id":"coffee","question":"咖啡店的会员卡"}`))
	req.Header.Set("Authorization", "Bearer tok")
	req.Header.Set("Content-Type", "application/json")
	resp, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	stream, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.HasPrefix(string(stream), "event: context\n") || !strings.Contains(string(stream), "\nevent: summary\ndata: ") ||
		!strings.Contains(string(stream), `"extractive":true`) {
		t.Errorf("search: %d %.300s", resp.StatusCode, stream)
	}
	req, _ = http.NewRequest("GET", "http://"+addr+"/api/graphs", nil)
	req.Header.Set("Authorization", "Bearer tok")
	req.Host = "attacker.example"
	if resp, err := http.DefaultClient.Do(req); err != nil || resp.StatusCode != http.StatusMisdirectedRequest {
		t.Errorf("foreign host on loopback: %v %v", resp.StatusCode, err)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("runServe after cancel: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("runServe did not stop")
	}
	if !strings.Contains(errb.String(), "serving http://"+addr) || !strings.Contains(errb.String(), "stopped") {
		t.Errorf("stderr %q", errb.String())
	}
	// with a token the printed viewer URL alone answers 401: the start
	// line says how to open it, without printing the secret
	if !strings.Contains(errb.String(), "a token is required: open http://"+addr+"/graph-viewer?token=") || strings.Contains(errb.String(), "token=tok") {
		t.Errorf("stderr does not say how to open the viewer with the token (or prints it): %q", errb.String())
	}
}

// -q is the root's --quiet everywhere, serve too (its own --quiet shadows
// the root's and took no shorthand, so `serve -q` was a usage error): the
// server starts and, stopped by the interrupt, exits 0 (a graceful stop).
func TestServeQuietShorthand(t *testing.T) {
	graphs := t.TempDir()
	for _, args := range [][]string{
		{"serve", "-q", "--graphs", graphs, "--addr", "127.0.0.1:0"},
		{"-q", "serve", "--graphs", graphs, "--addr", "127.0.0.1:0"},
		{"serve", "--quiet", "--graphs", graphs, "--addr", "127.0.0.1:0"},
	} {
		ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
		code, _, errOut := runCtx(ctx, nil, args...)
		cancel()
		if code != 0 || !strings.HasSuffix(errOut, "stopped\n") {
			t.Errorf("%q: exit %d, stderr %q; want 0 and a graceful stop", args, code, errOut)
		}
	}
}

// A mistyped --index folder is refused when serve starts (exit 3, naming
// the index and the folder), not told to the first client that searches
// it; a project folder whose output/ holds the tables, and the output
// folder itself, are accepted.
func TestServeIndexCheckedAtStart(t *testing.T) {
	dulce := repoPath("..", "shared", "fixtures", "graphrag-dulce")
	if _, err := os.Stat(dulce); err != nil {
		t.Skipf("fixtures not found: %v", err)
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "entities.parquet")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ index, want string }{
		{"x=" + filepath.Join(dir, "missing"), "no such file"},
		{"x=" + file, "not a folder"},
		{"x=" + repoPath("examples"), "not a GraphRAG index"},
	} {
		code, _, errOut := run(t, "serve", "--addr", "127.0.0.1:0", "--graphs", dir, "--index", "d="+dulce, "--index", tc.index)
		if code != ExitBadInput || !strings.Contains(errOut, "--index "+tc.index) || !strings.Contains(errOut, tc.want) {
			t.Errorf("--index %s: exit %d, stderr %q (want %d naming it and %q)", tc.index, code, errOut, ExitBadInput, tc.want)
		}
	}
	project := filepath.Join(dir, "project")
	if err := os.MkdirAll(filepath.Join(project, "output"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(project, "output", "entities.parquet"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{dulce, project} {
		if err := checkIndexDir(d); err != nil {
			t.Errorf("checkIndexDir(%s): %v", d, err)
		}
	}
}
