package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// build-graph warns about a forum log with no entries and about one whose
// monitor start is days from the state files' times; the example's own
// log (same day) gets neither warning.
func TestBuildGraphForumLogNotes(t *testing.T) {
	example, err := os.ReadFile(repoPath("examples", "coffee-shop", "logs", "forum.log"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	// The example's states are of 2024-10-01 10:00-10:24 (the latest, insight updated_at 10:24:10): 2024-10-05 10:00 is 3.98 days later.
	later := strings.Replace(string(example), "2024-10-01 10:00:00", "2024-10-05 10:00:00", 1)
	if later == string(example) {
		t.Fatal("the example forum log has no 2024-10-01 10:00:00 banner")
	}
	nextMorning := strings.Replace(string(example), "2024-10-01 10:00:00", "2024-10-02 09:00:00", 1)
	tests := []struct {
		name, log string
		want      string // "" for no forum-log warning
	}{
		{"empty", write("empty.log", ""), "holds no entries"},
		{"white space only", write("blank.log", "\n\n  \n"), "holds no entries"},
		{"no timestamped line", write("notes.log", "# 会议记录\n[附] 这不是论坛日志\n"), "has no timestamped line ([HH:MM:SS] [SPEAKER] content): is it a forum log?"},
		{"days away", write("later.log", later), "started 2024-10-05 10:00:00, 4.0 days from the nearest state file time (insight 2024-10-01T10:24:10.660381): is it from another run?"},
		{"within a day", write("next.log", nextMorning), ""},
		{"same run", repoPath("examples", "coffee-shop", "logs", "forum.log"), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := run(t, append([]string{"build-graph", "--graphs", t.TempDir(), "--report-id", "f", "--forum", tt.log}, sampleStates(t)...)...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			all := out + errOut
			if tt.want == "" {
				if strings.Contains(all, "forum log "+tt.log) {
					t.Errorf("unexpected forum log warning:\n%s", all)
				}
				return
			}
			if !strings.Contains(all, "forum log "+tt.log+" ") || !strings.Contains(all, tt.want) {
				t.Errorf("output lacks %q about %s:\n%s", tt.want, tt.log, all)
			}
		})
	}
}

// The report shows a misdated or empty forum log to its reader as a
// Chinese notice (the English warning stays on stderr and in the
// manifest); the example's own log gives no forum notice.
func TestReportForumLogNotice(t *testing.T) {
	dir := t.TempDir()
	for _, tt := range forumLogCases(t) {
		t.Run(tt.name, func(t *testing.T) {
			out := filepath.Join(dir, tt.name)
			code, _, errOut := run(t, append([]string{"report", "--llm", "offline", "--report-id", "f", "--graphs", filepath.Join(out, "graphs"),
				"--out", out, "--forum", tt.log}, sampleStates(t)...)...)
			if code != ExitOK {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			notices := strings.Join(readDoc(t, filepath.Join(out, "f")).Metadata.Notices, "\n")
			if tt.want == nil && strings.Contains(notices, "论坛记录") {
				t.Errorf("unexpected forum notice:\n%s", notices)
			}
			for _, w := range tt.want {
				if !strings.Contains(notices, w) {
					t.Errorf("notices lack %q:\n%s", w, notices)
				}
			}
			if strings.Contains(notices, "forum log") {
				t.Errorf("the English warning reached the reader:\n%s", notices)
			}
		})
	}
}
