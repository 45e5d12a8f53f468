package state

import (
	"errors"
	"fmt"
)

// Engine names a research engine.
type Engine string

// The three research engines of BettaFish. "host" is not an engine here: it
// is the forum moderator, which the graph builder adds from the forum log.
const (
	EngineQuery   Engine = "query"
	EngineMedia   Engine = "media"
	EngineInsight Engine = "insight"
)

// Engines lists the engines in canonical order (the order the graph is
// built in, whatever order the files were given in).
var Engines = []Engine{EngineQuery, EngineMedia, EngineInsight}

// Rank returns the position of e in Engines, or len(Engines) for an unknown
// engine.
func (e Engine) Rank() int {
	for i, x := range Engines {
		if x == e {
			return i
		}
	}
	return len(Engines)
}

// SearchRecord is one entry of a paragraph's research.search_history: one
// search result (the engines write one record per result, repeating the
// query text across records).
type SearchRecord struct {
	// Index is the record's position in search_history (0-based).
	Index int
	// Query is the query text as written (not trimmed).
	Query string
	// URL is the result URL as written; "" for posts without a URL.
	URL string
	// Title is the result title ("" when null or missing).
	Title string
	// Content is the full result text, never truncated.
	Content string
	// Score is the relevance score; nil when null or missing (the media
	// engine writes null).
	Score *float64
	// Timestamp is the ISO time the engine wrote ("" when missing).
	Timestamp string
}

// Paragraph is one entry of paragraphs[]: a section of the engine's research.
type Paragraph struct {
	// Position is the paragraph's index in paragraphs[] (0-based). It is
	// unique in a file even when Order repeats.
	Position int
	// Title is the paragraph title.
	Title string
	// Content is the planned paragraph description.
	Content string
	// Order is the "order" field; nil when missing or null.
	Order *int
	// LatestSummary is research.latest_summary ("" when null or missing).
	LatestSummary string
	// ReflectionIteration is research.reflection_iteration (0 when missing).
	ReflectionIteration int
	// Completed is research.is_completed (false when missing).
	Completed bool
	// Searches holds every record of research.search_history, in file order.
	Searches []SearchRecord
}

// State is one engine State JSON file (§2.2 of the BettaFish reference).
type State struct {
	// Engine is the engine that wrote the file.
	Engine Engine
	// Path is the file the state was read from ("" when parsed from bytes
	// with no name).
	Path string
	// Query is the topic query the engine researched.
	Query string
	// ReportTitle is report_title.
	ReportTitle string
	// FinalReport is the engine's own markdown report, in full.
	FinalReport string
	// Completed is is_completed.
	Completed bool
	// CreatedAt and UpdatedAt are the ISO times as written ("" if missing).
	CreatedAt string
	UpdatedAt string
	// Paragraphs in file order.
	Paragraphs []Paragraph
	// InvalidUTF8 is set when some strings were not valid UTF-8; their
	// bad bytes were replaced by U+FFFD (Parse refuses a file where most
	// strings are so, see Parse). nil when all strings were valid.
	InvalidUTF8 *InvalidUTF8
}

// InvalidUTF8 describes the strings of a state file that were not valid
// UTF-8.
type InvalidUTF8 struct {
	// JSONPath names the first, e.g. `paragraphs[0].title`.
	JSONPath string
	// Strings is how many strings were invalid, of Of non-empty strings
	// read (keys and skipped values are not counted).
	Strings, Of int
}

// String gives e.g. "paragraphs[0].title: invalid UTF-8 (bad bytes
// replaced by U+FFFD); 3 of 120 strings affected".
func (u *InvalidUTF8) String() string {
	return fmt.Sprintf("%s: invalid UTF-8 (bad bytes replaced by U+FFFD); %d of %d strings affected", u.JSONPath, u.Strings, u.Of)
}

// RecordCount returns the number of search records over all paragraphs.
func (s *State) RecordCount() int {
	n := 0
	for i := range s.Paragraphs {
		n += len(s.Paragraphs[i].Searches)
	}
	return n
}

// Input names one state file and the engine that wrote it.
type Input struct {
	Engine Engine
	Path   string
}

// Warning is a non-fatal finding while loading states (an engine file that
// is missing, empty or has no paragraphs, or holds some strings that were
// not UTF-8).
type Warning struct {
	Engine Engine
	Path   string
	Msg    string
}

// String formats the warning for people, e.g.
// "media engine (runs/media.json): file not found".
func (w Warning) String() string {
	if w.Path != "" {
		return fmt.Sprintf("%s engine (%s): %s", w.Engine, w.Path, w.Msg)
	}
	return fmt.Sprintf("%s engine: %s", w.Engine, w.Msg)
}

