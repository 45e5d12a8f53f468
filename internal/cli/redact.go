package cli

import (
	"io"
	"regexp"
	"strings"
)

// minSecretKeyLen and keyLike follow llm/openaicompat's scrub, which
// redacts the key in every reply the report is written from: a configured
// API key of at least 8 bytes becomes "[redacted]", and anything shaped like
// an OpenAI-style key "sk-[redacted]" (a shorter key such as a local
// server's "ollama" is no secret and is left alone).
const minSecretKeyLen = 8

var keyLike = regexp.MustCompile(`\bsk-[A-Za-z0-9_*\-]{4,}`)

// keyRun matches a key-like text that may still grow: "s", "sk",
// "sk-…" at the end of the pending text.
var keyRun = regexp.MustCompile(`s(?:k(?:-[A-Za-z0-9_*\-]*)?)?$`)

// redact removes key (when long enough) and key-like strings from s.
func redact(s, key string) string {
	if len(key) >= minSecretKeyLen {
		s = strings.ReplaceAll(s, key, "[redacted]")
	}
	return keyLike.ReplaceAllString(s, "sk-[redacted]")
}

// answerWriter writes a streamed answer to w with the API key redacted as
// redact does, also when the key arrives split over several deltas: it
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
	if len(key) < minSecretKeyLen {
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
	out := a.pending[:hold]
	a.pending = a.pending[hold:]
	return a.write(redact(out, a.key))
}

// Close writes the held-back rest; with newline it then ends the line if
// anything was written and the last byte was not '\n'.
func (a *answerWriter) Close(newline bool) error {
	err := a.write(redact(a.pending, a.key))
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
	a.wrote, a.nl = true, strings.HasSuffix(s, "\n")
	_, err := io.WriteString(a.w, s)
	return err
}
