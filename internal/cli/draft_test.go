package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"reportengine/evidence"
	"reportengine/ir"
	"reportengine/nodes"
	"reportengine/prompts"
	"reportengine/templates"
)

// ---- the report as a first draft (issue: evidence planned across chapters) ----

// draftStats is what an analyst checks in document_ir.json, computed here
// from the JSON alone: paragraphs (paragraph blocks anywhere, list items
// and cells included) of 20+ characters without their citation marks,
// which chapters each occurs in, and whether it carries a citation link to
// an entry of the reference list.
type draftStats struct {
	paragraphs int // of 20+ characters
	repeated   int // distinct paragraphs found in two or more chapters
	distinct   int
	cited      int // paragraphs with a link to #ref-N that names a listed source
}

var (
	refNum  = regexp.MustCompile(`^\[(\d+)\]$`)
	refNums = regexp.MustCompile(`^(?:\[\d+\])+$`)
)

func measureDraft(t *testing.T, doc *ir.Document) draftStats {
	t.Helper()
	var st draftStats
	where := map[string]map[string]bool{}
	var walk func(ch string, bs []ir.Block)
	walk = func(ch string, bs []ir.Block) {
		for _, b := range bs {
			if b.Type == ir.TypeParagraph {
				var text strings.Builder
				cite := false
				for _, in := range b.Inlines {
					if refNum.MatchString(in.Text) {
						for _, m := range in.Marks {
							if m.Type == "link" && m.Href == "#ref-"+refNum.FindStringSubmatch(in.Text)[1] {
								n, _ := strconv.Atoi(refNum.FindStringSubmatch(in.Text)[1])
								if n >= 1 && n <= len(doc.Sources) {
									cite = true
								}
							}
						}
						continue
					}
					text.WriteString(in.Text)
				}
				key := strings.TrimSpace(text.String())
				if len([]rune(key)) >= 20 {
					st.paragraphs++
					if cite {
						st.cited++
					}
					if where[key] == nil {
						where[key] = map[string]bool{}
					}
					where[key][ch] = true
				}
			}
			walk(ch, b.Blocks)
			for _, it := range b.ListItems {
				walk(ch, it)
			}
			for _, r := range b.Rows {
				for _, c := range r.Cells {
					walk(ch, c.Blocks)
				}
			}
		}
	}
	for _, c := range doc.Chapters {
		walk(c.ChapterID, c.Blocks)
	}
	st.distinct = len(where)
	for _, chs := range where {
		if len(chs) > 1 {
			st.repeated++
		}
	}
	return st
}

func readDoc(t *testing.T, dir string) *ir.Document {
	t.Helper()
	var doc ir.Document
	if err := json.Unmarshal([]byte(readFile(t, filepath.Join(dir, "document_ir.json"))), &doc); err != nil {
		t.Fatal(err)
	}
	return &doc
}

func readEvidence(t *testing.T, dir string) nodes.EvidenceFile {
	t.Helper()
	var ev nodes.EvidenceFile
	if err := json.Unmarshal([]byte(readFile(t, filepath.Join(dir, "evidence.json"))), &ev); err != nil {
		t.Fatal(err)
	}
	return ev
}

// chartValues are the values a chart may show: the figures of the
// evidence (planned, and the essentials' figures) and the platform
// shares the essentials counted from the records.
func chartValues(ev nodes.EvidenceFile) map[float64]bool {
	vals := map[float64]bool{}
	for _, f := range ev.Figures {
		vals[f.Value] = true
	}
	if es := ev.Essentials; es != nil {
		for _, f := range es.Figures {
			vals[f.Value] = true
		}
		for _, p := range es.Platforms {
			vals[p.Percent] = true
		}
	}
	return vals
}

