package text

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
