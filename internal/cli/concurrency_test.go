package cli

import (
	"testing"

	"reportengine/llm"
)

// --concurrency 0 (its default) is 8 calls in flight for a hosted
// OpenAI-compatible server and 4 offline and for Ollama (whose server
// answers at most 4 at once by default); a number given is kept.
func TestStageLimitsConcurrency(t *testing.T) {
	remote := llm.Info{Provider: "openai-compatible", Model: "gpt-4o-mini", Host: "api.openai.com"}
	for _, tc := range []struct {
		name string
		info llm.Info
		flag int
		want int
	}{
		{"hosted", remote, 0, 8},
		{"offline", llm.Info{Provider: "offline", Model: "offline-extractive"}, 0, 4},
		{"ollama port", llm.Info{Provider: "openai-compatible", Model: "qwen2.5", Host: "localhost:11434"}, 0, 4},
		{"ollama tag", llm.Info{Provider: "openai-compatible", Model: "qwen2.5:7b", Host: "gpu.lan:8000"}, 0, 4},
		{"given", remote, 2, 2},
		{"given offline", llm.Info{Provider: "offline"}, 6, 6},
	} {
		l, err := stageLimits(&reportOptions{Concurrency: tc.flag, Getenv: func(string) string { return "" }}, tc.info)
		if err != nil || l.concurrency != tc.want {
			t.Errorf("%s: concurrency %d, err %v; want %d", tc.name, l.concurrency, err, tc.want)
		}
	}
}
