package cli

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"

	"reportengine/graphrag/storage"
)

// buildSample builds the coffee-shop sample as graph id into graphs.
func buildSample(t *testing.T, graphs, id string) {
	t.Helper()
	args := append([]string{"build-graph", "--graphs", graphs, "--report-id", id, "--quiet"}, sampleStates(t)...)
	if code, _, errOut := run(t, args...); code != 0 {
		t.Fatalf("build-graph exit %d: %s", code, errOut)
	}
}

// `query 会员` is `query -k 会员`.
func TestQueryPositionalKeywords(t *testing.T) {
	graphs := t.TempDir()
	buildSample(t, graphs, "coffee")
	code1, byFlag, e1 := run(t, "query", "--graphs", graphs, "--json", "-k", "会员")
	code2, byArg, e2 := run(t, "query", "--graphs", graphs, "--json", "会员")
	if code1 != 0 || code2 != 0 {
		t.Fatalf("exit %d / %d: %s %s", code1, code2, e1, e2)
	}
	if byFlag != byArg {
		t.Errorf("query 会员 differs from query -k 会员")
	}
	if !strings.Contains(byArg, `"matched_sections": [`) || strings.Contains(byArg, `"no_match": true`) {
		t.Errorf("query 会员 matched nothing:\n%s", byArg)
	}
}

// A graph that is not there: exit 4, and the nearest stored ids named.
func TestGraphNotFoundNearest(t *testing.T) {
	graphs := t.TempDir()
	for _, id := range []string{"wuhan", "wuhan-2", "coffee"} {
		buildSample(t, graphs, id)
	}
	code, _, errOut := run(t, "query", "--graphs", graphs, "--graph", "wuhna")
	if code != ExitNotFound {
		t.Errorf("exit %d, want %d", code, ExitNotFound)
	}
	if !strings.Contains(errOut, "nearest stored ids: wuhan, wuhan-2, coffee") {
		t.Errorf("stderr %q does not list the nearest ids in order", errOut)
	}
	st, _ := storage.New(graphs)
	err := notFoundWithNearest(st, "x", storage.ErrNotFound)
	if !errors.Is(err, storage.ErrNotFound) {
		t.Errorf("%v does not wrap ErrNotFound", err)
	}
	if got := nearest("abc", []string{"abd", "xyz", "abc", "ab"}, 2); strings.Join(got, ",") != "abc,ab" {
		t.Errorf("nearest = %v, want [abc ab] (distance 0, then 1 with the tie to the smaller id)", got)
	}
}

// `version` and `--version` print one line from the build information.
func TestVersion(t *testing.T) {
	code, out, _ := run(t, "version")
	code2, out2, _ := run(t, "--version")
	if code != 0 || code2 != 0 || out != out2 || !strings.HasPrefix(out, "reportengine ") || strings.Count(out, "\n") != 1 {
		t.Errorf("version %q / --version %q", out, out2)
	}
	info := &debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{
		{Key: "vcs.revision", Value: "0123456789abcdef0123"}, {Key: "vcs.time", Value: "2026-12-01T09:00:00Z"}, {Key: "vcs.modified", Value: "true"}}}
	if got, want := formatVersion(info), "reportengine (devel) commit 0123456789ab 2026-12-01T09:00:00Z+dirty go1.26.0"; got != want {
		t.Errorf("formatVersion = %q, want %q", got, want)
	}
	info.Settings = nil
	if got := formatVersion(info); got != "reportengine (devel) (no commit recorded) go1.26.0" {
		t.Errorf("formatVersion without vcs = %q", got)
	}
}

