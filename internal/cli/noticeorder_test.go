package cli

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"testing"
)

// The first screen's notices come in one order whether the report builds
// its graph from the state files or reads the stored one (--graph): the
// engines started far apart, then the differing queries, then the forum
// log. Before, the STATES run put the start-time notice last.
func TestNoticesSameOrderWithGraph(t *testing.T) {
	if _, err := os.Stat(fixtureDir); err != nil {
		t.Skipf("shared fixtures not available at %s: %v", fixtureDir, err)
	}
	dir := t.TempDir()
	base := []string{"report", "--llm", "offline", "-q", "--out", filepath.Join(dir, "reports"), "--graphs", filepath.Join(dir, "graphs"), "--topic", "武汉大学"}
	states := []string{"--report-id", "s", "--allow-mixed-queries", "--forum", filepath.Join(fixtureDir, "logs", "forum.log")}
	for _, e := range []string{"query", "media", "insight"} {
		states = append(states, filepath.Join(fixtureDir, e+"_engine_streamlit_reports", "state_武汉大学_20250825_180214.json"))
	}
	notices := func(id string, args ...string) []string {
		if code, out, errs := run(t, append(slices.Clone(base), args...)...); code != ExitOK {
			t.Fatalf("%v: exit %d\n%s\n%s", args, code, out, errs)
		}
		md, err := os.ReadFile(filepath.Join(dir, "reports", id, "report.md"))
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, m := range regexp.MustCompile(`(?m)^> - (.*)$`).FindAllStringSubmatch(string(md), -1) {
			out = append(out, m[1])
		}
		return out
	}
	fromStates := notices("s", states...)
	fromGraph := notices("g", "--report-id", "g", "--graph", "s", "--allow-mixed-queries")
	want := []string{"各引擎开始研究的时间", "各引擎的研究问题不完全相同", "论坛记录始于"}
	for name, got := range map[string][]string{"STATES": fromStates, "--graph": fromGraph} {
		ok := len(got) == len(want)
		for i := 0; ok && i < len(want); i++ {
			ok = regexp.MustCompile("^" + want[i]).MatchString(got[i])
		}
		if !ok {
			t.Errorf("%s: notices %q, want them starting %q in that order", name, got, want)
		}
	}
}
