// Package prompts is the JSON contract between the pipeline stages (package
// nodes) and every model. Each stage sends two messages: a system prompt
// (instructions, in prose) and a user message that is ONE JSON object, an
// Input type of this package, whose "task" field names the stage. The model
// answers with the matching Reply type as JSON. The two retrieval tasks
// (local_search, question_generation; search.go) are the exception: their
// context tables travel in the system prompt as Microsoft GraphRAG sends
// them, and the reply is text (a cited answer, a list of questions).
//
// These types are what both sides of each report stage share: the LLM
// implementation of a stage's model step (package nodes) sends an Input as
// JSON and reads the Reply leniently; the offline implementation passes
// the same Input, typed, to the extractive writer (package nodes/draft)
// and gets the Reply back typed, with no JSON. Replies from either go
// through the same checks, ir normalisation and validation.
//
// Shapes follow BettaFish ReportEngine (reference §1.2, §4.2, §5.2) with two
// deliberate differences: the full engine reports and forum log are never
// pasted in (inputs carry token-budgeted excerpts instead, §8 #4), and every
// input says its task explicitly.
package prompts

import "reportengine/ir"

// Task names, the value of every Input's "task" field.
const (
	TaskTemplateSelection = "template_selection"
	TaskDocumentLayout    = "document_layout"
	TaskWordBudget        = "word_budget"
	TaskGraphQuery        = "graph_query_decision"
	TaskChapter           = "chapter"
	TaskChapterRepair     = "chapter_repair"
)

// Excerpt is a piece of an engine report or of the forum log chosen for a
// prompt. Text is cut on rune boundaries to the prompt's token budget.
type Excerpt struct {
	Engine  string `json:"engine,omitempty"`  // query|media|insight (reports), or the forum speaker
	Section string `json:"section,omitempty"` // report section title, or forum time "HH:MM:SS"
	Text    string `json:"text"`
}

// GraphStats summarises the knowledge graph for prompts.
type GraphStats struct {
	Topic         string              `json:"topic"`
	Engines       []string            `json:"engines"`
	Sections      int                 `json:"sections"`
	SearchQueries int                 `json:"searchQueries"`
	Sources       int                 `json:"sources"`
	SectionTitles map[string][]string `json:"sectionTitles,omitempty"` // engine → first titles
	SampleQueries []string            `json:"sampleQueries,omitempty"`
}

// TemplateOption is a template offered for selection.
type TemplateOption struct {
	Name        string `json:"name"`
	Description string `json:"description"`
}

// TemplateSelectionInput asks for a template (reference §6.1).
type TemplateSelectionInput struct {
	Task      string           `json:"task"` // TaskTemplateSelection
	Query     string           `json:"query"`
	Templates []TemplateOption `json:"templates"`
	Excerpts  []Excerpt        `json:"excerpts,omitempty"` // short report/forum excerpts
	Graph     *GraphStats      `json:"graph,omitempty"`
}

// TemplateSelectionReply is the answer to TemplateSelectionInput.
type TemplateSelectionReply struct {
	TemplateName    string `json:"template_name"`
	SelectionReason string `json:"selection_reason"`
}

// ChapterOutline is a template chapter as shown to models.
type ChapterOutline struct {
	ChapterID string   `json:"chapterId"`
	Title     string   `json:"title"`
	Number    string   `json:"number,omitempty"`
	Slug      string   `json:"slug"`
	Order     int      `json:"order"`
	Outline   []string `json:"outline,omitempty"`
}

// LayoutInput asks for the document layout (reference §1.2 "Layout").
type LayoutInput struct {
	Task         string           `json:"task"` // TaskDocumentLayout
	Query        string           `json:"query"`
	TemplateName string           `json:"templateName"`
	Chapters     []ChapterOutline `json:"chapters"`
	Graph        *GraphStats      `json:"graph,omitempty"`
	Excerpts     []Excerpt        `json:"excerpts,omitempty"`
}

