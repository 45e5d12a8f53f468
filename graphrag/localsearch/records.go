package localsearch

import (
	"slices"

	"reportengine/graphrag/knowledge"
)

// Table is one context-records table (knowledge.Table): the rows packed
// into the context text; InContext, where a table has it (entities,
// relationships, covariates), is true for every row.
type Table = knowledge.Table

// Records are the context records of one build, by lower-cased section
// name: "conversation history", "reports" (CommunityContextName lower-cased),
// "entities", "relationships", one key per covariate type lower-cased
// ("claims"), "sources". Every one of these keys is always present
// ("claims" too on a model without covariates; "conversation history" only
// when a history was given): a section that was not appended to the context
// text has an empty table (no columns, no rows), where the reference leaves
// the key out (§3.10; field case B34). Each build returns fresh Records;
// the caller may keep or change them.
type Records map[string]Table

// trues is n flags, all true (non-nil for 0).
func trues(n int) []bool { return slices.Repeat([]bool{true}, n) }
