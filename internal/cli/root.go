package cli

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"
)

// Deps is what the commands need from the outside world. Tests pass their
// own; Main fills the zero fields from the process.
type Deps struct {
	// Stdin is read by chat (os.Stdin by default).
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
	// Getenv reads an environment variable (os.Getenv by default).
	Getenv func(string) string
	// Now returns the current time (time.Now by default); only used for
	// created_at stamps.
	Now func() time.Time

	// quiet is the root --quiet flag: no progress lines on stderr.
	quiet bool
}

func (d *Deps) fill() {
	d.Stdin = cmp.Or[io.Reader](d.Stdin, os.Stdin)
	d.Stdout = cmp.Or[io.Writer](d.Stdout, os.Stdout)
	d.Stderr = cmp.Or[io.Writer](d.Stderr, os.Stderr)
	if d.Getenv == nil {
		d.Getenv = os.Getenv
	}
	if d.Now == nil {
		d.Now = time.Now
	}
}

// Main runs the CLI with args (without the program name) and returns the
// process exit code (see the Exit constants). Errors are printed to
// Deps.Stderr as one line "reportengine: <message>". When ctx is cancelled
// (Run cancels it on SIGINT or SIGTERM) and the command fails because of
// it, the line is "reportengine: interrupted" and the code ExitInterrupted.
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
	if ctx.Err() != nil {
		fmt.Fprintln(deps.Stderr, "reportengine: interrupted")
		return ExitInterrupted
	}
	fmt.Fprintf(deps.Stderr, "reportengine: %s\n", oneLine(err.Error()))
	return ExitCode(err)
}

// Run is what `main` does: Main with the process's arguments, stdout and
// stderr, and a context that SIGINT (Ctrl-C) or SIGTERM cancels. Every
// command stops within about a second of the first signal, removes what
// it had half written and returns ExitInterrupted; a second signal kills
// the process at once (the default handling is restored after the first).
func Run(args []string) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		stop()
	}()
	return Main(ctx, args, Deps{})
}

