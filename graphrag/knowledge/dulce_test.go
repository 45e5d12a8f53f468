package knowledge

import (
	"bufio"
	"os"
	"reportengine/internal/fixture"
	"strconv"
	"strings"
	"testing"
)

// derivedEntity is one row of derived_entities_level2.tsv.
type derivedEntity struct {
	id, shortID, title, typ, rank, communities string
}

func readDerived(t *testing.T) []derivedEntity {
	t.Helper()
	f, err := os.Open(fixture.Dulce(t) + "/derived_entities_level2.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []derivedEntity
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" {
			continue
		}
		c := strings.Split(line, "\t")
		if len(c) < 7 {
			t.Fatalf("tsv line %q: %d columns", line, len(c))
		}
		out = append(out, derivedEntity{id: c[1], shortID: c[2], title: c[3], typ: c[4], rank: c[5], communities: c[6]})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestFromParquetDulce(t *testing.T) {
	m, err := FromParquet(fixture.Dulce(t), ParquetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		got  int
		want int
	}{
		{"entities", len(m.Entities()), 39},
		{"relationships", len(m.Relationships()), 107},
		{"text units", len(m.TextUnits()), 5},
		{"reports", len(m.Reports()), 10},
		{"claims", len(m.Covariates()["claims"]), 41},
	} {
		if c.got != c.want {
			t.Errorf("%s: got %d, want %d", c.name, c.got, c.want)
		}
	}
	want := readDerived(t)
	if len(want) != len(m.Entities()) {
		t.Fatalf("tsv has %d entities, model %d", len(want), len(m.Entities()))
	}
	for i, e := range m.Entities() {
		w := want[i]
		got := derivedEntity{id: e.ID, shortID: e.ShortID, title: e.Title, typ: e.Type, rank: itoa(e.Rank), communities: strings.Join(e.CommunityIDs, ",")}
		if got != w || !e.HasRank {
			t.Errorf("entity %d: got %+v, want %+v", i, got, w)
		}
	}
	t.Log(m.Stats().Lines(), m.Stats().Warnings)
}

func itoa(n int) string { return strconv.Itoa(n) }

// Reports, text units and claims of Dulce map as reference §1.2 and §8 say.
func TestFromParquetDulceRecords(t *testing.T) {
	m, err := FromParquet(fixture.Dulce(t), ParquetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	// §8: parquet order 7,8,9,0,1,…,6; ranks 0→8.5, 1→7.5, 2→9, 3→8.5, 4→9, 5→7.5, 6→7.5, 7→8.5, 8→8, 9→8.5
	wantRank := map[string]float64{"0": 8.5, "1": 7.5, "2": 9, "3": 8.5, "4": 9, "5": 7.5, "6": 7.5, "7": 8.5, "8": 8, "9": 8.5}
	var order []string
	for _, r := range m.Reports() {
		order = append(order, r.ShortID)
		if r.CommunityID != r.ShortID || !r.HasRank || r.Rank != wantRank[r.ShortID] || r.FullContent == "" || len(r.ID) != 128 {
			t.Errorf("report %s: community %s rank %v id %q", r.ShortID, r.CommunityID, r.Rank, r.ID)
		}
	}
	if got := strings.Join(order, ","); got != "7,8,9,0,1,2,3,4,5,6" {
		t.Errorf("report order %s", got)
	}
	for i, u := range m.TextUnits() {
		if u.ShortID != strconv.Itoa(i) || u.Text == "" || len(u.EntityIDs) == 0 || u.DocumentID == "" {
			t.Errorf("text unit %d: %+v", i, u.ShortID)
		}
	}
	for i, c := range m.Covariates()["claims"] {
		var keys []string
		for _, a := range c.Attributes {
			keys = append(keys, a.Key)
		}
		if strings.Join(keys, ",") != "object_id,status,start_date,end_date,description" {
			t.Fatalf("claim %d attribute keys %v", i, keys)
		}
		if c.CovariateType == "" || c.CovariateType == "claim" || c.SubjectType != "entity" || c.ShortID != strconv.Itoa(i) {
			t.Errorf("claim %d: type %q (want the claim's `type`, not covariate_type), short id %q", i, c.CovariateType, c.ShortID)
		}
	}
	for _, r := range m.Relationships() {
		if !r.HasWeight || !r.HasRank || r.Weight != float64(int(r.Weight)) {
			t.Errorf("relationship %s weight %v rank %d", r.ShortID, r.Weight, r.Rank)
		}
	}
}

// Level 0 keeps only the level-0 memberships of each entity (communities
// 0-6) and the seven level-0 reports.
func TestFromParquetDulceLevel0(t *testing.T) {
	m, err := FromParquet(fixture.Dulce(t), ParquetOptions{CommunityLevel: Level(0)})
	if err != nil {
		t.Fatal(err)
	}
	levelOf := map[string]int{}
	for _, c := range m.Communities() {
		levelOf[c.Community] = c.Level
	}
	want := readDerived(t)
	if len(m.Entities()) != len(want) {
		t.Fatalf("%d entities; level 0 covers all of Dulce's %d", len(m.Entities()), len(want))
	}
	for i, e := range m.Entities() {
		var w []string
		for _, c := range strings.Split(want[i].communities, ",") {
			if levelOf[c] == 0 {
				w = append(w, c)
			}
		}
		if strings.Join(e.CommunityIDs, ",") != strings.Join(w, ",") {
			t.Errorf("%s: %v, want %v", e.Title, e.CommunityIDs, w)
		}
	}
	if n := len(m.Reports()); n != 7 || m.Stats().Table("community_reports").Dropped != 3 {
		t.Errorf("%d reports at level 0, want 7 (3 dropped)", n)
	}
}
