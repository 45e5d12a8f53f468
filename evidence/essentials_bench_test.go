package evidence

import (
	"os"
	"testing"

	"reportengine/graphrag"
	"reportengine/graphrag/storage"
	"reportengine/templates"
)

// scaleGraphInput is the report's evidence input on stored graph "scale"
// of the graphs folder REPORTENGINE_SCALE_GRAPHS (its topic, the default
// template's titles and outlines as the focus) and that template's
// chapters; the benchmark is skipped without the variable.
func scaleGraphInput(b *testing.B) (Input, []ChapterSpec) {
	dir := os.Getenv("REPORTENGINE_SCALE_GRAPHS")
	if dir == "" {
		b.Skip("REPORTENGINE_SCALE_GRAPHS not set")
	}
	st, err := storage.New(dir)
	if err != nil {
		b.Fatal(err)
	}
	g, _, err := st.Load("scale")
	if err != nil {
		b.Fatal(err)
	}
	tp, err := templates.Lookup(templates.Default)
	if err != nil {
		b.Fatal(err)
	}
	in := Input{Graph: g}
	for v := 0; v < g.NodeCount() && in.Topic == ""; v++ {
		if g.Type(v) == graphrag.TypeTopic {
			in.Topic = g.Name(v)
		}
	}
	var chs []ChapterSpec
	for _, s := range tp.Sections {
		chs = append(chs, ChapterSpec{ID: s.ChapterID, Title: s.Title, SubPoints: s.Outline})
		in.Focus = append(append(in.Focus, s.Title), s.Outline...)
	}
	return in, chs
}

// BenchmarkEssentialsGraph is ComputeEssentials alone on the stored graph
// of scaleGraphInput (the evidence collected once, before the timer): the
// volume, window, platforms and top sources read from every record.
func BenchmarkEssentialsGraph(b *testing.B) {
	in, _ := scaleGraphInput(b)
	set := Collect(in)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		ComputeEssentials(in, set)
	}
}
