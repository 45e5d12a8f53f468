package localsearch

import (
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
// for a citation block to close (text.MaxHeldBlock, 2 KiB).
const MaxHeldBlock = text.MaxHeldBlock

// CitationMarker applies MarkCitations to an answer while it streams
// (text.CitationMarker): what reaches its emit function, once Flush has
// run, is MarkCitations of the whole answer, however the deltas cut it.
type CitationMarker = text.CitationMarker

// NewCitationMarker returns a CitationMarker passing text on to emit,
// judging cited ids against rec, the context's records (the
// Event.Context that comes before the first delta).
func NewCitationMarker(rec Records, emit func(string) error) *CitationMarker {
	return text.NewCitationMarker(newResolver(rec).inContext, emit)
}
