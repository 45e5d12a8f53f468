package cli

import (
	"encoding/json"
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"reportengine/llm"
	"reportengine/prompts"
)

// recordsOracle reads the fixture's state files with encoding/json alone
// (no package of ours): every search record's time stamp and URL.
func recordsOracle(t *testing.T, paths []string) (from, to string, records, withURL int) {
	t.Helper()
	for _, p := range paths {
		raw, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		var st struct {
			Paragraphs []struct {
				Research struct {
					SearchHistory []struct {
						URL       string `json:"url"`
						Timestamp string `json:"timestamp"`
					} `json:"search_history"`
				} `json:"research"`
			} `json:"paragraphs"`
		}
		if err := json.Unmarshal(raw, &st); err != nil {
			t.Fatal(err)
		}
		for _, para := range st.Paragraphs {
			for _, r := range para.Research.SearchHistory {
				records++
				if strings.TrimSpace(r.URL) != "" {
					withURL++
				}
				if r.Timestamp != "" && (from == "" || r.Timestamp < from) {
					from = r.Timestamp
				}
				if r.Timestamp > to {
					to = r.Timestamp
				}
			}
		}
	}
	return from, to, records, withURL
}

// The scripted-server check of issue 22: a report written through an
// OpenAI-compatible server (scripted: it answers with the offline
// writer) gets the computed 舆情 essentials in its chapter prompts — the
// monitoring window and volume counted from the records, the platform
// split, the timeline, the top sites and the forum's headline figures
// with their citations, each block under the sub-point the template asks
// for it — and each sub-point's web sources before the engines' own
// paragraphs (the primary-source rule); the report it writes passes the
// analyst checklist's chart and KPI checks as the offline one does.
func TestScriptedEssentialsReachPrompts(t *testing.T) {
	if _, err := os.Stat(fixtureDir); err != nil {
		t.Skipf("shared fixtures not available at %s: %v", fixtureDir, err)
	}
	var states []string
	for _, e := range []string{"query", "media", "insight"} {
		states = append(states, filepath.Join(fixtureDir, e+"_engine_streamlit_reports", "state_武汉大学_20250825_180214.json"))
	}
	p, srv := newFakeProvider(t, good)
	base := t.TempDir()
	args := append([]string{"report", "--report-id", "scripted", "--out", filepath.Join(base, "reports"),
		"--graphs", filepath.Join(base, "graphs"), "--forum", filepath.Join(fixtureDir, "logs", "forum.log"),
		"--template", "社会公共热点事件分析报告模板", "--timeout", "10s"}, states...)
	code, out, errs := runEnv(t, pipelineEnv(srv), args...)
	if code != ExitOK {
		t.Fatalf("exit %d\n%s\n%s", code, out, errs)
	}
	dir := filepath.Join(base, "reports", "scripted")
	ev := readEvidence(t, dir)
	known := map[string]bool{}
	for _, it := range ev.Items {
		known[it.ID] = true
	}

	// the chapter prompts as the server received them
	type prompt struct {
		system string
		in     prompts.ChapterInput
	}
	var chapters []prompt
	p.mu.Lock()
	bodies := slices.Clone(p.bodies)
	p.mu.Unlock()
	for _, b := range bodies {
		var req struct {
			Messages []llm.Message `json:"messages"`
		}
		if err := json.Unmarshal([]byte(b), &req); err != nil || len(req.Messages) < 2 {
			t.Fatalf("request body: %v", err)
		}
		var in prompts.ChapterInput
		if json.Unmarshal([]byte(req.Messages[len(req.Messages)-1].Content), &in) == nil && in.Task == prompts.TaskChapter {
			chapters = append(chapters, prompt{req.Messages[0].Content, in})
		}
	}
	if len(chapters) != 6 {
		t.Fatalf("%d chapter prompts, want 6", len(chapters))
	}

	from, to, records, withURL := recordsOracle(t, states)
	placed := map[string]string{} // block → chapter id
	var all prompts.Essentials    // the blocks, gathered from the chapters they are placed in
	for _, c := range chapters {
		es := c.in.Essentials
		if es == nil {
			t.Fatalf("%s: no essentials in the prompt", c.in.Section.ChapterID)
		}
		if !strings.Contains(c.system, "essentials") || !strings.Contains(c.system, "本次数据中没有") {
			t.Errorf("%s: the system prompt does not explain the essentials", c.in.Section.ChapterID)
		}
		// the window and volume, counted from the records (oracle: the
		// state files read with encoding/json)
		if want := strings.Replace(from, "T", " ", 1)[:16]; es.Window.From != want || es.Window.To != strings.Replace(to, "T", " ", 1)[:16] {
			t.Errorf("%s: window %s – %s, want %s – %s", c.in.Section.ChapterID, es.Window.From, es.Window.To, from, to)
		}
		if es.Volume.Records != records || es.Volume.WithURL != withURL {
			t.Errorf("%s: volume %+v, want %d records, %d with a URL", c.in.Section.ChapterID, es.Volume, records, withURL)
		}
		for b, title := range es.Place {
			if !slices.Contains(c.in.Section.Outline, title) {
				t.Errorf("%s: block %s placed under %q, no sub-point of the chapter", c.in.Section.ChapterID, b, title)
			}
			if prev, dup := placed[b]; dup {
				t.Errorf("block %s placed in %s and %s", b, prev, c.in.Section.ChapterID)
			}
			placed[b] = c.in.Section.ChapterID
		}
		all.Platforms = append(all.Platforms, es.Platforms...)
		all.Timeline = append(all.Timeline, es.Timeline...)
		all.TopSources = append(all.TopSources, es.TopSources...)
		all.Figures = append(all.Figures, es.Figures...)
		// the primary-source rule: a sub-point offers its web sources
		// before the engines' paragraphs and the forum's speeches
		for _, sp := range c.in.SubPoints {
			engineSeen := false
			for _, r := range sp.Evidence {
				web := r.URL != "" && (r.Kind == "source" || r.Kind == "title")
				if web && engineSeen {
					t.Errorf("%s %q: web source %s offered after an engine paragraph", c.in.Section.ChapterID, sp.Title, r.ID)
					break
				}
				engineSeen = engineSeen || !web
			}
		}
	}
	if want := map[string]string{"volume": "S1", "timeline": "S2", "platforms": "S3", "sentiment": "S4"}; !maps.Equal(placed, want) {
		t.Errorf("blocks placed in %v, want %v", placed, want)
	}
	// the platform split covers every record, in percent of all records
	sum, n := 0.0, 0
	for _, pl := range all.Platforms {
		sum += pl.Percent
		n += pl.Records
	}
	if n != records || math.Abs(sum-100) > 1 {
		t.Errorf("platform split: %d records, %.1f %%, want %d and 100", n, sum, records)
	}
	if len(all.Timeline) < 5 || len(all.TopSources) == 0 {
		t.Errorf("timeline %d events, %d top sites", len(all.Timeline), len(all.TopSources))
	}
	// every number is cited to an item the report can resolve
	cites := 0
	for _, pl := range all.Platforms {
		for _, id := range pl.Cite {
			cites++
			if !known[id] {
				t.Errorf("platform %s cites %s, not in evidence.json", pl.Platform, id)
			}
		}
	}
	for _, e := range all.Timeline {
		if !known[e.Cite] || !strings.Contains(e.Text, e.Date[:4]) {
			t.Errorf("event %+v: cite unknown or its text has not its year", e)
		}
	}
	// the forum's headline figures, with their citations
	var raws []string
	for _, f := range all.Figures {
		raws = append(raws, f.Raw)
		if !known[f.ItemID] {
			t.Errorf("figure %s cites %s, not in evidence.json", f.Raw, f.ItemID)
		}
	}
	// the topic event's (the library case's) figures reach the prompts;
	// the forum's 28.7亿次 and 186% are the totals of five other events
	for _, w := range []string{"10万", "8,700篇"} {
		if !slices.Contains(raws, w) {
			t.Errorf("the headline figure %s did not reach the prompts (%v)", w, raws)
		}
	}
	for _, w := range []string{"28.7亿次", "186%"} {
		if slices.Contains(raws, w) {
			t.Errorf("another event's figure %s reached the prompts as a key figure (%v)", w, raws)
		}
	}
	// the report written from the model's replies: the headline figures
	// are printed and the checklist's chart and KPI checks hold
	md := readFile(t, filepath.Join(dir, "report.md"))
	for _, w := range []string{"8,700篇", "采集时间"} {
		if !strings.Contains(md, w) {
			t.Errorf("report.md lacks %q", w)
		}
	}
	c := measureChecklist(t, dir)
	t.Logf("scripted report: web sources cited %d of %d; part-to-whole charts summing to 100±2: %d of %d; KPIs traced %d of %d; printed twice %d; empty subsections %d of %d",
		c.WebCited, c.Refs, c.PartChartsWhole, c.PartCharts, c.KPIsTraced, c.KPIs, len(c.Repeated), len(c.Empty), c.Subsections)
	if c.PartChartsWhole != c.PartCharts {
		t.Errorf("%d of %d part-to-whole charts sum to 100 ± 2: %q", c.PartChartsWhole, c.PartCharts, c.PartBad)
	}
	if c.KPIsTraced != c.KPIs {
		t.Errorf("%d of %d KPI cards traced to their passage", c.KPIsTraced, c.KPIs)
	}
}
