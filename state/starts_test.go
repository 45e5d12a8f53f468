package state

import (
	"strings"
	"testing"
)

// The start-time rule decides at StartWindow: 3 hours apart is one run
// without a word, a second more is noted with each engine's date; a state
// without created_at uses updated_at, one with neither is left out, and
// one time alone says nothing.
func TestStartNoteThreshold(t *testing.T) {
	st := func(e Engine, created, updated string) *State {
		return &State{Engine: e, CreatedAt: created, UpdatedAt: updated}
	}
	for _, tc := range []struct {
		name   string
		states []*State
		want   string
	}{
		{"3h apart", []*State{st(EngineQuery, "2025-08-25T14:00:00.5", ""), st(EngineMedia, "2025-08-25T17:00:00", "")}, ""},
		{"3h and a second", []*State{st(EngineQuery, "2025-08-25T14:00:00", ""), st(EngineMedia, "2025-08-25T17:00:01", "")},
			"the engines started 3h apart (more than 3h): query 2025-08-25 14:00, media 2025-08-25 17:00; are they one research run?"},
		{"updated_at stands in", []*State{st(EngineQuery, "", "2025-08-20 09:00:00"), st(EngineInsight, "2025-08-25T17:00:00", "")},
			"the engines started 128h apart (more than 3h): query 2025-08-20 09:00, insight 2025-08-25 17:00; are they one research run?"},
		{"one time", []*State{st(EngineQuery, "2025-08-20T09:00:00", ""), st(EngineMedia, "", "not a time")}, ""},
	} {
		if got, _ := StartNote(tc.states); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
	if _, starts := StartNote([]*State{st(EngineQuery, "2025-08-25T17:38:22.801378", "")}); len(starts) != 1 || !strings.HasPrefix(starts[0].At.String(), "2025-08-25 17:38:22 ") {
		t.Errorf("starts %v", starts)
	}
}
