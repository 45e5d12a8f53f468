package nodes

import (
	"cmp"
	"context"
	"fmt"
	"regexp"
	"strings"

	"reportengine/ir"
	"reportengine/llm"
	"reportengine/prompts"
	"reportengine/state"
	"reportengine/templates"
)

// Layout designs the document: title, hero panel and table-of-contents plan
// (reference §1.2 "Layout"). One call with prompts.LayoutInput, up to
// DefaultMaxAttempts times. The reply is checked field by field (§8 #18): wrongly
// typed fields are replaced, tocPlan keeps only the template's chapterIds
// (one entry each, in template order, anchors = the template slugs), at
// most one chapter allows SWOT and at most one PEST, never both on one
// chapter, and descriptions lose trailing JSON debris.
//
// When no attempt gives a usable object (prose, B03; an array, B05), the
// stage uses a deterministic layout derived from the template (title
// "<topic>舆情分析报告", a hero built from the graph counts) and says so:
// Fallback is true and Notes holds a line for readers. BettaFish failed the
// whole report on a JSON error here (§1.4).
type Layout struct {
	Model        llm.Model     // answers the calls of the LLM implementation; required unless Planner is set
	Planner      LayoutPlanner // the model step; nil = the LLM implementation over Model
	PromptTokens int           // 0 = DefaultPromptTokens
	// Temperature is sent with the call; nil = DefaultPlanTemperature.
	Temperature *float64
	// MaxOutputTokens is the model's completion maximum, in tokens (0 =
	// DefaultMaxOutputTokens); the call asks for at most 1 200 + 250 per
	// chapter.
	MaxOutputTokens int
}

// LayoutInput is what the layout sees.
type LayoutInput struct {
	Topic    string
	Template templates.Template
	Sections []templates.Section // the template sections with report-unique slugs
	Graph    *prompts.GraphStats // nil without a graph
	States   []*state.State      // excerpted (two short passages per engine)
}

// LayoutOutput is the checked layout.
type LayoutOutput struct {
	Layout   prompts.LayoutReply
	Notes    []string // visible layout notes (Document.Metadata.LayoutNotes)
	Warnings []string // fixes made to the model's reply (manifest warnings)
	Fallback bool
	Problem  string // why the fallback was used (Err's message)
	Err      error  // the last call error behind the fallback; nil otherwise
	Calls    int    // model calls made
	Requests int    // requests the model sent for them, retries included (llm.Response.Requests)
}

// Run designs the layout. It fails only when ctx is done or the model
// refuses the request itself (llm.ErrAuth, llm.ErrBadRequest, B26).
func (s Layout) Run(ctx context.Context, in LayoutInput) (LayoutOutput, error) {
	var out LayoutOutput
	budget := orDefault(s.PromptTokens, DefaultPromptTokens)
	input := prompts.LayoutInput{Task: prompts.TaskDocumentLayout, Query: in.Topic, TemplateName: in.Template.Name,
		Chapters: outlines(in.Sections), Graph: in.Graph}
	input.Excerpts = fitExcerpts(shortExcerpts(in.States, 2, 300), budget/3)
	reply, decodeWarns, res, err := cmp.Or[LayoutPlanner](s.Planner, llmLayout{s, len(in.Sections)}).PlanLayout(ctx, input)
	out.Calls, out.Requests = res.Calls, res.Requests
	if err != nil {
		if isCtxErr(err) || fatalStageErr(err) {
			return out, err
		}
		out.Fallback, out.Err, out.Problem = true, err, err.Error()
		out.Layout = fallbackLayout(in.Topic, in.Sections, in.Graph)
		out.Notes = []string{fmt.Sprintf("版式说明：模型未能给出可用的版式设计（%s），本报告使用按模板生成的默认版式。", plainReason(err))}
		return out, nil
	}
	out.Layout, out.Warnings = checkLayout(reply, decodeWarns, in.Topic, in.Sections)
	out.Notes = append(out.Notes, out.Layout.LayoutNotes...)
	return out, nil
}

