package knowledge

import (
	"errors"
	"os"
	"path/filepath"
	"reportengine/internal/fixture"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"
)

// Small v3 rows for hand-written indexes.
type pqEntity struct {
	ID          string   `parquet:"id"`
	HRID        int64    `parquet:"human_readable_id"`
	Title       string   `parquet:"title"`
	Type        string   `parquet:"type"`
	Description string   `parquet:"description"`
	TextUnitIDs []string `parquet:"text_unit_ids,list"`
	Degree      int64    `parquet:"degree"`
}

type pqRelationship struct {
	ID          string   `parquet:"id"`
	HRID        int64    `parquet:"human_readable_id"`
	Source      string   `parquet:"source"`
	Target      string   `parquet:"target"`
	Description string   `parquet:"description"`
	Weight      float64  `parquet:"weight"`
	Combined    int64    `parquet:"combined_degree"`
	TextUnitIDs []string `parquet:"text_unit_ids,list"`
}

type pqTextUnit struct {
	ID         string   `parquet:"id"`
	HRID       int64    `parquet:"human_readable_id"`
	Text       string   `parquet:"text"`
	NTokens    int64    `parquet:"n_tokens"`
	DocumentID string   `parquet:"document_id"`
	EntityIDs  []string `parquet:"entity_ids,list"`
}

type pqCommunity struct {
	ID        string   `parquet:"id"`
	Community int64    `parquet:"community"`
	Level     int64    `parquet:"level"`
	Title     string   `parquet:"title"`
	EntityIDs []string `parquet:"entity_ids,list"`
}

type pqReport struct {
	ID          string  `parquet:"id"`
	Community   int64   `parquet:"community"`
	Level       int64   `parquet:"level"`
	Title       string  `parquet:"title"`
	Summary     string  `parquet:"summary"`
	FullContent string  `parquet:"full_content"`
	Rank        float64 `parquet:"rank"`
}

func writePQ[T any](t *testing.T, dir, name string, rows []T) {
	t.Helper()
	if err := parquet.WriteFile(filepath.Join(dir, name), rows); err != nil {
		t.Fatal(err)
	}
}

// smallIndex writes a consistent three-entity v3 index into a fresh folder.
func smallIndex(t *testing.T) string {
	dir := t.TempDir()
	writePQ(t, dir, "entities.parquet", []pqEntity{
		{ID: "e2", HRID: 1, Title: "B", Type: "PERSON", Description: "b", TextUnitIDs: []string{"t1", "gone"}, Degree: 1},
		{ID: "e1", HRID: 0, Title: "A", Type: "PERSON", Description: "a", TextUnitIDs: []string{"t1"}, Degree: 2},
		{ID: "e3", HRID: 2, Title: "C", Type: "GEO", Description: "c", Degree: 1},
	})
	writePQ(t, dir, "relationships.parquet", []pqRelationship{
		{ID: "r1", HRID: 0, Source: "A", Target: "B", Description: "ab", Weight: 2, Combined: 3, TextUnitIDs: []string{"t1"}},
		{ID: "r2", HRID: 1, Source: "A", Target: "C", Description: "ac", Weight: 1.5, Combined: 3},
		{ID: "r3", HRID: 2, Source: "A", Target: "NOBODY", Description: "dangling", Weight: 1, Combined: 2},
	})
	writePQ(t, dir, "text_units.parquet", []pqTextUnit{
		{ID: "t1", HRID: 7, Text: "A met B.", NTokens: 4, DocumentID: "d1", EntityIDs: []string{"e1", "e2"}},
	})
	writePQ(t, dir, "communities.parquet", []pqCommunity{
		{ID: "c0", Community: 0, Level: 0, Title: "Community 0", EntityIDs: []string{"e1", "e2"}},
		{ID: "c1", Community: 1, Level: 1, Title: "Community 1", EntityIDs: []string{"e1", "e3"}},
		{ID: "c2", Community: 2, Level: 3, Title: "Community 2", EntityIDs: []string{"e2"}},
	})
	writePQ(t, dir, "community_reports.parquet", []pqReport{
		{ID: "h1", Community: 1, Level: 1, Title: "One", FullContent: "# One", Rank: 8.5},
		{ID: "h2", Community: 2, Level: 3, Title: "Two", FullContent: "# Two", Rank: 7},
	})
	return dir
}

