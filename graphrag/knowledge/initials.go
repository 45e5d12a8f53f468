package knowledge

import (
	"encoding/binary"
	"regexp"
	"strings"

	"reportengine/text"
)

// initialism matches two lower-case Latin letters standing alone among
// Han runes, spaces or marks (wd樱花, 想问下wd转专业; \b is an ASCII word
// boundary): the pinyin initials a Chinese netizen writes a name by (wd
// for 武大). Group 1 is the letters.
var initialism = regexp.MustCompile(`\b([a-z]{2})\b`)

// Initialism thresholds: the word read for the initials must be held by
// at least minInitialismDocs documents and by initialismLead times as
// many as any other word with those initials, so only the knowledge's
// main subject is read for them (武大, held by hundreds of the fixture's
// documents), never a word among many alike.
const (
	minInitialismDocs = 10
	initialismLead    = 3
)

// initialisms writes each two-letter initialism of a Chinese question
// (initialism) that no document holds, that is no stop word and that the
// glossary lacks (text.HasTranslation) as the two-rune Han word with those
// pinyin initials (text.HasInitial) that the most documents hold, when
// that word is held by minInitialismDocs documents or more and by
// initialismLead times as many as the next (a word with a stop rune, 我的,
// is never read): "wd樱花最早到底谁种的" asks about 武大 (heldout78).
// question without Han runes, or on a knowledge without the bigram index,
// is returned as it is. Reads every key of the bigram index once per
// initialism (about a millisecond per hundred thousand keys).
func (x *Lexical) initialisms(question string) string {
	if !text.HasHan(question) || x.bigramIndex() == nil {
		return question
	}
	for _, m := range initialism.FindAllStringSubmatch(question, -1) {
		w := m[1]
		if text.IsStopWord(w) || text.HasTranslation(w) || x.docsHolding(w) > 0 {
			continue
		}
		if word := x.initialismWord(w[0], w[1]); word != "" {
			question = strings.Replace(question, w, word, 1)
		}
	}
	return question
}

// initialismWord is the two-rune Han word of initials a and b that
// initialisms reads, or "".
func (x *Lexical) initialismWord(a, b byte) string {
	idx := x.bigramIndex()
	best, most, second := "", 0, 0
	var docs, counts []int32
	for i := 0; i < idx.n; i++ {
		key := binary.LittleEndian.Uint64(idx.keys[8*i:])
		r1, r2 := rune(key>>32), rune(uint32(key))
		if !text.IsHan(r1) || !text.IsHan(r2) || !text.HasInitial(r1, a) || !text.HasInitial(r2, b) {
			continue
		}
		w := string([]rune{r1, r2})
		if text.IsStopWord(string(r1)) || text.IsStopWord(string(r2)) || text.IsStopWord(w) {
			continue
		}
		docs, counts, _ = decodeList(idx.listAt(i), docs[:0], counts[:0]) // a list cut short counts what it holds
		n := len(docs)
		switch {
		case n > most:
			best, most, second = w, n, most
		case n > second:
			second = n
		}
	}
	if most < minInitialismDocs || most < initialismLead*second {
		return ""
	}
	return best
}
