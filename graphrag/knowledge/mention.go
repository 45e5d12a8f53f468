package knowledge

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"reportengine/text"
)

// mentionMatcher finds which of a set of names occur in a text, with one
// Aho–Corasick automaton over lower-cased runes, so it works on text without
// spaces (Chinese) and its cost per text does not grow with the number of
// names. Names of Latin letters and digits only match whole words (an
// ASCII letter or digit may not touch the match on either side); names
// holding a CJK character match anywhere.
//
// The automaton is stored flat, for a quarter of a million names and
// millions of states: the trie's edges in one open-addressing table keyed
// by (state, rune), and per state its fail link, its dictionary link (the
// nearest state on the fail chain where a name ends) and the first name
// ending there. Scratch space for find is the caller's (mentionScratch),
// one per goroutine, so a built matcher is read-only and safe for
// concurrent use.
type mentionMatcher struct {
	table []edgeSlot // open addressing, linear probing, a power of two long
	used  int
	root  []int32 // the root's children by rune, for runes below len(root) (most lookups start at the root)

	edge  []rune  // per state: the rune on the edge into it
	child []int32 // per state: first child (0: none)
	sib   []int32 // per state: next sibling (0: none)
	fail  []int32
	dict  []int32 // per state: the nearest state on the fail chain with a name (0: none)
	head  []int32 // per state: first name ending there, -1 none
	tail  []int32 // per state while adding: last name ending there

	names []matchName
}

// edgeSlot is one trie edge: key is state<<32 | rune; child 0 marks an
// empty slot (no edge leads back to the root).
type edgeSlot struct {
	key   uint64
	child int32
}

type matchName struct {
	id        int   // caller's id
	next      int32 // the next name ending at the same state, -1 none
	runes     int
	wordStart bool // first rune is a letter or digit: needs a boundary before
	wordEnd   bool
}

// rootRunes is how many runes (from 0) the root's direct table covers:
// the Basic Multilingual Plane, 256 KiB.
const rootRunes = 0x10000

// mentionScratch is one goroutine's scratch space for find.
type mentionScratch struct {
	runes []rune
	seen  []uint32 // per name: the find call (generation) that reported it
	done  []uint32 // per state: the find call that reported every name ending there
	gen   uint32
}

// minMentionRunes is the shortest name matched: 2 runes when the name holds
// a CJK character, minMentionLatin otherwise.
const (
	minMentionRunes = 2
	minMentionLatin = 4
)

func newMentionMatcher() *mentionMatcher {
	m := &mentionMatcher{}
	m.newState(0)
	m.table = make([]edgeSlot, 1024)
	return m
}

func (m *mentionMatcher) newState(r rune) int32 {
	m.edge = append(m.edge, r)
	m.child = append(m.child, 0)
	m.sib = append(m.sib, 0)
	m.fail = append(m.fail, 0)
	m.dict = append(m.dict, 0)
	m.head = append(m.head, -1)
	m.tail = append(m.tail, -1)
	return int32(len(m.edge) - 1)
}

func edgeKey(s int32, r rune) uint64 { return uint64(uint32(s))<<32 | uint64(uint32(r)) }

// slot is where key is or would go in the edge table.
func (m *mentionMatcher) slot(key uint64) *edgeSlot {
	mask := uint64(len(m.table) - 1)
	i := (key * 0x9E3779B97F4A7C15) >> 29 & mask
	for {
		e := &m.table[i]
		if e.child == 0 || e.key == key {
			return e
		}
		i = (i + 1) & mask
	}
}

// hasOut marks, in a built matcher's edge children, a state where a name
// ends or whose dictionary link leads to one: the others need no look at
// the per-state lists.
const hasOut = -1 << 31

// next is the trie's child of s on r (with hasOut set once built), 0 for
// none.
func (m *mentionMatcher) next(s int32, r rune) int32 {
	if s == 0 && m.root != nil {
		if r < rune(len(m.root)) {
			return m.root[r]
		}
	}
	return m.slot(edgeKey(s, r)).child
}

func (m *mentionMatcher) grow() {
	old := m.table
	m.table = make([]edgeSlot, 2*len(old))
	for _, e := range old {
		if e.child != 0 {
			*m.slot(e.key) = e
		}
	}
}

// lowerRune is unicode.ToLower with fast paths for ASCII and the common
// CJK ideographs (which have no case).
func lowerRune(r rune) rune {
	switch {
	case r < utf8.RuneSelf:
		if 'A' <= r && r <= 'Z' {
			r += 'a' - 'A'
		}
		return r
	case text.IsBasicHan(r):
		return r
	}
	return unicode.ToLower(r)
}

// mentionKey is name as the matcher compares it: trimmed as add trims it,
// lower-cased rune by rune.
func mentionKey(name string) string {
	name = strings.TrimSpace(strings.TrimRight(name, "…."))
	return strings.Map(lowerRune, name)
}

// add registers name under id; names too short to be telling are ignored
// (reports whether it was added).
func (m *mentionMatcher) add(name string, id int) bool {
	name = strings.TrimSpace(strings.TrimRight(name, "…."))
	n := utf8.RuneCountInString(name)
	if n < minMentionRunes || (!text.IsCJKText(name) && n < minMentionLatin) {
		return false
	}
	first, _ := utf8.DecodeRuneInString(name)
	last, _ := utf8.DecodeLastRuneInString(name)
	s := int32(0)
	for _, r := range name {
		r = lowerRune(r)
		key := edgeKey(s, r)
		e := m.slot(key)
		if e.child == 0 {
			t := m.newState(r)
			m.child[s], m.sib[t] = t, m.child[s]
			e.key, e.child = key, t
			if m.used++; 2*m.used > len(m.table) {
				m.grow()
			}
			s = t
			continue
		}
		s = e.child
	}
	ni := int32(len(m.names))
	m.names = append(m.names, matchName{id: id, next: -1, runes: n, wordStart: isWordRune(first), wordEnd: isWordRune(last)})
	if m.head[s] < 0 {
		m.head[s] = ni
	} else {
		m.names[m.tail[s]].next = ni
	}
	m.tail[s] = ni
	return true
}

