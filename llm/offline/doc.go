// Package offline is reportengine's deterministic, extractive model: an
// llm.Model that needs no network, no API key, no clock and no randomness.
// It answers the search prompts the real model gets (local search, question
// generation), so search, questions and chat run offline and the same input
// always yields the same bytes.
//
// BettaFish ReportEngine has no such model: without an LLM it cannot
// produce a report at all. This package is our addition (DESIGN.md habit 9).
//
// # Usage
//
//	m := offline.New()
//	resp, err := m.Complete(ctx, llm.Request{Messages: []llm.Message{
//		{Role: llm.RoleSystem, Content: "…"}, // ignored
//		{Role: llm.RoleUser, Content: `{"task":"local_search","query":"…","response_type":"multiple paragraphs"}`},
//	}})
//	// resp.Content is the answer text
//
// # How it answers
//
// The model reads the LAST user message, decodes it as a JSON object and
// dispatches on its "task" field (package prompts is the contract).
// Temperature, top-p and MaxTokens are ignored. A reply of Model.Tasks is
// encoded as compact JSON without code fences;
// FinishReason is "stop" and token counts are 0 (unknown). Stream produces
// the same content in deltas of ChunkRunes runes.
//
// Nothing is invented: every sentence of substance in an answer is copied
// from the prompt's data; the sentences the model adds itself only state
// counts, provenance and structure. Info().Extractive is true so that
// reports can say so.
//
// It knows the retrieval tasks: local_search (an extractive answer from the
// context tables in the system prompt, with [Data: …] citations) and
// question_generation (follow-up questions from that context). Model.Tasks
// adds others: package nodes/draft answers the report stages' prompts with
// it (draft.NewModel), for tests of the report's JSON contract; the report
// pipeline's offline stages call nodes/draft directly.
//
// # Errors
//
// A request without a user message, a user message that is not a JSON
// object of a known task, or one that does not decode as that task's input
// returns an *llm.Error of kind llm.ErrBadRequest (never retried). A
// cancelled or expired ctx returns an error wrapping ctx.Err().
package offline
