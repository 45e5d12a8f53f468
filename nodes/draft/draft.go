package draft

import (
	"cmp"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"reportengine/ir"
	"reportengine/prompts"
	textrules "reportengine/text"
)

// Draft caps.
const (
	draftPassages = 5 // evidence paragraphs per sub-point after the lead
	// restateShare is the share of a passage's character bigrams found in
	// the passages quoted before it in its sub-point that makes it a
	// restatement (restates). The sample's 7.4 quoted the monthly review
	// of four indicators three times in three wordings (0.77 each); the
	// closest pair of distinct findings in the sample and the fixture
	// reports shares 0.61.
	restateShare  = 0.75
	draftKPIs     = 4  // KPI cards per sub-point
	draftFindings = 4  // digest findings per summary sub-point
	findingRunes  = 80 // a digest finding is cut to this many runes
	quadrantMax   = 3  // SWOT/PEST items per quadrant
)

// NoEvidence is the one line a sub-point without planned evidence gets
// (under 20 runes, so it is not counted as a repeated paragraph).
const NoEvidence = "本小节暂无可引用的材料。"

// Chapter writes the chapter of in from its evidence plan (in.SubPoints)
// and, for summary and closing chapters, the other chapters' digests
// (in.Digests); a chapter given neither has one sub-point per outline
// point, each saying NoEvidence. The chapter is valid by construction.
// Each sub-point is a
// level-3 subsection: a lead paragraph (its most relevant passage), then
// the other passages, each with the [E…] citation of the item it copies;
// figures become KPI cards and, when two or more comparable figures of one
// kind exist, a chart. No sentence is invented: connective text names only
// the speaker or source of a passage.
func Chapter(in prompts.ChapterInput) ir.Chapter {
	sec := in.Section
	title := cmp.Or(strings.TrimSpace(sec.Title), sec.ChapterID)
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
	titles := make([]string, len(subs))
	for i, sp := range subs {
		titles[i] = subTitle(sp, title, i)
	}
	summary := fromDigests(in.Digests, subs)
	var assigned [][]string // a summary's findings, each given to one sub-point
	if summary {
		assigned = assignFindings(summaryFindings(in.Digests), titles)
	}
	bodies := make([][]ir.Block, len(subs))
	quadrantSub := -1 // the sub-point about SWOT (or PEST): where the table goes
	for i, sp := range subs {
		spTitle := titles[i]
		if up := strings.ToUpper(spTitle); quadrantSub < 0 && (in.Constraints.AllowSwot && strings.Contains(up, "SWOT") ||
			in.Constraints.AllowPest && strings.Contains(up, "PEST")) {
			quadrantSub = i
		}
		var body []ir.Block
		if summary {
			body = digestBlocks(in.Digests, spTitle, assigned[i])
		}
		if evs := quotable(sp.Evidence, in.Query); len(evs) > 0 {
			notes := disagreeNotes(sp.Figures)
			lead := evs[0]
			body = append(body, para(cited(lead)+notes[lead.ID]))
			leads = append(leads, cited(lead))
			for _, ev := range quoted(evs, draftPassages) {
				body = append(body, evidenceBlock(ev, notes[ev.ID]))
			}
			body = append(body, figureBlocks(sp.Figures, anchor+"-"+strconv.Itoa(i+1))...)
			swotEv = append(swotEv, evs...)
		}
		body = append(body, essentialBlocks(in.Essentials, spTitle, anchor+"-"+strconv.Itoa(i+1))...)
		if ids := asides(sp.Evidence, in.Query); len(ids) > 0 {
			body = append(body, para("另见来源："+citeList(ids)))
		}
		bodies[i] = body
	}
	q, withTable := draftQuadrants(swotEv, in.Constraints)
	if !withTable {
		quadrantSub = -2 // no table
	}
	blocks = append(blocks, subsections(titles, bodies, anchor, q, quadrantSub)...)
	ch.Blocks = filterAllowed(blocks, in.Constraints.AllowedBlocks)
	if len(leads) > 0 {
		ch.Summary = StripCitations(leads[0])
	}
	return ch
}

// fromDigests reports whether a chapter is written from the other
// chapters' digests: only a chapter with no evidence of its own (the
// summary); a closing chapter with evidence keeps to it, so the two never
// repeat the same findings.
func fromDigests(digests []prompts.ChapterDigest, subs []prompts.SubPointBrief) bool {
	return len(digests) > 0 && !slices.ContainsFunc(subs, func(sp prompts.SubPointBrief) bool { return len(sp.Evidence) > 0 })
}

