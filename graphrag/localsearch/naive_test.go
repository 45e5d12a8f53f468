package localsearch

import (
	"math/rand/v2"
	"slices"
	"sort"
	"strconv"
	"testing"

	"reportengine/graphrag/knowledge"
)

// naiveFilter is _filter_relationships transcribed literally from
// reference §3.6 (rescans every relationship, sorts everything, keeps the
// links values in a map that persists across calls like the reference's
// attribute writes within one build). The fast filterRelationships must
// agree with it.
type naiveFilter struct {
	rels  []knowledge.Relationship
	links map[int]int
}

func (n *naiveFilter) hasAttr(i int, key string) bool {
	if key == "links" {
		_, ok := n.links[i]
		return ok
	}
	return attrValue(n.rels[i].Attributes, key) != ""
}

func (n *naiveFilter) rankSort(rs []int, attr string) {
	if len(rs) == 0 {
		return
	}
	var key func(i int) float64
	switch {
	case n.hasAttr(rs[0], attr):
		key = func(i int) float64 {
			v, _ := strconv.ParseFloat(attrValue(n.rels[i].Attributes, attr), 64)
			return float64(int(v))
		}
	case attr == "rank":
		key = func(i int) float64 { return float64(relRank(n.rels[i])) }
	default:
		return
	}
	sort.SliceStable(rs, func(a, c int) bool { return key(rs[a]) > key(rs[c]) })
}

func (n *naiveFilter) filter(sel []knowledge.Entity, topK int, attr string) []int {
	names := map[string]bool{}
	for _, e := range sel {
		names[e.Title] = true
	}
	var in, outS, outT []int
	for i, r := range n.rels {
		switch {
		case names[r.Source] && names[r.Target]:
			in = append(in, i)
		case names[r.Source]:
			outS = append(outS, i)
		case names[r.Target]:
			outT = append(outT, i)
		}
	}
	if len(in) > 1 {
		n.rankSort(in, attr)
	}
	out := append(outS, outT...)
	n.rankSort(out, attr)
	if len(out) <= 1 {
		return append(in, out...)
	}
	cp := map[string]map[string]bool{}
	x := func(r knowledge.Relationship) (string, string) {
		if names[r.Source] {
			return r.Target, r.Source
		}
		return r.Source, r.Target
	}
	for _, i := range out {
		a, c := x(n.rels[i])
		if cp[a] == nil {
			cp[a] = map[string]bool{}
		}
		cp[a][c] = true
	}
	for _, i := range out {
		a, _ := x(n.rels[i])
		n.links[i] = len(cp[a])
	}
	second := func(i int) float64 { return 0 } // no such attribute
	if attr == "rank" {
		second = func(i int) float64 { return float64(relRank(n.rels[i])) }
	}
	sort.SliceStable(out, func(a, c int) bool {
		if n.links[out[a]] != n.links[out[c]] {
			return n.links[out[a]] > n.links[out[c]]
		}
		return second(out[a]) > second(out[c])
	})
	return append(in, out[:min(len(out), topK*len(sel))]...)
}

func TestFilterRelationshipsAgreesWithNaive(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 60 {
		nEnt := 5 + rng.IntN(40)
		parts := knowledge.Parts{}
		for i := range nEnt {
			parts.Entities = append(parts.Entities, knowledge.Entity{ID: "e" + strconv.Itoa(i), ShortID: strconv.Itoa(i), Title: "T" + strconv.Itoa(i)})
		}
		for r := range rng.IntN(300) {
			parts.Relationships = append(parts.Relationships, knowledge.Relationship{ID: "r" + strconv.Itoa(r), ShortID: strconv.Itoa(r),
				Source: "T" + strconv.Itoa(rng.IntN(nEnt+3)), Target: "T" + strconv.Itoa(rng.IntN(nEnt+3)),
				Rank: rng.IntN(6), HasRank: rng.IntN(5) > 0, Weight: float64(rng.IntN(4)), HasWeight: true})
		}
		b := newBuilder(t, parts, Config{})
		sel := slices.Clone(parts.Entities)
		rng.Shuffle(len(sel), func(i, j int) { sel[i], sel[j] = sel[j], sel[i] })
		sel = sel[:1+rng.IntN(min(len(sel), 25))]
		attr := "rank" // the one ranking attribute
		topK := 1 + rng.IntN(4)
		fast := b.newRelState()
		naive := &naiveFilter{rels: b.rels, links: map[int]int{}}
		for i := 1; i <= len(sel); i++ {
			got := fast.filterRelationships(sel[:i], topK)
			want := naive.filter(sel[:i], topK, attr)
			if !slices.Equal(got, want) {
				t.Fatalf("trial %d (attr %s, topK %d) iteration %d:\n got %v\nwant %v", trial, attr, topK, i, got, want)
			}
			for _, r := range got {
				if int(fast.sc.links[r]) != naive.links[r] {
					t.Fatalf("trial %d iteration %d: links of %d = %d, want %d", trial, i, r, fast.sc.links[r], naive.links[r])
				}
			}
		}
		fast.release()
	}
}
