package nodes

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"reportengine/graphrag"
	"reportengine/graphrag/storage"
	"reportengine/llm/offline"
	"reportengine/templates"
)

// BenchmarkPipelineLatency measures the wall time of one report with a
// model that takes 300 ms per call: 6 chapters (one summary chapter
// written after the others), up to 3 graph query rounds each, layout,
// budget and the follow-up questions (the template is given). Reported as
// s/report for concurrency 1 (sequential), 4 (DefaultConcurrency: offline
// and Ollama) and 8 (the CLI's default for other OpenAI-compatible
// servers); at load 13-17 on 2 cores 4.65 s, 1.68 s (0.36) and 1.44 s
// (0.31).
func BenchmarkPipelineLatency(b *testing.B) {
	for _, conc := range []int{1, 4, 8} {
		b.Run(fmt.Sprintf("concurrency=%d", conc), func(b *testing.B) {
			f := newFake()
			f.delay = 300 * time.Millisecond
			f.script["graph_query_decision"] = func(in map[string]any, _ int) reply {
				h, _ := in["history"].([]any)
				return text(fmt.Sprintf(`{"should_query":true,"keywords":["咖啡%d"],"depth":1}`, len(h)))
			}
			p := newPipeline(b, f, func(c *Config) { c.Concurrency = conc; c.Template = templates.Default; c.Now = time.Now })
			in := testInput()
			b.ResetTimer()
			var total time.Duration
			for i := 0; i < b.N; i++ {
				start := time.Now()
				res, err := p.Run(context.Background(), in)
				total += time.Since(start)
				if err != nil {
					b.Fatal(err)
				}
				if len(res.Chapters) != 6 {
					b.Fatalf("%d chapters, want 6", len(res.Chapters))
				}
			}
			b.ReportMetric(total.Seconds()/float64(b.N), "s/report")
		})
	}
}

// BenchmarkReportScale is the report stages (no graph loading) with the
// offline model on a stored graph: REPORTENGINE_SCALE_GRAPHS names a
// graphs folder holding graph "scale" (e.g. build-graph --report-id scale
// on the 300 000-record synthetic input); skipped without it. Run with
// -cpuprofile to see what the evidence plan, the chapters and the
// follow-up questions cost.
func BenchmarkReportScale(b *testing.B) {
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
	topic := ""
	for v := 0; v < g.NodeCount() && topic == ""; v++ {
		if g.Type(v) == graphrag.TypeTopic {
			topic = g.Name(v)
		}
	}
	p, err := New(Config{Model: offline.New(), Offline: true, Embedders: fitted, Now: time.Now})
	if err != nil {
		b.Fatal(err)
	}
	stages := map[string]float64{}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		res, err := p.Run(context.Background(), Input{Topic: topic, ReportID: "scale", GraphID: "scale", Graph: g})
		if err != nil {
			b.Fatal(err)
		}
		for _, s := range res.Manifest.Stages {
			stages[s.Name] += s.Seconds
		}
	}
	for name, s := range stages {
		b.ReportMetric(s/float64(b.N), strings.ReplaceAll(name, " ", "_")+"_s")
	}
}

// BenchmarkSave writes a six-chapter report (report.html, report.md,
// document_ir.json, evidence.json, six chapter files, manifest.json, each
// atomically with its fsyncs) into a fresh folder: the end of every
// `report` run, which waits for the disk.
func BenchmarkSave(b *testing.B) {
	res, err := newPipeline(b, newFake(), nil).Run(context.Background(), testInput())
	if err != nil {
		b.Fatal(err)
	}
	base := b.TempDir()
	n := 0
	for b.Loop() {
		n++
		if _, err := Save(filepath.Join(base, fmt.Sprint(n)), res); err != nil {
			b.Fatal(err)
		}
	}
}
