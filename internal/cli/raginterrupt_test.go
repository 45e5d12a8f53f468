package cli

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"reportengine/graphrag"
	"reportengine/graphrag/knowledge"
)

// Ctrl-C while search, questions or chat turn a large graph into the
// knowledge model (seconds for a graph of 77 000 nodes, and the conversion
// takes no context) or make the model file's bigram index (seconds on the
// 300 000-record graph, before the file is written, without looking at the
// context): the command stops at once with exit 130 instead of waiting for
// the work to finish. The work is stood in by one that blocks until the
// test ends.
func TestRAGInterruptedDuringKnowledgeModel(t *testing.T) {
	graphs := t.TempDir()
	buildSample(t, graphs, "c")
	for _, stage := range []string{"conversion", "model file"} {
		for _, args := range [][]string{
			{"search", "--graphs", graphs, "--graph", "c", "李明为什么选择写字楼商圈？"},
			{"questions", "--graphs", graphs, "--graph", "c", "李明为什么选择写字楼商圈？"},
			{"chat", "--graphs", graphs, "--graph", "c"},
		} {
			t.Run(stage+"/"+args[0], func(t *testing.T) {
				entered, release := make(chan struct{}), make(chan struct{})
				var once sync.Once
				block := func() {
					once.Do(func() { close(entered) })
					<-release
				}
				if stage == "conversion" {
					saved := knowledgeFromGraph
					knowledgeFromGraph = func(ctx context.Context, g *graphrag.Graph, o knowledge.GraphOptions) (*knowledge.Model, error) {
						block()
						return saved(ctx, g, o)
					}
					defer func() { knowledgeFromGraph = saved }()
				} else {
					// no model file is left by an earlier case: each
					// search makes it anew
					os.Remove(filepath.Join(graphs, "c", knowledge.ModelFileName))
					saved := saveModelFile
					saveModelFile = func(ctx context.Context, path, graphPath string, m *knowledge.Model, key knowledge.ModelFileKey) (*knowledge.Model, error) {
						block()
						return saved(ctx, path, graphPath, m, key)
					}
					defer func() { saveModelFile = saved }()
				}
				interruptAfter(t, args, entered, release)
			})
		}
	}
}

// interruptAfter runs the command args, cancels its context once entered
// is closed and checks that it stops with exit 130 within 2 seconds
// (release, closed last, lets the stood-in work end).
func interruptAfter(t *testing.T, args []string, entered, release chan struct{}) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	type result struct {
		code      int
		out, errs string
	}
	done := make(chan result, 1)
	go func() {
		code, out, errOut := runCtx(ctx, nil, args...)
		done <- result{code, out, errOut}
	}()
	select {
	case <-entered:
	case <-time.After(30 * time.Second):
		t.Fatal("the stood-in work was never reached")
	}
	cancel()
	start := time.Now()
	select {
	case r := <-done:
		if r.code != ExitInterrupted || !strings.HasSuffix(r.errs, "reportengine: interrupted\n") {
			t.Errorf("exit %d, stderr %q; want %d and interrupted", r.code, r.errs, ExitInterrupted)
		}
		if took := time.Since(start); took > 2*time.Second {
			t.Errorf("stopped %.1fs after the interrupt", took.Seconds())
		}
	case <-time.After(3 * time.Second):
		t.Errorf("still running 3s after the interrupt (waiting for the stood-in work)")
		close(release)
		<-done
		return
	}
	close(release)
}

// A --history file that is not a conversation is unusable input (exit 3)
// naming the file and the entry, before any graph is loaded: a role other
// than user, assistant or system was a failure of the search (exit 1)
// after the graph and its vectors were loaded.
func TestHistoryFileErrors(t *testing.T) {
	dir := t.TempDir()
	graphs := filepath.Join(dir, "g")
	buildSample(t, graphs, "c")
	for _, tc := range []struct {
		name, body, want string
	}{
		{"bad role", `[{"role":"user","content":"哪个平台讨论最多？"},{"role":"bot","content":"微博。"}]`, `[1].role: want user, assistant or system, got "bot"`},
		{"not a list", `{"role":"user"}`, "want a JSON list"},
		{"cut short", `[{"role":"user","content":"哪个`, "want a JSON list"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "_")+".json")
			if err := os.WriteFile(h, []byte(tc.body), 0o644); err != nil {
				t.Fatal(err)
			}
			code, _, errOut := run(t, "search", "--graphs", graphs, "--graph", "c", "--history", h, "李明为什么选择写字楼商圈？")
			if code != ExitBadInput || !strings.Contains(errOut, h) || !strings.Contains(errOut, tc.want) {
				t.Errorf("exit %d, stderr %q; want %d naming %s and %q", code, errOut, ExitBadInput, h, tc.want)
			}
			if strings.Contains(errOut, "loading graph") {
				t.Errorf("the graph was loaded before the history was refused: %q", errOut)
			}
		})
	}
}
