package knowledge

import (
	"bytes"
	"context"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestSortedBigramIndexOracle: the index made by sorting packed pairs is
// byte for byte the one made with maps (plainBigramIndex) on the
// sample's documents and on random ones (Han, Latin, astral runes,
// invalid UTF-8, repeated bigrams, empty documents); a bigram a document
// holds 4095 times or more is stored as maxBigramCount and counted
// exactly; more than 65 535 distinct runes fall back to the maps.
func TestSortedBigramIndexOracle(t *testing.T) {
	m, err := FromGraph(context.Background(), coffeeGraph(t), GraphOptions{})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(5, 8))
	alphabet := []string{"a", "b", "A", " ", "樱", "花", "哈", "\xff", "\U0001F600", "\U00020000", "é", "1"}
	random := make([]string, 20000)
	if testing.Short() {
		// the race step: the same passes on all cores, a tenth of the
		// documents (the maps' oracle took a minute under the detector)
		random = random[:2000]
	}
	for i := range random {
		var sb strings.Builder
		for range rng.IntN(30) {
			sb.WriteString(alphabet[rng.IntN(len(alphabet))])
		}
		random[i] = sb.String()
	}
	defer func(n int) { pairsPerPass = n }(pairsPerPass)
	for _, perPass := range []int{8 << 20, 5000, 1} { // one pass, several, one first rune each
		pairsPerPass = perPass
		for name, docs := range map[string][]string{"sample": m.Lexical().docs, "random": random, "empty": {"", "a"}, "none": nil} {
			if testing.Short() && perPass == 1 && name == "sample" {
				// one pass per first rune over the sample's documents
				// (thousands of passes over them all) took 30 s under the
				// race detector; the tests step runs it
				continue
			}
			got, want := sortedBigramIndex(docs), plainBigramIndex(docs)
			if got == nil || got.n != want.n || !bytes.Equal(got.keys, want.keys) || !bytes.Equal(got.offs, want.offs) || !bytes.Equal(got.post, want.post) {
				t.Fatalf("%s, %d pairs a pass: the sorted index differs from the maps' (%d keys, want %d)", name, perPass, got.n, want.n)
			}
		}
	}
	// a bigram 5000 times in one document
	docs := []string{"x", strings.Repeat("咖啡", 5000), "咖啡 咖啡"}
	x := lexicalOf(docs, sortedBigramIndex(docs))
	hits, total := x.count("咖啡")
	if want, wantTotal := plainCount(docs, "咖啡"); total != wantTotal || len(hits) != len(want) || hits[0] != want[0] || hits[1] != want[1] {
		t.Errorf("count of a bigram 5000 times: %v %d, want %v %d", hits, total, want, wantTotal)
	}
	// more distinct runes than ranks
	var sb strings.Builder
	for r := rune(0x4E00); r < 0x4E00+70000; r++ {
		sb.WriteRune(r)
	}
	if sortedBigramIndex([]string{sb.String()}) != nil {
		t.Error("70 000 distinct runes were packed in 16 bits")
	}
}
