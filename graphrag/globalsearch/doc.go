// Package globalsearch is Microsoft GraphRAG's global search over a
// knowledge.Model's community reports, for broad questions that no single
// entity answers ("What are the main themes?", "总体舆情怎么样？"), and the
// router that chooses between it and local search.
//
// It follows graphrag 3.1.2 (query/structured_search/global_search/,
// query/context_builder/community_context.py, the map and reduce prompts)
// and says where it differs.
//
// # Usage
//
//	b, err := globalsearch.NewContextBuilder(model, globalsearch.Config{Tokenizer: tk})
//	e, err := globalsearch.NewEngine(b, globalsearch.EngineConfig{Model: chat}) // Model nil: offline, extractive
//	res, err := e.Stream(ctx, globalsearch.Query{Text: "What are the main themes?"}, func(ev globalsearch.Event) error {
//		fmt.Print(ev.Delta) // the first event carries ev.Context (the batches)
//		return nil
//	})
//	route := globalsearch.NewRouter(model).Route(question) // Method local or global, and why
//
// # Steps
//
// Batches (ContextBuilder.Build): the reports the model kept (for a
// GraphRAG index, every report of a level ≤ the community level, as the
// reference's roll-up keeps them; for our graphs, the topic report and one
// report per engine), those with a rank ≥ Params.MinCommunityRank, in the
// order Python's random.shuffle gives after random.seed(86), are packed
// into batches of at most Params.MaxContextTokens tokens (12 000): each
// batch is a CSV table "id|title|occurrence weight|content|rank" as pandas
// writes it, rows sorted by occurrence weight (distinct text units of the
// community's entities over the largest such count) then rank. A report
// that cannot fit alone is cut to fit (the reference sends it over the
// budget).
//
// Map: each batch goes to the model with MapPrompt (our wording; slots
// {context_data}, {max_length}) and the question, asking for JSON
// {"points": [{"description": "… [Data: Reports (ids)]", "score": 0–100}]}.
// Reduce: the points scoring above 0, best first (ties in batch order),
// formatted "----Analyst n----\nImportance Score: s\n…" while they fit in
// Params.DataMaxTokens, go to the model with ReducePrompt (slots
// {report_data}, {response_type}, {max_length}); the answer streams. With
// no point above 0 the answer is NoDataAnswer and no reduce request is
// sent. Citations ([Data: Reports (…)]) are checked against the report
// ids of the batches.
//
// Offline (EngineConfig.Model nil or extractive) the same steps run
// without a model: the map rates the sentences of each report (table rows
// as sentences; headings, labels, model preambles and the topic report's
// bookkeeping left out) by the share of the question's term weight they
// hold — or, for a broad question, by their place in the report and the
// report's rank and weight; one naming an aspect (正面) takes only the
// sentences stating it, themselves or through their section's heading,
// and, asking for 方面, prefers those naming a category (aspectShare) —
// and the reduce lists the best, mutually
// different points, each with its citation, under a label saying they were
// extracted. The question's terms are weighed and matched as the
// knowledge's term statistics do it (knowledge.Lexical.Stats,
// TermStat.Weight: the product's one content-term weight), not by an IDF
// over the few reports; a specific question's point must hold
// MinPointShare of that weight, the topic's name aside. Deterministic: same model and question, same answer.
//
// # Routing
//
// Router.Route sends a question to global search when it uses broad
// wording (BroadCues, looked for before any entity), names nothing (no
// content terms), or no entity names or covers its content terms
// (CoverShare of their weight) and the lexical search's best entities and
// source texts do not cover them between them either; otherwise to local
// search (the
// issue's "no single entity covering the terms" sent specific questions
// whose facts sit in two records global, where only community reports
// answer). A model without reports, a question whose terms the knowledge
// holds only in passing (knowledge.TopicalShare under
// knowledge.MinTopicalShare: local search's relevance rule), one whose
// terms no report holds as the extractive map needs for a point
// (MinCoverage for a broad question, MinPointShare for a specific one) and
// one asking which platforms route local, where the relevance rule refuses
// an off-topic question without asking a model. The router weighs the
// terms as the map does, by the knowledge's term statistics, in every
// step.
//
// The router decides before any search; Engine.Answer is the one place
// the auto method's answer corrects it: a question routed global whose map
// keeps no point (Result.NoData) is answered by local search instead
// (Fallback), which shows nothing of the global search and leaves the
// decision to local search's relevance rule. Asked for global search, the
// no-data answer stands.
//
// The question's content terms are the shared ones (text.Terms) without
// the words that ask for the whole (contentTerms); BroadCues are this package's.
package globalsearch
