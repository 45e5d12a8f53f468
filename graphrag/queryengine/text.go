package queryengine

import (
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"reportengine/graphrag"
)

// The searchable text of a graph: for every node, the values of its
// searchable fields (name, title, query_text, summary, latest_summary,
// content, url) as string headers into the graph's own bytes, and a case
// mode. Both the scan (every Run before Index) and the gram index (its
// verification step) read it.

// textIndex keeps, per node, the searchable field values (string headers
// sharing the graph's bytes, no copy), so that matching reads the text
// without going through Node and Attributes.
type textIndex struct {
	start  []uint32 // fields of node v: fields[start[v]:start[v+1]]
	fields []string // non-empty, distinct per node
}

func (t *textIndex) of(v uint32) []string { return t.fields[t.start[v]:t.start[v+1]] }

func (t *textIndex) bytes() int64 {
	return int64(len(t.start))*4 + int64(len(t.fields))*16
}

// searchFields appends the non-empty searchable values of node v to dst:
// its name and the string value of each searchable attribute (as
// Graph.String reads it), without duplicates.
func searchFields(g *graphrag.Graph, v int, dst []string) []string {
	base := len(dst)
	add := func(s string) {
		if s != "" && !slices.Contains(dst[base:], s) {
			dst = append(dst, s)
		}
	}
	add(g.Name(v))
	for _, k := range searchable {
		add(g.String(v, k))
	}
	return dst
}

// searchable are the attributes whose string values are searched, besides
// the name.
var searchable = [...]string{"title", "query_text", "summary", "latest_summary", "content", "url"}

// caseBits marks the BMP runes r with unicode.ToLower(r) != r, so the hot
// loops call unicode.ToLower (a binary search) only for those.
var caseBits = sync.OnceValue(func() *[65536 / 64]uint64 {
	var b [65536 / 64]uint64
	for r := rune(0); r < 65536; r++ {
		if unicode.ToLower(r) != r {
			b[r>>6] |= 1 << (r & 63)
		}
	}
	return &b
})

// lowerRune is unicode.ToLower, with a table for the BMP.
func lowerRune(cb *[1024]uint64, r rune) rune {
	if r < 65536 && cb[r>>6]&(1<<(r&63)) == 0 {
		return r
	}
	return unicode.ToLower(r)
}

// buildText collects the searchable fields of every node.
func buildText(g *graphrag.Graph, n int) textIndex {
	ti := textIndex{start: make([]uint32, n+1), fields: make([]string, 0, 3*n+8)} // a source has about 3
	for v := range n {
		ti.fields = searchFields(g, v, ti.fields)
		ti.start[v+1] = uint32(len(ti.fields))
	}
	return ti
}

// Term classes: how a lower-case term is matched against raw fields, so
// that the result is strings.Contains(strings.ToLower(field), term) without
// lower-casing the field.
const (
	// classCaseless: a plain byte search (see caseless).
	classCaseless = iota
	// classASCII: every rune of the term is caseless or an ASCII letter; a
	// search folding ASCII A-Z decides, except in a field that holds one
	// of the term's letters' non-ASCII upper cases (K KELVIN SIGN for k,
	// İ for i), which takes the general path.
	classASCII
	// classGeneral: any other term (é, Greek, Cyrillic, U+FFFD): the field
	// is lower-cased (a copy) unless a plain byte search already finds it.
	classGeneral
)

// matcher tests nodes against lower-case terms.
type matcher struct {
	t     *textIndex
	terms []string
	class []int
	// odd[i] are the non-ASCII runes (as UTF-8) that lower-case to an
	// ASCII letter of terms[i] (classASCII only).
	odd [][]string
}

func newMatcher(t *textIndex, terms []string) *matcher {
	m := &matcher{t: t, terms: terms, class: make([]int, len(terms)), odd: make([][]string, len(terms))}
	for i, term := range terms {
		m.class[i], m.odd[i] = classify(term)
	}
	return m
}

// match reports whether node v has a field containing one of the terms.
func (m *matcher) match(v uint32) bool {
	for _, f := range m.t.of(v) {
		for i, term := range m.terms {
			if m.contains(f, i, term) {
				return true
			}
		}
	}
	return false
}

