package knowledge

import (
	"slices"
	"testing"

	"reportengine/text"
)

// Entities whose documents score the same are listed by ascending entity
// index (LexicalResult.Entities: "ties by ascending entity index"): here
// e0, e1 and e2 have documents of the same length holding the term once,
// so their scores are equal, and the order is the model's.
func TestLexicalTiesByEntityIndex(t *testing.T) {
	m, err := New(Parts{Entities: []Entity{
		{ID: "e0", Title: "alpha", Description: "robot"},
		{ID: "e1", Title: "gamma", Description: "robot"},
		{ID: "e2", Title: "delta", Description: "robot"},
		{ID: "e3", Title: "other", Description: "plain"},
	}})
	if err != nil {
		t.Fatal(err)
	}
	ents := slices.Collect(m.Lexical().Search([]text.Term{{Text: "robot"}}).Entities())
	if len(ents) != 3 {
		t.Fatalf("entities %+v, want e0, e1, e2", ents)
	}
	for i, s := range ents {
		if s.Entity != i || s.Score != ents[0].Score {
			t.Errorf("rank %d: %+v, want entity %d with the score %v", i, s, i, ents[0].Score)
		}
	}
}