// oneLine puts a message on one line: the lines of a multi-line error
// (errors.Join) become clauses separated by "; ", runs of white space one
// space.
func oneLine(s string) string {
	var parts []string
	for _, line := range strings.Split(s, "\n") {
		if line = strings.Join(strings.Fields(line), " "); line != "" {
			parts = append(parts, line)
		}
	}
	return strings.Join(parts, "; ")
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

Errors print one line "reportengine: <message>" on stderr. Progress goes to
stderr too (--quiet turns it off); results go to stdout.

` + exitCodeHelp(),
		Version: versionString(),
		// Without a subcommand: help; with an unknown one: a usage error
		// (exit 2), not cobra's plain error.
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return cmd.Help()
			}
			msg := fmt.Sprintf("unknown command %q for %q", args[0], cmd.CommandPath())
			if s := cmd.SuggestionsFor(args[0]); len(s) > 0 {
				msg += "; did you mean " + strings.Join(s, " or ") + "?"
			}
			return usageError{errors.New(msg + "; run 'reportengine --help' for the commands")}
		},
		SilenceUsage:               true,
		SilenceErrors:              true,
		SuggestionsMinimumDistance: 2,
	}
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return usageError{plainFlagError(err)} })
	root.SetVersionTemplate("{{.Version}}\n")
	root.PersistentFlags().BoolVarP(&d.quiet, "quiet", "q", false, "no progress lines on stderr")
	root.AddCommand(
		newBuildGraphCmd(d, nil),
		newQueryCmd(d, nil),
		newGraphsCmd(d),
		newExportCmd(d),
		newReportCmd(d, nil),
		newTemplatesCmd(),
		newServeCmd(d, nil),
		newVersionCmd(d),
		newReportsCmd(),
		newSearchCmd(d, nil),
		newQuestionsCmd(d),
		newChatCmd(d, nil),
		newEvalCmd(d, nil),
	)
	return root
}

// cmdIO is what a command takes from its cobra command and Deps: Out for
// results, Err for progress, warnings and errors, the stage log on Err
// (nil under --quiet), the clock (Deps.Now) and --quiet itself.
type cmdIO struct {
	Out, Err io.Writer
	Log      *stageLog
	Now      func() time.Time
	quiet    bool
}

// io is cmd's cmdIO.
func (d *Deps) io(cmd *cobra.Command) cmdIO {
	c := cmdIO{Out: cmd.OutOrStdout(), Err: cmd.ErrOrStderr(), Now: d.Now, quiet: d.quiet}
	if !d.quiet {
		c.Log = &stageLog{c.Err}
	}
	return c
}

// pick is runF when a test gives one (to check flag parsing without
// running the command), else run.
func pick[O any](runF, run func(context.Context, *O) error) func(context.Context, *O) error {
	if runF != nil {
		return runF
	}
	return run
}

// usageArgs wraps one of cobra's argument validators (cobra.NoArgs,
// cobra.MinimumNArgs, cobra.ExactArgs) so that its errors are usage
// errors.
func usageArgs(check cobra.PositionalArgs) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if err := check(cmd, args); err != nil {
			return usageError{err}
		}
		return nil
	}
}

// versionString describes the binary from its build information: the
// module version ("(devel)" for a build from a checkout), the commit and
// its time with "+dirty" when the tree had local changes (from the
// vcs.* settings `go build` records), and the Go version, e.g.
// "reportengine (devel) commit 6eabe4f1c2d3 2026-12-01T09:20:00Z+dirty go1.26.0".
func versionString() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "reportengine (unknown version: no build information)"
	}
	return formatVersion(info)
}

func formatVersion(info *debug.BuildInfo) string {
	version := cmp.Or(info.Main.Version, "(devel)")
	var rev, when string
	dirty := false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			when = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	out := "reportengine " + version
	if rev != "" {
		out += " commit " + rev[:min(len(rev), 12)]
		if when != "" {
			out += " " + when
		}
		if dirty {
			out += "+dirty"
		}
	} else {
		out += " (no commit recorded)"
	}
	return out + " " + info.GoVersion
}

func newVersionCmd(_ *Deps) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the version, commit and Go version of this binary",
		Long: `Print the version, commit and Go version of this binary, read from the build
information Go records (the same line as reportengine --version). A binary built
from a checkout says "(devel)" and names the commit; "+dirty" marks local changes.`,
		Args: usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			_, err := fmt.Fprintln(cmd.OutOrStdout(), versionString())
			return err
		},
	}
}

// await runs f in its own goroutine and returns its result, or ctx.Err()
// as soon as ctx is done, leaving f to finish in the background. It is
// for stages that read and compute but write nothing (parsing states,
// building a graph, loading a graph, indexing it) and take no context of
// their own: an interrupted command returns within milliseconds and the
// process exits, abandoning the work. Stages that write take the context
// themselves (storage.Store.SaveContext).
func await[T any](ctx context.Context, f func() (T, error)) (T, error) {
	if err := ctx.Err(); err != nil {
		var zero T
		return zero, err
	}
	type result struct {
		v   T
		err error
	}
	done := make(chan result, 1)
	go func() {
		v, err := f()
		done <- result{v, err}
	}()
	select {
	case r := <-done:
		return r.v, r.err
	case <-ctx.Done():
		var zero T
		return zero, ctx.Err()
	}
}

// awaitCleanup is await for an f that, once ctx is done, stops writing
// and removes its temporary files quickly (storage.Store.LoadContext
// abandoning a column file): when ctx is done first, it waits up to
// grace for f to return, so that the process does not exit with a
// half-written file, then returns ctx.Err().
func awaitCleanup[T any](ctx context.Context, grace time.Duration, f func() (T, error)) (T, error) {
	done := make(chan struct{})
	v, err := await(ctx, func() (T, error) {
		defer close(done)
		return f()
	})
	if ctx.Err() != nil {
		select {
		case <-done:
		case <-time.After(grace):
		}
	}
	return v, err
}

// fillAbandonWait bounds how long a command stopped while a graph loads
// waits for a column file being filled to be abandoned (milliseconds in
// practice; a load still parsing the JSON is not waited for longer).
const fillAbandonWait = 300 * time.Millisecond

// stageLog prints a line on stderr when a stage that can take more than a
// second starts ("loading 3 state files (185.2 MiB)…") and, when it took
// a second or more, how long it took ("built the graph in 1.3s"). A nil
// *stageLog (--quiet) prints nothing.
type stageLog struct{ w io.Writer }

// start prints "<doing>…" and returns the function that ends the stage,
// printing "<done> in 1.3s" when the stage took a second or more.
func (s *stageLog) start(done, format string, args ...any) func() {
	if s == nil {
		return func() {}
	}
	fmt.Fprintf(s.w, format+"…\n", args...)
	t0 := time.Now()
	return func() {
		if d := time.Since(t0); d >= time.Second {
			fmt.Fprintf(s.w, "%s in %.1fs\n", done, d.Seconds())
		}
	}
}
