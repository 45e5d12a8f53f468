// Package questiongen proposes follow-up questions over a knowledge model:
// Microsoft GraphRAG's LocalQuestionGen (reference
// ../shared/reference/msgraphrag-local-search.md §5) on top of the same
// localsearch.ContextBuilder that search uses, with a proper parser for
// the model's list.
//
//	g, err := questiongen.New(questiongen.Config{Builder: b, Model: model})
//	res, err := g.Generate(ctx, questiongen.Request{
//		History: []string{"Tell me about Agent Mercer", "What happens in Dulce military base?"},
//		Count:   5,
//	})
//	// res.Questions: at most 5 new questions, clean text
//
// As in the reference, the LAST question of the history is the query and
// the earlier ones become the user turns of the conversation history
// (user turns only), the context is built by the builder unless the
// request carries one, and an empty history builds the empty-query context
// (the highest-ranked entities, §2) with SeedEntities included: the
// highest-ranked entities a reader knows by name (on our graphs the
// highest-ranked are search queries, and the context had nothing to ask
// about). A one-question history passes an
// empty, non-nil conversation, which adds "\n" to the embedded query,
// exactly as the reference does (§10 #6).
//
// Differences from the reference (B31, B39, §10 #11-12): the reply is
// parsed, not split on newlines — bullets ("-", "*", "•") and numbering
// ("1.", "2:", "3)", "(4)", "一、") are stripped, markdown emphasis removed,
// blank lines, headings and preamble lines (ending in ":" or "：" without a
// question mark) dropped, lines that do not ask anything dropped (see
// IsQuestion: "好的。" is not a question), duplicates and questions already in the history
// removed (compared case-insensitively, ignoring final punctuation), and at
// most Count questions returned; a reply without a usable line gives no
// questions and a warning, not an error. The whole history reaches the
// model (in the prompts.QuestionGenerationInput user message and in the
// context's Conversation History section), not only the last question.
// Builder and model errors are returned as errors; the reference turns
// model errors into an empty list with llm_calls = 1. A question that
// selects no entity (localsearch's relevance floor) asks no model and
// returns a NoMatch result.
//
// # Follow-ups of an answer
//
// Our additions (the reference has none of them): with Request.Answer,
// the model sees the records the answer cites (CitedRecords rendered by
// CitedContext) instead of the whole context, so the questions follow
// what was answered (when they give fewer than asked for, the rest come
// from the question's whole context, a second call); every proposed
// question is screened — dropped when it
// holds offensive wording (text.OffensiveWord, the one word list) or a
// name cut short (Unfit), or when the relevance gate refuses it (the
// context built for the question alone selects no entity) — and each kept
// one is labelled MethodLocal or MethodGlobal (Config.Classify) in
// Result.Suggestions. The offline writer (llm/offline) also asks only
// about names a reader knows: no engine or node-type ids, summary labels
// or search queries, each pair of names once.
package questiongen
