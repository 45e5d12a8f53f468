package draft

import (
	"fmt"
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

// Chapter writes the chapter of in: from its planned evidence (sub-points
// and, for summary and closing chapters, the other chapters' digests)
// when it has some, else from its graph results and excerpts. Every
// sentence of substance is copied from the input; the connective
// sentences only state counts and provenance. The chapter is valid by
// construction.
func Chapter(in prompts.ChapterInput) ir.Chapter {
	if len(in.SubPoints) > 0 || len(in.Digests) > 0 {
		return draftChapter(in)
	}
	return unplanned(in)
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
