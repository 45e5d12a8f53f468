package globalsearch

import (
	"strings"
	"testing"
)

// A question naming with a capital a name the knowledge never uses goes
// to local search, whose relevance gate refuses it, whatever its broad
// wording (heldout69: "the story" sent it to the global map); a name the
// story uses stays with the other steps.
func TestUnheldNameRoutesLocal(t *testing.T) {
	r := NewRouter(dulceModel(t))
	rt := r.Route("Does the story reference Phil Schneider or the 1979 firefight between the military and the aliens?")
	if rt.Method != MethodLocal || !strings.Contains(rt.Reason, "schneider") {
		t.Errorf("Route = %s (%s), want local for schneider", rt.Method, rt.Reason)
	}
	if got := r.unheldName("What are the main themes of the story about Jordan Hayes?"); got != "" {
		t.Errorf("unheldName = %q for names the story uses, want none", got)
	}
	if got := r.unheldName("Does the story ever mention a man called Phil Schneider?"); got != "schneider" {
		t.Errorf("unheldName = %q, want schneider (phil is held: \"Philosophical\")", got)
	}
	// a word of the synonym table is a common word, even capitalised
	if got := r.unheldName("Who would you say is the real Boss of the squad in the story?"); got != "" {
		t.Errorf("unheldName = %q for a synonym-table word (boss: leader), want none", got)
	}
	if got := r.Route("What are the main themes of the story?"); got.Method != MethodGlobal {
		t.Errorf("Route of a broad question = %s (%s), want global", got.Method, got.Reason)
	}
}
