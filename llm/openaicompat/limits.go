package openaicompat

import (
	"net"
	"slices"
	"strings"
)

// ConservativeMaxOutputTokens is the completion maximum assumed for a model
// this package does not know, and for any model served by Ollama (which
// keeps a small context window unless told otherwise), in tokens.
const ConservativeMaxOutputTokens = 4096

// ollamaPort is the port Ollama listens on by default.
const ollamaPort = "11434"

// knownOutputLimits are the documented completion maxima of common models,
// in tokens, matched as a prefix of the lower-cased model name (the
// longest prefix wins). Sources: the providers' model pages — OpenAI
// gpt-4o and gpt-4o-mini 16 384, gpt-4.1 32 768; DeepSeek deepseek-chat
// 8 192 (its default is 4 096, which is why the limit must be sent) and
// deepseek-reasoner 32 768 (its default; the reasoning counts against it);
// Qwen via DashScope qwen-plus, qwen-max, qwen-turbo and qwen2.5 8 192.
var knownOutputLimits = []struct {
	prefix string
	tokens int
}{
	{"gpt-4o", 16384},
	{"chatgpt-4o", 16384},
	{"gpt-4.1", 32768},
	{"gpt-4-turbo", 4096},
	{"deepseek-chat", 8192},
	{"deepseek-v3", 8192},
	{"deepseek-reasoner", 32768},
	{"deepseek-r1", 32768},
	{"qwen2.5", 8192},
	{"qwen-plus", 8192},
	{"qwen-max", 8192},
	{"qwen-turbo", 8192},
}

// DefaultMaxOutputTokens is the completion maximum, in tokens, to assume
// for model served at host (host[:port], as llm.Info.Host) when the user sets none: the documented figure for
// the common models above, ConservativeMaxOutputTokens for an Ollama
// server (port 11434, or an Ollama-style "name:tag" model such as
// "qwen2.5:7b") and for every model not listed. A name with a vendor
// prefix ("openai/gpt-4o", "deepseek-ai/DeepSeek-V3") is matched on the
// part after the last '/'. The name is only a default's hint: the
// --max-output-tokens setting always wins.
func DefaultMaxOutputTokens(model, host string) int {
	if IsOllama(model, host) {
		return ConservativeMaxOutputTokens
	}
	name := strings.ToLower(strings.TrimSpace(model))
	name = name[strings.LastIndex(name, "/")+1:]
	best, tokens := 0, ConservativeMaxOutputTokens
	for _, k := range knownOutputLimits {
		if strings.HasPrefix(name, k.prefix) && len(k.prefix) > best {
			best, tokens = len(k.prefix), k.tokens
		}
	}
	return tokens
}

// IsOllama reports whether model at host (host[:port]) looks served by
// Ollama: the port is 11434, or the model name has an Ollama tag
// ("llama3.1:8b").
func IsOllama(model, host string) bool {
	if strings.Contains(model, ":") {
		return true
	}
	_, port, err := net.SplitHostPort(host)
	return err == nil && port == ollamaPort
}

// ReasoningAllowance is DefaultReasoningTokens for a reasoning model, in
// tokens.
const ReasoningAllowance = 8192

// reasoningPrefixes are the lower-cased name prefixes of models whose
// reasoning counts against the completion limit.
var reasoningPrefixes = []string{"deepseek-reasoner", "deepseek-r1", "o1", "o3", "o4", "qwq"}

// DefaultReasoningTokens is the allowance, in tokens, to add to every
// request's limit for model (Config.ReasoningTokens) when the user sets
// none: ReasoningAllowance for the reasoning models deepseek-reasoner,
// deepseek-r1, OpenAI o1/o3/o4 and QwQ (matched as for
// DefaultMaxOutputTokens, on the part after the last '/'), 0 otherwise.
func DefaultReasoningTokens(model string) int {
	name := strings.ToLower(strings.TrimSpace(model))
	name = name[strings.LastIndex(name, "/")+1:]
	if slices.ContainsFunc(reasoningPrefixes, func(p string) bool { return strings.HasPrefix(name, p) }) {
		return ReasoningAllowance
	}
	return 0
}
