package evidence

import (
	"sort"
	"testing"
	"unicode/utf8"
)

// atLeastRunes is a shortcut of utf8.RuneCountInString(s) >= n.
func TestRuneShortcuts(t *testing.T) {
	for _, s := range []string{"", " ", "a", "武汉", "  武汉  ", "\u00a0武汉", "武汉\u3000", "\u0085x", "x\t", "\xff ", " \xff",
		"\xff", "武汉大学樱花季负面声量", "武汉大学樱花季负面声量高", "abcdefghijk", "abcdefghijkl", "\xe6\xad\xe6\xad\xe6\xad\xe6\xad"} {
		for _, n := range []int{0, 1, 2, MinRunes} {
			if got, want := atLeastRunes(s, n), utf8.RuneCountInString(s) >= n; got != want {
				t.Errorf("atLeastRunes(%q, %d) = %v, want %v", s, n, got, want)
			}
		}
	}
}

// topIndexes keeps the k best scores, ties to the lower index: the same
// set as a full sort.
func TestTopIndexes(t *testing.T) {
	scores := make([]float64, 1000)
	for i := range scores {
		scores[i] = float64((i * 7919) % 37) // many ties
	}
	for _, k := range []int{0, 1, 5, 36, 500, 1000} {
		order := make([]int, len(scores))
		for i := range order {
			order[i] = i
		}
		sort.SliceStable(order, func(a, b int) bool { return scores[order[a]] > scores[order[b]] })
		want := map[int]bool{}
		for _, i := range order[:k] {
			want[i] = true
		}
		got := topIndexes(scores, k)
		if len(got) != k {
			t.Fatalf("k=%d: %d indexes", k, len(got))
		}
		for _, i := range got {
			if !want[i] {
				t.Errorf("k=%d: index %d (score %v) is not among the best", k, i, scores[i])
			}
		}
	}
}
