package text

import "testing"

// A word of kinship the dictionary tags as a name (孙女, 孙子, 老太婆) is
// no name: the asker's family is never the subject the knowledge must
// hold. A name stays one.
func TestKinNoName(t *testing.T) {
	for w, want := range map[string]bool{"孙女": false, "孙子": false, "老太婆": false, "武大": true} {
		if got := IsAnyName(w); got != want {
			t.Errorf("IsAnyName(%s) = %v, want %v", w, got, want)
		}
	}
}