func (m *matcher) contains(f string, i int, term string) bool {
	switch m.class[i] {
	case classCaseless:
		return containsLast(f, term)
	case classASCII:
		general := false
		for _, o := range m.odd[i] {
			general = general || strings.Contains(f, o)
		}
		if !general {
			return containsFoldASCII(f, term)
		}
	}
	return containsLast(f, term) || strings.Contains(strings.ToLower(f), term)
}

// caseTables are derived once from unicode.CaseRanges: the runes that
// unicode.ToLower gives for some other rune (a-z, é, ß from ẞ, k from the
// Kelvin sign, …), and for each ASCII letter its non-ASCII preimages.
type caseTables struct {
	images   map[rune]bool
	asciiOdd map[rune][]string
}

var tables = sync.OnceValue(func() caseTables {
	ct := caseTables{images: map[rune]bool{}, asciiOdd: map[rune][]string{}}
	for _, cr := range unicode.CaseRanges {
		for r := rune(cr.Lo); r <= rune(cr.Hi); r++ {
			l := unicode.ToLower(r)
			if l == r {
				continue
			}
			ct.images[l] = true
			if l < utf8.RuneSelf && r >= utf8.RuneSelf {
				ct.asciiOdd[l] = append(ct.asciiOdd[l], string(r))
			}
		}
	}
	return ct
})

// classify returns the class of the lower-case term t and, for classASCII,
// the non-ASCII runes that lower-case to one of its letters.
//
// A rune is caseless when no other rune lower-cases to it and it is not
// U+FFFD (the image of invalid UTF-8 under strings.ToLower). A term of
// caseless runes occurs in strings.ToLower(f) exactly where it occurs in f:
// the runes strings.ToLower changes never take part in an occurrence. So
// Chinese terms, digits and punctuation need no lower-casing; "tesla" folds
// ASCII only.
func classify(t string) (int, []string) {
	ct := tables()
	class := classCaseless
	var odd []string
	for _, r := range t {
		switch {
		case 'a' <= r && r <= 'z':
			class = max(class, classASCII)
			for _, o := range ct.asciiOdd[r] {
				if !slices.Contains(odd, o) {
					odd = append(odd, o)
				}
			}
		case r == utf8.RuneError || ct.images[r]:
			return classGeneral, nil
		}
	}
	return class, odd
}

// containsLast is strings.Contains(s, t) for a non-empty t, anchored on
// the LAST byte of t: for CJK text that is a UTF-8 continuation byte (one
// of 64 values), far rarer than the lead byte strings.Index anchors on,
// which occurs every three bytes of Chinese text.
func containsLast(s, t string) bool {
	j := len(t) - 1
	c := t[j]
	end := len(s) // exclusive bound for the anchor position
	for i := j; i < end; i++ {
		k := strings.IndexByte(s[i:end], c)
		if k < 0 {
			return false
		}
		i += k
		if s[i-j:i+1] == t {
			return true
		}
	}
	return false
}

// containsFoldASCII reports whether s, with ASCII A-Z lowered, contains t
// (lower-case, non-empty). Like containsLast it anchors on the last byte of
// t, found by strings.IndexByte in both cases when it is a letter.
func containsFoldASCII(s, t string) bool {
	j := len(t) - 1
	lo, up := t[j], t[j]
	if 'a' <= lo && lo <= 'z' {
		up = lo - ('a' - 'A')
	}
	nextLo, nextUp := -2, -2 // next position of each anchor; -1: none left
	if up == lo {
		nextUp = -1
	}
	for pos := j; ; {
		if nextLo != -1 && nextLo < pos {
			nextLo = indexFrom(s, lo, pos)
		}
		if nextUp != -1 && nextUp < pos {
			nextUp = indexFrom(s, up, pos)
		}
		i := nextLo
		if i < 0 || (nextUp >= 0 && nextUp < i) {
			i = nextUp
		}
		if i < 0 {
			return false
		}
		if equalFoldASCII(s[i-j:i], t[:j]) {
			return true
		}
		pos = i + 1
	}
}

// indexFrom is the index of the first c in s at or after from, or -1.
func indexFrom(s string, c byte, from int) int {
	if from >= len(s) {
		return -1
	}
	if k := strings.IndexByte(s[from:], c); k >= 0 {
		return from + k
	}
	return -1
}

// equalFoldASCII reports whether a with ASCII A-Z lowered equals t
// (len(a) == len(t)).
func equalFoldASCII(a, t string) bool {
	for i := 0; i < len(t); i++ {
		c := a[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != t[i] {
			return false
		}
	}
	return true
}
