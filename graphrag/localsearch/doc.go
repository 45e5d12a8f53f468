// Package localsearch is Microsoft GraphRAG's local search over a
// knowledge.Model: the query → entities mapping, the mixed context builder
// with its token budgets, and search / streaming search with citation
// checking. It follows graphrag 3.1.2 (reference
// ../shared/reference/msgraphrag-local-search.md, "§n" below) byte by byte
// where that is sound and says where it deliberately differs.
//
// # Building a context
//
//	b, err := localsearch.NewContextBuilder(model, localsearch.Config{
//		Tokenizer:   tk,       // llm.Tokenizer; nil = o200k_base
//		Embedder:    embedder, // the one that produced the entity vectors
//		VectorStore: store,    // knowledge.VectorStore, ids = entity ids
//	})
//	p := localsearch.DefaultParams() // GraphRAG's factory values (§7)
//	p.MaxContextTokens = 8000
//	c, err := b.Build(ctx, "Tell me about Agent Mercer", history, p)
//	// c.Text: the context text; c.Records: the context records
//
// Build does, in order (§3.3): validate p (community_prop + text_unit_prop
// > 1 is ErrPropSum, the reference's sentence); augment the query with the
// previous user questions, newest first; map it to entities (embed, ask
// the VectorStore for 2k neighbours, resolve them, drop excluded titles,
// put included titles first; the empty query takes the k highest-ranked
// entities instead, §2); render the Conversation History section and
// subtract its tokens; split the rest into the report, local and source
// budgets with the reference's float arithmetic; and append, in this fixed
// order, the sections that are not blank: Conversation History, Reports,
// the local section (Entities, Relationships, then one table per covariate
// type such as claims), Sources. Sections are joined by "\n\n".
//
// # Formats (§3.9)
//
// Entities, Relationships, claims and Sources are raw pipe tables: a
// "-----Name-----" line, a header line, one line per record, no quoting,
// every line ending in "\n". Reports and Conversation History are CSV as
// pandas writes it (quoted only when a field holds the delimiter, a quote
// or a line break). The id column is the record's ShortID, the number a
// model cites. Floats print as Python prints them (PyFloat: 17.0, 8.5);
// integer ranks as integers; a missing entity rank as "None"; a zero or
// missing weight as "".
//
// Token budgets are checked per piece as the reference does: the header
// block, then each row; a table stops at the first row that does not fit.
// The local section re-renders relationships and claims for the first i
// selected entities, i = 1, 2, …, and keeps the last iteration whose total
// (entity table + relationship table + claim tables, each counted whole)
// fits the local budget.
//
// # Differences from the reference (each tested)
//
//   - No literal "[]" section when no report fits or passes
//     MinCommunityRank (§10 #2); a report budget smaller than the first
//     report leaves the section out (B19).
//   - Nothing is carried between calls (§10 #4, B32): the records of the
//     knowledge model are never written; the relationships' links column
//     lives for one build, so every build equals the reference's first
//     build on a fresh builder. What a builder keeps — the last 4 question
//     mappings (mapMemo), the token counts of row texts, indexes made on
//     first use — are pure functions of their inputs and the model
//     (TestMapMemoOracle compares builds with and without the memo).
//   - History keeps the newest turns (§10 #5), drops the oldest first when
//     over budget and is measured with the builder's tokenizer (B30); a
//     history whose newest turn alone does not fit is left out (the
//     reference emits a header-only table).
//   - The same entity, relationship or text unit is never listed twice.
//   - Records are never cut inside, so no rune is split (B18).
//   - Options no caller set are not offered: no candidate mode
//     (return_candidate_context, §3.10: the records are the rows packed
//     into the context), Reports always hold the full content without a
//     rank column (use_community_summary, include_community_rank), the
//     vector store is keyed by entity id (embedding_vectorstore_key),
//     relationships are ranked by rank (relationship_ranking_attribute).
//   - Unknown keyword arguments cannot exist (Params is a struct);
//     builder errors are returned, never turned into an empty answer.
//   - Lookups go through maps built once by NewContextBuilder, so a build
//     costs time in proportion to the selected entities' relationships and
//     text units (B33).
//
// # Replaying the reference's own cases
//
// Load the index with knowledge.FromParquet, build with
// Config{Tokenizer: <cl100k_base for the CLI/API, o200k_base for a bare
// LocalSearchMixedContext>, Embedder: a stub returning the case's query
// vector, VectorStore: the exact store over the entity vectors}, take
// MethodDefaults() (build_context's own defaults) or DefaultParams() (the
// factory's) and set the fields the case passes; compare Context.Text and
// Context.Records with the case's context_chunks and context_records. Only
// the differences listed above can show.
//
// # Search
//
// Search and Stream (search.go) build the context with the same code,
// send the system prompt (SystemPrompt, slots {context_data} and
// {response_type}) and a prompts.LocalSearchInput to an llm.Model, and
// return a Result with the reference's fields plus the parsed citations.
// A query that matches no entity returns a NoMatch result without calling
// the model (B24).
//
// # Hybrid retrieval and the relevance gate (our additions)
//
// Params.Retrieval = RetrievalHybrid maps a question to entities with two
// rankings fused by reciprocal rank fusion (1/(60 + rank) summed over the
// lists, ties by lexical rank, vector rank, entity order): the vector
// search above, and the lexical search of the knowledge
// (knowledge.Lexical: BM25 over entity documents and text units on the
// question's content terms, text.Terms). Bookkeeping records
// (knowledge.Model.IsBookkeeping) are not selected, and the Sources
// section puts the text units that match best first. The default,
// RetrievalVector, is the reference's mapping and what the Microsoft
// GraphRAG compatibility cases use; the CLI and the server choose hybrid
// for our graphs and offline vectors.
//
// With hybrid retrieval a question asking for a count by platform
// (text.AsksPlatformCount: "哪些媒体报道最多？") gets a Platforms section
// first (platforms.go): the source entities about its subject counted by
// platform, cited by row. A question about sentiment (text.AsksSentiment:
// "网民的情绪倾向如何？") gets a Sentiment section first (sentiment.go): the
// passages stating shares of sentiment (text.SentimentFigures), each with
// the event it is about by the report's rule (evidence's event grouping
// over the knowledge's texts), the main event's first, another event's
// labelled with its name, never given as the case's.
//
// Params.MinSimilarity > 0 turns on the relevance gate (relevance.go,
// Relevance): a question whose content terms the knowledge does not hold
// prominently is a no-match, whatever the mapping found.
package localsearch
