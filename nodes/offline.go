package nodes

import (
	"context"

	"reportengine/ir"
	"reportengine/nodes/draft"
	"reportengine/prompts"
)

// Offline is the offline implementation of every model step: the
// extractive writer of package nodes/draft, called with the step's typed
// input — no model call, no JSON, no retries. Each step counts as one
// call (CallStats.Calls 1, Requests 0, as the offline model's calls did),
// so the manifest counts the steps. Its replies go through the same checks
// as a model's. Config.Offline makes
// the pipeline use it, and the follow-up questions' step too
// (FollowUps.Offline: llm/offline's question writer on the context text).
// A cancelled ctx returns ctx.Err() before the step.
type Offline struct{}

var (
	_ TemplateChooser = Offline{}
	_ LayoutPlanner   = Offline{}
	_ WordBudgeter    = Offline{}
	_ QueryDecider    = Offline{}
	_ ChapterWriter   = Offline{}
)

// one is what an offline step costs.
var one = CallStats{Calls: 1}

// ChooseTemplate is draft.SelectTemplate.
func (Offline) ChooseTemplate(ctx context.Context, in prompts.TemplateSelectionInput) (prompts.TemplateSelectionReply, CallStats, error) {
	if err := ctx.Err(); err != nil {
		return prompts.TemplateSelectionReply{}, CallStats{}, err
	}
	r, err := draft.SelectTemplate(in)
	return r, one, err
}

// PlanLayout is draft.Layout.
func (Offline) PlanLayout(ctx context.Context, in prompts.LayoutInput) (prompts.LayoutReply, []string, CallStats, error) {
	if err := ctx.Err(); err != nil {
		return prompts.LayoutReply{}, nil, CallStats{}, err
	}
	return draft.Layout(in), nil, one, nil
}

// BudgetWords is draft.WordBudget.
func (Offline) BudgetWords(ctx context.Context, in prompts.WordBudgetInput) (prompts.WordBudgetReply, CallStats, error) {
	if err := ctx.Err(); err != nil {
		return prompts.WordBudgetReply{}, CallStats{}, err
	}
	return draft.WordBudget(in), one, nil
}

// DecideQuery is draft.Decide.
func (Offline) DecideQuery(ctx context.Context, _ string, in prompts.GraphQueryInput) (prompts.GraphQueryReply, []string, CallStats, error) {
	if err := ctx.Err(); err != nil {
		return prompts.GraphQueryReply{}, nil, CallStats{}, err
	}
	return draft.Decide(in), nil, one, nil
}

// WriteChapter is draft.Chapter.
func (Offline) WriteChapter(ctx context.Context, _ string, in prompts.ChapterInput) (ir.Chapter, []string, CallStats, error) {
	if err := ctx.Err(); err != nil {
		return ir.Chapter{}, nil, CallStats{}, err
	}
	return draft.Chapter(in), nil, one, nil
}

// RepairBlocks is draft.Repair, spliced in by block index.
func (Offline) RepairBlocks(ctx context.Context, _ string, c ir.Chapter, rin prompts.ChapterRepairInput, _ int) (ir.Chapter, []string, CallStats, error) {
	if err := ctx.Err(); err != nil {
		return c, nil, CallStats{}, err
	}
	fixed, notes := spliceReply(c, rin, draft.Repair(rin))
	return fixed, notes, one, nil
}
