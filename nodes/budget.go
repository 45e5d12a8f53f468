package nodes

import (
	"context"
	"encoding/json"
	"fmt"

	"reportengine/llm"
	"reportengine/prompts"
	"reportengine/templates"
)

// WordBudget plans the words per chapter (reference §1.2 "Word budget").
// One call with prompts.WordBudgetInput, up to MaxAttempts times; the reply's
// chapters (a list, or an object keyed by chapterId) are joined to the
// template by chapterId. Chapters the reply misses, or all chapters when
// the stage fails, get an equal share of DefaultTotalWords (8000 words);
// Fallback is then true and Problem says which.
type WordBudget struct {
	Model       llm.Model // answers the calls; required
	MaxAttempts int       // 0 = DefaultMaxAttempts
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
	var got map[string]prompts.ChapterBudget
	call := jsonCall{model: s.Model, step: StageBudget, system: systemBudget, input: input,
		attempts: orDefault(s.MaxAttempts, DefaultMaxAttempts), temp: temperature(s.Temperature, DefaultPlanTemperature), topP: f64(0.85),
		maxTokens: capTokens(budgetReplyTokens+budgetChapterTokens*len(in.Sections), s.MaxOutputTokens)}
	res, err := call.run(ctx, func(raw json.RawMessage) error {
		m, err := decodeObject(raw)
		if err != nil {
			return err
		}
		v, _ := field(m, "chapters", "chapterBudgets")
		got = map[string]prompts.ChapterBudget{}
		for _, e := range asObjects(v) {
			b := prompts.ChapterBudget{ChapterID: asString(e["chapterId"])}
			if !known[b.ChapterID] {
				continue
			}
			if _, dup := got[b.ChapterID]; dup {
				continue
			}
			b.TargetWords, _ = asInt(e["targetWords"])
			if b.TargetWords <= 0 {
				continue
			}
			b.MinWords, _ = asInt(e["minWords"])
			b.MaxWords, _ = asInt(e["maxWords"])
			if b.MinWords < 0 || b.MinWords > b.TargetWords {
				b.MinWords = 0
			}
			if b.MaxWords < b.TargetWords {
				b.MaxWords = 0
			}
			b.Emphasis = asStrings(e["emphasis"])
			if len(b.Emphasis) == 0 {
				b.Emphasis = asStrings(e["emphasisPoints"])
			}
			b.Rationale = asString(e["rationale"])
			got[b.ChapterID] = b
		}
		if len(got) == 0 {
			return fmt.Errorf("reply has no usable chapter budget")
		}
		out.TotalWords, _ = asInt(m["totalWords"])
		out.Guidelines = asStrings(m["globalGuidelines"])
		return nil
	})
	out.Calls = res.Calls
	out.Requests = res.Requests
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
