//go:build ignore

// Command testsummary reads `go test -json` on stdin and prints, as each
// package finishes, one line with its result and elapsed time; the whole
// output of every failing test (or of a package that failed outside a
// test); and at the end the slowest tests and how many browser (Chromium)
// tests ran or why they were skipped. It exits 1 when anything failed.
//
// Browser tests say what they did in a log line starting with
// "browser test:" ("browser test: chromium ran" or "browser test:
// skipped: <why>"); scripts/test runs it as
//
//	go test -json ./... | go run scripts/testsummary.go
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"
)

type event struct {
	Action     string
	Package    string
	ImportPath string
	Test       string
	Output     string
	Elapsed    float64
}

type timed struct {
	name    string
	seconds float64
}

func main() {
	const marker = "browser test: "
	outputs := map[string][]string{} // package or package+test → output lines
	failedTests := map[string]bool{} // packages with a failing test
	var slow []timed
	ran := map[string]bool{}       // browser tests that ran
	skipped := map[string]string{} // browser tests skipped → why
	failed := false
	sc := bufio.NewScanner(os.Stdin)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		line := sc.Bytes()
		var e event
		if err := json.Unmarshal(line, &e); err != nil || e.Action == "" {
			fmt.Println(string(line)) // not an event: the go command's own words
			continue
		}
		key := e.Package + " " + e.Test
		switch e.Action {
		case "build-output":
			fmt.Print(e.Output)
		case "build-fail":
			failed = true
		case "output":
			outputs[key] = append(outputs[key], e.Output)
			if i := strings.Index(e.Output, marker); i >= 0 && e.Test != "" {
				what := strings.TrimSpace(e.Output[i+len(marker):])
				name := e.Package + "." + e.Test
				if strings.HasPrefix(what, "skipped") {
					skipped[name] = strings.TrimSpace(strings.TrimPrefix(what, "skipped:"))
				} else {
					ran[name] = true
				}
			}
		case "pass", "fail", "skip":
			if e.Test != "" {
				if e.Action == "fail" {
					failedTests[e.Package] = true
					fmt.Print(strings.Join(outputs[key], ""))
				} else if !strings.Contains(e.Test, "/") {
					slow = append(slow, timed{e.Package + "." + e.Test, e.Elapsed})
				}
				delete(outputs, key)
				continue
			}
			switch e.Action {
			case "fail":
				failed = true
				if !failedTests[e.Package] { // a panic, a timeout, a build error
					fmt.Print(strings.Join(outputs[key], ""))
				}
				fmt.Printf("FAIL  %s  %.1fs\n", e.Package, e.Elapsed)
			case "skip":
				fmt.Printf("      %s  (no test files)\n", e.Package)
			default:
				fmt.Printf("ok    %s  %.1fs\n", e.Package, e.Elapsed)
			}
			delete(outputs, key)
		}
	}
	if err := sc.Err(); err != nil {
		fmt.Fprintln(os.Stderr, "testsummary:", err)
		failed = true
	}
	sort.Slice(slow, func(a, b int) bool { return slow[a].seconds > slow[b].seconds })
	if len(slow) > 0 {
		fmt.Println("slowest tests:")
		for _, s := range slow[:min(5, len(slow))] {
			fmt.Printf("  %6.1fs  %s\n", s.seconds, s.name)
		}
	}
	for name := range ran {
		delete(skipped, name) // a test that ran one check and skipped another ran
	}
	why := map[string]int{}
	for _, w := range skipped {
		why[w]++
	}
	var reasons []string
	for w, n := range why {
		reasons = append(reasons, fmt.Sprintf("%d: %s", n, w))
	}
	sort.Strings(reasons)
	switch {
	case len(ran) == 0 && len(skipped) == 0:
		fmt.Println("browser tests (Chromium): none in this run")
	case len(skipped) == 0:
		fmt.Printf("browser tests (Chromium): %d ran\n", len(ran))
	default:
		fmt.Printf("browser tests (Chromium): %d ran, %d skipped (%s)\n", len(ran), len(skipped), strings.Join(reasons, "; "))
	}
	if failed {
		os.Exit(1)
	}
}
