package draft

import (
	"cmp"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"reportengine/ir"
	"reportengine/prompts"
	textrules "reportengine/text"
)

// category is one template family with the keywords that vote for it and
// the name fragments that recognise its template among the offered ones.
type category struct {
	label    string
	keywords []string
	names    []string
}

// categories, in tie-break order. The social hot-event family is also the
// default when nothing scores.
var categories = []category{
	{"突发事件与危机公关", []string{"危机", "突发", "事故", "道歉"}, []string{"突发", "危机"}},
	{"企业品牌声誉", []string{"品牌", "声誉", "口碑"}, []string{"品牌"}},
	{"市场竞争格局", []string{"竞争", "竞品", "市场份额"}, []string{"竞争"}},
	{"特定政策或行业动态", []string{"政策", "法规", "行业"}, []string{"政策", "行业"}},
	{"日常或定期监测", []string{"日报", "周报", "月报", "监测"}, []string{"日常", "定期"}},
	// public hot events: what most BettaFish runs are about (a university's
	// incidents, a viral dispute); last, so it loses ties, and the default
	// when nothing scores
	{"社会公共热点事件", []string{"事件", "热点", "热搜", "争议", "发酵", "舆论场"}, []string{"热点", "社会"}},
}

var defaultNames = []string{"热点", "社会"}

func offered(opts []prompts.TemplateOption, frags []string) int {
	return slices.IndexFunc(opts, func(o prompts.TemplateOption) bool { return textrules.FirstWord(o.Name, frags) != "" })
}

// selectTemplate scores the query (weight 3), the engines' section titles
// (weight 2) and the excerpts (weight 1)
// against each family's keywords and picks the best-scoring family whose
// template is offered; with no score it picks the social hot-event
// template, else the first offered template.
func SelectTemplate(in prompts.TemplateSelectionInput) (prompts.TemplateSelectionReply, error) {
	if len(in.Templates) == 0 {
		return prompts.TemplateSelectionReply{}, errors.New("no templates offered")
	}
	best, bestScore := -1, 0
	var bestHits []string
	for _, c := range categories {
		idx := offered(in.Templates, c.names)
		if idx < 0 {
			continue
		}
		score := 0
		var hits []string
		for _, k := range c.keywords {
			n := 3 * strings.Count(in.Query, k)
			for _, e := range in.Excerpts {
				n += strings.Count(e.Text, k) + strings.Count(e.Section, k)
			}
			for _, t := range graphTitles(in.Graph) { // what the engines researched
				n += 2 * strings.Count(t, k)
			}
			if n > 0 {
				score += n
				hits = append(hits, fmt.Sprintf("「%s」", k))
			}
		}
		if score > bestScore {
			best, bestScore, bestHits = idx, score, hits
		}
	}
	if best >= 0 {
		name := in.Templates[best].Name
		return prompts.TemplateSelectionReply{
			TemplateName: name,
			SelectionReason: fmt.Sprintf("离线抽取模型按关键词打分（查询权重 3，研究段落标题权重 2，摘录权重 1）：命中%s，得分 %d，最高，故选用「%s」。",
				strings.Join(bestHits, "、"), bestScore, name),
		}, nil
	}
	idx := offered(in.Templates, defaultNames)
	reason := "查询与摘录未命中任何模板类别的关键词，采用默认推荐的社会公共热点事件模板「%s」。"
	if idx < 0 {
		idx = 0
		reason = "查询与摘录未命中任何模板的关键词，且未提供社会公共热点事件模板，采用候选列表中的第一个模板「%s」。"
	}
	name := in.Templates[idx].Name
	return prompts.TemplateSelectionReply{TemplateName: name, SelectionReason: fmt.Sprintf(reason, name)}, nil
}

// graphTitles returns the graph's section titles, engines in engine order,
// round-robin (first title of every engine, then the second, …).
func graphTitles(g *prompts.GraphStats) []string {
	if g == nil {
		return nil
	}
	engines := sortEngines(slices.Collect(maps.Keys(g.SectionTitles)))
	var out []string
	for i := 0; ; i++ {
		more := false
		for _, e := range engines {
			if ts := g.SectionTitles[e]; i < len(ts) {
				more = true
				out = append(out, strings.TrimSpace(ts[i]))
			}
		}
		if !more {
			break
		}
	}
	return dedupe(out)
}

