package nodes

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"reportengine/graphrag"
	"reportengine/graphrag/queryengine"
	"reportengine/llm"
	"reportengine/llm/tokens"
	"reportengine/prompts"
	textrules "reportengine/text"
)

// Prompt caps of the merged graph results (reference §4.3).
const (
	maxGraphSections      = 10  // sections shown to the chapter
	maxQueriesPerEngine   = 5   // search queries per engine
	maxGraphSources       = 8   // sources
	sectionSummaryRunes   = 100 // runes of a section summary
	sourcePreviewRunes    = 80  // runes of a source preview
	maxStatSectionTitles  = 5   // section titles per engine in GraphStats
	maxStatSampleQueries  = 20  // sample queries in GraphStats
	graphBudgetPercentage = 50  // share of PromptTokens the GraphResults JSON may use
)

// Valid decision values (§8 #10: BettaFish passed them through unchecked).
var (
	validNodeTypes = []string{"topic", "engine", "section", "search_query", "source"}
	validEngines   = []string{"query", "media", "insight", "host"}
)

// GraphQuery is a chapter's graph query loop (reference §4.2). Up to Rounds
// times the model decides whether and what to query (prompts.GraphQueryInput
// with the chapter brief, the graph overview and the history of earlier
// rounds); the decision is validated before it runs:
//
//   - should_query false or missing → the loop stops;
//   - keywords given as one string are split on commas, 、，;； and white space;
//   - node types outside topic/engine/section/search_query/source and
//     engines outside query/media/insight/host are dropped;
//   - depth is clamped to 0-3 ("5" → 3; not a number → 1);
//   - a query equal to an earlier one (same keywords, types, engines and
//     depth after normalising) is skipped, not run;
//   - a round whose results hold no section, search query or source that
//     an earlier round did not return (NoMatch included) ends the loop:
//     asking again after an empty or repeated answer rarely finds more;
//   - an unusable decision or a model error ends the loop with a warning,
//     never fails the chapter.
//
// The executed rounds are merged (de-duplicated by id, first wins), given
// cross-engine insights, and cut to the prompt budget: at most 10 sections
// (summaries 100 runes), 5 queries per engine, 8 sources (previews 80
// runes), and the whole JSON within half of PromptTokens. A merge with
// nothing in it gives Results == nil, so the chapter prompt carries no graph
// section at all (B24).
type GraphQuery struct {
	Model        llm.Model          // answers the calls of the LLM implementation; required unless Decider is set
	Decider      QueryDecider       // the model step; nil = the LLM implementation over Model
	Engine       GraphQuerier       // shared by all chapters; safe for concurrent use
	Stats        prompts.GraphStats // the graph overview shown in every decision prompt
	Rounds       int                // decisions at most; 0 = DefaultQueryRounds
	PromptTokens int                // 0 = DefaultPromptTokens
	// Temperature is sent with every decision; nil = DefaultPlanTemperature.
	Temperature *float64
	// MaxOutputTokens is the model's completion maximum, in tokens (0 =
	// DefaultMaxOutputTokens); a decision asks for at most 512.
	MaxOutputTokens int
}

// GraphQueryInput names the chapter. Chapter carries its outline and, once
// the word budget is known, its target words and emphasis; Others are the
// other chapters of the report (the decision prompt says what they cover).
type GraphQueryInput struct {
	Topic        string
	TemplateName string
	Chapter      prompts.ChapterBrief
	Others       []prompts.ChapterBrief
	// Planned, when set, gives the chapter's and the other chapters'
	// briefs with the word budget's targets, emphasis and role; the rounds
	// after the first use them (the first decision is made from the
	// titles and outlines, beside the budget). An error ends the rounds
	// and is Run's error.
	Planned func(ctx context.Context) (prompts.ChapterBrief, []prompts.ChapterBrief, error)
}

// roundCaps are the result caps of one graph query round, as the decision
// prompt states them.
var roundCaps = prompts.GraphQueryCaps{Sections: queryengine.DefaultMaxSections, Queries: queryengine.DefaultMaxQueries,
	Sources: PlanSources}

// GraphQueryOutput is the merged, budgeted result.
type GraphQueryOutput struct {
	Results  *prompts.GraphResults // nil when nothing matched
	Keywords []string              // keywords of the executed rounds (for excerpt scoring)
	History  []prompts.QueryRound  // executed rounds, in order (NoMatch rounds with total 0)
	Rounds   int                   // executed queries
	Calls    int                   // model calls made
	Requests int                   // requests the model sent for them, retries included (llm.Response.Requests)
	Warnings []string
	// Stopped is true when the rounds ended because a decision call failed
	// or its reply was unusable (a warning says which), not by the
	// model's own decision or the round limit: the report's work area does
	// not keep such rounds, so a resumed run asks again.
	Stopped bool
	// RoundKeys are, per executed round, the source URLs and section titles
	// it matched (up to PlanSources sources and the default section cap),
	// in the query engine's order; the evidence plan ranks them itself.
	RoundKeys [][]string
}

