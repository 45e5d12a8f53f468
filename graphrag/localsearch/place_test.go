package localsearch

import "testing"

// placeOpening: the noun a question opens with and a localizer after it is
// where the question is set (火星上); the same noun elsewhere, or without
// the localizer, is not.
func TestPlaceOpening(t *testing.T) {
	for _, c := range []struct {
		q, w string
		want bool
	}{
		{"火星上能开咖啡店吗？", "火星", true},
		{"月球里有咖啡店吗？", "月球", true},
		{"火星咖啡店在哪？", "火星", false},
		{"能在火星上开咖啡店吗？", "火星", false},
	} {
		if got := placeOpening(c.q, c.w); got != c.want {
			t.Errorf("placeOpening(%q, %q) = %v, want %v", c.q, c.w, got, c.want)
		}
	}
}
