package offline

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"iter"
	"strings"
	"unicode/utf8"

	"reportengine/llm"
	"reportengine/prompts"
)

// Provider and ModelName are what Info and Response.Model report.
const (
	Provider  = "offline"
	ModelName = "offline-extractive"
)

// ChunkRunes is the size, in runes, of the deltas Stream emits (the last
// one may be shorter).
const ChunkRunes = 256

// Model is the deterministic extractive model. The zero value is ready to
// use (it answers the search tasks); it holds no state and is safe for
// concurrent use.
type Model struct {
	// Tasks, when non-nil, answers the tasks Model does not know itself:
	// it gets the task name and the user message (one JSON object) and
	// returns the reply to encode as JSON, or ok false for a task it does
	// not know either (then Complete returns ErrBadRequest). Package
	// nodes/draft sets it to answer the report stages' prompts.
	Tasks func(task string, user []byte) (reply any, ok bool, err error)
}

var _ llm.Model = (*Model)(nil)

// New returns the offline model.
func New() *Model { return &Model{} }

// Info reports Provider "offline", Model "offline-extractive", no host, and
// Extractive true: reports built with this model say that their text was
// extracted, not written.
func (m *Model) Info() llm.Info {
	return llm.Info{Provider: Provider, Model: ModelName, Extractive: true}
}

// Complete answers the last user message of req, which must be one of the
// prompts.*Input JSON objects, with the matching prompts.*Reply as plain
// JSON (no code fences). The system prompt, sampling parameters and
// MaxTokens are ignored. A user message that is not a JSON object, lacks a
// known "task", or does not decode as that task's input returns an
// *llm.Error of kind llm.ErrBadRequest. A cancelled ctx returns an error
// wrapping ctx.Err().
func (m *Model) Complete(ctx context.Context, req llm.Request) (llm.Response, error) {
	if err := ctx.Err(); err != nil {
		return llm.Response{}, cancelled(req, err)
	}
	content, err := m.answer(req)
	if err != nil {
		return llm.Response{}, err
	}
	if err := ctx.Err(); err != nil {
		return llm.Response{}, cancelled(req, err)
	}
	return llm.Response{Content: content, FinishReason: "stop", Model: ModelName}, nil
}

// Stream computes the same reply as Complete and passes it to fn in
// deltas of ChunkRunes runes, in order; the concatenated deltas equal the
// returned Response.Content. An error from fn stops the stream and is
// returned as is; ctx is checked before every delta.
func (m *Model) Stream(ctx context.Context, req llm.Request, fn func(llm.Chunk) error) (llm.Response, error) {
	resp, err := m.Complete(ctx, req)
	if err != nil {
		return llm.Response{}, err
	}
	rest := resp.Content
	for rest != "" {
		if err := ctx.Err(); err != nil {
			return llm.Response{}, cancelled(req, err)
		}
		n, i := 0, 0
		for i < len(rest) && n < ChunkRunes {
			_, size := utf8.DecodeRuneInString(rest[i:])
			i += size
			n++
		}
		if err := fn(llm.Chunk{Delta: rest[:i]}); err != nil {
			return llm.Response{}, err
		}
		rest = rest[i:]
	}
	return resp, nil
}

func cancelled(req llm.Request, err error) error {
	if req.Step != "" {
		return fmt.Errorf("offline: %s: %w", req.Step, err)
	}
	return fmt.Errorf("offline: %w", err)
}

func badRequest(req llm.Request, format string, args ...any) error {
	return &llm.Error{Kind: llm.ErrBadRequest, Step: req.Step, Model: ModelName,
		Message: fmt.Sprintf(format, args...), Attempts: 1}
}

// answer dispatches on the "task" of the last user message.
func (m *Model) answer(req llm.Request) (string, error) {
	last := len(req.Messages) - 1 // the last user message
	for last >= 0 && req.Messages[last].Role != llm.RoleUser {
		last--
	}
	if last < 0 {
		return "", badRequest(req, "offline model: the request has no user message")
	}
	raw := []byte(req.Messages[last].Content)
	var head struct {
		Task string `json:"task"`
	}
	if err := json.Unmarshal(raw, &head); err != nil {
		return "", badRequest(req, "offline model: the last user message must be one JSON object of package prompts (%v)", err)
	}
	var err error
	switch head.Task {
	case prompts.TaskLocalSearch:
		// Retrieval tasks answer in text; the context is in the system prompt.
		var in prompts.LocalSearchInput
		if err = decode(raw, &in); err == nil {
			return localSearchAnswer(in, systemText(req)), nil
		}
	case prompts.TaskQuestionGeneration:
		var in prompts.QuestionGenerationInput
		if err = decode(raw, &in); err == nil {
			return WriteQuestions(in, systemText(req)), nil
		}
	case "":
		return "", badRequest(req, "offline model: the user message has no \"task\" field")
	default:
		var reply any
		ok := false
		if m.Tasks != nil {
			reply, ok, err = m.Tasks(head.Task, raw)
		}
		if !ok {
			return "", badRequest(req, "offline model: unknown task %q (known: %s, %s and those of package nodes/draft)", head.Task,
				prompts.TaskLocalSearch, prompts.TaskQuestionGeneration)
		}
		if err == nil {
			return encodeReply(req, head.Task, reply)
		}
	}
	return "", badRequest(req, "offline model: task %q: %v", head.Task, err)
}

// encodeReply is reply as compact JSON without HTML escaping.
func encodeReply(req llm.Request, task string, reply any) (string, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(reply); err != nil {
		return "", badRequest(req, "offline model: task %q: encode reply: %v", task, err)
	}
	return string(bytes.TrimRight(buf.Bytes(), "\n")), nil
}

// systemText is the concatenated system messages of req.
func systemText(req llm.Request) string {
	var parts []string
	for _, m := range req.Messages {
		if m.Role == llm.RoleSystem {
			parts = append(parts, m.Content)
		}
	}
	return strings.Join(parts, "\n")
}

func decode(raw []byte, v any) error {
	if err := json.Unmarshal(raw, v); err != nil {
		return fmt.Errorf("decode input: %w", err)
	}
	return nil
}

// runeLen is the number of runes of s.
func runeLen(s string) int { return utf8.RuneCountInString(s) }

// count is the number of the values of seq that keep holds.
func count[T any](seq iter.Seq[T], keep func(T) bool) int {
	n := 0
	for v := range seq {
		if keep(v) {
			n++
		}
	}
	return n
}
