package render

import "testing"

// Tests written for the survivors of the issue-20 fresh mutation round
// (docs/mutations.md, G-rows): each fails when its rule is reversed or
// removed.

// A Markdown link target has its spaces encoded (a space ends it), a code
// span whose text starts or ends with a backtick is padded, and an "error"
// callout is a danger one (G40, G41, G43).
func TestMarkdownURLCodeAndTone(t *testing.T) {
	if got, want := mdURL("https://a.example/a b(c)"), "https://a.example/a%20b%28c%29"; got != want {
		t.Errorf("mdURL = %q, want %q", got, want)
	}
	for in, want := range map[string]string{"a`": "`` a` ``", "`a": "`` `a ``", "a`b": "``a`b``"} {
		if got := mdCode(in); got != want {
			t.Errorf("mdCode(%q) = %q, want %q", in, got, want)
		}
	}
	for tone, want := range map[string]string{"error": "tone-danger", "danger": "tone-danger", "warn": "tone-warning", "ok": "tone-success", "other": "tone-info"} {
		if got := toneClass(tone); got != want {
			t.Errorf("toneClass(%q) = %q, want %q", tone, got, want)
		}
	}
}