func TestFromParquetSmallIndex(t *testing.T) {
	dir := smallIndex(t)
	m, err := FromParquet(dir, ParquetOptions{CommunityLevel: Level(1)})
	if err != nil {
		t.Fatal(err)
	}
	var ids, titles, comms []string
	for _, e := range m.Entities() {
		ids = append(ids, e.ID)
		titles = append(titles, e.Title)
		comms = append(comms, strings.Join(e.CommunityIDs, ","))
	}
	if want := []string{"e1", "e2", "e3"}; !slices.Equal(ids, want) {
		t.Errorf("entity order %v, want ascending ids %v", ids, want)
	}
	// level ≤ 1: e1 in 0 and 1, e2 in 0 (2 is level 3), e3 in 1
	if want := []string{"0,1", "0", "1"}; !slices.Equal(comms, want) {
		t.Errorf("community ids %v, want %v", comms, want)
	}
	if got := m.Entities()[1].TextUnitIDs; !slices.Equal(got, []string{"t1"}) {
		t.Errorf("B's text units %v: the dangling id should be skipped", got)
	}
	if n := len(m.Relationships()); n != 3 {
		t.Errorf("relationships: %d, want 3 (a dangling endpoint is kept, as GraphRAG does)", n)
	}
	st := m.Stats()
	if got := st.Table("relationships"); got.DanglingKept != 1 || got.Dangling != 0 {
		t.Errorf("relationships dangling kept = %d, skipped = %d; want 1 kept (the warning says kept, as GraphRAG does)", got.DanglingKept, got.Dangling)
	}
	if got := st.Table("entities").Dangling; got != 1+2 {
		// one dangling text unit id ("gone"); community 0 has no report and two entities refer to it
		t.Errorf("entities dangling = %d, want 3", got)
	}
	if got := st.Table("community_reports"); got.Kept != 1 || got.Dropped != 1 {
		t.Errorf("reports stats %+v, want kept 1 dropped 1", got)
	}
	if !st.Table("covariates").Absent {
		t.Errorf("covariates should be absent")
	}
	if c, ok := m.Covariates()["claims"]; !ok || len(c) != 0 {
		t.Errorf("claims key must be present and empty, got %v %v", c, ok)
	}
	if r := m.Reports(); len(r) != 1 || r[0].ShortID != "1" || r[0].Rank != 8.5 || !r[0].HasRank {
		t.Errorf("reports %+v", r)
	}
	if u := m.TextUnits()[0]; u.ShortID != "0" {
		t.Errorf("text unit short id %q, want the row position 0 (not human_readable_id 7)", u.ShortID)
	}
	warned := strings.Join(st.Warnings, "\n")
	for _, w := range []string{`"NOBODY"`, `"gone"`, "community 0 has no report"} {
		if !strings.Contains(warned, w) {
			t.Errorf("warnings lack %s:\n%s", w, warned)
		}
	}
	_ = titles

	// level 0: e3 has no community at level ≤ 0; B41: it is kept, with no
	// community ids, and one load note says so (GraphRAG drops it, and
	// so did we: a question about it was a no-match)
	m0, err := FromParquet(dir, ParquetOptions{CommunityLevel: Level(0)})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(m0.Entities()); n != 3 || m0.Stats().Table("entities").Dropped != 0 || m0.Stats().Table("entities").Kept != 3 {
		t.Errorf("level 0: %d entities, stats %+v; want all 3 kept, none dropped", n, m0.Stats().Table("entities"))
	}
	if e := m0.Entities()[2]; e.ID != "e3" || e.CommunityIDs != nil {
		t.Errorf("level 0: entity %s communities %q, want e3 with none", e.ID, e.CommunityIDs)
	}
	if notes := strings.Join(m0.Stats().Lines(), "\n"); !strings.Contains(notes, "1 of 3 have no community at level ≤ 0") {
		t.Errorf("level 0: load lines lack the count of entities without a community:\n%s", notes)
	}
	// no level: every membership, e2 in 0 and 2
	mAll, err := FromParquet(dir, ParquetOptions{CommunityLevel: Level(-1)})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(mAll.Entities()[1].CommunityIDs, ","); got != "0,2" {
		t.Errorf("no level: e2 communities %q, want 0,2", got)
	}
	if n := len(mAll.Reports()); n != 2 {
		t.Errorf("no level: %d reports, want 2", n)
	}
}

