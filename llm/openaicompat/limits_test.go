package openaicompat

import "testing"

func TestDefaultMaxOutputTokens(t *testing.T) {
	for _, tc := range []struct {
		model, host string
		want        int
	}{
		{"gpt-4o", "api.openai.com", 16384},
		{"gpt-4o-mini", "api.openai.com", 16384},
		{"GPT-4o-2024-08-06", "api.openai.com", 16384},
		{"openai/gpt-4o", "openrouter.ai", 16384},
		{"deepseek-chat", "api.deepseek.com", 8192},
		{"deepseek-reasoner", "api.deepseek.com", 32768},
		{"qwen2.5-72b-instruct", "dashscope.aliyuncs.com", 8192},
		{"qwen-plus", "dashscope.aliyuncs.com", 8192},
		{"Qwen/Qwen2.5-7B-Instruct", "localhost:8000", 8192}, // vLLM
		{"qwen2.5:7b", "gpu-box:8080", ConservativeMaxOutputTokens},
		{"deepseek-chat", "localhost:11434", ConservativeMaxOutputTokens},
		{"llama3.1", "127.0.0.1:11434", ConservativeMaxOutputTokens},
		{"some-new-model", "example.com", ConservativeMaxOutputTokens},
		{"", "", ConservativeMaxOutputTokens},
	} {
		if got := DefaultMaxOutputTokens(tc.model, tc.host); got != tc.want {
			t.Errorf("DefaultMaxOutputTokens(%q, %q) = %d, want %d", tc.model, tc.host, got, tc.want)
		}
	}
}

func TestDefaultReasoningTokens(t *testing.T) {
	for model, want := range map[string]int{"deepseek-reasoner": ReasoningAllowance, "deepseek-ai/DeepSeek-R1": ReasoningAllowance,
		"o3-mini": ReasoningAllowance, "o1": ReasoningAllowance, "QwQ-32B": ReasoningAllowance,
		"deepseek-chat": 0, "gpt-4o": 0, "qwen2.5:7b": 0, "": 0} {
		if got := DefaultReasoningTokens(model); got != want {
			t.Errorf("DefaultReasoningTokens(%q) = %d, want %d", model, got, want)
		}
	}
}
