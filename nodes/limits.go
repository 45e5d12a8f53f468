package nodes

import "reportengine/evidence"

// Output limits and sampling per stage (issue 10). Every request a stage
// sends carries a completion cap sized to the reply it asks for, never more
// than the model's own maximum (Config.MaxOutputTokens), and a temperature
// chosen for the kind of work: low for decisions and planning, moderate for
// prose. BettaFish sends neither for most calls, so the provider's defaults
// apply: DeepSeek cuts a reply at 4K tokens by default, and a decision is
// sampled at temperature 1.0.

// DefaultMaxOutputTokens is the model's completion maximum assumed when
// Config.MaxOutputTokens is 0, in tokens: the conservative figure any
// OpenAI-compatible server accepts (Ollama and small local models among
// them).
const DefaultMaxOutputTokens = 4096

// Default temperatures (Config.PlanTemperature, Config.ProseTemperature).
const (
	// DefaultPlanTemperature is sent for template selection, layout, word
	// budget, graph query decisions and the structural repair: a choice
	// among given options should not vary from run to run.
	DefaultPlanTemperature = 0.1
	// DefaultProseTemperature is sent for chapters and follow-up
	// questions: enough variety for readable prose, low enough to stay
	// with the evidence.
	DefaultProseTemperature = 0.6
)

// Reply sizes per stage, in tokens (before the model's cap is applied).
// They are two to four times what the replies measured on the real
// fixture weigh (docs/llm-contract.md), so a well-formed reply is never
// cut, while a model that rambles is stopped long before the provider's
// default.
const (
	templateReplyTokens   = 512  // {"template_name", "selection_reason"}
	decisionReplyTokens   = 512  // one graph query decision with its reasoning
	layoutReplyTokens     = 1200 // title, hero, notes …
	layoutChapterTokens   = 250  // … and one tocPlan entry per chapter
	budgetReplyTokens     = 400  // totalWords and guidelines …
	budgetChapterTokens   = 200  // … and one budget entry per chapter
	followUpReplyTokens   = 300  // question generation: the list …
	followUpQuestionToken = 100  // … and one line per question asked for
	// chapterTokensPerWord and chapterOverheadTokens size a chapter: the
	// IR JSON of a Chinese chapter weighs about 1.3 tokens per character
	// of text compact (1.7 pretty-printed), so 2 tokens per word of the
	// target plus 1 500 tokens of structure leave room for either.
	chapterTokensPerWord  = 2
	chapterOverheadTokens = 1500
	// defaultChapterWords sizes a chapter whose word target is unknown.
	defaultChapterWords = 1000
	// truncatedTargetPercent is the word target of the one retry of a
	// chapter whose reply was cut by the output limit, in percent of the
	// first target (the retry's cap is the model's whole maximum).
	truncatedTargetPercent = 60
)

// capTokens is n capped by the model's maximum (limit; 0 =
// DefaultMaxOutputTokens).
func capTokens(n, limit int) int {
	return min(n, orDefault(limit, DefaultMaxOutputTokens))
}

// chapterOutputTokens is a chapter's completion cap: 2 × the word target
// (words) + 1 500 tokens, capped by limit.
func chapterOutputTokens(wordTarget, limit int) int {
	return capTokens(chapterTokensPerWord*orDefault(wordTarget, defaultChapterWords)+chapterOverheadTokens, limit)
}

// temperature is t, or def when t is nil.
func temperature(t *float64, def float64) *float64 {
	if t != nil {
		return new(*t)
	}
	return new(def)
}

// maxPlanPerSubPoint bounds planPerSubPoint.
const maxPlanPerSubPoint = 40

// planPerSubPoint is the most evidence items the plan gives one sub-point
// for a prompt budget of promptTokens: evidence.PerSubPoint (6) at
// DefaultPromptTokens or less, growing in proportion above it (24 at
// 24 000 tokens, about 20 000 tokens of evidence for a chapter of four
// sub-points), at most 40. The chapter prompt still drops the least
// relevant items that do not fit (fitSubPoints).
func planPerSubPoint(promptTokens int) int {
	n := evidence.PerSubPoint * promptTokens / DefaultPromptTokens
	return min(max(n, evidence.PerSubPoint), maxPlanPerSubPoint)
}