// B36: vector tables in lancedb/ (v3 and v2 names) are named in the notes,
// since they are not read.
func TestFromParquetLanceTablesNamed(t *testing.T) {
	dir := smallIndex(t)
	for _, n := range []string{"default-entity-description.lance", "entity_description.lance"} {
		if err := os.MkdirAll(filepath.Join(dir, "lancedb", n), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	m, err := FromParquet(dir, ParquetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	notes := strings.Join(m.Stats().Notes, "\n")
	if !strings.Contains(notes, "default-entity-description.lance, entity_description.lance") || !strings.Contains(notes, "not read") {
		t.Errorf("notes:\n%s", notes)
	}
}

func TestFromParquetProjectRoot(t *testing.T) {
	root := t.TempDir()
	out := filepath.Join(root, "output")
	if err := os.Rename(smallIndex(t), out); err != nil {
		t.Fatal(err)
	}
	m, err := FromParquet(root, ParquetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if m.Source().Path != out || len(m.Entities()) == 0 {
		t.Errorf("source %+v, %d entities", m.Source(), len(m.Entities()))
	}
}

// copyDulce copies the Dulce tables except the named ones into a new folder.
func copyDulce(t *testing.T, except ...string) string {
	t.Helper()
	dir := t.TempDir()
	files, _ := filepath.Glob(filepath.Join(fixture.Dulce(t), "*.parquet"))
	for _, f := range files {
		if slices.Contains(except, filepath.Base(f)) {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(f)), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// B34: optional tables may be absent; a missing required table names the
// file and lists what was found.
func TestFromParquetOptionalTables(t *testing.T) {
	dir := copyDulce(t, "covariates.parquet", "community_reports.parquet")
	m, err := FromParquet(dir, ParquetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Entities()) != 39 || len(m.Reports()) != 0 || len(m.Covariates()["claims"]) != 0 {
		t.Errorf("got %d entities, %d reports, %d claims", len(m.Entities()), len(m.Reports()), len(m.Covariates()["claims"]))
	}
	lines := strings.Join(m.Stats().Lines(), "\n")
	for _, w := range []string{"covariates: absent (optional)", "community_reports: absent (optional)"} {
		if !strings.Contains(lines, w) {
			t.Errorf("stats lack %q:\n%s", w, lines)
		}
	}

	for _, req := range []string{"entities.parquet", "relationships.parquet", "text_units.parquet"} {
		_, err := FromParquet(copyDulce(t, req), ParquetOptions{})
		var me *MissingTableError
		if !errors.As(err, &me) || !errors.Is(err, ErrMissingTable) {
			t.Fatalf("without %s: err %v, want *MissingTableError", req, err)
		}
		if me.Table+".parquet" != req || !slices.Contains(me.Found, "communities.parquet") {
			t.Errorf("without %s: %+v", req, me)
		}
	}
}

// B35: the schema is checked before decoding: a fractional degree, a
// string degree and a missing title are errors naming file and column,
// never a zero value or a truncated number.
func TestFromParquetSchemaChecks(t *testing.T) {
	type fracDegree struct {
		ID     string  `parquet:"id"`
		Title  string  `parquet:"title"`
		Degree float64 `parquet:"degree"`
	}
	type stringDegree struct {
		ID     string `parquet:"id"`
		Title  string `parquet:"title"`
		Degree string `parquet:"degree"`
	}
	type noTitle struct {
		ID     string `parquet:"id"`
		Degree int64  `parquet:"degree"`
	}
	type wholeDegree struct {
		ID     string  `parquet:"id"`
		Title  string  `parquet:"title"`
		Degree float64 `parquet:"degree"`
	}
	cases := []struct {
		name    string
		write   func(dir string)
		wantErr error
		column  string
	}{
		{"fractional degree", func(d string) { writePQ(t, d, "entities.parquet", []fracDegree{{"e1", "A", 2}, {"e2", "B", 8.5}}) }, ErrBadValue, "degree"},
		{"string degree", func(d string) { writePQ(t, d, "entities.parquet", []stringDegree{{"e1", "A", "7"}}) }, ErrSchema, "degree"},
		{"missing title", func(d string) { writePQ(t, d, "entities.parquet", []noTitle{{"e1", 1}}) }, ErrSchema, "title"},
		{"whole numbers as double", func(d string) { writePQ(t, d, "entities.parquet", []wholeDegree{{"e1", "A", 3}}) }, nil, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := smallIndex(t)
			c.write(dir)
			m, err := FromParquet(dir, ParquetOptions{CommunityLevel: Level(-1)})
			if c.wantErr == nil {
				if err != nil {
					t.Fatal(err)
				}
				if e := m.Entities()[0]; e.Rank != 3 || !e.HasRank {
					t.Errorf("rank %d", e.Rank)
				}
				return
			}
			if !errors.Is(err, c.wantErr) {
				t.Fatalf("err %v, want %v", err, c.wantErr)
			}
			if !strings.Contains(err.Error(), "entities.parquet") || !strings.Contains(err.Error(), strconv.Quote(c.column)) {
				t.Errorf("error %q should name the file and column %q", err, c.column)
			}
			var se *SchemaError
			if errors.As(err, &se) && se.Problems[0].Column != c.column {
				t.Errorf("problem %+v", se.Problems)
			}
		})
	}
}

// B35: indexes of older releases are recognised and mapped, or refused
// with the release named.
func TestFromParquetOlderReleases(t *testing.T) {
	type v0Entity struct {
		ID          string   `parquet:"id"`
		Name        string   `parquet:"name"`
		Type        string   `parquet:"type"`
		Description string   `parquet:"description"`
		TextUnitIDs []string `parquet:"text_unit_ids,list"`
	}
	type v0Rel struct {
		ID     string  `parquet:"id"`
		Source string  `parquet:"source"`
		Target string  `parquet:"target"`
		Weight float64 `parquet:"weight"`
		Rank   int64   `parquet:"rank"`
	}
	type v2Unit struct {
		ID          string   `parquet:"id"`
		Text        string   `parquet:"text"`
		DocumentIDs []string `parquet:"document_ids,list"`
	}
	type v0Community struct {
		ID    string `parquet:"id"`
		Level int64  `parquet:"level"`
		Title string `parquet:"title"`
	}
	t.Run("0.x mapped", func(t *testing.T) {
		dir := t.TempDir()
		writePQ(t, dir, "create_final_entities.parquet", []v0Entity{{ID: "e1", Name: "A", TextUnitIDs: []string{"t1"}}, {ID: "e2", Name: "B"}})
		writePQ(t, dir, "create_final_relationships.parquet", []v0Rel{{ID: "r1", Source: "A", Target: "B", Weight: 1, Rank: 5}})
		writePQ(t, dir, "create_final_text_units.parquet", []v2Unit{{ID: "t1", Text: "A and B", DocumentIDs: []string{"d1", "d2"}}})
		m, err := FromParquet(dir, ParquetOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if m.Source().Release != "GraphRAG 0.x" {
			t.Errorf("release %q", m.Source().Release)
		}
		if e := m.Entities(); e[0].Title != "A" || e[1].Title != "B" || e[0].Rank != 1 {
			t.Errorf("entities %+v", e)
		}
		if r := m.Relationships()[0]; r.Rank != 5 || !r.HasRank {
			t.Errorf("relationship rank %+v, want 5 from `rank`", r)
		}
		if u := m.TextUnits()[0]; u.DocumentID != "d1" {
			t.Errorf("document id %q, want the first of document_ids", u.DocumentID)
		}
		notes := strings.Join(m.Stats().Notes, "\n")
		for _, w := range []string{"index layout: GraphRAG 0.x", "title←name", "combined_degree←rank", "document_id←document_ids"} {
			if !strings.Contains(notes, w) {
				t.Errorf("notes lack %q:\n%s", w, notes)
			}
		}
	})
	t.Run("0.x communities refused", func(t *testing.T) {
		dir := t.TempDir()
		writePQ(t, dir, "create_final_entities.parquet", []v0Entity{{ID: "e1", Name: "A"}})
		writePQ(t, dir, "create_final_relationships.parquet", []v0Rel{{ID: "r1", Source: "A", Target: "A"}})
		writePQ(t, dir, "create_final_text_units.parquet", []v2Unit{{ID: "t1", Text: "A"}})
		writePQ(t, dir, "create_final_communities.parquet", []v0Community{{ID: "0", Level: 0, Title: "Community 0"}})
		_, err := FromParquet(dir, ParquetOptions{})
		var re *ReleaseError
		if !errors.As(err, &re) || !errors.Is(err, ErrUnsupportedRelease) || re.Release != "GraphRAG 0.x" {
			t.Fatalf("err %v, want a *ReleaseError for GraphRAG 0.x", err)
		}
		if !strings.Contains(err.Error(), "migration") {
			t.Errorf("no migration hint: %v", err)
		}
	})
	t.Run("2.x text units", func(t *testing.T) {
		dir := smallIndex(t)
		writePQ(t, dir, "text_units.parquet", []v2Unit{{ID: "t1", Text: "A met B.", DocumentIDs: []string{"d9"}}})
		m, err := FromParquet(dir, ParquetOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if m.Source().Release != "GraphRAG 2.x" || m.TextUnits()[0].DocumentID != "d9" {
			t.Errorf("release %q, document %q", m.Source().Release, m.TextUnits()[0].DocumentID)
		}
	})
	t.Run("older release schema error names the release", func(t *testing.T) {
		dir := t.TempDir()
		type bad struct {
			ID string `parquet:"id"`
		}
		writePQ(t, dir, "create_final_entities.parquet", []bad{{"e1"}})
		writePQ(t, dir, "create_final_relationships.parquet", []v0Rel{{ID: "r1", Source: "A", Target: "A"}})
		writePQ(t, dir, "create_final_text_units.parquet", []v2Unit{{ID: "t1", Text: "A"}})
		_, err := FromParquet(dir, ParquetOptions{})
		var se *SchemaError
		if !errors.As(err, &se) || se.Release != "GraphRAG 1.x" || se.Hint == "" {
			t.Fatalf("err %v, want a *SchemaError naming GraphRAG 1.x", err)
		}
	})
}

func TestPyFloat(t *testing.T) {
	tenth, fifth := 0.1, 0.2
	for _, c := range []struct {
		in   float64
		want string
	}{{17, "17.0"}, {8.5, "8.5"}, {1e-05, "1e-05"}, {0.0001, "0.0001"}, {1e16, "1e+16"}, {1e15, "1000000000000000.0"}, {-2, "-2.0"}, {tenth + fifth, "0.30000000000000004"}} {
		if got := PyFloat(c.in); got != c.want {
			t.Errorf("PyFloat(%v) = %q, want %q", c.in, got, c.want)
		}
	}
}
