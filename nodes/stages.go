package nodes

import (
	"context"

	"reportengine/ir"
	"reportengine/prompts"
)

// The model steps of the report stages, one small interface each with
// typed input and output. Every stage has two implementations: the LLM one
// (in the stage's file: the system prompt, the request with its limits and
// temperature, the JSON contract and the lenient decoding of the reply) and
// the offline one (Offline, offline.go: package nodes/draft called
// directly, no JSON). The stage around the step (TemplateSelect, Layout,
// WordBudget, GraphQuery, ChapterGen) builds the input, checks the typed
// reply by the same rules whichever implementation gave it, and falls back
// as documented.

// CallStats is what a model step cost: Calls counts the model calls made,
// Requests the requests the model sent for them (its client's retries
// included; 0 offline), Raw is the last reply text (for the text fallback
// of template selection; never shown to readers) and Partial the raw text
// of a reply cut at the output limit ("" when none was).
type CallStats struct {
	Calls, Requests int
	Raw, Partial    string
}

// TemplateChooser is the model step of TemplateSelect: the reply names one
// of the offered templates and why. An error wrapping an *llm.Error other
// than an unusable reply ends the run; any other error falls back.
type TemplateChooser interface {
	ChooseTemplate(ctx context.Context, in prompts.TemplateSelectionInput) (prompts.TemplateSelectionReply, CallStats, error)
}

// LayoutPlanner is the model step of Layout: title, hero and TOC plan for
// the chapters of in, and the problems met reading the reply (manifest
// warnings). The reply is checked by Layout (titles, known chapters, one
// SWOT and one PEST chapter).
type LayoutPlanner interface {
	PlanLayout(ctx context.Context, in prompts.LayoutInput) (prompts.LayoutReply, []string, CallStats, error)
}

// WordBudgeter is the model step of WordBudget: words per chapter (CJK
// characters count as words). WordBudget keeps the entries of known
// chapters with a positive target and fills in the others.
type WordBudgeter interface {
	BudgetWords(ctx context.Context, in prompts.WordBudgetInput) (prompts.WordBudgetReply, CallStats, error)
}

// QueryDecider is the model step of one GraphQuery round: whether to query
// the graph again, and with which keywords, node types, engines and depth.
// step names the round in errors ("chapter S3 graph query round 2"); notes
// are what reading the reply changed. GraphQuery checks the decision
// (valid types and engines, depth 0-3, repeats skipped).
type QueryDecider interface {
	DecideQuery(ctx context.Context, step string, in prompts.GraphQueryInput) (prompts.GraphQueryReply, []string, CallStats, error)
}

// ChapterWriter is the model step of ChapterGen: WriteChapter writes the
// chapter of in (with what reading the reply changed, ir.DecodeChapter's
// notes); RepairBlocks returns c with the failed blocks of rin replaced.
// ChapterGen validates, repairs once, degrades and checks density whichever
// implementation wrote the chapter. The LLM implementation streams
// (ChapterGen.OnDelta) and asks again for an unusable reply
// (ChapterGen.OnRetry); a reply cut at the output limit is an error
// wrapping llm.ErrTruncated with CallStats.Partial set.
type ChapterWriter interface {
	WriteChapter(ctx context.Context, step string, in prompts.ChapterInput) (ir.Chapter, []string, CallStats, error)
	RepairBlocks(ctx context.Context, step string, c ir.Chapter, rin prompts.ChapterRepairInput, limit int) (ir.Chapter, []string, CallStats, error)
}

// jsonRule ends every LLM system prompt: the reply is one compact JSON
// object, the prompts.*Reply of the stage. The system prompts are prose
// for language models, each beside its stage's LLM implementation; the
// offline implementations do not read them.
const jsonRule = `

只输出一个 JSON 对象：不要 Markdown 代码块以外的说明文字，不要思考过程，不要注释。字符串中的双引号必须转义为 \"。输出紧凑 JSON：不缩进、不换行，回复有长度上限，超出即被截断。`
