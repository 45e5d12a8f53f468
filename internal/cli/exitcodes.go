package cli

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/pflag"

	"reportengine/graphrag"
	"reportengine/graphrag/localsearch"
	"reportengine/graphrag/queryengine"
	"reportengine/graphrag/storage"
	"reportengine/nodes"
	"reportengine/state"
	"reportengine/templates"
)

// Exit codes returned by Main. This file is the one place they are
// defined: the constants, what each means (exitCodes, from which the root
// help text is made and against which a test checks README.md), and which
// error kinds map to them (ExitCode).
const (
	ExitOK          = 0   // success
	ExitFailure     = 1   // any failure not listed below
	ExitUsage       = 2   // bad command line
	ExitBadInput    = 3   // input files that cannot be used
	ExitNotFound    = 4   // a graph that does not exist
	ExitPartial     = 5   // report written, but some chapters are placeholders
	ExitNoMatch     = 6   // search --context-only: the question matches nothing
	ExitLocked      = 7   // report: another run of the same report id holds its work area
	ExitInterrupted = 130 // stopped by SIGINT (Ctrl-C) or SIGTERM: 128 + SIGINT, as shells report it
)

// exitCodes documents each exit code, in order, for people.
var exitCodes = []struct {
	Code    int
	Meaning string
}{
	{ExitOK, "success"},
	{ExitFailure, "any other failure (disk full, an output folder that cannot be made or written (build-graph and report --graphs, report --out, the folder of export --out), a model that stays unavailable, eval --check with a figure under its threshold)"},
	{ExitUsage, "bad command line: unknown command or flag, bad flag value (e.g. an unusable report id or an unknown --type/--engine), unknown engine name, one engine given twice, one state file given for two engines"},
	{ExitBadInput, "unusable input: invalid state JSON, a state file that is not UTF-8, unreadable (permission, symbolic link loop) or larger than its limit, a folder given as a state file, state files of different research runs, no usable engine, unreadable forum log, a forum log that is not UTF-8 or larger than its limit, a state file given as --forum, corrupt, empty or non-UTF-8 graph file or a folder in its place, a graph with no node (query, search, export, report: nothing is written), a --history file or settings.yaml that is unreadable, invalid or larger than its limit, a chat input line over 1 MiB, report --resume with inputs, template or model settings other than those of the saved work (the message names each change)"},
	{ExitNotFound, "the graph asked for does not exist; report --resume of a report with no saved work"},
	{ExitPartial, "report: the report was written, but some chapters failed and are placeholders (manifest.json says which and why)"},
	{ExitNoMatch, "search --context-only: the question matches nothing in the knowledge, so there is no context (the reason on stderr; with --json, no_match and relevance on stdout)"},
	{ExitLocked, "report: another run of the same report id is under way (its work area is locked; the message names its pid): nothing was written or asked of the model; run it again when that one ends"},
	{ExitInterrupted, "interrupted (Ctrl-C or SIGTERM): the command stopped and wrote no partial graph or report; an earlier file of the same name is left as it was"},
}

// exitCodeHelp formats exitCodes for the root command's help, wrapped at
// about 88 columns.
func exitCodeHelp() string {
	var b strings.Builder
	b.WriteString("Exit codes:\n")
	for _, c := range exitCodes {
		line := fmt.Sprintf("  %-3d  ", c.Code)
		indent := strings.Repeat(" ", len(line))
		width := len(line)
		for i, word := range strings.Fields(c.Meaning) {
			if i > 0 && width+1+len(word) > 88 {
				line += "\n" + indent
				width = len(indent)
			} else if i > 0 {
				line += " "
				width++
			}
			line += word
			width += len(word)
		}
		b.WriteString(line + "\n")
	}
	return strings.TrimRight(b.String(), "\n")
}

// usageError marks command-line mistakes (exit code 2).
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

func usagef(format string, args ...any) error { return usageError{fmt.Errorf(format, args...)} }

// inputError marks input files that cannot be used (exit code 3), for
// errors that carry no sentinel of their own (a forum log that cannot be
// read).
type inputError struct{ err error }

func (e inputError) Error() string { return e.err.Error() }
func (e inputError) Unwrap() error { return e.err }

// noMatchError is search --context-only's outcome for a question that
// matches nothing (exit code 6): its message says why.
type noMatchError struct{ msg string }

func (e noMatchError) Error() string { return e.msg }

