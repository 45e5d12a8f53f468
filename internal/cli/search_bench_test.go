//go:build linux || darwin

package cli

import (
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"

	"reportengine/graphrag/knowledge"
	"reportengine/internal/synth"
)

// BenchmarkFirstSearch runs `search --json` on a graph built from a
// synthetic input (cmd/synthstates' generator: 3 engines ×
// REPORTENGINE_BENCH_PARAGRAPHS paragraphs (default 40) ×
// REPORTENGINE_BENCH_RECORDS records (default 100), 40 forum speeches):
// "first" with the side files a search keeps beside the graph (the model
// file, the embedder's fit, the vector cache) removed before each run, as
// right after build-graph; "kept" reading them. Besides the wall time it
// reports the process's CPU (user + system) per search, "cpu-s/op". The
// whole-process figures on the 300 000-record graph are in
// docs/benchmarks.md ("Search on the 300 000-record graph").
//
//	go test -run '^$' -bench BenchmarkFirstSearch -benchtime 3x ./internal/cli
func BenchmarkFirstSearch(b *testing.B) {
	size := func(env string, def int) int {
		if n, err := strconv.Atoi(os.Getenv(env)); err == nil && n >= 0 {
			return n
		}
		return def
	}
	base := b.TempDir()
	states, err := synth.WriteAll(filepath.Join(base, "in"), synth.Config{
		Paragraphs: size("REPORTENGINE_BENCH_PARAGRAPHS", 40), Records: size("REPORTENGINE_BENCH_RECORDS", 100), Seed: 1}, 40)
	if err != nil {
		b.Fatal(err)
	}
	graphs := filepath.Join(base, "graphs")
	args := append([]string{"build-graph", "--graphs", graphs, "--report-id", "bench", "--forum", states[3]}, states[:3]...)
	if code, _, errs := runEnv(b, nil, args...); code != ExitOK {
		b.Fatalf("build-graph: exit %d\n%s", code, errs)
	}
	search := []string{"search", "--graphs", graphs, "--graph", "bench", "--json", "合成话题的舆情如何演变？"}
	dir := filepath.Join(graphs, "bench")
	for _, first := range []bool{true, false} {
		name := map[bool]string{true: "first", false: "kept"}[first]
		b.Run(name, func(b *testing.B) {
			var cpu time.Duration
			for b.Loop() {
				if first {
					b.StopTimer()
					removeSideFiles(b, dir)
					b.StartTimer()
				}
				before := processCPU()
				if code, _, errs := runEnv(b, nil, search...); code != ExitOK {
					b.Fatalf("search: exit %d\n%s", code, errs)
				}
				cpu += processCPU() - before
			}
			b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s/op")
		})
	}
}

// removeSideFiles removes from the graph folder dir everything but the
// graph and its column file.
func removeSideFiles(b *testing.B, dir string) {
	es, err := os.ReadDir(dir)
	if err != nil {
		b.Fatal(err)
	}
	for _, e := range es {
		if n := e.Name(); n != "graphrag.json" && n != "graphrag.columns" {
			if err := os.RemoveAll(filepath.Join(dir, n)); err != nil {
				b.Fatal(err)
			}
		}
	}
	if _, err := os.Stat(filepath.Join(dir, knowledge.ModelFileName)); err == nil {
		b.Fatal("model file still there")
	}
}

// processCPU is the process's user + system time so far.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
