// Package tokens counts and truncates text in model tokens, offline.
//
// It owns the tiktoken byte-pair encodings o200k_base (the GPT-4o family
// tokenizer, the default) and cl100k_base (GPT-4/3.5) through
// github.com/tiktoken-go/tokenizer, which compiles the vocabularies into the
// binary, so counting never touches the network or a cache directory
// (field case B37: Python tiktoken downloads them at run time). Each codec
// is built once, on first use, and shared; everything is safe for
// concurrent use.
//
// The encoding is configuration, never derived from a model name (B40):
// tokens.New(name) returns a Tokenizer for "o200k_base" (also for "") or
// "cl100k_base" and rejects anything else with ErrUnknownEncoding.
// Microsoft GraphRAG 3.x defaults to o200k_base, while its CLI/API local
// search counts with cl100k_base through LiteLLM (reference §6); pick
// cl100k_base to reproduce those budgets. Special-token strings such as
// "<|endoftext|>" are counted as plain text, never refused.
//
// Counts are tokens, not bytes or runes. For models with another tokenizer
// (DeepSeek, Qwen, Llama) o200k_base is an estimate: typically within
// ±15% for Chinese and English prose, which is what budgets need.
//
//	n := tokens.Count("舆情分析报告")          // tokens
//	s := tokens.Truncate(forumLog, 4000)     // at most 4000 tokens, valid UTF-8
//	var tk llm.Tokenizer = tokens.Counter{}  // o200k_base, for packages that take an llm.Tokenizer
//	cl, err := tokens.New("cl100k_base")     // configured encoding; err wraps ErrUnknownEncoding
//
// BettaFish's report engine counts nothing: it sends whole states and
// forum logs and learns about the context limit from a provider 400.
// graphrag (Python) uses tiktoken the same way this package does, but cuts
// token lists, which can split a UTF-8 character (field case B18);
// Truncate cuts on rune boundaries instead.
package tokens
