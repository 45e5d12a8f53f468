package cli

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
)

// A report run interrupted after it built and saved its graph (while it
// waits for the model) leaves nothing it created: not the graph folder,
// not the graphs folder, not the --out folder. Folders that existed before
// stay, with what they held.
func TestReportInterruptedRemovesWhatItCreated(t *testing.T) {
	tests := []struct {
		name     string
		existing bool // graphs/ holds another graph and out/ exists before the run
	}{
		{"fresh folders", false},
		{"existing folders", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			out, graphs := filepath.Join(dir, "out"), filepath.Join(dir, "graphs")
			if tt.existing {
				buildSample(t, graphs, "keep")
				if err := os.Mkdir(out, 0o755); err != nil {
					t.Fatal(err)
				}
			}
			var once sync.Once
			called := make(chan struct{})
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				io.Copy(io.Discard, r.Body)
				once.Do(func() { close(called) })
				<-r.Context().Done() // a model that never answers
			}))
			defer srv.Close()
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			go func() {
				<-called
				// The graph is saved before the first model call.
				if _, err := os.Stat(filepath.Join(graphs, "r3", "graphrag.json")); err != nil {
					t.Errorf("graph not saved before the model call: %v", err)
				}
				cancel()
			}()
			args := append([]string{"report", "--quiet", "--llm", "openai", "--report-id", "r3", "--out", out, "--graphs", graphs}, sampleStates(t)...)
			if code, _, errOut := runCtx(ctx, pipelineEnv(srv), args...); code != ExitInterrupted {
				t.Fatalf("exit %d, want %d: %s", code, ExitInterrupted, errOut)
			}
			left := func(d string) []string {
				entries, err := os.ReadDir(d)
				if err != nil {
					return nil
				}
				var names []string
				for _, e := range entries {
					names = append(names, e.Name())
				}
				return names
			}
			if got := left(dir); tt.existing != slices.Equal(got, []string{"graphs", "out"}) || !tt.existing && len(got) != 0 {
				t.Errorf("%s holds %v after the interrupt", dir, got)
			}
			if tt.existing {
				if got := left(graphs); !slices.Equal(got, []string{"keep"}) {
					t.Errorf("graphs folder holds %v, want only the earlier graph keep", got)
				}
				if got := left(out); len(got) != 0 {
					t.Errorf("out folder holds %v, want nothing", got)
				}
			}
		})
	}
}
