package nodes

// The dependencies the pipeline takes through interfaces.

import (
	"reportengine/graphrag/queryengine"
	"reportengine/llm"
)

// GraphQuerier answers the report's graph queries: Overview for the
// statistics every decision prompt shows, Run for one query. A
// *queryengine.Engine is one; it must be safe for concurrent use (the
// chapters query at once).
type GraphQuerier interface {
	Overview() queryengine.Overview
	Run(q queryengine.Query) (*queryengine.Result, error)
}

var _ GraphQuerier = (*queryengine.Engine)(nil)

// Embedders makes the embedder of one knowledge model from the texts of
// its entities ("title:description", one per entity, in the model's
// order): the evidence plan's retrieval and the follow-up questions embed
// the entities and map their queries with it. internal/cli passes the
// offline n-gram embedder fitted on the texts (llm/offline:
// offline.NewEmbedder(0).Fit(texts)); a fixed model's embedder may ignore
// them.
type Embedders func(texts []string) llm.Embedder