// checkDraft asserts the thresholds on a written report.
func checkDraft(t *testing.T, dir string) {
	t.Helper()
	doc := readDoc(t, dir)
	m := readManifest(t, dir)
	st := measureDraft(t, doc)
	t.Logf("paragraphs %d, distinct %d, repeated %d, cited %d, sources %d", st.paragraphs, st.distinct, st.repeated, st.cited, len(doc.Sources))
	if st.paragraphs < 20 {
		t.Fatalf("only %d paragraphs of 20+ characters", st.paragraphs)
	}
	if share := float64(st.repeated) / float64(st.distinct); share > 0.05 {
		t.Errorf("%.1f%% of paragraphs occur in more than one chapter (max 5%%)", 100*share)
	}
	if share := float64(st.cited) / float64(st.paragraphs); share < 0.8 {
		t.Errorf("%.1f%% of paragraphs carry a citation that resolves to a listed source (min 80%%)", 100*share)
	}
	// every template sub-point is a subsection, in order
	tpl, err := templates.Lookup(m.Template)
	if err != nil {
		t.Fatal(err)
	}
	for i, sec := range tpl.Sections {
		var got []string
		for _, b := range doc.Chapters[i].Blocks {
			if b.Type == ir.TypeHeading && b.Level == 3 {
				got = append(got, b.Text)
			}
		}
		if strings.Join(got, "|") != strings.Join(sec.Outline, "|") {
			t.Errorf("%s subsections %q, want the template's sub-points %q", sec.ChapterID, got, sec.Outline)
		}
	}
	// no chart of the pipeline's own counts; at least one chart, its values
	// figures of the evidence it cites
	ev := readEvidence(t, dir)
	figVals := chartValues(ev)
	charts := 0
	for _, c := range doc.Chapters {
		for _, b := range c.Blocks {
			if b.Type != ir.TypeWidget || b.Data == nil {
				continue
			}
			charts++
			if b.Props != nil && strings.Contains(b.Props.Title, "引擎匹配") {
				t.Errorf("%s: chart of pipeline counts %q", c.ChapterID, b.Props.Title)
			}
			for _, ds := range b.Data.Datasets {
				for _, v := range ds.Data {
					if !figVals[v] {
						t.Errorf("%s chart %q: value %v is no figure of the evidence", c.ChapterID, b.Props.Title, v)
					}
				}
			}
		}
	}
	if charts == 0 {
		t.Error("no chart drawn from the figures in the text")
	}
	// hero KPIs are figures from the text (the plan's, or the essentials'
	// headline figures), each with a reference
	// — but none a forum speech alone states when the log is another
	// run's (the fixture's: its speeches' figures stay in the text)
	hero := doc.Metadata.Hero
	otherRun := strings.Contains(strings.Join(m.Warnings, "\n"), "is it from another run?")
	if len(hero.KPIs) < 2 && !otherRun {
		t.Errorf("hero has %d KPIs", len(hero.KPIs))
	}
	for _, k := range hero.KPIs {
		if otherRun && strings.HasSuffix(k.Label, prompts.ForumMark) {
			t.Errorf("hero card %q | %q: a figure of a forum log from another run", k.Label, k.Value)
		}
	}
	// a card's value is a figure as written, or a figure with the words
	// before it in its own clause (a bound: 引发超10万浏览量 → 超10万)
	raws := map[string]bool{}
	figs := ev.Figures
	if es := ev.Essentials; es != nil {
		figs = append(append([]evidence.Figure(nil), figs...), es.Figures...)
	}
	for _, f := range figs {
		raws[f.Raw] = true
	}
	isFigure := func(v string) bool {
		if raws[v] {
			return true
		}
		for _, f := range figs {
			if f.Raw != "" && strings.HasSuffix(v, f.Raw) && strings.Contains(f.Sentence, v) {
				return true
			}
		}
		return false
	}
	for _, k := range hero.KPIs {
		// "[6]", or "[6][13]": the page stating the figure, then its passage
		n := 0
		if refNums.MatchString(k.Source) {
			for _, m := range regexp.MustCompile(`\d+`).FindAllString(k.Source, -1) {
				if v, _ := strconv.Atoi(m); n == 0 || v < 1 || v > len(doc.Sources) {
					n = v
				}
			}
		}
		known := true // a card may show two values of one passage: "三十元→十二元"
		for _, v := range strings.Split(k.Value, "→") {
			known = known && isFigure(v)
		}
		if !known || n < 1 || n > len(doc.Sources) {
			t.Errorf("hero KPI %+v: not a figure of the text with a listed source", k)
		}
	}
	if strings.Contains(doc.Metadata.Title, "舆情舆情") || strings.Contains(doc.Metadata.Title, "报告报告") {
		t.Errorf("title %q", doc.Metadata.Title)
	}
	// the reference list holds only cited sources
	cited := map[string]bool{}
	for _, c := range doc.Chapters {
		for _, id := range c.Sources {
			cited[id] = true
		}
	}
	for _, s := range doc.Sources {
		if len(s.Chapters) == 0 && !strings.Contains(fmt.Sprint(hero.KPIs), s.ID) && !cited[s.ID] {
			// a hero-only source is listed under no chapter; it must be a KPI's
			found := false
			for i := range doc.Sources {
				for _, k := range hero.KPIs {
					if k.Source == "["+strconv.Itoa(i+1)+"]" && doc.Sources[i].ID == s.ID {
						found = true
					}
				}
			}
			if !found {
				t.Errorf("reference %s (%s) is cited nowhere", s.ID, s.Title)
			}
		}
	}
}

