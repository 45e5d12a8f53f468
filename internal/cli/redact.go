package cli

import (
	"io"
	"regexp"
	"strings"
	"unicode/utf8"

	"reportengine/llm/openaicompat"
)

// keyRun matches a key-like text that may still grow: "s", "sk",
// "sk-…" at the end of the pending text (see openaicompat.Redact for what
// counts as key-like).
var keyRun = regexp.MustCompile(`s(?:k(?:-[A-Za-z0-9_*\-]*)?)?$`)

// answerWriter writes a streamed answer to w with the API key redacted as
// redact does and control characters other than line breaks and tabs
// escaped as safeText escapes them (the answer quotes scraped text, which
// must not drive the terminal: colours, cursor moves, a retitled window,
// direction overrides), also when the key arrives split over several deltas: it
// holds back the end of the text that could be the start of the key or of
// a key-like string until the next delta or Close shows what it is. It
// remembers whether the last byte written was a newline, so an error after
// a partial answer starts on its own line (Close).
type answerWriter struct {
	w       io.Writer
	key     string
	pending string
	wrote   bool // something was written
	nl      bool // the last byte written was '\n'
}

func newAnswerWriter(w io.Writer, key string) *answerWriter {
	if len(key) < openaicompat.MinSecretKeyLen {
		key = ""
	}
	return &answerWriter{w: w, key: key}
}

// WriteDelta adds one delta and writes what can no longer be part of a key.
func (a *answerWriter) WriteDelta(d string) error {
	a.pending += d
	if a.key != "" {
		a.pending = strings.ReplaceAll(a.pending, a.key, "[redacted]")
	}
	hold := len(a.pending)
	if m := keyRun.FindStringIndex(a.pending); m != nil {
		hold = m[0]
	}
	if a.key != "" {
		for n := min(len(a.key)-1, len(a.pending)); n > 0; n-- {
			if strings.HasSuffix(a.pending, a.key[:n]) {
				hold = min(hold, len(a.pending)-n)
				break
			}
		}
	}
	hold -= partialRuneLen(a.pending[:hold]) // a rune split over deltas is escaped whole
	out := a.pending[:hold]
	a.pending = a.pending[hold:]
	return a.write(openaicompat.Redact(out, a.key))
}

// Close writes the held-back rest; with newline it then ends the line if
// anything was written and the last byte was not '\n'.
func (a *answerWriter) Close(newline bool) error {
	err := a.write(openaicompat.Redact(a.pending, a.key))
	a.pending = ""
	if err == nil && newline && a.wrote && !a.nl {
		err = a.write("\n")
	}
	return err
}

func (a *answerWriter) write(s string) error {
	if s == "" {
		return nil
	}
	s = safeLines(s)
	a.wrote, a.nl = true, strings.HasSuffix(s, "\n")
	_, err := io.WriteString(a.w, s)
	return err
}

// partialRuneLen is the length of an incomplete UTF-8 sequence at the end
// of s (0 if s ends with a whole rune or with bytes that start none).
func partialRuneLen(s string) int {
	for n := 1; n <= min(len(s), utf8.UTFMax-1); n++ {
		if c := s[len(s)-n]; utf8.RuneStart(c) {
			if c >= 0xc0 && !utf8.FullRuneInString(s[len(s)-n:]) {
				return n
			}
			return 0
		}
	}
	return 0
}
