package state

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"slices"
	"strings"
	"sync"
)

// Reasons in Unavailable.Reason and Warning.Msg for an engine that
// contributes nothing.
const (
	ReasonNotFound        = "file not found"
	ReasonEmptyFile       = "empty file" // zero bytes, or only white space
	ReasonEmptyParagraphs = "empty paragraphs"
)

// LoadOptions tunes Load.
type LoadOptions struct {
	// AllowMixedQueries lets state files that are not one research run
	// (see Load) load together (B13); Loaded.Unrelated is then true and
	// Loaded.Topic picks the most common query.
	AllowMixedQueries bool
	// ValidUTF8, when set, must report exactly what utf8.ValidString
	// reports, faster: it is run once over each whole document, and when
	// the document is valid the strings in it without escapes are not
	// checked one by one (the result is the same either way; the cost of
	// the check is what changes). build-graph passes graphrag.ValidUTF8, a
	// SIMD validator (state may import nothing but gjson, so the faster
	// check comes in from outside). nil: every string is checked by
	// unicode/utf8.
	ValidUTF8 func(string) bool
	// SkipSearches leaves every Paragraph.Searches nil: each
	// search_history must still be null or an array of valid JSON, but its
	// records are not read (nor counted in InvalidUTF8). report --graph
	// takes the records from the stored graph and the states only for
	// their texts (final reports, summaries, times); skipping them saves
	// most of the parse (0.45 of 0.5 s CPU on the 300 000-record input).
	SkipSearches bool
}

// Loaded is the outcome of Load: the usable states and what was left out.
type Loaded struct {
	// States holds one state per usable engine, in canonical engine order
	// (query, media, insight), whatever order the inputs came in. Every
	// state has at least one paragraph.
	States []*State
	// Warnings are non-fatal findings in canonical engine order: a missing
	// file, an empty file or a state without paragraphs (Msg is
	// ReasonNotFound, ReasonEmptyFile or ReasonEmptyParagraphs), a state
	// with an empty query ("empty query"), a state with some strings that were
	// not UTF-8 (InvalidUTF8.String()).
	Warnings []Warning
	// Unavailable lists the engines given but left out, with the reason
	// (ReasonNotFound, ReasonEmptyFile or ReasonEmptyParagraphs), in
	// canonical engine order.
	Unavailable []Unavailable
	// Queries holds every input's query in canonical engine order, empty
	// and missing files included (Reason set, Query "" when the file could
	// not be read).
	Queries []QueryOf
	// QueryNote is set when the states' queries differ: for one run whose
	// engines rephrased the query it reads `the engines' queries differ,
	// taken as one research run (the queries contain one another):
	// query="武汉大学", media="武汉大学舆情", insight="武汉大学"`; for files
	// let through by AllowMixedQueries it says they are unrelated. The graph
	// builder records it on the topic node and the report shows it.
	QueryNote string
	// StartNote is set when the usable states' start times (StartTime:
	// created_at) lie more than StartWindow apart: a warning naming each
	// engine's date (StartNote). Starts are those times, in canonical
	// engine order.
	StartNote string
	Starts    []EngineStart
	// Unrelated is true when the files are not one research run and
	// AllowMixedQueries let them through: the graph then gets one topic
	// node per distinct query.
	Unrelated bool
	// voters are the parsed states with a query, usable or not (a state
	// without paragraphs still says what its engine researched): the
	// states that decide the run (B13) and the Topic.
	voters []*State
}

// sameFiles wraps ErrDuplicateFile when two inputs name one existing file
// (os.SameFile: also by another path or through a link), naming both
// engines and paths.
func sameFiles(ins []Input) error {
	infos := make([]os.FileInfo, len(ins))
	for i, in := range ins {
		infos[i], _ = os.Stat(in.Path)
		for j := range i {
			if infos[i] != nil && infos[j] != nil && os.SameFile(infos[i], infos[j]) {
				return fmt.Errorf("state: %w: %s (%s) and %s (%s)", ErrDuplicateFile, ins[j].Engine, ins[j].Path, in.Engine, in.Path)
			}
		}
	}
	return nil
}

