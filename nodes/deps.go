package nodes

// The few calls into sibling packages that the stages make in many places
// go through these small functions.

import (
	"reportengine/ir"
	"reportengine/llm/tokens"
	"reportengine/templates"
)

// countTokens returns the number of tokens of s (o200k_base).
func countTokens(s string) int { return tokens.Count(s) }

// truncateTokens cuts s to at most max tokens on a rune boundary.
func truncateTokens(s string, max int) string { return tokens.Truncate(s, max) }

// errSparse marks a valid chapter below the density thresholds.
var errSparse = ir.ErrSparse

// checkDensity reports a thin chapter with an error wrapping errSparse.
func checkDensity(c *ir.Chapter) error { return ir.CheckDensity(c) }

// selectFromText finds a known template name inside free text (the
// documented fallback of template selection).
func selectFromText(text string) (templates.Template, bool) { return templates.Select(text) }
