package cli

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// runCtx executes the CLI in-process with ctx and env.
func runCtx(ctx context.Context, env map[string]string, args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := Main(ctx, args, Deps{
		Stdout: &out, Stderr: &errb,
		Getenv: func(k string) string { return env[k] },
		Now:    func() time.Time { return time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC) },
	})
	return code, out.String(), errb.String()
}

// An interrupted command (cancelled context) exits 130 with
// "interrupted", whichever stage it was in: here before query loads the
// graph and before build-graph parses anything.
func TestInterruptedExitCode(t *testing.T) {
	graphs := t.TempDir()
	buildSample(t, graphs, "c")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, args := range [][]string{
		{"query", "--graphs", graphs, "-k", "会员"},
		append([]string{"build-graph", "--graphs", graphs, "--report-id", "c"}, sampleStates(t)...),
	} {
		code, out, errOut := runCtx(ctx, nil, args...)
		if code != ExitInterrupted || !strings.HasSuffix(errOut, "reportengine: interrupted\n") || out != "" {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", args[0], code, out, errOut)
		}
	}
}

// Ctrl-C while report waits for the model: exit 130 within about a second,
// and the report written before under the same id is left as it was.
func TestReportInterruptedDuringModelCall(t *testing.T) {
	dir := t.TempDir()
	out, graphs := filepath.Join(dir, "r"), filepath.Join(dir, "g")
	base := []string{"report", "--quiet", "--report-id", "r1", "--out", out, "--graphs", graphs, "--template", "企业品牌声誉分析报告模板"}
	if code, _, errOut := run(t, append(append(base, "--llm", "offline"), sampleStates(t)...)...); code != 0 {
		t.Fatalf("previous report: exit %d: %s", code, errOut)
	}
	before := map[string]string{}
	for _, name := range []string{"report.html", "report.md", "manifest.json", "document_ir.json"} {
		before[name] = readFile(t, filepath.Join(out, "r1", name))
	}

	var once sync.Once
	called := make(chan struct{})
	stop := make(chan struct{})
	var mu sync.Mutex
	var open int // requests the client has not given up
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		open++
		mu.Unlock()
		// Read the body, so that the server notices when the client goes.
		io.Copy(io.Discard, r.Body)
		once.Do(func() { close(called) })
		select { // a model that never answers
		case <-r.Context().Done():
			mu.Lock()
			open--
			mu.Unlock()
		case <-stop:
		}
	}))
	defer srv.Close()
	defer close(stop)
	ctx, cancel := context.WithCancel(context.Background())
	var cancelledAt time.Time
	go func() {
		<-called
		cancelledAt = time.Now()
		cancel()
	}()
	code, _, errOut := runCtx(ctx, pipelineEnv(srv), append(append(base, "--llm", "openai"), sampleStates(t)...)...)
	took := time.Since(cancelledAt)
	if code != ExitInterrupted || !strings.HasSuffix(errOut, "reportengine: interrupted\n") {
		t.Errorf("exit %d, stderr %q; want %d and interrupted", code, errOut, ExitInterrupted)
	}
	if took > 2*time.Second {
		t.Errorf("returned %.1fs after the interrupt", took.Seconds())
	}
	// The model requests in flight are cancelled too, not left running.
	for deadline := time.Now().Add(2 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		mu.Lock()
		n := open
		mu.Unlock()
		if n == 0 {
			break
		}
	}
	mu.Lock()
	if open != 0 {
		t.Errorf("%d model requests still open 2s after the interrupt", open)
	}
	mu.Unlock()
	for name, want := range before {
		if got := readFile(t, filepath.Join(out, "r1", name)); got != want {
			t.Errorf("%s changed by the interrupted run", name)
		}
	}
	left, _ := filepath.Glob(filepath.Join(out, "r1", ".*"))
	if len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}
	if _, err := os.Stat(filepath.Join(out, "r1", "chapters")); err != nil {
		t.Errorf("chapters of the previous report: %v", err)
	}
}
