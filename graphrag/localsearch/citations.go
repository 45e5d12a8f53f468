package localsearch

import (
	"regexp"
	"strings"
	"unicode/utf8"

	"reportengine/graphrag/knowledge"
)

// Citation is one record id cited in an answer, resolved against the
// context that was sent.
type Citation struct {
	// Dataset is the dataset name as the answer wrote it ("Entities",
	// "sources", "Claims").
	Dataset string `json:"dataset"`
	// Table is the records key it names ("entities", "claims"), "" when the
	// name matches no table of the context.
	Table string `json:"table"`
	// ID is the cited id, as written (trimmed).
	ID string `json:"id"`
	// InContext is true when the context text showed a record of Table
	// with this id; false citations point at nothing the model was given.
	InContext bool `json:"in_context"`
	// Row is the index of the record in Records[Table].Rows, -1 when
	// InContext is false.
	Row int `json:"row"`
	// More is true when the group this id was cited in ended with
	// "+more" ("Relationships (37, 38, 41, +more)"): the model says it
	// cites more records than it names (GraphRAG's prompt asks for at
	// most 5 ids and "+more").
	More bool `json:"more,omitempty"`
	// RecordID is the cited record's own id (a UUID in a GraphRAG
	// index, the node or edge id of our graphs) and HumanReadableID its
	// human_readable_id, the number a user finds in the parquet file, when
	// the record has them; "" when InContext is false. ID is the short id
	// the context showed, which for Sources is the row position as in the
	// reference (§1.2, §10 #13), not the human_readable_id (B42).
	RecordID        string `json:"record_id,omitempty"`
	HumanReadableID string `json:"human_readable_id,omitempty"`
}

// NotInContextMark is what MarkCitations puts after a cited id the
// context did not show, where it stands in the answer.
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
)

// ParseCitations returns the citations of answer in order of appearance,
// each (table, id) once, resolved against rec. It accepts the variants
// models write: "[Data: Entities (1, 2); Reports (3)]", datasets separated
// by ";" or ",", ids by ",", "，", "、" or spaces, "+more" (not an id: it
// sets More on the ids of its group),
// full-width brackets, parentheses, colon and commas, any letter case,
// singular dataset names ("Entity (5)"), ids without brackets
// ("[Data: Entities 1, 2; Reports 3]"), and several blocks per sentence.
// Dataset names are matched case-insensitively against the records keys;
// a name that matches none keeps Table "".
func ParseCitations(answer string, rec Records) []Citation {
	r := newResolver(rec)
	var out []Citation
	seen := map[[2]string]int{} // key → index in out
	scanCitations(answer, func(name string, ids []idSpan, more bool) {
		table := datasetTable(name, rec)
		for _, sp := range ids {
			id := sp.id
			key := [2]string{strings.ToLower(name), id}
			if table != "" {
				key[0] = table
			}
			if i, ok := seen[key]; ok {
				out[i].More = out[i].More || more
				continue
			}
			seen[key] = len(out)
			out = append(out, r.resolve(name, table, id, more))
		}
	})
	return out
}

// MarkCitations returns answer with NotInContextMark after every id of a
// [Data: …] block that the context did not show (an id outside its
// table, or a dataset the context has no table of), so a reader sees
// where an answer cites what the model was never given. Everything else
// is left as written; an answer without such a citation is returned
// unchanged.
func MarkCitations(answer string, rec Records) string {
	r := newResolver(rec)
	var b strings.Builder
	last := 0
	scanCitations(answer, func(name string, ids []idSpan, _ bool) {
		table := datasetTable(name, rec)
		for _, sp := range ids {
			if r.resolve(name, table, sp.id, false).InContext {
				continue
			}
			b.WriteString(answer[last:sp.end])
			b.WriteString(NotInContextMark)
			last = sp.end
		}
	})
	if last == 0 {
		return answer
	}
	b.WriteString(answer[last:])
	return b.String()
}

// idSpan is one cited id and where it ends in the scanned text.
type idSpan struct {
	id  string
	end int // byte offset just past the id as written
}

// citeIDRE is one id of a group: what lies between separators (",",
// "，", "、", ";", "；", white space).
var citeIDRE = regexp.MustCompile(`[^,，、;；\s]+`)

// scanCitations calls fn for each dataset group of each [Data: …] block
// of answer, in order: the dataset name as written, its ids (trimmed, a
// leading '#' dropped; "+more", "more", "+", "..." and "…" left out) with
// their end offsets in answer, and whether the group said "+more".
func scanCitations(answer string, fn func(name string, ids []idSpan, more bool)) {
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
			var ids []idSpan
			more := false
			for _, loc := range citeIDRE.FindAllStringIndex(list, -1) {
				id := list[loc[0]:loc[1]]
				switch strings.ToLower(id) {
				case "+more", "more", "+", "...", "…":
					more = more || strings.Contains(strings.ToLower(id), "more")
					continue
				}
				ids = append(ids, idSpan{id: strings.TrimPrefix(id, "#"), end: base + g[4] + loc[1]})
			}
			fn(name, ids, more)
		}
	}
}

