package evidence

import (
	"sort"
	"testing"
	"unicode"
	"unicode/utf8"
)

// decodeRune and wordRune are fast paths of utf8.DecodeRuneInString and
// of "letter or digit, lower-cased": they must agree with them on every
// input, invalid UTF-8 included.
func TestDecodeAndWordRune(t *testing.T) {
	texts := []string{"武汉大学樱花季，负面声量79%！", "ABC def 123", "\xe6\xad", "\xe6\x41\x42", "\xed\xa0\x80x", "é À ǅ Ⅻ ①", "😀a", "\xff\xfe", "\u3007\u3005々"}
	for r := rune(0); r < 0x11000; r += 7 {
		texts = append(texts, string(r))
	}
	for _, s := range texts {
		for i := 0; i < len(s); {
			r, n := decodeRune(s, i)
			wr, wn := utf8.DecodeRuneInString(s[i:])
			if r != wr || n != wn {
				t.Fatalf("decodeRune(%q, %d) = %q/%d, want %q/%d", s, i, r, n, wr, wn)
			}
			i += n
		}
	}
	for r := rune(0); r <= unicode.MaxRune; r++ {
		got, ok := wordRune(r)
		want := unicode.IsLetter(r) || unicode.IsDigit(r)
		if ok != want || ok && got != unicode.ToLower(r) {
			t.Fatalf("wordRune(%U) = %U, %v; want %U, %v", r, got, ok, unicode.ToLower(r), want)
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
