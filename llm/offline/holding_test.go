package offline

import (
	"math/rand"
	"testing"
)

// holdingIndex counts what the plain scan counts: every substring of
// the sentences (held, by one or several), and strings made of their
// runes in other orders (mostly held by none; some only across two
// sentences, which no sentence holds).
func TestHoldingIndexOracle(t *testing.T) {
	texts := []string{"李明的咖啡店开在大学城", "咖啡豆断货三天", "断货后口碑下滑", "Coffee beans ran out", "店长王芳"}
	var sents []*sentence
	var runes []rune
	for _, s := range texts {
		sents = append(sents, &sentence{lower: s})
		runes = append(runes, []rune(s)...)
	}
	var words []string
	for _, s := range texts {
		rs := []rune(s)
		for i := range rs {
			for j := i + 1; j <= len(rs) && j <= i+5; j++ {
				words = append(words, string(rs[i:j]))
			}
		}
	}
	words = append(words, "大学城咖啡", "三天断货", "王芳李明", "out店长") // across two sentences
	rng := rand.New(rand.NewSource(1))
	for range 2000 {
		n := 2 + rng.Intn(3)
		w := make([]rune, n)
		for i := range w {
			w[i] = runes[rng.Intn(len(runes))]
		}
		words = append(words, string(w))
	}
	h := &holdingIndex{sents: sents}
	held := 0
	for _, w := range words {
		want := holdingCount(sents, w)
		if got := h.count(w); got != want {
			t.Fatalf("count(%q) = %d, want %d", w, got, want)
		}
		if want > 0 {
			held++
		}
	}
	if held == len(words) || held == 0 {
		t.Fatalf("%d of %d words held: the case does not tell held from not", held, len(words))
	}
	if got, want := h.count("断货"), 2; got != want {
		t.Errorf("count(断货) = %d, want %d", got, want)
	}
}
