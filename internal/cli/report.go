package cli

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"reportengine/graphrag/storage"
	"reportengine/llm"
	"reportengine/llm/offline"
	"reportengine/llm/openaicompat"
	"reportengine/nodes"
	"reportengine/templates"
	"reportengine/text"
)

// reportOptions are the inputs of `reportengine report`.
type reportOptions struct {
	graphInputs
	Graph          string
	Template       string
	OutDir         string
	LLM            string
	Model          string
	BaseURL        string
	Timeout        time.Duration
	MaxOutput      int
	Reasoning      optionalInt
	MaxTokensField string
	NoRespFormat   bool
	NoTemperature  bool
	PlanTemp       optionalFloat
	ProseTemp      optionalFloat
	Concurrency    int
	QueryRounds    int
	PromptTokens   int
	Events         bool
	JSON           bool
	PDF            bool
	// Resume is --resume: the report id whose saved work to finish.
	Resume    string
	stateArgs []string
	// settings are the model's settings as the run key records them
	// (modelSettings; set by modelFromOptions).
	settings       map[string]string
	positionalArgs []string
	// searchModel marks the answering model of the search commands, which
	// lack report's parameter flags (modelSwitches).
	searchModel bool

	Getenv func(string) string
}

// partialError marks a report that was written with placeholder chapters.
type partialError struct{ failed []string }

func (e partialError) Error() string {
	return fmt.Sprintf("report written, but %d chapter(s) failed and are placeholders: %s", len(e.failed), strings.Join(e.failed, ", "))
}

func newReportCmd(d *Deps, runF func(context.Context, *reportOptions) error) *cobra.Command {
	opts, run := &reportOptions{}, pick(runF, runReport)
	cmd := &cobra.Command{
		Use:   "report [--topic TOPIC] [--states FILE...] [--forum LOG] [--graph ID] [flags] [STATE... | FOLDER...]",
		Short: "Generate a cited HTML and Markdown report from engine states, forum log and graph",
		Long:  reportLong,
		Example: `  reportengine report --topic 咖啡店 examples/coffee-shop/*_engine_streamlit_reports/*.json \
      --forum examples/coffee-shop/logs/forum.log
  reportengine report --topic 武汉大学 --graph wuhan --template 社会公共热点事件分析报告模板
  REPORT_ENGINE_API_KEY=... reportengine report --topic T --states q.json --llm openai --model deepseek-chat \
      --base-url https://api.deepseek.com/v1`,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.positionalArgs, opts.cmdIO, opts.Getenv = args, d.io(cmd), d.Getenv
			return run(cmd.Context(), opts)
		},
	}
	addReportFlags(cmd.Flags(), opts)
	return cmd
}

// reportLong is the report command's help.
const reportLong = `Generate a report: build (or load) the knowledge graph, pick a template, design the
layout and word budget, then let the model query the graph and write each chapter as
JSON IR, validated and repaired once (a chapter that still fails is a marked
placeholder), and render the document.

Writes <out>/<report-id>/: report.html, report.md, document_ir.json, evidence.json,
chapters/, manifest.json (and report.pdf with --pdf); the graph goes to
<graphs>/<report-id>/graphrag.json.

Model: the offline extractive model unless an API key is set (REPORT_ENGINE_API_KEY or
OPENAI_API_KEY); then any OpenAI-compatible server, REPORT_ENGINE_BASE_URL (default
` + defaultBaseURL + `) and REPORT_ENGINE_MODEL_NAME (default ` + defaultModel + `); the flags override them.
README.md (reportengine report, Configuration) has every setting and limit.
Exit code 5: the report was written but some chapters failed.`

