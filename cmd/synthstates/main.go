// Command synthstates writes a synthetic BettaFish input set: the three
// engine State JSON files and a forum log, for benchmarks and load tests.
//
// Usage:
//
//	synthstates -out DIR [-paragraphs N] [-records N] [-queries N]
//	            [-content-runes N] [-url-share F] [-shared-urls F]
//	            [-seed N] [-topic TEXT] [-forum N]
//
// It writes DIR/{query,media,insight}_engine_streamlit_reports/state_<topic>_bench.json
// and DIR/logs/forum.log (see reportengine/internal/synth), then prints each
// file with its size, the total and the time taken. A negative -url-share
// or -shared-urls means 0. For example, 200 paragraphs × 500 records with
// the other flags at their defaults come to about 185 MB of state JSON.
package main

import (
	"flag"
	"fmt"
	"os"
	"time"

	"reportengine/internal/synth"
)

func main() {
	var cfg synth.Config
	out := flag.String("out", "", "output directory (required)")
	flag.IntVar(&cfg.Paragraphs, "paragraphs", 5, "paragraphs per engine")
	flag.IntVar(&cfg.Records, "records", 20, "search records per paragraph")
	flag.IntVar(&cfg.Queries, "queries", synth.DefaultQueries, "distinct query texts per paragraph")
	flag.IntVar(&cfg.ContentRunes, "content-runes", synth.DefaultContentRunes, "mean record content length in runes")
	flag.Float64Var(&cfg.URLShare, "url-share", synth.DefaultURLShare, "fraction of records with a URL (negative: none)")
	flag.Float64Var(&cfg.SharedURLs, "shared-urls", synth.DefaultSharedURLs, "fraction of URL records that reuse an earlier URL (negative: none)")
	flag.Int64Var(&cfg.Seed, "seed", 1, "random seed")
	flag.StringVar(&cfg.Topic, "topic", synth.DefaultTopic, "topic query")
	forum := flag.Int("forum", 40, "forum log speeches")
	flag.Parse()
	if *out == "" || flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "usage: synthstates -out DIR [flags]")
		flag.PrintDefaults()
		os.Exit(2)
	}
	// A flag set to 0 would select the package default; pass "none" as a
	// negative value instead.
	for _, share := range []*float64{&cfg.URLShare, &cfg.SharedURLs} {
		if *share == 0 {
			*share = -1
		}
	}
	start := time.Now()
	paths, err := synth.WriteAll(*out, cfg, *forum)
	if err != nil {
		fmt.Fprintln(os.Stderr, "synthstates:", err)
		os.Exit(1)
	}
	elapsed := time.Since(start)
	var total int64
	for _, p := range paths {
		fi, err := os.Stat(p)
		if err != nil {
			fmt.Fprintln(os.Stderr, "synthstates:", err)
			os.Exit(1)
		}
		total += fi.Size()
		fmt.Printf("%12d  %8s  %s\n", fi.Size(), human(fi.Size()), p)
	}
	fmt.Printf("%12d  %8s  total, written in %v\n", total, human(total), elapsed.Round(time.Millisecond))
}

// human formats a byte count in binary units, as du -h does.
func human(n int64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%dB", n)
	}
	v, suffix := float64(n), "KMGTPE"
	i := -1
	for v >= unit && i < len(suffix)-1 {
		v /= unit
		i++
	}
	return fmt.Sprintf("%.1f%ciB", v, suffix[i])
}
