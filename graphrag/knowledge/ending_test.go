package knowledge

import (
	"testing"

	"reportengine/text"
)

// A Latin word is not held where an ending that makes another word of it
// follows (author in authority and authoritarian), and is where an
// inflection does (authors) or nothing (author): "Who's the author of
// this book?" was answered on Dulce, whose texts write only authority
// (heldout67).
func TestAbstractEndingNotHeld(t *testing.T) {
	for doc, want := range map[string]int{
		"Cruz spoke with authority and an authoritarian tone.": 0,
		"The authors of the report met the author.":            2,
	} {
		m, err := New(Parts{TextUnits: []TextUnit{{ID: "u0", Text: doc}}})
		if err != nil {
			t.Fatal(err)
		}
		if got := m.Lexical().Stats([]text.Term{{Text: "author"}})[0].Count; got != want {
			t.Errorf("%q: count of author = %d, want %d", doc, got, want)
		}
	}
}
