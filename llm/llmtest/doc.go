// Package llmtest holds the conformance checks every llm.Model passes,
// whatever is behind it: the offline extractive model, or an
// OpenAI-compatible client talking to a test server.
//
// Call it from a test of the implementing package:
//
//	func TestConformance(t *testing.T) {
//		m := offline.New(offline.Config{})
//		llmtest.TestModel(t, m, llm.Request{
//			Step:     "conformance",
//			Messages: []llm.Message{{Role: llm.RoleUser, Content: "总结舆情"}},
//		})
//	}
//
// TestModel runs subtests (Info, Complete, Stream, StreamCallbackError,
// Cancelled, Concurrent); run them under -race so the concurrency check
// means something. The package's own test runs the same checks on models
// that each break one rule, through a recording testing.TB, and requires
// exactly the matching subtests to fail. The model
// must answer req deterministically enough to be non-empty every time; the
// checks never compare Complete's text with Stream's, so a sampling model
// passes too.
//
// This package follows langchaingo's testing/llmtest in spirit. BettaFish
// has no equivalent: its LLM client is exercised only by live runs.
package llmtest