// PlanSources is the source cap of a graph query round run for the
// evidence plan (the prompt's graph section keeps its own, smaller caps).
const PlanSources = 200

// decision is a validated graph query decision.
type decision struct {
	ShouldQuery bool
	Keywords    []string
	Types       []string
	Engines     []string
	Depth       int
}

// key identifies a query for the repeat check.
func (d decision) key() string {
	norm := func(xs []string) string {
		ys := make([]string, len(xs))
		for i, x := range xs {
			ys[i] = strings.ToLower(x)
		}
		slices.Sort(ys)
		return strings.Join(slices.Compact(ys), "\x1f")
	}
	return fmt.Sprintf("%s|%s|%s|%d", norm(d.Keywords), norm(d.Types), norm(d.Engines), d.Depth)
}

// splitKeywords splits keyword strings on commas (, ， 、 ; ；) and white
// space, dropping empty parts and repeats.
func splitKeywords(in []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, s := range in {
		for _, p := range strings.FieldsFunc(s, func(r rune) bool { return strings.ContainsRune(",，、;； \t\n\r\u3000\u00a0", r) }) {
			if !seen[strings.ToLower(p)] {
				seen[strings.ToLower(p)] = true
				out = append(out, p)
			}
		}
	}
	return out
}

// decodeDecision reads a decision reply leniently (camelCase keys, lists
// as strings, booleans and numbers as strings); a depth that is not a
// number is 1, with a note, and so is a missing one.
func decodeDecision(m map[string]any) (prompts.GraphQueryReply, []string) {
	var r prompts.GraphQueryReply
	var notes []string
	r.ShouldQuery = asBool(value(m, "should_query", "shouldQuery"))
	r.Keywords = asStrings(value(m, "keywords", "keyword"))
	r.NodeTypes = asStrings(value(m, "node_types", "nodeTypes", "types"))
	r.EngineFilter = asStrings(value(m, "engine_filter", "engineFilter", "engines"))
	r.Depth = 1
	if v, ok := field(m, "depth"); ok {
		if n, ok := asInt(v); ok {
			r.Depth = n
		} else {
			notes = append(notes, "depth is not a number; 1 is used")
		}
	}
	return r, notes
}

// checkDecision validates a decision: keywords split at separators and
// deduplicated, unknown node types and engines dropped, depth clamped to
// 0-3, each change with a note (after decodeNotes, the decoding's). A
// reply that does not ask to query is no query, whatever else it holds.
func checkDecision(r prompts.GraphQueryReply, decodeNotes []string) (decision, []string) {
	var d decision
	if d.ShouldQuery = r.ShouldQuery; !d.ShouldQuery {
		return d, nil
	}
	var notes []string
	d.Keywords = splitKeywords(r.Keywords)
	d.Types, notes = keepValid(r.NodeTypes, validNodeTypes, "node type", notes)
	d.Engines, notes = keepValid(r.EngineFilter, validEngines, "engine", notes)
	notes = append(notes, decodeNotes...)
	d.Depth = r.Depth
	if d.Depth < 0 || d.Depth > 3 {
		c := min(max(d.Depth, 0), 3)
		notes = append(notes, fmt.Sprintf("depth %d clamped to %d", d.Depth, c))
		d.Depth = c
	}
	return d, notes
}

// llmDecider is the LLM implementation of QueryDecider: the system prompt
// systemGraphQuery and one JSON reply per round, read by decodeDecision.
type llmDecider struct{ s GraphQuery }

func (l llmDecider) DecideQuery(ctx context.Context, step string, input prompts.GraphQueryInput) (prompts.GraphQueryReply, []string, CallStats, error) {
	var r prompts.GraphQueryReply
	var notes []string
	call := jsonCall{model: l.s.Model, step: step, system: systemGraphQuery, input: input,
		attempts: DefaultMaxAttempts, temp: temperature(l.s.Temperature, DefaultPlanTemperature),
		maxTokens: capTokens(decisionReplyTokens, l.s.MaxOutputTokens)}
	res, err := call.runObject(ctx, func(m map[string]any) error {
		r, notes = decodeDecision(m)
		return nil
	})
	return r, notes, res, err
}

