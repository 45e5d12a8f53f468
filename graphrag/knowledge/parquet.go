package knowledge

import (
	"cmp"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// DefaultCommunityLevel is the community level GraphRAG's CLI uses
// (--community-level 2) and FromParquet applies when ParquetOptions leaves
// CommunityLevel nil.
const DefaultCommunityLevel = 2

// ParquetOptions configure FromParquet.
type ParquetOptions struct {
	// CommunityLevel keeps community memberships and reports of levels
	// ≤ *CommunityLevel (reference §1.4). nil means DefaultCommunityLevel
	// (2); a negative level means no filtering (GraphRAG's None), under
	// which entities without any community get community id "-1".
	CommunityLevel *int
}

// Level returns a pointer to n, for ParquetOptions.CommunityLevel.
func Level(n int) *int { return &n }

// migrationHint is the advice given for indexes of older releases.
const migrationHint = "re-index with GraphRAG 3.x (graphrag index) or update the index with GraphRAG's index migration notebooks (v0→v1, v1→v2, v2→v3)"

// the tables FromParquet reads, by logical name
const (
	tEntities      = "entities"
	tRelationships = "relationships"
	tTextUnits     = "text_units"
	tCommunities   = "communities"
	tReports       = "community_reports"
	tCovariates    = "covariates"
	tNodes         = "nodes" // GraphRAG 0.x/1.x create_final_nodes.parquet
)

// index is a Microsoft GraphRAG output folder being loaded.
type index struct {
	dir     string
	files   map[string]string   // logical table → path (present tables only)
	cols    map[string][]string // logical table → top-level column names
	release string
	notes   []string
	stats   map[string]*TableStats
	warn    warnings
}

// FromParquet loads a Microsoft GraphRAG index: dir is a project root
// holding output/, or the output folder itself. It reads entities,
// relationships and text_units (required) and communities,
// community_reports and covariates (optional, B34), checking every file's
// column names and types before decoding (B35).
//
// The mapping, ordering and community-level filtering follow reference
// §1.2–§1.4 (GraphRAG 3.1.2 indexer_adapters.py and loaders): entities in
// ascending id order, short ids from human_readable_id, text-unit short ids
// = row position, entity rank = int(degree), relationship rank =
// int(combined_degree), community ids = the ascending set of communities
// at level ≤ L containing the entity (entities with none are dropped, as in
// the reference), reports kept when level ≤ L, covariate type from the
// claim's `type` column and covariate attributes object_id, status,
// start_date, end_date, description in that order. Relationships whose
// endpoint and claims whose subject is not an entity title are kept, as
// the reference keeps them (Dulce has 2 and 7), and counted as dangling
// with a warning. Where we differ: dangling text-unit references of
// entities and relationships are removed (they matched nothing), rows
// without an entity id and duplicate entity ids are skipped; all counted
// and warned about in Model.Stats().
//
// Older layouts are recognised: GraphRAG 2.x (text_units.document_ids →
// document_id = its first item), 1.x and 0.x (create_final_*.parquet;
// title←name, combined_degree←rank, degree and community membership from
// create_final_nodes.parquet or degree from the relationships). A layout
// that cannot be mapped is refused with a *ReleaseError or a *SchemaError
// naming the release and the migration to run.
//
// The folder is only read: FromParquet writes nothing, so a read-only
// index works.
func FromParquet(dir string, opts ParquetOptions) (*Model, error) {
	level := DefaultCommunityLevel
	if opts.CommunityLevel != nil {
		level = *opts.CommunityLevel
	}
	ix, err := openIndex(dir)
	if err != nil {
		return nil, err
	}
	p := Parts{
		Source:     Source{Kind: "graphrag-index", Path: ix.dir, Release: ix.release},
		Covariates: map[string][]Covariate{"claims": nil},
	}
	ents, titles, err := ix.readEntities()
	if err != nil {
		return nil, err
	}
	if p.Relationships, err = ix.readRelationships(titles); err != nil {
		return nil, err
	}
	if p.TextUnits, err = ix.readTextUnits(); err != nil {
		return nil, err
	}
	if p.Communities, err = ix.readCommunities(); err != nil {
		return nil, err
	}
	if err := ix.fillRanks(ents, p.Relationships); err != nil {
		return nil, err
	}
	ix.assignCommunities(ents, p.Communities, level)
	p.Entities = ents
	if p.Reports, err = ix.readReports(level); err != nil {
		return nil, err
	}
	if p.Covariates["claims"], err = ix.readCovariates(titles); err != nil {
		return nil, err
	}
	ix.checkReferences(&p)
	p.Stats = ix.finishStats()
	return New(p)
}

// openIndex resolves the output folder, finds the table files and
// recognises the release.
func openIndex(dir string) (*index, error) {
	out := dir
	if fi, err := os.Stat(filepath.Join(dir, "output")); err == nil && fi.IsDir() && !hasEntities(dir) {
		out = filepath.Join(dir, "output")
	}
	if fi, err := os.Stat(out); err != nil {
		return nil, fmt.Errorf("knowledge: GraphRAG index %s: %w", dir, err)
	} else if !fi.IsDir() {
		return nil, fmt.Errorf("knowledge: GraphRAG index %s: not a folder", dir)
	}
	ix := &index{dir: out, files: map[string]string{}, cols: map[string][]string{}, stats: map[string]*TableStats{}}
	legacy := false
	for _, t := range []string{tEntities, tRelationships, tTextUnits, tCommunities, tReports, tCovariates, tNodes} {
		for _, name := range []string{t + ".parquet", "create_final_" + t + ".parquet"} {
			path := filepath.Join(out, name)
			if _, err := os.Stat(path); err == nil {
				ix.files[t] = path
				legacy = legacy || strings.HasPrefix(name, "create_final_")
				break
			}
		}
	}
	for _, t := range []string{tEntities, tRelationships, tTextUnits} {
		if _, ok := ix.files[t]; !ok {
			return nil, &MissingTableError{Dir: out, Table: t, Tried: []string{t + ".parquet", "create_final_" + t + ".parquet"}, Found: globNames(out, "*.parquet")}
		}
	}
	for t, path := range ix.files {
		pf, fh, err := openParquet(path)
		if err != nil {
			return nil, fmt.Errorf("knowledge: open %s: %w", path, err)
		}
		ix.cols[t] = columnNames(pf)
		fh.Close()
	}
	switch {
	case legacy && ix.hasCol(tEntities, "name") && !ix.hasCol(tEntities, "title"):
		ix.release = "GraphRAG 0.x"
	case legacy:
		ix.release = "GraphRAG 1.x"
	case ix.hasCol(tTextUnits, "document_ids") && !ix.hasCol(tTextUnits, "document_id"):
		ix.release = "GraphRAG 2.x"
	default:
		ix.release = "GraphRAG 3.x"
	}
	ix.notes = append(ix.notes, "index layout: "+ix.release)
	if tables := globNames(filepath.Join(out, "lancedb"), "*.lance"); len(tables) > 0 {
		ix.notes = append(ix.notes, fmt.Sprintf("lancedb/ holds %s: LanceDB tables are not read (entity_description in 3.x, default-entity-description in 2.x); entity vectors are computed with the configured embedder and cached outside the index",
			strings.Join(tables, ", ")))
	}
	return ix, nil
}

// globNames returns the names of the files in dir that match pattern,
// sorted.
func globNames(dir, pattern string) []string {
	found, _ := filepath.Glob(filepath.Join(dir, pattern))
	for i := range found {
		found[i] = filepath.Base(found[i])
	}
	slices.Sort(found)
	return found
}

func hasEntities(dir string) bool {
	return slices.ContainsFunc([]string{"entities.parquet", "create_final_entities.parquet"}, func(n string) bool {
		_, err := os.Stat(filepath.Join(dir, n))
		return err == nil
	})
}

func (ix *index) hasCol(table, col string) bool { return slices.Contains(ix.cols[table], col) }

// pick returns the first of names the table has ("" if none) and notes a
// mapping when it is not the first.
func (ix *index) pick(table string, names ...string) string {
	for i, n := range names {
		if ix.hasCol(table, n) {
			if i > 0 {
				ix.notes = append(ix.notes, fmt.Sprintf("%s: %s←%s", filepath.Base(ix.files[table]), names[0], n))
			}
			return n
		}
	}
	return names[0]
}

func (ix *index) read(table string, specs []colSpec) (*pqTable, error) {
	t, err := readTable(ix.files[table], specs)
	if se, ok := err.(*SchemaError); ok && ix.release != "GraphRAG 3.x" {
		se.Release = ix.release
		se.Hint = migrationHint
	}
	if err != nil {
		return nil, err
	}
	ix.stat(table).Read = t.rows
	return t, nil
}

func (ix *index) stat(table string) *TableStats {
	s := ix.stats[table]
	if s == nil {
		s = &TableStats{Name: table}
		ix.stats[table] = s
	}
	return s
}

// checkReferences removes dangling text-unit references of entities and
// relationships, counts dangling references of text units (kept: the
// reference's relationship count depends on the stored list), and warns
// about entity communities without a report (B21).
func (ix *index) checkReferences(p *Parts) {
	units := idSet(p.TextUnits, func(u TextUnit) string { return u.ID })
	ix.stat(tTextUnits).Kept = len(p.TextUnits)
	ix.stat(tRelationships).Kept = len(p.Relationships)
	prune := func(table, owner string, ids []string) []string {
		var keep []string
		for _, id := range ids {
			if units[id] {
				keep = append(keep, id)
				continue
			}
			ix.stat(table).Dangling++
			ix.warn.add(table+"-unit", "%s %s refers to text unit %q, which does not exist; reference skipped", table, owner, id)
		}
		if len(keep) == len(ids) {
			return ids
		}
		return keep
	}
	for i := range p.Entities {
		p.Entities[i].TextUnitIDs = prune(tEntities, p.Entities[i].Title, p.Entities[i].TextUnitIDs)
	}
	for i := range p.Relationships {
		p.Relationships[i].TextUnitIDs = prune(tRelationships, p.Relationships[i].ID, p.Relationships[i].TextUnitIDs)
	}
	ents := idSet(p.Entities, func(e Entity) string { return e.ID })
	rels := idSet(p.Relationships, func(r Relationship) string { return r.ID })
	for _, u := range p.TextUnits {
		for _, id := range u.EntityIDs {
			if !ents[id] {
				ix.stat(tTextUnits).Dangling++
			}
		}
		for _, id := range u.RelationshipIDs {
			if !rels[id] {
				ix.stat(tTextUnits).Dangling++
			}
		}
	}
	if n := ix.stat(tTextUnits).Dangling; n > 0 {
		ix.warn.add("unit-refs", "%s: %d entity or relationship references point to records that were not loaded (they match nothing)", filepath.Base(ix.files[tTextUnits]), n)
	}
	if ix.stats[tReports].Absent {
		return
	}
	reported := idSet(p.Reports, func(r CommunityReport) string { return r.CommunityID })
	missing := map[string]int{}
	for _, e := range p.Entities {
		for _, c := range e.CommunityIDs {
			if !reported[c] && c != "-1" {
				missing[c]++
			}
		}
	}
	byNumber := func(a, b string) int {
		x, _ := strconv.Atoi(a)
		y, _ := strconv.Atoi(b)
		return cmp.Compare(x, y)
	}
	for _, c := range slices.SortedFunc(maps.Keys(missing), byNumber) {
		ix.stat(tEntities).Dangling += missing[c]
		ix.warn.add("no-report", "community %s has no report (referenced by %d entities); search skips it", c, missing[c])
	}
}

// idSet is the set of the ids (id) of the records of list.
func idSet[T any](list []T, id func(T) string) map[string]bool {
	set := make(map[string]bool, len(list))
	for _, x := range list {
		set[id(x)] = true
	}
	return set
}

func (ix *index) finishStats() LoadStats {
	ls := LoadStats{Notes: ix.notes, Warnings: ix.warn.list()}
	for _, t := range []string{tEntities, tRelationships, tTextUnits, tCommunities, tReports, tCovariates} {
		ls.Tables = append(ls.Tables, *ix.stat(t))
	}
	return ls
}
