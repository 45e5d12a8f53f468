// Package tokens counts and truncates text in model tokens, offline.
//
// It owns one thing: the o200k_base byte-pair encoding (the GPT-4o family
// tokenizer) through github.com/tiktoken-go/tokenizer, which embeds its
// vocabulary, so counting never touches the network. The codec is built
// once, on first use, and shared; every function is safe for concurrent
// use.
//
// Counts are tokens, not bytes or runes. For models with another tokenizer
// (DeepSeek, Qwen, Llama) o200k_base is an estimate: typically within
// ±15% for Chinese and English prose, which is what budgets need.
//
//	n := tokens.Count("舆情分析报告")          // tokens
//	s := tokens.Truncate(forumLog, 4000)     // at most 4000 tokens, valid UTF-8
//	var tk llm.Tokenizer = tokens.Counter{}  // for packages that take an llm.Tokenizer
//
// BettaFish's report engine counts nothing: it sends whole states and
// forum logs and learns about the context limit from a provider 400.
// graphrag (Python) uses tiktoken the same way this package does, but cuts
// token lists, which can split a UTF-8 character (field case B18);
// Truncate cuts on rune boundaries instead.
package tokens
