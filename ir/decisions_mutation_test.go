package ir

import "testing"

// Tests written for the survivors of the issue-20 fresh mutation round
// (docs/mutations.md, G-rows): an image source with a host is an http(s)
// URL only (G44).
func TestImageSrcSchemeWithHost(t *testing.T) {
	for src, want := range map[string]bool{
		"javascript://example.com/%0Aalert(1)": false,
		"ftp://example.com/a.png":              false,
		"file://host/a.png":                    false,
		"HTTPS://example.com/a.png":            true,
		"http://example.com/a.png":             true,
	} {
		if got := IsSafeImageSrc(src); got != want {
			t.Errorf("IsSafeImageSrc(%q) = %v, want %v", src, got, want)
		}
	}
}
