package draft

import (
	"encoding/json"
	"testing"

	"reportengine/llm"
	"reportengine/llm/llmtest"
)

func TestConformance(t *testing.T) {
	// The offline model only answers prompts of package prompts, so the
	// conformance request carries a real chapter prompt (long enough to be
	// streamed in several deltas).
	b, err := json.Marshal(chapterInput())
	if err != nil {
		t.Fatal(err)
	}
	llmtest.TestModel(t, NewModel(), llm.Request{
		Step:     "conformance",
		Messages: []llm.Message{{Role: llm.RoleSystem, Content: "只输出 JSON。"}, {Role: llm.RoleUser, Content: string(b)}},
	})
}
