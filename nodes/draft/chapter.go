package draft

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"reportengine/ir"
	"reportengine/prompts"
)

// Caps that keep a chapter readable and within a model-sized output.
const (
	maxSectionsPerEngine = 3   // matched sections quoted per engine paragraph
	maxSummaryRunes      = 360 // per matched section summary
	maxQueries           = 10  // bullet list of matched search queries
	maxSources           = 8   // source table rows
	maxSourceSummary     = 80  // source table summary cell
	maxQuoteExcerpts     = 2   // excerpts per engineQuote
	maxQuoteLines        = 2   // prose lines taken from one excerpt
	maxQuoteRunes        = 240 // per quoted line
	maxForum             = 6   // forum entries in the blockquote
	maxForumRunes        = 200 // per forum entry
	maxQuadrantItems     = 4   // SWOT/PEST items per quadrant
	maxQuadrantRunes     = 120 // per SWOT/PEST item
)

// quadrant is a SWOT or PEST quadrant and the keywords that file a
// sentence under it (the first quadrant that matches wins).
type quadrant struct {
	name string
	keys []string
}

var swotQuadrants = []quadrant{
	{"strengths", []string{"优势", "领先", "认可", "好评", "满意"}},
	{"weaknesses", []string{"不足", "问题", "短板", "缺陷", "投诉"}},
	{"opportunities", []string{"机遇", "机会", "潜力", "增长空间"}},
	{"threats", []string{"风险", "危机", "负面", "质疑", "威胁"}},
}

var pestQuadrants = []quadrant{
	{"political", []string{"政策", "政府", "监管", "法规", "官方"}},
	{"economic", []string{"经济", "价格", "成本", "销售", "收入", "市场"}},
	{"social", []string{"社会", "公众", "网民", "消费者", "舆论", "文化"}},
	{"technological", []string{"技术", "科技", "算法", "数字化", "人工智能", "AI"}},
}

// evidence is a sentence of the input and where it came from.
type evidence struct {
	text, source string
}