// addReportFlags defines the report command's flags on f, into opts.
func addReportFlags(f *pflag.FlagSet, opts *reportOptions) {
	f.StringVar(&opts.Topic, "topic", "", "report topic (default: the query the state files research)")
	f.StringSliceVar(&opts.stateArgs, "states", nil, "engine state files (ENGINE=PATH or PATH; repeat or comma-separate); positional arguments are added")
	f.StringVar(&opts.Forum, "forum", "", "forum log file")
	f.StringVar(&opts.Graph, "graph", "", "use this stored graph id (or 'latest') instead of building one")
	f.StringVar(&opts.Template, "template", "", "template `NAME` (skips selection; list them with: reportengine templates)")
	f.StringVar(&opts.ReportID, "report-id", "", "report and graph id (default: the graph id)")
	f.StringVar(&opts.OutDir, "out", "reports", "folder for report runs")
	f.StringVar(&opts.GraphsDir, "graphs", "graphs", "folder that holds the graphs")
	f.StringVar(&opts.Run, "run", "", "with folder arguments: the run to use, by its `STAMP` (YYYYMMDD_HHMMSS of any of its files; default: the newest complete run)")
	f.BoolVar(&opts.AllowMixedQueries, "allow-mixed-queries", false, "build one graph from state files that are not one research run (one topic node per query)")
	f.StringVar(&opts.LLM, "llm", "auto", "model: offline, openai, or auto (openai when an API key is set, else offline)")
	f.StringVar(&opts.Model, "model", "", "model name for --llm openai")
	f.StringVar(&opts.BaseURL, "base-url", "", "OpenAI-compatible base URL for --llm openai")
	f.DurationVar(&opts.Timeout, "timeout", 180*time.Second, "per-request timeout for --llm openai")
	f.IntVar(&opts.MaxOutput, "max-output-tokens", 0, "the model's completion maximum, in tokens; each call asks for what its reply needs, at most this (0 = the default for the model: gpt-4o 16384, deepseek-chat/qwen 8192, Ollama and others 4096)")
	f.Var(&opts.Reasoning, "reasoning-tokens", fmt.Sprintf("tokens added to every call's output limit for a model that reasons before answering (default %d for deepseek-reasoner, deepseek-r1, o1/o3/o4, QwQ; 0 for others)", openaicompat.ReasoningAllowance))
	f.StringVar(&opts.MaxTokensField, "max-tokens-field", "", "request field for the completion cap: max_tokens or max_completion_tokens (OpenAI o1/o3/o4/gpt-5) (default max_tokens)")
	f.BoolVar(&opts.NoRespFormat, "no-response-format", false, "never send response_format (for servers that reject it)")
	f.BoolVar(&opts.NoTemperature, "no-temperature", false, "never send temperature/top_p (for reasoning models that reject them)")
	f.Var(&opts.PlanTemp, "temperature-plan", fmt.Sprintf("temperature of template selection, layout, word budget, graph query decisions and repairs (default %g)", nodes.DefaultPlanTemperature))
	f.Var(&opts.ProseTemp, "temperature-prose", fmt.Sprintf("temperature of chapters and follow-up questions (default %g)", nodes.DefaultProseTemperature))
	f.IntVar(&opts.Concurrency, "concurrency", 0, fmt.Sprintf("model calls in flight at once (all chapters are worked on concurrently; 0 = %d for OpenAI-compatible servers, %d offline and for Ollama)", remoteConcurrency, nodes.DefaultConcurrency))
	f.IntVar(&opts.QueryRounds, "query-rounds", 3, "graph query rounds per chapter (0 = none)")
	f.IntVar(&opts.PromptTokens, "prompt-tokens", 0, fmt.Sprintf("context budget per prompt, in tokens; lower it for small local models (0 = %d for OpenAI-compatible servers, %d offline and for Ollama)", remotePromptTokens, nodes.DefaultPromptTokens))
	f.BoolVar(&opts.Events, "events", false, "print stage/chapter events as JSON lines on stderr instead of progress")
	f.BoolVar(&opts.JSON, "json", false, "print the summary as JSON")
	f.StringVar(&opts.Resume, "resume", "", "finish report `ID` from its saved work (<out>/.ID.work): reuse the stages and chapters an earlier run of the same inputs, template and model settings saved, make only the rest; without inputs, those the saved run used")
	f.BoolVar(&opts.PDF, "pdf", false, "also print report.pdf (A4) with headless Chromium (Debian package chromium)")
}

