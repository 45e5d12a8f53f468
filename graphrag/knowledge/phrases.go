package knowledge

// phrases are the words FromGraph writes into descriptions and the topic
// report, in the language of the graph's topic (Chinese when the topic
// holds a CJK character, else English), so an answer quoting them reads
// in one language.
type phrases struct {
	topic, topicEngines, host, engine, engineReport, engineCounts, search string
	analysedBy, contains, searched, found, foundCount, relation           string
	researchedBy, unavailable, sections, listSep, sentenceEnd, engineLow  string
	reportOf                                                              string // a shared report title, its engine and sections
}

var phrasesEN = phrases{
	topic:        "research topic %q",
	topicEngines: ", analysed by the engines %s",
	host:         "the forum host, %d syntheses",
	engine:       "the %s research engine",
	engineReport: ", report %q",
	engineCounts: ", %d sections, %d search records",
	search:       "web search %q, %d results",
	analysedBy:   "the topic %q is analysed by the %s engine",
	contains:     "the %s engine's research has the section %q",
	searched:     "the section %q searched the web for %q",
	found:        "the search %q found %q",
	foundCount:   " (%d results)",
	relation:     "%q %s %q",
	researchedBy: "The topic %q was researched by %d engines: %s.",
	unavailable:  " Not available: %s.",
	sections:     " Sections: %s.",
	listSep:      ", ",
	sentenceEnd:  ".",
	engineLow:    "%s engine report",
	reportOf:     "%s (%s: %s)",
}

var phrasesZH = phrases{
	topic:        "研究主题「%s」",
	topicEngines: "，由 %s 引擎分析",
	host:         "论坛主持人，%d 次总结",
	engine:       "%s 研究引擎",
	engineReport: "，报告《%s》",
	engineCounts: "，%d 个段落，%d 条搜索记录",
	search:       "网络搜索「%s」，%d 条结果",
	analysedBy:   "主题「%s」由 %s 引擎分析",
	contains:     "%s 引擎的研究包含段落「%s」",
	searched:     "段落「%s」搜索了「%s」",
	found:        "搜索「%s」找到了「%s」",
	foundCount:   "（%d 条结果）",
	relation:     "「%s」%s「%s」",
	researchedBy: "主题「%s」由 %d 个引擎研究：%s。",
	unavailable:  "不可用：%s。",
	sections:     "段落：%s。",
	listSep:      "、",
	sentenceEnd:  "。",
	engineLow:    "%s 引擎报告",
	reportOf:     "%s（%s：%s）",
}
