package draft

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"reportengine/ir"
	"reportengine/prompts"
	textrules "reportengine/text"
)

// sketch is an unplanned chapter being written: from the graph results
// and the excerpts of its input, with no evidence plan.
type sketch struct {
	in            prompts.ChapterInput
	title, anchor string
	g             *prompts.GraphResults // nil when the graph matched nothing
	// focus is what the chapter is about: material sharing more rune pairs
	// with its title and outline comes first, so chapters on one graph do
	// not all lead with the same sections, queries and sources.
	focus    map[[2]rune]bool
	material strings.Builder // everything the chapter drew on, for outline coverage
	ev       []evidence      // sentences for SWOT/PEST classification
	blocks   []ir.Block
	sources  []string
}

// unplanned builds the chapter IR from the graph results and excerpts of
// in. Every sentence of substance is copied from the input; the connective
// sentences only state counts and provenance.
func unplanned(in prompts.ChapterInput) ir.Chapter {
	sec := in.Section
	k := &sketch{in: in, title: strings.TrimSpace(sec.Title), g: in.Graph}
	if k.title == "" {
		k.title = "未命名章节"
		if sec.ChapterID != "" {
			k.title = sec.ChapterID
		}
	}
	k.anchor = anchorFor("chapter", sec.Anchor, sec.Slug, "section-"+strings.ToLower(sec.ChapterID))
	ch := ir.Chapter{ChapterID: sec.ChapterID, Title: k.title, Anchor: k.anchor, Order: sec.Order}
	k.blocks = []ir.Block{heading(2, k.title, k.anchor)}
	if g := k.g; g != nil && len(g.Sections) == 0 && len(g.Queries) == 0 && len(g.Sources) == 0 {
		k.g = nil
	}
	var engineEx, otherEx []prompts.Excerpt
	for _, e := range in.Excerpts {
		if len(lines(e.Text)) == 0 {
			continue
		}
		if isEngine(e.Engine) {
			engineEx = append(engineEx, e)
		} else {
			otherEx = append(otherEx, e)
		}
	}
	var forum []prompts.Excerpt
	for _, e := range in.ForumExcerpts {
		if len(lines(e.Text)) > 0 {
			forum = append(forum, e)
		}
	}
	if k.g == nil && len(engineEx) == 0 && len(otherEx) == 0 && len(forum) == 0 {
		msg := fmt.Sprintf("知识图谱、引擎报告与论坛记录中都没有与本章「%s」直接相关的材料。本章因此不作展开，以免写入没有依据的内容。", k.title)
		ch.Blocks = filterAllowed(append(k.blocks, para(msg), coverageCallout(sec.Outline, "")), in.Constraints.AllowedBlocks)
		ch.Summary = msg
		return ch
	}
	k.focus = textrules.Bigrams(k.title + " " + strings.Join(sec.Outline, " "))
	ch.Summary = k.intro(len(engineEx)+len(otherEx), len(forum))
	if k.g != nil {
		k.graph()
		ch.Sources = k.sources
	}
	k.excerpts(engineEx, otherEx)
	k.forum(forum)
	k.quadrants()
	k.blocks = append(k.blocks, coverageCallout(sec.Outline, k.material.String()))
	ch.Blocks = filterAllowed(k.blocks, in.Constraints.AllowedBlocks)
	return ch
}

// intro states what the chapter draws on: graph rounds and matches,
// excerpts, forum speeches. It is also the chapter's summary.
func (k *sketch) intro(excerpts, forum int) string {
	g := k.g
	intro := fmt.Sprintf("本章围绕「%s」整理现有材料。", k.title)
	if g != nil {
		intro += fmt.Sprintf("知识图谱经 %d 轮查询，为本章匹配到 %d 个引擎报告段落、%d 条搜索查询和 %d 个来源",
			max(g.QueryRounds, 1), len(g.Sections), len(g.Queries), len(g.Sources))
		if es := graphEngines(g); len(es) > 0 {
			intro += "，涉及 " + strings.Join(displayNames(es), "、") + " 引擎"
		}
		intro += "。"
	}
	if excerpts > 0 {
		intro += fmt.Sprintf("另有 %d 段引擎报告摘录", excerpts)
		if forum > 0 {
			intro += fmt.Sprintf("和 %d 条论坛发言", forum)
		}
		intro += "。"
	} else if forum > 0 {
		intro += fmt.Sprintf("另有 %d 条论坛发言。", forum)
	}
	intro += "下文的引述均摘自原始材料，未作改写。"
	k.blocks = append(k.blocks, para(intro))
	return intro
}

