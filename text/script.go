package text

import "unicode"

// IsHan reports whether r is a Han ideograph (Chinese characters, also as
// used in Japanese and Korean): unicode.Han, which covers the CJK Unified
// Ideographs with every extension block and the compatibility ideographs,
// not only the basic U+4E00–U+9FFF block.
func IsHan(r rune) bool { return unicode.Is(unicode.Han, r) }

// IsCJK reports whether r is written without spaces between words in its
// script: Han, Hiragana, Katakana or Hangul. Text in such scripts is matched
// by substring or segmented, not split at spaces.
func IsCJK(r rune) bool {
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul)
}

// HasHan reports whether s holds at least one Han rune (IsHan).
func HasHan(s string) bool {
	for _, r := range s {
		if IsHan(r) {
			return true
		}
	}
	return false
}
