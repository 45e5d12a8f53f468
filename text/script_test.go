package text

import (
	"testing"
	"unicode"
)

func TestIsHan(t *testing.T) {
	cases := []struct {
		r    rune
		want bool
	}{
		{'武', true},
		{'\u3400', true},     // CJK Extension A: outside U+4E00–U+9FFF
		{'\U00020000', true}, // Extension B
		{'\uF900', true},     // a compatibility ideograph
		{'あ', false},
		{'한', false},
		{'A', false},
		{'，', false},
	}
	for _, c := range cases {
		if got := IsHan(c.r); got != c.want {
			t.Errorf("IsHan(%U) = %v, want %v", c.r, got, c.want)
		}
	}
}

func TestIsCJK(t *testing.T) {
	for _, r := range []rune{'武', 'あ', 'カ', '한', '\u3400'} {
		if !IsCJK(r) {
			t.Errorf("IsCJK(%U) = false", r)
		}
	}
	for _, r := range []rune{'A', 'é', '1', '，', ' '} {
		if IsCJK(r) {
			t.Errorf("IsCJK(%U) = true", r)
		}
	}
}

func TestHasHan(t *testing.T) {
	if !HasHan("GraphRAG 武大") || HasHan("GraphRAG かな") || HasHan("") {
		t.Fatal("HasHan disagrees with its definition")
	}
}

// IsBasicHan's block holds only letters that are their own lower case,
// the property the hot loops that take it as a shortcut rely on; and it is
// the block only.
func TestIsBasicHan(t *testing.T) {
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if !IsBasicHan(r) {
			continue
		}
		if !unicode.IsLetter(r) || unicode.IsSpace(r) || unicode.IsDigit(r) || unicode.ToLower(r) != r || !IsHan(r) {
			t.Fatalf("U+%04X: letter %v, space %v, digit %v, lower U+%04X, Han %v", r, unicode.IsLetter(r), unicode.IsSpace(r), unicode.IsDigit(r), unicode.ToLower(r), IsHan(r))
		}
	}
	if IsBasicHan(0x4DFF) || IsBasicHan(0xA000) || !IsBasicHan(0x4E00) || !IsBasicHan(0x9FFF) || IsBasicHan('\u3400') {
		t.Error("IsBasicHan's bounds are not U+4E00–U+9FFF")
	}
}

func TestIsCJKText(t *testing.T) {
	if !IsCJKText("GraphRAG かな") || !IsCJKText("서울") || IsCJKText("GraphRAG") || IsCJKText("") {
		t.Fatal("IsCJKText disagrees with IsCJK")
	}
}

// MostlyHan: at least one Han rune and at least as many as the other
// letters, over all texts together; digits and marks do not count, a
// letter outside Latin does, and a rare Han block counts as Han.
func TestMostlyHan(t *testing.T) {
	for _, tc := range []struct {
		texts []string
		want  bool
	}{
		{[]string{"武汉大学 QS 排名"}, true},              // 4 Han, 2 letters
		{[]string{"武大 Wuhan"}, false},               // 2 Han, 5 letters
		{[]string{"武大 ab"}, true},                   // a tie is Chinese
		{[]string{"武大 abc"}, false},                 // one letter more is not
		{[]string{"武 ", "ab"}, false},               // counted over the texts together
		{[]string{"武大 éé"}, true},                   // é is a letter: a tie
		{[]string{"武大 ééé"}, false},                 // …and one more is not
		{[]string{"2024年 12 345 !!"}, true},         // digits and marks are no letters
		{[]string{"12345"}, false},                  // no Han rune
		{[]string{""}, false},                       // nothing
		{[]string{"\U00020000\U00020001 ab"}, true}, // Extension B is Han
	} {
		if got := MostlyHan(tc.texts...); got != tc.want {
			t.Errorf("MostlyHan(%q) = %v, want %v", tc.texts, got, tc.want)
		}
	}
}