// Unavailable records an engine that contributes nothing, and why
// ("file not found", "empty file", "empty paragraphs").
type Unavailable struct {
	Engine Engine
	Path   string
	Reason string
}

// Errors; test with errors.Is. Parse errors are *ParseError values that wrap
// ErrInvalid.
var (
	// ErrInvalid: the file is not a valid engine state (bad JSON, a wrong
	// type at some JSON path).
	ErrInvalid = errors.New("invalid engine state")
	// ErrUnknownEngine: the engine name is not query, media or insight, or it
	// cannot be told from the path.
	ErrUnknownEngine = errors.New("unknown engine")
	// ErrDuplicateEngine: two files were given for one engine.
	ErrDuplicateEngine = errors.New("engine given twice")
	// ErrDuplicateFile: one file was given for two engines (by the same or
	// another name), which would build one engine's research twice under
	// two names.
	ErrDuplicateFile = errors.New("one state file given for two engines")
	// ErrMixedQueries: the files research different topic queries and the
	// caller did not allow mixing them (B13).
	ErrMixedQueries = errors.New("state files have different queries")
	// ErrNoEngines: no file gave a usable engine.
	ErrNoEngines = errors.New("no usable engine state")
	// ErrUnreadable: a state file that exists could not be read
	// (permission denied, a symbolic link loop, an I/O error); the
	// system's error is wrapped too.
	ErrUnreadable = errors.New("state file cannot be read")
)

// ParseError is a parse failure at a JSON path of a file.
type ParseError struct {
	// Path is the file ("" when parsing bytes without a name).
	Path string
	// JSONPath is where the problem is, e.g. `paragraphs[1].research.search_history[3].score`;
	// "" for the document as a whole. For a JSON syntax error it is "" and
	// Line/Column are set.
	JSONPath string
	// Line and Column (1-based) locate a syntax error; 0 otherwise, and for
	// a NUL byte (Msg gives its byte offset).
	Line, Column int
	// Msg says what is wrong, e.g. `want an array, got a string`.
	Msg string
	// Empty is true when the document holds nothing: zero bytes, or only
	// white space and a byte order mark. Load treats such a file like a
	// missing one (B14); Parse and ParseFile still return the error.
	Empty bool
}

// Error gives "state: FILE:LINE:COLUMN: MSG" for a syntax error,
// "state: FILE: JSONPATH: MSG" for a wrong type, else "state: FILE: MSG";
// FILE is "<input>" when Path is "".
func (e *ParseError) Error() string {
	file := displayPath(e.Path)
	switch {
	case e.Line > 0:
		return fmt.Sprintf("state: %s:%d:%d: %s", file, e.Line, e.Column, e.Msg)
	case e.JSONPath != "":
		return fmt.Sprintf("state: %s: %s: %s", file, e.JSONPath, e.Msg)
	}
	return fmt.Sprintf("state: %s: %s", file, e.Msg)
}

// Unwrap makes errors.Is(err, ErrInvalid) true.
func (e *ParseError) Unwrap() error { return ErrInvalid }

// MixedQueriesError lists the queries of state files that are not one
// research run (B13).
type MixedQueriesError struct {
	// Queries holds one entry per input, in canonical engine order, empty
	// and missing files included.
	Queries []QueryOf
}

// QueryOf pairs an engine file with the query it researched.
type QueryOf struct {
	Engine Engine
	Path   string
	// Query is the query as written; "" when the file has none or could
	// not be read.
	Query string
	// Reason is set when the file contributes nothing: ReasonNotFound,
	// ReasonEmptyFile or ReasonEmptyParagraphs; "" otherwise.
	Reason string
}

// Error lists each engine's query and file, e.g.
// `state: the engine files are not one research run (their queries are
// unrelated and their file stamps more than 1h0m0s apart): query="新能源车降价"
// (q.json); media="高校毕业生就业率" (m.json); …; pass --allow-mixed-queries
// to build one graph from them anyway`.
func (e *MixedQueriesError) Error() string {
	msg := fmt.Sprintf("state: the engine files are not one research run (their queries are unrelated and their file stamps, if any, more than %s apart):", RunWindow)
	for i, q := range e.Queries {
		if i > 0 {
			msg += ";"
		}
		if q.Reason != "" {
			msg += fmt.Sprintf(" %s=%q (%s, %s)", q.Engine, q.Query, q.Path, q.Reason)
		} else {
			msg += fmt.Sprintf(" %s=%q (%s)", q.Engine, q.Query, q.Path)
		}
	}
	return msg + "; pass --allow-mixed-queries to build one graph from them anyway"
}

// Unwrap makes errors.Is(err, ErrMixedQueries) true.
func (e *MixedQueriesError) Unwrap() error { return ErrMixedQueries }
