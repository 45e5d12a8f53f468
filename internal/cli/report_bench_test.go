package cli

import (
	"cmp"
	"fmt"
	"path/filepath"
	"testing"
	"time"
)

// BenchmarkReportLatency runs the whole report command against a fake
// OpenAI-compatible server that adds 300 ms to every call, with a 6-chapter
// template and up to 3 graph query rounds per chapter; its decisions ask
// for keywords that match nothing, so each loop ends after one decision
// (15 calls: layout, budget, 6 decisions, 6 chapters, the follow-up
// questions). It reports the wall time per report in seconds ("s/report")
// and the number of model calls, for --concurrency 1 (the sequential
// reference behaviour) and 0 (the default: remoteConcurrency, 8, for this
// OpenAI-compatible server); docs/benchmarks.md has figures.
//
//	go test -run '^$' -bench BenchmarkReportLatency -benchtime 1x ./internal/cli
func BenchmarkReportLatency(b *testing.B) {
	const delay = 300 * time.Millisecond
	for _, conc := range []int{1, 0} {
		b.Run(fmt.Sprintf("concurrency=%d", cmp.Or(conc, remoteConcurrency)), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				p, srv := newFakeProvider(b, func(task, ch string, n int) reply {
					if task == "graph_query_decision" {
						c := fmt.Sprintf(`{"should_query":true,"keywords":["咖啡%d"],"depth":1,"reasoning":"bench"}`, n)
						return reply{delay: delay, content: &c}
					}
					return reply{delay: delay}
				})
				base := b.TempDir()
				args := []string{"report", "--report-id", "bench", "--out", filepath.Join(base, "r"), "--graphs", filepath.Join(base, "g"),
					"--template", "社会公共热点事件分析报告模板", "--query-rounds", "3", "--concurrency", fmt.Sprint(conc),
					"--forum", repoPath("examples", "coffee-shop", "logs", "forum.log")}
				args = append(args, sampleStates(b)...)
				start := time.Now()
				code, out, errs := runEnv(b, pipelineEnv(srv), args...)
				el := time.Since(start)
				srv.Close()
				if code != ExitOK {
					b.Fatalf("exit %d\n%s\n%s", code, out, errs)
				}
				b.ReportMetric(el.Seconds(), "s/report")
				b.ReportMetric(float64(p.total()), "calls/report")
			}
		})
	}
}
