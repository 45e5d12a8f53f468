// Package knowledge is the Microsoft GraphRAG data model (entities,
// relationships, text units, community reports, communities, covariates)
// and its adapters: from a reportengine graph (graphs/<id>/graphrag.json)
// and from a Microsoft GraphRAG index folder (parquet).
//
// (Skeleton: the adapters, the mapping and the load statistics are
// documented here as they land.)
package knowledge