// resolver looks cited ids up in the context records.
type resolver struct {
	rec   Records
	shown map[string]map[string]int // table → shown id → row
}

func newResolver(rec Records) *resolver {
	shown := map[string]map[string]int{}
	for key, t := range rec {
		m := map[string]int{}
		col := t.Column("id")
		if col >= 0 {
			for i, r := range t.Rows {
				if t.InContext != nil && !t.InContext[i] {
					continue
				}
				if _, dup := m[r[col]]; !dup {
					m[r[col]] = i
				}
			}
		}
		shown[key] = m
	}
	return &resolver{rec: rec, shown: shown}
}

func (r *resolver) resolve(name, table, id string, more bool) Citation {
	c := Citation{Dataset: name, Table: table, ID: id, Row: -1, More: more}
	if row, ok := r.shown[table][id]; ok && table != "" {
		c.InContext, c.Row = true, row
	}
	return c
}

// identify sets RecordID and HumanReadableID of the citations cs that
// are in the context, from the records of m they name (B42): entities,
// relationships and claims (under their covariate type, lower-cased, as
// the records key them) by short id, which is their human_readable_id;
// community reports (under reportsKey) by short id, the community
// number; text units ("sources") by short id, their row position, whose
// human_readable_id is TextUnit.HumanReadableID. Each lookup is a scan of
// the one list (an answer cites a handful of records).
func identify(cs []Citation, m *knowledge.Model, reportsKey string) {
	for i := range cs {
		c := &cs[i]
		if !c.InContext || m == nil {
			continue
		}
		set := func(id, human string) { c.RecordID, c.HumanReadableID = id, human }
		switch c.Table {
		case "entities":
			for _, e := range m.Entities() {
				if e.ShortID == c.ID {
					set(e.ID, e.ShortID)
					break
				}
			}
		case "relationships":
			for _, r := range m.Relationships() {
				if r.ShortID == c.ID {
					set(r.ID, r.ShortID)
					break
				}
			}
		case "sources":
			for _, u := range m.TextUnits() {
				if u.ShortID == c.ID {
					set(u.ID, u.HumanReadableID)
					break
				}
			}
		case reportsKey:
			for _, r := range m.Reports() {
				if r.ShortID == c.ID {
					set(r.ID, r.ShortID)
					break
				}
			}
		default:
			for typ, list := range m.Covariates() {
				if strings.ToLower(typ) != c.Table {
					continue
				}
				for _, x := range list {
					if x.ShortID == c.ID {
						set(x.ID, x.ShortID)
						break
					}
				}
			}
		}
	}
}

// datasetTable maps a cited dataset name to a records key: exact
// (case-insensitive), then plural/singular variants.
func datasetTable(name string, rec Records) string {
	low := strings.ToLower(strings.TrimSpace(name))
	for _, cand := range []string{low, low + "s", strings.TrimSuffix(low, "s"), strings.TrimSuffix(low, "es"),
		strings.TrimSuffix(low, "y") + "ies"} {
		if _, ok := rec[cand]; ok {
			return cand
		}
	}
	return ""
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
// the deltas cut it. rec are the context's records (the Event.Context
// that comes before the first delta).
type CitationMarker struct {
	rec   Records
	emit  func(string) error
	held  strings.Builder
	carry string // the start of a character the last delta cut
}

// NewCitationMarker returns a CitationMarker passing text on to emit.
func NewCitationMarker(rec Records, emit func(string) error) *CitationMarker {
	return &CitationMarker{rec: rec, emit: emit}
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
			i, n := openBracket(s)
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
		if j, n := closeBracket(s); j >= 0 {
			m.held.WriteString(s[:j+n])
			s = s[j+n:]
			blk := m.held.String()
			m.held.Reset()
			if err := m.emit(MarkCitations(blk, m.rec)); err != nil {
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

// openBracket is the offset and length of the first opening bracket of
// a citation block in s ('[', '［', '【'); -1 when there is none.
func openBracket(s string) (int, int) {
	i := strings.IndexAny(s, "[［【")
	if i < 0 {
		return -1, 0
	}
	if s[i] == '[' {
		return i, 1
	}
	return i, 3
}

// closeBracket is openBracket for the closing brackets.
func closeBracket(s string) (int, int) {
	i := strings.IndexAny(s, "]］】")
	if i < 0 {
		return -1, 0
	}
	if s[i] == ']' {
		return i, 1
	}
	return i, 3
}

// mayBeCitationBlock is false once held (an opening bracket and what
// followed) can no longer be the start of "[Data:" (any letter case,
// spaces around, a full-width colon).
func mayBeCitationBlock(held string) bool {
	_, n := openBracket(held)
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
