package eval

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"unicode/utf8"
)

// Limits of a question set (see the package doc).
const (
	// MaxQuestions is the most questions a set may hold: 500, enough for
	// a careful set and small enough that an offline run stays within
	// seconds.
	MaxQuestions = 500
	// MaxSetBytes is the largest set file read, in bytes (4 MiB).
	MaxSetBytes = 4 << 20
	// MaxLineBytes is the longest line, in bytes (64 KiB).
	MaxLineBytes = 64 << 10
	// maxQuestionRunes, maxAssertions and maxAlternatives bound one line.
	maxQuestionRunes = 2000
	maxAssertions    = 32
	maxAlternatives  = 16
)

// ExpectNoMatch is the only value of a question's "expect" field: the
// question is off-topic and must be refused.
const ExpectNoMatch = "no_match"

// ErrBadSet is wrapped by every error about the content of a question set.
var ErrBadSet = errors.New("eval: bad question set")

// SetError is a bad question set: the file, the 1-based line (0 for the
// whole file) and what is wrong. It wraps ErrBadSet.
type SetError struct {
	Path string // the file as given ("" for a reader without a name)
	Line int
	Msg  string
}

func (e *SetError) Error() string {
	where := e.Path
	if where == "" {
		where = "question set"
	}
	if e.Line > 0 {
		where = fmt.Sprintf("%s:%d", where, e.Line)
	}
	return "eval: " + where + ": " + e.Msg
}

// Unwrap returns ErrBadSet.
func (e *SetError) Unwrap() error { return ErrBadSet }

// Question is one line of a set.
type Question struct {
	// Line is the 1-based line of the set it was read from.
	Line int `json:"line"`
	// Text is the question.
	Text string `json:"question"`
	// Assertions are the facts a correct answer states, each a list of
	// alternative wordings (one suffices).
	Assertions [][]string `json:"assertions,omitempty"`
	// ExpectRecords are records a good context holds (see Config.Model).
	ExpectRecords []string `json:"expect_records,omitempty"`
	// OffTopic: expect "no_match", the question must be refused.
	OffTopic bool `json:"off_topic"`
}

// Set is a parsed question set.
type Set struct {
	Path      string
	Questions []Question
}

// line is the JSON shape of one line.
type line struct {
	Question      *string    `json:"question"`
	Assertions    [][]string `json:"assertions"`
	ExpectRecords []string   `json:"expect_records"`
	Expect        string     `json:"expect"`
	Note          string     `json:"note"`
}

// ReadFile reads a set from path (at most MaxSetBytes). Errors: the file's
// open/read error, or a *SetError (ErrBadSet) naming path and line.
func ReadFile(path string) (*Set, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("eval: %w", err)
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.IsDir() {
		return nil, &SetError{Path: path, Msg: "is a folder, want a JSON Lines file"}
	}
	return Read(f, path)
}

// Read parses a set from r; path names it in errors. It reads at most
// MaxSetBytes+1 bytes: a longer input is a *SetError, as is every bad
// line (see the package doc), an empty set and more than MaxQuestions
// questions.
func Read(r io.Reader, path string) (*Set, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxSetBytes+1))
	if err != nil {
		return nil, fmt.Errorf("eval: read %s: %w", path, err)
	}
	if len(data) > MaxSetBytes {
		return nil, &SetError{Path: path, Msg: fmt.Sprintf("larger than %d bytes", MaxSetBytes)}
	}
	set := &Set{Path: path}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64<<10), MaxLineBytes)
	n := 0
	for sc.Scan() {
		n++
		raw := bytes.TrimSpace(sc.Bytes())
		if n == 1 {
			raw = bytes.TrimPrefix(raw, []byte("\ufeff"))
		}
		if len(raw) == 0 {
			continue
		}
		if !utf8.Valid(raw) {
			return nil, &SetError{Path: path, Line: n, Msg: "not UTF-8"}
		}
		if len(set.Questions) == MaxQuestions {
			return nil, &SetError{Path: path, Line: n, Msg: fmt.Sprintf("more than %d questions (the most a set may hold)", MaxQuestions)}
		}
		q, msg := parseLine(raw)
		if msg != "" {
			return nil, &SetError{Path: path, Line: n, Msg: msg}
		}
		q.Line = n
		set.Questions = append(set.Questions, q)
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, &SetError{Path: path, Line: n + 1, Msg: fmt.Sprintf("line longer than %d bytes", MaxLineBytes)}
		}
		return nil, fmt.Errorf("eval: read %s: %w", path, err)
	}
	if len(set.Questions) == 0 {
		return nil, &SetError{Path: path, Msg: "no question"}
	}
	return set, nil
}

