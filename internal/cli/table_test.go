package cli

import (
	"strings"
	"testing"
)

// TestTableAlignsWideRunes checks that the second column starts in the same
// terminal cell on every line when the first column mixes CJK (two cells a
// rune) and ASCII: counted independently here, ideographs as 2, ASCII as 1.
func TestTableAlignsWideRunes(t *testing.T) {
	var tb table
	tb.row("ID", "TOPIC")
	tb.row("武汉大学舆情_20250825", "x")
	tb.row("coffee-demo", "咖啡店")
	var b strings.Builder
	if err := tb.print(&b); err != nil {
		t.Fatal(err)
	}
	cells := func(s string) int {
		n := 0
		for _, r := range s {
			if r >= 0x4e00 && r <= 0x9fff {
				n += 2
			} else {
				n++
			}
		}
		return n
	}
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if len(lines) != 3 {
		t.Fatalf("got %d lines, want 3:\n%s", len(lines), b.String())
	}
	want := cells("武汉大学舆情_20250825") + 2
	for _, l := range lines {
		i := strings.LastIndex(l, "  ")
		if got := cells(l[:i+2]); got != want {
			t.Errorf("second column of %q starts at cell %d, want %d", l, got, want)
		}
		if strings.HasSuffix(l, " ") {
			t.Errorf("trailing space in %q", l)
		}
	}
}