// keepValid splits values into keywords, lower-cases them and keeps those in
// valid, each once; every other one adds the note "unknown <what> "x"
// dropped" to notes.
func keepValid(values, valid []string, what string, notes []string) ([]string, []string) {
	var kept []string
	for _, x := range splitKeywords(values) {
		x = strings.ToLower(x)
		if !slices.Contains(valid, x) {
			notes = append(notes, fmt.Sprintf("unknown %s %q dropped", what, x))
		} else if !slices.Contains(kept, x) {
			kept = append(kept, x)
		}
	}
	return kept, notes
}

// Run runs the loop. It fails only when ctx is done or the model reports
// llm.ErrAuth.
func (s GraphQuery) Run(ctx context.Context, in GraphQueryInput) (GraphQueryOutput, error) {
	var out GraphQueryOutput
	if s.Engine == nil {
		return out, nil
	}
	rounds := orDefault(s.Rounds, DefaultQueryRounds)
	decider := cmp.Or[QueryDecider](s.Decider, llmDecider{s})
	var results []*queryengine.Result
	seen := map[string]bool{}
	returned := map[string]bool{} // ids of the items earlier rounds returned
	for round := 0; round < rounds; round++ {
		step := fmt.Sprintf("chapter %s graph query round %d", in.Chapter.ChapterID, round+1)
		if round == 1 && in.Planned != nil {
			var err error
			if in.Chapter, in.Others, err = in.Planned(ctx); err != nil {
				return out, err
			}
		}
		input := prompts.GraphQueryInput{Task: prompts.TaskGraphQuery, Query: in.Topic, TemplateName: in.TemplateName,
			Chapter: in.Chapter, Graph: s.Stats, History: append([]prompts.QueryRound{}, out.History...),
			Round: round, MaxRounds: rounds, NodeTypes: validNodeTypes, Caps: roundCaps, OtherChapters: in.Others}
		reply, decodeNotes, res, err := decider.DecideQuery(ctx, step, input)
		out.Calls += res.Calls
		out.Requests += res.Requests
		if err != nil {
			if isCtxErr(err) || fatalChapterErr(err) {
				return out, err
			}
			out.Warnings = append(out.Warnings, fmt.Sprintf("%s: no usable decision, the graph queries of this chapter end: %v", step, err))
			out.Stopped = true
			break
		}
		d, notes := checkDecision(reply, decodeNotes)
		for _, n := range notes {
			out.Warnings = append(out.Warnings, step+": "+n)
		}
		if !d.ShouldQuery {
			break
		}
		k := d.key()
		if seen[k] {
			out.Warnings = append(out.Warnings, step+": the same query as an earlier round; skipped")
			continue
		}
		seen[k] = true
		q := queryengine.Query{Keywords: d.Keywords, Engines: d.Engines, Depth: d.Depth,
			MaxSections: roundCaps.Sections, MaxQueries: roundCaps.Queries, MaxSources: roundCaps.Sources}
		for _, t := range d.Types {
			q.Types = append(q.Types, graphrag.NodeType(t))
		}
		r, err := s.Engine.Run(q)
		if err != nil {
			out.Warnings = append(out.Warnings, fmt.Sprintf("%s: query failed, the graph queries of this chapter end: %v", step, err))
			break
		}
		out.Rounds++
		qr := prompts.QueryRound{Keywords: d.Keywords, NodeTypes: d.Types, EngineFilter: d.Engines, Depth: d.Depth,
			TotalNodes: r.TotalNodes, NewNodes: countNew(r, returned), Summary: r.Summary}
		if r.NoMatch {
			qr.TotalNodes = 0
		}
		out.History = append(out.History, qr)
		out.Keywords = append(out.Keywords, d.Keywords...)
		out.RoundKeys = append(out.RoundKeys, roundKeys(r))
		results = append(results, r)
		if qr.NewNodes == 0 {
			break // nothing an earlier round had not found
		}
	}
	out.Keywords = splitKeywords(out.Keywords)
	out.Results = mergeResults(results, out.Rounds, orDefault(s.PromptTokens, DefaultPromptTokens)*graphBudgetPercentage/100)
	return out, nil
}

// countNew counts the sections, search queries and sources of r whose ids
// are not in returned, and adds them to it.
func countNew(r *queryengine.Result, returned map[string]bool) int {
	n := 0
	for _, items := range [][]queryengine.Item{r.MatchedSections, r.MatchedQueries, r.MatchedSources} {
		for _, it := range items {
			if it.ID != "" && !returned[it.ID] {
				returned[it.ID] = true
				n++
			}
		}
	}
	return n
}

