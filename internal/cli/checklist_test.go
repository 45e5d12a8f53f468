package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"reportengine/evidence"
	"reportengine/graphrag/questiongen"
	"reportengine/ir"
	"reportengine/prompts"
	"reportengine/text"
)

// ---- the analyst's checklist (issue 22: a draft an analyst would sign) ----
//
// analystChecklist is what a public-opinion analyst checks first in a
// draft, computed from the written report alone (document_ir.json and
// evidence.json), never from the pipeline's own bookkeeping:
//
//   - web sources cited: entries of the reference list with an http(s) URL;
//   - part-to-whole charts (pie and doughnut charts, and charts titled 分布/
//     占比/构成 in %) whose values sum to 100 ± 2;
//   - KPI cards (hero and chapters) whose figure and subject are found in
//     the passages of the reference they cite, and those citing a web
//     source;
//   - paragraphs printed twice: a paragraph, list item, quote or table
//     cell of 20+ runes (citation marks, "（详见…）" pointers and the
//     "X引擎的研究写道：" speaker prefixes removed) that is printed again, as
//     it is or inside a longer one, anywhere in the chapters;
//   - figures stated twice in prose (RepeatedFigures) and how many of
//     the chapters' findings the hero's main finding joins (HeroParts: one
//     claim, not two passages glued);
//   - empty subsections: a level-3 subsection with no cited passage of
//     20+ runes, no KPI card, no chart and no SWOT/PEST item;
//   - follow-up questions that break the relevance rules: offensive
//     wording or a name cut short (questiongen.Unfit), or a quoted name that
//     is an engine's research section (from evidence.json's provenance).
//
// and, with package evidence's models: findings judged on topic
// (evidence.NewTopic over the engines' own summaries and reports, each
// finding judged with its cited source's title) and findings of a noise
// class (evidence.Classify: comment floors, page furniture, adverts,
// filler, listings, definitions, meta lines, fragments). The essentials'
// lines are data the report computed, not passages: a figure line
// ("标签：数值——「原文」") is judged on topic by its quote and never
// classified; the collection time and volume lines are no findings.
type analystChecklist struct {
	Findings       int      // cited paragraphs and list items of 20+ runes in the chapters
	OnTopic        int      // of Findings: judged on topic by evidence.Topic
	Noise          []string // of Findings: of a noise class (evidence.Classify), as "class: text"
	Refs, WebCited int
	// KPIsOtherEvent and FindingsOtherEvent are KPI cards and findings of
	// a related event, not the run's topic event (otherEventKPI,
	// otherEventFinding), as "event: card or text".
	KPIsOtherEvent, FindingsOtherEvent []string
	KPIValues                          []string // every card's value
	PartCharts                         int
	PartChartsWhole                    int      // of PartCharts: values summing to 100 ± 2
	PartBad                            []string // the others: title, labels and values
	KPIs, KPIsTraced                   int
	KPIsWeb                            int // of KPIs: citing a web source (an http(s) reference)
	// KPIsForumUnmarked are cards citing forum speeches only whose label
	// does not say so (prompts.ForumMark), as "label value"
	KPIsForumUnmarked []string
	Repeated          []string // paragraphs printed twice (normalised text)
	// RepeatedFigures are figures stated in two prose units or more (the
	// hero's summary and highlights, paragraphs and list items outside
	// tables, KPI grids and charts: a card or a chart slice may repeat a
	// figure, prose may not): the same value (evidence.FindFigures' Raw)
	// with labels sharing a content term, as "value: label | label".
	RepeatedFigures []string
	// HeroParts is how many findings the chapters print the hero's main
	// finding joins (1: one claim; 2: two passages glued into one).
	HeroParts      int
	Subsections    int
	Empty          []string // empty subsections (their headings)
	FollowUps      int
	UnfitFollowUps []string // offensive, cut short, or quoting an engine's section title
}

