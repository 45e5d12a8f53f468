package forum

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"reportengine/text"
)

// readBufferSize is the size of the bufio.Reader window. Lines longer than
// this are assembled in a growing buffer, up to MaxLineBytes.
const readBufferSize = 64 << 10

// MaxFileBytes is the largest forum log Parse reads: 256 MiB, about 500
// times the largest log of a BettaFish run seen (a few hundred KiB for a
// day of speeches). A log that goes on past it (or a device without end,
// such as /dev/zero) is an error wrapping ErrTooLarge.
const MaxFileBytes = 256 << 20

// MaxLineBytes is the longest line Parse reads: 16 MiB (a speech is a few
// KiB; the whole fixture log is 60 KiB). A longer line is an error
// wrapping ErrTooLarge naming the line, not a buffer grown until memory
// runs out.
const MaxLineBytes = 16 << 20

// ErrTooLarge: the log, or one of its lines, is larger than MaxFileBytes
// or MaxLineBytes.
var ErrTooLarge = errors.New("too large for a forum log")

// limits are MaxFileBytes and MaxLineBytes; tests lower them.
var limits = struct{ file, line int }{MaxFileBytes, MaxLineBytes}

// Parse reads a forum log from r and returns its entries in file order and
// the warnings found on the way, ordered by line.
//
// Malformed lines never fail the parse and their text is never dropped: see
// the package documentation for how each kind of line is handled. The error
// is non-nil only when r fails or the log is too large (more than
// MaxFileBytes, or a line of more than MaxLineBytes: an error wrapping
// ErrTooLarge naming the line); Parse then returns the entries and warnings
// read up to that point together with an error that wraps r's error (or
// ErrTooLarge) and names the line being read. A log in another encoding (more than half of
// its non-blank lines not UTF-8) is the other error: an *EncodingError
// wrapping ErrNotUTF8, returned with the entries as read (bad bytes as
// U+FFFD); a few bad lines are only warnings.
func Parse(r io.Reader) ([]Entry, []Warning, error) {
	entries, warnings, err := parse(r)
	if err != nil {
		return entries, warnings, fmt.Errorf("forum: %w", err)
	}
	return entries, warnings, nil
}

// ErrNotForumLog: the file given as a forum log is something else: a
// folder, a JSON document (an engine state file passed by mistake) or a
// binary file.
var ErrNotForumLog = errors.New("not a forum log")

// ErrNotUTF8: the log is in another encoding (GBK, say): more than half of
// its non-blank lines are not valid UTF-8, so reading it with U+FFFD in place
// of the bad bytes would keep the timestamps and speakers and lose every
// message. Parse returns it wrapped in an *EncodingError.
var ErrNotUTF8 = errors.New("not UTF-8")

// EncodingError is Parse's error for a log in another encoding: Line is the
// first line (1-based) that is not valid UTF-8, Bad and Lines the number of
// such lines and of non-blank lines. It wraps ErrNotUTF8. The state files
// follow the same rule (package state: more than half of the strings).
type EncodingError struct {
	Line, Bad, Lines int
}

func (e *EncodingError) Error() string {
	return fmt.Sprintf("line %d: invalid UTF-8 (not UTF-8 — GBK? convert with iconv -f GBK -t UTF-8); %d of %d lines affected", e.Line, e.Bad, e.Lines)
}

func (e *EncodingError) Unwrap() error { return ErrNotUTF8 }