func runReport(ctx context.Context, opts *reportOptions) (runErr error) {
	start := time.Now()
	setup, err := prepareReport(opts)
	if err != nil {
		return err
	}
	src, err := openReportGraph(ctx, opts)
	if err != nil {
		return err
	}
	defer func() { runErr = src.finish(ctx, opts, runErr) }()
	if err := src.check(opts); err != nil {
		return err
	}
	in := src.pipelineInput(opts)
	reportID := cmp.Or(opts.ReportID, src.graphID)
	if err := storage.ValidateID(reportID); err != nil {
		return usageError{fmt.Errorf("--report-id: %w", err)}
	}
	in.ReportID = reportID
	dir := filepath.Join(opts.OutDir, reportID)
	made := missingDirs(dir)
	if err := checkWritable("report folder", dir, true); err != nil {
		return err
	}
	// A run that fails before Save leaves no empty report folder, nor an
	// empty --out folder it created.
	defer func() {
		if _, err := os.Stat(filepath.Join(dir, "manifest.json")); err != nil && len(made) > 0 {
			removeEmpty(made)
		}
	}()
	work, err := openReportWork(opts, reportID, src, setup.limits)
	if err != nil {
		return err
	}
	defer work.Close() // releases the lock, also on Ctrl-C
	in.Work = work
	defer func() { closeReportWork(opts, reportID, work, runErr) }()

	progOut := opts.Err
	if opts.Log == nil && !opts.Events {
		progOut = io.Discard // --quiet
	}
	prog := newProgress(progOut, opts.Events)
	defer prog.finish()
	p, err := newReportPipeline(opts, setup.model, setup.limits, prog)
	if err != nil {
		return err
	}
	// Every refusal is behind: a failure from here on saves the graph
	// built (src.finish). The pipeline writes nothing (writeReport does),
	// so an interrupt may abandon it at once, whatever stage it is in
	// (indexing included).
	src.started = true
	res, err := await(ctx, func() (*nodes.Result, error) { return p.Run(ctx, in) })
	if err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err // interrupted: the previous report, if any, stays as it was
	}
	files, err := writeReport(ctx, opts, dir, res, setup.chromium, src)
	if err != nil {
		return err
	}
	warnings := src.warnings
	if res.Manifest.Status == "complete" {
		// finished: nothing left to resume
		if err := work.Remove(); err != nil {
			warnings = append(warnings, fmt.Sprintf("work area %s: %v", workDir(opts.OutDir, reportID), err))
		}
	}
	prog.finish()
	sum := reportSummary{ReportID: reportID, Dir: dir, Files: files, Graph: src.graphID, Topics: topicLines(src.g), Template: res.Manifest.Template,
		Model: setup.model.Info(), Status: res.Manifest.Status, Warnings: withoutNotices(text.Unique(append(warnings, res.Manifest.Warnings...)), in.Warnings),
		Seconds: time.Since(start).Seconds()}
	return printReportResult(opts, sum, res.Chapters)
}

// reportSetup is what a run is given before any input is read: the model,
// its limits and the Chromium binary --pdf prints with ("" without).
type reportSetup struct {
	model    llm.Model
	limits   limits
	chromium string
}

// prepareReport checks the options, makes the model and its limits, sets
// opts.States (--states and the arguments) and checks, before anything
// is built, saved or asked of a model, that the outputs can be written.
// Errors: a usageError naming the flag, the model's, an unwritable folder.
func prepareReport(opts *reportOptions) (reportSetup, error) {
	var setup reportSetup
	var err error
	if setup.chromium, err = checkReportOptions(opts); err != nil {
		return setup, err
	}
	if setup.model, err = modelFromOptions(opts); err != nil {
		return setup, err
	}
	if setup.limits, err = stageLimits(opts, setup.model.Info()); err != nil {
		return setup, err
	}
	opts.States = append(append([]string{}, opts.stateArgs...), opts.positionalArgs...)
	text.Warm() // the evidence segments Chinese: the dictionary loads while the graph does
	if err := checkWritable("report folder", opts.OutDir, false); err != nil {
		return setup, err
	}
	if opts.Graph == "" && len(opts.States) > 0 {
		if err := checkWritable("graphs folder", opts.GraphsDir, false); err != nil {
			return setup, err
		}
	}
	return setup, nil
}

// openReportWork opens the run's work area: each stage's output and each
// chapter is saved there as it completes; --resume reuses them when the
// run key (reportKey) is the same. It says when an earlier run's work is
// kept there. Errors: reportKey's, nodes.OpenWork's; another run of this
// report id holds the work area (nodes.ErrWorkLocked): refused at once,
// since two runs would overwrite each other's saved outputs and report
// (the other run saves the graph; this one writes nothing).
func openReportWork(opts *reportOptions, reportID string, src *reportGraph, limits limits) (*nodes.Work, error) {
	key, err := reportKey(opts, src, limits)
	if err != nil {
		return nil, err
	}
	wdir := workDir(opts.OutDir, reportID)
	work, err := nodes.OpenWork(wdir, key, opts.Resume != "")
	if err != nil {
		if errors.Is(err, nodes.ErrWorkLocked) {
			return nil, fmt.Errorf("report %s: %w: another run of this report id is under way; wait for it to finish or stop it", reportID, err)
		}
		return nil, err
	}
	if e, _, ok := work.Earlier(); ok {
		fmt.Fprintf(opts.Err, "reportengine: %s\n", earlierWorkNote(opts, reportID, wdir, e))
	}
	return work, nil
}

