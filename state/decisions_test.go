package state

import "testing"

// StartWindow is inclusive: engines that started exactly 3 hours apart
// are one run, without a note (the "3h apart" case of
// TestStartNoteThreshold is half a second short of it).
func TestStartNoteExactlyAtWindow(t *testing.T) {
	states := []*State{{Engine: EngineQuery, CreatedAt: "2025-08-25T14:00:00"}, {Engine: EngineMedia, CreatedAt: "2025-08-25T17:00:00"}}
	if got, starts := StartNote(states); got != "" || len(starts) != 2 || StartSpread(starts) != StartWindow {
		t.Errorf("note %q for starts %v, want none at a spread of exactly %v", got, starts, StartWindow)
	}
}
