package knowledge

import (
	"strings"
	"unicode/utf8"

	"reportengine/text"
)

// Word boundaries around an occurrence in a document, as the segmenter
// cuts the text around it (usedAsWord, UsedAsName, familiarName).

// wholeWordAt reports whether doc[i:i+n] starts and ends on word
// boundaries of the text around it (boundaries).
func wholeWordAt(doc string, i, n int) bool {
	starts, ends := boundaries(doc, i, n)
	return starts && ends
}

// wordWindow is how many runes either side of an occurrence boundaries
// segments.
const wordWindow = 6

// boundaries reports whether doc[i:i+n] starts and whether it ends on a
// word boundary of the words text.Words finds in the text around it
// (wordWindow runes either side).
func boundaries(doc string, i, n int) (starts, ends bool) {
	lo, hi := i, i+n
	for k := 0; k < wordWindow && lo > 0; k++ {
		_, size := utf8.DecodeLastRuneInString(doc[:lo])
		lo -= size
	}
	for k := 0; k < wordWindow && hi < len(doc); k++ {
		_, size := utf8.DecodeRuneInString(doc[hi:])
		hi += size
	}
	win, start, end := doc[lo:hi], i-lo, i-lo+n
	at := 0
	for _, word := range text.Words(win) {
		k := strings.Index(win[at:], word)
		if k < 0 {
			continue // a word Words lower-cased or joined
		}
		starts = starts || at+k == start
		if at += k + len(word); at == end {
			return starts, true
		}
	}
	return starts, false
}
