package knowledge

import (
	"encoding/json"
	"slices"
)

// Table is one context-records table, as local and global search return
// them (a pandas DataFrame of strings in Microsoft GraphRAG, its
// context_records): the columns of the rendered section header and one row
// of rendered cell values per record, in section order.
//
// InContext is the reference's boolean in_context column: nil when the
// table has no such column (Reports, Sources and Conversation History
// outside local search's candidate mode), otherwise one flag per row
// (possibly an empty, non-nil slice for a table without rows).
type Table struct {
	Columns   []string   `json:"columns"`
	Rows      [][]string `json:"rows"`
	InContext []bool     `json:"in_context"`
}

// Column returns the index of column name in t, or -1.
func (t Table) Column(name string) int { return slices.Index(t.Columns, name) }

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
