package cli

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
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
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error { return usageError{plainFlagError(err, c.Flags())} })
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
// errors; with no argument given, the error names the arguments the
// command's usage line ends with ("search: QUESTION is missing (requires
// at least 1 arg(s), only received 0)").
func usageArgs(check cobra.PositionalArgs) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if err := check(cmd, args); err != nil {
			if want := positionals(cmd.Use); len(args) == 0 && want != "" {
				err = fmt.Errorf("%s: %s is missing (%w)", cmd.Name(), want, err)
			}
			return usageError{err}
		}
		return nil
	}
}

// positionals is the part of a usage line after its last option in
// brackets: the command's arguments ("QUESTION", "STATE... | FOLDER...");
// "" when the line names none.
func positionals(use string) string {
	if i := strings.LastIndex(use, "]"); i >= 0 {
		use = use[i+1:]
	} else if _, rest, ok := strings.Cut(use, " "); ok {
		use = rest
	} else {
		use = ""
	}
	return strings.TrimSpace(use)
}
