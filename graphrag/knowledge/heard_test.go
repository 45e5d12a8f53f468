package knowledge

import (
	"testing"

	"reportengine/internal/fixture"
)

// edits1 is every string one edit from w over the letters a–z (a letter
// dropped, added or changed, or two neighbours swapped): an oracle for
// oneEdit written the other way round, by generating.
func edits1(w string) map[string]bool {
	out := map[string]bool{}
	for i := 0; i <= len(w); i++ {
		for c := byte('a'); c <= 'z'; c++ {
			out[w[:i]+string(c)+w[i:]] = true
			if i < len(w) {
				out[w[:i]+string(c)+w[i+1:]] = true
			}
		}
		if i < len(w) {
			out[w[:i]+w[i+1:]] = true
		}
		if i+1 < len(w) {
			out[w[:i]+string(w[i+1])+string(w[i])+w[i+2:]] = true
		}
	}
	delete(out, w)
	return out
}

func TestOneEdit(t *testing.T) {
	words := []string{"jordan", "jordon", "jordn", "jordann", "jodran", "ojrdan", "mercer", "mercy", "hayes", "haze", "jordanx", "xjordan", "sam", "same"}
	for _, a := range words {
		want := edits1(a)
		for _, b := range words {
			if got := oneEdit(a, b); got != want[b] {
				t.Errorf("oneEdit(%q, %q) = %v, want %v", a, b, got, want[b])
			}
		}
	}
}

// On Dulce, a misspelt name is read as the title word one edit away
// (jordon → jordan, Mercr → Mercer); a word the documents hold, a short
// one, one with no title word near and one near two stay.
func TestMisspeltNames(t *testing.T) {
	m, err := FromParquet(fixture.Dulce(t), ParquetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	x := m.Lexical()
	for q, want := range map[string]string{
		"what is jordon poking at":         "what is jordan poking at",
		"Who mentors Sam? Agent Mercr?":    "Who mentors Sam? Agent Mercer?",
		"How do the agents reach the base": "How do the agents reach the base",
		"Is Jordn there":                   "Is Jordan there",
		"Where is Crux":                    "Where is Crux",   // four letters (Cruz is no title word of five)
		"Where is merver":                  "Where is merver", // one edit from mercer and from server
		"Which poker hand wins":            "Which poker hand wins",
		"What is a sigaba machine":         "What is a sigaba machine",
	} {
		if got := x.misspeltNames(q); got != want {
			t.Errorf("misspeltNames(%q) = %q, want %q", q, got, want)
		}
	}
}
