package evidence

import (
	"math"
	"slices"
	"sort"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// wordRune is a fast path of "letter or digit, lower-cased": it must
// agree with unicode on every rune.
func TestWordRune(t *testing.T) {
	for r := rune(0); r <= unicode.MaxRune; r++ {
		got, ok := wordRune(r)
		want := unicode.IsLetter(r) || unicode.IsDigit(r)
		if ok != want || ok && got != unicode.ToLower(r) {
			t.Fatalf("wordRune(%U) = %U, %v; want %U, %v", r, got, ok, unicode.ToLower(r), want)
		}
	}
}

// plainQuickPart is quickPart written plainly (its oracle): the first
// limit runes of text as utf8 decodes them; consecutive letters or digits,
// lower-cased, form the bigrams.
func plainQuickPart(s *scorer, text string, limit int, acc []float64, n int) int {
	prev := rune(-1)
	for _, r := range text {
		if limit == 0 {
			break
		}
		limit--
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			prev = -1
			continue
		}
		r = unicode.ToLower(r)
		if prev >= 0 {
			n++
			if c, ok := s.cols[uint64(prev)<<32|uint64(r)]; ok {
				for _, p := range s.post[c] {
					acc[p.q] += p.w
				}
			}
		}
		prev = r
	}
	return n
}

// quickScore's loop decodes UTF-8 and classifies runes itself: it must
// give the plain loop's bigram count and sums, bit for bit, on every
// input, invalid UTF-8 and every rune of the first planes included.
func TestQuickPartMatchesPlainLoop(t *testing.T) {
	texts := []string{"武汉大学樱花季，负面声量79%！", "ABC def 123", "\xe6\xad", "\xe6\x41\x42", "\xed\xa0\x80x", "汉\xed\xa0\x80大学", "é À ǅ Ⅻ ①",
		"😀a", "\xff\xfe", "\u3007\u3005々", "\xe0\x80\x80武汉", "\u212a武汉Kelvin", "䷀䷁武汉", "㐀㐁武汉大学"}
	for r := rune(0); r < 0x11000; r += 7 {
		texts = append(texts, string(r)+"武汉"+string(r+1)+"a"+string(r))
	}
	qs := [][]weighted{{{"武汉大学樱花", 1}}, {{"负面声量 79% abc", 1}, {"kelvin 汉大", 0.5}}, {{"é à ǆ ⅻ ① 〇々", 1}}}
	sc := newScorer([]Item{{Text: texts[0]}, {Text: texts[1]}, {Text: "大学"}}, qs)
	got, want := make([]float64, len(qs)), make([]float64, len(qs))
	for _, s := range texts {
		for _, limit := range []int{0, 1, 2, 5, SourceProbeRunes, math.MaxInt} {
			clear(got)
			clear(want)
			gn, wn := sc.quickPart(s, limit, got, 3), plainQuickPart(sc, s, limit, want, 3)
			if gn != wn || !slices.Equal(got, want) {
				t.Fatalf("quickPart(%q, %d) = %d %v, want %d %v", s, limit, gn, got, wn, want)
			}
		}
	}
}

// atLeastRunes and trimSpace are shortcuts of utf8.RuneCountInString and
// strings.TrimSpace.
func TestRuneShortcuts(t *testing.T) {
	for _, s := range []string{"", " ", "a", "武汉", "  武汉  ", "\u00a0武汉", "武汉\u3000", "\u0085x", "x\t", "\xff ", " \xff",
		"\xff", "武汉大学樱花季负面声量", "武汉大学樱花季负面声量高", "abcdefghijk", "abcdefghijkl", "\xe6\xad\xe6\xad\xe6\xad\xe6\xad"} {
		if got, want := trimSpace(s), strings.TrimSpace(s); got != want {
			t.Errorf("trimSpace(%q) = %q, want %q", s, got, want)
		}
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
