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
