package text

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// NotInContextMark is what MarkCitations puts after a cited id that the
// search context did not show, where it stands in the answer: local and
// global search answers, printed, streamed and in the viewer, carry this
// one mark.
const NotInContextMark = "⟨not in context⟩"

var (
	// A citation block: [Data: …], with ASCII or full-width brackets and
	// colon, any letter case.
	citeBlockRE = regexp.MustCompile(`[\[［【]\s*(?i:data)\s*[:：]\s*([^\]］】]*)[\]］】]`)
	// One dataset inside a block: a name, then ids in round brackets.
	citeGroupRE = regexp.MustCompile(`([\p{L}][\p{L} _-]*?)\s*[(（]([^)）]*)[)）]`)
	citeSemiRE  = regexp.MustCompile(`[;；]`)
	// Without brackets: "Entities 1, 2; Reports 3".
	citeBareRE = regexp.MustCompile(`^\s*([\p{L}][\p{L} _-]*?)\s*[:：]?\s+(#?[\p{N}\p{L}+][^;；]*)$`)
	// One id of a group: what lies between separators (",", "，", "、",
	// ";", "；", white space).
	citeIDRE = regexp.MustCompile(`[^,，、;；\s]+`)
)

// CitedID is one id of a citation group and where it ends in the scanned
// answer.
type CitedID struct {
	// ID is the id as written, trimmed, a leading '#' dropped.
	ID string
	// End is the byte offset in the answer just past the id as written.
	End int
}

// ScanCitations calls fn for each dataset group of each citation block of
// answer, in order of appearance: the dataset name as written ("Entities",
// "Report"), its ids with their end offsets, and whether the group said
// "+more". It reads the variants models write (GraphRAG's prompts ask for
// "[Data: Entities (1, 2); Reports (3, +more)]"): full-width brackets,
// parentheses, colon and commas, any letter case of "Data", datasets
// separated by ";" or ",", ids by ",", "，", "、" or spaces, ids without
// round brackets ("[Data: Entities 1, 2; Reports 3]"), and several blocks
// per sentence. "+more", "more", "+", "..." and "…" are no ids. Local and
// global search parse and mark their answers' citations with this one
// reading.
func ScanCitations(answer string, fn func(name string, ids []CitedID, more bool)) {
	for _, blk := range citeBlockRE.FindAllStringSubmatchIndex(answer, -1) {
		inner, base := answer[blk[2]:blk[3]], blk[2]
		groups := citeGroupRE.FindAllStringSubmatchIndex(inner, -1)
		if len(groups) == 0 {
			start := 0
			seps := append(citeSemiRE.FindAllStringIndex(inner, -1), []int{len(inner), len(inner)})
			for _, sep := range seps {
				part := inner[start:sep[0]]
				if m := citeBareRE.FindStringSubmatchIndex(part); m != nil {
					for k := range m {
						if m[k] >= 0 {
							m[k] += start
						}
					}
					groups = append(groups, m)
				}
				start = sep[1]
			}
		}
		for _, g := range groups {
			name := strings.TrimSpace(inner[g[2]:g[3]])
			list := inner[g[4]:g[5]]
			var ids []CitedID
			more := false
			for _, loc := range citeIDRE.FindAllStringIndex(list, -1) {
				id := list[loc[0]:loc[1]]
				switch strings.ToLower(id) {
				case "+more", "more", "+", "...", "…":
					more = more || strings.Contains(strings.ToLower(id), "more")
					continue
				}
				ids = append(ids, CitedID{ID: strings.TrimPrefix(id, "#"), End: base + g[4] + loc[1]})
			}
			fn(name, ids, more)
		}
	}
}

// InContextFunc says whether the context a search sent showed a record of
// dataset (the name as the answer wrote it) with id.
type InContextFunc func(dataset, id string) bool

// MarkCitations returns answer with NotInContextMark after every cited id
// (ScanCitations) for which inContext is false, so a reader sees where an
// answer cites what the model was never given. Everything else is left as
// written; an answer without such a citation is returned unchanged.
func MarkCitations(answer string, inContext InContextFunc) string {
	var b strings.Builder
	last := 0
	ScanCitations(answer, func(name string, ids []CitedID, _ bool) {
		for _, sp := range ids {
			if inContext(name, sp.ID) {
				continue
			}
			b.WriteString(answer[last:sp.End])
			b.WriteString(NotInContextMark)
			last = sp.End
		}
	})
	if last == 0 {
		return answer
	}
	b.WriteString(answer[last:])
	return b.String()
}

