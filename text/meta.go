package text

import (
	"regexp"
	"strings"
)

// metaOpeners open a sentence about the document or the analysis.
var metaOpeners = []string{"本报告", "本文将", "本文从", "本文通过", "本文对", "本文", "本章", "本节", "本段落", "本部分", "本研究", "本次分析", "本分析",
	"笔者", "下面我们", "下面将", "接下来", "以下将", "以下是", "我们将", "我们可以", "让我们"}

// metaVerbs: 通过 … 可以/能够 探究/分析/… — what the analysis will show.
var metaVerbs = regexp.MustCompile(`^通过.{2,40}?(?:可以|能够|可|能)(?:深入|进一步|更好地|全面|系统)?(?:探究|探讨|分析|了解|揭示|把握|研判|梳理|认识)`)

// metaConclusion announces a conclusion without stating it: "综合以上
// 分析，可以得出关于…的多维度洞察" (its object is the word 洞察/结论…).
var metaConclusion = regexp.MustCompile(`^(?:综合|结合|纵观|综上)(?:以上|上述|前述)?的?(?:分析|研究|信息|数据|内容)?[，,]?(?:我们)?(?:可以|能够|可)(?:得出|获得|形成|总结出).{0,40}(?:洞察|结论|认识|启示|见解)[。.]?$`)

// metaWords anywhere in a sentence make it about the research itself:
// the engine speaking of its search results, its sources or its own
// report ("文本搜索结果为我们提供了…", "可以想见…", "我们将揭示…").
var metaWords = []string{"文章介绍了", "本文介绍", "为我们提供", "我们可以", "我们将", "可以想见", "可以想象", "搜索结果并未", "搜索结果中", "没有直接提供", "信息源中", "分类数据", "本报告将", "本文将", "本研究将", "文本中也包含", "文本中还包含", "文本中包含"}

// metaWorth says only that some analysis is worth doing: "最后，对负面舆情
// 文本的分析也具有重要价值。" — the whole sentence an analysis (of
// something) and its worth, no finding. 研究 is left out: "武汉大学的研究
// 具有重要价值" may be about the university's research.
var metaWorth = regexp.MustCompile(`^(?:(?:首先|其次|再次|此外|另外|同时|最后)[，,]?)?(?:对|针对)?[^，。,；;]{0,24}?(?:分析|监测|梳理|解读|追踪|跟踪)(?:工作)?(?:也|同样|还|亦)?(?:具有|具备|有着|有)(?:重要|一定|很大|极大|较大|很高|较高)?的?(?:参考|研究|现实|实际)?(?:价值|意义)[。.！!]?$`)

// modelPreamble opens a model's remark about the text it is about to give
// ("好的，以下是根据…整理的报告", "Sure, here is the summary"): an engine's
// reply kept in its state, no finding.
var modelPreamble = regexp.MustCompile(`^(?:好的|当然|没问题)[，,！!]\s*(?:以下|下面|这是|根据|我)|(?i)^(?:sure|certainly|of course)[,!]\s*(?:here|below|i\b)`)

// methodLabels open a line about how the data was gathered ("监测平台：微博、抖音…").
var methodLabels = regexp.MustCompile(`^(?:监测平台|监测周期|监测时间|监测范围|数据来源|数据源|样本量|样本|采集时间|统计口径|检索关键词|关键词)\s*[:：]`)

// engineDirective is the forum host asking an engine for more ("请 QUERY
// 补充周末营业安排的报道", "建议洞察引擎关注…"): an engine's name followed
// by a verb of research asked for. "QUERY 给出了租约数字" (a verb of what
// was done) is no directive, nor is "引发媒体关注" (the press, not the
// media engine: a Chinese engine name needs 引擎).
var engineDirective = regexp.MustCompile(`(?i)(?:\b(?:query|media|insight)(?:\s*(?:engine|agent))?|(?:查询|媒体|洞察)引擎)\s*(?:补充|关注|核实|核查|查证|检索|搜索|查找|跟进|继续|进一步|确认|留意|深挖)`)

