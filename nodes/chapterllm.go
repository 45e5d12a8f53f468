package nodes

import (
	"context"
	"encoding/json"
	"fmt"

	"reportengine/ir"
	"reportengine/llm/tokens"
	"reportengine/prompts"
)

// The LLM implementation of the chapter stage's model step: its system
// prompts and its calls.

// llmChapter is the LLM implementation of ChapterWriter: the system prompt
// chapterSystem (the prose rules and the IR schema of the allowed blocks),
// one streamed JSON reply read by ir.DecodeChapter, asked again when
// unusable; the block repair is one call with repairSystem whose reply is
// spliced in by spliceRepair.
type llmChapter struct {
	s        ChapterGen
	stream   func(delta string)
	retrying func(attempt int, err error)
}

func (l llmChapter) WriteChapter(ctx context.Context, step string, input prompts.ChapterInput) (ir.Chapter, []string, CallStats, error) {
	s := l.s
	budget := orDefault(s.PromptTokens, DefaultPromptTokens)
	input.SubPoints, _ = fitSubPoints(input.SubPoints, budget-tokens.Count(chapterSystem(input.Constraints)), input)
	var ch ir.Chapter
	var notes []string
	call := jsonCall{model: s.Model, step: step, system: chapterSystem(input.Constraints), input: input,
		attempts: DefaultMaxAttempts, temp: temperature(s.Temperature, DefaultProseTemperature),
		topP: new(0.95), maxTokens: input.Constraints.MaxTokens, stream: l.stream, retrying: l.retrying}
	res, err := call.run(ctx, func(raw json.RawMessage) error {
		c, ns, err := ir.DecodeChapter(raw)
		if err != nil {
			return fmt.Errorf("decode chapter: %w", err)
		}
		ch, notes = c, ns
		return nil
	})
	return ch, notes, res, err
}

func (l llmChapter) RepairBlocks(ctx context.Context, step string, c ir.Chapter, rin prompts.ChapterRepairInput, limit int) (ir.Chapter, []string, CallStats, error) {
	s := l.s
	var fixed ir.Chapter
	var notes []string
	rcall := jsonCall{model: s.Model, step: step, system: repairSystem(rin.AllowedBlocks), input: rin, attempts: 1,
		temp: temperature(s.PlanTemperature, DefaultPlanTemperature), topP: new(0.05), maxTokens: repairOutputTokens(rin, limit)}
	res, err := rcall.run(ctx, func(raw json.RawMessage) error {
		f, ns, err := spliceRepair(c, rin, raw)
		if err != nil {
			return fmt.Errorf("decode repair: %w", err)
		}
		fixed, notes = f, ns
		return nil
	})
	return fixed, notes, res, err
}

// chapterSystem is the chapter call's system prompt: the instructions and
// the compact IR schema (ir.Schema) of the block types the chapter may use.
func chapterSystem(c prompts.Constraints) string {
	return systemChapter + "\n\n" + ir.Schema(schemaTypes(c))
}

// repairSystem is the repair call's system prompt, with the same schema.
// allowed is the repair input's AllowedBlocks (schemaTypes of the
// chapter's constraints).
func repairSystem(allowed []string) string {
	return systemRepair + "\n\n" + ir.Schema(allowed)
}

const systemChapter = `你是舆情分析报告的撰稿人，负责写报告中的一章，输出为报告 IR（中间表示）JSON，不是 HTML 也不是 Markdown。
用户消息是一个 JSON 对象（task = "chapter"），包含：本章 section（chapterId、title、anchor、order、outline）、主题 query、模板名、报告标题 reportTitle、报告日期 reportDate、写作约束 constraints（允许的块类型 allowedBlocks、allowSwot、allowPest、目标字数 wordTarget、侧重点 emphasis、输出上限 maxTokens 等）、本章各子要点及分配给它的证据 subPoints（每条证据有编号 id、原文 text、类型 kind、引擎 engine、出处 source 和 url；figures 是证据中的数字及其所在句子，kpi 是原文给出的“主体+指标”名称；offTopic 为 true 的证据与主题无关；primary 是说法相同的网页原始出处编号）、其他章节的标题 otherChapters、从数据计算的舆情要素 essentials；总结类章节另有已写好的其他章节的结论 chapterDigests。
` + engineGlossary + chapterAnalysis + `
回复格式：{"chapter": {"chapterId": "<section.chapterId>", "title": "<section.title>", "anchor": "<section.anchor>", "order": <section.order>, "blocks": [ ... ]}}
格式规则：
- 只使用 allowedBlocks 中的块类型，不要输出 type 为 null 的块；每种块的必填字段、枚举值和合法示例见文末的“IR 块结构”，照它写即可通过校验。
- 第一个块是 level 2 的 heading，text 为本章标题，anchor 为 section.anchor；其他标题的 anchor 以 section.anchor 开头（如 section-2-0-1）。
- paragraph 的 inlines 是 [{"text": "...", "marks": [{"type": "bold"}]}]，样式只用 marks，不要写 ** 等 Markdown 符号；链接用 {"type": "link", "href": "<来源 url>"}。
- list 必须写 listType（bullet、ordered 或 task），items 是块数组的数组：[[{"type": "paragraph", ...}], ...]。
- 图表用 widget 块：{"type": "widget", "widgetId": "...", "widgetType": "chart.js/bar", "data": {"labels": [...], "datasets": [{"label": "...", "data": [数字]}]}}，labels 与 data 不能为空，数据只能来自摘录或检索结果。
- kpiGrid 只用带 kpi 的数字，label 写 kpi、value 写原数字（含单位）；没有 kpi 的数字不做指标卡，只在正文中引用；offTopic 的证据、列表行、方法说明不作为结论引用。
- swotTable 仅当 constraints.allowSwot 为 true 时使用，pestTable 仅当 allowPest 为 true 时使用。
- engineQuote 只引用证据中的原文，engine 为 insight、media 或 query。
- 只依据给出的证据和舆情要素写作，不编造数据和来源。不要使用外部图片。
- 篇幅接近 constraints.wordTarget；整个回复不得超过 constraints.maxTokens 个 token（超出即被截断、本章作废），字数与上限冲突时宁可写短。` + jsonRule

