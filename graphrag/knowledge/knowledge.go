package knowledge

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"

	"reportengine/internal/parallel"
)

// Parts are the record lists a Model is built from, in the order the
// reference iterates them (§1.3): entities by ascending id for GraphRAG
// indexes, relationships, text units, covariates and reports in file order.
type Parts struct {
	Entities      []Entity
	Relationships []Relationship
	TextUnits     []TextUnit
	Reports       []CommunityReport
	Communities   []Community
	// Covariates by covariate type as GraphRAG's API passes them
	// ({"claims": [...]}); the key "claims" is present (possibly empty)
	// whenever the source can hold claims.
	Covariates map[string][]Covariate
	Source     Source
	Stats      LoadStats
}

// Source says where a Model came from.
type Source struct {
	Kind    string // "reportengine-graph" or "graphrag-index"
	Path    string // the graph file or the index output folder
	ID      string // report id for our graphs; "" for indexes
	Release string // GraphRAG release family recognised ("v1", "v2+", …); "" for our graphs
}

// LoadStats counts what a loader read, kept and skipped, per table. Nothing
// the reference would drop and nothing we skip goes uncounted.
type LoadStats struct {
	Tables   []TableStats
	Notes    []string // how the source was read: index layout, column mappings applied
	Warnings []string // one sentence each, naming the file and the record; at most 20 per kind, then one "… and N more" line
}

// TableStats is one table's counts.
type TableStats struct {
	Name    string // "entities", "relationships", …
	Read    int    // rows read from the source
	Kept    int    // records in the Model
	Dropped int    // rows left out on purpose (e.g. above the community level)
	Skipped int    // rows skipped because they are broken (dangling reference, empty id)
	// Dangling counts references from this table's records to records that
	// do not exist (a text unit id, an entity id, a community without a
	// report); the records are kept, the reference is skipped.
	Dangling int
	// DanglingKept counts references to missing entities that are kept as
	// GraphRAG keeps them: a relationship endpoint or a claim subject that
	// is not an entity (the record stays, with its reference as it is).
	DanglingKept int
	Absent       bool // the optional table does not exist in the source
}

// Table returns the stats of the named table (zero value with that name if
// the loader did not record it).
func (s LoadStats) Table(name string) TableStats {
	if i := slices.IndexFunc(s.Tables, func(t TableStats) bool { return t.Name == name }); i >= 0 {
		return s.Tables[i]
	}
	return TableStats{Name: name}
}

// Lines renders the stats for people, one line per table, then the notes
// ("covariates: absent (optional)", "entities: read 39, kept 39").
func (s LoadStats) Lines() []string {
	var out []string
	for _, t := range s.Tables {
		if t.Absent {
			out = append(out, t.Name+": absent (optional)")
			continue
		}
		l := fmt.Sprintf("%s: read %d, kept %d", t.Name, t.Read, t.Kept)
		for _, c := range []struct {
			n      int
			format string
		}{{t.Dropped, ", dropped %d"}, {t.Skipped, ", skipped %d"}, {t.Dangling, ", %d dangling references skipped"},
			{t.DanglingKept, ", %d references to missing entities kept, as GraphRAG does"}} {
			if c.n > 0 {
				l += fmt.Sprintf(c.format, c.n)
			}
		}
		out = append(out, l)
	}
	return append(out, s.Notes...)
}

// Model is an immutable knowledge model: once New returns, nothing writes to
// it or to the records it holds, so one Model serves any number of
// concurrent searches (B32). The slices returned by its methods are shared:
// callers must not modify them.
type Model struct {
	p          Parts
	entityByID map[string]int
	entityByT  map[string][]int
	// lex is the lexical index, made on first use (Lexical)
	lexOnce sync.Once
	lex     *Lexical
	// file is the model file, set once it is read or written
	file atomic.Pointer[modelFileRef]
	// sums are the entity texts' sums (sumText(EntityText(e))) when the
	// model file held them; nil: computed when asked (entityTextSums)
	sums []textSum
	// unitIdx maps each text unit id to the index of the last unit with
	// that id, made on first use (TextUnitIndex)
	unitOnce sync.Once
	unitIdx  map[string]int32
	// commUnits are the communities' distinct text units, counted on
	// first use (CommunityUnitCount)
	commUnits communityUnits
}

