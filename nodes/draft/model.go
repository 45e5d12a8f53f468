package draft

import (
	"encoding/json"
	"fmt"

	"reportengine/llm/offline"
	"reportengine/prompts"
)

// NewModel returns the offline model (llm/offline) that also answers the
// report stages' prompts — the JSON of the prompts.*Input types, by their
// "task" — with this package's functions, replying the matching
// prompts.*Reply as plain JSON. It plays a language model behind the
// pipeline's LLM stages: the JSON contract end to end without a server
// (the scripted-server tests and the latency benchmark use it). The
// pipeline's offline stages call the functions directly instead.
//
// A user message of a report task that does not decode as that task's
// input is an *llm.Error of kind llm.ErrBadRequest naming the task.
func NewModel() *offline.Model { return &offline.Model{Tasks: answer} }

// answer decodes user as the input of task and returns the reply; ok is
// false for a task that is not a report stage's.
func answer(task string, user []byte) (reply any, ok bool, err error) {
	switch task {
	case prompts.TaskTemplateSelection:
		var in prompts.TemplateSelectionInput
		if err = decode(user, &in); err == nil {
			reply, err = SelectTemplate(in)
		}
	case prompts.TaskDocumentLayout:
		var in prompts.LayoutInput
		if err = decode(user, &in); err == nil {
			reply = Layout(in)
		}
	case prompts.TaskWordBudget:
		var in prompts.WordBudgetInput
		if err = decode(user, &in); err == nil {
			reply = WordBudget(in)
		}
	case prompts.TaskGraphQuery:
		var in prompts.GraphQueryInput
		if err = decode(user, &in); err == nil {
			reply = Decide(in)
		}
	case prompts.TaskChapter:
		var in prompts.ChapterInput
		if err = decode(user, &in); err == nil {
			reply = prompts.ChapterReply{Chapter: Chapter(in)}
		}
	case prompts.TaskChapterRepair:
		var in prompts.ChapterRepairInput
		if err = decode(user, &in); err == nil {
			reply = Repair(in)
		}
	default:
		return nil, false, nil
	}
	return reply, true, err
}

func decode(raw []byte, v any) error {
	if err := json.Unmarshal(raw, v); err != nil {
		return fmt.Errorf("decode input: %w", err)
	}
	return nil
}
