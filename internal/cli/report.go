package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/mattn/go-isatty"
	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"

	"reportengine/graphrag"
	"reportengine/graphrag/queryengine"
	"reportengine/graphrag/storage"
	"reportengine/llm"
	"reportengine/llm/offline"
	"reportengine/llm/openaicompat"
	"reportengine/nodes"
	"reportengine/state"
	"reportengine/templates"
)

// Environment variables read by `report` (the first of each pair wins).
// The REPORT_ENGINE_* names are those BettaFish's ReportEngine uses.
const (
	envAPIKey      = "REPORT_ENGINE_API_KEY"
	envBaseURL     = "REPORT_ENGINE_BASE_URL"
	envModel       = "REPORT_ENGINE_MODEL_NAME"
	envOpenAIKey   = "OPENAI_API_KEY"
	envOpenAIBase  = "OPENAI_BASE_URL"
	envOpenAIModel = "OPENAI_MODEL"
	envTokenField  = "REPORT_ENGINE_MAX_TOKENS_FIELD"
	envMaxOutput   = "REPORT_ENGINE_MAX_OUTPUT_TOKENS"
	envReasoning   = "REPORT_ENGINE_REASONING_TOKENS"
	envTempPlan    = "REPORT_ENGINE_TEMPERATURE_PLAN"
	envTempProse   = "REPORT_ENGINE_TEMPERATURE_PROSE"
	defaultBaseURL = "https://api.openai.com/v1"
	defaultModel   = "gpt-4o-mini"
	// remotePromptTokens is the default --prompt-tokens for an
	// OpenAI-compatible server other than Ollama: about 20 000 tokens of
	// evidence per chapter, well inside the 64k–128k context of
	// GPT-4o, DeepSeek-V3 and Qwen2.5. The offline model and Ollama (whose
	// default context window is small) get nodes.DefaultPromptTokens.
	remotePromptTokens = 24000
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

	Out    io.Writer
	Err    io.Writer
	Getenv func(string) string
}

// partialError marks a report that was written with placeholder chapters.
type partialError struct{ failed []string }

func (e partialError) Error() string {
	return fmt.Sprintf("report written, but %d chapter(s) failed and are placeholders: %s", len(e.failed), strings.Join(e.failed, ", "))
}

