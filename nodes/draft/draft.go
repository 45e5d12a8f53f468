package draft

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"reportengine/ir"
	"reportengine/prompts"
)

// Draft caps.
const (
	draftPassages  = 5   // evidence paragraphs per sub-point after the lead
	draftKPIs      = 4   // KPI cards per sub-point
	draftFindings  = 4   // digest findings per summary sub-point
	findingRunes   = 80  // a digest finding is cut to this many runes
	quadrantMax    = 3   // SWOT/PEST items per quadrant
	quadrantDetail = 140 // runes of a SWOT/PEST item's detail
)

// noEvidence is the one line a sub-point without planned evidence gets
// (under 20 runes, so it is not counted as a repeated paragraph).
const noEvidence = "本小节暂无可引用的材料。"

// draftChapter writes a chapter from its evidence plan (in.SubPoints) and,
// for chapters that summarise others, from in.Digests. Each sub-point is a
// level-3 subsection: a lead paragraph (its most relevant passage), then
// the other passages, each with the [E…] citation of the item it copies;
// figures become KPI cards and, when two or more comparable figures of one
// kind exist, a chart. No sentence is invented: connective text names only
// the speaker or source of a passage.
func draftChapter(in prompts.ChapterInput) ir.Chapter {
	sec := in.Section
	title := strings.TrimSpace(sec.Title)
	if title == "" {
		title = sec.ChapterID
	}
	anchor := anchorFor("chapter", sec.Anchor, sec.Slug, "section-"+strings.ToLower(sec.ChapterID))
	ch := ir.Chapter{ChapterID: sec.ChapterID, Title: title, Anchor: anchor, Order: sec.Order}
	blocks := []ir.Block{heading(2, title, anchor)}
	subs := in.SubPoints
	if len(subs) == 0 {
		for _, o := range sec.Outline {
			subs = append(subs, prompts.SubPointBrief{Title: o})
		}
	}
	var leads []string
	var swotEv []prompts.EvidenceRef
	// Only a chapter with no evidence of its own (the summary) is written
	// from the digests; a closing chapter with evidence keeps to it, so the
	// two never repeat the same findings.
	summary := len(in.Digests) > 0
	for _, sp := range subs {
		if len(sp.Evidence) > 0 {
			summary = false
		}
	}
	var assigned [][]string // a summary's findings, each given to one sub-point
	if summary {
		titles := make([]string, len(subs))
		for i, sp := range subs {
			titles[i] = subTitle(sp, title, i)
		}
		assigned = assignFindings(summaryFindings(in.Digests), titles)
	}
	for i, sp := range subs {
		spTitle := subTitle(sp, title, i)
		blocks = append(blocks, heading(3, spTitle, anchor+"-"+strconv.Itoa(i+1)))
		var body []ir.Block
		if summary {
			body = digestBlocks(in.Digests, spTitle, anchor+"-"+strconv.Itoa(i+1), assigned[i])
		}
		if evs := quotable(sp.Evidence, in.Query); len(evs) > 0 {
			lead := evs[0]
			body = append(body, para(cited(lead)))
			leads = append(leads, cited(lead))
			for _, ev := range evs[1:min(len(evs), draftPassages+1)] {
				body = append(body, evidenceBlock(ev))
			}
			body = append(body, figureBlocks(sp.Figures, anchor+"-"+strconv.Itoa(i+1))...)
			swotEv = append(swotEv, sp.Evidence...)
		}
		if ids := asides(sp.Evidence, in.Query); len(ids) > 0 {
			body = append(body, para("另见来源："+citeList(ids)))
		}
		if len(body) == 0 {
			body = []ir.Block{para(noEvidence)}
		}
		blocks = append(blocks, body...)
	}
	if q, ok := draftQuadrants(swotEv, in.Constraints); ok {
		blocks = append(blocks, q)
	}
	ch.Blocks = filterAllowed(blocks, in.Constraints.AllowedBlocks)
	if len(leads) > 0 {
		ch.Summary = stripCites(leads[0])
	}
	return ch
}