// TOCPlanEntry is one chapter of the layout's table-of-contents plan.
type TOCPlanEntry struct {
	ChapterID   string `json:"chapterId"`
	Anchor      string `json:"anchor,omitempty"`
	Display     string `json:"display"`
	Description string `json:"description,omitempty"`
	AllowSwot   bool   `json:"allowSwot,omitempty"`
	AllowPest   bool   `json:"allowPest,omitempty"`
}

// LayoutReply is the answer to LayoutInput. At most one tocPlan entry has
// allowSwot and at most one allowPest, never both on the same chapter.
type LayoutReply struct {
	Title       string         `json:"title"`
	Subtitle    string         `json:"subtitle,omitempty"`
	Tagline     string         `json:"tagline,omitempty"`
	TOCTitle    string         `json:"tocTitle,omitempty"`
	Hero        ir.Hero        `json:"hero"`
	TOCPlan     []TOCPlanEntry `json:"tocPlan"`
	LayoutNotes []string       `json:"layoutNotes,omitempty"`
}

// WordBudgetInput asks for a word plan (reference §1.2 "Word budget").
type WordBudgetInput struct {
	Task       string           `json:"task"` // TaskWordBudget
	Query      string           `json:"query"`
	Chapters   []ChapterOutline `json:"chapters"`
	Layout     LayoutReply      `json:"layout"`
	TotalWords int              `json:"totalWords"` // suggested total, in words (CJK characters count as words)
}

// ChapterBudget is one chapter's word plan entry.
type ChapterBudget struct {
	ChapterID   string   `json:"chapterId"`
	TargetWords int      `json:"targetWords"`
	MinWords    int      `json:"minWords,omitempty"`
	MaxWords    int      `json:"maxWords,omitempty"`
	Emphasis    []string `json:"emphasis,omitempty"`
	Rationale   string   `json:"rationale,omitempty"`
}

// WordBudgetReply is the answer to WordBudgetInput.
type WordBudgetReply struct {
	TotalWords       int             `json:"totalWords"`
	GlobalGuidelines []string        `json:"globalGuidelines,omitempty"`
	Chapters         []ChapterBudget `json:"chapters"`
}

// ChapterBrief identifies the chapter a graph query or chapter call is for.
type ChapterBrief struct {
	ChapterID   string   `json:"chapterId"`
	Title       string   `json:"title"`
	Role        string   `json:"role,omitempty"`
	TargetWords int      `json:"targetWords,omitempty"` // words; 0 = not planned yet
	Emphasis    []string `json:"emphasis,omitempty"`
	Outline     []string `json:"outline,omitempty"`
}

// QueryRound is one executed graph query, shown in later rounds' history.
type QueryRound struct {
	Keywords     []string `json:"keywords"`
	NodeTypes    []string `json:"node_types,omitempty"`
	EngineFilter []string `json:"engine_filter,omitempty"`
	Depth        int      `json:"depth"`
	TotalNodes   int      `json:"total_nodes"`
	// NewNodes counts the sections, search queries and sources of the
	// round that no earlier round returned; a round with none ends the
	// loop.
	NewNodes int    `json:"new_nodes"`
	Summary  string `json:"summary"`
}

// GraphQueryCaps are the most items one graph query round returns, per
// kind (what the decision prompt states; the query engine applies them).
type GraphQueryCaps struct {
	Sections int `json:"maxSections"`
	Queries  int `json:"maxQueries"`
	Sources  int `json:"maxSources"`
}

