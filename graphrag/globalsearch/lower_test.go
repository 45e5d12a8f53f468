package globalsearch

import (
	"strings"
	"testing"
	"unsafe"
)

// TestToLowerOracle: toLower gives strings.ToLower's result on texts
// with and without capitals in every script it special-cases (ASCII, Han,
// other letters with case, invalid UTF-8, which ToLower replaces), and
// returns the text itself when nothing changes.
func TestToLowerOracle(t *testing.T) {
	texts := []string{"", "abc", "ABC", "咖啡店", "李明咖啡店 Latte", "拿铁ÄÖ", "İstanbul", "\u212a", "ΑΒΓ", "ＡＢＣ全角",
		"bad \xff bytes", "中\xe4\xb8", "ǅ", "한국어", "ひらがな", "x\u0130y", "\U0001F600 ok", "１２３", "Ǆ咖"}
	for _, s := range texts {
		if got, want := toLower(s), strings.ToLower(s); got != want {
			t.Errorf("toLower(%q) = %q, want %q", s, got, want)
		}
	}
	// every rune of the Basic Multilingual Plane, alone and in Han text
	for r := rune(0); r <= 0xFFFF; r++ {
		for _, s := range []string{string(r), "咖啡" + string(r) + "店"} {
			if got, want := toLower(s), strings.ToLower(s); got != want {
				t.Fatalf("toLower(%q) = %q, want %q", s, got, want)
			}
		}
	}
	s := "咖啡店的选址 abc 한국어"
	if got := toLower(s); unsafe.StringData(got) != unsafe.StringData(s) {
		t.Errorf("toLower(%q) = %q, a copy", s, got)
	}
}
