package text

import (
	"maps"
	"slices"
	"testing"
)

// Bigrams pairs adjacent letters and digits only, lower-cased; a space
// or punctuation breaks the pair. BigramOverlap counts each pair once.
func TestBigrams(t *testing.T) {
	got := slices.SortedFunc(maps.Keys(Bigrams("李明, 咖啡 AB1")), func(a, b [2]rune) int {
		return slices.Compare(a[:], b[:])
	})
	want := [][2]rune{{'1', '1'}}[:0]
	for _, p := range []string{"ab", "b1", "咖啡", "李明"} {
		r := []rune(p)
		want = append(want, [2]rune{r[0], r[1]})
	}
	if !slices.Equal(got, want) {
		t.Errorf("Bigrams = %q, want %q", got, want)
	}
	q := Bigrams("咖啡店")
	if n := BigramOverlap(q, "咖啡，咖啡店！咖啡"); n != 2 {
		t.Errorf("BigramOverlap = %d, want 2 (咖啡 and 啡店, each once)", n)
	}
	if n := BigramOverlap(q, "咖 啡"); n != 0 {
		t.Errorf("BigramOverlap across a space = %d, want 0", n)
	}
}

// BigramOverlap is how many distinct Bigrams of s are in q.
func BigramOverlap(q map[[2]rune]bool, s string) int {
	n := 0
	for g := range Bigrams(s) {
		if q[g] {
			n++
		}
	}
	return n
}
