package knowledge

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"reportengine/graphrag"
)

// mentionMatcher finds which of a set of names occur in a text, with one
// Aho–Corasick automaton over lower-cased runes, so it works on text without
// spaces (Chinese) and its cost does not grow with the number of names.
// Names of Latin letters and digits only match whole words (an ASCII
// letter or digit may not touch the match on either side); names holding a
// CJK character match anywhere.
type mentionMatcher struct {
	next  []map[rune]int32 // goto function per state
	fail  []int32
	out   [][]int32 // names ending at each state (after following fail links)
	names []matchName
}

type matchName struct {
	id        int // caller's id
	runes     int
	wordStart bool // first rune is a letter or digit: needs a boundary before
	wordEnd   bool
}

// minMentionRunes is the shortest name matched: 2 runes when the name holds
// a CJK character, minMentionLatin otherwise.
const (
	minMentionRunes = 2
	minMentionLatin = 4
)

func newMentionMatcher() *mentionMatcher {
	return &mentionMatcher{next: []map[rune]int32{{}}, fail: []int32{0}, out: [][]int32{nil}}
}

// add registers name under id; names too short to be telling are ignored
// (reports whether it was added).
func (m *mentionMatcher) add(name string, id int) bool {
	name = strings.TrimSpace(strings.TrimRight(name, "…."))
	n := utf8.RuneCountInString(name)
	if n < minMentionRunes || (!hasCJK(name) && n < minMentionLatin) {
		return false
	}
	first, _ := utf8.DecodeRuneInString(name)
	last, _ := utf8.DecodeLastRuneInString(name)
	m.names = append(m.names, matchName{id: id, runes: n, wordStart: isWordRune(first), wordEnd: isWordRune(last)})
	s := int32(0)
	for _, r := range name {
		r = unicode.ToLower(r)
		t, ok := m.next[s][r]
		if !ok {
			t = int32(len(m.next))
			m.next = append(m.next, map[rune]int32{})
			m.fail = append(m.fail, 0)
			m.out = append(m.out, nil)
			m.next[s][r] = t
		}
		s = t
	}
	m.out[s] = append(m.out[s], int32(len(m.names)-1))
	return true
}

// build computes the failure links; call once after the last add.
func (m *mentionMatcher) build() {
	queue := make([]int32, 0, len(m.next))
	for _, t := range m.next[0] {
		queue = append(queue, t)
	}
	// deterministic order does not matter for correctness: fail links and
	// outputs are the same whatever the visiting order within a depth
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		for r, t := range m.next[s] {
			f := m.fail[s]
			for {
				if u, ok := m.next[f][r]; ok && u != t {
					m.fail[t] = u
					break
				}
				if f == 0 {
					m.fail[t] = 0
					break
				}
				f = m.fail[f]
			}
			m.out[t] = append(m.out[t], m.out[m.fail[t]]...)
			queue = append(queue, t)
		}
	}
}

// find calls hit once per distinct name id occurring in text, in order of
// first occurrence.
func (m *mentionMatcher) find(text string, hit func(id int)) {
	if len(m.names) == 0 {
		return
	}
	runes := []rune(text)
	seen := map[int32]bool{}
	s := int32(0)
	for i, r := range runes {
		r = unicode.ToLower(r)
		for {
			if t, ok := m.next[s][r]; ok {
				s = t
				break
			}
			if s == 0 {
				break
			}
			s = m.fail[s]
		}
		for _, ni := range m.out[s] {
			if seen[ni] {
				continue
			}
			nm := m.names[ni]
			start := i - nm.runes + 1
			if nm.wordStart && start > 0 && isASCIIWord(runes[start-1]) {
				continue
			}
			if nm.wordEnd && i+1 < len(runes) && isASCIIWord(runes[i+1]) {
				continue
			}
			seen[ni] = true
			hit(nm.id)
		}
	}
}

func isWordRune(r rune) bool  { return isASCIIWord(r) }
func isASCIIWord(r rune) bool { return r < 128 && (unicode.IsLetter(r) || unicode.IsDigit(r)) }

func hasCJK(s string) bool {
	for _, r := range s {
		if unicode.Is(unicode.Han, r) || unicode.Is(unicode.Hiragana, r) || unicode.Is(unicode.Katakana, r) || unicode.Is(unicode.Hangul, r) {
			return true
		}
	}
	return false
}

// chunkText cuts text into pieces of at most max runes, at paragraph or
// sentence ends where it can (。！？!?; and . ! ? followed by a space), hard
// cuts inside longer sentences, never inside a rune. Pieces are trimmed;
// empty pieces are dropped.
func chunkText(text string, max int) []string {
	text = strings.TrimSpace(text)
	if text == "" {
		return nil
	}
	if utf8.RuneCountInString(text) <= max {
		return []string{text}
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
	for _, sent := range sentences(text) {
		n := utf8.RuneCountInString(sent)
		if curRunes+n > max && curRunes > 0 {
			flush()
		}
		for n > max { // a sentence longer than a chunk: hard cuts
			head := graphrag.TruncateRunes(sent, max)
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

// sentences splits text after sentence-ending punctuation and newlines,
// keeping every byte (the pieces concatenate to text).
func sentences(text string) []string {
	var out []string
	start := 0
	for pos, r := range text {
		end := false
		switch r {
		case '。', '！', '？', '；', '\n':
			end = true
		case '.', '!', '?':
			next, _ := utf8.DecodeRuneInString(text[pos+1:])
			end = pos+1 == len(text) || unicode.IsSpace(next)
		}
		if end {
			stop := pos + utf8.RuneLen(r)
			out = append(out, text[start:stop])
			start = stop
		}
	}
	if start < len(text) {
		out = append(out, text[start:])
	}
	return out
}
