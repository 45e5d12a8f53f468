package prompts

import (
	"cmp"
	"strings"

	"reportengine/ir"
	"reportengine/text"
)

// EvidenceRef is one planned evidence item as a chapter prompt shows it.
// The chapter cites it inline by writing its id in square brackets right
// after the claim it supports: "负面声量高达79%[E12]". An id that is not in
// the prompt's plan fails validation (one repair round, then a visible
// mark).
type EvidenceRef struct {
	ID     string `json:"id"`               // "E12": cite as [E12]
	Text   string `json:"text"`             // the passage, verbatim
	Kind   string `json:"kind"`             // summary | title | source | final_report | forum
	Engine string `json:"engine,omitempty"` // query | media | insight, or the forum speaker in lower case (host, …)
	Source string `json:"source,omitempty"` // the source title, the engine section, or "论坛 HH:MM:SS"
	URL    string `json:"url,omitempty"`
	// OffTopic marks a scraped passage whose text and page title never
	// name the topic (evidence.Assigned.OnTopic false): a page about
	// something else, evidence at most, never a finding.
	OffTopic bool `json:"offTopic,omitempty"`
	// Primary are the ids of web source passages that state the same
	// claim as this passage (the same figures, or nearly the same text:
	// evidence.Set.PrimarySources), for an engine's paragraph or a forum
	// speech: cite them first, then this passage ("…[E77][E12]").
	Primary []string `json:"primary,omitempty"`
}

// FigureRef is a quantitative statement found in an evidence item.
type FigureRef struct {
	ItemID string `json:"itemId"` // the evidence id to cite with the figure
	Kind   string `json:"kind"`   // sentiment | platform | age | share | volume | count | rank | index | date
	Label  string `json:"label"`  // what is measured: 负面声量, 阅读量
	// KPI is the label for a KPI card, subject and metric ("微博平台占比"),
	// "" when the source names none: such a figure is no KPI card.
	KPI    string  `json:"kpi,omitempty"`
	Group  string  `json:"group,omitempty"`
	Raw    string  `json:"raw"`   // as written: 79%, 3.8亿
	Value  float64 `json:"value"` // the number as written (79, 3.8)
	Unit   string  `json:"unit,omitempty"`
	Scaled float64 `json:"scaled,omitempty"` // with 万/亿 applied; 0 (left out) when it equals Value
	Date   string  `json:"date,omitempty"`   // ISO date for kind "date"
	// Sentence is the clause the figure stands in.
	Sentence string `json:"sentence"`
	// Primary is the evidence id of a web page that states the same
	// figure (evidence.Figure.Primary), "" for none: cite it before
	// ItemID.
	Primary string `json:"primary,omitempty"`
	// Forum is true for a figure found only in forum speeches
	// (evidence.Figure.Forum): with no Primary, nothing but a forum log
	// (often a later run's, flagged in the notices) says it, so it is a
	// KPI card after every figure a page or an engine states, and marked
	// (CardLabel).
	Forum bool `json:"forum,omitempty"`
	// Disagree lists other passages' values of the same measure when they
	// differ ("1,847次→68次[E1940]", evidence.Figure.Disagree): say
	// 来源不一致 with them wherever the figure is stated.
	Disagree string `json:"disagree,omitempty"`
}

// ForumMark ends the label of a KPI card whose figure only a forum
// speech states (FigureRef.CardLabel).
const ForumMark = "（论坛发言）"

// CardLabel is the label of the figure's KPI card: its KPI, marked with
// ForumMark when only a forum speech states it (Forum, no Primary).
// BettaFish's cards carry no provenance at all.
func (f FigureRef) CardLabel() string {
	if f.Forum && f.Primary == "" && f.KPI != "" {
		return f.KPI + ForumMark
	}
	return f.KPI
}

// ForumOnly reports a figure only a forum speech states (CardLabel marks
// its card): cards are made of the others first.
func (f FigureRef) ForumOnly() bool { return f.Forum && f.Primary == "" }

// SubPointBrief is one template sub-point of a chapter with the evidence
// planned for it. Each sub-point becomes a subsection (a level-3 heading
// with the sub-point's title); one with no evidence says so in one line.
type SubPointBrief struct {
	Title    string        `json:"title"`
	Evidence []EvidenceRef `json:"evidence"`
	Figures  []FigureRef   `json:"figures,omitempty"`
}

// ChapterDigest summarises a written chapter for the chapters that
// summarise others (the template's 摘要 and 建议/结论 chapters) and the hero.
type ChapterDigest struct {
	ChapterID string      `json:"chapterId"`
	Title     string      `json:"title"`
	Findings  []string    `json:"findings"`          // the chapter's lead sentences, with their [E…] citations
	Figures   []FigureRef `json:"figures,omitempty"` // its key figures
}

// DefaultTitle is the report title made from a topic when no model wrote
// one: "<topic>舆情分析报告", never doubling what the topic already ends
// with ("武汉大学舆情" → "武汉大学舆情分析报告", "X分析报告" → as is).
func DefaultTitle(topic string) string {
	t := strings.TrimSpace(topic)
	switch {
	case t == "":
		return "舆情分析报告"
	case strings.HasSuffix(t, "报告"):
		return t
	case strings.HasSuffix(t, "舆情分析"), strings.HasSuffix(t, "分析"):
		return t + "报告"
	case strings.HasSuffix(t, "舆情"):
		return t + "分析报告"
	}
	return t + "舆情分析报告"
}

// EngineName is how a report names an engine in Chinese prose and in its
// reference list: query → 查询引擎, media → 媒体引擎, insight → 洞察引擎
// (BettaFish's QueryEngine, MediaEngine, InsightEngine); any other value
// (a forum speaker) is returned as it is.
func EngineName(engine string) string { return cmp.Or(engineNames[engine][0], engine) }

// engineNames are the engines' Chinese names (EngineName) and short Latin
// names (EngineShortName); the host has no Chinese one.
var engineNames = map[string][2]string{"query": {"查询引擎", "Query"}, "media": {"媒体引擎", "Media"},
	"insight": {"洞察引擎", "Insight"}, "host": {"", "Host"}}

// SameKPI reports two KPI cards that state one figure: the same value and
// one label containing the other ("三个月内会员 八百人" and "三个月内会员数 八百人",
// two passages reporting one number). A report shows one of them.
func SameKPI(a, b ir.KPI) bool {
	return a.Value == b.Value && (strings.Contains(a.Label, b.Label) || strings.Contains(b.Label, a.Label))
}

// CardValue is the value a KPI card shows for f: Raw with the qualifier
// its clause writes right before it (text.FigureBound: "引发超10万浏览量" →
// "超10万", "阅读量破12万" → "破12万"), so a card never states a bound as
// an exact figure; Raw alone when the clause writes none or does not hold
// Raw (the first occurrence of Raw decides).
func (f FigureRef) CardValue() string { return f.Bound() + f.Raw }

// Bound is the qualifier written right before the figure in its clause
// (text.FigureBound), "" for none or when the clause does not hold Raw.
func (f FigureRef) Bound() string {
	i := strings.Index(f.Sentence, f.Raw)
	if f.Raw == "" || i < 0 {
		return ""
	}
	return text.FigureBound(f.Sentence[:i])
}

// ForumLast orders the figures a page or an engine states before those
// only a forum speech states (ForumOnly), for a stable sort.
func ForumLast(a, b FigureRef) int {
	switch {
	case a.ForumOnly() == b.ForumOnly():
		return 0
	case a.ForumOnly():
		return 1
	}
	return -1
}