var (
	// essentialsFigureRE is an essentials figure line, its quote
	// submatched; essentialsDataRE the lines of counts (collection time,
	// volume): data the report computed from the records, no finding
	essentialsFigureRE = regexp.MustCompile(`^[^「」]+：[^「」]+——「(.+)」$`)
	essentialsDataRE   = regexp.MustCompile(`^(?:采集时间|数据量)：`)
	pointerRE          = regexp.MustCompile(`（详见「[^」]*」）`)
	timelineDateRE     = regexp.MustCompile(`^\d{4}-\d{2}(?:-\d{2})?：`)
	speakerRE          = regexp.MustCompile(`^[^：。，]{2,16}(?:的研究(?:还)?写道|在论坛中(?:又)?指出（[0-9:]+）|在同一发言中还指出)：`)
	refMarkRE          = regexp.MustCompile(`^\[(\d+)\]$`)
	refsInRE           = regexp.MustCompile(`\[(\d+)\]`)
)

// printedText is a unit's text as a reader compares it: without citation
// marks, pointers, speaker prefixes, a cut mark and closing punctuation.
func printedText(s string) string {
	s = refsInRE.ReplaceAllString(s, "")
	s = pointerRE.ReplaceAllString(s, "")
	s = strings.TrimSpace(s)
	s = speakerRE.ReplaceAllString(s, "")
	s = strings.TrimRight(s, "…。；;.，, ")
	return strings.TrimSpace(s)
}

// inlineText is a paragraph's text without its citation runs, and the
// reference numbers it cites.
func inlineText(ins []ir.Inline) (string, []int) {
	var b strings.Builder
	var refs []int
	for _, in := range ins {
		if m := refMarkRE.FindStringSubmatch(in.Text); m != nil {
			linkedRef := false
			for _, mk := range in.Marks {
				linkedRef = linkedRef || (mk.Type == ir.MarkLink && mk.Href == "#ref-"+m[1])
			}
			if linkedRef {
				n, _ := strconv.Atoi(m[1])
				refs = append(refs, n)
				continue
			}
		}
		b.WriteString(in.Text)
	}
	return b.String(), refs
}

// passagesOf maps each reference number (1-based) to the text of the
// evidence items that resolve to it: by URL for a web page, by the forum
// speech's speaker and time, by the engine section's or final report's
// title otherwise (the reference list's own titles, read back).
func passagesOf(doc *ir.Document, items []evidence.Item) map[int]string {
	out := map[int]string{}
	for i, s := range doc.Sources {
		var b strings.Builder
		for _, it := range items {
			if sourceHolds(s, it) {
				b.WriteString(it.Text)
				b.WriteByte('\n')
			}
		}
		out[i+1] = b.String()
	}
	return out
}

// sourceHolds reports whether reference s resolves to item it (see
// passagesOf).
func sourceHolds(s ir.Source, it evidence.Item) bool {
	match := false
	for _, p := range it.Provenance {
		switch {
		case s.URL != "":
			match = match || p.URL == s.URL
		case p.URL != "":
		case p.Kind == evidence.KindForum:
			match = match || (p.ForumTime != "" && strings.HasPrefix(s.Title, "论坛发言") &&
				strings.HasSuffix(s.Title, " · "+p.ForumTime))
		case p.Kind == evidence.KindSummary:
			match = match || s.Title == prompts.EngineName(p.Engine)+"研究段落「"+p.Section+"」"
		case p.Kind == evidence.KindFinalReport:
			match = match || s.Title == prompts.EngineName(p.Engine)+"最终报告"
		}
	}
	return match
}

// kpiTraced reports whether a card's figure and subject are in passage:
// every value of the card ("31%→58%" is two) occurs in it (spaces
// ignored), and so do at least half of the content terms of its label.
func kpiTraced(k ir.KPI, passage string) bool {
	flat := strings.ReplaceAll(passage, " ", "")
	if strings.TrimSpace(flat) == "" {
		return false
	}
	for _, v := range strings.Split(k.Value, "→") {
		if v = strings.ReplaceAll(strings.TrimSpace(v), " ", ""); v == "" || !strings.Contains(flat, v) {
			return false
		}
	}
	terms := text.TermTexts(text.Terms(strings.TrimSuffix(k.Label, prompts.ForumMark))) // the mark is the report's, not the source's
	found := 0
	for _, t := range terms {
		if strings.Contains(flat, strings.ReplaceAll(t, " ", "")) {
			found++
		}
	}
	return len(terms) > 0 && 2*found >= len(terms)
}

