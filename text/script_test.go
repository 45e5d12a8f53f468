package text

import "testing"

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
