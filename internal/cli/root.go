package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"reportengine/graphrag"
	"reportengine/graphrag/queryengine"
	"reportengine/graphrag/storage"
	"reportengine/state"
	"reportengine/templates"
)

// Exit codes returned by Main.
const (
	ExitOK       = 0 // success
	ExitFailure  = 1 // any failure not listed below
	ExitUsage    = 2 // bad command line: unknown flag, missing argument, bad flag value
	ExitBadInput = 3 // input files that cannot be used: invalid state JSON, mixed queries, files of different runs, no usable engine, corrupt graph file
	ExitNotFound = 4 // a graph that does not exist
)

// Deps is what the commands need from the outside world. Tests pass their
// own; Main fills the zero fields from the process.
type Deps struct {
	Stdout io.Writer
	Stderr io.Writer
	// Getenv reads an environment variable (os.Getenv by default).
	Getenv func(string) string
	// Now returns the current time (time.Now by default); only used for
	// created_at stamps.
	Now func() time.Time
}

func (d *Deps) fill() {
	if d.Stdout == nil {
		d.Stdout = os.Stdout
	}
	if d.Stderr == nil {
		d.Stderr = os.Stderr
	}
	if d.Getenv == nil {
		d.Getenv = os.Getenv
	}
	if d.Now == nil {
		d.Now = time.Now
	}
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

// Main runs the CLI with args (without the program name) and returns the
// process exit code (see the Exit constants). Errors are printed to
// Deps.Stderr as one line "reportengine: <message>".
func Main(ctx context.Context, args []string, deps Deps) int {
	deps.fill()
	root := NewRootCmd(&deps)
	root.SetArgs(args)
	root.SetOut(deps.Stdout)
	root.SetErr(deps.Stderr)
	err := root.ExecuteContext(ctx)
	if err == nil {
		return ExitOK
	}
	fmt.Fprintf(deps.Stderr, "reportengine: %s\n", oneLine(err.Error()))
	return ExitCode(err)
}

// ExitCode maps an error to an exit code by its kind (errors.Is/As).
func ExitCode(err error) int {
	var ue usageError
	switch {
	case err == nil:
		return ExitOK
	case errors.Is(err, errUnwritable):
		return ExitFailure
	case errors.As(err, &ue):
		return ExitUsage
	case errors.As(err, new(partialError)):
		return ExitPartial
	case errors.Is(err, templates.ErrUnknown):
		return ExitUsage
	case errors.Is(err, storage.ErrNotFound):
		return ExitNotFound
	case errors.Is(err, state.ErrUnknownEngine), errors.Is(err, state.ErrDuplicateEngine),
		errors.Is(err, storage.ErrInvalidID):
		return ExitUsage
	case errors.As(err, new(inputError)),
		errors.Is(err, state.ErrInvalid), errors.Is(err, state.ErrMixedQueries),
		errors.Is(err, state.ErrNoEngines), errors.Is(err, graphrag.ErrFormat),
		errors.Is(err, queryengine.ErrEmptyGraph), errors.Is(err, fs.ErrNotExist):
		return ExitBadInput
	}
	return ExitFailure
}

func oneLine(s string) string {
	s = strings.TrimSpace(s)
	return strings.Join(strings.Fields(strings.ReplaceAll(s, "\n", " ")), " ")
}

// NewRootCmd returns the root command with every subcommand attached.
func NewRootCmd(d *Deps) *cobra.Command {
	root := &cobra.Command{
		Use:   "reportengine",
		Short: "Turn multi-agent research output into a knowledge graph and a cited report",
		Long: `reportengine turns the State JSON files of the query, media and insight research
engines and their forum log into a knowledge graph (graphs/<report-id>/graphrag.json),
queries it, and writes a cited HTML/Markdown report from it (reportengine report).
Everything runs offline with the built-in extractive model; no API key is needed.
Any OpenAI-compatible server can be configured instead (see report --help).

Errors print one line "reportengine: <message>" on stderr. Exit codes:
  0  success
  1  any other failure (disk full, interrupted, ...)
  2  bad command line: unknown flag, bad flag value (e.g. an unusable report id),
     unknown engine name, one engine given twice
  3  unusable input: invalid state JSON, state files of different research runs,
     no usable engine, unreadable forum log, corrupt or empty graph file
  4  the graph asked for does not exist
  5  report: the report was written, but some chapters failed (see manifest.json)`,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return usageError{err} })
	root.AddCommand(
		newBuildGraphCmd(d, nil),
		newQueryCmd(d, nil),
		newGraphsCmd(d, nil),
		newReportCmd(d, nil),
		newTemplatesCmd(d, nil),
		newServeCmd(d, nil),
	)
	return root
}

// exactArgs and minArgs wrap cobra's validators so that their errors are
// usage errors.
func minArgs(n int) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if err := cobra.MinimumNArgs(n)(cmd, args); err != nil {
			return usageError{err}
		}
		return nil
	}
}

func noArgs(cmd *cobra.Command, args []string) error {
	if err := cobra.NoArgs(cmd, args); err != nil {
		return usageError{err}
	}
	return nil
}