func outlines(secs []templates.Section) []prompts.ChapterOutline {
	out := make([]prompts.ChapterOutline, len(secs))
	for i, s := range secs {
		out[i] = prompts.ChapterOutline{ChapterID: s.ChapterID, Title: s.Title, Number: s.Number, Slug: s.Slug,
			Order: s.Order, Outline: s.Outline}
	}
	return out
}

// fallbackLayout is the template-derived layout used when the model gives
// none.
func fallbackLayout(topic string, secs []templates.Section, g *prompts.GraphStats) prompts.LayoutReply {
	l := prompts.LayoutReply{Title: prompts.DefaultTitle(topic), TOCTitle: "目录"}
	if g != nil {
		l.Hero.Summary = fmt.Sprintf("本报告围绕“%s”，综合 %d 个来源视角（%s）的研究：%d 个研究段落、%d 个搜索词、%d 个信息来源。",
			topic, len(g.Engines), strings.Join(g.Engines, "、"), g.Sections, g.SearchQueries, g.Sources)
		l.Hero.KPIs = []ir.KPI{
			{Label: "研究段落", Value: fmt.Sprint(g.Sections)},
			{Label: "搜索词", Value: fmt.Sprint(g.SearchQueries)},
			{Label: "信息来源", Value: fmt.Sprint(g.Sources)},
		}
	} else {
		l.Hero.Summary = fmt.Sprintf("本报告围绕“%s”，综合各研究引擎的分析结果。", topic)
	}
	for _, s := range secs {
		l.TOCPlan = append(l.TOCPlan, prompts.TOCPlanEntry{ChapterID: s.ChapterID, Anchor: s.Slug, Display: display(s)})
	}
	return l
}

func display(s templates.Section) string {
	if s.Display != "" {
		return s.Display
	}
	if s.Number != "" {
		return s.Number + " " + s.Title
	}
	return s.Title
}

// llmLayout is the LLM implementation of LayoutPlanner: the system prompt
// systemLayout and one JSON reply, read leniently (snake_case keys, a
// tocPlan keyed by chapter id, numbers and booleans as strings).
type llmLayout struct {
	s        Layout
	chapters int
}

func (l llmLayout) PlanLayout(ctx context.Context, input prompts.LayoutInput) (prompts.LayoutReply, []string, CallStats, error) {
	var reply prompts.LayoutReply
	var warns []string
	call := jsonCall{model: l.s.Model, step: StageLayout, system: systemLayout, input: input,
		attempts: DefaultMaxAttempts, temp: temperature(l.s.Temperature, DefaultPlanTemperature), topP: new(0.9),
		maxTokens: capTokens(layoutReplyTokens+layoutChapterTokens*l.chapters, l.s.MaxOutputTokens)}
	res, err := call.runObject(ctx, func(m map[string]any) error {
		// A reply with none of the layout's fields is not a layout (it
		// counts as a failed attempt, then falls back), not a layout to be
		// filled with defaults silently.
		has := func(keys ...string) bool { _, ok := field(m, keys...); return ok }
		if !has("title") && !has("tocPlan", "toc_plan", "toc") && !has("hero") {
			return fmt.Errorf("reply has none of the layout fields (title, hero, tocPlan)")
		}
		reply, warns = decodeLayout(m)
		return nil
	})
	return reply, warns, res, err
}

// decodeLayout reads a layout reply leniently; the warning says that the
// hero was not an object.
func decodeLayout(m map[string]any) (prompts.LayoutReply, []string) {
	var warns []string
	str := func(keys ...string) string { return asString(value(m, keys...)) }
	l := prompts.LayoutReply{Title: str("title"), Subtitle: str("subtitle"), Tagline: str("tagline"), TOCTitle: str("tocTitle", "toc_title")}
	if v, ok := field(m, "hero"); ok {
		if h := asObject(v); h != nil {
			l.Hero = decodeHero(h)
		} else {
			warns = append(warns, "document layout: hero was not an object; left empty")
		}
	}
	l.LayoutNotes = asStrings(value(m, "layoutNotes", "layout_notes"))
	for _, e := range asObjects(value(m, "tocPlan", "toc_plan", "toc")) {
		id := cmp.Or(asString(e["chapterId"]), asString(e["chapter_id"]))
		l.TOCPlan = append(l.TOCPlan, prompts.TOCPlanEntry{ChapterID: id, Display: asString(e["display"]),
			Description: asString(e["description"]), AllowSwot: asBool(e["allowSwot"]), AllowPest: asBool(e["allowPest"])})
	}
	return l, warns
}

