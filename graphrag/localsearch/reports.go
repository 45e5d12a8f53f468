package localsearch

import (
	"slices"
	"sort"
	"strings"

	"reportengine/graphrag/knowledge"
)

// reportSection is the community (Reports) section (reference §3.5 and
// build_community_context) within budget tokens. It returns "" — and no
// records — when nothing fits (fix of §10 #2 and B19: the reference would
// insert the literal "[]").
func (b *ContextBuilder) reportSection(sel []knowledge.Entity, p Params, tc *counter, budget int, rec Records) string {
	name := p.CommunityContextName
	key := strings.ToLower(name)
	if len(sel) == 0 || len(b.m.Reports()) == 0 {
		return ""
	}
	selected := b.rankedReports(sel, p)
	header, attrKeys := reportHeader(selected)
	d := p.ColumnDelimiter
	// counted as a raw table is (the reference's per-row rule), sent as CSV
	t := rawTable(tc, name, header, d, budget, len(selected), func(i int) []string { return reportRow(selected[i], attrKeys) })
	if len(t.rows) == 0 {
		return ""
	}
	rec[key] = Table{Columns: header, Rows: t.rows}
	return "-----" + name + "-----\n" + knowledge.PandasCSV(header, t.rows, d)
}

// rankedReports returns the reports of the selected entities'
// communities, most matches first, then rank descending (stable); a report
// without rank sorts after ranked ones on equal matches (the reference
// raises TypeError, §10 #10) and, like one below MinCommunityRank, is not
// selected.
func (b *ContextBuilder) rankedReports(sel []knowledge.Entity, p Params) (selected []knowledge.CommunityReport) {
	matches := map[string]int{}
	var order []string // the communities in first-encounter order
	for _, e := range sel {
		for _, cid := range e.CommunityIDs {
			if _, ok := matches[cid]; !ok {
				order = append(order, cid)
			}
			matches[cid]++
		}
	}
	type cand struct {
		r       knowledge.CommunityReport
		matches int
	}
	var cands []cand
	reports := b.m.Reports()
	for _, cid := range order {
		if i, ok := b.reportByC[cid]; ok {
			cands = append(cands, cand{reports[i], matches[cid]})
		}
	}
	sort.SliceStable(cands, func(i, j int) bool {
		a, c := cands[i], cands[j]
		if a.matches != c.matches {
			return a.matches > c.matches
		}
		if a.r.HasRank != c.r.HasRank {
			return a.r.HasRank
		}
		return a.r.Rank > c.r.Rank
	})
	for _, c := range cands {
		if c.r.HasRank && c.r.Rank >= p.MinCommunityRank {
			selected = append(selected, c.r)
		}
	}
	return selected
}

// reportHeader is id|title, the attribute keys of the first selected
// report (but id and title), content.
func reportHeader(selected []knowledge.CommunityReport) (header, attrKeys []string) {
	if len(selected) > 0 {
		for _, a := range selected[0].Attributes {
			if a.Key != "id" && a.Key != "title" {
				attrKeys = append(attrKeys, a.Key)
			}
		}
	}
	return append(append([]string{"id", "title"}, attrKeys...), "content"), attrKeys
}

// reportRow is r's row under reportHeader.
func reportRow(r knowledge.CommunityReport, attrKeys []string) []string {
	row := []string{r.ShortID, r.Title}
	for _, k := range attrKeys {
		row = append(row, attrValue(r.Attributes, k))
	}
	return append(row, r.FullContent)
}

// attrValue is the value of key among attrs, "" when absent. Values are
// already rendered by the knowledge loaders; a falsy Python value is "".
func attrValue(attrs []knowledge.Attribute, key string) string {
	if i := slices.IndexFunc(attrs, func(a knowledge.Attribute) bool { return a.Key == key }); i >= 0 {
		return attrs[i].Value
	}
	return ""
}