// Load reads and parses the inputs (concurrently, one goroutine per file)
// and keeps the engines that have something to say (B14): a file that does
// not exist, an empty file (zero bytes, or only white space: an engine that
// died before writing anything), or a state with zero paragraphs, becomes a
// Warning and an Unavailable entry instead of an error.
//
// Errors (nothing is skipped silently):
//   - an input engine other than query, media or insight → wraps
//     ErrUnknownEngine;
//   - two inputs for one engine → wraps ErrDuplicateEngine, naming both
//     paths; one existing file for two engines → wraps ErrDuplicateFile;
//   - a file that exists but cannot be read → the wrapped os error;
//   - a non-empty file that does not parse → the *ParseError of Parse (bad
//     input is never skipped);
//   - the files are not one research run and !opts.AllowMixedQueries →
//     *MixedQueriesError (errors.Is ErrMixedQueries; B13) listing every
//     input's query, empty and missing files included. Two files are of
//     one run when their trimmed queries are equal under case folding or
//     one contains the other (RelatedQueries), or when the stamps in their
//     names (Stamp) lie within RunWindow; a run is the closure of that
//     relation. Every parsed state with a non-empty query takes part,
//     states without paragraphs included; differing queries of one run
//     are reported in Loaded.QueryNote, not refused;
//   - no usable state → wraps ErrNoEngines, naming each input and why,
//     a missing one as "no such file: PATH (media engine)".
//
// The first error in canonical engine order wins; on error Loaded is nil.
func Load(inputs []Input, opts LoadOptions) (*Loaded, error) {
	ins := slices.Clone(inputs)
	slices.SortStableFunc(ins, func(a, b Input) int { return a.Engine.Rank() - b.Engine.Rank() })
	for i, in := range ins {
		if in.Engine.Rank() == len(Engines) {
			return nil, fmt.Errorf("state: %s: %w %q: want query, media or insight", in.Path, ErrUnknownEngine, string(in.Engine))
		}
		if i > 0 && ins[i-1].Engine == in.Engine {
			return nil, fmt.Errorf("state: %w: %s: %s and %s", ErrDuplicateEngine, in.Engine, ins[i-1].Path, in.Path)
		}
	}
	if err := sameFiles(ins); err != nil {
		return nil, err
	}
	states, errs := parseAll(ins, opts)
	l := &Loaded{}
	var why []string // per input, for ErrNoEngines
	var votes []runVote
	for i, in := range ins {
		st, err := states[i], errs[i]
		if err == nil && strings.TrimSpace(st.Query) != "" {
			v := runVote{query: st.Query}
			v.stamp, _, v.stamped = Stamp(in.Path)
			votes = append(votes, v)
			l.voters = append(l.voters, st)
		}
		reason, err := l.take(in, st, err)
		if err != nil {
			return nil, err
		}
		if reason == ReasonNotFound {
			why = append(why, fmt.Sprintf("no such file: %s (%s engine)", in.Path, in.Engine))
		} else if reason != "" {
			why = append(why, fmt.Sprintf("%s (%s): %s", in.Engine, in.Path, reason))
		}
	}
	if len(l.States) == 0 {
		if len(why) == 0 {
			return nil, fmt.Errorf("state: %w: no state files given", ErrNoEngines)
		}
		return nil, fmt.Errorf("state: %s: %w", strings.Join(why, "; "), ErrNoEngines)
	}
	l.StartNote, l.Starts = StartNote(l.States)
	if err := l.judgeQueries(votes, opts.AllowMixedQueries); err != nil {
		return nil, err
	}
	return l, nil
}

// parseAll parses every input on a goroutine of its own (ParseFile).
func parseAll(ins []Input, opts LoadOptions) ([]*State, []error) {
	states := make([]*State, len(ins))
	errs := make([]error, len(ins))
	var wg sync.WaitGroup
	for i, in := range ins {
		wg.Go(func() { states[i], errs[i] = parseFile(in, opts) })
	}
	wg.Wait()
	return states, errs
}