// MaxHeldBlock is the longest text a CitationMarker holds back waiting
// for a citation block to close: 2 KiB (a block of a dozen datasets of
// five ids each is under 300 bytes); a longer one is passed on unmarked.
const MaxHeldBlock = 2 << 10

// CitationMarker applies MarkCitations to an answer while it streams:
// text is passed on to emit as it comes, except from an opening bracket
// that may begin a [Data: …] block, which is held back until the block
// closes and then passed on marked (or, when it turns out not to be a
// citation block or grows past MaxHeldBlock, as it was). What reaches
// emit, once Flush has run, is MarkCitations of the whole answer, however
// the deltas cut it.
type CitationMarker struct {
	inContext InContextFunc
	emit      func(string) error
	held      strings.Builder
	carry     string // the start of a character the last delta cut
}

// NewCitationMarker returns a CitationMarker judging ids with inContext
// and passing text on to emit.
func NewCitationMarker(inContext InContextFunc, emit func(string) error) *CitationMarker {
	return &CitationMarker{inContext: inContext, emit: emit}
}

// Write takes the next delta of the answer; it returns emit's error.
func (m *CitationMarker) Write(delta string) error {
	s := m.carry + delta
	m.carry = ""
	// a character cut by the delta (a full-width bracket's first bytes)
	// waits for the rest
	for k := 1; k <= 3 && k <= len(s); k++ {
		if utf8.RuneStart(s[len(s)-k]) {
			if !utf8.FullRuneInString(s[len(s)-k:]) {
				s, m.carry = s[:len(s)-k], s[len(s)-k:]
			}
			break
		}
	}
	for s != "" {
		if m.held.Len() == 0 {
			i, n := bracket(s, openBrackets)
			if i < 0 {
				return m.emit(s)
			}
			if i > 0 {
				if err := m.emit(s[:i]); err != nil {
					return err
				}
			}
			m.held.WriteString(s[i : i+n])
			s = s[i+n:]
			continue
		}
		if j, n := bracket(s, closeBrackets); j >= 0 {
			m.held.WriteString(s[:j+n])
			s = s[j+n:]
			blk := m.held.String()
			m.held.Reset()
			if err := m.emit(MarkCitations(blk, m.inContext)); err != nil {
				return err
			}
			continue
		}
		m.held.WriteString(s)
		s = ""
		if h := m.held.String(); !mayBeCitationBlock(h) || len(h) > MaxHeldBlock {
			m.held.Reset()
			return m.emit(h)
		}
	}
	return nil
}

// Flush passes on what is held back (a block the answer left open).
func (m *CitationMarker) Flush() error {
	h := m.held.String() + m.carry
	m.held.Reset()
	m.carry = ""
	if h == "" {
		return nil
	}
	return m.emit(h)
}

// Citation blocks' brackets: ASCII, full-width and 【】.
const (
	openBrackets  = "[［【"
	closeBrackets = "]］】"
)

// bracket is the offset and length of the first of brackets in s; -1
// when there is none.
func bracket(s, brackets string) (int, int) {
	i := strings.IndexAny(s, brackets)
	if i < 0 {
		return -1, 0
	}
	_, n := utf8.DecodeRuneInString(s[i:])
	return i, n
}

// mayBeCitationBlock is false once held (an opening bracket and what
// followed) can no longer be the start of "[Data:" (any letter case,
// spaces around, a full-width colon).
func mayBeCitationBlock(held string) bool {
	_, n := bracket(held, openBrackets)
	rest := strings.TrimLeft(held[n:], " \t")
	low := strings.ToLower(rest)
	if len(low) < 4 {
		return strings.HasPrefix("data", low)
	}
	if !strings.HasPrefix(low, "data") {
		return false
	}
	after := strings.TrimLeft(low[4:], " \t")
	return after == "" || strings.HasPrefix(after, ":") || strings.HasPrefix(after, "：")
}
