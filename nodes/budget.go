package nodes

import (
	"cmp"
	"context"
	"fmt"
	"strings"

	"reportengine/llm"
	"reportengine/prompts"
	"reportengine/templates"
)

// WordBudget plans the words per chapter (reference §1.2 "Word budget").
// One call with prompts.WordBudgetInput, up to DefaultMaxAttempts times; the reply's
// chapters (a list, or an object keyed by chapterId) are joined to the
// template by chapterId. Chapters the reply misses, or all chapters when
// the stage fails, get an equal share of DefaultTotalWords (8000 words);
// Fallback is then true and Problem says which.
type WordBudget struct {
	Model    llm.Model    // answers the calls of the LLM implementation; required unless Budgeter is set
	Budgeter WordBudgeter // the model step; nil = the LLM implementation over Model
	// Temperature is sent with the call; nil = DefaultPlanTemperature.
	Temperature *float64
	// MaxOutputTokens is the model's completion maximum, in tokens (0 =
	// DefaultMaxOutputTokens); the call asks for at most 400 + 200 per
	// chapter.
	MaxOutputTokens int
}

// WordBudgetInput is what the budget sees.
type WordBudgetInput struct {
	Topic    string
	Sections []templates.Section
	Layout   prompts.LayoutReply
}

// WordBudgetOutput is the checked plan: one entry per template chapter.
type WordBudgetOutput struct {
	TotalWords int
	Guidelines []string
	Chapters   map[string]prompts.ChapterBudget // by chapterId
	Fallback   bool
	Problem    string // why entries were filled in
	Err        error  // the call error when the whole stage failed; nil otherwise
	Calls      int    // model calls made
	Requests   int    // requests the model sent for them, retries included (llm.Response.Requests)
}

// Run plans the budget. It fails only when ctx is done or the model
// refuses the request itself (llm.ErrAuth, llm.ErrBadRequest, B26).
func (s WordBudget) Run(ctx context.Context, in WordBudgetInput) (WordBudgetOutput, error) {
	out := WordBudgetOutput{Chapters: map[string]prompts.ChapterBudget{}}
	input := prompts.WordBudgetInput{Task: prompts.TaskWordBudget, Query: in.Topic, Chapters: outlines(in.Sections),
		Layout: in.Layout, TotalWords: DefaultTotalWords}
	known := map[string]bool{}
	for _, sec := range in.Sections {
		known[sec.ChapterID] = true
	}
	reply, res, err := cmp.Or[WordBudgeter](s.Budgeter, llmBudget{s}).BudgetWords(ctx, input)
	var got map[string]prompts.ChapterBudget
	if err == nil {
		got = checkBudgets(reply.Chapters, known)
		out.TotalWords, out.Guidelines = reply.TotalWords, nonEmpty(reply.GlobalGuidelines)
	}
	out.Calls, out.Requests = res.Calls, res.Requests
	if err != nil {
		if isCtxErr(err) || fatalStageErr(err) {
			return out, err
		}
		out.Fallback, out.Err, out.Problem = true, err, err.Error()
	}
	share := DefaultTotalWords / max(len(in.Sections), 1)
	var missing []string
	for _, sec := range in.Sections {
		if b, ok := got[sec.ChapterID]; ok {
			out.Chapters[sec.ChapterID] = b
			continue
		}
		out.Chapters[sec.ChapterID] = prompts.ChapterBudget{ChapterID: sec.ChapterID, TargetWords: share}
		missing = append(missing, sec.ChapterID)
	}
	if err == nil && len(missing) > 0 {
		out.Fallback = true
		out.Problem = fmt.Sprintf("%s: no budget for chapters %v; they get an equal share (%d words)", StageBudget, missing, share)
	}
	if out.TotalWords <= 0 {
		out.TotalWords = 0
		for _, b := range out.Chapters {
			out.TotalWords += b.TargetWords
		}
	}
	return out, nil
}

// llmBudget is the LLM implementation of WordBudgeter: the system prompt
// systemBudget and one JSON reply, read leniently (numbers as strings,
// chapters as a list or keyed by id, emphasisPoints for emphasis). A reply
// without one usable chapter budget is asked again.
type llmBudget struct{ s WordBudget }

func (l llmBudget) BudgetWords(ctx context.Context, input prompts.WordBudgetInput) (prompts.WordBudgetReply, CallStats, error) {
	known := map[string]bool{}
	for _, c := range input.Chapters {
		known[c.ChapterID] = true
	}
	var reply prompts.WordBudgetReply
	call := jsonCall{model: l.s.Model, step: StageBudget, system: systemBudget, input: input,
		attempts: DefaultMaxAttempts, temp: temperature(l.s.Temperature, DefaultPlanTemperature), topP: new(0.85),
		maxTokens: capTokens(budgetReplyTokens+budgetChapterTokens*len(input.Chapters), l.s.MaxOutputTokens)}
	res, err := call.runObject(ctx, func(m map[string]any) error {
		reply = prompts.WordBudgetReply{}
		for _, e := range asObjects(value(m, "chapters", "chapterBudgets")) {
			b := prompts.ChapterBudget{ChapterID: asString(e["chapterId"]), Rationale: asString(e["rationale"])}
			b.TargetWords, _ = asInt(e["targetWords"])
			b.MinWords, _ = asInt(e["minWords"])
			b.MaxWords, _ = asInt(e["maxWords"])
			b.Emphasis = asStrings(e["emphasis"])
			if len(b.Emphasis) == 0 {
				b.Emphasis = asStrings(e["emphasisPoints"])
			}
			reply.Chapters = append(reply.Chapters, b)
		}
		if len(checkBudgets(reply.Chapters, known)) == 0 {
			return fmt.Errorf("reply has no usable chapter budget")
		}
		reply.TotalWords, _ = asInt(m["totalWords"])
		reply.GlobalGuidelines = asStrings(m["globalGuidelines"])
		return nil
	})
	return reply, res, err
}

// checkBudgets keeps the first budget of each known chapter with a
// positive target; a minimum above the target or a maximum below it is
// dropped (0).
func checkBudgets(bs []prompts.ChapterBudget, known map[string]bool) map[string]prompts.ChapterBudget {
	got := map[string]prompts.ChapterBudget{}
	for _, b := range bs {
		b.ChapterID = strings.TrimSpace(b.ChapterID)
		if _, dup := got[b.ChapterID]; !known[b.ChapterID] || dup || b.TargetWords <= 0 {
			continue
		}
		if b.MinWords < 0 || b.MinWords > b.TargetWords {
			b.MinWords = 0
		}
		if b.MaxWords < b.TargetWords {
			b.MaxWords = 0
		}
		b.Emphasis, b.Rationale = nonEmpty(b.Emphasis), strings.TrimSpace(b.Rationale)
		got[b.ChapterID] = b
	}
	return got
}

const systemBudget = `你是舆情报告的篇幅规划师。用户消息是一个 JSON 对象（task = "word_budget"），包含主题 query、章节 chapters、版式 layout 和建议总字数 totalWords（中文每个汉字算一个字）。
请为每一章分配字数并说明侧重点。回复格式：
{"totalWords": 8000, "globalGuidelines": ["全局写作要求"],
 "chapters": [{"chapterId": "S1", "targetWords": 1200, "minWords": 1000, "maxWords": 1500, "emphasis": ["侧重点"], "rationale": "本章在报告中的作用"}]}
每个 chapterId 都必须出现一次，且只使用 chapters 中已有的 chapterId；各章 targetWords 之和接近 totalWords。` + jsonRule
