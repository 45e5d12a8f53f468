// Package draft is the extractive report writer: it answers each report
// stage from the stage's typed input (the prompts.*Input the LLM stages
// send as JSON) with no model, no network, no clock and no randomness, so
// a report runs end to end offline and the same input always gives the
// same bytes. The pipeline's offline stages (package nodes) call its
// functions directly; NewModel wraps them as an llm.Model that answers
// the same prompts as JSON, for tests of the LLM stages' contract.
//
// BettaFish ReportEngine has no such writer: without an LLM it cannot
// produce a report at all. This package is our addition (DESIGN.md habit 9).
//
// # Usage
//
//	reply, err := draft.SelectTemplate(prompts.TemplateSelectionInput{Query: "某品牌道歉事件", Templates: opts})
//	// reply.TemplateName, reply.SelectionReason
//	ch := draft.Chapter(in) // an ir.Chapter, valid by construction
//
// Nothing is invented: every sentence of substance is copied from the
// input's data (report excerpts and graph statistics for the layout,
// planned evidence and digests for the chapters); the sentences the
// writer adds itself only state counts, provenance and structure.
//
// # Per stage
//
//   - SelectTemplate (template_selection): the query (weight 3) and excerpts (weight 1) are
//     scored against keyword lists — 危机/突发/事故/道歉 → 突发事件与危机公关;
//     品牌/声誉/口碑 → 企业品牌声誉; 竞争/竞品/市场份额 → 市场竞争格局;
//     政策/法规/行业 → 特定政策或行业动态; 日报/周报/月报/监测 → 日常或定期 —
//     and only templates that were offered can win (ties go to the order
//     above). With no hit: the 社会公共热点事件 template, else the first
//     offered one. The reason names the keywords that matched.
//   - Layout (document_layout): title "<query>舆情分析报告" (the query as is when it
//     already ends in 报告), a subtitle naming the template, a hero summary
//     from the graph statistics plus the lead sentence of the first excerpt,
//     highlights from the graph's section titles, KPIs 引擎/报告章节/搜索查询/
//     来源, and one tocPlan entry per chapter (anchor = slug, display
//     "一、Title", description = the outline points). allowSwot goes to
//     exactly one chapter: the first mentioning SWOT, else the last
//     mentioning 建议/战略, else the last chapter; allowPest to at most one
//     other chapter whose title (else outline) mentions 政策/背景/环境.
//   - WordBudget (word_budget): totalWords (DefaultTotalWords when 0) is split in
//     proportion to the number of outline points (largest remainder, so the
//     targets add up exactly); min/max are −20 %/+20 %; emphasis = the outline
//     points.
//   - Decide (graph_query_decision): keywords are the 2-4 character terms of the
//     chapter title, outline and emphasis that occur in the graph
//     vocabulary (topic, section titles, sample queries), longest first, at
//     most 5, none contained in another; later rounds take the next unused
//     terms and sample queries sharing a two-character term with the
//     chapter, with depth 2 (then 3); the topic is the last resort. A
//     keyword used in any earlier round is never proposed again. The loop
//     stops when the last round returned ≥ 30 nodes, on the last allowed
//     round once anything was found, or when nothing new is left to ask.
//   - Chapter (chapter): from the chapter's evidence plan, a level-2
//     heading, then for each sub-point a level-3 heading and its body: the
//     lead passage, up to draftPassages more (an engine's analysis as
//     "…的研究写道", a forum speech with its speaker and time, a page with
//     its attribution; the report joins a passage right after one of the
//     same speaker to its paragraph under one lead-in, nodes.leadOnce),
//     each with its [E…] citation (web pages stating the same claim cited
//     first); the sub-point's figures as KPI cards and at
//     most one chart (a sentiment split as a doughnut, platform or age
//     shares as bars); the essentials placed under it; "另见来源" for the
//     passages not quoted. A summary chapter (no evidence of its own, the
//     other chapters' digests given) lists their findings, one each to the
//     sub-point it fits — a recommendation first to a sub-point asking for
//     one, a finding with a figure first to one about data, which takes one
//     without a figure only when no other has room — with their key figures
//     as cards and no chart (each chart stands in the chapter quoting its
//     passage). SWOT/PEST tables
//     only when the constraints allow, items being verbatim clauses filed
//     by keyword. A sub-point without evidence says NoEvidence, and so does
//     each outline point of a chapter given no plan at all. Blocks outside
//     constraints.allowedBlocks are dropped. The output is valid by
//     construction.
//   - Repair (chapter_repair; only the failed blocks arrive, never the original
//     input): each failed block comes back as one paragraph of its own
//     text, citations of ids not in evidenceIds removed; a block without
//     text comes back unchanged (the pipeline then shows a notice). Reply
//     {"blocks": [{"index": i, "block": {...}}, ...]}.
//
// # Errors
//
// SelectTemplate returns an error when the input offers no template. The
// other functions always answer. NewModel's model returns an *llm.Error of
// kind llm.ErrBadRequest for a report prompt that does not decode.
package draft
