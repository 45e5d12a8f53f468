package text

import (
	"strings"
	"unicode"
)

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
func HasHan(s string) bool { return strings.ContainsFunc(s, IsHan) }

// IsBasicHan reports whether r is in the CJK Unified Ideographs block,
// U+4E00–U+9FFF: the Han ideographs of everyday Chinese text. Every rune of
// the block is a letter (unicode.Lo) and its own lower case, so a hot loop
// may take it as a caseless letter before it looks anything up in
// unicode's range tables. It is a fast path, not "is Chinese" (IsHan): the
// rarer Han blocks (Extension A, B…, compatibility ideographs) hold the
// same kind of letters and must be handled by the loop's general case; the
// radicals (U+2E80–U+2FDF) and 〇 are Han but not letters. It is also the
// class BettaFish's slugs keep ([\u4e00-\u9fff]).
func IsBasicHan(r rune) bool { return r >= 0x4E00 && r <= 0x9FFF }

// IsCJKText reports whether s holds at least one rune IsCJK accepts.
func IsCJKText(s string) bool { return strings.ContainsFunc(s, IsCJK) }

// MostlyHan reports whether the texts together are written mostly in
// Chinese: they hold a Han rune (IsHan) and at least as many Han runes as
// other letters (Latin, Greek, Cyrillic, kana…; digits and marks are not
// letters). It decides the language of a question's names (a Chinese
// question's capitalised Latin words) and of the offline model's
// follow-up questions asked of a context with no question.
func MostlyHan(texts ...string) bool {
	han, other := 0, 0
	for _, s := range texts {
		for _, r := range s {
			switch {
			case IsHan(r):
				han++
			case unicode.IsLetter(r):
				other++
			}
		}
	}
	return han > 0 && han >= other
}