func newReportCmd(d *Deps, runF func(context.Context, *reportOptions) error) *cobra.Command {
	opts := &reportOptions{}
	cmd := &cobra.Command{
		Use:   "report [--topic TOPIC] [--states FILE...] [--forum LOG] [--graph ID] [flags] [STATE... | FOLDER...]",
		Short: "Generate a cited HTML and Markdown report from engine states, forum log and graph",
		Long: `Generate a report: build (or load) the knowledge graph, pick a template, design the
layout and word budget, then for every chapter (concurrently) let the model query the
graph over several rounds and write the chapter as JSON IR, which is validated and
repaired once; a chapter that still fails becomes a clearly marked placeholder.
The chapters are stitched into one document and rendered.

Writes <out>/<report-id>/:
  report.html          self-contained page (no network needed to view it)
  report.md            the same document as Markdown
  document_ir.json     the document IR
  evidence.json        the evidence plan: which passage went to which sub-point, and why
  chapters/<order>-<slug>.json   one chapter IR per file
  chapters/<order>-<slug>.partial  raw text of a reply cut by the token limit (debugging only)
  manifest.json        stages, timings, model, failures (written last)
  report.pdf           with --pdf: report.html printed to A4 by headless Chromium
and the graph in <graphs>/<report-id>/graphrag.json.

Model: with no API key configured the offline extractive model is used (no network;
its text is extracted from the inputs, and the report says so). Otherwise any
OpenAI-compatible server (OpenAI, DeepSeek, Qwen, Ollama, vLLM):
  REPORT_ENGINE_API_KEY    (or OPENAI_API_KEY)    API key; never printed
  REPORT_ENGINE_BASE_URL   (or OPENAI_BASE_URL)   default ` + defaultBaseURL + `
  REPORT_ENGINE_MODEL_NAME (or OPENAI_MODEL)      default ` + defaultModel + `
  REPORT_ENGINE_MAX_TOKENS_FIELD                  max_tokens or max_completion_tokens
  REPORT_ENGINE_MAX_OUTPUT_TOKENS                 the model's completion maximum (tokens)
  REPORT_ENGINE_REASONING_TOKENS                  added to each call's limit for a reasoning model
  REPORT_ENGINE_TEMPERATURE_PLAN, _PROSE          temperatures (see the flags)
Flags --llm, --model, --base-url, --max-tokens-field, --max-output-tokens,
--reasoning-tokens and --temperature-plan/--temperature-prose override them.

Every request carries a completion cap sized to its reply (a chapter: 2 x its
word target + 1500 tokens), never above the model's maximum: --max-output-tokens,
else 16384 for gpt-4o/gpt-4o-mini, 8192 for deepseek-chat and Qwen (qwen2.5,
qwen-plus/max/turbo), 4096 for Ollama and unknown models; a reasoning model
(deepseek-reasoner, o1/o3/o4, QwQ) gets 8192 more per call for its thinking
(--reasoning-tokens). A chapter cut by the
limit is asked for once more with 60% of its word target and the model's whole
maximum as its cap, then is a placeholder.

Progress goes to stderr: a progress bar on a terminal, plain lines otherwise, JSON
lines with --events. Exit code 5: the report was written but some chapters failed.`,
		Example: `  reportengine report --topic 咖啡店 examples/coffee-shop/*_engine_streamlit_reports/*.json \
      --forum examples/coffee-shop/logs/forum.log
  reportengine report --topic 武汉大学 --graph wuhan --template 社会公共热点事件分析报告模板
  REPORT_ENGINE_API_KEY=... reportengine report --topic T --states q.json --llm openai --model deepseek-chat \
      --base-url https://api.deepseek.com/v1`,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.positionalArgs = args
			opts.Out = cmd.OutOrStdout()
			opts.Err = cmd.ErrOrStderr()
			opts.Now = d.Now
			opts.Getenv = d.Getenv
			opts.Log = newStageLog(opts.Err, d.quiet)
			opts.Warn = opts.Err
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return runReport(cmd.Context(), opts)
		},
	}
	f := cmd.Flags()
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
	f.IntVar(&opts.Concurrency, "concurrency", 4, "model calls in flight at once (all chapters are worked on concurrently)")
	f.IntVar(&opts.QueryRounds, "query-rounds", 3, "graph query rounds per chapter (0 = none)")
	f.IntVar(&opts.PromptTokens, "prompt-tokens", 0, fmt.Sprintf("context budget per prompt, in tokens; lower it for small local models (0 = %d for OpenAI-compatible servers, %d offline and for Ollama)", remotePromptTokens, nodes.DefaultPromptTokens))
	f.BoolVar(&opts.Events, "events", false, "print stage/chapter events as JSON lines on stderr instead of progress")
	f.BoolVar(&opts.JSON, "json", false, "print the summary as JSON")
	f.StringVar(&opts.Resume, "resume", "", "finish report `ID` from its saved work (<out>/.ID.work): reuse the stages and chapters an earlier run of the same inputs, template and model settings saved, ask the model only for the rest; without inputs, those the saved run used")
	f.BoolVar(&opts.PDF, "pdf", false, "also print report.pdf (A4) with headless Chromium (Debian package chromium)")
	return cmd
}

// reportSummary is what `report` prints.
type reportSummary struct {
	ReportID string   `json:"report_id"`
	Dir      string   `json:"dir"`
	Files    []string `json:"files"`
	Graph    string   `json:"graph"`
	// Topics are the graph's topic nodes (topicLines): one, or with
	// --allow-mixed-queries on unrelated files one per query (B13).
	Topics   []topicLine       `json:"topics"`
	Template string            `json:"template"`
	Model    llm.Info          `json:"model"`
	Status   string            `json:"status"`
	Chapters []reportChapterLn `json:"chapters"`
	Warnings []string          `json:"warnings,omitempty"`
	Seconds  float64           `json:"seconds"`
}

type reportChapterLn struct {
	ChapterID string `json:"chapter_id"`
	Title     string `json:"title"`
	Status    string `json:"status"`
}

