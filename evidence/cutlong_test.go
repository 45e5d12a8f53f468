package evidence

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// cutLongPlain is the oracle of cutLong: it counts the runes left before
// each cut and cuts at the last clause mark past half the limit among the
// first MaxRunes runes, else after MaxRunes runes.
func cutLongPlain(s string) []string {
	var out []string
	for utf8.RuneCountInString(s) > MaxRunes {
		rs := []rune(s)
		cut := MaxRunes
		for k := MaxRunes - 1; k >= MaxRunes/2; k-- {
			if strings.ContainsRune("，、,：: ", rs[k]) {
				cut = k + 1
				break
			}
		}
		out = append(out, strings.TrimSpace(string(rs[:cut])))
		s = strings.TrimSpace(string(rs[cut:]))
	}
	if s != "" {
		out = append(out, s)
	}
	return out
}

// cutLong cuts as its oracle does on passages of every length around the
// limit and with clause marks anywhere, including one far longer than it.
func TestCutLongOracle(t *testing.T) {
	// a mark just before half the limit is too early to cut at; one just
	// after it is not
	for _, at := range []int{MaxRunes/2 - 1, MaxRunes / 2, MaxRunes - 1} {
		s := strings.Repeat("字", at) + "，" + strings.Repeat("字", 2*MaxRunes)
		if got, want := cutLong(s), cutLongPlain(s); !slices.Equal(got, want) {
			t.Errorf("cutLong with a mark at rune %d: first piece %d runes, want %d", at, utf8.RuneCountInString(got[0]), utf8.RuneCountInString(want[0]))
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	alphabet := []rune("武汉大学图书馆事件，、,：: abc舆情")
	for _, n := range []int{0, 1, MaxRunes / 2, MaxRunes - 1, MaxRunes, MaxRunes + 1, MaxRunes + 2, 2 * MaxRunes, 3*MaxRunes + 7, 40 * MaxRunes} {
		for k := 0; k < 20; k++ {
			rs := make([]rune, n)
			for i := range rs {
				rs[i] = alphabet[r.IntN(len(alphabet))]
				if k%2 == 0 && rs[i] < 128 {
					rs[i] = '字' // half the cases have no ASCII marks, fewer places to cut
				}
			}
			s := string(rs)
			if got, want := cutLong(s), cutLongPlain(s); !slices.Equal(got, want) {
				t.Fatalf("cutLong of %d runes (case %d) = %d pieces, want %d (%q…)", n, k, len(got), len(want), s[:min(len(s), 30)])
			}
		}
	}
}

// A passage of many times the limit is cut in time linear in its length.
func BenchmarkCutLong(b *testing.B) {
	s := strings.Repeat("武汉大学樱花超长发言，", 200000) // 2.2 million runes
	b.SetBytes(int64(len(s)))
	for b.Loop() {
		cutLong(s)
	}
}
