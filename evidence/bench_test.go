package evidence

import (
	"os"
	"path/filepath"
	"testing"

	"reportengine/forum"
	"reportengine/internal/synth"
	"reportengine/state"
	"reportengine/templates"
)

// synthInput loads a synthetic run: the folder in REPORTENGINE_SCALE_DIR
// (written by cmd/synthstates, e.g. 3 × 200 × 500 records) when set, else a
// small one (3 × 20 × 50) written to a temporary folder.
func synthInput(b *testing.B) Input {
	b.Helper()
	dir := os.Getenv("REPORTENGINE_SCALE_DIR")
	if dir == "" {
		dir = b.TempDir()
		if _, err := synth.WriteAll(dir, synth.Config{Paragraphs: 20, Records: 50, Seed: 1}, 40); err != nil {
			b.Fatal(err)
		}
	}
	var in Input
	for _, e := range []state.Engine{state.EngineQuery, state.EngineMedia, state.EngineInsight} {
		paths, _ := filepath.Glob(filepath.Join(dir, string(e)+"_engine_streamlit_reports", "state_*.json"))
		if len(paths) == 0 {
			b.Fatalf("no %s state in %s", e, dir)
		}
		st, err := state.ParseFile(state.Input{Engine: e, Path: paths[0]})
		if err != nil {
			b.Fatal(err)
		}
		in.States = append(in.States, st)
		in.Topic = st.Query
	}
	if f, err := os.Open(filepath.Join(dir, "logs", "forum.log")); err == nil {
		in.Forum, _, _ = forum.Parse(f)
		f.Close()
	}
	return in
}

// BenchmarkEvidenceStage is the report's evidence stage on a synthetic run:
// Collect (passages, duplicates, figures) and MakePlan over the default
// template, with the template as focus (so a run of more than
// DefaultMaxSources sources cuts only the best of them). Issue target on
// 300 000 records: under 2 s.
func BenchmarkEvidenceStage(b *testing.B) {
	in := synthInput(b)
	tp, err := templates.Lookup(templates.Default)
	if err != nil {
		b.Fatal(err)
	}
	var chs []ChapterSpec
	for _, s := range tp.Sections {
		chs = append(chs, ChapterSpec{ID: s.ChapterID, Title: s.Title, SubPoints: s.Outline})
		in.Focus = append(append(in.Focus, s.Title), s.Outline...) // as the pipeline passes them
	}
	records := 0
	for _, st := range in.States {
		records += st.RecordCount()
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		set := Collect(in)
		MakePlan(set, in.Topic, chs, nil)
	}
	b.ReportMetric(float64(records), "records")
}

// BenchmarkCollectGraph is the report's evidence stage on a stored graph,
// as `report --graph` runs it: Collect from the graph (the source list,
// the pre-selection against the template, the passages, duplicates and
// figures) and MakePlan. REPORTENGINE_SCALE_GRAPHS names a graphs folder
// holding graph "scale" (e.g. build-graph --report-id scale on the
// 300 000-record synthetic input); skipped without it.
func BenchmarkCollectGraph(b *testing.B) {
	in, chs := scaleGraphInput(b)
	b.ReportAllocs()
	b.ResetTimer()
	var items int
	for b.Loop() {
		set := Collect(in)
		MakePlan(set, in.Topic, chs, nil)
		items = len(set.Items)
	}
	b.ReportMetric(float64(items), "items")
}
