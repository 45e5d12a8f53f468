package knowledge

import (
	"strings"
	"testing"
)

// A child's spelling by sound is read as the word the documents hold
// (dulce-heldout84); a word English knows, a word near none, a word whose
// nearest is held in one document only, and a word the documents hold
// stay as typed. Each case decides one rule of misspeltWords and
// text.SpellingNear.
func TestMisspeltWords(t *testing.T) {
	docs := []string{
		"Agent Alex Mercer briefed the squad before the descent.",
		"Mercer watched the elevator shudder as it went down.",
		"The elevator stopped; Cruz ordered a systems check.",
		"Sam Rivera said the signals were not random.",
		"Rivera traced the signals to a hidden panel.",
		"Rivera kept the logs.",
		"Riviera was the code name of the first site.",
		"Riviera appeared once more in the archive.",
		"A low tone sounded through the corridor.",
		"The tone came back every hour.",
		"Jordan found the cryptic panel behind the wall.",
		"The crates were shelled open.", "Shelled casings lay on the floor.", "The shelled bunker was empty.",
		"A shield covered the door.", "The shield held.",
		"The operation began at dawn.", "Operation Dulce was classified.",
	}
	x := lexicalOf(docs, nil)
	for _, tc := range []struct{ in, want string }{
		{"who is alex mersir", "who is alex mercer"},                           // sounds alike, two edits (MRSR)
		{"Mersir and the elevater", "Mercer and the elevator"},                 // capital kept; ALFTR
		{"what was wrong with the singals", "what was wrong with the signals"}, // two neighbours swapped: one edit
		{"sam riveira", "sam rivera"},                                          // one edit from rivera (3 documents) and from riviera (2): more documents
		{"which town was it", "which town was it"},                             // town: English knows it (tone is near: sound TN, two edits)
		{"the criptic panel", "the criptic panel"},                             // cryptic is held in one document only
		{"the zorblax device", "the zorblax device"},                           // near no word held
		{"the panel", "the panel"},                                             // held
		{"the tzne", "the tzne"},                                               // one edit from tone, but four letters and not alike in sound
		{"the sheld", "the shield"},                                            // shield one edit, shelled two (and in more documents): fewest edits
		{"the operashun", "the operation"},                                     // three edits on nine letters, alike in sound (APRXN)
	} {
		if got := x.Heard(tc.in); got != tc.want {
			t.Errorf("Heard(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// An English question asked of Chinese texts is read with its words
// misspelt by their sound respelt against the English words the text
// package knows, then translated (new-user trial 45: "what happend with
// the libary case" was refused for happend; libary stayed English).
func TestMisspeltWordsChinese(t *testing.T) {
	docs := []string{
		"武汉大学图书馆事件引发舆论关注。",
		"图书馆事件的判决书显示，法院驳回了诉讼请求。",
		"图书馆方面回应称将配合调查。",
	}
	x := lexicalOf(docs, nil)
	for _, d := range docs {
		for i := 0; i < len(d); i++ {
			x.bytes[d[i]]++
		}
	}
	if !x.chinese() {
		t.Fatal("the test's texts are not read as Chinese")
	}
	got := x.Heard("what happend with the libary case")
	if !strings.Contains(got, "图书馆") || strings.Contains(got, "libary") || strings.Contains(got, "happend") {
		t.Errorf("Heard = %q, want libary read as 图书馆 and happend as happened", got)
	}
}