// ParseFile parses the forum log at path; see Parse. Errors name the file
// and wrap the underlying error, so errors.Is(err, fs.ErrNotExist) works.
// A folder, a file whose first non-blank character is '{' (JSON: an
// engine state file, not a log, whose lines all start with '['), and a
// binary file (a NUL byte, or more than one control byte in ten, in its
// first 64 KiB: controlBytes) are refused with an error wrapping
// ErrNotForumLog before anything is parsed; a binary file's error names
// the line and byte offset of its first control byte and suggests UTF-16
// only when the bytes read so (text.LooksUTF16).
func ParseFile(path string) ([]Entry, []Warning, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, fmt.Errorf("forum: %w", err) // the *PathError names the file: "forum: open x.log: no such file or directory"
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil && fi.IsDir() {
		return nil, nil, fmt.Errorf("forum: %s is a folder: %w", path, ErrNotForumLog)
	} else if err == nil && fi.Size() > int64(limits.file) {
		return nil, nil, fmt.Errorf("forum: %s: %d bytes, more than the %d (%d MiB) a forum log may have: %w", path, fi.Size(), limits.file, limits.file>>20, ErrTooLarge)
	}
	br := bufio.NewReaderSize(f, readBufferSize)
	head, _ := br.Peek(readBufferSize)
	if startsJSON(head) {
		return nil, nil, fmt.Errorf("forum: %s holds JSON (an engine state file?), %w; pass state files as STATE arguments and the forum.log as --forum", path, ErrNotForumLog)
	}
	if nul, ctl := controlBytes(head); nul > 0 || 10*ctl > len(head) {
		at := bytes.IndexFunc(head, func(r rune) bool { return r == 0 || r < 0x20 && (r < '\t' || r > '\r') || r == 0x7f })
		hint := ""
		if text.LooksUTF16(string(head)) {
			hint = " (a UTF-16 text? convert it to UTF-8)"
		}
		return nil, nil, fmt.Errorf("forum: %s is binary, %w: line %d holds a control byte 0x%02x at byte offset %d; its first %d bytes hold %d NUL and %d other control bytes%s",
			path, ErrNotForumLog, 1+bytes.Count(head[:at], []byte("\n")), head[at], at, len(head), nul, ctl, hint)
	}
	entries, warnings, err := parse(br)
	if err != nil {
		return entries, warnings, fmt.Errorf("forum: parse %s: %w", path, err)
	}
	return entries, warnings, nil
}

// controlBytes counts the NUL bytes of b and its other control bytes
// (below 0x20 but tab, line feed, vertical tab, form feed and carriage
// return; DEL), which text does not hold and a binary file is full of.
func controlBytes(b []byte) (nul, other int) {
	for _, c := range b {
		switch {
		case c == 0:
			nul++
		case c < 0x20 && (c < '\t' || c > '\r') || c == 0x7f:
			other++
		}
	}
	return nul, other
}

// startsJSON reports whether the first character after white space and a
// byte order mark is '{'.
func startsJSON(head []byte) bool {
	head = bytes.TrimLeft(bytes.TrimPrefix(head, []byte("\uFEFF")), " \t\r\n")
	return len(head) > 0 && head[0] == '{'
}

// parse does the work of Parse; its error, if any, names the line being
// read and wraps r's error.
func parse(r io.Reader) ([]Entry, []Warning, error) {
	var p parser
	br := bufio.NewReaderSize(r, readBufferSize)
	var long []byte // assembles lines longer than the bufio window
	total := 0
	for {
		line, err := br.ReadSlice('\n')
		total += len(line)
		if total > limits.file {
			return p.entries, p.warnings, fmt.Errorf("line %d: the log goes on past %d bytes (%d MiB): %w", p.n+1, limits.file, limits.file>>20, ErrTooLarge)
		}
		if err == bufio.ErrBufferFull || len(long) > 0 {
			long = append(long, line...)
			if len(long) > limits.line {
				return p.entries, p.warnings, fmt.Errorf("line %d: longer than %d bytes (%d MiB; is it a forum log?): %w", p.n+1, limits.line, limits.line>>20, ErrTooLarge)
			}
			if err == bufio.ErrBufferFull {
				continue
			}
			line = long
		}
		lineNo := p.n + 1 // the line being read
		if len(line) > 0 {
			p.addLine(line)
		}
		long = long[:0]
		if err != nil {
			p.flush()
			if err == io.EOF {
				if 2*p.badLines > p.lines {
					return p.entries, p.warnings, &EncodingError{Line: p.firstBad, Bad: p.badLines, Lines: p.lines}
				}
				return p.entries, p.warnings, nil
			}
			return p.entries, p.warnings, fmt.Errorf("line %d: %w", lineNo, err)
		}
	}
}

