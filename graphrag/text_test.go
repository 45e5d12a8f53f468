package graphrag

import (
	"strings"
	"testing"
	"unicode/utf8"

	"reportengine/text"
)

// ValidUTF8 says what unicode/utf8 says (the oracle), on the edge cases of
// the encoding and on long mixed text with a bad byte at every position of
// a 64-byte block (SIMD validators work in blocks).
func TestValidUTF8(t *testing.T) {
	cases := []string{"", "a", "武汉大学", "\xff", "a\xe4\xb8", "\xe4\xb8\xad\xe6", "\xed\xa0\x80", "\xed\x9f\xbf",
		"\xc0\x80", "\xc2\x80", "\xf4\x8f\xbf\xbf", "\xf4\x90\x80\x80", "\xf0\x90\x80\x80", "\xf0\x8f\xbf\xbf", "\xef\xbf\xbd", "\x80"}
	long := strings.Repeat("舆情 survey 用户，", 40)
	for i := 0; i < 64; i++ {
		cases = append(cases, long[:i]+"\xff"+long[i:], long[:len(long)-i], long+"\xe4\xb8"+long[:i])
	}
	for _, s := range cases {
		if got, want := ValidUTF8(s), utf8.ValidString(s); got != want {
			t.Errorf("ValidUTF8(%q) = %v, want %v", s, got, want)
		}
	}
}

func FuzzValidUTF8(f *testing.F) {
	for _, s := range []string{"武汉大学 a", "\xff", "\xed\xa0\x80"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := ValidUTF8(s), utf8.ValidString(s); got != want {
			t.Errorf("ValidUTF8(%q) = %v, want %v", s, got, want)
		}
	})
}

// SourceName is the rule as the builder first wrote it: the first of
// title, url and content that is not blank (a URL counts when it is not
// empty), trimmed, cut to SourceNameRunes runes; "(untitled)" for none.
func TestSourceName(t *testing.T) {
	oracle := func(title, url, content string) string {
		name := title
		switch {
		case strings.TrimSpace(name) != "":
		case url != "":
			name = url
		case strings.TrimSpace(content) != "":
			name = content
		default:
			name = "(untitled)"
		}
		return text.TruncateRunes(strings.TrimSpace(name), SourceNameRunes)
	}
	long := strings.Repeat("武汉大学樱花", 20)
	fields := []string{"", " ", "\u3000", " 标题 ", "\u3000武大\u3000", "https://a.example/x ", "  \t", long, " " + long, "a\xffb"}
	for _, title := range fields {
		for _, url := range fields {
			for _, content := range fields {
				if got, want := SourceName(title, url, content), oracle(title, url, content); got != want {
					t.Fatalf("SourceName(%q, %q, %q) = %q, want %q", title, url, content, got, want)
				}
			}
		}
	}
	if got := SourceName("", "", "\u3000"); got != "(untitled)" {
		t.Errorf("all blank: %q", got)
	}
	if got := SourceName("\u3000", " https://a.example/x ", "内容"); got != "https://a.example/x" {
		t.Errorf("blank title: %q, want the trimmed URL", got)
	}
}
