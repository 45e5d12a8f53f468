package knowledge

import (
	"slices"
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
// millions of states. build makes the trie from the names in sorted
// order, so that the states a name adds below the prefix it shares with
// the name before it are numbered one after the other: most states then
// have one child, the next state, and step holds its rune (a look-up
// reads one entry of a dense array); the edges out of the other states
// are in one open-addressing table keyed by (state, rune), and the
// root's, for the Basic Multilingual Plane, in a direct table. Per state
// it keeps its fail link, its dictionary link (the nearest state on the
// fail chain where a name ends) and the first name ending there. Scratch
// space for find is the caller's (mentionScratch), one per goroutine, so
// a built matcher is read-only and safe for concurrent use.
type mentionMatcher struct {
	table []edgeSlot // open addressing, linear probing, a power of two long
	root  []int32    // the root's children by rune, for runes below len(root) (most lookups start at the root)
	step  []uint32   // per state: stepLeaf, stepTable, or the rune of its only child (the next state) and stepOut
	fail  []int32
	dict  []int32 // per state: the nearest state on the fail chain with a name (0: none)
	head  []int32 // per state: first name ending there, -1 none

	names []matchName
	keys  []string // per name until build: the name as compared (lower-cased)
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

// The values of mentionMatcher.step: a state without children, a state
// whose children are in the table, else the rune of the only child (the
// next state) in the low bits and stepOut when hasOut holds for it.
const (
	stepLeaf  = 1<<32 - 1
	stepTable = 1<<32 - 2
	stepOut   = 1 << 30
	stepRune  = 1<<21 - 1
)

// next is the trie's child of s on r (with hasOut set once built), 0 for
// none.
func (m *mentionMatcher) next(s int32, r rune) int32 {
	if s == 0 && r < rune(len(m.root)) {
		return m.root[r]
	}
	switch st := m.step[s]; st {
	case stepTable:
		return m.slot(edgeKey(s, r)).child
	case stepLeaf:
		return 0
	default:
		if rune(st&stepRune) != r {
			return 0
		}
		if st&stepOut != 0 {
			return (s + 1) | hasOut
		}
		return s + 1
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
// (reports whether it was added). The automaton is made by build.
func (m *mentionMatcher) add(name string, id int) bool {
	name = strings.TrimSpace(strings.TrimRight(name, "…."))
	n := utf8.RuneCountInString(name)
	if n < minMentionRunes || (!text.IsCJKText(name) && n < minMentionLatin) {
		return false
	}
	first, _ := utf8.DecodeRuneInString(name)
	last, _ := utf8.DecodeLastRuneInString(name)
	m.names = append(m.names, matchName{id: id, next: -1, runes: n, wordStart: isASCIIWord(first), wordEnd: isASCIIWord(last)})
	m.keys = append(m.keys, strings.Map(lowerRune, name))
	return true
}

// trie is the trie of the names' keys while build makes it: per state
// the rune on the edge into it, its first child and next sibling.
type trie struct {
	edge, child, sib []int32
}

func (t *trie) newState(r rune) int32 {
	t.edge = append(t.edge, r)
	t.child = append(t.child, 0)
	t.sib = append(t.sib, 0)
	return int32(len(t.edge) - 1)
}

// makeTrie makes the trie of the names' keys, taken in key order (names
// with equal keys in the order added: they end at one state, listed in
// that order), fills head and the names' next links, and step without
// stepOut. A state a name adds is numbered right after its parent unless
// the parent already existed, so a state numbered right after its parent
// and added first is its only child.
func (m *mentionMatcher) makeTrie() *trie {
	order := make([]int32, len(m.keys))
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortStableFunc(order, func(a, b int32) int { return strings.Compare(m.keys[a], m.keys[b]) })
	t := &trie{}
	t.newState(0)
	m.head = []int32{-1}
	path := []int32{0} // the states of the previous key, by depth in runes
	var prev, cur []rune
	tail := int32(-1) // the last name of the previous key
	for _, ni := range order {
		cur = append(cur[:0], []rune(m.keys[ni])...)
		d := 0
		for d < len(prev) && d < len(cur) && prev[d] == cur[d] {
			d++
		}
		path = path[:d+1]
		for _, r := range cur[d:] {
			s, u := path[len(path)-1], t.newState(r)
			t.child[s], t.sib[u] = u, t.child[s]
			path, m.head = append(path, u), append(m.head, -1)
		}
		if d == len(cur) && d == len(prev) {
			m.names[tail].next = ni // the same key again (a shorter key sorts first)
		} else {
			m.head[path[len(path)-1]] = ni
		}
		tail = ni
		prev, cur = cur, prev
	}
	m.keys = nil
	m.step = make([]uint32, len(t.edge))
	for s := range m.step {
		switch c := t.child[s]; {
		case s == 0 || (c != 0 && int(c) != s+1):
			m.step[s] = stepTable
		case c == 0:
			m.step[s] = stepLeaf
		default:
			m.step[s] = uint32(t.edge[c])
		}
	}
	return t
}

// build makes the automaton: the trie (makeTrie), its edge tables, and the
// fail and dictionary links; call once after the last add. The visiting
// order within a depth does not change the links.
func (m *mentionMatcher) build() {
	t := m.makeTrie()
	n := 0
	for s, st := range m.step {
		for c := t.child[s]; st == stepTable && c != 0; c = t.sib[c] {
			n++
		}
	}
	size := 1024
	for 2*n > size {
		size *= 2
	}
	m.table, m.root = make([]edgeSlot, size), make([]int32, rootRunes)
	for s, st := range m.step {
		for c := t.child[s]; st == stepTable && c != 0; c = t.sib[c] {
			if r := t.edge[c]; s == 0 && r < rootRunes {
				m.root[r] = c
			} else {
				*m.slot(edgeKey(int32(s), r)) = edgeSlot{edgeKey(int32(s), r), c}
			}
		}
	}
	m.links(t)
	out := func(t int32) int32 {
		if m.head[t] >= 0 || m.dict[t] != 0 {
			return t | hasOut
		}
		return t
	}
	for i := range m.table {
		if c := m.table[i].child; c != 0 {
			m.table[i].child = out(c)
		}
	}
	for r, c := range m.root {
		if c != 0 {
			m.root[r] = out(c)
		}
	}
	for s, st := range m.step {
		if st != stepTable && st != stepLeaf && out(int32(s+1)) < 0 {
			m.step[s] |= stepOut
		}
	}
}

// links computes the fail and dictionary links, breadth first.
func (m *mentionMatcher) links(t *trie) {
	m.fail, m.dict = make([]int32, len(m.step)), make([]int32, len(m.step))
	queue := make([]int32, 0, len(m.step))
	for c := t.child[0]; c != 0; c = t.sib[c] {
		queue = append(queue, c)
	}
	for q := 0; q < len(queue); q++ {
		s := queue[q]
		for c := t.child[s]; c != 0; c = t.sib[c] {
			r := t.edge[c]
			f := m.fail[s]
			for {
				if u := m.next(f, r); u != 0 && u != c {
					m.fail[c] = u
					break
				}
				if f == 0 {
					break
				}
				f = m.fail[f]
			}
			if f := m.fail[c]; m.head[f] >= 0 {
				m.dict[c] = f
			} else {
				m.dict[c] = m.dict[f]
			}
			queue = append(queue, c)
		}
	}
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
	for _, sent := range unitSentences.Split(s) { // every byte kept: the pieces concatenate to s
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
