package text

import "strings"

// LooksUTF16 reports whether the start of a file, s, is UTF-16 text rather
// than UTF-8 or binary: it opens with a UTF-16 byte order mark (FF FE or
// FE FF), or it reads as UTF-16 without one — a NUL byte among its first
// two bytes (ASCII '{' or '[' is then 7B 00 or 00 7B) and, of its first
// utf16Sample byte pairs, more than half ASCII in one byte order (a NUL
// beside a byte 01–7F). UTF-8 text holds no NUL byte; NULs that do not
// read so (/dev/zero, a binary file, a stray NUL in a log) are not UTF-16.
// The state and forum readers use it to suggest converting a file.
func LooksUTF16(s string) bool {
	if strings.HasPrefix(s, "\xff\xfe") || strings.HasPrefix(s, "\xfe\xff") {
		return true
	}
	if len(s) < 2 || (s[0] != 0 && s[1] != 0) {
		return false
	}
	n := min(len(s)/2, utf16Sample)
	var le, be int
	for i := range n {
		a, b := s[2*i], s[2*i+1]
		switch {
		case b == 0 && a != 0 && a < 0x80:
			le++
		case a == 0 && b != 0 && b < 0x80:
			be++
		}
	}
	return 2*max(le, be) > n
}

// utf16Sample is how many byte pairs LooksUTF16 reads of a text without a
// byte order mark.
const utf16Sample = 128
