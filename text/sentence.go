package text

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// SentenceRules say where a sentence ends; the zero value ends none. The
// callers differ in what they cut (a cleaned line of a report, a whole
// text unit), so each keeps its rules in one value and splits with Split.
type SentenceRules struct {
	// Ends are the runes that end a sentence wherever they stand, e.g.
	// "。！？；".
	Ends string
	// SpacedEnds end a sentence only at the end of the text or before a
	// space (U+0020; any white space when AnySpace is set), so that the
	// "." of "3.5" or "v1.2" ends none.
	SpacedEnds string
	AnySpace   bool
	// Closers are kept with the sentence they follow when they come right
	// after its end: closing quotes and brackets, e.g. "”’\"）)」』》】".
	// They must not be ends themselves.
	Closers string
	// Titles: no mark inside 《…》 ends a sentence (《你好！世界》).
	Titles bool
}

// Split cuts s after every sentence end and returns the pieces in order.
// Nothing is trimmed or dropped: the pieces concatenate to s, and none is
// empty. Callers trim (strings.TrimSpace) and drop what they do not want.
func (r SentenceRules) Split(s string) []string {
	var out []string
	start, title := 0, 0 // title: depth inside 《…》
	for i, c := range s {
		end := false
		switch {
		case r.Titles && c == '《':
			title++
		case r.Titles && c == '》' && title > 0:
			title--
		case strings.ContainsRune(r.Ends, c):
			end = title == 0
		case strings.ContainsRune(r.SpacedEnds, c):
			next := i + utf8.RuneLen(c)
			end = title == 0 && (next >= len(s) || r.spaceAt(s, next))
		}
		if !end {
			continue
		}
		j := i + utf8.RuneLen(c)
		for j < len(s) {
			q, n := utf8.DecodeRuneInString(s[j:])
			if !strings.ContainsRune(r.Closers, q) {
				break
			}
			j += n
		}
		if j > start {
			out = append(out, s[start:j])
			start = j
		}
	}
	if start < len(s) {
		out = append(out, s[start:])
	}
	return out
}

// spaceAt reports whether the rune at byte i of s is a space under r.
func (r SentenceRules) spaceAt(s string, i int) bool {
	if !r.AnySpace {
		return s[i] == ' '
	}
	c, _ := utf8.DecodeRuneInString(s[i:])
	return unicode.IsSpace(c)
}

// Abbreviation reports whether the full stop after before (the runes of a
// sentence up to a ".") ends a title or an initial rather than the
// sentence: the last word of before is one of Dr, Mr, Ms, Mrs, St, vs,
// Prof, Sgt, Lt, Capt, Gen, Col, Maj, No, e.g, i.e, or a single capital
// letter ("J." of "J. Smith").
func Abbreviation(before []rune) bool {
	w := before
	for i := len(w) - 1; i >= 0; i-- {
		if w[i] == ' ' {
			w = w[i+1:]
			break
		}
	}
	switch string(w) {
	case "Dr", "Mr", "Ms", "Mrs", "St", "vs", "Prof", "Sgt", "Lt", "Capt", "Gen", "Col", "Maj", "No", "e.g", "i.e":
		return true
	}
	return len(w) == 1 && unicode.IsUpper(w[0])
}
