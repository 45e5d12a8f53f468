package localsearch

import (
	"strconv"
	"strings"

	"reportengine/graphrag/knowledge"
)

// table is a rendered raw pipe table (reference §3.9.1) and its rows.
type table struct {
	text     string
	tokens   int  // header block + rows, as counted while packing
	additive bool // no row starts with white space or '/' (see lineAdditive)
	header   []string
	rows     [][]string
	ids      []int // indexes of the records behind the rows (rels: into b.rels)
}

// rawTable packs rows under "-----name-----\n" + header within budget
// tokens, one row at a time, stopping at the first row that does not fit
// (the reference's per-row rule: header and rows counted separately).
func rawTable(tc *counter, name string, header []string, d string, budget int, n int, row func(i int) []string) table {
	t := table{header: header}
	var b strings.Builder
	b.WriteString("-----" + name + "-----\n")
	b.WriteString(strings.Join(header, d) + "\n")
	used := tc.count(b.String())
	t.additive = true
	for i := range n {
		r := row(i)
		line := strings.Join(r, d) + "\n"
		c := tc.count(line)
		if used+c > budget {
			break
		}
		used += c
		if continuesPiece(line) {
			t.additive = false
		}
		b.WriteString(line)
		t.rows = append(t.rows, r)
		t.ids = append(t.ids, i)
	}
	t.text = b.String()
	t.tokens = used
	return t
}

// entityHeader is id|entity|description[|rank description][|attribute
// keys of the first entity].
func entityHeader(sel []knowledge.Entity, p Params) (header, attrKeys []string) {
	header = []string{"id", "entity", "description"}
	if p.IncludeEntityRank {
		header = append(header, p.RankDescription)
	}
	if len(sel) > 0 {
		for _, a := range sel[0].Attributes {
			attrKeys = append(attrKeys, a.Key)
		}
	}
	return append(header, attrKeys...), attrKeys
}

func entityRow(e knowledge.Entity, p Params, attrKeys []string) []string {
	r := []string{e.ShortID, e.Title, e.Description}
	if p.IncludeEntityRank {
		if e.HasRank {
			r = append(r, strconv.Itoa(e.Rank))
		} else {
			r = append(r, "None")
		}
	}
	for _, k := range attrKeys {
		r = append(r, attrValue(e.Attributes, k))
	}
	return r
}

// covariateTable is build_covariates_context for one covariate type. The
// reference emits the header even when no claim matches (§3.6); the local
// section leaves such a header-only table out of the text (B19).
func (b *ContextBuilder) covariateTable(added []knowledge.Entity, key string, p Params, tc *counter, budget int) table {
	covs := b.m.Covariates()[key]
	if len(added) == 0 || len(covs) == 0 {
		return table{}
	}
	header, attrKeys := covColumns(covs)
	var idx []int
	for _, e := range added {
		idx = append(idx, b.covByTitle[key][e.Title]...)
	}
	t := rawTable(tc, key, header, p.ColumnDelimiter, budget, len(idx), func(k int) []string {
		return covRow(covs[idx[k]], attrKeys)
	})
	for k := range t.ids {
		t.ids[k] = idx[t.ids[k]]
	}
	return t
}

// covColumns returns a covariate table's header (id|entity, then the
// attribute keys of the first covariate of covs, which must not be empty)
// and those keys.
func covColumns(covs []knowledge.Covariate) (header, attrKeys []string) {
	for _, a := range covs[0].Attributes {
		attrKeys = append(attrKeys, a.Key)
	}
	return append([]string{"id", "entity"}, attrKeys...), attrKeys
}

// covRow is c's row under covColumns.
func covRow(c knowledge.Covariate, attrKeys []string) []string {
	row := []string{c.ShortID, c.SubjectID}
	for _, k := range attrKeys {
		row = append(row, attrValue(c.Attributes, k))
	}
	return row
}

// localSection is _build_local_context (reference §3.7): the entity table
// (capped on its own), then relationships and covariates for the first i
// selected entities, i = 1, 2, …, keeping the last iteration whose total
// stays within budget.
func (b *ContextBuilder) localSection(sel []knowledge.Entity, p Params, tc *counter, budget int, rec Records) string {
	if len(sel) == 0 {
		return ""
	}
	header, attrKeys := entityHeader(sel, p)
	et := rawTable(tc, "Entities", header, p.ColumnDelimiter, budget, len(sel), func(i int) []string {
		return entityRow(sel[i], p, attrKeys)
	})
	eTok := tc.table(et)
	s := b.newRelState()
	defer s.release()
	var kept []table
	var keptKeys []string
	for i := 1; i <= len(sel); i++ {
		added := sel[:i]
		r := s.relationshipTable(added, p, tc, budget)
		cur := []table{r}
		keys := []string{"relationships"}
		total := eTok + tc.table(r)
		for _, key := range b.covKeys {
			c := b.covariateTable(added, key, p, tc, budget)
			total += tc.table(c)
			cur = append(cur, c)
			keys = append(keys, strings.ToLower(key))
		}
		if total > budget {
			break
		}
		kept, keptKeys = cur, keys
	}
	// No header-only table (B19). With entity rows, an empty slot keeps
	// the reference's separator. When no entity row fits (a long
	// description, a small budget), the reference still sends the
	// relationship and claim tables of the loop; we leave out only the
	// tables without rows, so a claims table that has rows stays.
	var parts []string
	for _, t := range kept {
		if len(t.rows) > 0 || len(et.rows) > 0 && t.text == "" {
			parts = append(parts, t.text)
		}
	}
	text := strings.Join(parts, "\n\n")
	if len(et.rows) > 0 {
		text = et.text + "\n\n" + text
	}

	rec["entities"] = Table{Columns: et.header, Rows: et.rows, InContext: trues(len(et.rows))}
	for i, t := range kept {
		rec[keptKeys[i]] = Table{Columns: t.header, Rows: t.rows, InContext: trues(len(t.rows))}
	}
	return text
}