// decodeHero reads a hero object leniently (a KPI's tone as deltaTone or tone).
func decodeHero(h map[string]any) ir.Hero {
	hero := ir.Hero{Summary: asString(h["summary"]), Highlights: asStrings(h["highlights"]), Actions: asStrings(h["actions"])}
	for _, k := range asObjects(h["kpis"]) {
		hero.KPIs = append(hero.KPIs, ir.KPI{Label: asString(k["label"]), Value: asString(k["value"]), Unit: asString(k["unit"]),
			Delta: asString(k["delta"]), DeltaTone: cmp.Or(asString(k["deltaTone"]), asString(k["tone"]))})
	}
	return hero
}

// checkLayout makes a layout reply clean: a title (the default one, with a
// warning, when there is none), the hero's KPIs with label and value, one
// tocPlan entry per section in template order (entries of unknown chapters
// dropped with a warning, repeats ignored, descriptions cleaned of JSON
// debris), allowSwot on one chapter and allowPest on one other at most.
// decodeWarns, the problems met reading the reply, follow the title's.
func checkLayout(r prompts.LayoutReply, decodeWarns []string, topic string, secs []templates.Section) (prompts.LayoutReply, []string) {
	var warns []string
	l := prompts.LayoutReply{Title: strings.TrimSpace(r.Title), Subtitle: strings.TrimSpace(r.Subtitle),
		Tagline: strings.TrimSpace(r.Tagline), TOCTitle: strings.TrimSpace(r.TOCTitle), LayoutNotes: nonEmpty(r.LayoutNotes)}
	if l.Title == "" {
		l.Title = prompts.DefaultTitle(topic)
		warns = append(warns, "版式设计的答复缺少可用标题，已使用默认标题。")
	}
	l.TOCTitle = cmp.Or(l.TOCTitle, "目录")
	warns = append(warns, decodeWarns...)
	l.Hero = checkHero(r.Hero)
	known := map[string]templates.Section{}
	for _, s := range secs {
		known[s.ChapterID] = s
	}
	given := map[string]prompts.TOCPlanEntry{}
	for _, e := range r.TOCPlan {
		id := strings.TrimSpace(e.ChapterID)
		if _, ok := known[id]; !ok {
			if id != "" {
				warns = append(warns, fmt.Sprintf("document layout: tocPlan entry for unknown chapter %q dropped", id))
			}
			continue
		}
		if _, dup := given[id]; dup {
			continue
		}
		given[id] = prompts.TOCPlanEntry{ChapterID: id, Display: strings.TrimSpace(e.Display),
			Description: cleanDescription(e.Description), AllowSwot: e.AllowSwot, AllowPest: e.AllowPest}
	}
	l.TOCPlan, warns = tocPlan(secs, given, warns)
	return l, warns
}

// tocPlan is one entry per section, in template order: the given one or an
// empty one, with the section's anchor, its display title when the entry
// has none, SWOT on the first chapter that asks for it and PEST on the first
// other one.
func tocPlan(secs []templates.Section, given map[string]prompts.TOCPlanEntry, warns []string) ([]prompts.TOCPlanEntry, []string) {
	var plan []prompts.TOCPlanEntry
	swotAt, pestAt := "", ""
	for _, s := range secs {
		e, ok := given[s.ChapterID]
		if !ok {
			e = prompts.TOCPlanEntry{ChapterID: s.ChapterID}
		}
		e.Anchor = s.Slug
		e.Display = cmp.Or(e.Display, display(s))
		if e.AllowSwot {
			if swotAt != "" {
				e.AllowSwot = false
				warns = append(warns, fmt.Sprintf("document layout: allowSwot on %s dropped (already on %s)", s.ChapterID, swotAt))
			} else {
				swotAt = s.ChapterID
			}
		}
		if e.AllowPest {
			switch {
			case e.AllowSwot:
				e.AllowPest = false
				warns = append(warns, fmt.Sprintf("document layout: allowPest on %s dropped (a chapter gets SWOT or PEST, not both)", s.ChapterID))
			case pestAt != "":
				e.AllowPest = false
				warns = append(warns, fmt.Sprintf("document layout: allowPest on %s dropped (already on %s)", s.ChapterID, pestAt))
			default:
				pestAt = s.ChapterID
			}
		}
		plan = append(plan, e)
	}
	return plan, warns
}