// roundKeys lists the keys the evidence plan knows a round's results by:
// each matched source's URL and each matched section's title.
func roundKeys(r *queryengine.Result) []string {
	var keys []string
	for _, it := range r.MatchedSources {
		if u := it.Attrs.String("url"); u != "" {
			keys = append(keys, u)
		}
	}
	for _, it := range r.MatchedSections {
		keys = append(keys, cmp.Or(it.Attrs.String("title"), it.Name))
	}
	return keys
}

// mergeResults merges the rounds (de-duplicated by id, first occurrence
// wins, in round order), adds cross-engine insights and cuts the lists to
// the caps and the token budget. Nothing merged → nil.
func mergeResults(rs []*queryengine.Result, rounds, budget int) *prompts.GraphResults {
	var secs []prompts.GraphSection
	var qs []prompts.GraphQuery
	var srcs []prompts.GraphSource
	seen := map[string]bool{}
	for _, r := range rs {
		secs = appendUnseen(secs, r.MatchedSections, seen, func(it queryengine.Item) prompts.GraphSection {
			return prompts.GraphSection{ID: it.ID, Engine: it.Attrs.String("engine"), Title: cmp.Or(it.Attrs.String("title"), it.Name),
				Summary: textrules.TruncateRunes(plainText(it.Attrs.String("summary")), sectionSummaryRunes)}
		})
		qs = appendUnseen(qs, r.MatchedQueries, seen, func(it queryengine.Item) prompts.GraphQuery {
			return prompts.GraphQuery{ID: it.ID, Engine: it.Attrs.String("engine"), QueryText: cmp.Or(it.Attrs.String("query_text"), it.Name)}
		})
		srcs = appendUnseen(srcs, r.MatchedSources, seen, func(it queryengine.Item) prompts.GraphSource {
			prev := cmp.Or(it.Attrs.String("preview"), it.Attrs.String("content"))
			return prompts.GraphSource{ID: it.ID, Title: cmp.Or(it.Attrs.String("title"), it.Name), URL: it.Attrs.String("url"),
				Preview: textrules.TruncateRunes(plainText(prev), sourcePreviewRunes), Engines: it.Attrs.Strings("engines"),
				Date: it.Attrs.String("date")}
		})
	}
	total := len(secs) + len(qs) + len(srcs)
	if total == 0 {
		return nil
	}
	res := &prompts.GraphResults{TotalNodes: total, QueryRounds: rounds}
	res.CrossEngineInsights = insights(secs, qs)
	res.Sections = secs[:min(len(secs), maxGraphSections)]
	perEngine := map[string]int{}
	for _, q := range qs {
		if perEngine[q.Engine] < maxQueriesPerEngine {
			perEngine[q.Engine]++
			res.Queries = append(res.Queries, q)
		}
	}
	res.Sources = srcs[:min(len(srcs), maxGraphSources)]
	for {
		b, _ := json.Marshal(res)
		if tokens.Count(string(b)) <= budget {
			break
		}
		switch {
		case len(res.Sources) > 0 && len(res.Sources) >= len(res.Queries) && len(res.Sources) >= len(res.Sections):
			res.Sources = res.Sources[:len(res.Sources)-1]
		case len(res.Queries) > 0 && len(res.Queries) >= len(res.Sections):
			res.Queries = res.Queries[:len(res.Queries)-1]
		case len(res.Sections) > 0:
			res.Sections = res.Sections[:len(res.Sections)-1]
		default:
			res.CrossEngineInsights = nil
			return res
		}
	}
	return res
}

// appendUnseen appends conv(it) to out for each item whose id is not yet
// in seen, and marks the id seen. Items without an id are skipped.
func appendUnseen[T any](out []T, items []queryengine.Item, seen map[string]bool, conv func(queryengine.Item) T) []T {
	for _, it := range items {
		if it.ID == "" || seen[it.ID] {
			continue
		}
		seen[it.ID] = true
		out = append(out, conv(it))
	}
	return out
}

// insights are the cross-engine lines of reference §4.2, in our words.
func insights(secs []prompts.GraphSection, qs []prompts.GraphQuery) []string {
	var out []string
	distinct := func(get func(i int) string, n int) []string {
		var es []string
		for i := 0; i < n; i++ {
			if e := get(i); e != "" && !slices.Contains(es, e) {
				es = append(es, e)
			}
		}
		return es
	}
	if es := distinct(func(i int) string { return secs[i].Engine }, len(secs)); len(es) > 1 {
		out = append(out, "相关段落来自多个引擎："+strings.Join(es, "、")+"，可对照各自视角")
	}
	if es := distinct(func(i int) string { return qs[i].Engine }, len(qs)); len(es) > 1 {
		out = append(out, fmt.Sprintf("%d 个引擎检索过相关搜索词：%s", len(es), strings.Join(es, "、")))
	}
	return out
}

