package localsearch

import (
	"cmp"
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
	selected, order := b.rankedReports(sel, p)
	header, attrKeys := reportHeader(selected, p)
	d := p.ColumnDelimiter
	// counted as a raw table is (the reference's per-row rule), sent as CSV
	t := rawTable(tc, name, header, d, budget, len(selected), func(i int) []string { return reportRow(selected[i], p, attrKeys) })
	rows, kept := t.rows, selected[:len(t.rows)]
	if p.IncludeCommunityRank {
		// The reference re-sorts by rank (pandas quicksort, not stable for
		// more than 16 rows, §10 #14); this sort is stable.
		byRank := slices.Clone(kept) // kept ranks are numbers (rankedReports)
		slices.SortStableFunc(byRank, func(a, c knowledge.CommunityReport) int { return cmp.Compare(c.Rank, a.Rank) })
		rows = nil
		for _, r := range byRank {
			rows = append(rows, reportRow(r, p, attrKeys))
		}
	}
	var text string
	if len(rows) > 0 {
		text = "-----" + name + "-----\n" + knowledge.PandasCSV(header, rows, d)
		rec[key] = Table{Columns: header, Rows: rows}
	}
	if p.ReturnCandidateContext {
		rec[key] = b.reportCandidates(order, kept, header, attrKeys, p)
	}
	return text
}

// rankedReports returns the reports of the selected entities'
// communities, most matches first, then rank descending (stable); a report
// without rank sorts after ranked ones on equal matches (the reference
// raises TypeError, §10 #10) and, like one below MinCommunityRank, is not
// selected. order is the communities in first-encounter order.
func (b *ContextBuilder) rankedReports(sel []knowledge.Entity, p Params) (selected []knowledge.CommunityReport, order []string) {
	matches := map[string]int{}
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
	return selected, order
}

// reportHeader is id|title, the attribute keys of the first selected
// report (but id and title), summary or content, and rank when included.
func reportHeader(selected []knowledge.CommunityReport, p Params) (header, attrKeys []string) {
	if len(selected) > 0 {
		for _, a := range selected[0].Attributes {
			if a.Key != "id" && a.Key != "title" {
				attrKeys = append(attrKeys, a.Key)
			}
		}
	}
	header = append([]string{"id", "title"}, attrKeys...)
	if p.UseCommunitySummary {
		header = append(header, "summary")
	} else {
		header = append(header, "content")
	}
	if p.IncludeCommunityRank {
		header = append(header, "rank")
	}
	return header, attrKeys
}

// reportRow is r's row under reportHeader.
func reportRow(r knowledge.CommunityReport, p Params, attrKeys []string) []string {
	row := []string{r.ShortID, r.Title}
	for _, k := range attrKeys {
		row = append(row, attrValue(r.Attributes, k))
	}
	if p.UseCommunitySummary {
		row = append(row, r.Summary)
	} else {
		row = append(row, r.FullContent)
	}
	if p.IncludeCommunityRank {
		row = append(row, rankString(r.HasRank, r.Rank))
	}
	return row
}

// reportCandidates is the candidate report table: the reports of every
// community of a selected entity (fix of §10 #3: the reference compares
// report ids with community numbers and always finds none), report-list
// order, in_context marking the kept ones.
func (b *ContextBuilder) reportCandidates(order []string, kept []knowledge.CommunityReport, header, attrKeys []string, p Params) Table {
	cset := map[string]bool{}
	for _, c := range order {
		cset[c] = true
	}
	in := map[string]bool{}
	for _, r := range kept {
		in[r.ShortID] = true
	}
	ct := Table{Columns: header, InContext: []bool{}}
	for _, r := range b.m.Reports() {
		if !cset[r.CommunityID] {
			continue
		}
		ct.Rows = append(ct.Rows, reportRow(r, p, attrKeys))
		ct.InContext = append(ct.InContext, in[r.ShortID])
	}
	return ct
}

func rankString(has bool, f float64) string {
	if !has {
		return "None"
	}
	return PyFloat(f)
}

// attrValue is the value of key among attrs, "" when absent. Values are
// already rendered by the knowledge loaders; a falsy Python value is "".
func attrValue(attrs []knowledge.Attribute, key string) string {
	if i := slices.IndexFunc(attrs, func(a knowledge.Attribute) bool { return a.Key == key }); i >= 0 {
		return attrs[i].Value
	}
	return ""
}
