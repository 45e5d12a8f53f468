package cli

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// forumLines are the lines of list that speak of the forum log: the
// reader's notices ("论坛记录…") or the English warnings ("forum log …").
func forumLines(list []string) []string {
	var out []string
	for _, s := range list {
		if strings.Contains(s, "论坛记录") || strings.HasPrefix(s, "forum log ") {
			out = append(out, s)
		}
	}
	return out
}

// forumLogCase is a forum log given to `report` and the Chinese notice
// the report must show for it (want: parts of it; nil: no forum notice).
type forumLogCase struct {
	name, log string
	want      []string
}

// forumLogCases are the example's own log (no notice), the same log with
// its monitor start 3.98 days after the states' latest time (see
// TestBuildGraphForumLogNotes) and an empty log, written to t's folder.
func forumLogCases(t *testing.T) []forumLogCase {
	example, err := os.ReadFile(repoPath("examples", "coffee-shop", "logs", "forum.log"))
	if err != nil {
		t.Fatal(err)
	}
	write := fileWriter(t, t.TempDir())
	later := write("later.log", strings.Replace(string(example), "2024-10-01 10:00:00", "2024-10-05 10:00:00", 1))
	return []forumLogCase{
		{"days away", later, []string{"论坛记录始于 2024-10-05 10:00", "相差 4.0 天"}},
		{"empty", write("empty.log", ""), []string{"论坛记录为空"}},
		{"same run", repoPath("examples", "coffee-shop", "logs", "forum.log"), nil},
	}
}

// A report on a stored graph, without --forum, tells its reader what the
// report from the states and the forum log told: the same Chinese notice
// (a log from another day, an empty log, or none) in the document and the
// same English warning in the manifest, taken from what the graph records
// of the log (its build record and the engine nodes' times) instead of
// from the log, which is not read again.
func TestReportGraphForumNotice(t *testing.T) {
	dir := t.TempDir()
	for _, tt := range forumLogCases(t) {
		t.Run(tt.name, func(t *testing.T) {
			base := filepath.Join(dir, tt.name)
			graphs := filepath.Join(base, "graphs")
			// the report from the states and the log saves graph "f"
			code, _, errOut := run(t, append([]string{"report", "--llm", "offline", "--report-id", "f", "--graphs", graphs,
				"--out", filepath.Join(base, "states"), "--forum", tt.log}, sampleStates(t)...)...)
			if code != ExitOK {
				t.Fatalf("states: exit %d: %s", code, errOut)
			}
			code, _, errOut = run(t, "report", "--llm", "offline", "--graphs", graphs, "--graph", "f", "--out", filepath.Join(base, "graph"))
			if code != ExitOK {
				t.Fatalf("graph: exit %d: %s", code, errOut)
			}
			fromStates := forumLines(readDoc(t, filepath.Join(base, "states", "f")).Metadata.Notices)
			fromGraph := forumLines(readDoc(t, filepath.Join(base, "graph", "f")).Metadata.Notices)
			if !slices.Equal(fromGraph, fromStates) {
				t.Errorf("forum notices of the graph report %q, of the states report %q", fromGraph, fromStates)
			}
			if len(tt.want) == 0 && len(fromGraph) > 0 {
				t.Errorf("unexpected forum notice %q", fromGraph)
			}
			for _, w := range tt.want {
				if !strings.Contains(strings.Join(fromGraph, "\n"), w) {
					t.Errorf("graph report notices lack %q: %q", w, fromGraph)
				}
			}
			warnStates := forumLines(readManifest(t, filepath.Join(base, "states", "f")).Warnings)
			warnGraph := forumLines(readManifest(t, filepath.Join(base, "graph", "f")).Warnings)
			if !slices.Equal(warnGraph, warnStates) {
				t.Errorf("forum warnings of the graph report %q, of the states report %q", warnGraph, warnStates)
			}
		})
	}
}

// The BettaFish fixture's forum log started on 2025-08-27, 1.8 days after
// its state files: a report on the graph build-graph made of them says so
// without reading the log.
func TestReportGraphForumNoticeFixture(t *testing.T) {
	states := fixtureStates(t)
	graphs := t.TempDir()
	code, _, errOut := run(t, append([]string{"build-graph", "--graphs", graphs, "--report-id", "wuhan",
		"--forum", filepath.Join(fixtureDir, "logs", "forum.log")}, states...)...)
	if code != ExitOK {
		t.Fatalf("build-graph: exit %d: %s", code, errOut)
	}
	out := t.TempDir()
	code, _, errOut = run(t, "report", "--llm", "offline", "--graphs", graphs, "--graph", "wuhan", "--out", out)
	if code != ExitOK {
		t.Fatalf("report: exit %d: %s", code, errOut)
	}
	got := forumLines(readDoc(t, filepath.Join(out, "wuhan")).Metadata.Notices)
	// the log's banner says 2025-08-27 12:11:56, 1.76 days after insight's
	// updated_at 2025-08-25T18:02:14 (the nearest state file time)
	if len(got) != 1 || !strings.Contains(got[0], "论坛记录始于 2025-08-27 12:11") || !strings.Contains(got[0], "相差 1.8 天") {
		t.Errorf("forum notices %q, want one notice of a log that started 2025-08-27 12:11, 1.8 days away", got)
	}
}

// The report's summary states each fact once: the English warning, not
// also the reader's Chinese notice made from it (the fixture's summary
// printed the forum log, the queries and the engines' starts twice); the
// document keeps the notice.
func TestReportSummaryWarnsOnce(t *testing.T) {
	later := forumLogCases(t)[0]
	base := t.TempDir()
	code, out, errOut := run(t, append([]string{"report", "--llm", "offline", "--report-id", "f", "--graphs", filepath.Join(base, "graphs"),
		"--out", filepath.Join(base, "reports"), "--forum", later.log}, sampleStates(t)...)...)
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if got := forumLines(strings.Split(out, "\n")); len(got) != 0 {
		t.Errorf("summary prints the forum log as a notice: %q", got)
	}
	if !strings.Contains(out, "  - forum log ") {
		t.Errorf("summary lacks the forum log's warning:\n%s", out)
	}
	if got := forumLines(readDoc(t, filepath.Join(base, "reports", "f")).Metadata.Notices); len(got) != 1 {
		t.Errorf("document notices %q, want the forum notice", got)
	}
}