// chapterAnalysis is what the chapter prompt asks of the analysis itself:
// the audience and data window, one subsection per sub-point, judgements
// with cited evidence, the engines compared, conflicting figures flagged.
const chapterAnalysis = `
读者与口径：读者是要据此研判和决策的舆情分析人员与管理者。报告日期是 reportDate；“本周期”指截至报告日期、本次各引擎检索所覆盖的时间范围。本章开头用一句话写明报告日期和数据周期（如“本章数据截至 2025-08-25，覆盖本周期各引擎检索到的材料”）；没有 reportDate 时写“数据截至采集时”。证据带有日期的，按证据日期写具体时间，不要把旧事件写成本周期的新情况。
分析要求（这是分析报告，不是材料汇编）：
- 每个子要点写成一个小节：level 3 的 heading，text 为子要点标题原文，按 subPoints 的顺序。
- 每个小节先给判断，再给依据：对事件或话题定性（如负面舆情、正面传播、争议话题），研判其走势和影响，并给出风险等级（高、中、低）及理由。每个判断后紧跟支撑它的证据编号，写作 [E12]，多条并列为 [E3][E7]；只能引用 subPoints 中出现的编号，没有证据支撑的判断不要写；带 primary 的证据和数字先引其原始出处：[E77][E12]。
- 比较各引擎和论坛的视角：同一问题上 query、media、insight 与论坛发言的说法一致还是不同，不同说明了什么。
- 同一指标在不同证据中数值不同时，明确指出冲突，列出各自的数值和证据编号，不要私自取其一或取平均。
- 某个子要点没有分配到证据（evidence 为空）时，该小节只用一句话写明本周期未检索到相关数据，不要编造；总结类章节（有 chapterDigests）则依据其中的结论和它们的 [E…] 引用来写各子要点。
- 不重复 otherChapters 中其他章节负责的内容。
- essentials 是程序从全部检索记录中统计和摘录的舆情要素，不是估算：window 为采集时间（记录的检索时间，非事件时间），volume 为数据量（记录数、来源数、平台数），platforms 为按网址域名归类的平台分布（percent 为占全部记录的百分比，各项相加为 100），topSources 为记录最多的网站，accounts 为材料中被提及最多的账号，timeline 为材料中带日期的事件，figures 为材料中的情绪与声量数字。place 指明每一项写在哪个子要点下：写到该子要点时照录这些数字（不改写、不重新计算、不取舍分项），并在数字后引用其 cite 或 itemId 中的证据编号；place 中某项的列表为空时，该项只写一句“本次数据中没有……”。
`

const systemRepair = `你负责修复报告章节中未通过结构校验的块。用户消息是一个 JSON 对象（task = "chapter_repair"），包含本章 section（chapterId、title、anchor）、可用块类型 allowedBlocks、本章可引用的证据编号 evidenceIds，以及未通过校验的块 failedBlocks（每项含它在章节 blocks 中的位置 index、原块 block 和校验错误 errors，错误形如 "blocks[2].data.labels: 错误说明"）。
请逐块只修正错误指出的结构问题，保留原有文字和引用；引用写作 [E12]，只能使用 evidenceIds 中的编号，不在其中的引用删去。无法补全的数据块（例如缺少 labels 的图表）可改写为段落或表格；新标题的 anchor 以 section.anchor 开头。
回复格式：{"blocks": [{"index": <failedBlocks 中的 index>, "block": {...}}]}，每个 failedBlocks 项回复一次；一个块需要改写成几个块时用 "blocks": [{...}, {...}] 代替 "block"。` + jsonRule
