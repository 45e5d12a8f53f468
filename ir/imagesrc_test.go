package ir

import "testing"

// IsSafeImageSrc's answers written out by hand (not compared with itself):
// a data:image URL with a quote, a space or a control character could
// close or split the attribute it goes into, so it is refused.
func TestIsSafeImageSrcDecisions(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want bool
	}{
		{"data:image/png;base64,iVBORw0KGgo=", true},
		{"DATA:IMAGE/gif;base64,R0lGOD==", true},
		{"data:image/svg+xml;base64,PHN2Zz4=", true},
		{`data:image/png;base64,"onerror=alert(1)`, false},
		{`data:image/png;base64,'x`, false},
		{"data:image/png;base64,AA AA", false},
		{"data:image/png;base64,AA\tAA", false},
		{"data:image/png;base64,AA\x7fAA", false},
		{"data:image/", false}, // nothing after the media type's slash
		{"data:text/html;base64,PHN2Zz4=", false},
		{"https://example.com/a.png", true},
		{"http://example.com/b.jpg", true},
		{" https://example.com/a.png", false},
		{"javascript:alert(1)", false},
		{"//example.com/a.png", false},
		{"/a.png", false},
		{"file:///a.png", false},
		{"", false},
	} {
		if got := IsSafeImageSrc(tc.src); got != tc.want {
			t.Errorf("IsSafeImageSrc(%q) = %v, want %v", tc.src, got, tc.want)
		}
	}
}