// subTitle is sub-point i's title, "<chapter title> i+1" when it has none.
func subTitle(sp prompts.SubPointBrief, Chapter string, i int) string {
	if t := strings.TrimSpace(sp.Title); t != "" {
		return t
	}
	return fmt.Sprintf("%s %d", Chapter, i+1)
}

// quotable is the evidence a reader can take as a sentence, in plan
// order except that the first analysis passage of 20+ runes that stands
// alone (prompts.StandaloneFinding: not an example, not pointing back)
// leads, list
// bullets removed. Left out of the prose (they stay in the plan) are
// fragments of a split or cut sentence (fragment): a passage that opens
// mid-sentence or ends mid-sentence. Page titles are used only when
// nothing else is left, and fragments only when no whole sentence and no
// title is.
//
// Passages that are no finding (notFinding: listing lines, method lines,
// pages not about the topic) are never quoted; they stay in the plan
// and in evidence.json.
func quotable(evs []prompts.EvidenceRef, topic string) []prompts.EvidenceRef {
	var out, titles, parts []prompts.EvidenceRef
	lead := -1
	for _, ev := range evs {
		ev.Text = strings.TrimLeft(strings.TrimSpace(ev.Text), "•·▪● ")
		if ev.Text == "" || notFinding(ev, topic) {
			continue
		}
		if ev.Kind == "title" {
			titles = append(titles, ev) // a page title is a heading, not a statement
			continue
		}
		if fragment(ev.Text, ev.Kind) {
			parts = append(parts, ev)
			continue
		}
		if _, alone := prompts.StandaloneFinding(ev.Text); lead < 0 && alone && ev.Kind != "source" && utf8.RuneCountInString(ev.Text) >= 20 {
			lead = len(out)
		}
		out = append(out, ev)
	}
	switch {
	case len(out) == 0 && len(titles) > 0:
		return titles // only titles: better than fragments
	case len(out) == 0:
		return parts // only fragments: better than nothing
	}
	// the lead is the best analysis passage (an engine's summary, report
	// or speech states a finding; a source passage is raw material)
	if lead > 0 {
		l := out[lead]
		copy(out[1:lead+1], out[:lead])
		out[0] = l
	}
	return out
}

// fragment reports whether a passage (trimmed, of evidence kind kind) is
// part of a sentence rather than a sentence:
//   - it opens mid-sentence: with a closing bracket or quote, a clause mark,
//     的, a clause-joining connective (并且, 而且, 从而, 以及, 并针对 …) or a
//     verb whose subject was cut off (标志着, 意味着), or with one rune and a
//     comma (the end of a date: "日,…");
//   - it ends mid-clause: with a comma, an enumeration or colon mark (also
//     before a full stop: "素质、."), an opening bracket, or a joining word
//     (的, 和, 与, 及, 或, 于);
//   - its brackets or quotes do not close (（注：…; with no ）), also an odd
//     number of ASCII double quotes (…影响因素"。, the opening one in the
//     part before);
//   - it holds the first item of an enumeration and stops after it with a
//     semicolon (…“四阶段螺旋”：①0-24小时…；, no ②);
//   - it is scraped text (kind "source") that stops without a sentence mark:
//     the engine stored the page cut at a fixed length ("…的关心、监督和批").
//
// Engine-written kinds (summaries, reports, speeches) may end a list item
// without a mark ("监测平台：微博、抖音等 12 个信源") and are not held to the
// last rule.
func fragment(text, kind string) bool {
	first, _ := utf8.DecodeRuneInString(text)
	if strings.ContainsRune("》」』）)]”’，、。；：,.;:的", first) {
		return true
	}
	if firstPrefix(text, joiningOpeners) != "" {
		return true
	}
	if i := strings.IndexAny(text, ",，"); i > 0 && utf8.RuneCountInString(text[:i]) == 1 {
		return true // "日,“杨某某诉肖某某案”一审判决后…": the rest of a date
	}
	last, _ := utf8.DecodeLastRuneInString(text)
	if strings.ContainsRune("，,、：:（([“‘《「『—的和与及或于", last) {
		return true
	}
	if body := strings.TrimRight(text, "。｡.!！?？"); body != text {
		if l, _ := utf8.DecodeLastRuneInString(body); strings.ContainsRune("，,、：:", l) {
			return true // "…整体结构、素质、."
		}
	}
	for _, p := range [][2]string{{"（", "）"}, {"(", ")"}, {"“", "”"}, {"《", "》"}, {"「", "」"}} {
		if strings.Count(text, p[0]) != strings.Count(text, p[1]) {
			return true
		}
	}
	if strings.Count(text, `"`)%2 != 0 {
		return true // "…识别关键影响因素"。": the quote opened in the part before
	}
	if strings.ContainsRune(text, '①') && !strings.ContainsRune(text, '②') && strings.ContainsRune("；;", last) {
		return true // "…“四阶段螺旋”：①0-24小时“事实竞速期”（…）；": the rest of the list was cut off
	}
	if kind == "source" && !strings.ContainsRune("。｡.!！?？;；…”’」』）)》%", last) && !unicode.IsDigit(last) {
		return true
	}
	return false
}