// graphStats turns the query engine's overview into the prompts' stats.
func graphStats(o queryengine.Overview) *prompts.GraphStats {
	st := &prompts.GraphStats{Topic: o.Topic, Engines: o.Engines,
		Sections: o.Count(graphrag.TypeSection), SearchQueries: o.Count(graphrag.TypeSearchQuery),
		Sources: o.Count(graphrag.TypeSource)}
	for _, es := range o.EngineSections {
		if es.Engine == "" || len(es.Titles) == 0 {
			continue
		}
		if st.SectionTitles == nil {
			st.SectionTitles = map[string][]string{}
		}
		st.SectionTitles[es.Engine] = es.Titles[:min(len(es.Titles), maxStatSectionTitles)]
	}
	st.SampleQueries = o.SampleQueries[:min(len(o.SampleQueries), maxStatSampleQueries)]
	if st.Engines == nil {
		st.Engines = []string{}
	}
	return st
}

// engineGlossary says what the engines and the forum are; the decision and
// chapter prompts carry it (BettaFish's ReportEngine names the engines
// without saying what each one researched).
const engineGlossary = `三个研究引擎：query（QueryEngine，检索新闻和公开网页：事实、时间线、官方通报）、media（MediaEngine，分析短视频、图片等多模态内容和各社交平台的传播）、insight（InsightEngine，挖掘舆情数据库中的社交媒体帖子与评论：情感倾向、观点分布和统计数据）。论坛是三个引擎与主持人围绕主题的讨论记录，每条发言有时间（HH:MM:SS）、发言人和内容：发言人 QUERY、MEDIA、INSIGHT 是各引擎对自己段落的小结，HOST 是主持人的阶段总结和追问引导。`

const systemGraphQuery = `你在为舆情报告的某一章检索知识图谱，为这一章找写作材料。` + engineGlossary + `
图谱的节点类型：topic（报告主题）、engine（研究引擎，以及论坛主持人 host）、section（引擎报告的段落）、search_query（引擎用过的搜索词）、source（搜索到的网页或帖子）。
用户消息是一个 JSON 对象（task = "graph_query_decision"），包含：本章 chapter（标题 title、提纲 outline、目标字数 targetWords、侧重点 emphasis、作用 role）、其他章节 otherChapters（它们的提纲归它们写，不要为本章去找）、图谱统计 graph（各引擎的段落标题和搜索词样例）、此前各轮 history（关键词、过滤条件、命中数 total_nodes、新增数 new_nodes 和摘要）、当前轮次 round（从 0 开始）与最大轮数 maxRounds、每轮结果上限 caps，以及合法节点类型 nodeTypes。
匹配规则：
- keywords 中的每个关键词单独匹配，关键词之间是“或”而不是“且”：只要某个关键词是节点的名称、标题、搜索词、摘要、正文或 URL 中任一字段的子串（不区分大小写，不分词），该节点就命中。多加关键词只会扩大结果，不会缩小。
- 因此宽泛的词几乎命中一切：报告主题（query）本身出现在几乎每个节点里，用它查询等于不加筛选。请用本章提纲和侧重点中具体的事件、人物、机构、平台、时间等词，每轮 2-5 个。
- 每轮结果排序后截断：段落按报告顺序、搜索词按文字、来源按标题，最多 caps.maxSections 个段落、caps.maxQueries 个搜索词、caps.maxSources 个来源；命中过多时靠后的被截掉，所以宁可具体。最多查询 maxRounds 轮。
- node_types 只限制直接命中的节点，空数组表示不限；engine_filter 只保留这些引擎的节点，空数组表示不限，通常应留空，只有本章确实只需要某一个引擎的视角时才填写；depth 为 0-3 的整数：0 只取命中节点，1 再加上直接相连的节点（段落的搜索词、搜索词找到的来源），2、3 继续向外扩展。
- 一轮结果中没有任何新增节点（new_nodes 为 0）时查询结束；不要重复 history 中已有的查询。
请判断是否还需要查询、查询什么；材料已足够覆盖本章提纲和侧重点时返回 should_query=false。回复格式：
{"should_query": true, "keywords": ["具体关键词1", "具体关键词2"], "node_types": [], "engine_filter": [], "depth": 1, "reasoning": "一句话理由"}` + jsonRule