// subsections are the chapter's subsections: each sub-point's level-3
// heading (titles) and body (NoEvidence for an empty one), the SWOT/PEST
// table q in sub-point quadrantSub's (after the last when no sub-point is
// about it: -1; none: -2).
func subsections(titles []string, bodies [][]ir.Block, anchor string, q ir.Block, quadrantSub int) []ir.Block {
	var blocks []ir.Block
	for i, t := range titles {
		blocks = append(blocks, heading(3, t, anchor+"-"+strconv.Itoa(i+1)))
		body := bodies[i]
		if i == quadrantSub {
			body = append(body, q)
		}
		if len(body) == 0 {
			body = []ir.Block{para(NoEvidence)}
		}
		blocks = append(blocks, body...)
	}
	if quadrantSub == -1 { // no sub-point about it: after the last
		blocks = append(blocks, q)
	}
	return blocks
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
	if textrules.FirstPrefix(text, joiningOpeners) != "" {
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
	return kind == "source" && !strings.ContainsRune("。｡.!！?？;；…”’」』）)》%", last) && !unicode.IsDigit(last)
}

// listingLine matches a line of a list or an index rather than a
// statement: a page marker ("Page 7. …", "第7页"), or a dated entry opening
// with its date ("2022-02-24. 教育部…的通知").
var listingLine = regexp.MustCompile(`^(?:(?i:page|p\.?)\s*\d+\s*[.．:：]|第\s*\d+\s*页|\d{4}[-/.]\d{1,2}[-/.]\d{1,2}\s*[.．:：·])`)

// aboutDocument open a sentence about the engine's own document.
var aboutDocument = []string{"本报告", "本文", "本章", "本节", "本研究", "本次分析", "本分析"}

// documentWords end the title of a document ("…用户口碑洞察报告").
var documentWords = []string{"报告", "分析", "综述", "概述", "研究", "洞察", "简报"}

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
	if textrules.FirstPrefix(text, aboutDocument) != "" {
		return true // "本报告旨在深度剖析…": about the engine's document, not its subject
	}
	if !strings.ContainsAny(text, "，,。｡；;：:！!？?") && textrules.FirstSuffix(text, documentWords) != "" {
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
		case textrules.FirstWord(label, methodWords) != "":
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

// cited is the passage followed by its citation: the web sources that
// state the same claim first (EvidenceRef.Primary), then the passage. A
// passage cut at a clause mark (the evidence splits "优势在于…；劣势在于…；"
// into clauses) is closed with "。" instead: quoted as a sentence of its
// own, it would otherwise end "…八百人；[E147]".
func cited(ev prompts.EvidenceRef) string {
	return closeClause(strings.TrimSpace(ev.Text)) + citeList(append(append([]string{}, ev.Primary...), ev.ID))
}

// closeClause returns s with a final clause mark (；，、 and their ASCII
// forms) replaced by "。"; other text is returned as it is.
func closeClause(s string) string {
	if t := strings.TrimRight(s, "；，、;,"); t != s && t != "" {
		return t + "。"
	}
	return s
}

// evidenceBlock quotes one passage: engine analysis as an engine quote,
// forum speeches with their speaker and time, sources as paragraphs; note
// follows its citation (disagreeNotes).
func evidenceBlock(ev prompts.EvidenceRef, note string) ir.Block {
	switch ev.Kind {
	case "forum":
		who := strings.ToUpper(ev.Engine)
		if who == "HOST" || isEngine(ev.Engine) {
			who = engineZH(ev.Engine)
		}
		at := strings.TrimSpace(strings.TrimPrefix(ev.Source, "论坛"))
		return para(fmt.Sprintf("%s在论坛中指出（%s）：%s", who, at, cited(ev)+note))
	case "final_report", "summary":
		if isEngine(ev.Engine) {
			return para(fmt.Sprintf("%s的研究写道：%s", engineZH(ev.Engine), cited(ev)+note))
		}
	}
	return para(attribution(ev) + cited(ev) + note)
}

// disagreeNotes are the notes of the passages stating a figure other
// passages give another value (FigureRef.Disagree), by evidence id:
// "（来源不一致：另有来源记为 1,847次→68次[E1940]）", printed after the
// passage's citation — the fixture's 4.3 quoted 1,847次→512次 while 1.2
// listed 1,847次→68次, silently.
func disagreeNotes(figs []prompts.FigureRef) map[string]string {
	notes := map[string]string{}
	for _, f := range figs {
		if f.Disagree != "" && notes[f.ItemID] == "" {
			notes[f.ItemID] = "（" + disagree + "：另有来源记为 " + f.Disagree + "）"
		}
	}
	return notes
}

func citeList(ids []string) string {
	var b strings.Builder
	for _, id := range ids {
		b.WriteString("[" + id + "]")
	}
	return b.String()
}

func appendUnique(xs []string, x string) []string {
	if slices.Contains(xs, x) {
		return xs
	}
	return append(xs, x)
}

// summaryFinding is one finding a summary chapter may quote.
type summaryFinding struct {
	text string // shortened, citations kept, with the pointer to its chapter ("（详见「…」）")
	key  string // the shortened finding without citations: one bullet per text
}

// draftQuadrants files a passage under a SWOT quadrant only when it says
// so (机遇/机会 → opportunities, 风险/威胁/危机 → threats, 优势 →
// strengths, 劣势/短板/不足 → weaknesses; PEST likewise by its words), and
// never a recommendation (建议, 应当, 需要, 应 …) as a finding; an item is
// the clause that says it (quadrantTitle) with the passage's citation as
// its evidence (the passage itself stands in the chapter). A passage that
// names several quadrants in clauses of their own is filed under each
// ("优势在于口碑和会员；劣势在于周末客流…；机会在于…；威胁在于…" filled
// only 优势); one clause naming two ("风险与机遇并存") goes under the
// first of strengths, weaknesses, opportunities, threats (PEST: political,
// economic, social, technological). It needs two quadrants with items.
func draftQuadrants(evs []prompts.EvidenceRef, cons prompts.Constraints) (ir.Block, bool) {
	if !cons.AllowSwot && !cons.AllowPest {
		return ir.Block{}, false
	}
	advice := []string{"建议", "应当", "应该", "需要", "要加强", "必须"}
	type rule struct {
		items *[]ir.QuadrantItem // the quadrant of b
		words []string
	}
	b := ir.Block{Type: ir.TypeSwotTable, Title: "材料中明确提及的因素"}
	rules := []rule{{&b.Strengths, []string{"优势"}}, {&b.Weaknesses, []string{"劣势", "短板", "不足"}},
		{&b.Opportunities, []string{"机遇", "机会"}}, {&b.Threats, []string{"风险", "威胁", "危机"}}}
	if !cons.AllowSwot {
		b.Type = ir.TypePestTable
		rules = []rule{{&b.Political, []string{"政策", "监管", "法规"}}, {&b.Economic, []string{"经济", "成本", "收入"}},
			{&b.Social, []string{"社会心态", "社会情绪", "公众情绪"}}, {&b.Technological, []string{"技术", "算法"}}}
	}
	for _, ev := range evs {
		text := strings.TrimSpace(ev.Text)
		if textrules.FirstWord(text, advice) != "" {
			continue
		}
		var said []string // the clauses of this passage filed already
		for _, r := range rules {
			w := textrules.FirstWord(text, r.words)
			if w == "" || len(*r.items) >= quadrantMax {
				continue
			}
			// the clause that says it, and the passage's citation: the
			// passage itself is printed in the chapter already
			title := quadrantTitle(text, w)
			if slices.ContainsFunc(said, func(s string) bool { return strings.Contains(s, title) || strings.Contains(title, s) }) {
				continue // "风险与机遇并存": one clause, one quadrant
			}
			said = append(said, title)
			*r.items = append(*r.items, ir.QuadrantItem{Title: title, Evidence: "[" + ev.ID + "]"})
		}
	}
	filled := 0
	for _, r := range rules {
		if len(*r.items) > 0 {
			filled++
		}
	}
	if filled < 2 {
		return ir.Block{}, false
	}
	return b, true
}

// quadrantTitleRunes is the longest title of a SWOT/PEST item (runes).
const quadrantTitleRunes = 24

// quadrantTitle is a SWOT/PEST item's title: the clause of text that
// holds the word it was filed by (between clause or sentence marks; with
// the next clause when it is under 8 runes: "劣势同样明显，周末客流只有…"), cut
// at quadrantTitleRunes runes ("写字楼商圈的主要风险是周末客流不足"), not
// the bare word ("不足", "危机": a table of those read as empty).
func quadrantTitle(text, word string) string {
	i := strings.Index(text, word)
	if i < 0 {
		return word
	}
	const marks = "，,；;。｡！!？?：:"
	start := strings.LastIndexAny(text[:i], marks)
	if start < 0 {
		start = 0
	} else {
		_, n := utf8.DecodeRuneInString(text[start:])
		start += n
	}
	end := strings.IndexAny(text[i:], marks)
	if end < 0 {
		end = len(text)
	} else {
		end += i
	}
	// a clause too short to say anything ("劣势同样明显") takes the next one
	if utf8.RuneCountInString(text[start:end]) < 8 && end < len(text) {
		if r, n := utf8.DecodeRuneInString(text[end:]); strings.ContainsRune("，,：:", r) {
			if next := strings.IndexAny(text[end+n:], marks); next >= 0 {
				end += n + next
			} else {
				end = len(text)
			}
		}
	}
	clause := strings.TrimSpace(text[start:end])
	if utf8.RuneCountInString(clause) > quadrantTitleRunes {
		clause = string([]rune(clause)[:quadrantTitleRunes]) + "…"
	}
	return clause
}