// IsMeta reports whether a sentence speaks of the research or the
// document rather than of its subject, and so is no evidence: it opens
// with the document or the analyst (本报告, 本文, 本节, 本段落, 笔者,
// 我们将 …); it reads 通过 … 可以/能够 探究/分析/揭示 … or announces a
// conclusion it does not state (综合以上分析，可以得出…洞察) or only that an
// analysis is worth doing (对负面舆情文本的分析也具有重要价值); it has the engine
// speak of its sources or its plan anywhere (为我们提供, 搜索结果并未,
// 我们将, 本报告将, 文本中也包含 …: "文本中也包含了对未来策略的建议" says
// where advice is, not what it is); it is a method line (监测平台：…, 数据来源：…); or
// it is a research plan (IsPlan). The report's evidence (the Meta noise
// class), the offline answers and the offline global map leave such
// sentences out. White space and list marks before the sentence are
// ignored.
func IsMeta(s string) bool {
	s = trimListMark(s)
	return FirstPrefix(s, metaOpeners) != "" || FirstWord(s, metaWords) != "" || metaVerbs.MatchString(s) ||
		metaConclusion.MatchString(s) || metaWorth.MatchString(s) || methodLabels.MatchString(s) || engineDirective.MatchString(s) || modelPreamble.MatchString(s) || IsPlan(s)
}

// planRE matches the opening of a research plan: an engine's brief for
// a section, written as an instruction with no subject ("梳理李明2024年3月…
// 的选址过程", "深入分析武汉大学的学术建树", "从用户评论中归纳…"): an
// optional frame (从/基于/结合/综合/围绕 … ，), an optional manner word
// (深入, 重点, 详细 …), then a verb of research.
var planRE = regexp.MustCompile(`^(?:(?:从|基于|结合|综合|围绕|对比|比较)[^，。；,;]{1,40}?[，,]?\s*)?(?:深入|重点|详细|进一步|全面|系统地?)?(?:梳理|分析|描绘|描述|阐述|阐释|介绍|探讨|评估|列举|聚焦|统计|归纳|追溯|展望|总结|提取|考察|盘点|整理|收集|剖析|判断)`)

// reportingWords after a verb of research make the sentence a finding
// reported, not a plan: 分析指出, 统计显示, 分析人士, 展望未来 …; or the
// verb a noun's part or attribute (分析工具方面, 对比的三起事件).
var reportingWords = []string{"指出", "认为", "显示", "表明", "发现", "称", "说", "人士", "师", "员", "局", "结果", "报告", "数据", "来看", "而言", "起来", "之下", "未来",
	"了", "过", "中", "的", "工具", "方面", "方法", "框架", "模型", "结论"}

// IsPlan reports whether a sentence is a research plan rather than a
// finding: it opens, after an optional frame (从用户评论中, 基于…，), with
// a verb of research and no subject (梳理, 分析, 描绘, 统计, 归纳, 评估 …),
// not followed by a word that reports a result or makes the verb part of
// a noun (分析指出, 统计显示, 分析人士, 展望未来, 分析工具, …的). White space and list marks before the
// sentence are ignored. BettaFish writes such plans as each
// section's "content"; they guide retrieval but state nothing.
func IsPlan(s string) bool {
	s = trimListMark(s)
	loc := planRE.FindStringIndex(s)
	if loc == nil {
		return false
	}
	rest := s[loc[1]:]
	if after, ok := strings.CutPrefix(rest, "，"); ok {
		// the verb ended a frame ("综合报道与行业分析，归纳…"): the
		// clause after it decides
		return IsPlan(after)
	}
	return FirstPrefix(rest, reportingWords) == ""
}

// trimListMark returns s without white space and list marks around its
// start.
func trimListMark(s string) string {
	return strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(s), "•·▪●-*>"))
}

// speechPrefixRE matches the prefix our graphs' text units give a forum
// speech ("[12:15:54] QUERY: "): its time in brackets and its speaker.
var speechPrefixRE = regexp.MustCompile(`^\[\d{1,2}:\d{2}(?::\d{2})?\]\s*[^\s:：]{1,24}[:：]\s*`)

// TrimSpeechPrefix returns s without the time and speaker that open a
// forum speech ("[12:15:54] QUERY: ## 核心事件概述 …" → "## 核心事件概述
// …"): bookkeeping, never part of a sentence quoted. Other text is
// returned as it is.
func TrimSpeechPrefix(s string) string {
	return speechPrefixRE.ReplaceAllLiteralString(s, "")
}