// listingLine matches a line of a list or an index rather than a
// statement: a page marker ("Page 7. …", "第7页"), or a dated entry opening
// with its date ("2022-02-24. 教育部…的通知").
var listingLine = regexp.MustCompile(`^(?:(?i:page|p\.?)\s*\d+\s*[.．:：]|第\s*\d+\s*页|\d{4}[-/.]\d{1,2}[-/.]\d{1,2}\s*[.．:：·])`)

// aboutDocument open a sentence about the engine's own document.
var aboutDocument = []string{"本报告", "本文", "本章", "本节", "本研究", "本次分析", "本分析"}

// documentWords end the title of a document ("…用户口碑洞察报告").
var documentWords = []string{"报告", "分析", "综述", "概述", "研究", "洞察", "简报"}

// firstSuffix returns the first of ps that s ends with, or "".
func firstSuffix(s string, ps []string) string {
	for _, p := range ps {
		if strings.HasSuffix(s, p) {
			return p
		}
	}
	return ""
}

// firstPrefix returns the first of ps that s starts with, or "".
func firstPrefix(s string, ps []string) string {
	for _, p := range ps {
		if strings.HasPrefix(s, p) {
			return p
		}
	}
	return ""
}

// methodWords mark a line about how the research was done (监测平台：…, 数
// 据来源：…) when they are in its "标签：" label.
var methodWords = []string{"监测", "信源", "来源", "数据源", "样本", "方法", "周期", "时间范围", "口径", "检索", "关键词", "统计"}