// build computes the fail and dictionary links; call once after the last
// add. The visiting order within a depth does not change them.
func (m *mentionMatcher) build() {
	m.tail = nil
	m.root = make([]int32, rootRunes)
	for t := m.child[0]; t != 0; t = m.sib[t] {
		if r := m.edge[t]; r < rootRunes {
			m.root[r] = t
		}
	}
	queue := make([]int32, 0, len(m.edge))
	for t := m.child[0]; t != 0; t = m.sib[t] {
		queue = append(queue, t)
	}
	for q := 0; q < len(queue); q++ {
		s := queue[q]
		for t := m.child[s]; t != 0; t = m.sib[t] {
			r := m.edge[t]
			f := m.fail[s]
			for {
				if u := m.next(f, r); u != 0 && u != t {
					m.fail[t] = u
					break
				}
				if f == 0 {
					m.fail[t] = 0
					break
				}
				f = m.fail[f]
			}
			if f := m.fail[t]; m.head[f] >= 0 {
				m.dict[t] = f
			} else {
				m.dict[t] = m.dict[f]
			}
			queue = append(queue, t)
		}
	}
	out := func(t int32) int32 {
		if m.head[t] >= 0 || m.dict[t] != 0 {
			return t | hasOut
		}
		return t
	}
	for i := range m.table {
		if t := m.table[i].child; t != 0 {
			m.table[i].child = out(t)
		}
	}
	for r, t := range m.root {
		if t != 0 {
			m.root[r] = out(t)
		}
	}
	m.edge, m.child, m.sib = nil, nil, nil
}

// find calls hit once per distinct name occurring in text, in order of
// first occurrence (names ending at the same rune: the longest first, and
// names equal after lower-casing in the order they were added). sc is the
// calling goroutine's scratch space.
func (m *mentionMatcher) find(text string, sc *mentionScratch, hit func(id int)) {
	if len(m.names) == 0 {
		return
	}
	if len(sc.seen) != len(m.names) || len(sc.done) != len(m.head) {
		sc.seen, sc.done, sc.gen = make([]uint32, len(m.names)), make([]uint32, len(m.head)), 0
	}
	if sc.gen++; sc.gen == 0 { // wrapped: forget every generation
		clear(sc.seen)
		clear(sc.done)
		sc.gen = 1
	}
	runes := sc.runes[:0]
	for _, r := range text {
		runes = append(runes, r)
	}
	sc.runes = runes
	s := int32(0)
	for i, r := range runes {
		r = lowerRune(r)
		var t int32
		for {
			if t = m.next(s, r); t != 0 {
				break
			}
			if s == 0 {
				break
			}
			s = m.fail[s]
		}
		s = t &^ hasOut
		if t >= 0 { // hasOut clear (or no edge: back at the root): no name ends here
			continue
		}
		st := s
		if m.head[st] < 0 {
			st = m.dict[st]
		}
		for ; st != 0; st = m.dict[st] {
			if sc.done[st] == sc.gen { // many entities can share a name: its list is walked once
				continue
			}
			all := true
			for ni := m.head[st]; ni >= 0; ni = m.names[ni].next {
				if sc.seen[ni] == sc.gen {
					continue
				}
				nm := &m.names[ni]
				start := i - nm.runes + 1
				if nm.wordStart && start > 0 && isASCIIWord(runes[start-1]) {
					all = false
					continue
				}
				if nm.wordEnd && i+1 < len(runes) && isASCIIWord(runes[i+1]) {
					all = false
					continue
				}
				sc.seen[ni] = sc.gen
				hit(nm.id)
			}
			if all {
				sc.done[st] = sc.gen
			}
		}
	}
}

func isWordRune(r rune) bool  { return isASCIIWord(r) }
func isASCIIWord(r rune) bool { return r < 128 && (unicode.IsLetter(r) || unicode.IsDigit(r)) }

// chunkText cuts text into pieces of at most max runes, at paragraph or
// sentence ends where it can (。！？!?; and . ! ? followed by a space), hard
// cuts inside longer sentences, never inside a rune. Pieces are trimmed;
// empty pieces are dropped.
func chunkText(s string, max int) []string {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil
	}
	if utf8.RuneCountInString(s) <= max {
		return []string{s}
	}
	var out []string
	var cur strings.Builder
	curRunes := 0
	flush := func() {
		if s := strings.TrimSpace(cur.String()); s != "" {
			out = append(out, s)
		}
		cur.Reset()
		curRunes = 0
	}
	for _, sent := range sentences(s) {
		n := utf8.RuneCountInString(sent)
		if curRunes+n > max && curRunes > 0 {
			flush()
		}
		for n > max { // a sentence longer than a chunk: hard cuts
			head := text.TruncateRunes(sent, max)
			cur.WriteString(head)
			flush()
			sent = sent[len(head):]
			n -= max
		}
		cur.WriteString(sent)
		curRunes += n
	}
	flush()
	return out
}

// unitSentences are the sentence ends of a text unit: the Chinese marks
// and newlines, and . ! ? before white space or at the end.
var unitSentences = text.SentenceRules{Ends: "。！？；\n", SpacedEnds: ".!?", AnySpace: true}

// sentences splits s after sentence-ending punctuation and newlines
// (unitSentences), keeping every byte (the pieces concatenate to s).
func sentences(s string) []string { return unitSentences.Split(s) }
