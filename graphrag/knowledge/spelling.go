package knowledge

import (
	"slices"
	"strings"
	"sync"

	"reportengine/llm/tokens"
	"reportengine/text"
)

// minSpellDocs is the fewest documents a word must be held in for a
// misspelt question word to be read as it (misspeltWords): a word of one
// document is as likely another misspelling as the one meant.
const minSpellDocs = 2

// spellVocab is the words misspeltWords reads a misspelt word as: an
// English knowledge's words of ASCII letters (inner apostrophes kept) held
// in minSpellDocs documents or more, and the English words the text
// package knows (text.EnglishWords), lower-cased, in byte order, each with
// its document count. Made once, on the first English question (one pass
// over the documents of an English knowledge, none over a Chinese one's).
type spellVocab struct {
	once  sync.Once
	words []string
	docs  []int32
}

// knownEnglish reports whether w (lower case) is a word English text
// writes as such: the o200k_base vocabulary holds " w" as one token
// (town, movie, mexico, secret, elevator, operation; not secrit, elevater,
// operashun, mersir). A misspelling the tokenizer holds whole (teem,
// rong) is left as typed.
func knownEnglish(w string) bool {
	t := englishTokenizer()
	return t != nil && t.Count(" "+w) == 1
}

var englishTokenizer = sync.OnceValue(func() *tokens.Tokenizer {
	t, err := tokens.New(tokens.O200kBase)
	if err != nil {
		return nil
	}
	return t
})

// misspeltWords reads each English word of question that is not in the
// vocabulary (spellVocab), no document holds and English does not know
// (knownEnglish; checked in that order, the costliest last and only for a
// word some vocabulary word is near), of four letters or more and no stop
// word, as the vocabulary's word it is nearest to as
// text.SpellingNear judges (fewest edits, then held in more documents,
// then the first in byte order): a child's "who is alex mersir" asks about
// Alex Mercer, "the elevater" about the elevator. A word near none stays.
// The word is written in the found word's letters, capitalised when
// typed so. An English question asked of a knowledge that is mostly
// Chinese is read so too, against the English words the text package
// knows ("what happend with the libary case": happened, library; Heard).
func (x *Lexical) misspeltWords(question string) string {
	return latinWord.ReplaceAllStringFunc(question, func(w string) string {
		low := strings.ToLower(w)
		if len(low) < 4 || text.IsStopWord(low) {
			return w
		}
		if _, in := slices.BinarySearch(x.spellWords().words, low); in {
			return w // a word of the vocabulary is spelt right
		}
		// the costlier checks last: a pass over the documents, and the
		// tokenizer's vocabulary (about 100 MB, loaded on first use), only
		// for a word some word of the vocabulary is near
		found := x.nearestSpelling(low)
		if found == "" || x.docsHolding(low) > 0 || knownEnglish(low) {
			return w
		}
		if w[0] >= 'A' && w[0] <= 'Z' {
			return strings.ToUpper(found[:1]) + found[1:]
		}
		return found
	})
}

// nearestSpelling is the vocabulary word typed is nearest to, "" for
// none (misspeltWords).
func (x *Lexical) nearestSpelling(typed string) string {
	v := x.spellWords()
	best, bestEdits, bestDocs := "", 0, int32(0)
	for i, w := range v.words {
		edits, near := text.SpellingNear(typed, w)
		if !near {
			continue
		}
		if best == "" || edits < bestEdits || edits == bestEdits && v.docs[i] > bestDocs {
			best, bestEdits, bestDocs = w, edits, v.docs[i] // words are in byte order: the first wins a tie
		}
	}
	return best
}

// spellWords makes the vocabulary once (spellVocab): the words of the
// documents held in minSpellDocs or more (not for a knowledge that is
// mostly Chinese, whose English words are names and addresses), and the
// English words the text package knows (text.EnglishWords: happened,
// library), with their document counts (0 for a word no document holds).
func (x *Lexical) spellWords() *spellVocab {
	x.vocab.once.Do(func() {
		count := map[string]int32{}
		if !x.chinese() {
			last := map[string]int{}
			for d, doc := range x.docs {
				for _, w := range asciiWords(doc) {
					if n, ok := last[w]; ok && n == d {
						continue
					}
					last[w] = d
					count[w]++
				}
			}
		}
		for w, n := range count {
			if n >= minSpellDocs {
				x.vocab.words = append(x.vocab.words, w)
			}
		}
		for _, w := range text.EnglishWords() {
			if count[w] < minSpellDocs {
				x.vocab.words = append(x.vocab.words, w)
			}
		}
		slices.Sort(x.vocab.words)
		x.vocab.docs = make([]int32, len(x.vocab.words))
		for i, w := range x.vocab.words {
			x.vocab.docs[i] = count[w]
		}
	})
	return &x.vocab
}

// asciiWords returns the lower-cased words of ASCII letters of s, an
// apostrophe between two letters kept (wasn't), of three letters or more.
func asciiWords(s string) []string {
	var out []string
	start := -1
	flush := func(end int) {
		if start >= 0 && end-start >= 3 {
			out = append(out, strings.ToLower(s[start:end]))
		}
		start = -1
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			if start < 0 {
				start = i
			}
		case c == '\'' && start >= 0 && i+1 < len(s) && (s[i+1] >= 'a' && s[i+1] <= 'z' || s[i+1] >= 'A' && s[i+1] <= 'Z'):
		default:
			flush(i)
		}
	}
	flush(len(s))
	return out
}