func TestReportDraftOfflineSample(t *testing.T) {
	base := t.TempDir()
	args := append([]string{"report", "--llm", "offline", "--report-id", "coffee", "--out", filepath.Join(base, "reports"),
		"--graphs", filepath.Join(base, "graphs"), "--forum", repoPath("examples", "coffee-shop", "logs", "forum.log")}, sampleStates(t)...)
	if code, out, errs := run(t, args...); code != ExitOK {
		t.Fatalf("exit %d\n%s\n%s", code, out, errs)
	}
	checkDraft(t, filepath.Join(base, "reports", "coffee"))
}

func TestReportDraftOfflineFixture(t *testing.T) {
	if _, err := os.Stat(fixtureDir); err != nil {
		t.Skipf("shared fixtures not available at %s: %v", fixtureDir, err)
	}
	base := t.TempDir()
	var states []string
	for _, e := range []string{"query", "media", "insight"} {
		states = append(states, filepath.Join(fixtureDir, e+"_engine_streamlit_reports", "state_武汉大学_20250825_180214.json"))
	}
	args := append([]string{"report", "--topic", "武汉大学", "--llm", "offline", "--report-id", "wuhan",
		"--out", filepath.Join(base, "reports"), "--graphs", filepath.Join(base, "graphs"),
		"--forum", filepath.Join(fixtureDir, "logs", "forum.log")}, states...)
	if code, out, errs := run(t, args...); code != ExitOK {
		t.Fatalf("exit %d\n%s\n%s", code, out, errs)
	}
	checkDraft(t, filepath.Join(base, "reports", "wuhan"))
}

// chapterPrompts decodes the chapter prompts the provider received, by chapter.
func chapterPrompts(t *testing.T, p *fakeProvider) map[string]struct {
	SubPoints []struct {
		Evidence []struct {
			ID string `json:"id"`
		} `json:"evidence"`
	} `json:"subPoints"`
} {
	t.Helper()
	type in = struct {
		SubPoints []struct {
			Evidence []struct {
				ID string `json:"id"`
			} `json:"evidence"`
		} `json:"subPoints"`
	}
	out := map[string]in{}
	p.mu.Lock()
	defer p.mu.Unlock()
	for i, key := range p.calls {
		if !strings.HasPrefix(key, "chapter/") {
			continue
		}
		var req struct {
			Messages []struct{ Content string } `json:"messages"`
		}
		json.Unmarshal([]byte(p.bodies[i]), &req)
		var ci in
		if err := json.Unmarshal([]byte(req.Messages[len(req.Messages)-1].Content), &ci); err != nil {
			t.Fatalf("%s: %v", key, err)
		}
		out[strings.TrimPrefix(key, "chapter/")] = ci
	}
	return out
}

// Each chapter's prompt holds its own planned evidence and no other chapter's.
func TestPipelineScriptedPromptsHoldOwnEvidence(t *testing.T) {
	p, code, out, errs, dir := runScripted(t, good)
	if code != ExitOK {
		t.Fatalf("exit %d\n%s\n%s", code, out, errs)
	}
	ev := readEvidence(t, dir)
	owner := map[string]string{}
	for _, c := range ev.Plan.Chapters {
		for _, sp := range c.SubPoints {
			for _, a := range sp.Items {
				owner[a.ItemID] = c.ID
			}
		}
	}
	prompts := chapterPrompts(t, p)
	total := 0
	for ch, ci := range prompts {
		for _, sp := range ci.SubPoints {
			for _, e := range sp.Evidence {
				total++
				if owner[e.ID] != ch {
					t.Errorf("chapter %s prompt carries %s, planned for %q", ch, e.ID, owner[e.ID])
				}
			}
		}
	}
	if total == 0 || len(prompts) != 7 {
		t.Fatalf("%d chapter prompts with %d evidence items", len(prompts), total)
	}
}

