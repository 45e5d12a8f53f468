package globalsearch

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// toLower is strings.ToLower(s), returning s itself without looking up
// the case of every rune when nothing would change: whether lower-casing
// changes a rune of the Basic Multilingual Plane is read from a table
// made once (caseless), so Chinese text costs a table look-up a rune (the
// router lower-cases every entity of the 300 000-record graph: 1.1 s of
// CPU with strings.ToLower). TestToLowerOracle holds it to
// strings.ToLower.
func toLower(s string) string {
	cl := caseless()
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if 'A' <= c && c <= 'Z' {
				return strings.ToLower(s)
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 || r > 0xFFFF && unicode.ToLower(r) != r || r <= 0xFFFF && cl[r>>6]&(1<<(r&63)) == 0 {
			return strings.ToLower(s) // a capital, or a byte ToLower replaces
		}
		i += n
	}
	return s
}

// caseless marks the runes of the Basic Multilingual Plane that
// unicode.ToLower leaves as they are (a bit set per rune, 8 KiB).
var caseless = sync.OnceValue(func() *[1 << 10]uint64 {
	var t [1 << 10]uint64
	for r := rune(0); r <= 0xFFFF; r++ {
		if unicode.ToLower(r) == r {
			t[r>>6] |= 1 << (r & 63)
		}
	}
	return &t
})
