package evidence

import (
	"slices"
	"strings"
	"sync"

	"reportengine/text"
)

// profile is a topic's profile (TopicConfig.Profile) read on demand:
// NewTopic segments none of its texts; a question about the vocabulary
// (Judge's rule 7) or the run's places (isRelated) segments only the
// texts that may answer it, each at most once, and keeps the answer. The
// answers are those of counting every text first (TestProfileOracle); on
// the 300 000-record run Judge asks about the terms of a few hundred
// sentences, against the 6 300 profile passages read before.
type profile struct {
	texts    []string
	lower    string   // the texts in lower case, each ended by a 0 byte
	starts   []int    // where each text starts in lower
	prefixes []string // the topic's words (entitiesIn)
	read     []profileText

	mu     sync.Mutex
	vocab  map[string]bool // answers of inVocab
	places map[string]bool // answers of isPlace

	sized sync.Once
	large bool // the vocabulary holds MinVocabulary terms or more
}

// profileText is what one profile text holds: the texts of its terms
// (text.TermsOf) and its places (entitiesIn).
type profileText struct {
	once          sync.Once
	terms, places map[string]bool
}

func newProfile(texts, prefixes []string) *profile {
	p := &profile{texts: texts, prefixes: prefixes, read: make([]profileText, len(texts)),
		vocab: map[string]bool{}, places: map[string]bool{}}
	var b strings.Builder
	for _, s := range texts {
		p.starts = append(p.starts, b.Len())
		b.WriteString(strings.ToLower(s))
		b.WriteByte(0)
	}
	p.lower = b.String()
	return p
}

// text reads profile text i, once.
func (p *profile) text(i int) *profileText {
	r := &p.read[i]
	r.once.Do(func() {
		ws := text.Words(p.texts[i]) // once for the terms and the entities
		r.terms, r.places = map[string]bool{}, map[string]bool{}
		for _, term := range text.TermsOf(p.texts[i], ws) {
			r.terms[term.Text] = true
		}
		for _, e := range entitiesIn(p.texts[i], ws, p.prefixes...) {
			if e.kind == entityPlace {
				r.places[e.name] = true
			}
		}
	})
	return r
}

// inVocab reports a term (a Term.Text) of the vocabulary: not a stop
// word, and a term of at least ProfileMinCount texts.
func (p *profile) inVocab(term string) bool {
	if p == nil || text.IsStopWord(term) {
		return false
	}
	// a term is written in its text (lower-cased), but for an English
	// stem of a plural in -ies (studies → study)
	needles := []string{term}
	if strings.HasSuffix(term, "y") {
		needles = append(needles, strings.TrimSuffix(term, "y")+"ies")
	}
	return p.answer(p.vocab, term, ProfileMinCount, needles, func(r *profileText) bool { return r.terms[term] })
}

// isPlace reports a place the profile names in at least
// ProfilePlaceCount texts: the run's own geography (杭州 for a shop in
// Hangzhou), never another city's event.
func (p *profile) isPlace(name string) bool {
	if p == nil {
		return false
	}
	return p.answer(p.places, name, ProfilePlaceCount, []string{strings.ToLower(name)}, func(r *profileText) bool { return r.places[name] })
}

// answer returns memo[key], first set to whether at least n texts that
// hold one of needles are such that has.
func (p *profile) answer(memo map[string]bool, key string, n int, needles []string, has func(*profileText) bool) bool {
	p.mu.Lock()
	v, ok := memo[key]
	p.mu.Unlock()
	if ok {
		return v
	}
	found := 0
	for pos := 0; pos < len(p.lower) && found < n; {
		next := -1
		for _, s := range needles {
			if j := strings.Index(p.lower[pos:], s); j >= 0 && (next < 0 || j < next) {
				next = j
			}
		}
		if next < 0 {
			break
		}
		i, ok := slices.BinarySearch(p.starts, pos+next)
		if !ok {
			i-- // the text holding the match
		}
		if has(p.text(i)) {
			found++
		}
		pos = len(p.lower)
		if i+1 < len(p.starts) {
			pos = p.starts[i+1]
		}
	}
	p.mu.Lock()
	memo[key] = found >= n
	p.mu.Unlock()
	return found >= n
}

// largeVocab reports a vocabulary of MinVocabulary terms or more; it
// reads texts in order until it knows.
func (p *profile) largeVocab() bool {
	if p == nil {
		return false
	}
	p.sized.Do(func() {
		counts, size := map[string]int{}, 0
		for i := range p.texts {
			for term := range p.text(i).terms {
				if counts[term]++; counts[term] == ProfileMinCount && !text.IsStopWord(term) {
					size++
				}
			}
			if size >= MinVocabulary {
				p.large = true
				return
			}
		}
	})
	return p.large
}