// New checks p (unique, non-empty entity ids) and indexes it. It takes
// ownership of p's slices.
func New(p Parts) (*Model, error) {
	m := &Model{p: p, entityByID: make(map[string]int, len(p.Entities)), entityByT: make(map[string][]int, len(p.Entities))}
	for i, e := range p.Entities {
		if e.ID == "" {
			return nil, fmt.Errorf("knowledge: entity %d (%q) has an empty id", i, e.Title)
		}
		if _, dup := m.entityByID[e.ID]; dup {
			return nil, fmt.Errorf("knowledge: duplicate entity id %q", e.ID)
		}
		m.entityByID[e.ID] = i
		m.entityByT[e.Title] = append(m.entityByT[e.Title], i)
	}
	if m.p.Covariates == nil {
		m.p.Covariates = map[string][]Covariate{}
	}
	return m, nil
}

// Entities returns the entities in reference order (§1.3: ascending id
// for GraphRAG indexes, graph order for our graphs). Shared: do not modify.
func (m *Model) Entities() []Entity { return m.p.Entities }

// Relationships returns the relationships in file (or edge) order.
func (m *Model) Relationships() []Relationship { return m.p.Relationships }

// TextUnits returns the text units in file order (our graphs: graph order
// of the nodes they belong to).
func (m *Model) TextUnits() []TextUnit { return m.p.TextUnits }

// Reports returns the community reports kept (levels ≤ the community
// level), in file order.
func (m *Model) Reports() []CommunityReport { return m.p.Reports }

// Communities returns every community read (all levels).
func (m *Model) Communities() []Community { return m.p.Communities }

// Covariates returns the covariates by type ({"claims": …} for GraphRAG
// indexes, even when the table is absent; no key for our graphs).
func (m *Model) Covariates() map[string][]Covariate { return m.p.Covariates }

// Source says where the model came from.
func (m *Model) Source() Source { return m.p.Source }

// Stats returns the load statistics, notes and warnings.
func (m *Model) Stats() LoadStats { return m.p.Stats }

// EntityByID returns the entity with that id.
func (m *Model) EntityByID(id string) (Entity, bool) {
	if i, ok := m.entityByID[id]; ok {
		return m.p.Entities[i], true
	}
	return Entity{}, false
}

// EntityIndex returns the index into Entities of the entity with that id.
func (m *Model) EntityIndex(id string) (int, bool) {
	i, ok := m.entityByID[id]
	return i, ok
}

// TextUnitIndex returns the index into TextUnits of the text unit with
// that id (the last one, as a Python dict keeps the last record with a
// key, when ids repeat). The index is made on the first call.
func (m *Model) TextUnitIndex(id string) (int, bool) {
	m.unitOnce.Do(func() {
		m.unitIdx = make(map[string]int32, len(m.p.TextUnits))
		for i, u := range m.p.TextUnits {
			m.unitIdx[u.ID] = int32(i)
		}
	})
	i, ok := m.unitIdx[id]
	return int(i), ok
}

// entityTextSums returns sumText(EntityText(e)) of every entity, in
// order: the model file's when it held them, else computed.
func (m *Model) entityTextSums() []textSum {
	if m.sums != nil || len(m.p.Entities) == 0 {
		return m.sums
	}
	sums := make([]textSum, len(m.p.Entities))
	parallel.Each(len(sums), 1024, func(_, i int) { sums[i] = sumText(EntityText(m.p.Entities[i])) })
	return sums
}

// EntitiesByTitle returns the indexes (into Entities) of the entities with
// exactly that title, in list order.
func (m *Model) EntitiesByTitle(title string) []int { return m.entityByT[title] }

// Neighbor is one hit of a vector search: a document id (an entity id) and
// its distance to the query (smaller is nearer).
type Neighbor struct {
	ID       string
	Distance float64
}

// VectorStore finds the k nearest stored vectors to q, nearest first, ties
// by ascending id. Implementations are safe for concurrent use. The exact
// in-memory store of this package is the default; an external vector store
// can implement the same interface.
type VectorStore interface {
	Nearest(ctx context.Context, q []float32, k int) ([]Neighbor, error)
}
