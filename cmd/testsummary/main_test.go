package main

import (
	"testing"
)

// The decisions on a made-up stream: a failing test fails the run, a
// package line alone does not hide it, a browser test that ran one check
// and skipped another counts as ran, and subtests are not among the
// slowest.
func TestSummaryEvents(t *testing.T) {
	s := summary{outputs: map[string][]string{}, failedTests: map[string]bool{}, ran: map[string]bool{}, skipped: map[string]string{}}
	for _, e := range []event{
		{Action: "output", Package: "p", Test: "TestB", Output: "x: browser test: skipped: no chromium\n"},
		{Action: "output", Package: "p", Test: "TestC", Output: "browser test: chromium ran\n"},
		{Action: "output", Package: "p", Test: "TestC", Output: "browser test: skipped: no fonts\n"},
		{Action: "pass", Package: "p", Test: "TestB", Elapsed: 3},
		{Action: "pass", Package: "p", Test: "TestB/sub", Elapsed: 4},
		{Action: "pass", Package: "p", Elapsed: 5},
	} {
		s.event(e)
	}
	if s.failed {
		t.Error("a passing stream failed")
	}
	if len(s.slow) != 1 || s.slow[0].name != "p.TestB" {
		t.Errorf("slowest %v, want p.TestB alone (no subtests)", s.slow)
	}
	s.browser()
	if len(s.ran) != 1 || len(s.skipped) != 1 || s.skipped["p.TestB"] != "no chromium" {
		t.Errorf("ran %v skipped %v, want TestC ran and TestB skipped for no chromium", s.ran, s.skipped)
	}
	s.event(event{Action: "fail", Package: "q", Test: "TestF", Elapsed: 1})
	if s.failed || !s.failedTests["q"] {
		t.Errorf("a failing test: failed %v, failedTests %v; the run fails on the package's fail", s.failed, s.failedTests)
	}
	s.event(event{Action: "fail", Package: "q", Elapsed: 1})
	if !s.failed {
		t.Error("a failing package did not fail the run")
	}
	s = summary{outputs: map[string][]string{}, failedTests: map[string]bool{}, ran: map[string]bool{}, skipped: map[string]string{}}
	s.event(event{Action: "build-fail", Package: "r"})
	if !s.failed {
		t.Error("a build failure did not fail the run")
	}
}
