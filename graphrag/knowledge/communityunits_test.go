package knowledge

import (
	"context"
	"testing"

	"reportengine/graphrag"
	"reportengine/internal/fixture"
)

// unitCountOracle is the reference's rule as written: per community, the
// set of text unit id strings of its entities.
func unitCountOracle(m *Model) map[string]int {
	sets := map[string]map[string]bool{}
	for _, e := range m.Entities() {
		for _, c := range e.CommunityIDs {
			if sets[c] == nil {
				sets[c] = map[string]bool{}
			}
			for _, u := range e.TextUnitIDs {
				sets[c][u] = true
			}
		}
	}
	out := map[string]int{}
	for c, s := range sets {
		out[c] = len(s)
	}
	return out
}

// CommunityUnitCount equals the set-of-ids rule on the fixture graphs
// (made by FromGraph and read back from the model file), the Dulce index
// and a model whose units repeat within and across entities and whose
// entities name units that do not exist (counted as ids, as the
// reference's set counts them).
func TestCommunityUnitCountOracle(t *testing.T) {
	models := map[string]*Model{}
	for name, g := range map[string]func(testing.TB) *graphrag.Graph{"bettafish": bettafishGraph, "coffee-shop": coffeeGraph} {
		m, path, key := modelFileCase(t, g(t))
		models[name] = m
		read, _, err := ReadModelFile(context.Background(), path, "graphs/x/graphrag.json", key)
		if err != nil {
			t.Fatal(err)
		}
		models[name+" (model file)"] = read
	}
	dulce, err := FromParquet(fixture.Dulce(t), ParquetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	models["dulce"] = dulce
	made, err := New(Parts{
		Entities: []Entity{
			{ID: "a", Title: "A", CommunityIDs: []string{"1", "2"}, TextUnitIDs: []string{"u1", "u2", "u1"}},
			{ID: "b", Title: "B", CommunityIDs: []string{"1"}, TextUnitIDs: []string{"u2", "u3", "gone", "gone"}},
			{ID: "c", Title: "C", CommunityIDs: []string{"2", "3"}, TextUnitIDs: []string{"gone", "lost"}},
			{ID: "d", Title: "D", CommunityIDs: []string{"4"}},
			{ID: "e", Title: "E", TextUnitIDs: []string{"u3"}},
		},
		TextUnits: []TextUnit{{ID: "u1"}, {ID: "u2"}, {ID: "u3"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	models["made"] = made
	// the made model's counts by hand: 1 = {u1 u2 u3 gone}, 2 = {u1 u2 gone lost}, 3 = {gone lost}, 4 = {}
	want := map[string]int{"1": 4, "2": 4, "3": 2, "4": 0, "5": 0}
	for c, n := range want {
		if got := made.CommunityUnitCount(c); got != n {
			t.Errorf("made: community %s counts %d units, want %d", c, got, n)
		}
	}
	for name, m := range models {
		oracle := unitCountOracle(m)
		if len(oracle) == 0 {
			t.Fatalf("%s: no community lists a unit: not a test", name)
		}
		for c, n := range oracle {
			if got := m.CommunityUnitCount(c); got != n {
				t.Errorf("%s: community %s counts %d units, want %d", name, c, got, n)
			}
		}
	}
}