// notFinding reports a passage an analyst would not read as a finding,
// though it may stay as evidence:
//   - a sentence about the engine's document (aboutDocument: "本报告旨在深度
//     剖析…"), or a document's title (no punctuation, ending in a
//     documentWords word: "李明咖啡店用户口碑洞察报告");
//   - a listing line (listingLine): an index entry or a dated list item;
//   - a method or meta line: a "标签：…" line (colon, full-width or ASCII,
//     within its first 10 runes) whose label is about method (methodWords:
//     "监测平台：微博、抖音、B 站…等 12 个信源"), or whose content has no
//     clause or sentence mark inside and is an enumeration (two or more 、)
//     or under 20 runes ("社会成就 :1998年执掌金山;": an entry of a list);
//   - a page not about the topic: off topic for the plan
//     (EvidenceRef.OffTopic: neither the passage nor its page title names
//     the topic) and naming no word of it either (mentions) — a textbook or
//     a page on crisis communication in general ("危机沟通在危机结束后,采取措
//     施恢复组织形象和声誉…" for 武汉大学), where a page on 咖啡 stays a
//     finding for 李明咖啡店.
func notFinding(ev prompts.EvidenceRef, topic string) bool {
	text := strings.TrimSpace(ev.Text)
	if firstPrefix(text, aboutDocument) != "" {
		return true // "本报告旨在深度剖析…": about the engine's document, not its subject
	}
	if !strings.ContainsAny(text, "，,。｡；;：:！!？?") && firstSuffix(text, documentWords) != "" {
		return true // "李明咖啡店用户口碑洞察报告": a document's title
	}
	if listingLine.MatchString(text) || ev.OffTopic && !mentions(text, topic) && !mentions(ev.Source, topic) {
		return true
	}
	if i := strings.IndexAny(text, "：:"); i > 0 && utf8.RuneCountInString(text[:i]) <= 10 {
		label := text[:i]
		_, n := utf8.DecodeRuneInString(text[i:])
		body := strings.TrimSpace(text[i+n:])
		inner := strings.TrimRight(body, "。｡.;；")
		switch {
		case firstWord(label, methodWords) != "":
			return true
		case strings.ContainsAny(inner, "，,。；;！？!?"):
			return false
		case strings.Count(body, "、") >= 2, utf8.RuneCountInString(body) < 20:
			return true // "社会成就 :1998年执掌金山;": an entry of a list
		}
	}
	return false
}

// asides are the ids of a sub-point's pages that are no finding but are
// about the topic (a listing line of a page on the topic: the ministry's
// list of 双一流 disciplines): not quoted, but linked where the sub-point's
// claims are made, as "另见来源". Pages not about the topic are not linked.
func asides(evs []prompts.EvidenceRef, topic string) []string {
	var ids []string
	for _, ev := range evs {
		if ev.URL != "" && (!ev.OffTopic || mentions(ev.Text, topic) || mentions(ev.Source, topic)) && notFinding(ev, topic) {
			ids = appendUnique(ids, ev.ID)
		}
	}
	return ids
}

// mentions reports whether s names topic or a word of it: the topic
// itself (letters compared case-insensitively); for a topic in Chinese,
// two adjacent runes of it ("武汉", "大学"; "咖啡", "李明" for 李明咖啡店) or
// its first rune with a later one (the short form "武大" for 武汉大学); for a
// Latin topic its first word. An empty topic is mentioned everywhere.
func mentions(s, topic string) bool {
	lt := strings.ToLower(strings.TrimSpace(topic))
	ls := strings.ToLower(s)
	if lt == "" || strings.Contains(ls, lt) {
		return true
	}
	rs := []rune(lt)
	if !unicode.Is(unicode.Han, rs[0]) {
		w, _, _ := strings.Cut(lt, " ")
		return strings.Contains(ls, w)
	}
	for i, r := range rs[1:] {
		if !unicode.Is(unicode.Han, r) {
			continue
		}
		if strings.Contains(ls, string(rs[0])+string(r)) || unicode.Is(unicode.Han, rs[i]) && strings.Contains(ls, string(rs[i])+string(r)) {
			return true
		}
	}
	return false
}

// joiningOpeners are connectives that join a clause to the one before
// it; a passage opening with one is the second half of a sentence.
var joiningOpeners = []string{"并且", "而且", "从而", "进而", "以及", "以便", "以免", "并将", "并对", "并针对", "并在", "并与", "并把", "并以", "并通过", "并由", "并向", "标志着", "意味着"}

// engineZH names an engine or speaker in Chinese prose.
func engineZH(e string) string {
	if isEngine(e) {
		return prompts.EngineName(e)
	}
	return engineLabel(e)
}

// cited is the passage followed by its citation.
func cited(ev prompts.EvidenceRef) string { return strings.TrimSpace(ev.Text) + "[" + ev.ID + "]" }

