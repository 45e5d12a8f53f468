package builder_test

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"reportengine/forum"
	"reportengine/graphrag"
	"reportengine/graphrag/builder"
	"reportengine/graphrag/storage"
	"reportengine/internal/synth"
	"reportengine/state"
)

// benchInputs returns the state inputs and forum log of a synthetic data set:
// $REPORTENGINE_BENCH_DIR when set (scripts/bench generates the full-size
// one there), else a small set generated into a temp folder.
func benchInputs(b *testing.B) ([]state.Input, string) {
	b.Helper()
	dir := os.Getenv("REPORTENGINE_BENCH_DIR")
	if dir == "" {
		dir = b.TempDir()
		cfg := synth.Config{Paragraphs: 20, Records: 50, Seed: 1, Topic: "bench"}
		if os.Getenv("REPORTENGINE_BENCH_FULL") != "" {
			cfg.Paragraphs, cfg.Records = 200, 500
		}
		if _, err := synth.WriteAll(dir, cfg, 100); err != nil {
			b.Fatal(err)
		}
	}
	paths, err := filepath.Glob(filepath.Join(dir, "*_engine_streamlit_reports", "*.json"))
	if err != nil || len(paths) == 0 {
		b.Fatalf("no state files in %s: %v", dir, err)
	}
	var inputs []state.Input
	var size int64
	for _, p := range paths {
		in, err := state.ParseArg(p)
		if err != nil {
			b.Fatal(err)
		}
		inputs = append(inputs, in)
		fi, _ := os.Stat(p)
		size += fi.Size()
	}
	b.SetBytes(size)
	return inputs, filepath.Join(dir, "logs", "forum.log")
}

// loadInputs parses the state files and the forum log.
func loadInputs(b *testing.B, inputs []state.Input, forumPath string) (*state.Loaded, []forum.Entry) {
	loaded, err := state.Load(inputs, state.LoadOptions{AllowMixedQueries: true})
	if err != nil {
		b.Fatal(err)
	}
	entries, _, err := forum.ParseFile(forumPath)
	if err != nil {
		b.Fatal(err)
	}
	return loaded, entries
}

func buildOnce(b *testing.B, inputs []state.Input, forumPath string) *graphrag.Graph {
	loaded, entries := loadInputs(b, inputs, forumPath)
	g, _, err := builder.Build(builder.Config{Topic: loaded.Topic(), States: loaded.States, Forum: entries, Unavailable: loaded.Unavailable})
	if err != nil {
		b.Fatal(err)
	}
	return g
}

// BenchmarkBuild measures reading + parsing the state files and the forum log
// and building the graph (what `build-graph` does before writing), and
// reports the live heap after the build.
func BenchmarkBuild(b *testing.B) {
	inputs, forumPath := benchInputs(b)
	b.ReportAllocs()
	var g *graphrag.Graph
	for b.Loop() {
		g = buildOnce(b, inputs, forumPath)
	}
	b.StopTimer()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	b.ReportMetric(float64(ms.HeapAlloc)/(1<<20), "live-MiB")
	b.ReportMetric(float64(g.NodeCount()), "nodes")
	runtime.KeepAlive(g)
}

// BenchmarkWriteJSON measures encoding a built graph (to io.Discard):
// "json" the graph file alone, "json+columns" with its column file in the
// same pass (graphrag.WriteJSONColumns, as Save does).
func BenchmarkWriteJSON(b *testing.B) {
	inputs, forumPath := benchInputs(b)
	g := buildOnce(b, inputs, forumPath)
	for _, cols := range []bool{false, true} {
		name := "json"
		if cols {
			name = "json+columns"
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				var err error
				if cols {
					err = g.WriteJSONColumns(context.Background(), io.Discard, io.Discard)
				} else {
					err = g.WriteJSON(io.Discard)
				}
				if err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkBuildOnly measures Build alone, on states parsed once.
func BenchmarkBuildOnly(b *testing.B) {
	inputs, forumPath := benchInputs(b)
	loaded, entries := loadInputs(b, inputs, forumPath)
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := builder.Build(builder.Config{Topic: loaded.Topic(), States: loaded.States, Forum: entries}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLoadStates measures reading and parsing the state files alone:
// "utf8=strings" checks every string with unicode/utf8, "utf8=document"
// each whole document with graphrag.ValidUTF8 first (as build-graph does,
// state.LoadOptions.ValidUTF8).
func BenchmarkLoadStates(b *testing.B) {
	inputs, _ := benchInputs(b)
	for _, whole := range []bool{false, true} {
		name, opts := "utf8=strings", state.LoadOptions{AllowMixedQueries: true}
		if whole {
			name, opts.ValidUTF8 = "utf8=document", graphrag.ValidUTF8
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := state.Load(inputs, opts); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkLoadSaved measures storage.Load of a built graph from its
// column file (the graph file read, its CRC-32C taken, the column file
// decoded: nodes and edges on two cores), what a one-off query or report
// does before its own work; run it with -cpu 1,2 to see what the cores
// buy.
func BenchmarkLoadSaved(b *testing.B) {
	inputs, forumPath := benchInputs(b)
	g := buildOnce(b, inputs, forumPath)
	g.TaskID = "bench"
	store, err := storage.New(b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	if _, err := store.Save(g); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, rep, err := store.Load("bench"); err != nil || len(rep.Warnings) != 0 {
			b.Fatal(err, rep.Warnings)
		}
	}
}