// checkHero keeps the hero's text and the KPIs with a label and a value,
// a KPI's tone only when it is up, down or neutral.
func checkHero(h ir.Hero) ir.Hero {
	hero := ir.Hero{Summary: strings.TrimSpace(h.Summary), Highlights: nonEmpty(h.Highlights), Actions: nonEmpty(h.Actions)}
	for _, k := range h.KPIs {
		kpi := ir.KPI{Label: strings.TrimSpace(k.Label), Value: strings.TrimSpace(k.Value), Unit: strings.TrimSpace(k.Unit),
			Delta: strings.TrimSpace(k.Delta)}
		switch tone := strings.TrimSpace(k.DeltaTone); tone {
		case "up", "down", "neutral":
			kpi.DeltaTone = tone
		}
		if kpi.Label != "" && kpi.Value != "" {
			hero.KPIs = append(hero.KPIs, kpi)
		}
	}
	return hero
}

// nonEmpty is xs trimmed, without the empty ones (nil when none is left).
func nonEmpty(xs []string) []string {
	var out []string
	for _, x := range xs {
		if x = strings.TrimSpace(x); x != "" {
			out = append(out, x)
		}
	}
	return out
}

var (
	reTrailingKV    = regexp.MustCompile(`[,，]?\s*"[^"]*"\s*:\s*[^,，]*$`)
	reTrailingComma = regexp.MustCompile(`[\s,，、"]+$`)
)

// cleanDescription removes JSON debris from the end of a description: an
// unclosed { or [ and what follows, trailing "key": value fragments and
// trailing commas (reference §1.2 post-processing).
func cleanDescription(s string) string {
	s = strings.TrimSpace(s)
	var open []int
	for i, r := range s {
		switch r {
		case '{', '[':
			open = append(open, i)
		case '}', ']':
			if len(open) > 0 {
				open = open[:len(open)-1]
			}
		}
	}
	if len(open) > 0 {
		s = s[:open[0]]
	}
	for {
		t := reTrailingKV.ReplaceAllString(s, "")
		t = reTrailingComma.ReplaceAllString(t, "")
		if t == s {
			break
		}
		s = t
	}
	return strings.TrimSpace(s)
}

const systemLayout = `你是舆情报告的版式设计师。用户消息是一个 JSON 对象（task = "document_layout"），包含主题 query、模板名 templateName、模板章节 chapters（chapterId、title、slug、order、outline）、知识图谱统计 graph 和引擎报告摘录 excerpts。
请设计报告的标题、开篇概览和目录规划。回复格式：
{"title": "报告标题", "subtitle": "副标题", "tagline": "一句话导语", "tocTitle": "目录",
 "hero": {"summary": "核心结论概述", "highlights": ["要点"], "kpis": [{"label": "指标名", "value": "数值", "delta": "变化", "tone": "up|down|neutral"}], "actions": ["建议行动"]},
 "tocPlan": [{"chapterId": "S1", "display": "一、章节名", "description": "本章内容说明", "allowSwot": false, "allowPest": false}],
 "layoutNotes": ["版式说明"]}
规则：tocPlan 只能使用 chapters 中已有的 chapterId，每章一条；一级标题用中文数字（一、二、），二级用 1.1 形式；最多一个章节 allowSwot 为 true，最多一个章节 allowPest 为 true，且不能是同一章节；KPI 只使用摘录和统计中出现的数据，不要编造；不要使用外部图片。` + jsonRule
