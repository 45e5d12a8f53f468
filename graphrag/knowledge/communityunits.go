package knowledge

import "sync"

// communityUnits holds, made on first use, the number of distinct text
// units of each community's entities (CommunityUnitCount).
type communityUnits struct {
	once   sync.Once
	counts map[string]int
}

// CommunityUnitCount returns the number of distinct text unit ids listed
// (Entity.TextUnitIDs) by the entities that list community id
// (Entity.CommunityIDs); 0 for a community no entity lists. It is the
// count behind Microsoft GraphRAG's community weights
// (_compute_community_weights: the text units of a community's entities,
// as a set of ids), which global search divides by the largest count.
//
// All communities are counted at the first call, from each entity's text
// units by index (the lexical index's lists, read from the model file for
// our graphs), a mark per unit and community: linear in the entities'
// unit lists times the communities each entity is in, with no set of
// strings (the sets took about 1.1 s of CPU a process on the
// 300 000-record graph). Ids that name no text unit are counted as
// distinct strings, as the reference's set counts them. Safe for
// concurrent use.
func (m *Model) CommunityUnitCount(id string) int {
	m.commUnits.once.Do(func() { m.commUnits.counts = m.countCommunityUnits() })
	return m.commUnits.counts[id]
}

func (m *Model) countCommunityUnits() map[string]int {
	ents := m.Entities()
	order := map[string]int{} // community id → dense index, in order of first listing
	var ids []string
	var members [][]int32 // per community: its entities
	for i, e := range ents {
		for _, c := range e.CommunityIDs {
			k, ok := order[c]
			if !ok {
				k = len(ids)
				order[c] = k
				ids = append(ids, c)
				members = append(members, nil)
			}
			members[k] = append(members[k], int32(i))
		}
	}
	counts := make(map[string]int, len(ids))
	if len(ids) == 0 {
		return counts
	}
	units := m.Lexical().entUnits // entity → the indexes of the ids it lists that name a unit
	mark := make([]int32, len(m.TextUnits()))
	for k, list := range members {
		stamp, n := int32(k+1), 0
		var other map[string]bool // ids naming no unit
		for _, i := range list {
			for _, u := range units[i] {
				if mark[u] != stamp {
					mark[u], n = stamp, n+1
				}
			}
			if len(units[i]) == len(ents[i].TextUnitIDs) {
				continue
			}
			for _, id := range ents[i].TextUnitIDs {
				if _, ok := m.TextUnitIndex(id); !ok {
					if other == nil {
						other = map[string]bool{}
					}
					other[id] = true
				}
			}
		}
		counts[ids[k]] = n + len(other)
	}
	return counts
}
