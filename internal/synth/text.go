package synth

import (
	"math/rand/v2"
	"strconv"
	"unicode/utf8"
)

// Text generation parameters.
const (
	enShare       = 0.15 // probability that a token is an English word
	numberShare   = 0.04 // probability that a token is a number with a unit
	functionShare = 0.25 // probability that a token is a function word
)

// skew picks an index in [0, n) that favours the front of a list, so the
// first vocabulary words are common and the last ones are rare.
func skew(r *rand.Rand, n int) int {
	u := r.Float64()
	return int(u * u * float64(n))
}

// pending is a marker word waiting to be written once the text reaches pos
// runes.
type pending struct {
	w     string
	runes int
	en    bool
	pos   int
	done  bool
}

// textGen appends mixed Chinese and English text. It keeps the state needed
// to place spaces around English words and punctuation between clauses.
type textGen struct {
	b       []byte
	runes   int
	prevEN  bool
	atStart bool
}

func (t *textGen) word(s string, runes int, en bool) {
	if !t.atStart && (en || t.prevEN) {
		t.b = append(t.b, ' ')
		t.runes++
	}
	t.b = append(t.b, s...)
	t.runes += runes
	t.prevEN = en
	t.atStart = false
}

func (t *textGen) punct(s string) {
	t.b = append(t.b, s...)
	t.runes++ // every punctuation string is counted as one rune ("……" too)
	t.prevEN = false
	t.atStart = true
}

// token writes one random word or number.
func (t *textGen) token(r *rand.Rand) {
	x := r.Float64()
	switch {
	case x < numberShare:
		if !t.atStart && t.prevEN {
			t.b = append(t.b, ' ')
			t.runes++
		}
		start := len(t.b)
		t.b = strconv.AppendInt(t.b, int64(1+r.IntN(999)), 10)
		t.runes += len(t.b) - start
		u := numberUnits[r.IntN(len(numberUnits))]
		t.b = append(t.b, u...)
		t.runes++
		t.prevEN = u == "%" || u == "k"
		t.atStart = false
	case x < numberShare+enShare:
		w := &enWords[skew(r, len(enWords))]
		t.word(w.s, w.runes, true)
	case x < numberShare+enShare+functionShare:
		w := &fnWords[r.IntN(len(fnWords))]
		t.word(w.s, w.runes, false)
	default:
		w := &zhWords[skew(r, len(zhWords))]
		t.word(w.s, w.runes, false)
	}
}

// appendText appends about n runes of text to b (it stops at the first
// word boundary at or after n runes). With sentences set, words are grouped
// into clauses and sentences with Chinese punctuation, ending with a
// sentence mark; otherwise the text is a plain phrase. Each marker in marks
// is written once, at a random position. It returns the new buffer.
func appendText(b []byte, r *rand.Rand, n int, sentences bool, marks []pending) []byte {
	t := textGen{b: b, atStart: true}
	for i := range marks {
		marks[i].pos = r.IntN(max(n, 1))
		marks[i].done = false
	}
	// place writes the markers due at this length (all: every one left).
	place := func(all bool) {
		for i := range marks {
			if m := &marks[i]; !m.done && (all || t.runes >= m.pos) {
				t.word(m.w, m.runes, m.en)
				m.done = true
			}
		}
	}
	inSentence, sentenceLen := 0, 4+r.IntN(8)
	for t.runes < n {
		place(false)
		t.token(r)
		if !sentences {
			continue
		}
		inSentence++
		// Punctuation only where more words follow, so that a clause mark
		// never runs into the closing sentence mark.
		if inSentence >= sentenceLen && t.runes+1 < n {
			t.punct(sentencePunct[r.IntN(len(sentencePunct))])
			inSentence, sentenceLen = 0, 4+r.IntN(8)
		} else if r.IntN(4) == 0 && t.runes+1 < n {
			t.punct(clausePunct[r.IntN(len(clausePunct))])
		}
	}
	place(true)
	if sentences {
		t.punct(sentencePunct[r.IntN(len(sentencePunct))])
	}
	return t.b
}

// pickMarkers draws which marker words a record's content gets and stores
// them in dst (which must have room for all markers). It returns the chosen
// prefix of dst.
func pickMarkers(r *rand.Rand, dst []pending) []pending {
	n := 0
	for _, m := range markerTable {
		if r.Float64() < m.Share {
			dst[n] = pending{w: m.Word, runes: utf8.RuneCountInString(m.Word), en: m.en}
			n++
		}
	}
	return dst[:n]
}

// markerTable is Markers() with the ASCII flag precomputed.
var markerTable = func() []markerEntry {
	ms := Markers()
	out := make([]markerEntry, len(ms))
	for i, m := range ms {
		out[i] = markerEntry{m, m.Word[0] < 0x80}
	}
	return out
}()

// markerEntry is a marker and whether its word is ASCII (English).
type markerEntry struct {
	Marker
	en bool
}
