package llmtest

import (
	"context"
	"strings"
	"testing"

	"reportengine/llm"
)

// echoModel answers with the last user message, streamed one rune at a
// time. It exists only to exercise TestModel itself.
type echoModel struct{}

func (echoModel) reply(req llm.Request) string {
	return "回声：" + req.Messages[len(req.Messages)-1].Content
}

func (m echoModel) Complete(ctx context.Context, req llm.Request) (llm.Response, error) {
	if err := ctx.Err(); err != nil {
		return llm.Response{}, err
	}
	return llm.Response{Content: m.reply(req), FinishReason: "stop", Model: "echo"}, nil
}

func (m echoModel) Stream(ctx context.Context, req llm.Request, fn func(llm.Chunk) error) (llm.Response, error) {
	var b strings.Builder
	for _, r := range m.reply(req) {
		if err := ctx.Err(); err != nil {
			return llm.Response{Content: b.String()}, err
		}
		b.WriteRune(r)
		if err := fn(llm.Chunk{Delta: string(r)}); err != nil {
			return llm.Response{Content: b.String()}, err
		}
	}
	return llm.Response{Content: b.String(), FinishReason: "stop", Model: "echo"}, nil
}

func (echoModel) Info() llm.Info { return llm.Info{Provider: "echo", Model: "echo"} }

var _ llm.Model = echoModel{}

func TestTestModelPassesAConformingModel(t *testing.T) {
	TestModel(t, echoModel{}, llm.Request{
		Step:     "conformance",
		Messages: []llm.Message{{Role: llm.RoleUser, Content: "舆情概览"}},
	})
}
