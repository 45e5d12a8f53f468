package text

import (
	"maps"
	"slices"
	"strings"
	"sync"

	"github.com/antzucaro/matchr"
)

// SpellingNear reports whether typed, an English word as a question wrote
// it, may be known misspelt, and how many edits apart the two are (letters
// dropped, added or changed, or two neighbours swapped: the optimal string
// alignment distance). Both are lower-case ASCII words. It is near when
//   - typed has five letters or more and one edit makes it known
//     (jordon → jordan), or
//   - typed has four letters or more, the two sound alike (a Double
//     Metaphone key, primary or alternate, in common: mersir and mercer
//     MRSR, jeneral and general JNRL, operashun and operation APRXN) and
//     they are at most max(2, len(known)/3) edits apart (a child's
//     spelling by sound: mersir → mercer 2, operashun → operation 3).
//
// Words that sound alike but are further apart are different words
// (tone and town are two edits apart on four letters but sound alike: the
// caller must not respell a word English knows; knowledge does not respell
// a word the tokenizer holds whole). The rules follow no Microsoft GraphRAG
// behaviour: it has no spelling layer.
func SpellingNear(typed, known string) (edits int, near bool) {
	if typed == known || len(typed) < 4 || len(known) < 3 {
		return 0, false
	}
	if d := len(typed) - len(known); d > 3 || d < -3 {
		return 0, false
	}
	edits = matchr.OSA(typed, known)
	if edits == 1 && len(typed) >= 5 {
		return edits, true
	}
	return edits, edits <= max(2, len(known)/3) && SoundsAlike(typed, known)
}

// SoundsAlike reports whether two English words share a Double Metaphone
// key (the primary or the alternate of either; an empty key matches
// nothing).
func SoundsAlike(a, b string) bool {
	a1, a2 := matchr.DoubleMetaphone(a)
	b1, b2 := matchr.DoubleMetaphone(b)
	return a1 != "" && (a1 == b1 || a1 == b2) || a2 != "" && (a2 == b1 || a2 == b2)
}

// EnglishWords returns the English words this package knows by heart,
// sorted and distinct: the glossary's (enZH: library, verdict, court),
// the stop words (happened, what) and the everyday words (commonWordsEN),
// each of three letters or more and of letters alone. A question's word
// misspelt by its sound is read as one of them where the knowledge's
// texts, written in another language, cannot tell it
// (knowledge.misspeltWords: "what happend with the libary case" asked of
// Chinese texts).
func EnglishWords() []string { return englishWords() }

var englishWords = sync.OnceValue(func() []string {
	seen := map[string]bool{}
	add := func(w string) {
		if len(w) >= 3 && strings.Trim(w, "abcdefghijklmnopqrstuvwxyz") == "" {
			seen[w] = true
		}
	}
	for w := range enZH {
		add(w)
	}
	for _, w := range strings.Fields(stopEN + " " + commonWordsEN) {
		add(w)
	}
	return slices.Sorted(maps.Keys(seen))
})
