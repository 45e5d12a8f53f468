package localsearch

import "encoding/json"

// Table is one context-records table (a pandas DataFrame of strings in the
// reference, §3.10): the columns of the rendered section header and one row
// of rendered cell values per record, in section order.
//
// InContext is the reference's boolean in_context column: nil when the
// table has no such column (Reports, Sources and Conversation History
// outside candidate mode), otherwise one flag per row (possibly an empty,
// non-nil slice for a table without rows). Outside candidate mode every
// flag is true; in candidate mode the table lists every candidate and the
// flag says whether the row was packed into the context text.
type Table struct {
	Columns   []string   `json:"columns"`
	Rows      [][]string `json:"rows"`
	InContext []bool     `json:"in_context"`
}

// MarshalJSON writes a table without columns or rows with empty arrays,
// never null ("rows": [], as front ends index it); InContext keeps its
// null, which says the table has no in_context column.
func (t Table) MarshalJSON() ([]byte, error) {
	type plain Table
	p := plain(t)
	if p.Columns == nil {
		p.Columns = []string{}
	}
	if p.Rows == nil {
		p.Rows = [][]string{}
	}
	return json.Marshal(p)
}

// Records are the context records of one build, by lower-cased section
// name: "conversation history", "reports" (CommunityContextName lower-cased),
// "entities", "relationships", one key per covariate type lower-cased
// ("claims"), "sources". Every one of these keys is always present
// ("claims" too on a model without covariates; "conversation history" only
// when a history was given): a section that was not appended to the context
// text has an empty table (no columns, no rows), where the reference leaves
// the key out (§3.10; field case B34). In candidate mode the candidate
// tables of sections that were left out are present with every flag false. Each build returns fresh Records; the caller may keep
// or change them.
type Records map[string]Table

// Column returns the index of column name in t, or -1.
func (t Table) Column(name string) int {
	for i, c := range t.Columns {
		if c == name {
			return i
		}
	}
	return -1
}

// shownIDs returns the id-column values of the rows of t that are in the
// context text, in row order.
func (t Table) shownIDs() []string {
	col := t.Column("id")
	if col < 0 {
		return nil
	}
	var ids []string
	for i, r := range t.Rows {
		if t.InContext != nil && i < len(t.InContext) && !t.InContext[i] {
			continue
		}
		ids = append(ids, r[col])
	}
	return ids
}

func trues(n int) []bool {
	b := make([]bool, n)
	for i := range b {
		b[i] = true
	}
	return b
}
