package text

import (
	"strings"
	"testing"
)

func TestLooksUTF16(t *testing.T) {
	le := func(s string) string {
		var b strings.Builder
		for _, c := range []byte(s) {
			b.WriteByte(c)
			b.WriteByte(0)
		}
		return b.String()
	}
	for s, want := range map[string]bool{
		"\xff\xfe" + le("{}"):                 true,  // a byte order mark
		le(`{"query": "武汉"}`):                 true,  // ASCII in UTF-16LE without a mark
		"\x00" + le("[10:00:00] [HOST]")[:30]: true,  // UTF-16BE: the NUL first
		strings.Repeat("\x00", 64):            false, // /dev/zero
		"[10:00:00] [HOST] 坏\x00字节":           false, // a stray NUL in UTF-8
		`{"query": "武汉"}`:                     false,
		"":                                    false,
	} {
		if got := LooksUTF16(s); got != want {
			t.Errorf("LooksUTF16(%q) = %v, want %v", s, got, want)
		}
	}
}