// `report` ends with the path of report.html; `reports` lists the run.
func TestReportPathAndReportsList(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "reports")
	args := append([]string{"report", "--llm", "offline", "--report-id", "coffee", "--out", out, "--graphs", filepath.Join(dir, "g"),
		"--template", "企业品牌声誉分析报告模板"}, sampleStates(t)...)
	code, stdout, errOut := run(t, args...)
	if code != 0 {
		t.Fatalf("report exit %d: %s", code, errOut)
	}
	lines := strings.Split(strings.TrimRight(stdout, "\n"), "\n")
	html := filepath.Join(out, "coffee", "report.html")
	if lines[len(lines)-1] != html {
		t.Errorf("last line %q, want %q", lines[len(lines)-1], html)
	}
	if _, err := os.Stat(html); err != nil {
		t.Error(err)
	}
	// An unfinished run next to it.
	if err := os.MkdirAll(filepath.Join(out, "broken"), 0o755); err != nil {
		t.Fatal(err)
	}
	code, stdout, errOut = run(t, "reports", "--out", out, "--json")
	if code != 0 {
		t.Fatalf("reports exit %d: %s", code, errOut)
	}
	var list []reportLine
	if err := json.Unmarshal([]byte(stdout), &list); err != nil {
		t.Fatalf("%v\n%s", err, stdout)
	}
	if len(list) != 2 || list[0].ID != "coffee" || list[0].Status != "complete" || list[0].Topic != "李明咖啡店" ||
		list[0].Template != "企业品牌声誉分析报告模板" || list[0].Chapters == 0 || list[0].CreatedAt.IsZero() || list[0].HTML != html {
		t.Errorf("reports[0] = %+v", list[0])
	}
	if len(list) == 2 && (list[1].ID != "broken" || list[1].Status != "no manifest") {
		t.Errorf("reports[1] = %+v, want the unfinished run with status \"no manifest\"", list[1])
	}
	code, stdout, _ = run(t, "reports", "--out", out)
	if code != 0 || !strings.Contains(stdout, "coffee") || !strings.Contains(stdout, "李明咖啡店") {
		t.Errorf("reports text: %d\n%s", code, stdout)
	}
	if strings.Contains(stdout, "--resume") {
		t.Errorf("a complete report's work area is removed, yet reports offers to resume:\n%s", stdout)
	}
	// Runs with saved work (trial 43: an interrupted first run was not
	// listed): one interrupted before it wrote its folder, one that left
	// a report and its work area; a save's temporary folder and a work
	// area of no valid id are no runs.
	for _, d := range []string{".early.work", ".coffee.work", ".coffee.123.tmp", ".bad id.work"} {
		if err := os.MkdirAll(filepath.Join(out, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	code, stdout, errOut = run(t, "reports", "--out", out, "--json")
	list = nil
	if err := json.Unmarshal([]byte(stdout), &list); code != 0 || err != nil {
		t.Fatalf("reports exit %d, %v: %s%s", code, err, stdout, errOut)
	}
	got := map[string]reportLine{}
	for _, l := range list {
		got[l.ID] = l
	}
	if len(list) != 3 || got["coffee"].Resume != filepath.Join(out, ".coffee.work") || got["broken"].Resume != "" ||
		got["early"].Status != "interrupted" || got["early"].Resume != filepath.Join(out, ".early.work") || got["early"].CreatedAt.IsZero() {
		t.Errorf("reports with saved work = %+v", list)
	}
	code, stdout, _ = run(t, "reports", "--out", out)
	for _, id := range []string{"early", "coffee"} {
		if want := "reportengine report --resume " + id + " --out " + out; code != 0 || !strings.Contains(stdout, want) {
			t.Errorf("reports text lacks %q:\n%s", want, stdout)
		}
	}
	code, stdout, _ = run(t, "reports", "--out", filepath.Join(dir, "none"))
	if code != 0 || !strings.Contains(stdout, "no reports in") {
		t.Errorf("reports on a missing folder: %d %q", code, stdout)
	}
}

// Progress lines go to stderr for each stage; --quiet silences them.
func TestProgressAndQuiet(t *testing.T) {
	graphs := t.TempDir()
	args := append([]string{"build-graph", "--graphs", graphs, "--report-id", "c"}, sampleStates(t)...)
	code, _, errOut := run(t, args...)
	if code != 0 {
		t.Fatal(errOut)
	}
	for _, want := range []string{"loading 3 state files (", "building the graph (", "saving the graph to "} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errOut)
		}
	}
	code, _, errOut = run(t, "query", "--graphs", graphs, "-k", "会员")
	if code != 0 || !strings.Contains(errOut, "loading graph c (") || !strings.Contains(errOut, "indexing the graph (") {
		t.Errorf("query progress: %d\n%s", code, errOut)
	}
	for _, a := range [][]string{append([]string{"--quiet"}, args...), {"query", "-q", "--graphs", graphs, "-k", "会员"}} {
		if code, _, errOut := run(t, a...); code != 0 || errOut != "" {
			t.Errorf("%v: exit %d, stderr %q; want nothing on stderr", a[:2], code, errOut)
		}
	}
}

// Messages: one sentence for an unwritable folder (no "permission denied
// cannot write" glue), checked before anything is built.
func TestUnwritableMessage(t *testing.T) {
	dir := t.TempDir()
	blocker := filepath.Join(dir, "file")
	if err := os.WriteFile(blocker, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	graphs := filepath.Join(blocker, "graphs")
	code, _, errOut := run(t, append([]string{"build-graph", "--graphs", graphs}, sampleStates(t)...)...)
	if code != ExitFailure || !strings.Contains(errOut, "graphs folder "+graphs+" is not writable: ") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
	if strings.Contains(errOut, "loading") {
		t.Errorf("states were loaded before the folder check: %q", errOut)
	}
	code, _, errOut = run(t, append([]string{"report", "--llm", "offline", "--out", filepath.Join(blocker, "r"), "--graphs", filepath.Join(dir, "g")}, sampleStates(t)...)...)
	if code != ExitFailure || !strings.Contains(errOut, "report folder ") || strings.Contains(errOut, "loading") {
		t.Errorf("report: exit %d, stderr %q", code, errOut)
	}
	if _, err := os.Stat(filepath.Join(dir, "g")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the graphs folder was created before the report folder check failed (%v)", err)
	}
	if got := oneLine("open x: permission denied\ncannot write the output"); got != "open x: permission denied; cannot write the output" {
		t.Errorf("oneLine glues lines: %q", got)
	}
}
