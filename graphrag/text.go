package graphrag

// TruncateRunes returns the first n runes of s (all of s when it has at most
// n runes). It counts runes, never bytes, so a multi-byte character is never
// split (B18 of the field failures); invalid UTF-8 bytes count as one rune
// each. n <= 0 gives "".
func TruncateRunes(s string, n int) string {
	if n <= 0 {
		return ""
	}
	if len(s) <= n { // at most n bytes, so at most n runes
		return s
	}
	count := 0
	for i := range s {
		if count == n {
			return s[:i]
		}
		count++
	}
	return s
}
