package knowledge

import (
	"encoding/json"
	"testing"
)

// A table without rows is written with empty arrays, not null, and a
// table's in_context stays null when it has no such column (the fresh
// user's context_data had "rows": null for entities and [] for claims).
func TestTableJSONEmptyArrays(t *testing.T) {
	for _, c := range []struct {
		t    Table
		want string
	}{
		{Table{}, `{"columns":[],"rows":[],"in_context":null}`},
		{Table{Columns: []string{"id"}, InContext: []bool{}}, `{"columns":["id"],"rows":[],"in_context":[]}`},
		{Table{Columns: []string{"id"}, Rows: [][]string{{"1"}}, InContext: []bool{true}}, `{"columns":["id"],"rows":[["1"]],"in_context":[true]}`},
	} {
		b, err := json.Marshal(c.t)
		if err != nil || string(b) != c.want {
			t.Errorf("json of %+v = %s (%v), want %s", c.t, b, err, c.want)
		}
		b, _ = json.Marshal(map[string]Table{"entities": c.t})
		if want := `{"entities":` + c.want + `}`; string(b) != want {
			t.Errorf("json of records = %s, want %s", b, want)
		}
	}
}
