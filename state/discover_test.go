package state

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func runStrings(runs []Run) []string {
	var out []string
	for _, r := range runs {
		out = append(out, r.String())
	}
	return out
}

// The real fixture folder holds three runs: the complete one of
// 2025-08-25 18:02:14, a later query-only run (2025-08-27 12:30:55, the
// query engine's newest file) and an earlier media file within the hour
// of the complete run, which cannot join it (media is taken) and so is a
// run of its own.
func TestDiscoverFixtures(t *testing.T) {
	needFixtures(t)
	runs, err := Discover([]string{fixtureDir})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"20250827_123055 (query)",
		"20250825_180214 (query, media, insight)",
		"20250825_175347 (media)",
	}
	if got := runStrings(runs); strings.Join(got, "; ") != strings.Join(want, "; ") {
		t.Fatalf("runs = %q, want %q", got, want)
	}
	r, note, err := PickRun(runs, "")
	if err != nil || r.Stamp != "20250825_180214" || note != "" {
		t.Errorf("PickRun = %v, %q, %v; want the complete run", r, note, err)
	}
	for _, f := range r.Files {
		if filepath.Base(f.Path) != "state_武汉大学_20250825_180214.json" {
			t.Errorf("picked %s", f.Path)
		}
	}
	// The picked run loads as one run without any option (B13).
	if l, err := Load(r.Inputs(), LoadOptions{}); err != nil || len(l.States) != 3 || l.QueryNote == "" {
		t.Errorf("Load of the picked run: %v", err)
	}
	// A run picked by its stamp that lacks engines says which.
	for _, tc := range []struct{ stamp, want, note string }{
		{"20250827_123055", "20250827_123055", "run 20250827_123055 has no media or insight state file: those engines are left out"},
		{"20250825175347", "20250825_175347", "run 20250825_175347 has no query or insight state file: those engines are left out"},
		{"20250825_180214", "20250825_180214", ""},
	} {
		if r, note, err := PickRun(runs, tc.stamp); err != nil || r.Stamp != tc.want || note != tc.note {
			t.Errorf("PickRun(%q) = %v, %q, %v; want run %s, note %q", tc.stamp, r, note, err, tc.want, tc.note)
		}
	}
	if _, _, err := PickRun(runs, "20250101_000000"); err == nil || !strings.Contains(err.Error(), "20250825_180214 (query, media, insight)") {
		t.Errorf("PickRun of an unknown stamp: %v, want an error listing the runs", err)
	}
	// One engine folder: two partial runs; the newest is picked, with a note.
	runs, err = Discover([]string{filepath.Join(fixtureDir, "query_engine_streamlit_reports")})
	if err != nil {
		t.Fatal(err)
	}
	r, note, err = PickRun(runs, "")
	if err != nil || r.Stamp != "20250827_123055" || !strings.Contains(note, "no run has all three engines") {
		t.Errorf("engine folder: PickRun = %v, %q, %v", r, note, err)
	}
}

// Files without a stamp in their name are grouped by modification time.
func TestDiscoverByModTime(t *testing.T) {
	dir := writeStates(t, map[string]string{
		"query_engine_streamlit_reports/a.json":     `{}`,
		"media_engine_streamlit_reports/b.json":     `{}`,
		"insight_engine_streamlit_reports/c.json":   `{}`,
		"insight_engine_streamlit_reports/old.json": `{}`,
		"insight_engine_streamlit_reports/notes.md": `x`,
	})
	t0 := time.Date(2025, 3, 1, 10, 0, 0, 0, time.UTC)
	for name, at := range map[string]time.Time{
		"query_engine_streamlit_reports/a.json":     t0,
		"media_engine_streamlit_reports/b.json":     t0.Add(5 * time.Minute),
		"insight_engine_streamlit_reports/c.json":   t0.Add(20 * time.Minute),
		"insight_engine_streamlit_reports/old.json": t0.Add(-3 * time.Hour),
	} {
		if err := os.Chtimes(filepath.Join(dir, name), at, at); err != nil {
			t.Fatal(err)
		}
	}
	runs, err := Discover([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	want := "20250301_102000 (query, media, insight); 20250301_070000 (insight)"
	if got := strings.Join(runStrings(runs), "; "); got != want {
		t.Errorf("runs = %q, want %q", got, want)
	}
	if _, err := Discover([]string{t.TempDir()}); !errors.Is(err, ErrNoEngines) {
		t.Errorf("empty folder: %v, want ErrNoEngines", err)
	}
}
