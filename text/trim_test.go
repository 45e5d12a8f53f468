package text

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestTruncateRunes(t *testing.T) {
	for _, tc := range []struct {
		s    string
		n    int
		want string
	}{
		{"武汉大学樱花", 4, "武汉大学"},
		{"武汉大学", 4, "武汉大学"},
		{"武汉大学", 9, "武汉大学"},
		{"ab武汉", 3, "ab武"},
		{"abc", 0, ""},
		{"abc", -1, ""},
		{"", 3, ""},
		{"a\x80\x80b", 1, "a\x80\x80"}, // stray continuation bytes stay with the rune before
	} {
		got := TruncateRunes(tc.s, tc.n)
		if got != tc.want {
			t.Errorf("TruncateRunes(%q, %d) = %q, want %q", tc.s, tc.n, got, tc.want)
		}
		if utf8.ValidString(tc.s) && utf8.RuneCountInString(got) > max(tc.n, 0) {
			t.Errorf("TruncateRunes(%q, %d) has %d runes", tc.s, tc.n, utf8.RuneCountInString(got))
		}
	}
}

func TestEllipsis(t *testing.T) {
	if got := Ellipsis("武汉大学樱花", 4, "…"); got != "武汉大学…" {
		t.Errorf("cut: %q", got)
	}
	if got := Ellipsis("武汉大学", 4, "..."); got != "武汉大学" {
		t.Errorf("not cut: %q", got)
	}
}

// Unique keeps each string once, at its first place; "" is a value like
// any other; nothing in gives nil.
func TestUnique(t *testing.T) {
	for _, c := range []struct{ in, want []string }{
		{nil, nil},
		{[]string{}, nil},
		{[]string{"b", "a", "b", "", "a", ""}, []string{"b", "a", ""}},
		{[]string{"x"}, []string{"x"}},
	} {
		if got := Unique(c.in); !slices.Equal(got, c.want) || (got == nil) != (c.want == nil) {
			t.Errorf("Unique(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestCutClause(t *testing.T) {
	long := strings.Repeat("武", 270)
	for _, tc := range []struct{ s, want string }{
		{long + "工作日08:30—17:00开放", long + "工作日"},
		{strings.Repeat("武", 200) + "，" + strings.Repeat("汉", 100), strings.Repeat("武", 200) + "，"},
		{strings.Repeat("a", 10), strings.Repeat("a", 10)},
	} {
		got := CutClause(tc.s, 279)
		if got != tc.want {
			t.Errorf("CutClause(…%q) = …%q, want …%q", tail(tc.s), tail(got), tail(tc.want))
		}
		if !strings.HasPrefix(tc.s, got) || utf8.RuneCountInString(got) > 279 {
			t.Errorf("cutClause: %q is not a prefix of at most 279 runes", tail(got))
		}
	}
}

func tail(s string) string { r := []rune(s); return string(r[max(0, len(r)-20):]) }
