package text

import (
	"strings"
	"unicode"
)

// TruncateRunes returns the first n runes of s (all of s when it has at
// most n runes). It counts runes, never bytes, so a multi-byte character is
// never split (B18 of the field failures). It counts the bytes that start a
// UTF-8 sequence, so in invalid UTF-8 a stray continuation byte stays with
// the character before it. n <= 0 gives "".
func TruncateRunes(s string, n int) string {
	if n <= 0 {
		return ""
	}
	if len(s) <= n { // at most n bytes, so at most n runes
		return s
	}
	count := 0
	for i := 0; i < len(s); i++ {
		if s[i]&0xC0 != 0x80 { // not a continuation byte: a rune starts here
			if count == n {
				return s[:i]
			}
			count++
		}
	}
	return s
}

// Ellipsis returns s cut to n runes (TruncateRunes) with mark appended
// when something was cut, e.g. Ellipsis("武汉大学樱花", 4, "…") is
// "武汉大学…"; s itself when it has at most n runes.
func Ellipsis(s string, n int, mark string) string {
	if t := TruncateRunes(s, n); len(t) < len(s) {
		return t + mark
	}
	return s
}

// Unique returns the strings of ss without repeats, each at its first
// place, in a new slice (nil when ss is empty); empty strings count as
// values like any other. It is the one "drop repeated strings" rule
// (the report's warnings, a relationship's text units).
func Unique(ss []string) []string {
	var out []string
	seen := make(map[string]bool, len(ss))
	for _, s := range ss {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// CutClause returns a prefix of s of at most n runes (all of s when it has
// at most n runes) that ends at a
// clause boundary (，、,；;： or a space) in its second half when there
// is one, else at the last place that is not inside a number, a time or
// a Latin word (never between two of their letters, digits or : . — -, so
// "工作日08:30—17:00" is never cut to "工作日08:30—17"). It is the one
// rule for cutting a long sentence (the offline answer's sentences, global
// search's report sentences); callers append the "…".
func CutClause(s string, n int) string {
	rs := []rune(s)
	if len(rs) <= n {
		return s
	}
	for i := n; i > n/2; i-- {
		if strings.ContainsRune("，、,；;： ", rs[i-1]) {
			return strings.TrimRight(string(rs[:i]), " ")
		}
	}
	word := func(r rune) bool {
		return (unicode.IsLetter(r) || unicode.IsDigit(r)) && !unicode.Is(unicode.Han, r) || r == ':' || r == '.' || r == '—' || r == '-'
	}
	i := n
	for i > 0 && word(rs[i-1]) && word(rs[i]) {
		i--
	}
	if i == 0 {
		i = n
	}
	return string(rs[:i])
}
