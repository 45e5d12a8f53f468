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
//	go test -json ./... | go run ./cmd/testsummary
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
	sum := summary{outputs: map[string][]string{}, failedTests: map[string]bool{}, ran: map[string]bool{}, skipped: map[string]string{}}
	sc := bufio.NewScanner(os.Stdin)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		line := sc.Bytes()
		var e event
		if err := json.Unmarshal(line, &e); err != nil || e.Action == "" {
			fmt.Println(string(line)) // not an event: the go command's own words
			continue
		}
		sum.event(e)
	}
	if err := sc.Err(); err != nil {
		fmt.Fprintln(os.Stderr, "testsummary:", err)
		sum.failed = true
	}
	sum.slowest()
	sum.browser()
	if sum.failed {
		os.Exit(1)
	}
}

// browserMarker starts a browser test's log line saying what it did.
const browserMarker = "browser test: "

// summary is what the events so far have said.
type summary struct {
	outputs     map[string][]string // package or package+test → output lines
	failedTests map[string]bool     // packages with a failing test
	slow        []timed
	ran         map[string]bool   // browser tests that ran
	skipped     map[string]string // browser tests skipped → why
	failed      bool
}

// event takes one event, printing a package's line as it finishes and a
// failing test's output.
func (s *summary) event(e event) {
	key := e.Package + " " + e.Test
	switch e.Action {
	case "build-output":
		fmt.Print(e.Output)
	case "build-fail":
		s.failed = true
	case "output":
		s.outputs[key] = append(s.outputs[key], e.Output)
		if i := strings.Index(e.Output, browserMarker); i >= 0 && e.Test != "" {
			what := strings.TrimSpace(e.Output[i+len(browserMarker):])
			name := e.Package + "." + e.Test
			if strings.HasPrefix(what, "skipped") {
				s.skipped[name] = strings.TrimSpace(strings.TrimPrefix(what, "skipped:"))
			} else {
				s.ran[name] = true
			}
		}
	case "pass", "fail", "skip":
		if e.Test != "" {
			if e.Action == "fail" {
				s.failedTests[e.Package] = true
				fmt.Print(strings.Join(s.outputs[key], ""))
			} else if !strings.Contains(e.Test, "/") {
				s.slow = append(s.slow, timed{e.Package + "." + e.Test, e.Elapsed})
			}
			delete(s.outputs, key)
			return
		}
		switch e.Action {
		case "fail":
			s.failed = true
			if !s.failedTests[e.Package] { // a panic, a timeout, a build error
				fmt.Print(strings.Join(s.outputs[key], ""))
			}
			fmt.Printf("FAIL  %s  %.1fs\n", e.Package, e.Elapsed)
		case "skip":
			fmt.Printf("      %s  (no test files)\n", e.Package)
		default:
			fmt.Printf("ok    %s  %.1fs\n", e.Package, e.Elapsed)
		}
		delete(s.outputs, key)
	}
}

// slowest prints the five slowest top-level tests.
func (s *summary) slowest() {
	sort.Slice(s.slow, func(a, b int) bool { return s.slow[a].seconds > s.slow[b].seconds })
	if len(s.slow) > 0 {
		fmt.Println("slowest tests:")
		for _, t := range s.slow[:min(5, len(s.slow))] {
			fmt.Printf("  %6.1fs  %s\n", t.seconds, t.name)
		}
	}
}

// browser prints how many browser tests ran and why the others were
// skipped.
func (s *summary) browser() {
	for name := range s.ran {
		delete(s.skipped, name) // a test that ran one check and skipped another ran
	}
	why := map[string]int{}
	for _, w := range s.skipped {
		why[w]++
	}
	var reasons []string
	for w, n := range why {
		reasons = append(reasons, fmt.Sprintf("%d: %s", n, w))
	}
	sort.Strings(reasons)
	switch {
	case len(s.ran) == 0 && len(s.skipped) == 0:
		fmt.Println("browser tests (Chromium): none in this run")
	case len(s.skipped) == 0:
		fmt.Printf("browser tests (Chromium): %d ran\n", len(s.ran))
	default:
		fmt.Printf("browser tests (Chromium): %d ran, %d skipped (%s)\n", len(s.ran), len(s.skipped), strings.Join(reasons, "; "))
	}
}