// chapter builds the chapter IR from the graph results and excerpts of in.
// Every sentence of substance is copied from the input; the connective
// sentences only state counts and provenance.
func Chapter(in prompts.ChapterInput) ir.Chapter {
	if len(in.SubPoints) > 0 || len(in.Digests) > 0 {
		return draftChapter(in)
	}
	sec := in.Section
	title := strings.TrimSpace(sec.Title)
	if title == "" {
		title = "未命名章节"
		if sec.ChapterID != "" {
			title = sec.ChapterID
		}
	}
	anchor := anchorFor("chapter", sec.Anchor, sec.Slug, "section-"+strings.ToLower(sec.ChapterID))
	ch := ir.Chapter{ChapterID: sec.ChapterID, Title: title, Anchor: anchor, Order: sec.Order}
	blocks := []ir.Block{heading(2, title, anchor)}

	g := in.Graph
	if g != nil && len(g.Sections) == 0 && len(g.Queries) == 0 && len(g.Sources) == 0 {
		g = nil
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

	if g == nil && len(engineEx) == 0 && len(otherEx) == 0 && len(forum) == 0 {
		msg := fmt.Sprintf("知识图谱、引擎报告与论坛记录中都没有与本章「%s」直接相关的材料。本章因此不作展开，以免写入没有依据的内容。", title)
		blocks = append(blocks, para(msg), coverageCallout(sec.Outline, ""))
		ch.Blocks = filterAllowed(blocks, in.Constraints.AllowedBlocks)
		ch.Summary = msg
		return ch
	}

	// focus is what the chapter is about: material sharing more rune pairs
	// with its title and outline comes first, so chapters on one graph do
	// not all lead with the same sections, queries and sources.
	focus := bigrams(title + " " + strings.Join(sec.Outline, " "))
	var material strings.Builder // everything the chapter drew on, for outline coverage
	var ev []evidence            // sentences for SWOT/PEST classification

	// Intro.
	intro := fmt.Sprintf("本章围绕「%s」整理现有材料。", title)
	if g != nil {
		intro += fmt.Sprintf("知识图谱经 %d 轮查询，为本章匹配到 %d 个引擎报告段落、%d 条搜索查询和 %d 个来源",
			max(g.QueryRounds, 1), len(g.Sections), len(g.Queries), len(g.Sources))
		if es := graphEngines(g); len(es) > 0 {
			intro += "，涉及 " + strings.Join(displayNames(es), "、") + " 引擎"
		}
		intro += "。"
	}
	if n := len(engineEx) + len(otherEx); n > 0 {
		intro += fmt.Sprintf("另有 %d 段引擎报告摘录", n)
		if len(forum) > 0 {
			intro += fmt.Sprintf("和 %d 条论坛发言", len(forum))
		}
		intro += "。"
	} else if len(forum) > 0 {
		intro += fmt.Sprintf("另有 %d 条论坛发言。", len(forum))
	}
	intro += "下文的引述均摘自原始材料，未作改写。"
	blocks = append(blocks, para(intro))
	ch.Summary = intro

	if g != nil {
		if len(g.CrossEngineInsights) > 0 {
			blocks = append(blocks, para("图谱的跨引擎提示："+strings.Join(g.CrossEngineInsights, "；")+"。"))
		}
		blocks = append(blocks, ir.Block{Type: ir.TypeKPIGrid, Cols: 4, KPIItems: []ir.KPI{
			{Label: "匹配段落", Value: strconv.Itoa(len(g.Sections))},
			{Label: "搜索查询", Value: strconv.Itoa(len(g.Queries))},
			{Label: "来源", Value: strconv.Itoa(len(g.Sources))},
			{Label: "查询轮数", Value: strconv.Itoa(max(g.QueryRounds, 1))},
		}})

		// Per-engine synthesis of the matched sections.
		var engParas []ir.Block
		bySection := map[string][]prompts.GraphSection{}
		var engines []string
		for _, s := range g.Sections {
			bySection[s.Engine] = append(bySection[s.Engine], s)
			engines = append(engines, s.Engine)
			material.WriteString(s.Title + "\n" + s.Summary + "\n")
			for _, sent := range sentences(s.Summary) {
				ev = append(ev, evidence{sent, engineLabel(s.Engine)})
			}
		}
		for _, e := range sortEngines(engines) {
			// The sections most about this chapter first (shared rune
			// pairs with its title and outline), so that chapters on one
			// graph do not all quote the same sections.
			slices.SortStableFunc(bySection[e], func(a, b prompts.GraphSection) int {
				return overlapCount(focus, b.Title+" "+b.Summary) - overlapCount(focus, a.Title+" "+a.Summary)
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
			blocks = append(blocks, heading(3, "各引擎报告要点", anchor+"-engines"))
			blocks = append(blocks, engParas...)
		}

		// Chart of matched queries and sources per engine.
		if w, ok := engineChart(g, anchor); ok {
			blocks = append(blocks, w)
		}

		// Search queries.
		var qs []string
		seen := map[string]bool{}
		queries := slices.Clone(g.Queries)
		slices.SortStableFunc(queries, func(a, b prompts.GraphQuery) int {
			return overlapCount(focus, b.QueryText) - overlapCount(focus, a.QueryText)
		})
		for _, q := range queries {
			t := strings.TrimSpace(q.QueryText)
			if t == "" || seen[t] {
				continue
			}
			seen[t] = true
			material.WriteString(t + "\n")
			if len(qs) < maxQueries {
				item := t
				if q.Engine != "" {
					item += "（" + engineLabel(q.Engine) + "）"
				}
				qs = append(qs, item)
			}
		}
		if len(qs) > 0 {
			blocks = append(blocks, heading(3, "相关搜索查询", anchor+"-queries"),
				para(fmt.Sprintf("各引擎在调研中使用过以下 %d 条与本章相关的搜索查询：", len(qs))),
				list(qs))
		}

		// Sources.
		srcs := slices.Clone(g.Sources)
		slices.SortStableFunc(srcs, func(a, b prompts.GraphSource) int {
			return overlapCount(focus, b.Title+" "+b.Preview) - overlapCount(focus, a.Title+" "+a.Preview)
		})
		if t, ids := sourceTable(srcs, &material); len(ids) > 0 || t.Type != "" {
			blocks = append(blocks, heading(3, "主要来源", anchor+"-sources"), t)
			ch.Sources = ids
		}
	}

	// Engine report excerpts, verbatim.
	var quotes []ir.Block
	byEngine := map[string][]prompts.Excerpt{}
	var exEngines []string
	for _, e := range engineEx {
		k := strings.ToLower(strings.TrimSpace(e.Engine))
		byEngine[k] = append(byEngine[k], e)
		exEngines = append(exEngines, k)
		material.WriteString(e.Section + "\n" + e.Text + "\n")
		for _, sent := range sentences(e.Text) {
			ev = append(ev, evidence{sent, engineLabel(k)})
		}
	}
	for _, k := range sortEngines(exEngines) {
		var ps []ir.Block
		for i, e := range byEngine[k] {
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
			quotes = append(quotes, ir.Block{Type: ir.TypeEngineQuote, Engine: k, Title: engineName(k) + " Agent", Blocks: ps})
		}
	}
	var others []ir.Block
	for _, e := range otherEx {
		material.WriteString(e.Section + "\n" + e.Text + "\n")
		for _, sent := range sentences(e.Text) {
			ev = append(ev, evidence{sent, "报告摘录"})
		}
		label := "报告摘录"
		if s := strings.TrimSpace(e.Section); s != "" {
			label += "（" + s + "）"
		}
		others = append(others, para(label+"："+leadSpan(lines(e.Text)[0], maxQuoteRunes)))
	}
	if len(quotes)+len(others) > 0 {
		blocks = append(blocks, heading(3, "引擎报告原文摘录", anchor+"-quotes"))
		blocks = append(blocks, quotes...)
		blocks = append(blocks, others...)
	}

	// Forum discussion.
	if len(forum) > 0 {
		var ps []ir.Block
		for i, f := range forum {
			text := strings.Join(lines(f.Text), " ")
			material.WriteString(text + "\n")
			for _, sent := range sentences(f.Text) {
				ev = append(ev, evidence{sent, "论坛"})
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
		blocks = append(blocks, heading(3, "论坛讨论", anchor+"-forum"),
			ir.Block{Type: ir.TypeBlockquote, Blocks: ps})
	}

	if in.Constraints.AllowSwot {
		if b, ok := classify(ev, swotQuadrants, ir.TypeSwotTable, "SWOT 摘录归类"); ok {
			blocks = append(blocks, heading(3, "SWOT 摘录归类", anchor+"-swot"), b)
		}
	}
	if in.Constraints.AllowPest {
		if b, ok := classify(ev, pestQuadrants, ir.TypePestTable, "PEST 摘录归类"); ok {
			blocks = append(blocks, heading(3, "PEST 摘录归类", anchor+"-pest"), b)
		}
	}

	blocks = append(blocks, coverageCallout(sec.Outline, material.String()))
	ch.Blocks = filterAllowed(blocks, in.Constraints.AllowedBlocks)
	return ch
}

func isEngine(e string) bool {
	switch strings.ToLower(strings.TrimSpace(e)) {
	case "insight", "media", "query":
		return true
	}
	return false
}

func engineLabel(e string) string {
	switch e {
	case "":
		return "未标注引擎"
	case "host":
		return "论坛主持人"
	}
	return engineName(e) + "引擎"
}

func displayNames(es []string) []string {
	out := make([]string, len(es))
	for i, e := range es {
		out[i] = engineName(e)
	}
	return out
}

// graphEngines lists the engines that appear anywhere in the results.
func graphEngines(g *prompts.GraphResults) []string {
	var es []string
	for _, s := range g.Sections {
		es = append(es, s.Engine)
	}
	for _, q := range g.Queries {
		es = append(es, q.Engine)
	}
	for _, s := range g.Sources {
		es = append(es, s.Engines...)
	}
	return sortEngines(es)
}

// engineChart is a bar chart of matched search queries plus sources per
// engine, when at least two engines have any.
func engineChart(g *prompts.GraphResults, anchor string) (ir.Block, bool) {
	count := map[string]int{}
	var es []string
	for _, q := range g.Queries {
		if q.Engine != "" {
			count[q.Engine]++
			es = append(es, q.Engine)
		}
	}
	for _, s := range g.Sources {
		for _, e := range dedupe(s.Engines) {
			count[e]++
			es = append(es, e)
		}
	}
	es = sortEngines(es)
	if len(es) < 2 {
		return ir.Block{}, false
	}
	data := make([]float64, len(es))
	for i, e := range es {
		data[i] = float64(count[e])
	}
	const title = "各引擎匹配的搜索查询与来源数量"
	return ir.Block{
		Type:       ir.TypeWidget,
		WidgetID:   anchor + "-engine-chart",
		WidgetType: ir.ChartWidgetPrefix + ir.ChartBar,
		Props:      &ir.WidgetProps{Type: ir.ChartBar, Title: title},
		Data: &ir.ChartData{
			Labels:   displayNames(es),
			Datasets: []ir.Dataset{{Label: "搜索查询与来源", Data: data}},
		},
	}, true
}

// sourceTable lists up to maxSources sources: title (a link when the url is
// http or https), engines, and the start of the preview.
func sourceTable(srcs []prompts.GraphSource, material *strings.Builder) (ir.Block, []string) {
	header := ir.Row{Cells: []ir.Cell{
		{Header: true, Blocks: []ir.Block{para("来源")}},
		{Header: true, Blocks: []ir.Block{para("引擎")}},
		{Header: true, Blocks: []ir.Block{para("摘要")}},
	}}
	rows := []ir.Row{header}
	var ids []string
	for _, s := range srcs {
		material.WriteString(s.Title + "\n" + s.Preview + "\n")
		if len(rows) > maxSources {
			continue
		}
		name := strings.TrimSpace(s.Title)
		if name == "" {
			name = strings.TrimSpace(s.URL)
		}
		if name == "" {
			name = strings.TrimSpace(s.ID)
		}
		if name == "" {
			continue
		}
		run := ir.Inline{Text: name}
		if u := strings.TrimSpace(s.URL); strings.HasPrefix(u, "http://") || strings.HasPrefix(u, "https://") {
			run.Marks = []ir.Mark{{Type: "link", Href: u}}
		}
		engines := "未标注"
		if es := sortEngines(s.Engines); len(es) > 0 {
			engines = strings.Join(displayNames(es), "、")
		}
		summary := strings.TrimSpace(leadSpan(strings.Join(lines(s.Preview), " "), maxSourceSummary))
		if summary == "" {
			summary = strings.TrimSpace(s.Date)
		}
		if summary == "" {
			summary = "（无摘要）"
		}
		rows = append(rows, ir.Row{Cells: []ir.Cell{
			{Blocks: []ir.Block{{Type: ir.TypeParagraph, Inlines: []ir.Inline{run}}}},
			{Blocks: []ir.Block{para(engines)}},
			{Blocks: []ir.Block{para(summary)}},
		}})
		if s.ID != "" {
			ids = append(ids, s.ID)
		}
	}
	if len(rows) == 1 {
		return ir.Block{}, nil
	}
	return ir.Block{
		Type:    ir.TypeTable,
		Rows:    rows,
		Caption: fmt.Sprintf("知识图谱匹配的来源（%d/%d 条）", len(rows)-1, len(srcs)),
		Zebra:   true,
	}, ids
}

// classify files evidence sentences under quadrants by keyword; false when
// every quadrant stays empty.
func classify(ev []evidence, qs []quadrant, typ, title string) (ir.Block, bool) {
	items := make([][]ir.QuadrantItem, len(qs))
	seen := map[string]bool{}
	total := 0
	for _, e := range ev {
		if seen[e.text] {
			continue
		}
		for i, q := range qs {
			if len(containsAny(e.text, q.keys)) == 0 {
				continue
			}
			seen[e.text] = true
			if len(items[i]) < maxQuadrantItems {
				items[i] = append(items[i], ir.QuadrantItem{Title: leadSpan(e.text, maxQuadrantRunes), Source: e.source})
				total++
			}
			break
		}
	}
	if total == 0 {
		return ir.Block{}, false
	}
	b := ir.Block{Type: typ, Title: title,
		Summary: "按关键词把本章材料中的原句归入各象限，句子未经改写，归类不代表模型研判。"}
	for i, q := range qs {
		switch q.name {
		case "strengths":
			b.Strengths = items[i]
		case "weaknesses":
			b.Weaknesses = items[i]
		case "opportunities":
			b.Opportunities = items[i]
		case "threats":
			b.Threats = items[i]
		case "political":
			b.Political = items[i]
		case "economic":
			b.Economic = items[i]
		case "social":
			b.Social = items[i]
		case "technological":
			b.Technological = items[i]
		}
	}
	return b, true
}

// coverageCallout closes the chapter with the outline points the material
// does not cover.
func coverageCallout(outline []string, material string) ir.Block {
	var missing []string
	n := 0
	for _, o := range outline {
		item := stripNumber(o)
		if item == "" {
			continue
		}
		n++
		if !covered(item, material) {
			missing = append(missing, item)
		}
	}
	c := ir.Block{Type: ir.TypeCallout, Tone: "info", Title: "大纲覆盖情况"}
	switch {
	case n == 0:
		c.Blocks = []ir.Block{para("模板没有为本章列出大纲要点。")}
	case len(missing) == 0:
		c.Blocks = []ir.Block{para(fmt.Sprintf("本章大纲的 %d 个要点在现有材料中都能找到对应内容。", n))}
	default:
		c.Blocks = []ir.Block{
			para(fmt.Sprintf("本章大纲的 %d 个要点中，以下 %d 个在现有材料中没有找到直接对应的内容，需要补充数据后再作判断：", n, len(missing))),
			list(missing),
		}
	}
	return c
}

// covered reports whether material mentions an outline point: one of its
// 3-4 character terms, or two of its 2-character terms, occur in it.
func covered(item, material string) bool {
	material = strings.ToLower(material)
	pairs := 0
	for _, t := range terms(item) {
		if !strings.Contains(material, strings.ToLower(t)) {
			continue
		}
		if runeLen(t) >= 3 {
			return true
		}
		pairs++
	}
	return pairs >= 2
}

// filterAllowed drops blocks whose type is not allowed (headings always
// stay); nil or empty allowed means everything is.
func filterAllowed(blocks []ir.Block, allowed []string) []ir.Block {
	if len(allowed) == 0 {
		return blocks
	}
	ok := map[string]bool{ir.TypeHeading: true}
	for _, a := range allowed {
		ok[a] = true
	}
	var kept []ir.Block
	for _, b := range blocks {
		if ok[b.Type] {
			kept = append(kept, b)
		}
	}
	// A sub-heading whose content was dropped goes too.
	var out []ir.Block
	for i, b := range kept {
		if b.Type == ir.TypeHeading && b.Level > 2 && (i+1 == len(kept) || kept[i+1].Type == ir.TypeHeading) {
			continue
		}
		out = append(out, b)
	}
	return out
}

func heading(level int, text, anchor string) ir.Block {
	return ir.Block{Type: ir.TypeHeading, Level: level, Text: text, Anchor: anchor}
}

func para(text string) ir.Block {
	return ir.Block{Type: ir.TypeParagraph, Inlines: []ir.Inline{{Text: text}}}
}

func list(items []string) ir.Block {
	b := ir.Block{Type: ir.TypeList, ListType: "bullet"}
	for _, it := range items {
		b.ListItems = append(b.ListItems, []ir.Block{para(it)})
	}
	return b
}
