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
// alike); an entity in none is left out (as GraphRAG does; counted as
// Dropped). Reports are kept when their level ≤ L (GraphRAG's "roll-up" by
// community title keeps them all: §10 #7). With no level, an entity
// without communities gets "-1". Without communities.parquet, entities get
// no community ids and no level applies (noted in Stats).
//
// Nothing is dropped silently (LoadStats): Read/Kept/Dropped/Skipped per
// table and Dangling references. Relationships whose endpoint and claims
// whose subject is not an entity title are kept, as GraphRAG keeps them
// (Dulce has 2 and 7), and counted as dangling; text-unit ids of entities
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
package knowledge
