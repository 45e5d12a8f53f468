package state

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// The real BettaFish output, read in place (never copied into the repo).
var fixtureDir = filepath.Join("..", "..", "shared", "fixtures", "bettafish")

func fixture(engine Engine, name string) string {
	return filepath.Join(fixtureDir, string(engine)+"_engine_streamlit_reports", name)
}

// fixtureFiles lists every state file of the fixtures with its engine,
// skipping the test when ../shared is absent (needFixtures).
func fixtureFiles(t testing.TB) []Input {
	t.Helper()
	needFixtures(t)
	var ins []Input
	for _, e := range Engines {
		paths, err := filepath.Glob(fixture(e, "state_*.json"))
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range paths {
			ins = append(ins, Input{Engine: e, Path: p})
		}
	}
	if len(ins) == 0 {
		t.Fatalf("no state files under %s: the shared fixtures must sit at ../shared from the project root", fixtureDir)
	}
	return ins
}

// Independent decoding with encoding/json, for comparison.
type refState struct {
	Query       string         `json:"query"`
	ReportTitle string         `json:"report_title"`
	FinalReport string         `json:"final_report"`
	IsCompleted bool           `json:"is_completed"`
	CreatedAt   string         `json:"created_at"`
	UpdatedAt   string         `json:"updated_at"`
	Paragraphs  []refParagraph `json:"paragraphs"`
}

type refParagraph struct {
	Title    string `json:"title"`
	Content  string `json:"content"`
	Order    *int   `json:"order"`
	Research *struct {
		SearchHistory []struct {
			Query     string   `json:"query"`
			URL       string   `json:"url"`
			Title     string   `json:"title"`
			Content   string   `json:"content"`
			Score     *float64 `json:"score"`
			Timestamp string   `json:"timestamp"`
		} `json:"search_history"`
		LatestSummary       string `json:"latest_summary"`
		ReflectionIteration int    `json:"reflection_iteration"`
		IsCompleted         bool   `json:"is_completed"`
	} `json:"research"`
}

// Every field of every record of every fixture equals what encoding/json
// reads from the same file.
func TestParseFixturesMatchEncodingJSON(t *testing.T) {
	needFixtures(t)
	longest := 0 // longest record content, in characters, over all files
	for _, in := range fixtureFiles(t) {
		data, err := os.ReadFile(in.Path)
		if err != nil {
			t.Fatal(err)
		}
		got, err := ParseFile(in)
		if err != nil {
			t.Fatalf("%s: ParseFile: %v", in.Path, err)
		}
		name := filepath.Base(filepath.Dir(in.Path)) + "/" + filepath.Base(in.Path)
		if got.Engine != in.Engine || got.Path != in.Path {
			t.Errorf("%s: Engine, Path = %q, %q", name, got.Engine, got.Path)
		}
		longest = max(longest, matchEncodingJSON(t, name, data, got))
	}
	// BettaFish's StateParser cuts content to 200 characters; the fixtures
	// hold longer texts, so the equality above shows nothing was cut.
	if longest <= 200 {
		t.Errorf("longest record content is %d characters; the fixtures have longer ones", longest)
	}
}