// evidenceBlock quotes one passage: engine analysis as an engine quote,
// forum speeches with their speaker and time, sources as paragraphs.
func evidenceBlock(ev prompts.EvidenceRef) ir.Block {
	switch ev.Kind {
	case "forum":
		who := strings.ToUpper(ev.Engine)
		if who == "HOST" || isEngine(ev.Engine) {
			who = engineZH(ev.Engine)
		}
		at := strings.TrimSpace(strings.TrimPrefix(ev.Source, "论坛"))
		return para(fmt.Sprintf("%s在论坛中指出（%s）：%s", who, at, cited(ev)))
	case "final_report", "summary":
		if isEngine(ev.Engine) {
			return para(fmt.Sprintf("%s的研究写道：%s", engineZH(ev.Engine), cited(ev)))
		}
	}
	return para(cited(ev))
}

// figureBlocks turns a sub-point's figures into KPI cards (up to
// draftKPIs, labelled with FigureRef.KPI; dates and figures without a KPI
// label left out; two values one passage gives for one label
// share a card, "31%→58%") and at most one chart of comparable figures:
// a sentiment split as a doughnut, platform or age shares as a bar chart,
// each with a line naming the evidence it comes from.
func figureBlocks(figs []prompts.FigureRef, anchor string) []ir.Block {
	var out []ir.Block
	var kpis []ir.KPI
	var kpiSrc []string
	seen := map[string]bool{}
	at := map[string]int{} // item + label → its card: a second value of one passage extends it (31%→58%)
	for _, f := range figs {
		if f.Kind == "date" || f.KPI == "" {
			continue // no label naming subject and metric: the figure stays in the prose
		}
		k := f.KPI + f.Raw
		if seen[k] {
			continue
		}
		if i, ok := at[f.ItemID+"\x00"+f.KPI]; ok {
			seen[k] = true
			kpis[i].Value += "→" + f.Raw
			continue
		}
		if len(kpis) >= draftKPIs || slices.ContainsFunc(kpis, func(c ir.KPI) bool { return prompts.SameKPI(c, ir.KPI{Label: f.KPI, Value: f.Raw}) }) {
			continue // a full grid, or one figure two passages report
		}
		seen[k] = true
		at[f.ItemID+"\x00"+f.KPI] = len(kpis)
		kpis = append(kpis, ir.KPI{Label: f.KPI, Value: f.Raw})
		kpiSrc = appendUnique(kpiSrc, f.ItemID)
	}
	if len(kpis) >= 2 {
		out = append(out, ir.Block{Type: ir.TypeKPIGrid, KPIItems: kpis, Cols: min(len(kpis), 4)},
			para("数据出处："+citeList(kpiSrc)))
	}
	if c, src, ok := figureChart(figs, anchor); ok {
		out = append(out, c, para("图表数据出处："+citeList(src)))
	}
	return out
}

