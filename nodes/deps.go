package nodes

// The few calls into sibling packages that the stages make in many places
// go through these small functions.

import (
	"reportengine/graphrag/queryengine"
	"reportengine/ir"
	"reportengine/llm"
	"reportengine/llm/tokens"
	"reportengine/templates"
	textrules "reportengine/text"
)

// countTokens returns the number of tokens of s (o200k_base).
func countTokens(s string) int { return tokens.Count(s) }

// truncateTokens cuts s to at most max tokens on a rune boundary.
func truncateTokens(s string, max int) string { return tokens.Truncate(s, max) }

// warmSegmenter starts loading the Chinese dictionary the evidence
// segments with (text.Warm), without waiting for it.
func warmSegmenter() { textrules.Warm() }

// errSparse marks a valid chapter below the density thresholds.
var errSparse = ir.ErrSparse

// checkDensity reports a thin chapter with an error wrapping errSparse.
func checkDensity(c *ir.Chapter) error { return ir.CheckDensity(c) }

// selectFromText finds a known template name inside free text (the
// documented fallback of template selection).
func selectFromText(text string) (templates.Template, bool) { return templates.Select(text) }

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