// layout builds the document layout from the query, chapters and graph
// statistics.
func Layout(in prompts.LayoutInput) prompts.LayoutReply {
	topic := strings.TrimSpace(in.Query)
	if topic == "" && in.Graph != nil {
		topic = strings.TrimSpace(in.Graph.Topic)
	}
	title := prompts.DefaultTitle(topic)
	r := prompts.LayoutReply{
		Title:    title,
		TOCTitle: "目录",
		Tagline:  "离线抽取模式：正文摘自各引擎报告、论坛记录与知识图谱，未经语言模型改写",
	}
	if in.TemplateName != "" {
		r.Subtitle = "依据「" + in.TemplateName + "」编排"
	}

	var summary []string
	if g := in.Graph; g != nil {
		summary = append(summary, fmt.Sprintf("知识图谱汇集了 %d 个引擎的 %d 个引擎报告段落、%d 条搜索查询和 %d 个来源。",
			len(g.Engines), g.Sections, g.SearchQueries, g.Sources))
		r.Hero.KPIs = []ir.KPI{
			{Label: "引擎", Value: strconv.Itoa(len(g.Engines))},
			{Label: "引擎报告段落", Value: strconv.Itoa(g.Sections)},
			{Label: "搜索查询", Value: strconv.Itoa(g.SearchQueries)},
			{Label: "来源", Value: strconv.Itoa(g.Sources)},
		}
		// Highlights are the engines' research topics; the host's
		// sections are timestamped forum summaries ("[10:04:02] 主持人总结").
		hl := graphTitles(&prompts.GraphStats{SectionTitles: withoutHost(g.SectionTitles)})
		r.Hero.Highlights = hl[:min(len(hl), 4)]
	}
	for _, e := range in.Excerpts {
		if ls := lines(e.Text); len(ls) > 0 {
			summary = append(summary, leadSpan(ls[0], 160))
			break
		}
	}
	r.Hero.Summary = strings.Join(summary, "")

	swot, pest := swotPestChapters(in.Chapters)
	for i, c := range in.Chapters {
		var outline []string
		for _, o := range c.Outline {
			outline = append(outline, stripNumber(o))
		}
		r.TOCPlan = append(r.TOCPlan, prompts.TOCPlanEntry{ChapterID: c.ChapterID,
			Anchor: anchorFor("section-"+strconv.Itoa(i+1), c.Slug), Display: chineseNumeral(i+1) + "、" + c.Title,
			Description: strings.Join(outline, "；"), AllowSwot: i == swot, AllowPest: i == pest})
	}
	if swot >= 0 {
		r.LayoutNotes = append(r.LayoutNotes, fmt.Sprintf("SWOT 表格仅用于「%s」。", in.Chapters[swot].Title))
	}
	if pest >= 0 {
		r.LayoutNotes = append(r.LayoutNotes, fmt.Sprintf("PEST 表格仅用于「%s」。", in.Chapters[pest].Title))
	}
	return r
}

// swotPestChapters picks the SWOT chapter (the first mentioning SWOT, else
// the last mentioning 建议/战略, else the last) and the PEST chapter (the
// first other chapter whose title mentions 政策/背景/环境, else whose
// outline does; -1 if none).
func swotPestChapters(chs []prompts.ChapterOutline) (swot, pest int) {
	text := func(c prompts.ChapterOutline) string { return c.Title + " " + strings.Join(c.Outline, " ") }
	swot = slices.IndexFunc(chs, func(c prompts.ChapterOutline) bool {
		return strings.Contains(strings.ToUpper(text(c)), "SWOT")
	})
	if swot < 0 {
		for i, c := range chs {
			if textrules.FirstWord(text(c), []string{"建议", "战略"}) != "" {
				swot = i
			}
		}
	}
	if swot < 0 {
		swot = len(chs) - 1
	}
	keys := []string{"政策", "背景", "环境"}
	for _, inTitle := range []bool{true, false} {
		for i, c := range chs {
			s := strings.Join(c.Outline, " ")
			if inTitle {
				s = c.Title
			}
			if i != swot && textrules.FirstWord(s, keys) != "" {
				return swot, i
			}
		}
	}
	return swot, -1
}

// DefaultTotalWords is the word budget used when the input gives none.
const DefaultTotalWords = 8000

// wordBudget spreads the total over the chapters in proportion to their
// number of outline points (at least 1 each).
func WordBudget(in prompts.WordBudgetInput) prompts.WordBudgetReply {
	total := cmp.Or(max(in.TotalWords, 0), DefaultTotalWords)
	r := prompts.WordBudgetReply{
		TotalWords: total,
		GlobalGuidelines: []string{
			"正文只摘录引擎报告、论坛记录与知识图谱中的原文，不补写事实",
			"篇幅按各章大纲要点数量分配，要点越多篇幅越长",
		},
	}
	weights := make([]int, len(in.Chapters))
	sum := 0
	for i, c := range in.Chapters {
		weights[i] = max(1, len(c.Outline))
		sum += weights[i]
	}
	if sum == 0 {
		return r
	}
	// Largest-remainder apportionment: targets add up to total exactly.
	targets := make([]int, len(weights))
	rems := make([]int, len(weights))
	given := 0
	for i, w := range weights {
		targets[i] = total * w / sum
		rems[i] = total * w % sum
		given += targets[i]
	}
	idx := make([]int, len(weights))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return rems[b] - rems[a] })
	for k := 0; given < total; k++ {
		targets[idx[k%len(idx)]]++
		given++
	}
	for i, c := range in.Chapters {
		var emphasis []string
		for _, o := range c.Outline {
			if s := stripNumber(o); s != "" {
				emphasis = append(emphasis, s)
			}
		}
		t := targets[i]
		r.Chapters = append(r.Chapters, prompts.ChapterBudget{ChapterID: c.ChapterID, TargetWords: t, MinWords: t * 8 / 10,
			MaxWords: (t*12 + 9) / 10, Emphasis: emphasis,
			Rationale: fmt.Sprintf("大纲含 %d 个要点，按要点数占全篇 %d/%d 分配", len(c.Outline), weights[i], sum)})
	}
	return r
}

// withoutHost drops the host's section titles.
func withoutHost(m map[string][]string) map[string][]string {
	out := maps.Clone(m)
	delete(out, "host")
	return out
}
