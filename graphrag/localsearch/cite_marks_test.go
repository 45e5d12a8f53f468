package localsearch

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"reportengine/graphrag/knowledge"
)

// b23Records is B23's context: Entities 5 and 6, Relationships 37 and 38,
// no Reports.
func b23Records() Records {
	return Records{
		"entities":      {Columns: []string{"id", "entity"}, Rows: [][]string{{"5", "品牌甲"}, {"6", "品牌乙"}}, InContext: []bool{true, true}},
		"relationships": {Columns: []string{"id", "source", "target"}, Rows: [][]string{{"37", "a", "b"}, {"38", "b", "c"}}, InContext: []bool{true, true}},
		"reports":       {Columns: []string{}, Rows: [][]string{}},
	}
}

const b23Answer = "品牌甲声量最高 [Data: Entities (5), Relationships (37, 38, 41, +more)]。另见 [Data: Entities(6); Reports (99)]。"

// B23: "+more" keeps more=true on its group's ids (before: dropped
// silently); 41 and Reports 99 are not in the context; 5, 6, 37, 38 are.
func TestParseCitationsB23(t *testing.T) {
	type c struct {
		table, id string
		in, more  bool
	}
	var got []c
	for _, x := range ParseCitations(b23Answer, b23Records()) {
		got = append(got, c{x.Table, x.ID, x.InContext, x.More})
	}
	want := []c{
		{"entities", "5", true, false},
		{"relationships", "37", true, true}, {"relationships", "38", true, true}, {"relationships", "41", false, true},
		{"entities", "6", true, false},
		{"reports", "99", false, false},
	}
	if len(got) != len(want) {
		t.Fatalf("got %+v, want %+v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("citation %d = %+v, want %+v", i, got[i], want[i])
		}
	}
}

// Citations not in the context are marked where they stand (before: only
// listed after the answer, left in it as if valid); the others and the
// text around them are unchanged.
func TestMarkCitations(t *testing.T) {
	m := NotInContextMark
	want := "品牌甲声量最高 [Data: Entities (5), Relationships (37, 38, 41" + m + ", +more)]。另见 [Data: Entities(6); Reports (99" + m + ")]。"
	if got := MarkCitations(b23Answer, b23Records()); got != want {
		t.Errorf("MarkCitations =\n%s\nwant\n%s", got, want)
	}
	for _, s := range []string{"no citation", "[Data: Entities (5, 6)]", "[1] a footnote", "[Data: ]", "[data: x 1; y (2"} {
		if got := MarkCitations(s, b23Records()); got != s {
			t.Errorf("MarkCitations(%q) = %q, want it unchanged", s, got)
		}
	}
	if got := MarkCitations("【Data：Entities 5, 7】", b23Records()); got != "【Data：Entities 5, 7"+m+"】" {
		t.Errorf("bare ids in full-width brackets: %q", got)
	}
}

// Streamed, the marks come out the same however the deltas cut the
// answer (at every byte, at random rune boundaries), and text that is not
// a citation block is passed on without waiting for a closing bracket.
func TestCitationMarkerStream(t *testing.T) {
	answers := []string{b23Answer, "see [1] and [x] then [Data: Relationships (41)] end [Data: Entities (5", "［DATA： Reports (1)］ and 【data: Entities (6)】", strings.Repeat("[Data: Entities (5, ", 200) + "x"}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, a := range answers {
		want := MarkCitations(a, b23Records())
		for trial := range 30 {
			var out strings.Builder
			mk := NewCitationMarker(b23Records(), func(s string) error { out.WriteString(s); return nil })
			rest := a
			for rest != "" {
				n := 1
				if trial > 0 {
					n = 1 + rng.IntN(12)
				}
				n = min(n, len(rest))
				if err := mk.Write(rest[:n]); err != nil {
					t.Fatal(err)
				}
				rest = rest[n:]
			}
			if err := mk.Flush(); err != nil {
				t.Fatal(err)
			}
			if out.String() != want {
				t.Fatalf("trial %d: streamed\n%.200s\nwant\n%.200s", trial, out.String(), want)
			}
		}
	}
	// "[1]" is passed on as soon as it cannot be a citation block
	var out strings.Builder
	mk := NewCitationMarker(b23Records(), func(s string) error { out.WriteString(s); return nil })
	mk.Write("footnote [1")
	if out.String() != "footnote [1" {
		t.Errorf("held back %q, want it passed on", strings.TrimPrefix("footnote [1", out.String()))
	}
}

