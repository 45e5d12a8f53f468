package ir

import (
	"strings"
	"testing"
)

// The URL rules at their edges; each case fails when the rule it names is
// removed: mailto needs an address, URLs are at most 2048 bytes, a
// backslash anywhere is refused (browsers read it as a slash), and an
// http(s) image source needs a host.
func TestURLRuleEdges(t *testing.T) {
	long := "https://a.example/" + strings.Repeat("x", 2048-len("https://a.example/"))
	for _, tc := range []struct {
		s    string
		want bool
	}{
		{"mailto:", false},
		{"mailto:?subject=x", false},
		{"mailto:a@b.example", true},
		{long, true},
		{long + "x", false},
		{"https://a.example/a\\b", false},
		{"https://a.example/a/b", true},
	} {
		if got := IsSafeURL(tc.s); got != tc.want {
			t.Errorf("IsSafeURL(%.40q…, %d bytes) = %v, want %v", tc.s, len(tc.s), got, tc.want)
		}
		if got := IsSafeHref(tc.s); got != tc.want {
			t.Errorf("IsSafeHref(%.40q…) = %v, want %v", tc.s, got, tc.want)
		}
	}
	for _, tc := range []struct {
		s    string
		want bool
	}{
		{"https:///x.png", false},
		{"http:x.png", false},
		{"https://a.example/x.png", true},
	} {
		if got := IsSafeImageSrc(tc.s); got != tc.want {
			t.Errorf("IsSafeImageSrc(%q) = %v, want %v", tc.s, got, tc.want)
		}
	}
}