// graph writes the graph's part: cross-engine hints, KPIs, each engine's
// matched sections, the chart, the search queries and the sources.
func (k *sketch) graph() {
	g := k.g
	if len(g.CrossEngineInsights) > 0 {
		k.blocks = append(k.blocks, para("图谱的跨引擎提示："+strings.Join(g.CrossEngineInsights, "；")+"。"))
	}
	k.blocks = append(k.blocks, ir.Block{Type: ir.TypeKPIGrid, Cols: 4, KPIItems: []ir.KPI{
		{Label: "匹配段落", Value: strconv.Itoa(len(g.Sections))},
		{Label: "搜索查询", Value: strconv.Itoa(len(g.Queries))},
		{Label: "来源", Value: strconv.Itoa(len(g.Sources))},
		{Label: "查询轮数", Value: strconv.Itoa(max(g.QueryRounds, 1))},
	}})
	k.engineSections()
	if w, ok := engineChart(g, k.anchor); ok {
		k.blocks = append(k.blocks, w)
	}
	k.queries()
	srcs := slices.Clone(g.Sources)
	slices.SortStableFunc(srcs, func(a, b prompts.GraphSource) int {
		return textrules.BigramOverlap(k.focus, b.Title+" "+b.Preview) - textrules.BigramOverlap(k.focus, a.Title+" "+a.Preview)
	})
	if t, ids := sourceTable(srcs, &k.material); len(ids) > 0 || t.Type != "" {
		k.blocks = append(k.blocks, heading(3, "主要来源", k.anchor+"-sources"), t)
		k.sources = ids
	}
}

// engineSections is one paragraph per engine quoting its matched
// sections, those most about this chapter first (shared rune pairs with
// its title and outline), so that chapters on one graph do not all quote
// the same sections.
func (k *sketch) engineSections() {
	var engParas []ir.Block
	bySection := map[string][]prompts.GraphSection{}
	var engines []string
	for _, s := range k.g.Sections {
		bySection[s.Engine] = append(bySection[s.Engine], s)
		engines = append(engines, s.Engine)
		k.material.WriteString(s.Title + "\n" + s.Summary + "\n")
		for _, sent := range sentences(s.Summary) {
			k.ev = append(k.ev, evidence{sent, engineLabel(s.Engine)})
		}
	}
	for _, e := range sortEngines(engines) {
		slices.SortStableFunc(bySection[e], func(a, b prompts.GraphSection) int {
			return textrules.BigramOverlap(k.focus, b.Title+" "+b.Summary) - textrules.BigramOverlap(k.focus, a.Title+" "+a.Summary)
		})
		var parts []string
		for i, s := range bySection[e] {
			if i == maxSectionsPerEngine {
				break
			}
			sum := strings.TrimSpace(leadSpan(strings.TrimSpace(s.Summary), maxSummaryRunes))
			st := stripClock(strings.TrimSpace(s.Title))
			switch {
			case st != "" && sum != "":
				parts = append(parts, fmt.Sprintf("「%s」一节写道：%s", st, sum))
			case sum != "":
				parts = append(parts, sum)
			case st != "":
				parts = append(parts, fmt.Sprintf("列有「%s」一节", st))
			}
		}
		if len(parts) == 0 {
			continue
		}
		text := "据" + engineLabel(e) + "报告，" + joinClauses(parts, "另，")
		if n := len(bySection[e]); n > maxSectionsPerEngine {
			text += fmt.Sprintf("（该引擎共有 %d 个相关章节，此处摘取前 %d 个。）", n, maxSectionsPerEngine)
		}
		engParas = append(engParas, para(text))
	}
	if len(engParas) > 0 {
		k.blocks = append(k.blocks, heading(3, "各引擎报告要点", k.anchor+"-engines"))
		k.blocks = append(k.blocks, engParas...)
	}
}

// queries lists the matched search queries, those most about the chapter
// first.
func (k *sketch) queries() {
	var qs []string
	seen := map[string]bool{}
	queries := slices.Clone(k.g.Queries)
	slices.SortStableFunc(queries, func(a, b prompts.GraphQuery) int {
		return textrules.BigramOverlap(k.focus, b.QueryText) - textrules.BigramOverlap(k.focus, a.QueryText)
	})
	for _, q := range queries {
		t := strings.TrimSpace(q.QueryText)
		if t == "" || seen[t] {
			continue
		}
		seen[t] = true
		k.material.WriteString(t + "\n")
		if len(qs) < maxQueries {
			item := t
			if q.Engine != "" {
				item += "（" + engineLabel(q.Engine) + "）"
			}
			qs = append(qs, item)
		}
	}
	if len(qs) > 0 {
		k.blocks = append(k.blocks, heading(3, "相关搜索查询", k.anchor+"-queries"),
			para(fmt.Sprintf("各引擎在调研中使用过以下 %d 条与本章相关的搜索查询：", len(qs))),
			list(qs))
	}
}

