package knowledge

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestMentionMatcher(t *testing.T) {
	names := []string{"李明", "李明咖啡店", "写字楼商圈", "Hangzhou", "Latte Art", "AI", "王", "明咖"}
	m := newMentionMatcher()
	var added []int
	for i, n := range names {
		if m.add(n, i) {
			added = append(added, i)
		}
	}
	m.build()
	// "AI" (2 Latin letters) and "王" (1 rune) are too short to be telling
	if want := []int{0, 1, 2, 3, 4, 7}; !slices.Equal(added, want) {
		t.Fatalf("added %v, want %v", added, want)
	}
	cases := []struct {
		text string
		want []int
	}{
		{"2024年李明咖啡店在写字楼商圈开业", []int{0, 7, 1, 2}},
		{"hangzhou's LATTE ART scene", []int{3, 4}},
		{"Hangzhoux is not a word match; xLatte Art neither", nil},
		{"", nil},
		{"李明李明", []int{0}},
	}
	for _, c := range cases {
		var got []int
		m.find(c.text, func(id int) { got = append(got, id) })
		if !slices.Equal(got, c.want) {
			t.Errorf("find(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}

func TestChunkText(t *testing.T) {
	long := strings.Repeat("咖啡店的选址很重要。", 30) // 300 runes, 30 sentences
	cases := []struct {
		name string
		text string
		max  int
		n    int
	}{
		{"short", "一句话。", 10, 1},
		{"sentences", long, 100, 3},
		{"one long sentence", strings.Repeat("字", 250), 100, 3},
		{"english", "One. Two three. Four five six.", 15, 2},
		{"blank", "  \n ", 10, 0},
	}
	for _, c := range cases {
		got := chunkText(c.text, c.max)
		if len(got) != c.n {
			t.Errorf("%s: %d chunks %q, want %d", c.name, len(got), got, c.n)
		}
		for _, g := range got {
			if utf8.RuneCountInString(g) > c.max || !utf8.ValidString(g) {
				t.Errorf("%s: chunk %q over %d runes or invalid", c.name, g, c.max)
			}
		}
		if strings.Join(strings.Fields(strings.Join(got, "")), "") != strings.Join(strings.Fields(c.text), "") {
			t.Errorf("%s: chunks lose text", c.name)
		}
	}
}
