package offline

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// holdingCount is how many of sents hold w in their lower-cased text
// (sentence.lower): the document count that text.Heard and
// text.AsChinese weigh a question's words and their homophones or
// pinyin readings by. It is the plain version, the oracle of
// holdingIndex.
func holdingCount(sents []*sentence, w string) int {
	return count(slices.Values(sents), func(s *sentence) bool { return strings.Contains(s.lower, w) })
}

// holdingIndex counts as holdingCount does, but first looks up the
// pairs of adjacent runes w is made of in the set of pairs the
// sentences hold: a word one of whose pairs no sentence holds is held
// by none, with no scan. Heard tries every homophone of each word the
// context lacks (about a hundred per word), nearly all held nowhere;
// scanning the context for each was 9 % of the CPU of answering the
// shipped question sets. The set is built on the first call. It buys 11 %
// of an eval of 480 of the fixture's questions, whole process (CPU
// seconds, median of five paired runs, 2026-12-06).
type holdingIndex struct {
	sents []*sentence
	pairs map[[2]rune]struct{}
}

// count is holdingCount(h.sents, w).
func (h *holdingIndex) count(w string) int {
	if utf8.RuneCountInString(w) < 2 {
		return holdingCount(h.sents, w)
	}
	if h.pairs == nil {
		h.pairs = map[[2]rune]struct{}{}
		for _, s := range h.sents {
			prev := rune(-1)
			for _, r := range s.lower {
				if prev >= 0 {
					h.pairs[[2]rune{prev, r}] = struct{}{}
				}
				prev = r
			}
		}
	}
	prev := rune(-1)
	for _, r := range w {
		if prev >= 0 {
			if _, ok := h.pairs[[2]rune{prev, r}]; !ok {
				return 0
			}
		}
		prev = r
	}
	return holdingCount(h.sents, w)
}
