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

// An English question is read in Chinese only by a knowledge of Chinese
// documents: Dulce's English index leaves "court" and "Wuhan" as they are
// (a Chinese synonym would change nothing there but the question's own
// words); a Chinese knowledge writes them as its documents do.
func TestHeardEnglishOfChinese(t *testing.T) {
	m, err := FromParquet(fixture.Dulce(t), ParquetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	q := "How did the court rule on the Wuhan library case?"
	if m.Lexical().chinese() {
		t.Error("Dulce's index read as Chinese")
	}
	if got := m.Lexical().Heard(q); got != q {
		t.Errorf("Dulce: Heard = %q", got)
	}
	zh, err := New(Parts{TextUnits: []TextUnit{{ID: "u0", Text: "武汉某高校图书馆事件：法院一审判决驳回起诉。"}, {ID: "u1", Text: "武汉大学回应了图书馆事件，法院的判决引发讨论。"}}})
	if err != nil {
		t.Fatal(err)
	}
	if !zh.Lexical().chinese() {
		t.Fatal("Chinese texts not read as Chinese")
	}
	if got, want := zh.Lexical().Heard(q), "How did the 法院 判决 on the 武汉 图书馆 事件?"; got != want {
		t.Errorf("Heard = %q, want %q", got, want)
	}
}

// chinese counts a Han character's three bytes: a knowledge half English,
// half Chinese by bytes is Chinese; an English one quoting 法院 twice is
// not, and its question's words stay English.
func TestChineseKnowledge(t *testing.T) {
	for _, tc := range []struct {
		docs []string
		want bool
	}{
		{[]string{"Court ruling: 法院判决驳回起诉。"}, true},
		{[]string{"The court ruled on Monday, and the judge read the verdict aloud to the whole room. 法院 法院"}, false},
	} {
		var units []TextUnit
		for i, d := range tc.docs {
			units = append(units, TextUnit{ID: string(rune('a' + i)), Text: d})
		}
		m, err := New(Parts{TextUnits: units})
		if err != nil {
			t.Fatal(err)
		}
		if got := m.Lexical().chinese(); got != tc.want {
			t.Errorf("chinese() on %q = %v", tc.docs, got)
		}
		if !tc.want {
			if got := m.Lexical().Heard("Who is in court?"); got != "Who is in court?" {
				t.Errorf("an English knowledge read the question in Chinese: %q", got)
			}
		}
	}
}
