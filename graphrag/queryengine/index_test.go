package queryengine

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"reportengine/graphrag"
)

// TestSortChunk holds the radix sort of a chunk to slices.Sort on chunks
// built as buildBlock builds them (offsets ascending): keys of random
// runes, of CJK runes only, of one rune pair (every pass skipped), of
// pairs differing only in their first rune (the last pass alone moves
// anything) or only in the bits of one digit, and the largest keys.
func TestSortChunk(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	cases := map[string]func() uint64{
		"any runes":  func() uint64 { return gramKey(rng.Int32N(0x110000), rng.Int32N(endRune+1)) },
		"CJK":        func() uint64 { return gramKey(0x4e00+rng.Int32N(0x5200), 0x4e00+rng.Int32N(0x5200)) },
		"one pair":   func() uint64 { return gramKey('樱', '花') },
		"first rune": func() uint64 { return gramKey(rng.Int32N(0x110000), 'a') },
		"middle bits": func() uint64 {
			return gramKey('a', rune(rng.Int32N(1<<7))<<14) // digit 1 only
		},
		"largest": func() uint64 { return gramKey(0x10ffff-rng.Int32N(2), endRune-rng.Int32N(2)) },
	}
	for name, key := range cases {
		b := &indexBuilder{}
		for _, n := range []int{1, 2, 700, 20000} {
			b.buf = b.buf[:0]
			for lo := range uint64(n) {
				for range 1 + rng.IntN(3) { // a node's grams, repeats included
					b.buf = append(b.buf, key()<<16|lo%blockSize)
				}
			}
			want := slices.Clone(b.buf)
			slices.Sort(want)
			b.sortChunk()
			if !slices.Equal(b.buf, want) {
				t.Errorf("%s, %d nodes: radix order differs from slices.Sort", name, n)
			}
		}
	}
}

// TestRanksByPrefix: the ranks Index stores (sorted on the texts' first 8
// bytes, then compareNodes) are compareNodes's order, on titles and
// query texts that share their first 8 bytes or differ after them, that
// are prefixes of one another, hold a zero byte, differ only in a byte
// above 0x7f, or are equal (the insertion index decides).
func TestRanksByPrefix(t *testing.T) {
	texts := []string{"abcdefgh", "", "abcdefghi", "a", "abcdefgh\x00", "a\x00", "ab", "abcdefgg z", "樱花大道", "樱花大", "樱花大道x",
		"樱花", "abcdefgh", "\xffz", "\x7fz", "abcdefgi", "a", "abcdefghj"}
	g := graphrag.New()
	for i, s := range texts {
		id := fmt.Sprint(i)
		if err := g.AddNode(&graphrag.Node{ID: "SRC_" + id, Type: graphrag.TypeSource, Attrs: graphrag.Attributes{{Key: "title", Value: s}}}); err != nil {
			t.Fatal(err)
		}
		if err := g.AddNode(&graphrag.Node{ID: "Q_" + id, Type: graphrag.TypeSearchQuery, Attrs: graphrag.Attributes{{Key: "query_text", Value: s}}}); err != nil {
			t.Fatal(err)
		}
	}
	e := New(g)
	rank, byRank := e.buildRanks()
	for kind := 1; kind < 3; kind++ {
		want := slices.Clone(byRank[kind])
		slices.SortFunc(want, func(a, b uint32) int { return e.compareNodes(kind, a, b) })
		if !slices.Equal(byRank[kind], want) {
			t.Errorf("kind %d: ranked %v, compareNodes orders %v", kind, byRank[kind], want)
		}
		for r, v := range byRank[kind] {
			if rank[v] != uint32(r) {
				t.Errorf("kind %d: node %d at %d has rank %d", kind, v, r, rank[v])
			}
		}
	}
}
