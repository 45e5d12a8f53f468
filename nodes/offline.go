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

// offlineStep is what an offline step returns: f's reply, costing one
// call, or ctx.Err() before the step.
func offlineStep[T any](ctx context.Context, f func() (T, error)) (T, CallStats, error) {
	if err := ctx.Err(); err != nil {
		var zero T
		return zero, CallStats{}, err
	}
	r, err := f()
	return r, CallStats{Calls: 1}, err
}

// ChooseTemplate is draft.SelectTemplate.
func (Offline) ChooseTemplate(ctx context.Context, in prompts.TemplateSelectionInput) (prompts.TemplateSelectionReply, CallStats, error) {
	return offlineStep(ctx, func() (prompts.TemplateSelectionReply, error) { return draft.SelectTemplate(in) })
}

// PlanLayout is draft.Layout.
func (Offline) PlanLayout(ctx context.Context, in prompts.LayoutInput) (prompts.LayoutReply, []string, CallStats, error) {
	r, st, err := offlineStep(ctx, func() (prompts.LayoutReply, error) { return draft.Layout(in), nil })
	return r, nil, st, err
}

// BudgetWords is draft.WordBudget.
func (Offline) BudgetWords(ctx context.Context, in prompts.WordBudgetInput) (prompts.WordBudgetReply, CallStats, error) {
	return offlineStep(ctx, func() (prompts.WordBudgetReply, error) { return draft.WordBudget(in), nil })
}

// DecideQuery is draft.Decide.
func (Offline) DecideQuery(ctx context.Context, _ string, in prompts.GraphQueryInput) (prompts.GraphQueryReply, []string, CallStats, error) {
	r, st, err := offlineStep(ctx, func() (prompts.GraphQueryReply, error) { return draft.Decide(in), nil })
	return r, nil, st, err
}

// WriteChapter is draft.Chapter.
func (Offline) WriteChapter(ctx context.Context, _ string, in prompts.ChapterInput) (ir.Chapter, []string, CallStats, error) {
	c, st, err := offlineStep(ctx, func() (ir.Chapter, error) { return draft.Chapter(in), nil })
	return c, nil, st, err
}

// RepairBlocks is draft.Repair, spliced in by block index.
func (Offline) RepairBlocks(ctx context.Context, _ string, c ir.Chapter, rin prompts.ChapterRepairInput, _ int) (ir.Chapter, []string, CallStats, error) {
	if err := ctx.Err(); err != nil {
		return c, nil, CallStats{}, err
	}
	fixed, notes := spliceReply(c, rin, draft.Repair(rin))
	return fixed, notes, CallStats{Calls: 1}, nil
}