// partToWhole reports whether a chart shows parts of one whole: a pie or
// doughnut, or a chart in % titled as a distribution or a share — unless
// its title says the parts' sum ("原文各项合计 70%"): bars of the shares a
// source gives, which say they are not the whole, are not re-normalised.
func partToWhole(b ir.Block) bool {
	if b.Data == nil {
		return false
	}
	if strings.Contains(b.WidgetType, "pie") || strings.Contains(b.WidgetType, "doughnut") {
		return true
	}
	title := ""
	if b.Props != nil {
		title = b.Props.Title
	}
	if strings.Contains(title, "原文各项合计") {
		return false
	}
	return strings.Contains(title, "%") && (strings.Contains(title, "分布") || strings.Contains(title, "占比") || strings.Contains(title, "构成"))
}

// measureChecklist computes the checklist of a written report.
func measureChecklist(t *testing.T, dir string) analystChecklist {
	t.Helper()
	doc := readDoc(t, dir)
	ev := readEvidence(t, dir)
	passages := passagesOf(doc, ev.Items)
	var c analystChecklist
	c.Refs = len(doc.Sources)
	for _, s := range doc.Sources {
		if strings.HasPrefix(s.URL, "http://") || strings.HasPrefix(s.URL, "https://") {
			c.WebCited++
		}
	}
	cardsFrom := func(refs []int, k ir.KPI) {
		c.KPIs++
		c.KPIValues = append(c.KPIValues, k.Value)
		if e := otherEventKPI(k, citedItems(doc, ev.Items, refs), ev.Essentials); e != "" {
			c.KPIsOtherEvent = append(c.KPIsOtherEvent, e+": "+k.Label+" "+k.Value)
		}
		var p strings.Builder
		for _, n := range refs {
			p.WriteString(passages[n])
		}
		if kpiTraced(k, p.String()) {
			c.KPIsTraced++
		}
		for _, n := range refs {
			if n >= 1 && n <= len(doc.Sources) && strings.HasPrefix(doc.Sources[n-1].URL, "http") {
				c.KPIsWeb++
				break
			}
		}
		forumOnly := len(refs) > 0
		for _, n := range refs {
			forumOnly = forumOnly && n >= 1 && n <= len(doc.Sources) && doc.Sources[n-1].URL == "" && strings.HasPrefix(doc.Sources[n-1].Title, "论坛发言")
		}
		if forumOnly && !strings.HasSuffix(k.Label, prompts.ForumMark) {
			c.KPIsForumUnmarked = append(c.KPIsForumUnmarked, k.Label+" "+k.Value)
		}
	}
	for _, k := range doc.Metadata.Hero.KPIs {
		var refs []int
		for _, m := range refsInRE.FindAllStringSubmatch(k.Source, -1) {
			n, _ := strconv.Atoi(m[1])
			refs = append(refs, n)
		}
		cardsFrom(refs, k)
	}

	var units []string // printed units of 20+ runes, in order
	prose := []string{doc.Metadata.Hero.Summary}
	prose = append(prose, doc.Metadata.Hero.Highlights...)
	inTable := 0
	type finding struct {
		text string
		refs []int
	}
	var findings []finding
	type sub struct {
		heading string
		content bool
	}
	var subs []*sub
	var cur *sub
	var walk func(bs []ir.Block, top bool)
	walk = func(bs []ir.Block, top bool) {
		for i, b := range bs {
			switch b.Type {
			case ir.TypeHeading:
				if top && b.Level == 3 {
					cur = &sub{heading: b.Text}
					subs = append(subs, cur)
				}
			case ir.TypeParagraph:
				s, refs := inlineText(b.Inlines)
				p := printedText(s)
				if inTable == 0 {
					prose = append(prose, p)
				}
				if utf8.RuneCountInString(p) >= 20 {
					units = append(units, p)
					if len(refs) > 0 && !essentialsDataRE.MatchString(p) {
						c.Findings++
						findings = append(findings, finding{p, refs})
						if e := otherEventFinding(p, citedItems(doc, ev.Items, refs), ev.Essentials); e != "" {
							c.FindingsOtherEvent = append(c.FindingsOtherEvent, e+": "+p)
						}
						if cur != nil {
							cur.content = true
						}
					}
				}
			case ir.TypeKPIGrid:
				// the cards' passages: the "数据出处" line after the grid
				var refs []int
				if i+1 < len(bs) && bs[i+1].Type == ir.TypeParagraph {
					_, refs = inlineText(bs[i+1].Inlines)
				}
				for _, k := range b.KPIItems {
					r := refs
					if m := refsInRE.FindAllStringSubmatch(k.Source, -1); m != nil {
						r = nil
						for _, x := range m {
							n, _ := strconv.Atoi(x[1])
							r = append(r, n)
						}
					}
					cardsFrom(r, k)
				}
				if cur != nil && len(b.KPIItems) > 0 {
					cur.content = true
				}
			case ir.TypeWidget:
				if cur != nil && b.Data != nil {
					cur.content = true
				}
				if partToWhole(b) {
					c.PartCharts++
					sum := 0.0
					for _, ds := range b.Data.Datasets {
						for _, v := range ds.Data {
							sum += v
						}
					}
					if len(b.Data.Datasets) == 1 && sum >= 98 && sum <= 102 {
						c.PartChartsWhole++
					} else {
						title := ""
						if b.Props != nil {
							title = b.Props.Title
						}
						c.PartBad = append(c.PartBad, fmt.Sprintf("%s %q %v", title, b.Data.Labels, b.Data.Datasets))
					}
				}
			case ir.TypeSwotTable, ir.TypePestTable:
				for _, q := range [][]ir.QuadrantItem{b.Strengths, b.Weaknesses, b.Opportunities, b.Threats,
					b.Political, b.Economic, b.Social, b.Technological} {
					for _, it := range q {
						if p := printedText(it.Detail); utf8.RuneCountInString(p) >= 20 { // a title is a label
							units = append(units, p)
						}
						if cur != nil {
							cur.content = true
						}
					}
				}
			}
			walk(b.Blocks, false)
			for _, it := range b.ListItems {
				walk(it, false)
			}
			inTable++
			for _, r := range b.Rows {
				for _, cell := range r.Cells {
					walk(cell.Blocks, false)
				}
			}
			inTable--
		}
	}
	for _, ch := range doc.Chapters {
		cur = nil
		walk(ch.Blocks, true)
	}
	c.Subsections = len(subs)
	for _, s := range subs {
		if !s.content {
			c.Empty = append(c.Empty, s.heading)
		}
	}
	// a timeline entry's date is no part of the passage it quotes (the
	// summary's "2025-07：然而，近两年后…" quoted 4.3's paragraph)
	undated := make([]string, len(units))
	for i, u := range units {
		undated[i] = timelineDateRE.ReplaceAllString(u, "")
	}
	for i, u := range undated {
		for j, v := range undated {
			if i != j && (u == v && i > j || u != v && strings.Contains(v, u)) {
				c.Repeated = append(c.Repeated, u)
				break
			}
		}
	}
	slices.Sort(c.Repeated)
	c.RepeatedFigures = repeatedFigures(prose)
	c.HeroParts = heroParts(doc.Metadata.Hero.Summary, units)
	var profile []string
	for _, it := range ev.Items {
		if it.Kind == evidence.KindSummary || it.Kind == evidence.KindFinalReport {
			profile = append(profile, it.Text)
		}
	}
	topic, err := evidence.NewTopic(evidence.TopicConfig{Topic: doc.Metadata.Query, Profile: profile})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range findings {
		title := ""
		if n := f.refs[0]; n >= 1 && n <= len(doc.Sources) {
			title = doc.Sources[n-1].Title
		}
		// an essentials figure line "标签：数值——「原文」" is data the
		// report computed: judged on topic by its quote, and not a passage
		// for the noise classes (its quote is the clause that holds the
		// figure, not a sentence)
		if m := essentialsFigureRE.FindStringSubmatch(f.text); m != nil {
			if topic.Judge(m[1], "", title).OnTopic {
				c.OnTopic++
			}
			continue
		}
		if topic.Judge(f.text, "", title).OnTopic {
			c.OnTopic++
		}
		if n := evidence.Classify(f.text, ""); n != evidence.Clean {
			c.Noise = append(c.Noise, n.String()+": "+f.text)
		}
	}
	sections := map[string]bool{}
	for _, it := range ev.Items {
		for _, p := range it.Provenance {
			if p.Section != "" {
				sections[p.Section] = true
			}
		}
	}
	quoted := regexp.MustCompile(`「([^」]+)」`)
	for _, q := range doc.Metadata.FollowUps {
		c.FollowUps++
		bad := questiongen.Unfit(q) != ""
		for _, m := range quoted.FindAllStringSubmatch(q, -1) {
			bad = bad || sections[m[1]]
		}
		if bad {
			c.UnfitFollowUps = append(c.UnfitFollowUps, q)
		}
	}
	return c
}

