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
	// The complete run, with the media file whose engine started with
	// the others: the one named …_180214 was created on 2025-08-24 at
	// 19:19, 22 hours before query and insight (17:38 on 2025-08-25);
	// …_175347 at 17:38:22 with them (before: the …_180214 file, 22 hours
	// apart, with no word of it).
	r, note, err := PickRun(runs, "")
	if err != nil || r.Stamp != "20250825_180214" || !strings.Contains(note, "state_武汉大学_20250825_175347.json (started 2025-08-25 17:38) instead of") ||
		!strings.Contains(note, "(started 2025-08-24 19:19)") {
		t.Errorf("PickRun = %v, %q, %v; want the complete run with the closest media file, named", r, note, err)
	}
	want = []string{"state_武汉大学_20250825_180214.json", "state_武汉大学_20250825_175347.json", "state_武汉大学_20250825_180214.json"}
	for i, f := range r.Files {
		if filepath.Base(f.Path) != want[i] || f.Engine != Engines[i] {
			t.Errorf("picked %s %s, want %s", f.Engine, f.Path, want[i])
		}
	}
	// The picked run loads as one run without any option (B13), its
	// engines started together: no start note (and, all three having
	// researched 武汉大学, no query note).
	if l, err := Load(r.Inputs(), LoadOptions{}); err != nil || len(l.States) != 3 || l.StartNote != "" || l.QueryNote != "" {
		t.Errorf("Load of the picked run: %v; start note %q, query note %q", err, l.StartNote, l.QueryNote)
	}
	// The files named alike, given as such, load with a note naming each
	// engine's start date.
	same := []Input{
		{Engine: EngineQuery, Path: filepath.Join(fixtureDir, "query_engine_streamlit_reports", "state_武汉大学_20250825_180214.json")},
		{Engine: EngineMedia, Path: filepath.Join(fixtureDir, "media_engine_streamlit_reports", "state_武汉大学_20250825_180214.json")},
		{Engine: EngineInsight, Path: filepath.Join(fixtureDir, "insight_engine_streamlit_reports", "state_武汉大学_20250825_180214.json")},
	}
	l, err := Load(same, LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if wantNote := "the engines started 22h apart (more than 3h): query 2025-08-25 17:38, media 2025-08-24 19:19, insight 2025-08-25 17:38; are they one research run?"; l.StartNote != wantNote {
		t.Errorf("start note %q, want %q", l.StartNote, wantNote)
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