// figureChart draws the first kind (sentiment, then platform, then age)
// for which one evidence item states at least two figures of distinct
// groups (a split stated in one passage; figures from different passages
// are not comparable), values in percent; failing that, a bar chart of one
// clause's labelled counts or shares in one unit (拿铁28元、美式22元).
func figureChart(figs []prompts.FigureRef, anchor string) (ir.Block, []string, bool) {
	kinds := []struct{ kind, chart, title string }{
		{"sentiment", "doughnut", "情绪与态度分布（%）"},
		{"platform", "bar", "平台分布（%）"},
		{"age", "bar", "年龄分布（%）"},
	}
	for _, k := range kinds {
		var items []string
		byItem := map[string][]prompts.FigureRef{}
		for _, f := range figs {
			if f.Kind != k.kind || f.Unit != "%" || f.Group == "" {
				continue
			}
			if _, ok := byItem[f.ItemID]; !ok {
				items = append(items, f.ItemID)
			}
			byItem[f.ItemID] = append(byItem[f.ItemID], f)
		}
		for _, id := range items {
			var labels []string
			var data []float64
			seen := map[string]bool{}
			for _, f := range byItem[id] {
				if !seen[f.Group] {
					seen[f.Group] = true
					labels = append(labels, f.Group)
					data = append(data, f.Value)
				}
			}
			if len(labels) >= 2 {
				return ir.Block{Type: ir.TypeWidget, WidgetID: anchor + "-" + k.kind + "-chart", WidgetType: "chart.js/" + k.chart,
					Props: &ir.WidgetProps{Type: k.chart, Title: k.title},
					Data:  &ir.ChartData{Labels: labels, Datasets: []ir.Dataset{{Label: k.title, Data: data}}}}, []string{id}, true
			}
		}
	}
	// any other clause comparing two or more labelled figures of one unit
	// (拿铁28元、美式22元; figures of different clauses measure different
	// things: 反弹概率31% and 72%的二次发酵 are no pair)
	var items []string
	byItem := map[string][]prompts.FigureRef{}
	for _, f := range figs {
		if f.Label == "" || f.Unit == "" || (f.Kind != "count" && f.Kind != "share" && f.Kind != "volume") {
			continue
		}
		k := f.ItemID + "\x00" + f.Sentence
		if _, ok := byItem[k]; !ok {
			items = append(items, k)
		}
		byItem[k] = append(byItem[k], f)
	}
	for _, k := range items {
		fs := byItem[k]
		id := fs[0].ItemID
		unit := fs[0].Unit
		var labels []string
		var data []float64
		seen := map[string]bool{}
		for _, f := range fs {
			if f.Unit == unit && !seen[f.Label] {
				seen[f.Label] = true
				labels = append(labels, f.Label)
				data = append(data, f.Value)
			}
		}
		if len(labels) >= 2 {
			title := "材料中的数字对比（" + unit + "）"
			if measure, cats, ok := sharedMeasure(fs, unit); ok {
				title, labels = measure+"（"+unit+"）", cats // "樱花季情绪占比（%）": 浪漫, 焦虑
			}
			return ir.Block{Type: ir.TypeWidget, WidgetID: anchor + "-compare-chart", WidgetType: "chart.js/bar",
				Props: &ir.WidgetProps{Type: "bar", Title: title},
				Data:  &ir.ChartData{Labels: labels, Datasets: []ir.Dataset{{Label: title, Data: data}}}}, []string{id}, true
		}
	}
	return ir.Block{}, nil, false
}

// sharedMeasure is the measure all of a clause's figures of unit are
// categories of, when each KPI label reads "measure：category" with one
// measure ("樱花季情绪占比：浪漫", "樱花季情绪占比：焦虑"), and the categories
// in the order of the chart's labels (one per Label).
func sharedMeasure(fs []prompts.FigureRef, unit string) (string, []string, bool) {
	measure := ""
	var cats []string
	seen := map[string]bool{}
	for _, f := range fs {
		if f.Unit != unit || seen[f.Label] {
			continue
		}
		seen[f.Label] = true
		m, c, ok := strings.Cut(f.KPI, "：")
		if !ok || c == "" || measure != "" && m != measure {
			return "", nil, false
		}
		measure = m
		cats = append(cats, c)
	}
	return measure, cats, measure != ""
}

func citeList(ids []string) string {
	var b strings.Builder
	for _, id := range ids {
		b.WriteString("[" + id + "]")
	}
	return b.String()
}

func appendUnique(xs []string, x string) []string {
	for _, y := range xs {
		if y == x {
			return xs
		}
	}
	return append(xs, x)
}

// summaryFinding is one finding a summary chapter may quote.
type summaryFinding struct {
	text string // shortened, citations kept, with the pointer to its chapter ("（详见「…」）")
	key  string // the shortened finding without citations: one bullet per text
}