// matchEncodingJSON decodes data with encoding/json and reports every field
// of got that differs; it returns the longest record content in
// characters.
func matchEncodingJSON(t *testing.T, name string, data []byte, got *State) (longest int) {
	t.Helper()
	var want refState
	if err := json.Unmarshal(data, &want); err != nil {
		t.Fatalf("%s: encoding/json: %v", name, err)
	}
	if got.Query != want.Query || got.ReportTitle != want.ReportTitle || got.FinalReport != want.FinalReport {
		t.Errorf("%s: Query, ReportTitle, FinalReport differ: %q %q (%d bytes) vs %q %q (%d bytes)", name,
			got.Query, got.ReportTitle, len(got.FinalReport), want.Query, want.ReportTitle, len(want.FinalReport))
	}
	if got.Completed != want.IsCompleted || got.CreatedAt != want.CreatedAt || got.UpdatedAt != want.UpdatedAt {
		t.Errorf("%s: Completed, CreatedAt, UpdatedAt = %v %q %q, want %v %q %q", name,
			got.Completed, got.CreatedAt, got.UpdatedAt, want.IsCompleted, want.CreatedAt, want.UpdatedAt)
	}
	if len(got.Paragraphs) != len(want.Paragraphs) {
		t.Fatalf("%s: %d paragraphs, want %d", name, len(got.Paragraphs), len(want.Paragraphs))
	}
	wantRecords := 0
	for i, wp := range want.Paragraphs {
		gp := got.Paragraphs[i]
		if gp.Position != i || gp.Title != wp.Title || gp.Content != wp.Content {
			t.Errorf("%s paragraphs[%d]: Position, Title, Content = %d %q %q, want %d %q %q", name, i,
				gp.Position, gp.Title, gp.Content, i, wp.Title, wp.Content)
		}
		if (gp.Order == nil) != (wp.Order == nil) || (gp.Order != nil && *gp.Order != *wp.Order) {
			t.Errorf("%s paragraphs[%d]: Order = %s, want %s", name, i, fmtPtr(gp.Order), fmtPtr(wp.Order))
		}
		if wp.Research == nil {
			t.Fatalf("%s paragraphs[%d]: the fixture has no research", name, i)
		}
		wr := wp.Research
		if gp.LatestSummary != wr.LatestSummary || gp.ReflectionIteration != wr.ReflectionIteration || gp.Completed != wr.IsCompleted {
			t.Errorf("%s paragraphs[%d]: research = %q %d %v, want %q %d %v", name, i,
				gp.LatestSummary, gp.ReflectionIteration, gp.Completed, wr.LatestSummary, wr.ReflectionIteration, wr.IsCompleted)
		}
		if len(gp.Searches) != len(wr.SearchHistory) {
			t.Errorf("%s paragraphs[%d]: %d records, want %d", name, i, len(gp.Searches), len(wr.SearchHistory))
			continue
		}
		wantRecords += len(wr.SearchHistory)
		for j, w := range wr.SearchHistory {
			g := gp.Searches[j]
			at := name + " paragraphs[" + strconv.Itoa(i) + "].research.search_history[" + strconv.Itoa(j) + "]"
			if g.Index != j {
				t.Errorf("%s: Index = %d", at, g.Index)
			}
			if g.Query != w.Query {
				t.Errorf("%s: Query = %q, want %q", at, g.Query, w.Query)
			}
			if g.URL != w.URL {
				t.Errorf("%s: URL = %q, want %q", at, g.URL, w.URL)
			}
			if g.Title != w.Title {
				t.Errorf("%s: Title = %q, want %q", at, g.Title, w.Title)
			}
			if g.Content != w.Content {
				t.Errorf("%s: Content differs (%d vs %d bytes)", at, len(g.Content), len(w.Content))
			}
			if (g.Score == nil) != (w.Score == nil) || (g.Score != nil && *g.Score != *w.Score) {
				t.Errorf("%s: Score = %s, want %s", at, fmtPtr(g.Score), fmtPtr(w.Score))
			}
			if g.Timestamp != w.Timestamp {
				t.Errorf("%s: Timestamp = %q, want %q", at, g.Timestamp, w.Timestamp)
			}
			longest = max(longest, utf8.RuneCountInString(g.Content))
		}
	}
	if n := got.RecordCount(); n != wantRecords {
		t.Errorf("%s: RecordCount = %d, want %d", name, n, wantRecords)
	}
	return longest
}

// Counts of the reference (§9 of bettafish-reportengine.md), measured on
// the same files by the reference's authors.
func TestParseFixtureCounts(t *testing.T) {
	needFixtures(t)
	tests := []struct {
		engine              Engine
		file                string
		query               string
		paragraphs, records int
		withURL             int
		nullScores          bool
	}{
		{EngineInsight, "state_武汉大学_20250825_180214.json", "武汉大学", 5, 50, 31, false},
		{EngineMedia, "state_武汉大学_20250825_175347.json", "武汉大学", 5, 150, 150, true},
		{EngineMedia, "state_武汉大学_20250825_180214.json", "武汉大学舆情", 5, 150, 150, true},
		{EngineQuery, "state_武汉大学_20250825_180214.json", "武汉大学", 5, 98, 98, false},
		{EngineQuery, "state_武汉大学舆情_20250827_123055.json", "武汉大学舆情", 5, 99, 99, false},
	}
	for _, tt := range tests {
		st, err := ParseFile(Input{Engine: tt.engine, Path: fixture(tt.engine, tt.file)})
		if err != nil {
			t.Errorf("%s/%s: %v", tt.engine, tt.file, err)
			continue
		}
		withURL, nullScores := 0, 0
		for _, p := range st.Paragraphs {
			for _, r := range p.Searches {
				if r.URL != "" {
					withURL++
				}
				if r.Score == nil {
					nullScores++
				}
			}
		}
		if st.Query != tt.query || len(st.Paragraphs) != tt.paragraphs || st.RecordCount() != tt.records {
			t.Errorf("%s/%s: query %q, %d paragraphs, %d records; want %q, %d, %d", tt.engine, tt.file,
				st.Query, len(st.Paragraphs), st.RecordCount(), tt.query, tt.paragraphs, tt.records)
		}
		if withURL != tt.withURL {
			t.Errorf("%s/%s: %d records with a URL, want %d", tt.engine, tt.file, withURL, tt.withURL)
		}
		if tt.nullScores && nullScores != tt.records || !tt.nullScores && nullScores != 0 {
			t.Errorf("%s/%s: %d null scores of %d records (media writes null, the others floats)", tt.engine, tt.file, nullScores, tt.records)
		}
	}
}