// GraphQueryInput asks which graph query to run next (reference §4.2).
type GraphQueryInput struct {
	Task         string       `json:"task"` // TaskGraphQuery
	Query        string       `json:"query"`
	TemplateName string       `json:"templateName"`
	Chapter      ChapterBrief `json:"chapter"`
	Graph        GraphStats   `json:"graph"`
	History      []QueryRound `json:"history"`
	Round        int          `json:"round"`     // 0-based
	MaxRounds    int          `json:"maxRounds"` // N
	NodeTypes    []string     `json:"nodeTypes"` // the valid node types
	// Caps are the per-round result caps.
	Caps GraphQueryCaps `json:"caps"`
	// OtherChapters are the report's other chapters (title, outline,
	// emphasis): their material is theirs, not this chapter's.
	OtherChapters []ChapterBrief `json:"otherChapters,omitempty"`
}

// GraphQueryReply is a graph query decision. Keywords may arrive as a
// string; the caller splits it on commas and spaces.
type GraphQueryReply struct {
	ShouldQuery  bool     `json:"should_query"`
	Keywords     []string `json:"keywords"`
	NodeTypes    []string `json:"node_types,omitempty"`
	EngineFilter []string `json:"engine_filter,omitempty"`
	Depth        int      `json:"depth"`
	Reasoning    string   `json:"reasoning,omitempty"`
}

// GraphSection is a matched section node (engine report paragraph).
type GraphSection struct {
	ID      string `json:"id"`
	Engine  string `json:"engine"`
	Title   string `json:"title"`
	Summary string `json:"summary,omitempty"` // rune-truncated
}

// GraphQuery is a matched search_query node.
type GraphQuery struct {
	ID        string `json:"id"`
	Engine    string `json:"engine"`
	QueryText string `json:"query_text"`
}

// GraphSource is a matched source node.
type GraphSource struct {
	ID      string   `json:"id"`
	Title   string   `json:"title"`
	URL     string   `json:"url,omitempty"`
	Preview string   `json:"preview,omitempty"` // rune-truncated content
	Engines []string `json:"engines,omitempty"`
	Date    string   `json:"date,omitempty"`
}

// GraphResults is the merged result of a chapter's query rounds
// (reference §4.2 merge, §4.3 injection), cut to the prompt budget.
type GraphResults struct {
	TotalNodes          int            `json:"totalNodes"`
	QueryRounds         int            `json:"queryRounds"`
	Sections            []GraphSection `json:"matchedSections"`
	Queries             []GraphQuery   `json:"matchedQueries"`
	Sources             []GraphSource  `json:"matchedSources"`
	CrossEngineInsights []string       `json:"crossEngineInsights,omitempty"`
}

// Constraints bound a chapter (reference §5.2 constraints).
type Constraints struct {
	Language      string   `json:"language"` // "zh-CN"
	AllowedBlocks []string `json:"allowedBlocks"`
	AllowSwot     bool     `json:"allowSwot"`
	AllowPest     bool     `json:"allowPest"`
	WordTarget    int      `json:"wordTarget,omitempty"`
	MinWords      int      `json:"minWords,omitempty"`
	MaxWords      int      `json:"maxWords,omitempty"`
	Emphasis      []string `json:"emphasis,omitempty"`
	MaxTokens     int      `json:"maxTokens,omitempty"` // output budget, tokens
}

// ChapterSection is the template section a chapter must fill.
type ChapterSection struct {
	ChapterID string   `json:"chapterId"`
	Title     string   `json:"title"`
	Slug      string   `json:"slug"`
	Anchor    string   `json:"anchor"`
	Order     int      `json:"order"`
	Number    string   `json:"number,omitempty"`
	Outline   []string `json:"outline,omitempty"`
}