// summaryFindings are the digests' findings that stand alone out of their
// chapter (prompts.StandaloneFinding: no enumerator, no example, no
// sentence pointing back; not half a sentence), of 12 runes or more, each
// text once, in chapter order, each shortened (shortFinding) with its
// citations and a pointer to its chapter.
func summaryFindings(ds []prompts.ChapterDigest) []summaryFinding {
	var out []summaryFinding
	seen := map[string]bool{}
	for _, d := range ds {
		for _, f := range d.Findings {
			f, ok := prompts.StandaloneFinding(f)
			if !ok || fragment(stripCites(f), "summary") {
				continue // a lead that is half a sentence ("并针对…") is no finding out of its chapter
			}
			key := stripCites(shortFinding(f))
			if seen[key] || utf8.RuneCountInString(key) < 12 {
				continue
			}
			seen[key] = true
			out = append(out, summaryFinding{shortFinding(f) + "（详见「" + d.Title + "」）", key})
		}
	}
	return out
}

// assignFindings gives each finding to one sub-point of a summary chapter
// (titles), at most draftFindings each: the one whose title shares the
// most rune pairs with it, plus fitBonus; among equals (often: none shares any) the one
// holding the fewest findings so far, then the first — so that no summary
// sub-point is left empty while another holds four. A finding no
// sub-point has room for is left out. Each sub-point lists its findings
// best fitting first, then in chapter order.
func assignFindings(fs []summaryFinding, titles []string) [][]string {
	focus := make([]map[[2]rune]bool, len(titles))
	for i, t := range titles {
		focus[i] = bigrams(t)
	}
	type placed struct{ score, order int }
	got := make([][]placed, len(titles))
	for n, f := range fs {
		grams := bigrams(f.key)
		best, bestScore := -1, -1
		for i := range titles {
			if len(got[i]) >= draftFindings {
				continue
			}
			sc := fitBonus(titles[i], f.key)
			for g := range grams {
				if focus[i][g] {
					sc++
				}
			}
			if sc > bestScore || sc == bestScore && len(got[i]) < len(got[best]) {
				best, bestScore = i, sc
			}
		}
		if best >= 0 {
			got[best] = append(got[best], placed{bestScore, n})
		}
	}
	out := make([][]string, len(titles))
	for i, ps := range got {
		slices.SortStableFunc(ps, func(a, b placed) int { return b.score - a.score })
		for _, p := range ps {
			out[i] = append(out[i], fs[p.order].text)
		}
	}
	return out
}

// figureText matches a figure with its unit in running text (28%, 4.8亿).
var figureText = regexp.MustCompile(`[0-9]+(?:\.[0-9]+)?\s*(?:%|％|万|亿)`)

// adviceWords open or carry a recommendation (强化常态化的信息监测…).
var adviceWords = []string{"建议", "应当", "应该", "需要", "必须", "加强", "强化", "完善", "健全", "建立", "提升", "做到"}

// fitBonus is what a summary sub-point's kind adds to a finding's fit: 3
// for a recommendation under a title about 建议/对策/措施, 3 for a finding
// stating a figure under a title about data (数据, 指标, 峰值, 声量); else 0.
func fitBonus(title, finding string) int {
	switch {
	case firstWord(title, []string{"建议", "对策", "措施"}) != "" && firstWord(finding, adviceWords) != "":
		return 3
	case wantsData(title) && figureText.MatchString(finding):
		return 3
	}
	return 0
}

// wantsData reports a sub-point about data: its title names 数据, 指标,
// 峰值 or 声量.
func wantsData(title string) bool {
	return firstWord(title, []string{"数据", "指标", "峰值", "声量"}) != ""
}

// digestBlocks writes a summary sub-point: the key figures of the other
// chapters as KPI cards when the sub-point is about data (its title names
// 数据, 指标, 峰值 or 声量), then its findings (assignFindings) as a list.
func digestBlocks(ds []prompts.ChapterDigest, spTitle, anchor string, items []string) []ir.Block {
	var out []ir.Block
	if wantsData(spTitle) {
		var figs []prompts.FigureRef
		for _, d := range ds {
			figs = append(figs, d.Figures...)
		}
		out = append(out, figureBlocks(figs, anchor)...)
	}
	if len(items) > 0 {
		out = append(out, list(items))
	}
	return out
}

