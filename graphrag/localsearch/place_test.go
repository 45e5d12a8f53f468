package localsearch

import "testing"

// placeOpening: the noun a question opens with and a localizer after it is
// where the question is set (火星上); the same noun elsewhere, or without
// the localizer, is not; a time word (今年) and a phrase with 的 of at
// most 8 runes (国考的申论) may stand before it, a clause may not.
func TestPlaceOpening(t *testing.T) {
	for _, c := range []struct {
		q, w string
		want bool
	}{
		{"火星上能开咖啡店吗？", "火星", true},
		{"月球里有咖啡店吗？", "月球", true},
		{"火星咖啡店在哪？", "火星", false},
		{"能在火星上开咖啡店吗？", "火星", false},
		// a time word and whose place before it (heldout51)
		{"今年国考的申论真题里有没有用武大图书馆事件当材料？", "真题", true},
		{"今年火星上有咖啡店吗？", "火星", true},
		{"国考的申论真题有没有用这件事？", "真题", false},
		{"武大图书馆事件，申论真题里有没有？", "真题", false},
		{"武大的事，申论真题里有没有？", "真题", false},
	} {
		if got := placeOpening(c.q, c.w); got != c.want {
			t.Errorf("placeOpening(%q, %q) = %v, want %v", c.q, c.w, got, c.want)
		}
	}
}