func TestEngineFromPathFixtures(t *testing.T) {
	needFixtures(t)
	for _, in := range fixtureFiles(t) {
		e, err := EngineFromPath(in.Path)
		if err != nil || e != in.Engine {
			t.Errorf("EngineFromPath(%s) = %q, %v; want %q", in.Path, e, err, in.Engine)
		}
		got, err := ParseArg(in.Path)
		if err != nil || got != in {
			t.Errorf("ParseArg(%s) = %+v, %v; want %+v", in.Path, got, err, in)
		}
	}
}

// B13 on real data: the three files of the 18:02:14 run, where the media
// engine researched "武汉大学舆情" and the others "武汉大学", are one run (the
// queries contain one another): they load without any option, and the
// differing queries are noted.
func TestLoadFixturesOneRun(t *testing.T) {
	needFixtures(t)
	const run = "state_武汉大学_20250825_180214.json"
	inputs := []Input{
		{EngineInsight, fixture(EngineInsight, run)},
		{EngineMedia, fixture(EngineMedia, run)},
		{EngineQuery, fixture(EngineQuery, run)},
	}
	l, err := Load(inputs, LoadOptions{})
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	if len(l.States) != 3 || l.States[0].Engine != EngineQuery || l.States[1].Engine != EngineMedia || l.States[2].Engine != EngineInsight {
		t.Fatalf("States not in canonical order: %v", engineList(l.States))
	}
	if topic := l.Topic(); topic != "武汉大学" {
		t.Errorf("Topic = %q, want 武汉大学 (2 of 3 states)", topic)
	}
	if l.Unrelated {
		t.Error("Unrelated = true for one run")
	}
	for _, part := range []string{"the queries contain one another", `query="武汉大学"`, `media="武汉大学舆情"`, `insight="武汉大学"`} {
		if !strings.Contains(l.QueryNote, part) {
			t.Errorf("QueryNote = %q, want it to contain %q", l.QueryNote, part)
		}
	}
	if len(l.Warnings) != 0 || len(l.Unavailable) != 0 {
		t.Errorf("Warnings %v, Unavailable %v; want none", l.Warnings, l.Unavailable)
	}

	// The media run of 17:53:47 researched the same query as the others.
	inputs[1].Path = fixture(EngineMedia, "state_武汉大学_20250825_175347.json")
	l, err = Load(inputs, LoadOptions{})
	if err != nil {
		t.Fatalf("Load with matching queries: %v", err)
	}
	if topic := l.Topic(); topic != "武汉大学" || len(l.States) != 3 || l.QueryNote != "" {
		t.Errorf("Topic %q, %d states, note %q; want 武汉大学, 3, no note", topic, len(l.States), l.QueryNote)
	}
}

func engineList(states []*State) string {
	var names []string
	for _, st := range states {
		names = append(names, string(st.Engine))
	}
	return strings.Join(names, ",")
}

// needFixtures skips the test when ../shared is absent (a clone outside the
// workplace); CI requires the folder (.ci/run), so there it always runs.
func needFixtures(t testing.TB) {
	t.Helper()
	if _, err := os.Stat(fixtureDir); err != nil {
		t.Skipf("shared fixtures not available at %s: %v", fixtureDir, err)
	}
}
