package cli

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

// update rewrites the golden files from the current outputs:
//
//	go test ./internal/cli -run TestGolden -update
var update = flag.Bool("update", false, "rewrite testdata/golden/* from the current outputs")

// goldenClock is the time the test commands run at (run's Deps.Now); it is
// masked in the outputs so that a change of the test clock alone changes no
// golden file.
const goldenClock = "2025-01-02T03:04:05Z"

// goldenFiles are the outputs held byte for byte: the saved graph, the
// evidence plan, the document IR and the Markdown report.
var goldenFiles = []string{"graphrag.json", "evidence.json", "document_ir.json", "report.md"}

// The offline report of the bundled sample and of the BettaFish fixture is
// byte-identical to testdata/golden (time stamps masked). A change of
// output that is intended is recorded with -update; the diff of the golden
// files then shows it in review.
func TestGolden(t *testing.T) {
	cases := []struct {
		name string
		args func(t *testing.T) []string
	}{
		{"coffee", func(t *testing.T) []string {
			return append([]string{"--report-id", "coffee", "--forum", repoPath("examples", "coffee-shop", "logs", "forum.log")},
				sampleStates(t)...)
		}},
		{"wuhan", func(t *testing.T) []string {
			if _, err := os.Stat(fixtureDir); err != nil {
				t.Skipf("shared fixtures not available at %s: %v", fixtureDir, err)
			}
			args := []string{"--report-id", "wuhan", "--topic", "武汉大学", "--allow-mixed-queries",
				"--forum", filepath.Join(fixtureDir, "logs", "forum.log")}
			for _, e := range []string{"query", "media", "insight"} {
				args = append(args, filepath.Join(fixtureDir, e+"_engine_streamlit_reports", "state_武汉大学_20250825_180214.json"))
			}
			return args
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			args := append([]string{"report", "--llm", "offline", "-q", "--out", filepath.Join(dir, "reports"),
				"--graphs", filepath.Join(dir, "graphs")}, tc.args(t)...)
			if code, out, errs := run(t, args...); code != ExitOK {
				t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errs)
			}
			got := map[string]string{
				"graphrag.json":    filepath.Join(dir, "graphs", tc.name, "graphrag.json"),
				"evidence.json":    filepath.Join(dir, "reports", tc.name, "evidence.json"),
				"document_ir.json": filepath.Join(dir, "reports", tc.name, "document_ir.json"),
				"report.md":        filepath.Join(dir, "reports", tc.name, "report.md"),
			}
			for _, f := range goldenFiles {
				b, err := os.ReadFile(got[f])
				if err != nil {
					t.Fatalf("%s: %v", f, err)
				}
				checkGolden(t, filepath.Join("testdata", "golden", tc.name, f+".golden"),
					strings.ReplaceAll(string(b), goldenClock, "<NOW>"))
			}
		})
	}
}

// checkGolden compares got with the golden file at path (or rewrites it
// under -update). The diff is by line, cut to its first 6 000 bytes.
func checkGolden(t *testing.T, path, got string) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v\nto create it: go test ./internal/cli -run TestGolden -update", err)
	}
	if string(want) == got {
		return
	}
	diff := cmp.Diff(strings.Split(string(want), "\n"), strings.Split(got, "\n"))
	if n := 6000; len(diff) > n {
		for !utf8.RuneStart(diff[n]) {
			n--
		}
		diff = fmt.Sprintf("%s\n… (%d more bytes of diff)", diff[:n], len(diff)-n)
	}
	t.Errorf("%s differs from the output (-golden +got):\n%s\nIf the change is intended, refresh the golden files with\n"+
		"\tgo test ./internal/cli -run TestGolden -update\nand review their diff.", path, diff)
}

// A lead line that states how many items follow ("时间线（…11 个事件…）：")
// states the count of the list printed under it. The timeline's lead
// counted its entries before printOnce removed one that a chapter also
// printed (the fixture said 11 and listed 10); the golden reports are the
// outputs TestGolden holds.
func TestLeadCountsMatchLists(t *testing.T) {
	countRE := regexp.MustCompile(`(\d+) ?(?:个|条|项|件)[^：\n]*：$`)
	itemRE := regexp.MustCompile(`^(?:\d+\.|[-*]) `)
	for _, name := range []string{"coffee", "wuhan"} {
		b, err := os.ReadFile(filepath.Join("testdata", "golden", name, "report.md.golden"))
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(b), "\n")
		for i, l := range lines {
			m := countRE.FindStringSubmatch(l)
			if m == nil {
				continue
			}
			j := i + 1
			for j < len(lines) && strings.TrimSpace(lines[j]) == "" {
				j++
			}
			n := 0
			for ; j < len(lines) && itemRE.MatchString(lines[j]); j++ {
				n++
			}
			if n > 0 && fmt.Sprint(n) != m[1] {
				t.Errorf("%s line %d: %q states %s, the list under it has %d items", name, i+1, l, m[1], n)
			}
		}
	}
}