// ChapterInput asks for one chapter's IR (reference §5.2, budgeted).
type ChapterInput struct {
	Task         string         `json:"task"` // TaskChapter
	Section      ChapterSection `json:"section"`
	Query        string         `json:"query"`
	TemplateName string         `json:"templateName"`
	ReportTitle  string         `json:"reportTitle"`
	Constraints  Constraints    `json:"constraints"`
	Graph        *GraphResults  `json:"graphResults,omitempty"` // nil when the graph matched nothing
	// Excerpts are the engine-report passages most relevant to the
	// chapter; ForumExcerpts the relevant forum entries (speaker in Engine,
	// time in Section). Both are within the prompt's token budget.
	Excerpts      []Excerpt `json:"excerpts,omitempty"`
	ForumExcerpts []Excerpt `json:"forumExcerpts,omitempty"`
	// SubPoints are the template's sub-points with the evidence planned for
	// them (each evidence item is planned for one sub-point of one chapter
	// only, so chapters do not repeat each other). When set, Excerpts and
	// ForumExcerpts are empty: the plan replaces them.
	SubPoints []SubPointBrief `json:"subPoints,omitempty"`
	// OtherChapters are the titles of the report's other chapters (what
	// they cover is not to be repeated here).
	OtherChapters []string `json:"otherChapters,omitempty"`
	// Digests are set for a chapter that summarises the others: their
	// findings and key figures, written before it.
	Digests []ChapterDigest `json:"chapterDigests,omitempty"`
	// ReportDate is the date of the data (the newest state's date,
	// YYYY-MM-DD), "" when unknown.
	ReportDate string `json:"reportDate,omitempty"`
	// Essentials are the run's 舆情 essentials computed from its data:
	// the window and volume, and the blocks placed in this chapter's
	// sub-points (Essentials.Place); nil when the run has no records.
	Essentials *Essentials `json:"essentials,omitempty"`
}

// ChapterReply is the answer to ChapterInput:
// {"chapter": {...}}. Models' loose JSON is normalised by package ir before
// it is decoded into this shape.
type ChapterReply struct {
	Chapter ir.Chapter `json:"chapter"`
}

// ChapterRepairInput asks for a structural repair of the blocks of a chapter
// that failed validation (one round, reference §5.3 step 7). Unlike
// BettaFish, which sends the whole original input again with the whole
// chapter, it carries only the failing top-level blocks, each with its
// validator errors, and what the blocks need to stay consistent with the
// chapter: its identity (anchors of new headings start with
// section.anchor), the block types it may use and the evidence ids it may
// cite. The evidence texts are not sent: a repair fixes structure, not
// content.
type ChapterRepairInput struct {
	Task          string         `json:"task"` // TaskChapterRepair
	Section       ChapterSection `json:"section"`
	AllowedBlocks []string       `json:"allowedBlocks"`
	// EvidenceIDs are the ids the chapter may cite ("E12"), in plan
	// order; empty when the chapter had no evidence plan.
	EvidenceIDs  []string      `json:"evidenceIds,omitempty"`
	FailedBlocks []FailedBlock `json:"failedBlocks"`
}

// FailedBlock is one top-level block that failed validation.
type FailedBlock struct {
	// Index is the block's position in the chapter's blocks (0-based).
	Index int      `json:"index"`
	Block ir.Block `json:"block"`
	// Errors are the validator's findings for the block as "path:
	// message", paths from the chapter ("blocks[3].data.labels: bar chart
	// requires non-empty labels").
	Errors []string `json:"errors"`
}

// ChapterRepairReply is the answer to ChapterRepairInput: for each failed
// block its index and the repaired block, or several blocks in its place
// (a chart without data rewritten as a paragraph and a table):
// {"blocks": [{"index": 3, "block": {...}}, {"index": 5, "blocks": [{...}, {...}]}]}.
// The pipeline reads it leniently (nodes package): a list of bare blocks in
// the order of failedBlocks, or a whole {"chapter": {...}}, is accepted too.
type ChapterRepairReply struct {
	Blocks []RepairedBlock `json:"blocks"`
}

// RepairedBlock is one repaired block, or the blocks that replace it.
type RepairedBlock struct {
	Index  int        `json:"index"`
	Block  *ir.Block  `json:"block,omitempty"`
	Blocks []ir.Block `json:"blocks,omitempty"`
}
