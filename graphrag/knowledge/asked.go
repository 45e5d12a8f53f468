package knowledge

import (
	"regexp"
	"slices"
	"unicode/utf8"

	"reportengine/text"
)

// The facts a question asks for that a word alone does not show held
// (Lexical.Unasked): a fact of a person's life held only in a sentence
// naming the person, a price only in a sentence naming the thing with an
// amount of money, a year written in digits.

// money matches an amount of money: a number and 元 or 块, or a number of
// 万 or 千 that no measure word follows (月租两万，; not 1.5万张门票).
var money = regexp.MustCompile(`[0-9零一二三四五六七八九十百两.]+(?:元|块|[万千](?:元|[^\p{Han}]|$))`)

// priced reports whether some sentence names thing with an amount of
// money (money), or the knowledge does not hold thing at all (the other
// rules judge that): "门票多少钱一张" is not answered by "1.5万张门票“5秒没”".
func (x *Lexical) priced(thing string) bool {
	hits, _ := x.count(thing)
	if len(hits) == 0 {
		return true
	}
	return x.anyOccurrence(thing, hits, true, func(doc string, i, n int) bool {
		return money.MatchString(sentenceAround(doc, i, n))
	})
}

// subjectOf is the question's subject: of its content terms the
// knowledge holds, not asked for, the one in the fewest documents (张平文
// in "张平文校长是哪一年出生的？"; the first of equals), with its
// documents; no documents when it holds none.
func (x *Lexical) subjectOf(question string, asked []string) *subject {
	var best []docHit
	term := ""
	for _, t := range text.Terms(question) {
		if slices.Contains(asked, t.Text) {
			continue
		}
		if hits, _ := x.count(t.Text); len(hits) > 0 && (best == nil || len(hits) < len(best)) {
			best, term = hits, lowerASCII(t.Text)
		}
	}
	about := &subject{term: term, docs: make(map[int32]bool, len(best))}
	for _, h := range best {
		about.docs[h.doc] = true
	}
	return about
}

// yearDigits matches a year written in digits, 1000–2099 (1939年, "in
// 1947").
var yearDigits = regexp.MustCompile(`(?:^|[^0-9])(?:1[0-9]{3}|20[0-9]{2})(?:[^0-9]|$)`)

// holdsYear reports whether some document writes a year in digits: "In
// what year …" (text.Measured: year) is answered by a text dating in
// digits, though it never says "year". Computed once, on first use.
func (x *Lexical) holdsYear() bool {
	x.yearsOnce.Do(func() {
		x.yearsHeld = slices.ContainsFunc(x.docs, yearDigits.MatchString)
	})
	return x.yearsHeld
}

// subject is the question's term naming whom a personal fact is asked
// of (ASCII lower-cased), with the documents holding it.
type subject struct {
	term string
	docs map[int32]bool
}

// sentenceAround is the sentence of doc holding doc[i:i+n]: from the
// sentence end before it (。！？!?；, a line break, or '.' before a space)
// to the one after it.
func sentenceAround(doc string, i, n int) string {
	lo := i
	for lo > 0 {
		r, size := utf8.DecodeLastRuneInString(doc[:lo])
		if sentenceEnd(doc, lo-size, r) {
			break
		}
		lo -= size
	}
	hi := i + n
	for hi < len(doc) {
		r, size := utf8.DecodeRuneInString(doc[hi:])
		if sentenceEnd(doc, hi, r) {
			break
		}
		hi += size
	}
	return doc[lo:hi]
}

// sentenceEnd reports whether rune r at doc[at:] ends a sentence.
func sentenceEnd(doc string, at int, r rune) bool {
	switch r {
	case '。', '！', '？', '!', '?', '；', '\n':
		return true
	case '.':
		return at+1 == len(doc) || doc[at+1] == ' '
	}
	return false
}
