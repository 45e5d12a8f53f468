package text

import "testing"

func TestStripCitations(t *testing.T) {
	for in, want := range map[string]string{
		"Dulce base is secret [Data: Entities (0, 3); Relationships (0, +more)].": "Dulce base is secret.",
		"拿铁二十八元【Data：Sources (3)】，美式［data: Reports (2)］":                          "拿铁二十八元，美式",
		"no citation [Data] here":  "no citation [Data] here", // no colon: not a citation block
		"  [Data: Reports (1)]  ":  "",
		"a [Data: x] b [DATA: y]c": "a bc",
	} {
		if got := StripCitations(in); got != want {
			t.Errorf("StripCitations(%q) = %q, want %q", in, got, want)
		}
	}
}