// shortFinding keeps the first sentence of a finding and its citations;
// a sentence longer than findingRunes runes is cut at its last clause
// mark (，,；;、：:) within them where every bracket and quote opened before
// it is closed, and marked "……" — so a cut finding never stops inside a
// quotation or mid-word ("…源于“官方通报与学生实测数……"); with no such
// mark in the first findingRunes runes, at findingRunes.
func shortFinding(f string) string {
	cites := ""
	for _, sp := range ir.FindCitations(f) {
		for _, id := range sp.IDs {
			cites += "[" + id + "]"
		}
	}
	text := stripCites(f)
	cut := len(text)
	for i, r := range text {
		if r == '。' || r == '；' || r == '！' || r == '？' {
			cut = i + utf8.RuneLen(r)
			break
		}
	}
	text = text[:cut]
	if utf8.RuneCountInString(text) > findingRunes {
		text = prompts.CutAtClause(text, findingRunes) + "……"
	}
	return text + cites
}

// stripCites removes every [E…] citation from s.
func stripCites(s string) string {
	spans := ir.FindCitations(s)
	for i := len(spans) - 1; i >= 0; i-- {
		s = s[:spans[i].Start] + s[spans[i].End:]
	}
	return strings.TrimSpace(s)
}

// draftQuadrants files a passage under a SWOT quadrant only when it says
// so (机遇/机会 → opportunities, 风险/威胁/危机 → threats, 优势 →
// strengths, 劣势/短板/不足 → weaknesses; PEST likewise by its words), and
// never a recommendation (建议, 应当, 需要, 应 …) as a finding. It needs
// two quadrants with items.
func draftQuadrants(evs []prompts.EvidenceRef, cons prompts.Constraints) (ir.Block, bool) {
	if !cons.AllowSwot && !cons.AllowPest {
		return ir.Block{}, false
	}
	advice := []string{"建议", "应当", "应该", "需要", "要加强", "必须"}
	type rule struct {
		field string
		words []string
	}
	var rules []rule
	typ := ir.TypeSwotTable
	if cons.AllowSwot {
		rules = []rule{{"strengths", []string{"优势"}}, {"weaknesses", []string{"劣势", "短板", "不足"}},
			{"opportunities", []string{"机遇", "机会"}}, {"threats", []string{"风险", "威胁", "危机"}}}
	} else {
		typ = ir.TypePestTable
		rules = []rule{{"political", []string{"政策", "监管", "法规"}}, {"economic", []string{"经济", "成本", "收入"}},
			{"social", []string{"社会心态", "社会情绪", "公众情绪"}}, {"technological", []string{"技术", "算法"}}}
	}
	items := map[string][]ir.QuadrantItem{}
	for _, ev := range evs {
		text := strings.TrimSpace(ev.Text)
		if firstWord(text, advice) != "" {
			continue
		}
		for _, r := range rules {
			if w := firstWord(text, r.words); w != "" && len(items[r.field]) < quadrantMax {
				detail := text
				if utf8.RuneCountInString(detail) > quadrantDetail {
					detail = string([]rune(detail)[:quadrantDetail]) + "……"
				}
				items[r.field] = append(items[r.field], ir.QuadrantItem{Title: w, Detail: detail + "[" + ev.ID + "]"})
				break
			}
		}
	}
	filled := 0
	for _, r := range rules {
		if len(items[r.field]) > 0 {
			filled++
		}
	}
	if filled < 2 {
		return ir.Block{}, false
	}
	b := ir.Block{Type: typ, Title: "材料中明确提及的因素"}
	if typ == ir.TypeSwotTable {
		b.Strengths, b.Weaknesses, b.Opportunities, b.Threats = items["strengths"], items["weaknesses"], items["opportunities"], items["threats"]
	} else {
		b.Political, b.Economic, b.Social, b.Technological = items["political"], items["economic"], items["social"], items["technological"]
	}
	return b, true
}

func firstWord(s string, ws []string) string {
	for _, w := range ws {
		if strings.Contains(s, w) {
			return w
		}
	}
	return ""
}
