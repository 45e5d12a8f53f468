package evidence

import (
	"cmp"
	"slices"
	"strings"

	"reportengine/text"
)

// keepKeyTerms keeps in names the key terms that name one incident: named
// in EventNamedMin passages or more, and at least EventNamedShare of the
// passages holding the term name an incident with it (此前, 应对 or 校友
// stand in hundreds of passages that name nothing; 和服 and 诬告 mostly in
// passages naming their case); a page title's name counts EventTitleNames.
// Names left without a term are dropped.
func keepKeyTerms(items []Item, names [][]eventName) {
	namedIn := map[string]int{}
	var hold []string // the terms named, in the order first named
	for i, ns := range names {
		weight := 1
		if items[i].Kind == KindTitle {
			weight = EventTitleNames // a page title naming an incident: the page is about it
		}
		var seen []string
		for _, n := range ns {
			for _, t := range n.terms {
				if !slices.Contains(seen, t) {
					seen = append(seen, t)
					if namedIn[t] == 0 {
						hold = append(hold, t)
					}
					namedIn[t] += weight
				}
			}
		}
	}
	hold = slices.DeleteFunc(hold, func(t string) bool { return namedIn[t] < EventNamedMin })
	holding := make([]int, len(hold)) // the items whose text (lower case) holds each term
	for i := range items {
		lt := strings.ToLower(items[i].Text)
		for k, t := range hold {
			if strings.Contains(lt, t) {
				holding[k]++
			}
		}
	}
	key := map[string]bool{}
	for k, t := range hold {
		key[t] = float64(namedIn[t]) >= EventNamedShare*float64(holding[k])
	}
	for i, ns := range names {
		var kept []eventName
		for _, n := range ns {
			if ts := slices.DeleteFunc(slices.Clone(n.terms), func(t string) bool { return !key[t] }); len(ts) > 0 {
				kept = append(kept, eventName{n.name, ts})
			}
		}
		names[i] = kept
	}
}

// eventGroups joins the names' key terms into groups (terms named together
// are one group's, transitively), in the order first named; each group's
// terms most named first (ties: first named), and the term table.
func eventGroups(names [][]eventName) (*eventTable, [][]string) {
	et := &eventTable{of: map[string]int{}, strong: map[string]bool{}}
	parent := map[string]string{}
	count := map[string]int{}
	find := func(x string) string {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	for _, ns := range names {
		for _, n := range ns {
			for _, t := range n.terms {
				if _, ok := parent[t]; !ok {
					parent[t] = t
					et.order = append(et.order, t)
					et.strong[t] = text.GeneralShare(t) < EventStrongShare
				}
				count[t]++
				if a, b := find(n.terms[0]), find(t); a != b {
					parent[b] = a
				}
			}
		}
	}
	rootGroup := map[string]int{}
	var groups [][]string
	for _, t := range et.order {
		r := find(t)
		g, ok := rootGroup[r]
		if !ok {
			g = len(groups)
			rootGroup[r] = g
			groups = append(groups, nil)
		}
		groups[g] = append(groups[g], t)
		et.of[t] = g
	}
	for _, g := range groups {
		slices.SortStableFunc(g, func(a, b string) int { return cmp.Compare(count[b], count[a]) })
	}
	return et, groups
}

// ownEvent is the group a passage is about by itself (1 + its index, 0
// none): the group it names most (ties: the first), else the group of
// whose key terms it holds one strong or two others, most of them (a
// strong term counts two; ties: the first group).
func (et *eventTable) ownEvent(passage string, names []eventName, ngroups int) int32 {
	votes := make([]int, ngroups)
	for _, n := range names {
		votes[et.of[n.terms[0]]]++
	}
	if len(names) == 0 {
		lp := strings.ToLower(passage)
		for _, t := range et.order {
			if strings.Contains(lp, t) {
				votes[et.of[t]]++
				if et.strong[t] {
					votes[et.of[t]]++
				}
			}
		}
	}
	g := slices.Index(votes, slices.Max(votes)) // ties: the first
	if len(names) == 0 && votes[g] < 2 {
		return 0 // one common key term alone
	}
	return int32(g) + 1
}

// inheritEvents gives each passage about no event its segment's event,
// else its text's (GroupEvents, rule 3); own holds 1 + the group of each
// passage's own event, 0 for none.
func inheritEvents(items []Item, own []int32) []int32 {
	ev := slices.Clone(own)
	type key struct{ doc, seg int32 } // seg -1: the whole text
	votes := map[key]map[int32]int{}
	for i := range items {
		if own[i] == 0 {
			continue
		}
		for _, k := range [2]key{{items[i].doc, items[i].seg}, {items[i].doc, -1}} {
			if votes[k] == nil {
				votes[k] = map[int32]int{}
			}
			votes[k][own[i]]++
		}
	}
	for i := range items {
		if own[i] != 0 {
			continue
		}
		if g := dominant(votes[key{items[i].doc, items[i].seg}], 1); g != 0 {
			ev[i] = g
		} else {
			ev[i] = dominant(votes[key{items[i].doc, -1}], 2)
		}
	}
	return ev
}

// dominant is the event of at least two thirds of votes when they number
// at least min, else 0.
func dominant(votes map[int32]int, min int) int32 {
	total := 0
	for _, n := range votes {
		total += n
	}
	if total < min {
		return 0
	}
	for g, n := range votes {
		if 3*n >= 2*total {
			return g
		}
	}
	return 0
}
