package text

import (
	"strings"
	"unicode"
)

// Bigrams is the set of adjacent letter or digit rune pairs of s, lower
// case; any other rune breaks a pair ("李明, 咖啡" gives 李明 and 咖啡, not
// 明咖). It is how the report matches a title or outline to a passage
// (nodes' excerpts, nodes/draft's findings).
func Bigrams(s string) map[[2]rune]bool {
	out := map[[2]rune]bool{}
	prev := rune(-1)
	for _, r := range strings.ToLower(s) {
		if !unicode.IsLetter(r) && !unicode.IsNumber(r) {
			prev = -1
			continue
		}
		if prev >= 0 {
			out[[2]rune{prev, r}] = true
		}
		prev = r
	}
	return out
}