// checklistRun is one report the checklist is computed on.
type checklistRun struct {
	name string
	args func(t *testing.T) []string
	// floor holds the thresholds that are met: WebCited at least, Empty
	// and RepeatedFigures at most as many (nil: not held)
	floor analystChecklist
	// ready: every chapter of the template comes out ready (the sample)
	ready bool
	// notKPIs are figures of the run's other events that no KPI card may
	// show (checked beside KPIsOtherEvent, independently of the events
	// evidence.json lists)
	notKPIs []string
}

// The analyst's checklist on the fixture's offline report and on a second
// run of another topic (testdata/checklist). The figures are printed with
// -v; the thresholds that are met are held so that they cannot slip.
func TestAnalystChecklist(t *testing.T) {
	runs := []checklistRun{
		{name: "wuhan", args: func(t *testing.T) []string {
			if _, err := os.Stat(fixtureDir); err != nil {
				t.Skipf("shared fixtures not available at %s: %v", fixtureDir, err)
			}
			args := []string{"--forum", filepath.Join(fixtureDir, "logs", "forum.log")}
			for _, e := range []string{"query", "media", "insight"} {
				args = append(args, filepath.Join(fixtureDir, e+"_engine_streamlit_reports", "state_武汉大学_20250825_180214.json"))
			}
			return args
		}, floor: analystChecklist{WebCited: 22, RepeatedFigures: make([]string, 1),
			// 3.1 首发信源与早期扩散: its one passage was a generalisation
			// naming nothing of the case ("在现代舆情事件中，视觉元素往往是…",
			// the finding gate's 泛论); it now says it has none
			Empty: make([]string, 1)},
			// the 和服赏樱 event's 26%→48%, the 甲醛 event's 话题阅读量单日新增
			// 1.2亿次, the 4月15日 event's 3.2亿次, and 65.4, which the
			// 12:12:37 speech gives the library case and the 和服 event
			notKPIs: []string{"26%", "48%", "1.2亿次", "3.2亿次", "65.4"}},
		{name: "qingxi", args: func(t *testing.T) []string {
			dir := filepath.Join("testdata", "checklist", "qingxi")
			states, err := filepath.Glob(filepath.Join(dir, "*_engine_streamlit_reports", "*.json"))
			if err != nil || len(states) != 3 {
				t.Fatalf("second run: %v %v", states, err)
			}
			return append([]string{"--forum", filepath.Join(dir, "logs", "forum.log")}, states...)
			// 6 figures stated twice: 3.3's volume split, from the engine and
			// from the page it cites (removing either thins the chapter), and
			// 4个. 46%/33%/21% (情绪构成为负面46%、中性33%、正面21%) are stated
			// once: the summary's bullet keeps its sentence rather than taking
			// 4.2's figure line, and 4.2's 负面占46%… citing its source goes
		}, floor: analystChecklist{WebCited: 11, Empty: make([]string, 6), RepeatedFigures: make([]string, 6)}},
		{name: "coffee", args: func(t *testing.T) []string {
			return append([]string{"--forum", repoPath("examples", "coffee-shop", "logs", "forum.log")}, sampleStates(t)...)
		}, floor: analystChecklist{WebCited: 31, Empty: []string{}, RepeatedFigures: make([]string, 3)}, ready: true},
	}
	for _, r := range runs {
		t.Run(r.name, func(t *testing.T) {
			base := t.TempDir()
			args := append([]string{"report", "--llm", "offline", "-q", "--report-id", r.name,
				"--out", filepath.Join(base, "reports"), "--graphs", filepath.Join(base, "graphs")}, r.args(t)...)
			if code, out, errs := run(t, args...); code != ExitOK {
				t.Fatalf("exit %d\n%s\n%s", code, out, errs)
			}
			c := measureChecklist(t, filepath.Join(base, "reports", r.name))
			t.Logf("findings on topic %d of %d (%.0f%%); findings of a noise class %d", c.OnTopic, c.Findings,
				100*float64(c.OnTopic)/float64(max(c.Findings, 1)), len(c.Noise))
			for _, n := range c.Noise {
				t.Logf("  noise: %s", n)
			}
			t.Logf("findings %d; web sources cited %d of %d references; part-to-whole charts summing to 100±2: %d of %d; "+
				"KPIs traced to their passage: %d of %d (citing a web source: %d); paragraphs printed twice: %d; empty subsections: %d of %d",
				c.Findings, c.WebCited, c.Refs, c.PartChartsWhole, c.PartCharts, c.KPIsTraced, c.KPIs, c.KPIsWeb,
				len(c.Repeated), len(c.Empty), c.Subsections)
			for _, p := range c.Repeated {
				t.Logf("  printed twice: %s", p)
			}
			t.Logf("figures stated twice in prose: %d; findings the hero's main finding joins: %d", len(c.RepeatedFigures), c.HeroParts)
			for _, f := range c.RepeatedFigures {
				t.Logf("  figure stated twice: %s", f)
			}
			for _, h := range c.Empty {
				t.Logf("  empty: %s", h)
			}
			t.Logf("KPI cards of a related event: %d %q; findings of a related event: %d %q",
				len(c.KPIsOtherEvent), c.KPIsOtherEvent, len(c.FindingsOtherEvent), c.FindingsOtherEvent)
			if len(c.KPIsOtherEvent)+len(c.FindingsOtherEvent) > 0 {
				t.Errorf("%d KPI cards and %d findings present a related event as the topic's", len(c.KPIsOtherEvent), len(c.FindingsOtherEvent))
			}
			for _, v := range c.KPIValues {
				for _, bad := range r.notKPIs {
					if slices.Contains(strings.Split(strings.ReplaceAll(v, " ", ""), "→"), bad) {
						t.Errorf("KPI card value %s is another event's (%s)", v, bad)
					}
				}
			}
			// held: what is met today, so that it cannot slip
			t.Logf("KPI cards citing forum speeches only, unmarked: %q", c.KPIsForumUnmarked)
			if len(c.KPIsForumUnmarked) > 0 {
				t.Errorf("%d KPI cards cite forum speeches only and do not say so: %q", len(c.KPIsForumUnmarked), c.KPIsForumUnmarked)
			}
			if c.KPIsTraced != c.KPIs {
				t.Errorf("%d of %d KPI cards have a figure or subject their cited passage does not hold", c.KPIs-c.KPIsTraced, c.KPIs)
			}
			m := readManifest(t, filepath.Join(base, "reports", r.name))
			var status []string
			for _, ch := range m.Chapters {
				status = append(status, ch.ChapterID+" "+ch.Status)
				if r.ready && ch.Status != "ready" {
					t.Errorf("chapter %s (%s) is %s, want ready: %q", ch.ChapterID, ch.Title, ch.Status, ch.Errors)
				}
			}
			t.Logf("chapters: %s", strings.Join(status, ", "))
			t.Logf("follow-up questions %d, breaking the relevance rules: %q", c.FollowUps, c.UnfitFollowUps)
			if len(c.UnfitFollowUps) > 0 {
				t.Errorf("follow-up questions that break the relevance rules: %q", c.UnfitFollowUps)
			}
			if c.PartChartsWhole != c.PartCharts {
				t.Errorf("%d of %d part-to-whole charts do not sum to 100 ± 2: %q", c.PartCharts-c.PartChartsWhole, c.PartCharts, c.PartBad)
			}
			if len(c.Repeated) > 0 {
				t.Errorf("%d paragraphs printed twice, want none", len(c.Repeated))
			}
			if c.WebCited < r.floor.WebCited {
				t.Errorf("%d web sources cited, want at least %d", c.WebCited, r.floor.WebCited)
			}
			if r.floor.RepeatedFigures != nil && len(c.RepeatedFigures) > len(r.floor.RepeatedFigures) {
				t.Errorf("%d figures stated twice in prose, want at most %d", len(c.RepeatedFigures), len(r.floor.RepeatedFigures))
			}
			if c.HeroParts > 1 {
				t.Errorf("the hero's main finding joins %d findings, want one claim", c.HeroParts)
			}
			if r.floor.Empty != nil && len(c.Empty) > len(r.floor.Empty) {
				t.Errorf("%d empty subsections, want at most %d", len(c.Empty), len(r.floor.Empty))
			}
		})
	}
}