// take records input in, parsed as st with error err, in l: its query,
// and either the state with its warnings or why it is unavailable
// (the reason, "" for a state taken). An error other than a missing or
// empty file is returned.
func (l *Loaded) take(in Input, st *State, err error) (reason string, _ error) {
	q := QueryOf{Engine: in.Engine, Path: in.Path}
	if st != nil {
		q.Query = st.Query
	}
	var pe *ParseError
	switch {
	case errors.Is(err, fs.ErrNotExist):
		reason = ReasonNotFound
	case errors.As(err, &pe) && pe.Empty: // a document with nothing in it
		reason = ReasonEmptyFile
	case err != nil:
		return "", err
	case len(st.Paragraphs) == 0:
		reason = ReasonEmptyParagraphs
	}
	q.Reason = reason
	l.Queries = append(l.Queries, q)
	if reason != "" {
		l.Warnings = append(l.Warnings, Warning{Engine: in.Engine, Path: in.Path, Msg: reason})
		l.Unavailable = append(l.Unavailable, Unavailable{Engine: in.Engine, Path: in.Path, Reason: reason})
		return reason, nil
	}
	if strings.TrimSpace(st.Query) == "" {
		l.Warnings = append(l.Warnings, Warning{Engine: in.Engine, Path: in.Path, Msg: "empty query"})
	}
	if st.InvalidUTF8 != nil {
		l.Warnings = append(l.Warnings, Warning{Engine: in.Engine, Path: in.Path, Msg: st.InvalidUTF8.String()})
	}
	l.States = append(l.States, st)
	return "", nil
}

// judgeQueries sets the query note when the engines' queries differ: one
// research run (by votes: run stamps and query text), or unrelated
// queries, an error (*MixedQueriesError) unless allowMixed.
func (l *Loaded) judgeQueries(votes []runVote, allowMixed bool) error {
	if len(queryGroups(l.voters)) <= 1 {
		return nil
	}
	same, reason := oneRun(votes)
	switch {
	case same:
		l.QueryNote = fmt.Sprintf("the engines' queries differ, taken as one research run (%s): %s", reason, queryList(l.Queries))
	case !allowMixed:
		return &MixedQueriesError{Queries: l.Queries}
	default:
		l.Unrelated = true
		l.QueryNote = "the engine files research unrelated queries, built together as asked (one topic per query): " + queryList(l.Queries)
	}
	return nil
}

// queryList formats `query="A", media="B", insight="A"`, marking inputs
// that gave nothing: `media="" (file not found)`.
func queryList(qs []QueryOf) string {
	parts := make([]string, len(qs))
	for i, q := range qs {
		parts[i] = fmt.Sprintf("%s=%q", q.Engine, q.Query)
		if q.Reason != "" {
			parts[i] += " (" + q.Reason + ")"
		}
	}
	return strings.Join(parts, ", ")
}

// Topic returns the topic query the loaded states share, trimmed of white
// space. When the queries differ (AllowMixedQueries), it is the most common
// one, compared after Unicode case folding, with ties going to the engine
// first in canonical order; the text is that engine's. Every parsed state
// with a query votes, one without paragraphs too (it still says what its
// engine researched: the same states decide whether the files are one
// run); states with an empty query do not. "" when no state has a query.
func (l *Loaded) Topic() string {
	voters := l.voters
	if voters == nil {
		voters = l.States
	}
	best := queryGroup{}
	for _, g := range queryGroups(voters) {
		if g.count > best.count { // groups come in canonical order: ties keep the first
			best = g
		}
	}
	return best.query
}

// queryGroup is a set of states whose trimmed queries are equal under
// Unicode case folding; query is the first one's text.
type queryGroup struct {
	query string
	count int
}

// queryGroups groups the non-empty queries of states, in order of first
// appearance.
func queryGroups(states []*State) []queryGroup {
	var groups []queryGroup
next:
	for _, st := range states {
		q := strings.TrimSpace(st.Query)
		if q == "" {
			continue
		}
		for i := range groups {
			if strings.EqualFold(groups[i].query, q) {
				groups[i].count++
				continue next
			}
		}
		groups = append(groups, queryGroup{query: q, count: 1})
	}
	return groups
}
