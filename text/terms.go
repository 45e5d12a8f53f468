package text

import (
	"strings"
	"unicode/utf8"
)

// Term is one content term of a question: a word that says what the
// question is about.
type Term struct {
	// Text is the word as texts are searched for it: Chinese as written,
	// other scripts lower-cased and, for English, reduced by Stem.
	Text string
	// Parts are the dictionary words inside a Chinese term of more than
	// two runes (SubWords: 樱花季 → 樱花, 花季): a text that holds a part
	// but not the term still speaks of it. nil otherwise.
	Parts []string
}

// Terms returns the content terms of a question (or of any short text),
// each once, in order of first appearance: its Words without stop words
// (a one-rune stop word joined to an unknown word is cut off it: 对断 → 断)
// (IsStopWord: question words such as 什么/哪些/how, function words such
// as 的/了/the), without words of one rune when longer ones remain (单字
// like 看, 选 or 季 rarely say what is asked), without Latin words of one
// letter and without pure punctuation; English words reduced by Stem. A
// question of stop words only has no terms (nil).
func Terms(q string) []Term {
	words := Words(q)
	var out []Term
	seen := map[string]bool{}
	var single []string
	for _, w := range words {
		if IsStopWord(w) {
			continue
		}
		w = trimStopRunes(w)
		if utf8.RuneCountInString(w) == 1 {
			if HasHan(w) {
				single = append(single, w)
			}
			continue
		}
		t := w
		if !HasHan(w) {
			t = Stem(w)
		}
		if seen[t] {
			continue
		}
		seen[t] = true
		out = append(out, Term{Text: t, Parts: SubWords(t)})
	}
	if len(out) == 0 {
		for _, w := range single {
			if !seen[w] {
				seen[w] = true
				out = append(out, Term{Text: w})
			}
		}
	}
	return out
}

// TermTexts returns the Text of each term, in order.
func TermTexts(ts []Term) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = t.Text
	}
	return out
}

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
	if len(rs) < 2 || !HasHan(w) || IsDictWord(w) {
		return w
	}
	for len(rs) > 1 && IsStopWord(string(rs[0])) {
		rs = rs[1:]
	}
	for len(rs) > 1 && IsStopWord(string(rs[len(rs)-1])) {
		rs = rs[:len(rs)-1]
	}
	return string(rs)
}