func runReport(ctx context.Context, opts *reportOptions) (runErr error) {
	start := time.Now()
	chromium := ""
	if opts.PDF {
		bin, err := chromiumPath()
		if err != nil {
			return usageError{err} // before any work: the flag cannot be honoured here
		}
		chromium = bin
	}
	if opts.Concurrency < 1 {
		return usagef("--concurrency must be at least 1")
	}
	if opts.QueryRounds < 0 {
		return usagef("--query-rounds must be 0 or more")
	}
	if opts.PromptTokens != 0 && opts.PromptTokens < 1000 {
		return usagef("--prompt-tokens must be 0 (the default for the model) or at least 1000")
	}
	if opts.Resume != "" {
		if err := checkResumeID(opts); err != nil {
			return err
		}
		if err := resumeInputs(opts, workDir(opts.OutDir, opts.Resume)); err != nil {
			return err
		}
	}
	if opts.Template != "" {
		if _, err := templates.Lookup(opts.Template); err != nil {
			return usageError{fmt.Errorf("--template: %w", err)}
		}
	}
	model, err := modelFromOptions(opts)
	if err != nil {
		return err
	}
	limits, err := stageLimits(opts, model.Info())
	if err != nil {
		return err
	}
	opts.States = append(append([]string{}, opts.stateArgs...), opts.positionalArgs...)
	// Before anything is built, saved or asked of a model: can the outputs
	// be written at all?
	if err := checkWritable("report folder", opts.OutDir, false); err != nil {
		return err
	}
	if opts.Graph == "" && len(opts.States) > 0 {
		if err := checkWritable("graphs folder", opts.GraphsDir, false); err != nil {
			return err
		}
	}
	var (
		g         *graphrag.Graph
		graphID   string
		topic     = strings.TrimSpace(opts.Topic)
		built     *builtGraph
		warnings  []string
		queryNote string // B13: the engines researched differing queries
		forumNote string // the stored graph's forum log is empty or from another day
		missing   []state.Unavailable
		unsaved   *builtGraph    // built here and not saved yet
		runStates []*state.State // the run's engines, with their times (start notice, missing engines)
	)
	switch {
	case opts.Graph != "":
		lg, id, rep, err := loadGraphContext(ctx, opts.Log, opts.GraphsDir, opts.Graph)
		if err != nil {
			return err
		}
		g, graphID = lg, id
		if rep != nil {
			warnings = append(warnings, rep.Warnings...)
		}
		if len(opts.States) > 0 || opts.Forum != "" {
			// States and forum give the chapter excerpts; the stored graph
			// stays as it is.
			loaded, err := loadInputs(ctx, opts.graphInputs, nil)
			if err != nil {
				return err
			}
			built = loaded
		}
		run := readStoredRun(g)
		runStates = run.Times
		if note, _ := state.StartNote(run.Times); note != "" {
			warnings = append(warnings, note)
		}
		if topic == "" {
			topic = run.Topic
		}
		// B14: the engines the stored graph was built without, as its
		// topic node records them.
		missing = run.Unavailable
		for _, u := range missing {
			warnings = append(warnings, fmt.Sprintf("%s engine (%s): %s", u.Engine, u.Path, u.Reason))
		}
		if (built == nil || built.QueryNote == "") && run.QueryNote != "" {
			warnings = append(warnings, run.QueryNote)
			queryNote = readerQueryNotice(run.Queries, run.Topics > 1)
		}
		if opts.Forum == "" {
			// the forum log is not read again: what the graph records of it
			fw, notice := storedForumNotes(g, run.Times)
			warnings = append(warnings, fw...)
			forumNote = notice
		}
	case len(opts.States) > 0:
		b, err := buildInMemory(ctx, opts.graphInputs)
		if err != nil {
			return err
		}
		// The graph a report run builds is not a report: an interrupted
		// run removes the graph folder (and graphs folder) it created.
		if store, err := storage.New(opts.GraphsDir); err == nil {
			if path, err := store.Path(b.ID); err == nil {
				made := missingDirs(filepath.Dir(path))
				defer func() {
					if runErr != nil && ctx.Err() != nil && len(made) > 0 {
						os.RemoveAll(made[0])
						removeEmpty(made[1:])
					}
				}()
			}
		}
		// The graph is saved when the report is (below), so an
		// interrupted run leaves an earlier graph of this id as it was;
		// a run that fails otherwise still saves it, for --graph.
		unsaved = b
		defer func() {
			if unsaved != nil && runErr != nil && ctx.Err() == nil {
				if err := saveBuilt(ctx, opts.graphInputs, unsaved); err != nil {
					runErr = errors.Join(runErr, err)
				}
			}
		}()
		built, g, graphID = b, b.Graph, b.ID
		runStates = b.States
		if topic == "" {
			topic = b.Topic
		}
	default:
		return usagef("give state files (--states or arguments) or a stored graph (--graph ID)")
	}
	if g.NodeCount() == 0 {
		// B24: nothing to report on; no model call is made.
		where := graphFile(opts.GraphsDir, graphID)
		if unsaved != nil {
			where = "built from " + strings.Join(opts.States, ", ")
		}
		return fmt.Errorf("graph %s (%s): %w", graphID, where, queryengine.ErrEmptyGraph)
	}
	if topic == "" {
		return usagef("no topic: pass --topic")
	}
	in := nodes.Input{Topic: topic, GraphID: graphID, Graph: g}
	if built != nil {
		in.States, in.Forum = built.States, built.Forum
		warnings = append(warnings, built.Warnings...)
		if opts.Graph == "" {
			missing = built.Unavailable
		}
		if built.QueryNote != "" {
			if n := readerQueryNotice(built.Queries, built.Unrelated); n != "" {
				in.Warnings = append(in.Warnings, n)
			}
		}
		if built.ForumNotice != "" {
			in.Warnings = append(in.Warnings, built.ForumNotice)
		}
	}
	in.Warnings = append(engineNotices(missing), in.Warnings...)
	// Fewer than three engines: the report names those it has nothing
	// from; engines that started far apart: it says when each did.
	if n := readerAbsentEngines(runStates, missing); n != "" {
		in.Warnings = append(in.Warnings, n)
	}
	if n := readerStartNotice(runStates); n != "" {
		in.Warnings = append(in.Warnings, n)
	}
	if queryNote != "" {
		in.Warnings = append(in.Warnings, queryNote)
	}
	if forumNote != "" {
		in.Warnings = append(in.Warnings, forumNote)
	}
	in.LogWarnings = uniqueStrings(warnings)
	reportID := opts.ReportID
	if reportID == "" {
		reportID = graphID
	}
	if err := storage.ValidateID(reportID); err != nil {
		return usageError{fmt.Errorf("--report-id: %w", err)}
	}
	in.ReportID = reportID
	dir := filepath.Join(opts.OutDir, reportID)
	made := missingDirs(dir)
	if err := checkWritable("report folder", dir, true); err != nil {
		return err
	}
	if len(made) > 0 {
		// A run that fails before Save leaves no empty report folder,
		// nor an empty --out folder it created.
		defer func() {
			if _, err := os.Stat(filepath.Join(dir, "manifest.json")); err != nil {
				removeEmpty(made)
			}
		}()
	}

	// The work area: each stage's output and each chapter is saved there
	// as it completes; --resume reuses them when the run key is the same.
	key, err := reportKey(opts, topic, graphID, built, limits)
	if err != nil {
		return err
	}
	wdir := workDir(opts.OutDir, reportID)
	// Another run of this report id holds the work area: refused at once
	// (two runs would overwrite each other's saved outputs and report).
	work, err := nodes.OpenWork(wdir, key, opts.Resume != "")
	if err != nil {
		if errors.Is(err, nodes.ErrWorkLocked) {
			unsaved = nil // the other run saves the graph; this one writes nothing
			return fmt.Errorf("report %s: %w: another run of this report id is under way; wait for it to finish or stop it", reportID, err)
		}
		return err
	}
	defer work.Close() // releases the lock, also on Ctrl-C
	in.Work = work
	if e, _, ok := work.Earlier(); ok {
		fmt.Fprintf(opts.Err, "reportengine: %s\n", earlierWorkNote(reportID, wdir, e))
	}
	defer func() {
		_, kept, _ := work.Earlier()
		switch {
		case runErr == nil:
		case work.HasOutputs():
			fmt.Fprintf(opts.Err, "reportengine: %s\n", resumeHint(reportID, wdir))
		case kept:
			fmt.Fprintf(opts.Err, "reportengine: this run saved nothing; the earlier run's saved work is kept: %s\n", resumeHint(reportID, wdir))
		default:
			work.Remove() // nothing saved: nothing to leave behind
		}
	}()

	progOut := opts.Err
	if opts.Log == nil && !opts.Events {
		progOut = io.Discard // --quiet
	}
	prog := newProgress(progOut, opts.Events)
	defer prog.finish()
	rounds := opts.QueryRounds
	if rounds == 0 {
		rounds = -1 // nodes: 0 means its default, < 0 none
	}
	_, extractive := model.(*offline.Model)
	p, err := nodes.New(nodes.Config{
		Model:            model,
		Offline:          extractive,
		Embedders:        func(texts []string) llm.Embedder { return offline.NewEmbedder(0).Fit(texts) },
		Template:         opts.Template,
		QueryRounds:      rounds,
		Concurrency:      opts.Concurrency,
		PromptTokens:     limits.promptTokens,
		MaxOutputTokens:  limits.maxOutput,
		PlanTemperature:  limits.plan,
		ProseTemperature: limits.prose,
		Now:              opts.Now,
		OnEvent:          prog.event,
	})
	if err != nil {
		return err
	}
	// The pipeline writes nothing (nodes.Save below does), so an interrupt
	// may abandon it at once, whatever stage it is in (indexing included).
	res, err := await(ctx, func() (*nodes.Result, error) { return p.Run(ctx, in) })
	if err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err // interrupted: the previous report, if any, stays as it was
	}
	// The report is written beside its folder, the PDF printed into it,
	// the graph saved, and only then does the new folder take the old
	// one's place: an interrupt or a failure before that leaves the
	// earlier report and graph of these ids as they were.
	staged, err := nodes.Stage(dir, res)
	if err != nil {
		return err
	}
	committed := false
	defer func() {
		if !committed {
			staged.Discard()
		}
	}()
	if chromium != "" {
		if _, err := printPDF(ctx, chromium, filepath.Join(staged.Dir(), "report.html")); err != nil {
			return err
		}
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if unsaved != nil {
		b := unsaved
		unsaved = nil
		if err := saveBuilt(ctx, opts.graphInputs, b); err != nil {
			return err
		}
	}
	files, err := staged.Commit()
	committed = true
	if err != nil {
		return err
	}
	if res.Manifest.Status == "complete" {
		// finished: nothing left to resume
		if err := work.Remove(); err != nil {
			warnings = append(warnings, fmt.Sprintf("work area %s: %v", wdir, err))
		}
	}
	if chromium != "" {
		files = append(files, filepath.Join(dir, "report.pdf"))
	}
	prog.finish()
	sum := reportSummary{ReportID: reportID, Dir: dir, Files: files, Graph: graphID, Topics: topicLines(g), Template: res.Manifest.Template,
		Model: model.Info(), Status: res.Manifest.Status, Warnings: uniqueStrings(append(warnings, res.Manifest.Warnings...))}
	var failed []string
	for _, c := range res.Chapters {
		sum.Chapters = append(sum.Chapters, reportChapterLn{ChapterID: c.Section.ChapterID, Title: c.Section.Title, Status: c.Status})
		if c.Status == "placeholder" {
			failed = append(failed, c.Section.ChapterID+" "+c.Section.Title)
		}
	}
	sum.Seconds = time.Since(start).Seconds()
	if opts.JSON {
		if err := printJSON(opts.Out, sum); err != nil {
			return err
		}
	} else {
		printReportSummary(opts.Out, sum)
		fmt.Fprintln(opts.Out, reportLink(opts.Out, filepath.Join(dir, "report.html")))
	}
	if len(failed) > 0 {
		return partialError{failed: failed}
	}
	return nil
}