// parseLine reads one non-blank UTF-8 line of a set into a Question (Line
// unset), or says what is wrong with it.
func parseLine(raw []byte) (Question, string) {
	var l line
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&l); err != nil {
		return Question{}, jsonMsg(err)
	}
	// not dec.More(): it reports no more data before a } or ]
	if len(bytes.Trim(raw[dec.InputOffset():], " \t\r\n")) > 0 {
		return Question{}, "data after the JSON object on the line"
	}
	if l.Question == nil || strings.TrimSpace(*l.Question) == "" {
		return Question{}, "question: missing or empty"
	}
	q := Question{Text: strings.TrimSpace(*l.Question), ExpectRecords: l.ExpectRecords}
	if c := utf8.RuneCountInString(q.Text); c > maxQuestionRunes {
		return q, fmt.Sprintf("question: %d runes, at most %d", c, maxQuestionRunes)
	}
	switch l.Expect {
	case "":
	case ExpectNoMatch:
		q.OffTopic = true
		if len(l.Assertions) > 0 || len(l.ExpectRecords) > 0 {
			return q, `expect "no_match": an off-topic question has no assertions or expect_records`
		}
	default:
		return q, fmt.Sprintf(`expect: %q, want "no_match" or no field`, l.Expect)
	}
	var msg string
	q.Assertions, msg = assertions(l.Assertions)
	for i, r := range l.ExpectRecords {
		if msg == "" && strings.TrimSpace(r) == "" {
			msg = fmt.Sprintf("expect_records[%d]: empty", i)
		}
	}
	return q, msg
}

// assertions checks a line's assertions and trims each wording, or says
// what is wrong with them.
func assertions(list [][]string) ([][]string, string) {
	if len(list) > maxAssertions {
		return nil, fmt.Sprintf("assertions: %d, at most %d", len(list), maxAssertions)
	}
	var out [][]string
	for i, alts := range list {
		if len(alts) == 0 {
			return nil, fmt.Sprintf("assertions[%d]: empty list, want the alternative wordings of one fact", i)
		}
		if len(alts) > maxAlternatives {
			return nil, fmt.Sprintf("assertions[%d]: %d alternatives, at most %d", i, len(alts), maxAlternatives)
		}
		clean := make([]string, len(alts))
		for j, a := range alts {
			if fold(a) == "" {
				return nil, fmt.Sprintf("assertions[%d][%d]: empty (or only spaces and punctuation)", i, j)
			}
			clean[j] = strings.TrimSpace(a)
		}
		out = append(out, clean)
	}
	return out, ""
}

// jsonMsg words a decoding error with the field it concerns.
func jsonMsg(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		field := te.Field
		if field == "" {
			return fmt.Sprintf("want a JSON object, got %s", te.Value)
		}
		return fmt.Sprintf("%s: want %s, got %s", field, kind(field), te.Value)
	}
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return fmt.Sprintf("invalid JSON at byte %d: %v", se.Offset, err)
	}
	if msg := err.Error(); strings.HasPrefix(msg, "json: unknown field ") {
		return "unknown field " + strings.TrimPrefix(msg, "json: unknown field ") + " (want question, assertions, expect_records, expect, note)"
	}
	if errors.Is(err, io.ErrUnexpectedEOF) {
		return "invalid JSON: unexpected end of line"
	}
	return "invalid JSON: " + err.Error()
}

func kind(field string) string {
	switch {
	case strings.HasPrefix(field, "assertions"):
		return "a list of lists of strings"
	case strings.HasPrefix(field, "expect_records"):
		return "a list of strings"
	}
	return "a string"
}
