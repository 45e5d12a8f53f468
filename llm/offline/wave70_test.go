package offline

import (
	"slices"
	"testing"
)

// A roster or lineup asked for (heldout65: "… who actually goes down
// into Dulce base? I need the full roster of agents on this op.") is a
// question asking which people: its noun is held by a sentence naming
// them; "roster" not followed by "of" and no who asks no people.
func TestRosterIsCast(t *testing.T) {
	listed := &sentence{text: "Agents Alex Mercer, Jordan Hayes, Taylor Cruz, and Sam Rivera proceed.", lower: "agents alex mercer, jordan hayes, taylor cruz, and sam rivera proceed."}
	q := "ok so for my podcast recap — who actually goes down into Dulce base? I need the full roster of agents on this op."
	i := slices.IndexFunc(questionTerms(q), func(qt qterm) bool { return qt.isCast() })
	if i < 0 {
		t.Fatalf("questionTerms(%q) has no cast term", q)
	}
	if got := questionTerms(q)[i].heldBy(listed); got != 1 {
		t.Errorf("heldBy(a sentence listing the agents) = %v, want 1", got)
	}
	if slices.ContainsFunc(questionTerms("What does the roster look like on the ship?"), func(qt qterm) bool { return qt.isCast() }) {
		t.Error("a roster not of anyone asked is a cast term")
	}
}