// ExitCode maps an error to an exit code by its kind (errors.Is/As). An
// interruption is decided by Main from its context, not here: a cancelled
// context shows up as many kinds of error.
func ExitCode(err error) int {
	switch {
	case err == nil:
		return ExitOK
	case errors.As(err, new(unwritableError)):
		return ExitFailure
	case errors.As(err, new(usageError)):
		return ExitUsage
	case errors.As(err, new(partialError)):
		return ExitPartial
	case errors.As(err, new(noMatchError)):
		return ExitNoMatch
	case errors.Is(err, templates.ErrUnknown):
		return ExitUsage
	case errors.Is(err, nodes.ErrWorkLocked):
		return ExitLocked
	case errors.Is(err, storage.ErrNotFound), errors.Is(err, nodes.ErrNothingToResume):
		return ExitNotFound
	case errors.Is(err, state.ErrUnknownEngine), errors.Is(err, state.ErrDuplicateEngine), errors.Is(err, state.ErrDuplicateFile),
		errors.Is(err, storage.ErrInvalidID):
		return ExitUsage
	case errors.As(err, new(inputError)),
		errors.Is(err, state.ErrInvalid), errors.Is(err, state.ErrMixedQueries),
		errors.Is(err, state.ErrNoEngines), errors.Is(err, state.ErrUnreadable), errors.Is(err, graphrag.ErrFormat),
		errors.Is(err, queryengine.ErrEmptyGraph), errors.Is(err, localsearch.ErrEmptyKnowledge),
		errors.Is(err, fs.ErrNotExist), errors.Is(err, nodes.ErrResumeMismatch):
		return ExitBadInput
	case errors.Is(err, context.Canceled):
		return ExitInterrupted
	}
	return ExitFailure
}

// plainFlagError rewords a flag parse error in plain words naming the
// flag, e.g. `--depth: "x" is not a whole number` instead of pflag's
// `invalid argument "x" for "--depth" flag: strconv.ParseInt: parsing "x":
// invalid syntax`. Other errors are returned as they are.
func plainFlagError(err error) error {
	var iv *pflag.InvalidValueError
	if errors.As(err, &iv) {
		f := iv.GetFlag()
		want := map[string]string{
			"int": "a whole number", "int64": "a whole number", "int32": "a whole number",
			"uint": "a whole number of 0 or more", "uint64": "a whole number of 0 or more",
			"float64": "a number", "float32": "a number",
			"bool":     "true or false",
			"duration": "a duration such as 90s, 2m or 1h30m",
		}[f.Value.Type()]
		if want == "" {
			return fmt.Errorf("--%s: %q is not a valid value: %w", f.Name, iv.GetValue(), iv.Unwrap())
		}
		return fmt.Errorf("--%s: %q is not %s", f.Name, iv.GetValue(), want)
	}
	var vr *pflag.ValueRequiredError
	if errors.As(err, &vr) {
		return fmt.Errorf("--%s needs a value", vr.GetFlag().Name)
	}
	return err
}

// unwritableError is an output folder that cannot be written (exit 1,
// whatever the underlying error); its message is one sentence:
// "report folder reports/x is not writable: open …: permission denied".
type unwritableError struct {
	what, dir string
	err       error
}

func (e unwritableError) Error() string {
	return fmt.Sprintf("%s %s is not writable: %v", e.what, e.dir, e.err)
}
func (e unwritableError) Unwrap() error { return e.err }

// checkWritable makes sure folder dir can be written before anything is
// built or a model call spent: it creates the folder (and its parents) and
// a temporary file in it, then removes the file. Folders it created are
// left in place only when keep is true; otherwise they are removed again
// (innermost first, and only while empty).
func checkWritable(what, dir string, keep bool) error {
	created := missingDirs(dir)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return unwritableError{what, dir, err}
	}
	f, err := os.CreateTemp(dir, ".write-check-*")
	if err == nil {
		name := f.Name()
		f.Close()
		err = os.Remove(name)
	}
	if !keep || err != nil {
		removeEmpty(created)
	}
	if err != nil {
		return unwritableError{what, dir, err}
	}
	return nil
}

// notFoundWithNearest adds to a "graph not found" error the stored ids
// nearest to the one asked for (at most three, by edit distance, ties by
// id), or says that the folder holds no graph. The error still wraps
// storage.ErrNotFound.
func notFoundWithNearest(store *storage.Store, id string, err error) error {
	list, lerr := store.List()
	if lerr != nil {
		return err
	}
	if len(list) == 0 {
		return fmt.Errorf("%w; %s holds no graph (build one with `reportengine build-graph`)", err, store.Dir())
	}
	ids := make([]string, len(list))
	for i, g := range list {
		ids[i] = g.ID
	}
	return fmt.Errorf("%w; nearest stored ids: %s (all: reportengine graphs)", err, strings.Join(nearest(id, ids, 3), ", "))
}

// nearest returns up to n of candidates closest to s by Levenshtein
// distance over runes, ties broken by the candidate's text.
func nearest(s string, candidates []string, n int) []string {
	d := make(map[string]int, len(candidates))
	for _, c := range candidates {
		d[c] = editDistance(s, c)
	}
	out := slices.Clone(candidates)
	slices.SortFunc(out, func(a, b string) int { return cmp.Or(d[a]-d[b], strings.Compare(a, b)) })
	return out[:min(n, len(out))]
}

func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}

// missingDirs lists dir and those of its parents that do not exist yet,
// deepest first: the folders that creating dir creates.
func missingDirs(dir string) []string {
	var out []string
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(d); err == nil || filepath.Dir(d) == d {
			return out
		}
		out = append(out, d)
	}
}

// removeEmpty removes dirs in order while they are empty (os.Remove
// refuses a folder that holds anything), stopping at the first it cannot.
func removeEmpty(dirs []string) {
	for _, d := range dirs {
		if os.Remove(d) != nil {
			return
		}
	}
}
