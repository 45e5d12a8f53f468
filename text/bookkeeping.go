package text

import (
	"regexp"
	"slices"
	"strings"
)

// Bookkeeping: the records of our graphs that tell how the research was
// done, not what it found. They may guide retrieval, but an answer never
// quotes them as evidence and a follow-up question never asks about them.
// One rule for llm/offline's answers and questions, graphrag/questiongen's
// follow-up screen and nodes' report follow-ups.

// bookkeepingRE matches, at the start of a record's text (after list
// marks), the phrases graphrag/knowledge writes for the structural nodes
// and edges (phrases.go) and the topic report's lines, by class:
// search-query records and their edges; section lists and the
// engine-section edge; the topic, engine and forum host descriptions, the
// topic report's engine count and what is not available; a forum summary
// label (graphrag/builder's "主持人总结 N").
var bookkeepingRE = regexp.MustCompile(`(?i)^(?:` +
	`网络搜索「.*」，\d+ 条结果|web search ".*", \d+ results|搜索「|段落「|the search "|the section "` +
	`|段落：|sections: |\S+ 引擎的研究包含段落「|the \S+ engine's research has the section ` +
	`|研究主题「|research topic "|主题「[^」]*」由 |the topic "[^"]*" (?:is analysed|was researched) by |论坛主持人，|the forum host, |不可用：|not available: ` +
	`|(?:论坛)?主持人总结 ?\d+|host summary \d+)` +
	`|(?:研究引擎|research engine)(?:，报告《.*》|, report ".*")?(?:，\d+ 个段落，\d+ 条搜索记录|, \d+ sections, \d+ search records)`)

// bookkeepingNames are names of the machinery, never of a subject: the
// BettaFish engines and the forum, graphrag's node types, and the forum's
// summary labels without a number.
var bookkeepingNames = map[string]bool{
	"query": true, "media": true, "insight": true, "host": true, "forum": true, "system": true,
	"topic": true, "engine": true, "section": true, "search_query": true, "source": true,
	"主持人总结": true, "论坛主持人总结": true, "host summary": true, "summary": true,
}

// Bookkeeping reports whether s — a record's text, one of its sentences,
// or a name — is bookkeeping, by class: a search query's record
// ("网络搜索「李明咖啡店 拿铁」，3 条结果", "web search "…", 3 results",
// "搜索「…」找到了「…」"); a section list or a section's edge ("段落：选址、
// 定价。", "段落「…」搜索了「…」", "query 引擎的研究包含段落「…」"); the
// topic, an engine or the forum host ("研究主题「…」", "主题「…」由 3 个引擎研究",
// "media 研究引擎，报告《…》，5 个段落，150 条搜索记录", "论坛主持人，6 次总结");
// a summary label ("主持人总结 4", "Host summary 2"); or a name of the
// machinery (query, media, insight, host, forum, a node type). English and
// Chinese alike, case ignored; surrounding space and list marks ("- ")
// are skipped.
func Bookkeeping(s string) bool {
	s = strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(s), "-*• "))
	return bookkeepingNames[strings.ToLower(s)] || bookkeepingRE.MatchString(s)
}

// internalTypes are the node types whose names are the engines' own: a
// research section's title, a search query, an engine.
var internalTypes = map[string]bool{"section": true, "search_query": true, "engine": true}

// InternalName reports whether name, the title of a node of type typ ("" when
// unknown), is a name a reader never meets as a subject: a research
// section's title, a search query or an engine (by type), or bookkeeping
// (Bookkeeping). Microsoft GraphRAG indexes have none of these types.
func InternalName(typ, name string) bool {
	return internalTypes[strings.ToLower(typ)] || Bookkeeping(name)
}

// sectionNameRE finds a section title a bookkeeping record quotes
// (段落「选址决策」, the section "site"); sectionListRE a list of them
// (段落：选址决策、产品与定价。, Sections: site, pricing.).
var (
	sectionNameRE = regexp.MustCompile(`段落「([^」]+)」|(?i:the section) "([^"]+)"`)
	sectionListRE = regexp.MustCompile(`段落：([^。]+)|(?i:sections): ([^.]+)`)
)

// SectionNames returns the research sections' titles that s, when it is
// bookkeeping (Bookkeeping), names — in the edges' phrases (段落「X」, the
// section "X") and in section lists (段落：A、B。, Sections: A, B.) — in
// order, each once; nil for any other text. A reader of a context sees
// there which of its names are the engines' own headings.
func SectionNames(s string) []string {
	if !Bookkeeping(s) {
		return nil
	}
	var out []string
	add := func(n string) {
		if n = strings.TrimSpace(n); n != "" && !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	for _, m := range sectionNameRE.FindAllStringSubmatch(s, -1) {
		add(m[1] + m[2])
	}
	for _, m := range sectionListRE.FindAllStringSubmatch(s, -1) {
		if m[1] != "" {
			for _, n := range strings.Split(m[1], "、") {
				add(n)
			}
		}
		for _, n := range strings.Split(m[2], ", ") {
			add(n)
		}
	}
	return out
}