// engineNotices are the reader-facing lines for engines whose input was
// missing or empty (B14): the report must say which view is absent.
func engineNotices(missing []state.Unavailable) []string {
	var out []string
	for _, u := range missing {
		out = append(out, fmt.Sprintf("%s 引擎的输入不可用（%s：%s），本报告缺少该引擎的视角。", u.Engine, u.Path, reasonZH(u.Reason)))
	}
	return out
}

// reasonZH is the Chinese of a state.Unavailable reason for the reader's
// notice (the English one stays in the manifest's warnings); a reason it
// does not know is kept as it is.
func reasonZH(reason string) string {
	switch reason {
	case state.ReasonNotFound:
		return "文件不存在"
	case state.ReasonEmptyFile:
		return "文件为空"
	case state.ReasonEmptyParagraphs:
		return "文件中没有段落"
	}
	return reason
}

// reportLink is how `report` ends: the path of report.html, as a file://
// URL when w is a terminal (most terminals open it on a click).
func reportLink(w io.Writer, path string) string {
	f, ok := w.(*os.File)
	if !ok || !(isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd())) {
		return path
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return path
	}
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}).String()
}

// uniqueStrings drops repeats, keeping the first of each.
func uniqueStrings(list []string) []string {
	seen := make(map[string]bool, len(list))
	out := list[:0:0]
	for _, s := range list {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

func printReportSummary(w io.Writer, s reportSummary) {
	fmt.Fprintf(w, "report %s written to %s (%s)\n", s.ReportID, s.Dir, s.Status)
	for _, f := range s.Files {
		fmt.Fprintf(w, "  %s\n", f)
	}
	kind := s.Model.Provider + " " + s.Model.Model
	if s.Model.Extractive {
		kind += " (extractive: text taken from the inputs, not written by a language model)"
	}
	fmt.Fprintf(w, "model:    %s\n", safeText(kind))
	fmt.Fprintf(w, "graph:    %s\n", s.Graph)
	for _, t := range s.Topics { // with several (one per query), each with its engines
		if len(s.Topics) > 1 {
			fmt.Fprintf(w, "topic:    %s (%s)\n", safeText(t.Name), safeText(strings.Join(t.Engines, ", ")))
		} else {
			fmt.Fprintf(w, "topic:    %s\n", safeText(t.Name))
		}
	}
	fmt.Fprintf(w, "template: %s\n", safeText(s.Template))
	for _, c := range s.Chapters {
		fmt.Fprintf(w, "  %-4s %-11s %s\n", c.ChapterID, c.Status, safeText(c.Title))
	}
	if len(s.Warnings) > 0 {
		fmt.Fprintf(w, "warnings (%d):\n", len(s.Warnings))
		for _, x := range s.Warnings {
			fmt.Fprintf(w, "  - %s\n", safeText(x))
		}
	}
	fmt.Fprintf(w, "took:     %.2fs\n", s.Seconds)
}

// modelFromOptions picks the model: --llm offline, --llm openai, or auto
// (openai when an API key is configured, else offline).
func modelFromOptions(opts *reportOptions) (llm.Model, error) {
	env := func(names ...string) string {
		for _, n := range names {
			if v := strings.TrimSpace(opts.Getenv(n)); v != "" {
				return v
			}
		}
		return ""
	}
	key := env(envAPIKey, envOpenAIKey)
	mode := strings.ToLower(strings.TrimSpace(opts.LLM))
	switch mode {
	case "auto", "":
		if key == "" {
			m := offline.New()
			opts.settings = modelSettings(m.Info(), "", 0, "", false, false)
			return m, nil
		}
		mode = "openai"
	case "offline":
		m := offline.New()
		opts.settings = modelSettings(m.Info(), "", 0, "", false, false)
		return m, nil
	case "openai":
	default:
		return nil, usagef("--llm %q: want offline, openai or auto", opts.LLM)
	}
	base := opts.BaseURL
	if base == "" {
		base = env(envBaseURL, envOpenAIBase)
	}
	base, err := checkBaseURL(base, key, "--llm openai", "--base-url")
	if err != nil {
		return nil, err
	}
	name := opts.Model
	if name == "" {
		name = env(envModel, envOpenAIModel)
	}
	if name == "" {
		name = defaultModel
	}
	fieldName := opts.MaxTokensField
	if fieldName == "" {
		fieldName = env(envTokenField)
	}
	field, err := openaicompat.ParseTokenLimitField(fieldName)
	if err != nil {
		return nil, usagef("--max-tokens-field %q: want max_tokens or max_completion_tokens", fieldName)
	}
	host := ""
	if u, err := url.Parse(base); err == nil {
		host = u.Host
	}
	maxOut, err := maxOutputTokens(opts, name, host)
	if err != nil {
		return nil, err
	}
	reasoning, err := reasoningTokens(opts, name)
	if err != nil {
		return nil, err
	}
	m, err := openaicompat.New(openaicompat.Config{
		BaseURL:               base,
		APIKey:                key,
		Model:                 name,
		Timeout:               opts.Timeout,
		MaxOutputTokens:       maxOut,
		ReasoningTokens:       reasoning,
		TokenLimitField:       field,
		DisableResponseFormat: opts.NoRespFormat,
		DisableTemperature:    opts.NoTemperature,
	})
	if err != nil {
		return nil, usageError{err}
	}
	opts.settings = modelSettings(m.Info(), base, reasoning, string(field), opts.NoRespFormat, opts.NoTemperature)
	return m, nil
}

// maxOutputTokens is the model's completion maximum, in tokens:
// --max-output-tokens, else REPORT_ENGINE_MAX_OUTPUT_TOKENS, else the
// documented default for the model (openaicompat.DefaultMaxOutputTokens).
// A negative or unreadable value is a usage error.
func maxOutputTokens(opts *reportOptions, model, host string) (int, error) {
	n := opts.MaxOutput
	if n < 0 {
		return 0, usagef("--max-output-tokens must be 0 (the model's default) or more, got %d", n)
	}
	if n == 0 && opts.Getenv != nil {
		if v := strings.TrimSpace(opts.Getenv(envMaxOutput)); v != "" {
			e, err := strconv.Atoi(v)
			if err != nil || e < 0 {
				return 0, usagef("%s=%q: want a number of tokens", envMaxOutput, v)
			}
			n = e
		}
	}
	if n == 0 {
		n = openaicompat.DefaultMaxOutputTokens(model, host)
	}
	return n, nil
}

// reasoningTokens is the allowance added to every call's output limit:
// --reasoning-tokens, else REPORT_ENGINE_REASONING_TOKENS, else
// openaicompat.DefaultReasoningTokens for the model. Negative or
// unreadable values are usage errors.
func reasoningTokens(opts *reportOptions, model string) (int, error) {
	if v := opts.Reasoning.v; v != nil {
		if *v < 0 {
			return 0, usagef("--reasoning-tokens must be 0 or more, got %d", *v)
		}
		return *v, nil
	}
	if opts.Getenv != nil {
		if s := strings.TrimSpace(opts.Getenv(envReasoning)); s != "" {
			n, err := strconv.Atoi(s)
			if err != nil || n < 0 {
				return 0, usagef("%s=%q: want a number of tokens", envReasoning, s)
			}
			return n, nil
		}
	}
	return openaicompat.DefaultReasoningTokens(model), nil
}

// limits are the per-model settings of the pipeline that `report` resolves
// from flags, environment and the model.
type limits struct {
	promptTokens int      // tokens per prompt
	maxOutput    int      // the model's completion maximum, tokens; 0 for the offline model
	plan, prose  *float64 // temperatures; nil = the pipeline's defaults
}

// stageLimits resolves the prompt budget (--prompt-tokens, else
// remotePromptTokens for an OpenAI-compatible server other than Ollama and
// nodes.DefaultPromptTokens for the offline model and Ollama), the output
// maximum and the two temperatures (flag, else REPORT_ENGINE_TEMPERATURE_PLAN
// / _PROSE, else the pipeline's defaults; 0 to 2).
func stageLimits(opts *reportOptions, info llm.Info) (limits, error) {
	var l limits
	l.promptTokens = opts.PromptTokens
	if info.Provider == openaicompat.ProviderName {
		n, err := maxOutputTokens(opts, info.Model, info.Host)
		if err != nil {
			return l, err
		}
		l.maxOutput = n
		if l.promptTokens == 0 && !openaicompat.IsOllama(info.Model, info.Host) {
			l.promptTokens = remotePromptTokens
		}
	}
	if l.promptTokens == 0 {
		l.promptTokens = nodes.DefaultPromptTokens
	}
	for _, t := range []struct {
		flag   string
		env    string
		v      optionalFloat
		target **float64
	}{{"--temperature-plan", envTempPlan, opts.PlanTemp, &l.plan}, {"--temperature-prose", envTempProse, opts.ProseTemp, &l.prose}} {
		v, name := t.v.v, t.flag
		if v == nil && opts.Getenv != nil {
			if s := strings.TrimSpace(opts.Getenv(t.env)); s != "" {
				name = t.env
				f, err := strconv.ParseFloat(s, 64)
				if err != nil {
					return l, usagef("%s=%q: want a number between 0 and 2", t.env, s)
				}
				v = &f
			}
		}
		if v != nil && !(*v >= 0 && *v <= 2) { // NaN too
			return l, usagef("%s %g: want a number between 0 and 2", name, *v)
		}
		*t.target = v
	}
	return l, nil
}

// optionalFloat is a float flag that can be left unset (nil).
type optionalFloat struct{ v *float64 }

func (o *optionalFloat) String() string {
	if o == nil || o.v == nil {
		return ""
	}
	return strconv.FormatFloat(*o.v, 'g', -1, 64)
}

func (o *optionalFloat) Set(s string) error {
	f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil {
		return fmt.Errorf("want a number, got %q", s)
	}
	o.v = &f
	return nil
}

func (o *optionalFloat) Type() string { return "float" }

// optionalInt is an int flag that can be left unset (nil).
type optionalInt struct{ v *int }

func (o *optionalInt) String() string {
	if o == nil || o.v == nil {
		return ""
	}
	return strconv.Itoa(*o.v)
}

func (o *optionalInt) Set(s string) error {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil {
		return fmt.Errorf("want a whole number, got %q", s)
	}
	o.v = &n
	return nil
}

func (o *optionalInt) Type() string { return "int" }

// progress shows pipeline events on stderr: a bar on a terminal, plain
// lines otherwise, JSON lines with --events.
type progress struct {
	mu     sync.Mutex
	w      io.Writer
	events bool
	bar    *progressbar.ProgressBar
	done   bool
}

func newProgress(w io.Writer, events bool) *progress {
	p := &progress{w: w, events: events}
	if !events {
		if f, ok := w.(*os.File); ok && (isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd())) {
			p.bar = progressbar.NewOptions(-1,
				progressbar.OptionSetWriter(w),
				progressbar.OptionSetDescription("report"),
				progressbar.OptionShowCount(),
				progressbar.OptionClearOnFinish(),
				progressbar.OptionSetPredictTime(false),
			)
		}
	}
	return p
}

func (p *progress) event(e nodes.Event) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.done {
		return
	}
	if p.events {
		b, err := json.Marshal(e)
		if err == nil {
			p.w.Write(append(b, '\n'))
		}
		return
	}
	if e.Kind == nodes.KindProgress && p.bar == nil {
		return // streaming progress is for the bar and --events only
	}
	line := e.Kind
	if e.Stage != "" {
		line += " " + e.Stage
	}
	if e.ChapterID != "" {
		line += " " + e.ChapterID
		if e.Title != "" {
			line += " " + e.Title
		}
	}
	if e.Status != "" {
		line += ": " + e.Status
	}
	if e.Message != "" {
		line += " (" + e.Message + ")"
	}
	if e.Total > 0 {
		line += fmt.Sprintf(" [%d/%d]", e.Done, e.Total)
	}
	if e.Seconds > 0 {
		line += fmt.Sprintf(" %.1fs", e.Seconds)
	}
	line = safeText(line)
	if p.bar != nil {
		if e.Total > 0 {
			p.bar.ChangeMax(e.Total)
			p.bar.Set(e.Done)
		}
		p.bar.Describe(line)
		return
	}
	fmt.Fprintln(p.w, line)
}

func (p *progress) finish() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.bar != nil && !p.done {
		p.bar.Finish()
		fmt.Fprintln(p.w)
	}
	p.done = true
}
