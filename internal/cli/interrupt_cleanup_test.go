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

// A report run interrupted after it built its graph (while it waits for
// the model) leaves nothing it created: not the graph folder, not the
// graphs folder, not the --out folder. Folders that existed before stay,
// with what they held: an earlier graph and report of the same id keep
// their bytes (before: graphs/r3/graphrag.json had already been replaced
// by the new graph when the run stopped).
func TestReportInterruptedRemovesWhatItCreated(t *testing.T) {
	tests := []struct {
		name     string
		existing bool // graphs/ holds another graph and out/ exists before the run
	}{
		{"fresh folders", false},
		{"existing folders", true},
	}
	earlier := map[string]string{
		"graphs/r3/graphrag.json": "the earlier graph r3",
		"out/r3/manifest.json":    "the earlier manifest",
		"out/r3/report.html":      "the earlier report",
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			out, graphs := filepath.Join(dir, "out"), filepath.Join(dir, "graphs")
			if tt.existing {
				buildSample(t, graphs, "keep")
				for p, data := range earlier {
					p = filepath.Join(dir, filepath.FromSlash(p))
					if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
						t.Fatal(err)
					}
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
				if got := left(graphs); !slices.Equal(got, []string{"keep", "r3"}) {
					t.Errorf("graphs folder holds %v, want only the earlier graphs keep and r3", got)
				}
				if got := left(out); !slices.Equal(got, []string{"r3"}) {
					t.Errorf("out folder holds %v, want only the earlier report r3", got)
				}
				for p, want := range earlier {
					if got, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(p))); string(got) != want {
						t.Errorf("%s = %.40q (%v), want its earlier bytes %q", p, got, err, want)
					}
				}
				if got := left(filepath.Join(out, "r3")); !slices.Equal(got, []string{"manifest.json", "report.html"}) {
					t.Errorf("earlier report folder holds %v", got)
				}
			}
		})
	}
}
