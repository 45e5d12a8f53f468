package cli

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"strings"

	"reportengine/graphrag"
	"reportengine/graphrag/localsearch"
	"reportengine/graphrag/queryengine"
	"reportengine/graphrag/storage"
	"reportengine/internal/filelock"
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
	ExitLocked      = 7   // report: another run of the same report id holds its work area; build-graph, report: another run is saving the same graph
	ExitInterrupted = 130 // stopped by SIGINT (Ctrl-C) or SIGTERM: 128 + SIGINT, as shells report it
)

// exitCodes documents each exit code, in order, for people.
var exitCodes = []struct {
	Code    int
	Meaning string
}{
	{ExitOK, "success"},
	{ExitFailure, "any other failure (disk full, an output folder that cannot be made or written (build-graph and report --graphs, report --out, the folder of export --out), a model that stays unavailable, eval --check with a figure under its threshold)"},
	{ExitUsage, "bad command line: unknown command or flag, bad flag value (e.g. an unusable report id or an unknown --type/--engine), unknown engine name, one engine given twice, one state file given for two engines, an empty question or one over 4 000 characters (search, questions; chat says so and goes on, serve answers 400)"},
	{ExitBadInput, "unusable input: invalid state JSON, a state file that is not UTF-8, unreadable (permission, symbolic link loop) or larger than its limit, a folder given as a state file, state files of different research runs, no usable engine, unreadable forum log, a forum log that is not UTF-8 or larger than its limit, a state file given as --forum, corrupt, empty or non-UTF-8 graph file or a folder in its place, a graph with no node (query, search, export, report: nothing is written), a --history file or settings.yaml that is unreadable, invalid or larger than its limit, a chat input line over 1 MiB, report --resume with inputs, template or model settings other than those of the saved work (the message names each change)"},
	{ExitNotFound, "the graph asked for does not exist; report --resume of a report with no saved work"},
	{ExitPartial, "report: the report was written, but some chapters failed and are placeholders (manifest.json says which and why)"},
	{ExitNoMatch, "search --context-only: the question matches nothing in the knowledge, so there is no context (the reason on stderr; with --json, no_match and relevance on stdout)"},
	{ExitLocked, "report: another run of the same report id is under way (its work area is locked; the message names its pid): nothing was written or asked of the model; build-graph or report: another run is saving the same graph at that moment: this one's graph was not written; run it again when that one ends"},
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
	case errors.Is(err, nodes.ErrWorkLocked), errors.Is(err, filelock.ErrLocked):
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
