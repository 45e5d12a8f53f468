package nodes

import (
	"context"
	"fmt"
	"testing"
	"time"

	"reportengine/templates"
)

// BenchmarkPipelineLatency measures the wall time of one report with a
// model that takes 300 ms per call: 6 chapters, each 3 graph query rounds
// and 1 chapter call, plus layout and budget (the template is given). The
// sequential time is about (2 + 6×4) × 0.3 s = 7.8 s; with Concurrency 4
// the chapter calls share four slots, (2 + 24/4) × 0.3 s = 2.4 s, under a
// third of it. Reported as s/report.
func BenchmarkPipelineLatency(b *testing.B) {
	for _, conc := range []int{1, 4} {
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
