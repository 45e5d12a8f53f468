// Package knowledge is the Microsoft GraphRAG data model (entities,
// relationships, text units, community reports, communities, covariates)
// and its adapters: from a reportengine graph (graphs/<id>/graphrag.json)
// and from a Microsoft GraphRAG index folder (parquet). Local search
// (graphrag/localsearch) and question generation work on a *Model and never
// see where it came from.
//
// A Model is immutable once New returns: the reference mutates
// relationship and report attributes during a search (its §10 #4); here
// nothing does, so one Model serves concurrent searches (B32).
//
// # From a GraphRAG index
//
//	m, err := knowledge.FromParquet("ragtest", knowledge.ParquetOptions{}) // project root or its output/
//	for _, line := range m.Stats().Lines() { fmt.Fprintln(os.Stderr, line) }
//
// FromParquet reads entities.parquet, relationships.parquet and
// text_units.parquet (required; a missing one is a *MissingTableError
// listing the files found) and communities.parquet,
// community_reports.parquet and covariates.parquet (optional; an absent
// one is counted as "absent (optional)", B34). It is the only user of
// github.com/parquet-go/parquet-go in the module.
//
// Each file's schema is checked before any value is decoded: every column
// the mapping needs must exist with a compatible type, else a *SchemaError
// names the file, each problem column, its type and the file's columns.
// parquet-go's own struct decoding would zero-fill a missing column and turn
// 8.5 into 8 (B35); this package decodes column values itself and accepts
// a floating point column where it wants an integer only when every value
// is a whole number (ErrBadValue names the row otherwise).
//
// Mapping (reference msgraphrag-local-search.md §1.2, GraphRAG 3.1.2):
//
//	Entity        id←id, ShortID←str(human_readable_id), Title←title, Type←type,
//	              Description←description, TextUnitIDs←text_unit_ids, Rank←int(degree),
//	              CommunityIDs←communities (below), DescriptionEmbedding←description_embedding (0.x only)
//	Relationship  id, ShortID←str(human_readable_id), Source/Target←source/target (entity titles),
//	              Description, Weight←float(weight), Rank←int(combined_degree), TextUnitIDs
//	TextUnit      id, ShortID←row position (not human_readable_id: §10 #13), Text, NTokens←n_tokens,
//	              DocumentID←document_id, EntityIDs, RelationshipIDs
//	CommunityReport id, ShortID and CommunityID←str(community), Title, Summary, FullContent←full_content,
//	              Rank←float(rank), Level←level
//	Covariate     id, ShortID←str(human_readable_id), SubjectID←subject_id, SubjectType "entity",
//	              CovariateType←type (the claim type, not covariate_type: §10 #13),
//	              Attributes object_id, status, start_date, end_date, description (in that order)
//
// A null cell reads as "" (strings) or with Has… false (Rank, Weight), as
// the reference's None prints "" or "None" downstream.
//
// Order (§1.3): entities by ascending id (Go string order = code point
// order = Python's); relationships, text units, covariates and reports in
// file order.
//
// Community level L (ParquetOptions.CommunityLevel, default 2, negative =
// none; §1.4): an entity's CommunityIDs are the ascending numbers of every
// community of level ≤ L whose entity_ids list it (parents and children
// alike); an entity in none is kept with no community ids, searchable
// without community reports, and a load note counts such entities (B41:
// GraphRAG leaves them out, so a question about them found nothing; a
// deliberate difference). Reports are kept when their level ≤ L (GraphRAG's "roll-up" by
// community title keeps them all: §10 #7). With no level, an entity
// without communities gets "-1". Without communities.parquet, entities get
// no community ids and no level applies (noted in Stats).
//
// Nothing is dropped silently (LoadStats): Read/Kept/Dropped/Skipped per
// table and Dangling references. Relationships whose endpoint and claims
// whose subject is not an entity title are kept, as GraphRAG keeps them
// (Dulce has 2 and 7), and counted as DanglingKept; text-unit ids of entities
// and relationships that name no text unit are removed and counted;
// entity references to communities that have no report are counted and
// warned about once per community ("community 7 has no report", B21);
// rows without an entity id and repeated entity ids are skipped.
//
// Releases (B35): 3.x is read as above. 2.x (text_units.document_ids) maps
// DocumentID to the first document id. 1.x and 0.x (create_final_*.parquet)
// map title←name and combined_degree←rank; when entities carry no degree,
// the rank comes from create_final_nodes.parquet's degree or, failing that,
// from the number of relationships touching the entity (how GraphRAG
// computes degree). A 0.x communities table without entity_ids cannot be
// mapped and is refused with a *ReleaseError naming the release and the
// migration to run. Model.Source().Release and Stats().Notes say which
// layout was recognised and which mappings were applied.
//
// FromParquet only reads: a read-only index folder works.
//
// # From our graphs
//
//	g, _ := storage.Load("graphs", id)
//	m, err := knowledge.FromGraph(ctx, g, knowledge.GraphOptions{Path: "graphs/" + id + "/graphrag.json"})
//
// FromGraph maps the graph of graphrag/builder (topic → engine → section →
// search_query → source) as follows; every list follows graph order, so
// equal graphs give equal Models. The words it adds (descriptions, the
// topic report) are Chinese when the topic name holds a CJK character,
// else English.
//
//	Entity        one per node: ID = node id, ShortID = position, Title = node name (a later node
//	              whose name is already taken gets " [<node id>]", since relationships refer to
//	              titles), Type = node type, Rank = degree, Description = the node's short text:
//	              section summary (≤ 300 runes), source preview and URL, search query text and
//	              result count, engine report title and counts, topic and its engines
//	Relationship  one per edge: ID "<from>-><to>", ShortID = position, Source/Target = titles,
//	              Weight = edge weight (1 when 0), Rank = degree(from) + degree(to) (GraphRAG's
//	              combined_degree), Description in words ("the search "…" found "…" (3 results)")
//	TextUnit      each section's text (content, then the research summary when it adds to it),
//	              each source's full content with the passages of its search records that
//	              differ from it (a page quoted at another place by another search), and
//	              each forum speech kept on an engine node, cut at
//	              paragraph and sentence ends into units of at most DefaultTextUnitRunes
//	              (600) runes; ID "<node id>#<k>" (speeches "<engine>/speech-<i>#<k>"),
//	              DocumentID = the node, ShortID = position. EntityIDs = the node the text
//	              belongs to, then every entity whose title or name the unit mentions, topic
//	              and engines excepted (every text mentions them), and names held by more
//	              than 8 entities (a page title on hundreds of sources tells none of them
//	              apart; a load note counts them). Mentions are found with an
//	              Aho–Corasick automaton over lower-cased runes, so Chinese text without spaces
//	              matches; names with a CJK character match from 2 runes anywhere, other names
//	              from 4 runes as whole words. RelationshipIDs = the edges with both ends in
//	              EntityIDs. An entity's TextUnitIDs are its own units, then the units
//	              mentioning it; a relationship's, the units holding both its ends.
//	Community     0 (level 0) holds every entity; 1, 2, … (level 1, parent 0) are the engines
//	              that wrote a final report, in graph order, each holding the engine and
//	              everything reachable below it (a source found by two engines is in both).
//	CommunityReport  0: a topic-level report written here (the engines, what each covered,
//	              the engines that were unavailable); 1…: each engine's final_report verbatim
//	              (Title = its report title, Summary = its first paragraph). Rank 1 for all.
//	Covariate     none: nothing in our graphs is a claim with a subject, status and dates, so
//	              Covariates() has no "claims" key and no claims section is built.
//
// Edges whose endpoint is not a node are skipped with a warning and counted
// (B21); graphrag.ReadJSON already drops them when reading a file, so this
// only matters for graphs built by other code.
//
// # The model file
//
//	sum, _ := knowledge.SumFile(ctx, "graphs/x/graphrag.json")
//	key := knowledge.ModelFileKey{Graph: sum, ReportID: "x"}
//	m, warnings, err := knowledge.ReadModelFile(ctx, "graphs/x/"+knowledge.ModelFileName, "graphs/x/graphrag.json", key)
//	if errors.Is(err, knowledge.ErrModelFile) { // missing, stale or damaged: make it again
//		m, _ = knowledge.FromGraph(ctx, g, knowledge.GraphOptions{Path: "graphs/x/graphrag.json"})
//		m, _ = knowledge.SaveModelFile(ctx, "graphs/x/"+knowledge.ModelFileName, "graphs/x/graphrag.json", m, key)
//	}
//
// SaveModelFile writes the model file and returns the Model read back
// from it; the heap FromGraph filled (and the graph text its strings point
// into) is collected before the file is read back (nil is returned when
// it cannot be: make the model again).
//
// FromGraph's name pass over every text is most of a search's start on a
// large graph (about 15 s of CPU on the 300 000-record one). The model
// file, graphrag.knowledge beside graphrag.json, keeps the Model and its
// lexical index's statistics and the entity texts' sums (modelfile.go
// gives the layout); reading it is one pass whose strings point into the
// file's bytes, mapped read-only on Linux (no copy into the Go heap; the
// pages are given back once checked and decoded and read again from the
// file when a search touches them, so they do not stay in the process's
// memory). It is a cache,
// checked as the column file is: only for the graph file bytes it was made
// from (length and CRC-32C, summed from the file on every read), the same
// report id and text-unit size and this layout version, with a CRC-32C
// over all of it; anything else is ErrModelFile and the model is made
// again. The read model equals FromGraph's record for record
// (TestModelFileRoundTrip). Other packages keep what they derive from the
// model beside it, bound to the model file's bytes (Model.WriteModelExtra,
// Model.ModelExtra: the offline embedder's fit).
//
// # Entity vectors and the vector store
//
//	emb := offline.NewEmbedder(0).Fit(texts)           // or openaicompat.NewEmbedder(...)
//	store, rep, err := knowledge.EntityVectors(ctx, m, knowledge.VectorOptions{
//		Embedder: emb, CacheDirs: knowledge.DefaultCacheDirs(m, userCacheDir)})
//	hits, err := store.Nearest(ctx, queryVector, 20)   // nearest first, ties by ascending id
//
// An entity's vector is the embedding of EntityText ("title:description",
// as GraphRAG indexes it). EntityVectors takes, per entity: the index's own
// vector when VectorOptions.IndexEmbedder says the configured embedder made
// it; else the cached vector when the entity's text is unchanged (SHA-256
// per entity, kept in the model file); else it embeds all missing texts in one call and rewrites
// the cache atomically (internal/atomicfile). The cache is our own binary
// file, entity_vectors-<provider>-<model>-<dimensions>.bin (CacheFileName;
// the format is in vecfile.go: a versioned header naming the embedder,
// dimensions and count, the ids, 8-byte text sums, each vector's norm,
// the little-endian float32 values by column, starting at a multiple of
// 64 bytes, and a CRC-32C; mapped read-only on Linux and used where they
// lie, so that a question's vector search reads the columns of its
// query vector's non-zero positions and gives their pages back; a
// truncated, changed or mismatched file is ignored
// with a warning naming it and recomputed, never trusted; the .json cache
// of earlier releases is no longer read),
// beside the graph (graphs/<id>/) or, for an index, in the user cache
// folder (~/.cache/reportengine/index-<hash of its path>/, DefaultCacheDirs);
// nothing is ever written into a GraphRAG index or its project folder, so
// a read-only or shared index works (B36). GraphRAG 3.x keeps its entity vectors in LanceDB tables, which
// this package does not read: for those indexes the vectors are computed
// with the configured embedder (offline by default) and cached.
//
// Vectors of different embedders are never compared (B29): ExactStore
// knows its embedder (Info), a vector cache of another embedder is
// refused with an *EmbedderMismatchError (ErrEmbedderMismatch,
// ErrDimensionMismatch) and computed again, a
// query vector of another length is ErrDimensionMismatch ("embedding
// dimension mismatch: stored=4, query=3 (graph built with a different
// embedding model?)"), and stored vectors of mixed lengths are an error
// naming the first offending entity.
//
// ExactStore is the default VectorStore: exact search in plain Go, squared
// L2 distance (LanceDB's l2; on unit vectors the cosine order),
// deterministic, safe for concurrent use. Another store (an
// external vector database) can implement VectorStore.
package knowledge
