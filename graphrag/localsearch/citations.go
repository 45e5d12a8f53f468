package localsearch

import (
	"strconv"
	"strings"

	"reportengine/graphrag/knowledge"
	"reportengine/text"
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
// context did not show, where it stands in the answer (text.NotInContextMark,
// the one mark of local and global answers).
const NotInContextMark = text.NotInContextMark

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
	text.ScanCitations(answer, func(name string, ids []text.CitedID, more bool) {
		table := datasetTable(name, rec)
		for _, sp := range ids {
			id := sp.ID
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
// where an answer cites what the model was never given: text.MarkCitations
// with ParseCitations's reading of rec. Everything else is left as
// written; an answer without such a citation is returned unchanged.
func MarkCitations(answer string, rec Records) string {
	return text.MarkCitations(answer, newResolver(rec).inContext)
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

// inContext is whether the context showed a record of the dataset
// named (as written) with id.
func (r *resolver) inContext(name, id string) bool {
	return r.resolve(name, datasetTable(name, r.rec), id, false).InContext
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
// human_readable_id is TextUnit.HumanReadableID. The first record with
// the id is taken: found at its position in a list whose short ids are
// the positions (pos, see positionalIDs), else by a scan of the list.
func identify(cs []Citation, m *knowledge.Model, reportsKey string, pos positional) {
	for i := range cs {
		c := &cs[i]
		if !c.InContext || m == nil {
			continue
		}
		set := func(id, human string) { c.RecordID, c.HumanReadableID = id, human }
		switch c.Table {
		case "entities":
			es := m.Entities()
			if k := findShort(len(es), func(i int) string { return es[i].ShortID }, c.ID, pos.entities); k >= 0 {
				set(es[k].ID, es[k].ShortID)
			}
		case "relationships":
			rs := m.Relationships()
			if k := findShort(len(rs), func(i int) string { return rs[i].ShortID }, c.ID, pos.relationships); k >= 0 {
				set(rs[k].ID, rs[k].ShortID)
			}
		case "sources":
			us := m.TextUnits()
			if k := findShort(len(us), func(i int) string { return us[i].ShortID }, c.ID, pos.units); k >= 0 {
				set(us[k].ID, us[k].HumanReadableID)
			}
		case reportsKey:
			rs := m.Reports()
			if k := findShort(len(rs), func(i int) string { return rs[i].ShortID }, c.ID, false); k >= 0 {
				set(rs[k].ID, rs[k].ShortID)
			}
		default:
			for typ, list := range m.Covariates() {
				if strings.ToLower(typ) != c.Table {
					continue
				}
				if k := findShort(len(list), func(i int) string { return list[i].ShortID }, c.ID, false); k >= 0 {
					set(list[k].ID, list[k].ShortID)
				}
			}
		}
	}
}

// positional says, per record list, whether every record's short id is
// its position ("0", "1", …): our graphs' entities, relationships and text
// units, and GraphRAG's text units. Such a list holds each short id once,
// at the position it names.
type positional struct{ entities, relationships, units bool }

// findPositional returns m's positional, a pass over the three lists; the
// builder makes it on first use (ContextBuilder.positionalIDs: a scan of
// 300 000 records per citation cost an answer on the 300 000-record graph
// about 60 ms).
func (b *ContextBuilder) findPositional() positional {
	es, rs, us := b.m.Entities(), b.m.Relationships(), b.m.TextUnits()
	return positional{
		entities:      isPositional(len(es), func(i int) string { return es[i].ShortID }),
		relationships: isPositional(len(rs), func(i int) string { return rs[i].ShortID }),
		units:         isPositional(len(us), func(i int) string { return us[i].ShortID }),
	}
}

// isPositional reports whether id(i) is i in decimal for each i < n.
func isPositional(n int, id func(int) string) bool {
	var buf []byte
	for i := range n {
		if buf = strconv.AppendInt(buf[:0], int64(i), 10); id(i) != string(buf) {
			return false
		}
	}
	return true
}

// findShort returns the first i < n with id(i) == s, -1 when none; with
// positional (id(i) is i for every i) it reads s as the position.
func findShort(n int, id func(int) string, s string, positional bool) int {
	if positional {
		if k, err := strconv.Atoi(s); err == nil && k >= 0 && k < n && strconv.Itoa(k) == s {
			return k
		}
		return -1
	}
	for i := range n {
		if id(i) == s {
			return i
		}
	}
	return -1
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

// NewCitationMarker returns a text.CitationMarker, which applies
// MarkCitations to an answer while it streams (what reaches emit, once
// Flush has run, is MarkCitations of the whole answer, however the deltas
// cut it), judging cited ids against rec, the context's records (the
// Event.Context that comes before the first delta).
func NewCitationMarker(rec Records, emit func(string) error) *text.CitationMarker {
	return text.NewCitationMarker(newResolver(rec).inContext, emit)
}