// closeReportWork ends a run's use of its work area: a failed run that
// saved something says how to resume it, one that saved nothing leaves
// nothing behind but an earlier run's saved work.
func closeReportWork(opts *reportOptions, reportID string, work *nodes.Work, runErr error) {
	wdir := workDir(opts.OutDir, reportID)
	_, kept, _ := work.Earlier()
	switch {
	case runErr == nil:
	case work.HasOutputs():
		fmt.Fprintf(opts.Err, "reportengine: %s\n", resumeHint(opts, reportID, wdir))
	case kept:
		fmt.Fprintf(opts.Err, "reportengine: this run saved nothing; the earlier run's saved work is kept: %s\n", resumeHint(opts, reportID, wdir))
	default:
		work.Remove() // nothing saved: nothing to leave behind
	}
}

// checkReportOptions checks the flags that need no input read, before any
// work, and returns the Chromium binary --pdf prints with ("" without
// --pdf). Errors: a usageError naming the flag; --resume's checks.
func checkReportOptions(opts *reportOptions) (chromium string, err error) {
	if opts.PDF {
		if chromium, err = chromiumPath(); err != nil {
			return "", usageError{err} // before any work: the flag cannot be honoured here
		}
	}
	if opts.Concurrency < 0 {
		return "", usagef("--concurrency must be at least 1 (0: the default for the model)")
	}
	if opts.QueryRounds < 0 {
		return "", usagef("--query-rounds must be 0 or more")
	}
	if opts.PromptTokens != 0 && opts.PromptTokens < 1000 {
		return "", usagef("--prompt-tokens must be 0 (the default for the model) or at least 1000")
	}
	if opts.Resume != "" {
		if err := checkResumeID(opts); err != nil {
			return "", err
		}
		if err := resumeInputs(opts, workDir(opts.OutDir, opts.Resume)); err != nil {
			return "", err
		}
	}
	if opts.Template != "" {
		if _, err := templates.Lookup(opts.Template); err != nil {
			return "", usageError{fmt.Errorf("--template: %w", err)}
		}
	}
	return chromium, nil
}

// newReportPipeline is the pipeline of the run's options: the offline
// stages for the offline model, its limits, the events to prog.
func newReportPipeline(opts *reportOptions, model llm.Model, limits limits, prog *progress) (*nodes.Pipeline, error) {
	rounds := cmp.Or(opts.QueryRounds, -1) // nodes: 0 means its default, < 0 none
	_, extractive := model.(*offline.Model)
	return nodes.New(nodes.Config{
		Model:            model,
		Offline:          extractive,
		Embedders:        func(texts []string) llm.Embedder { return offline.NewEmbedder(0).Fit(texts) },
		Template:         opts.Template,
		QueryRounds:      rounds,
		Concurrency:      limits.concurrency,
		PromptTokens:     limits.promptTokens,
		MaxOutputTokens:  limits.maxOutput,
		PlanTemperature:  limits.plan,
		ProseTemperature: limits.prose,
		Now:              opts.Now,
		OnEvent:          prog.event,
	})
}

// writeReport writes the report beside its folder, prints the PDF into
// it, saves a graph built for the run, and only then puts the new folder
// in the old one's place: an interrupt or a failure before that leaves
// the earlier report and graph of these ids as they were. The graph is
// saved while the report is written (both wait for the disk). It returns
// the files written.
func writeReport(ctx context.Context, opts *reportOptions, dir string, res *nodes.Result, chromium string, src *reportGraph) ([]string, error) {
	saved := make(chan error, 1)
	if b := src.unsaved; b != nil {
		src.unsaved = nil
		go func() { saved <- saveBuilt(ctx, opts.graphInputs, b) }()
	} else {
		saved <- nil
	}
	staged, err := nodes.Stage(dir, res)
	if serr := <-saved; err != nil || serr != nil {
		if staged != nil {
			staged.Discard()
		}
		return nil, errors.Join(err, serr)
	}
	committed := false
	defer func() {
		if !committed {
			staged.Discard()
		}
	}()
	if chromium != "" {
		if _, err := printPDF(ctx, chromium, filepath.Join(staged.Dir(), "report.html")); err != nil {
			return nil, err
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	files, err := staged.Commit()
	committed = true
	if err != nil {
		return nil, err
	}
	if chromium != "" {
		files = append(files, filepath.Join(dir, "report.pdf"))
	}
	return files, nil
}
