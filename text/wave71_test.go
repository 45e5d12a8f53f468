package text

import (
	"slices"
	"testing"
)

// Heldout71: a count in 栋 or 棵 (几栋, 一棵) is no term; 斋名, the name of
// a hall, is no unknown name; 推特 is one word and a platform's name; a
// numeral glued to the rune before it (案一/审判) opens the word it
// begins (一审).
func TestWave71Terms(t *testing.T) {
	for q, want := range map[string][]string{
		"老斋舍那几栋楼的斋名是照啥起的？": {"老斋", "斋名"},
		"樱花一共有几棵":          {"樱花"},
		"海外校友在推特上搞了个啥话题":   {"海外", "校友", "推特", "话题"},
		"图书馆案一审判完以后":       {"图书馆案", "一审"},
	} {
		if got := termTexts(q); !slices.Equal(got, want) {
			t.Errorf("Terms(%s) = %q, want %q", q, got, want)
		}
	}
	if IsUnknownWord("斋名") || !IsUnknownWord("雷军班") {
		t.Errorf("IsUnknownWord: 斋名 %v, 雷军班 %v; want false, true", IsUnknownWord("斋名"), IsUnknownWord("雷军班"))
	}
	if !IsPlatformName("推特") {
		t.Error("IsPlatformName(推特) = false")
	}
}

// Heldout66: "what do … look like" after a lead ("For cosplay, …") and
// with three words before its noun asks whether the noun is described.
func TestWave71LookLike(t *testing.T) {
	for q, want := range map[string][]string{
		"For cosplay, what do the Paranormal Military Squad uniforms look like - colors, patches, insignia?": {"uniform"},
		"What do the alien creatures in the base look like?":                                                 {"creature"},
	} {
		if got := AskedFor(q); !slices.Equal(got, want) {
			t.Errorf("AskedFor(%s) = %q, want %q", q, got, want)
		}
	}
}