// parser holds the state of one Parse call.
type parser struct {
	n        int // physical lines seen so far
	entries  []Entry
	warnings []Warning

	open    bool   // cur is an entry still collecting lines
	cur     Entry  // the open entry, Content not yet set
	content []byte // decoded content of cur, untrimmed
	fixed   []byte // scratch for lines with invalid UTF-8

	lines, badLines int // non-blank lines, and those not valid UTF-8
	firstBad        int // the first of those (1-based), 0 if none
}

func (p *parser) warn(format string, args ...any) {
	p.warnings = append(p.warnings, Warning{Line: p.n, Msg: fmt.Sprintf(format, args...)})
}

// addLine handles one physical line, with or without its trailing LF.
func (p *parser) addLine(line []byte) {
	p.n++
	line = bytes.TrimSuffix(line, []byte{'\n'})
	line = bytes.TrimSuffix(line, []byte{'\r'})
	if p.n == 1 {
		line = bytes.TrimPrefix(line, []byte("\uFEFF"))
	}
	if len(bytes.TrimSpace(line)) > 0 {
		p.lines++
	}
	if !utf8.Valid(line) {
		p.badLines++
		if p.firstBad == 0 {
			p.firstBad = p.n
		}
		p.fixed = appendValidUTF8(p.fixed[:0], line)
		line = p.fixed
		p.warn("invalid UTF-8 replaced with U+FFFD")
	}
	if i := bytes.IndexFunc(line, isControl); i >= 0 {
		r, _ := utf8.DecodeRune(line[i:])
		line = bytes.Map(func(r rune) rune {
			if isControl(r) {
				return utf8.RuneError
			}
			return r
		}, line)
		p.warn("control characters (U+%04X …) replaced with U+FFFD", r)
	}

	if clock, secs, ok := parseTimestamp(line); ok {
		p.flush()
		p.startEntry(line[timestampLen:], clock, secs)
		return
	}
	if timestampRE.Match(line) {
		p.warn("out-of-range timestamp %s; line taken as continuation text", line[:timestampLen])
	} else if loose := looseTimestampRE.Find(line); loose != nil {
		p.warn("timestamp %s is not [HH:MM:SS]; line taken as continuation text", loose)
	}
	if p.open {
		p.content = append(p.content, '\n')
		p.content = appendDecoded(p.content, line)
		return
	}
	if len(bytes.TrimSpace(line)) == 0 {
		return // blank lines before any text
	}
	p.open = true
	p.cur = Entry{Line: p.n, Time: "", Seconds: -1, Speaker: SpeakerSystem, Known: true}
	p.content = appendDecoded(p.content[:0], line)
	p.warn("text before the first timestamped line; kept as a SYSTEM entry without time")
}

// isControl reports a control character no forum text carries: C0 but
// the tab and the carriage return (a line break inside a line, which
// the content keeps), and DEL (a binary or damaged line: "ZZZZ garbage
// \x01\x02").
func isControl(r rune) bool {
	return r < 0x20 && r != '\t' && r != '\r' || r == 0x7f
}

// startEntry opens a new entry for a timestamped line; rest is what follows
// the timestamp.
func (p *parser) startEntry(rest []byte, clock string, secs int) {
	p.open = true
	p.cur = Entry{Line: p.n, Time: clock, Seconds: secs, Speaker: SpeakerSystem, Known: true}

	if m := speakerRE.FindSubmatch(rest); m != nil {
		rest = rest[len(m[0]):]
		speaker, session := strings.ToUpper(string(m[1])), string(m[2])
		if session == "" {
			if t := sessionRE.FindSubmatch(rest); t != nil {
				session, rest = string(t[1]), rest[len(t[0]):]
			}
		}
		p.cur.Speaker = speaker
		p.cur.Session = session
		p.cur.Known = isKnownSpeaker(speaker)
		if !p.cur.Known {
			p.warn("unknown speaker %q", speaker)
		}
	} else if emptySpeakerRE.Match(rest) {
		// "[10:04:00] [] …": a speaker tag with its name lost; the line is
		// kept as the SYSTEM record every untagged line is, and said
		p.warn("empty speaker tag; kept as a SYSTEM entry")
	}
	p.content = appendDecoded(p.content[:0], rest)
}

