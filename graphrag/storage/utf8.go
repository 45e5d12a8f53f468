package storage

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"reportengine/graphrag"
)

// MaxFileBytes is the largest graph file Load reads: 4 GiB, 18 times the
// 226 MB file of the 300 000-record benchmark graph (loading takes about
// 1.75 times the file's size in memory). A larger file, a folder or a
// file that is not a regular file (a device such as /dev/zero, a pipe) is
// refused with an error wrapping graphrag.ErrFormat before it is read.
const MaxFileBytes = 4 << 30

// ErrNotUTF8 is wrapped (with graphrag.ErrFormat) by the *EncodingError
// of a graph file in another encoding.
var ErrNotUTF8 = errors.New("not UTF-8")

// EncodingError is Load's error for a graph file in another encoding
// (GBK, say): more than half of its JSON strings that hold text beyond
// ASCII are not valid UTF-8 — the threshold state files (package state:
// strings) and forum logs (package forum: lines) follow, counted over the
// strings that can tell an encoding (a graph file's ids, types, keys and
// URLs are ASCII whatever the encoding). Path is the file; Line and Column
// (1-based, characters) locate the first bad byte; Bad and Strings count
// those strings not UTF-8 and all of them. It wraps ErrNotUTF8 and
// graphrag.ErrFormat.
type EncodingError struct {
	Path         string
	Line, Column int
	Bad, Strings int
}

func (e *EncodingError) Error() string {
	return fmt.Sprintf("%s:%d:%d: invalid UTF-8 (not UTF-8 — GBK? convert with iconv -f GBK -t UTF-8); %d of %d strings affected", e.Path, e.Line, e.Column, e.Bad, e.Strings)
}

func (e *EncodingError) Unwrap() []error { return []error{ErrNotUTF8, graphrag.ErrFormat} }

// checkUTF8 applies the encoding rule to a graph file's text that is not
// valid UTF-8: when more than half of its JSON strings beyond ASCII
// hold bytes that are not UTF-8 it returns an *EncodingError; otherwise the text with
// every such byte sequence replaced by U+FFFD and a LoadReport warning
// naming the file, the first position and the count (a byte flipped in a
// title: the title shows U+FFFD and the warning says where, instead of
// the graph loading silently with a garbled title).
func checkUTF8(text, path string) (fixed, warning string, err error) {
	bad, total, first := scanStrings(text)
	line, col := position(text, first)
	if 2*bad > total {
		return "", "", &EncodingError{Path: path, Line: line, Column: col, Bad: bad, Strings: total}
	}
	if first < 0 {
		line, col = position(text, firstInvalid(text))
	}
	return strings.ToValidUTF8(text, "\uFFFD"), fmt.Sprintf("%s:%d:%d: invalid UTF-8 in %d of %d strings, replaced by U+FFFD", path, line, col, bad, total), nil
}

// scanStrings counts the JSON string literals of text that hold a byte
// beyond ASCII (ids, types, keys and URLs are ASCII in every encoding, so
// they tell none apart: in a GBK graph file most strings are such) and
// those of them that are not valid UTF-8, and returns the offset of the first bad byte in one
// (-1 when none is). A GBK trail byte can be a backslash or a quote, so
// the count of a file in GBK is an estimate; it is exact for UTF-8 text
// with a few bad bytes.
func scanStrings(text string) (bad, total, first int) {
	first = -1
	for i := 0; i < len(text); i++ {
		if text[i] != '"' {
			continue
		}
		start := i + 1
		j := start
		for j < len(text) && text[j] != '"' {
			if text[j] == '\\' {
				j++
			}
			j++
		}
		s := text[start:min(j, len(text))]
		i = j
		if !strings.ContainsFunc(s, func(r rune) bool { return r >= utf8.RuneSelf }) {
			continue
		}
		total++
		if !utf8.ValidString(s) {
			bad++
			if first < 0 {
				first = start + firstInvalid(s)
			}
		}
	}
	return bad, total, first
}

// firstInvalid is the offset of the first byte of s that does not start
// a valid UTF-8 sequence; -1 when s is valid.
func firstInvalid(s string) int {
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			return i
		}
		i += n
	}
	return -1
}

// position is the 1-based line and column (in characters, a bad byte
// counting as one) of offset off in text; 0, 0 for a negative off.
func position(text string, off int) (line, col int) {
	if off < 0 {
		return 0, 0
	}
	line, col = 1, 1
	for i := 0; i < off && i < len(text); {
		if text[i] == '\n' {
			line, col = line+1, 1
			i++
			continue
		}
		_, n := utf8.DecodeRuneInString(text[i:])
		col++
		i += n
	}
	return line, col
}
