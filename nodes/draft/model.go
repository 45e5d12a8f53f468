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
	stage, ok := stages[task]
	if !ok {
		return nil, false, nil
	}
	reply, err = stage(user)
	return reply, true, err
}

// stages answer each report task: its input decoded, then this package's
// function for it.
var stages = map[string]func([]byte) (any, error){
	prompts.TaskTemplateSelection: stage(SelectTemplate),
	prompts.TaskDocumentLayout:    stage(noError(Layout)),
	prompts.TaskWordBudget:        stage(noError(WordBudget)),
	prompts.TaskGraphQuery:        stage(noError(Decide)),
	prompts.TaskChapter:           stage(noError(func(in prompts.ChapterInput) prompts.ChapterReply { return prompts.ChapterReply{Chapter: Chapter(in)} })),
	prompts.TaskChapterRepair:     stage(noError(Repair)),
}

// stage is f with its input decoded from JSON ("decode input: …" when it
// does not decode).
func stage[In, Out any](f func(In) (Out, error)) func([]byte) (any, error) {
	return func(raw []byte) (any, error) {
		var in In
		if err := json.Unmarshal(raw, &in); err != nil {
			return nil, fmt.Errorf("decode input: %w", err)
		}
		return f(in)
	}
}

// noError is f as a function that never fails.
func noError[In, Out any](f func(In) Out) func(In) (Out, error) {
	return func(in In) (Out, error) { return f(in), nil }
}