// emptySpeakerRE matches an empty speaker tag after the timestamp's
// blanks: "[]" or brackets holding only blanks.
var emptySpeakerRE = regexp.MustCompile(`^[ \t]*\[[ \t]*\]`)

// flush closes the open entry, if any.
func (p *parser) flush() {
	if !p.open {
		return
	}
	p.cur.Content = string(bytes.TrimSpace(p.content))
	p.entries = append(p.entries, p.cur)
	p.open = false
	p.cur = Entry{}
}

// hexID is a search session id as BettaFish's forum writer emits it
// (B10): 8 to 32 hexadecimal digits ("3f9a1c2e", a uuid's hex without
// dashes), or a uuid in its 8-4-4-4-12 form.
const hexID = `[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}|[0-9A-Fa-f]{8,32}`

var (
	// timestampRE is the shape "[dd:dd:dd]", whatever the values;
	// looseTimestampRE a "[h:m:s]" with one- or two-digit groups, its
	// seconds or its closing bracket missing ("[10:20] [HOST]", "[10:20:00
	// [MEDIA] …": a damaged header, not a line of text).
	timestampRE      = regexp.MustCompile(`^\[\d\d:\d\d:\d\d\]`)
	looseTimestampRE = regexp.MustCompile(`^\[\d{1,2}:\d{1,2}(?::\d{1,2})?(?:\]|[ \t]|$)`)
	// speakerRE is a speaker tag after blanks: "[WORD]", "[WORD:ID]" or
	// "[WORD@ID]"; sessionRE a session tag after blanks (the grammar is in
	// the package documentation; KEYWORD in ASCII letters of any case).
	speakerRE = regexp.MustCompile(`^[ \t]*\[([A-Za-z_][A-Za-z0-9_]*)(?:[:@]([A-Za-z0-9_.:=#-]+))?\]`)
	sessionRE = regexp.MustCompile(`^[ \t]*\[(` + hexID + `|#[A-Za-z0-9_.-]+|[Ss][0-9]+|` +
		`(?:[Ss][Ee][Ss][Ss](?:[Ii][Oo][Nn])?|[Ss][Ii][Dd])(?:[-_:=#][A-Za-z0-9_.-]+|[0-9][A-Za-z0-9_.-]*))\]`)
)

// timestampLen is the length of "[HH:MM:SS]".
const timestampLen = 10

// parseTimestamp parses a valid "[HH:MM:SS]" at the start of line and
// returns "HH:MM:SS" and the seconds since midnight.
func parseTimestamp(line []byte) (clock string, secs int, ok bool) {
	if !timestampRE.Match(line) {
		return "", 0, false
	}
	t, err := time.Parse(time.TimeOnly, string(line[1:9]))
	if err != nil {
		return "", 0, false
	}
	return string(line[1:9]), t.Hour()*3600 + t.Minute()*60 + t.Second(), true
}

// isKnownSpeaker reports whether s is one of the five known speakers.
func isKnownSpeaker(s string) bool {
	switch s {
	case SpeakerQuery, SpeakerMedia, SpeakerInsight, SpeakerHost, SpeakerSystem:
		return true
	}
	return false
}

// lineBreaks decodes the writer's escapes: the two-character sequences
// `\r\n` (four characters), `\n` and `\r` each become one LF, and so does
// a raw CR. Other backslashes are kept.
var lineBreaks = strings.NewReplacer(`\r\n`, "\n", `\n`, "\n", `\r`, "\n", "\r", "\n")

// appendDecoded appends src to dst with the writer's escapes decoded
// (lineBreaks).
func appendDecoded(dst, src []byte) []byte { return append(dst, lineBreaks.Replace(string(src))...) }

// appendValidUTF8 appends b to dst with every byte that is not part of a
// valid UTF-8 sequence replaced by U+FFFD.
func appendValidUTF8(dst, b []byte) []byte {
	for len(b) > 0 {
		r, size := utf8.DecodeRune(b)
		if r == utf8.RuneError && size == 1 {
			dst = utf8.AppendRune(dst, utf8.RuneError)
		} else {
			dst = append(dst, b[:size]...)
		}
		b = b[size:]
	}
	return dst
}
