package localsearch

import (
	"cmp"
	"slices"
	"sort"

	"reportengine/graphrag/knowledge"
	"reportengine/text"
)

// unitCand is a candidate text unit of the Sources section: its index in
// the model's text units, the selected entity that listed it first, and
// the number of that entity's relationships listing it.
type unitCand struct {
	u, ent, n int
}

// sourceSection is _build_text_unit_context + build_text_unit_context
// (reference §3.8): the text units of the selected entities, grouped by the
// first entity that lists them and, within a group, most related first;
// each unit once; always "|"-delimited (§10 #8, reproduced). In hybrid
// retrieval unitScore holds the lexical scores of the text units that
// match the question: those units come first, best first, and the rest
// follow in the reference's order; and, unlike the reference, the
// topUnits units of any entity that score above every selected entity's
// are candidates too (withTopUnits). Vector-only retrieval (the
// reference's mode) is unchanged.
func (b *ContextBuilder) sourceSection(sel []knowledge.Entity, tc *counter, budget int, rec Records, unitScore []float64) string {
	units := b.m.TextUnits()
	if len(sel) == 0 || len(units) == 0 {
		return ""
	}
	cands := b.unitCands(sel)
	if len(unitScore) > 0 {
		cands = withTopUnits(cands, unitScore, len(sel), topUnits)
		sort.SliceStable(cands, func(a, c int) bool { return unitScore[cands[a].u] > unitScore[cands[c].u] })
	}
	if len(cands) == 0 {
		return ""
	}
	var attrKeys []string
	for _, a := range units[cands[0].u].Attributes {
		if a.Key != "id" && a.Key != "text" {
			attrKeys = append(attrKeys, a.Key)
		}
	}
	header := append([]string{"id", "text"}, attrKeys...)
	t := rawTable(tc, "Sources", header, "|", budget, len(cands), func(k int) []string { return unitRow(units[cands[k].u], attrKeys) })
	rec["sources"] = Table{Columns: header, Rows: t.rows}
	if len(t.rows) == 0 {
		return "" // no header-only table (B19)
	}
	return t.text
}

// unitCands returns the text units of sel's entities, each once, ordered
// by the entity that lists them first, then by how many of that entity's
// relationships list them, descending (stable).
func (b *ContextBuilder) unitCands(sel []knowledge.Entity) []unitCand {
	units := b.m.TextUnits()
	var cands []unitCand
	seen := map[string]bool{}
	for i, e := range sel {
		var relIDs map[string]bool // ids of the entity's relationships, built lazily
		var perUnit map[string]int // unit id → relationships of e listing it, built lazily
		rels := b.relsOf(e.Title)
		for _, uid := range e.TextUnitIDs {
			if seen[uid] {
				continue
			}
			ui, ok := b.m.TextUnitIndex(uid)
			if !ok {
				continue
			}
			seen[uid] = true
			u := units[ui]
			n := 0
			if len(u.RelationshipIDs) > 0 {
				if relIDs == nil {
					relIDs = make(map[string]bool, len(rels))
					for _, ri := range rels {
						relIDs[b.rels[ri].ID] = true
					}
				}
				for _, id := range u.RelationshipIDs {
					if relIDs[id] {
						n++
					}
				}
			} else {
				if perUnit == nil {
					perUnit = map[string]int{}
					for _, ri := range rels {
						for _, t := range text.Unique(b.rels[ri].TextUnitIDs) {
							perUnit[t]++
						}
					}
				}
				n = perUnit[u.ID]
			}
			cands = append(cands, unitCand{ui, i, n})
		}
	}
	slices.SortStableFunc(cands, func(a, c unitCand) int { return cmp.Or(cmp.Compare(a.ent, c.ent), cmp.Compare(c.n, a.n)) })
	return cands
}

// topUnits is how many of the text units the lexical ranking scores
// highest join the candidates of the sources section (withTopUnits).
const topUnits = 3

// withTopUnits returns cands with the n text units of the highest
// unitScore (above 0; the lower index first among equal scores) that are
// not among them, as candidates of no selected entity (ent: after every
// selected one): a passage holding most of the question's words is
// evidence whichever entity it belongs to. A forum speech kept on an
// engine node (an entity never selected) answers "正面情绪从多少跌到了多少"
// with 正向情感从事件首日的31%骤降至72小时后的9%.
func withTopUnits(cands []unitCand, unitScore []float64, ent, n int) []unitCand {
	in := make(map[int]bool, len(cands))
	best := 0.0
	for _, c := range cands {
		in[c.u] = true
		best = max(best, unitScore[c.u])
	}
	var top []int
	for u, s := range unitScore {
		if s > best && !in[u] {
			top = append(top, u)
		}
	}
	slices.SortStableFunc(top, func(a, b int) int { return cmp.Compare(unitScore[b], unitScore[a]) })
	for _, u := range top[:min(len(top), n)] {
		cands = append(cands, unitCand{u, ent, 0})
	}
	return cands
}

// unitRow is u's row: id, text, then the values of attrKeys.
func unitRow(u knowledge.TextUnit, attrKeys []string) []string {
	r := []string{u.ShortID, u.Text}
	for _, k := range attrKeys {
		r = append(r, attrValue(u.Attributes, k))
	}
	return r
}
