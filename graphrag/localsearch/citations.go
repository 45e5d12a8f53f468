package localsearch

import (
	"regexp"
	"strings"
)

// Citation is one record id cited in an answer, resolved against the
// context that was sent.
type Citation struct {
	// Dataset is the dataset name as the answer wrote it ("Entities",
	// "sources", "Claims").
	Dataset string `json:"dataset"`
	// Table is the records key it names ("entities", "claims"), "" when the
	// name matches no table of the context.
	Table string `json:"table"`
	// ID is the cited id, as written (trimmed).
	ID string `json:"id"`
	// InContext is true when the context text showed a record of Table
	// with this id; false citations point at nothing the model was given.
	InContext bool `json:"in_context"`
	// Row is the index of the record in Records[Table].Rows, -1 when
	// InContext is false.
	Row int `json:"row"`
}

var (
	// A citation block: [Data: …], with ASCII or full-width brackets and
	// colon, any letter case.
	citeBlockRE = regexp.MustCompile(`[\[［【]\s*(?i:data)\s*[:：]\s*([^\]］】]*)[\]］】]`)
	// One dataset inside a block: a name, then ids in round brackets.
	citeGroupRE = regexp.MustCompile(`([\p{L}][\p{L} _-]*?)\s*[(（]([^)）]*)[)）]`)
	citeSplitRE = regexp.MustCompile(`[,，、;；\s]+`)
	citeSemiRE  = regexp.MustCompile(`[;；]`)
	// Without brackets: "Entities 1, 2; Reports 3".
	citeBareRE = regexp.MustCompile(`^\s*([\p{L}][\p{L} _-]*?)\s*[:：]?\s+(#?[\p{N}\p{L}+][^;；]*)$`)
)

// ParseCitations returns the citations of answer in order of appearance,
// each (table, id) once, resolved against rec. It accepts the variants
// models write: "[Data: Entities (1, 2); Reports (3)]", datasets separated
// by ";" or ",", ids by ",", "，", "、" or spaces, "+more" (dropped),
// full-width brackets, parentheses, colon and commas, any letter case,
// singular dataset names ("Entity (5)"), ids without brackets
// ("[Data: Entities 1, 2; Reports 3]"), and several blocks per sentence.
// Dataset names are matched case-insensitively against the records keys;
// a name that matches none keeps Table "".
func ParseCitations(answer string, rec Records) []Citation {
	shown := map[string]map[string]int{}
	for key, t := range rec {
		m := map[string]int{}
		col := t.Column("id")
		if col >= 0 {
			for i, r := range t.Rows {
				if t.InContext != nil && !t.InContext[i] {
					continue
				}
				if _, dup := m[r[col]]; !dup {
					m[r[col]] = i
				}
			}
		}
		shown[key] = m
	}
	var out []Citation
	seen := map[[2]string]bool{}
	for _, blk := range citeBlockRE.FindAllStringSubmatch(answer, -1) {
		groups := citeGroupRE.FindAllStringSubmatch(blk[1], -1)
		if len(groups) == 0 {
			for _, part := range citeSemiRE.Split(blk[1], -1) {
				if m := citeBareRE.FindStringSubmatch(part); m != nil {
					groups = append(groups, m)
				}
			}
		}
		for _, g := range groups {
			name := strings.TrimSpace(g[1])
			table := datasetTable(name, rec)
			for _, id := range citeSplitRE.Split(g[2], -1) {
				id = strings.TrimSpace(id)
				low := strings.ToLower(id)
				if id == "" || low == "+more" || low == "more" || low == "+" || low == "..." || low == "…" {
					continue
				}
				id = strings.TrimPrefix(id, "#")
				key := [2]string{strings.ToLower(name), id}
				if table != "" {
					key[0] = table
				}
				if seen[key] {
					continue
				}
				seen[key] = true
				c := Citation{Dataset: name, Table: table, ID: id, Row: -1}
				if row, ok := shown[table][id]; ok && table != "" {
					c.InContext, c.Row = true, row
				}
				out = append(out, c)
			}
		}
	}
	return out
}

// datasetTable maps a cited dataset name to a records key: exact
// (case-insensitive), then plural/singular variants.
func datasetTable(name string, rec Records) string {
	low := strings.ToLower(strings.TrimSpace(name))
	for _, cand := range []string{low, low + "s", strings.TrimSuffix(low, "s"), strings.TrimSuffix(low, "es"),
		strings.TrimSuffix(low, "y") + "ies"} {
		if _, ok := rec[cand]; ok {
			return cand
		}
	}
	return ""
}