// B42: a resolved citation carries the record's own id and its
// human_readable_id; for Sources the context shows the row position (as
// the reference does), which differs from the unit's human_readable_id
// in an index numbered from 1.
func TestIdentifyCitations(t *testing.T) {
	p := smallParts()
	p.TextUnits[0].HumanReadableID, p.TextUnits[1].HumanReadableID = "1", "2"
	m, err := knowledge.New(p)
	if err != nil {
		t.Fatal(err)
	}
	cs := []Citation{
		{Table: "sources", ID: "0", InContext: true}, {Table: "sources", ID: "1", InContext: true},
		{Table: "entities", ID: "1", InContext: true}, {Table: "relationships", ID: "2", InContext: true},
		{Table: "reports", ID: "2", InContext: true}, {Table: "claims", ID: "0", InContext: true},
		{Table: "entities", ID: "7", InContext: false},
	}
	b, err := NewContextBuilder(m, Config{})
	if err != nil {
		t.Fatal(err)
	}
	if pos := b.positionalIDs(); pos != (positional{true, true, true}) {
		t.Fatalf("positionalIDs %+v, want all true (smallParts numbers its records from 0)", pos)
	}
	want := [][2]string{{"t1", "1"}, {"t2", "2"}, {"e2", "1"}, {"r2", "2"}, {"c2", "2"}, {p.Covariates["claims"][0].ID, "0"}, {"", ""}}
	for _, pos := range []positional{{}, b.positionalIDs()} { // scans, then positions
		got := slices.Clone(cs)
		identify(got, m, "reports", pos)
		for i, c := range got {
			if g := [2]string{c.RecordID, c.HumanReadableID}; g != want[i] {
				t.Errorf("%+v: %s %s: record id, human_readable_id %q, want %q", pos, c.Table, c.ID, g, want[i])
			}
		}
	}
}

// TestFindShortPositional holds the look-up by position to the scan: a
// list is positional only when each short id is its position, and then
// an id is found where the scan finds it (ids that are not a position's
// canonical decimal form are not found).
func TestFindShortPositional(t *testing.T) {
	for _, tc := range []struct {
		ids  []string
		want bool
	}{
		{[]string{"0", "1", "2"}, true}, {nil, true}, {[]string{"1"}, false}, {[]string{"5", "0"}, false},
		{[]string{"0", "0"}, false}, {[]string{"0", "01"}, false}, {[]string{"0", "2", "1"}, false},
	} {
		id := func(i int) string { return tc.ids[i] }
		if got := isPositional(len(tc.ids), id); got != tc.want {
			t.Errorf("isPositional(%q) = %v, want %v", tc.ids, got, tc.want)
		}
		for _, s := range []string{"0", "1", "2", "3", "01", "+1", "-0", "-1", " 1", "", "x"} {
			scan := findShort(len(tc.ids), id, s, false)
			if tc.want {
				if got := findShort(len(tc.ids), id, s, true); got != scan {
					t.Errorf("%q: findShort(%q) by position %d, by scan %d", tc.ids, s, got, scan)
				}
			}
		}
	}
	// the scan takes the first of repeated ids
	if got := findShort(2, func(i int) string { return []string{"7", "7"}[i] }, "7", false); got != 0 {
		t.Errorf("findShort of a repeated id = %d, want 0", got)
	}
}
