package cli

import (
	"runtime/debug"
	"testing"
)

// gcPercent reads the collector's target without changing it.
func gcPercent() int {
	v := debug.SetGCPercent(100)
	debug.SetGCPercent(v)
	return v
}

// report raises GOGC to reportGCPercent while it runs, unless the
// environment sets GOGC, and puts the previous setting back.
func TestReportGC(t *testing.T) {
	before := gcPercent()
	for _, tt := range []struct {
		name   string
		env    map[string]string
		during int
	}{
		{"GOGC unset", nil, reportGCPercent},
		{"GOGC blank (no setting)", map[string]string{"GOGC": " "}, reportGCPercent},
		{"GOGC set", map[string]string{"GOGC": "50"}, before},
	} {
		t.Run(tt.name, func(t *testing.T) {
			restore := reportGC(func(k string) string { return tt.env[k] })
			if got := gcPercent(); got != tt.during {
				t.Errorf("during the run GOGC = %d, want %d", got, tt.during)
			}
			restore()
			if got := gcPercent(); got != before {
				t.Errorf("after the run GOGC = %d, want %d back", got, before)
			}
		})
	}
}

// A report that starts while a build has the collector off (two commands
// in one process, as in tests) leaves the settings alone, so whichever
// ends first, the collector is back to the setting before both.
func TestOverlappingGCSettings(t *testing.T) {
	before := gcPercent()
	unset := func(string) string { return "" }
	for _, buildEndsFirst := range []bool{true, false} {
		restoreBuild := buildGC(unset)
		if restoreBuild == nil {
			t.Fatal("buildGC changed nothing with no GOGC or GOMEMLIMIT set")
		}
		restoreReport := reportGC(unset)
		if got := gcPercent(); got != -1 {
			t.Errorf("a report beside a build set GOGC to %d, want the build's -1 kept", got)
		}
		if buildEndsFirst {
			restoreBuild()
			restoreReport()
		} else {
			restoreReport()
			restoreBuild()
		}
		if got := gcPercent(); got != before {
			t.Errorf("build ends first %v: after both GOGC = %d, want %d back", buildEndsFirst, got, before)
		}
	}
}