// excerpts quotes the engine reports verbatim (engineQuote blocks) and the
// other excerpts' first lines.
func (k *sketch) excerpts(engineEx, otherEx []prompts.Excerpt) {
	var quotes []ir.Block
	byEngine := map[string][]prompts.Excerpt{}
	var exEngines []string
	for _, e := range engineEx {
		key := strings.ToLower(strings.TrimSpace(e.Engine))
		byEngine[key] = append(byEngine[key], e)
		exEngines = append(exEngines, key)
		k.material.WriteString(e.Section + "\n" + e.Text + "\n")
		for _, sent := range sentences(e.Text) {
			k.ev = append(k.ev, evidence{sent, engineLabel(key)})
		}
	}
	for _, key := range sortEngines(exEngines) {
		var ps []ir.Block
		for i, e := range byEngine[key] {
			if i == maxQuoteExcerpts {
				break
			}
			for j, l := range lines(e.Text) {
				if j == maxQuoteLines {
					break
				}
				ps = append(ps, para(leadSpan(l, maxQuoteRunes)))
			}
		}
		if len(ps) > 0 {
			quotes = append(quotes, ir.Block{Type: ir.TypeEngineQuote, Engine: key, Title: engineName(key) + " Agent", Blocks: ps})
		}
	}
	var others []ir.Block
	for _, e := range otherEx {
		k.material.WriteString(e.Section + "\n" + e.Text + "\n")
		for _, sent := range sentences(e.Text) {
			k.ev = append(k.ev, evidence{sent, "报告摘录"})
		}
		label := "报告摘录"
		if s := strings.TrimSpace(e.Section); s != "" {
			label += "（" + s + "）"
		}
		others = append(others, para(label+"："+leadSpan(lines(e.Text)[0], maxQuoteRunes)))
	}
	if len(quotes)+len(others) > 0 {
		k.blocks = append(k.blocks, heading(3, "引擎报告原文摘录", k.anchor+"-quotes"))
		k.blocks = append(k.blocks, quotes...)
		k.blocks = append(k.blocks, others...)
	}
}

// forum quotes the forum speeches (at most maxForum) in a blockquote.
func (k *sketch) forum(forum []prompts.Excerpt) {
	if len(forum) == 0 {
		return
	}
	var ps []ir.Block
	for i, f := range forum {
		text := strings.Join(lines(f.Text), " ")
		k.material.WriteString(text + "\n")
		for _, sent := range sentences(f.Text) {
			k.ev = append(k.ev, evidence{sent, "论坛"})
		}
		if i >= maxForum {
			continue
		}
		speaker := strings.TrimSpace(f.Engine)
		if speaker == "" {
			speaker = "论坛发言"
		}
		sep := "："
		if t := strings.TrimSpace(f.Section); t != "" {
			sep = "（" + t + "）："
		}
		ps = append(ps, ir.Block{Type: ir.TypeParagraph, Inlines: []ir.Inline{
			{Text: speaker, Marks: []ir.Mark{{Type: ir.MarkBold}}},
			{Text: sep + leadSpan(text, maxForumRunes)},
		}})
	}
	k.blocks = append(k.blocks, heading(3, "论坛讨论", k.anchor+"-forum"),
		ir.Block{Type: ir.TypeBlockquote, Blocks: ps})
}

// quadrants files the quoted sentences under SWOT or PEST, when the
// constraints allow the table.
func (k *sketch) quadrants() {
	if k.in.Constraints.AllowSwot {
		if b, ok := classify(k.ev, swotQuadrants, ir.TypeSwotTable, "SWOT 摘录归类"); ok {
			k.blocks = append(k.blocks, heading(3, "SWOT 摘录归类", k.anchor+"-swot"), b)
		}
	}
	if k.in.Constraints.AllowPest {
		if b, ok := classify(k.ev, pestQuadrants, ir.TypePestTable, "PEST 摘录归类"); ok {
			k.blocks = append(k.blocks, heading(3, "PEST 摘录归类", k.anchor+"-pest"), b)
		}
	}
}