// A model that invents a citation id gets the repair round; one that
// invents again gets a visible mark and a manifest warning.
func TestPipelineScriptedInventedCitation(t *testing.T) {
	invent := func(s string) string {
		// put a citation of an id no plan has into the first paragraph
		return strings.Replace(s, `"inlines":[{"text":"`, `"inlines":[{"text":"据称[E987654]`, 1)
	}
	t.Run("repaired", func(t *testing.T) {
		p, code, out, errs, dir := runScripted(t, func(task, ch string, n int) reply {
			if task == "chapter" && ch == "S2" {
				return reply{wrap: invent}
			}
			return reply{}
		})
		if code != ExitOK {
			t.Fatalf("exit %d\n%s\n%s", code, out, errs)
		}
		if n := p.count("chapter_repair/S2"); n != 1 {
			t.Errorf("%d repair calls for S2, want 1", n)
		}
		if strings.Contains(readFile(t, filepath.Join(dir, "report.html")), ir.UnknownCitationMark) {
			t.Error("the repaired chapter still shows the unknown-citation mark")
		}
	})
	t.Run("marked", func(t *testing.T) {
		p, code, out, errs, dir := runScripted(t, func(task, ch string, n int) reply {
			if (task == "chapter" || task == "chapter_repair") && ch == "S2" {
				return reply{wrap: invent}
			}
			return reply{}
		})
		if code != ExitOK {
			t.Fatalf("exit %d\n%s\n%s", code, out, errs)
		}
		if n := p.count("chapter_repair/S2"); n != 1 {
			t.Errorf("%d repair calls for S2, want 1", n)
		}
		html := readFile(t, filepath.Join(dir, "report.html"))
		if !strings.Contains(html, ir.UnknownCitationMark) || strings.Contains(html, "E987654") {
			t.Error("the invented citation is not replaced by the visible mark")
		}
		m := readManifest(t, dir)
		if !strings.Contains(strings.Join(m.Warnings, "\n"), "not in the plan") {
			t.Errorf("no manifest warning: %q", m.Warnings)
		}
	})
}

// Figures in the evidence reach the charts of the chapters that quote them.
func TestPipelineScriptedFiguresReachCharts(t *testing.T) {
	_, code, out, errs, dir := runScripted(t, good)
	if code != ExitOK {
		t.Fatalf("exit %d\n%s\n%s", code, out, errs)
	}
	doc := readDoc(t, dir)
	ev := readEvidence(t, dir)
	byValue := chartValues(ev)
	charts := 0
	for _, c := range doc.Chapters {
		for _, b := range c.Blocks {
			if b.Type == ir.TypeWidget && b.Data != nil {
				charts++
				for _, v := range b.Data.Datasets[0].Data {
					if _, ok := byValue[v]; !ok {
						t.Errorf("chart value %v is not a figure of the evidence", v)
					}
				}
			}
		}
	}
	if charts == 0 {
		t.Error("no figure reached a chart")
	}
}

func TestReportPDF(t *testing.T) {
	t.Run("without chromium", func(t *testing.T) {
		t.Setenv("PATH", t.TempDir())
		code, _, errs := run(t, append([]string{"report", "--pdf", "--llm", "offline", "--out", t.TempDir(), "--graphs", t.TempDir()}, sampleStates(t)...)...)
		if code != ExitUsage || !strings.Contains(errs, "chromium") || !strings.Contains(errs, "apt-get install chromium") {
			t.Errorf("exit %d, stderr %q: want a usage error naming the package", code, errs)
		}
	})
	if _, err := chromiumPath(); err != nil {
		if os.Getenv("REPORTENGINE_REQUIRE_CHROMIUM") != "" {
			t.Fatalf("chromium required (REPORTENGINE_REQUIRE_CHROMIUM): %v", err)
		}
		t.Skip("browser test: skipped: chromium not installed")
	}
	t.Log("browser test: chromium ran")
	base := t.TempDir()
	forumLog, err := filepath.Abs(repoPath("examples", "coffee-shop", "logs", "forum.log"))
	if err != nil {
		t.Fatal(err)
	}
	var states []string
	for _, p := range sampleStates(t) {
		abs, err := filepath.Abs(p)
		if err != nil {
			t.Fatal(err)
		}
		states = append(states, abs)
	}
	// A relative --out: every file the summary lists, report.pdf too, is
	// named relative, as given.
	t.Chdir(base)
	args := append([]string{"report", "--pdf", "--llm", "offline", "--report-id", "coffee", "--out", "reports",
		"--graphs", "graphs", "--forum", forumLog}, states...)
	code, out, errs := run(t, args...)
	if code != ExitOK {
		t.Fatalf("exit %d\n%s\n%s", code, out, errs)
	}
	for _, f := range []string{"report.html", "report.pdf"} {
		if want := "  " + filepath.Join("reports", "coffee", f) + "\n"; !strings.Contains(out, want) {
			t.Errorf("summary lacks %q:\n%s", want, out)
		}
	}
	b, err := os.ReadFile(filepath.Join(base, "reports", "coffee", "report.pdf"))
	if err != nil {
		t.Fatal(err)
	}
	pages := regexp.MustCompile(`/Type\s*/Page[^s]`).FindAll(b, -1)
	if !strings.HasPrefix(string(b), "%PDF-") || len(pages) < 3 || len(pages) > 30 {
		t.Errorf("report.pdf: %d bytes, %d pages", len(b), len(pages))
	}
	if leftovers, _ := filepath.Glob(filepath.Join(base, "reports", "coffee", ".report-*.pdf")); len(leftovers) > 0 {
		t.Errorf("temporary files left: %v", leftovers)
	}
}
