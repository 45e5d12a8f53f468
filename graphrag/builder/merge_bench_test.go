package builder

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"reportengine/forum"
	"reportengine/internal/synth"
	"reportengine/state"
)

// loadPaths loads the state files at paths (engines told from their
// folders), letting mixed queries through.
func loadPaths(tb testing.TB, paths []string) *state.Loaded {
	tb.Helper()
	var ins []state.Input
	for _, p := range paths {
		in, err := state.ParseArg(p)
		if err != nil {
			tb.Fatal(err)
		}
		ins = append(ins, in)
	}
	l, err := state.Load(ins, state.LoadOptions{AllowMixedQueries: true})
	if err != nil {
		tb.Fatal(err)
	}
	return l
}

// preparedInput parses and prepares the states of $REPORTENGINE_BENCH_DIR
// (the 300 000-record set) or, when unset, of a small synthetic set, and
// reads its forum log.
func preparedInput(b *testing.B) (*state.Loaded, []forum.Entry, []*prepared) {
	b.Helper()
	dir := os.Getenv("REPORTENGINE_BENCH_DIR")
	if dir == "" {
		dir = b.TempDir()
		if _, err := synth.WriteAll(dir, synth.Config{Paragraphs: 20, Records: 50, Seed: 1, Topic: "bench"}, 100); err != nil {
			b.Fatal(err)
		}
	}
	paths, _ := filepath.Glob(filepath.Join(dir, "*_engine_streamlit_reports", "*.json"))
	loaded := loadPaths(b, paths)
	entries, _, err := forum.ParseFile(filepath.Join(dir, "logs", "forum.log"))
	if err != nil {
		b.Fatal(err)
	}
	pre := make([]*prepared, len(loaded.States))
	for i, st := range loaded.States {
		pre[i] = prepare(st)
	}
	return loaded, entries, pre
}

// BenchmarkMerge measures the merge alone: Build on states parsed and
// prepared beforehand (outside the timer), what build-graph's "build" stage
// waits for once the last state file is read; cpu-s/op is its CPU time.
func BenchmarkMerge(b *testing.B) {
	loaded, entries, pre := preparedInput(b)
	b.ReportAllocs()
	var cpu time.Duration
	for b.Loop() {
		cfg := Config{Topic: loaded.Topic(), States: loaded.States, Forum: entries}
		states, err := sortedStates(cfg)
		if err != nil {
			b.Fatal(err)
		}
		c := cpuTime()
		if _, _, err := merge(cfg, states, func(i int) *prepared { return pre[i] }); err != nil {
			b.Fatal(err)
		}
		cpu += cpuTime() - c
	}
	b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s/op")
}

// BenchmarkResolve measures the resolver alone on the same prepared
// states: the part of the merge that numbers the sources.
func BenchmarkResolve(b *testing.B) {
	loaded, _, pre := preparedInput(b)
	records := 0
	for _, st := range loaded.States {
		records += st.RecordCount()
	}
	b.ReportAllocs()
	var cpu time.Duration
	for b.Loop() {
		c := cpuTime()
		r := newResolver(records)
		for i, st := range loaded.States {
			r.resolveState(pre[i], st.Engine.Rank())
		}
		cpu += cpuTime() - c
	}
	b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s/op")
}

// cpuTime is the CPU time the process has used (user + system).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
