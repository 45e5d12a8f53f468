package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/mattn/go-isatty"
	"github.com/schollz/progressbar/v3"

	"reportengine/llm"
	"reportengine/nodes"
)

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

// printReportResult prints the summary (as JSON with --json) and the link
// to report.html; a report with placeholder chapters is a partialError.
func printReportResult(opts *reportOptions, sum reportSummary, chapters []nodes.ChapterResult) error {
	var failed []string
	for _, c := range chapters {
		sum.Chapters = append(sum.Chapters, reportChapterLn{ChapterID: c.Section.ChapterID, Title: c.Section.Title, Status: c.Status})
		if c.Status == "placeholder" {
			failed = append(failed, c.Section.ChapterID+" "+c.Section.Title)
		}
	}
	if opts.JSON {
		if err := printJSON(opts.Out, sum); err != nil {
			return err
		}
	} else {
		printReportSummary(opts.Out, sum)
		fmt.Fprintln(opts.Out, reportLink(opts.Out, filepath.Join(sum.Dir, "report.html")))
	}
	if len(failed) > 0 {
		return partialError{failed: failed}
	}
	return nil
}

// isTerminal reports whether w is a terminal (a Cygwin one included).
func isTerminal(w any) bool {
	f, ok := w.(*os.File)
	return ok && (isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd()))
}

// reportLink is how `report` ends: the path of report.html, as a file://
// URL when w is a terminal (most terminals open it on a click).
func reportLink(w io.Writer, path string) string {
	if !isTerminal(w) {
		return path
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return path
	}
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}).String()
}

// withoutNotices is the summary's warnings without the reader notices the
// command gave the report (nodes.Input.Warnings): each is the Chinese twin
// of an English warning in the list (readernotes.go), and the summary
// printed the fact twice. manifest.json keeps both.
func withoutNotices(warnings, notices []string) []string {
	return slices.DeleteFunc(warnings, func(w string) bool { return slices.Contains(notices, w) })
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
	printWarnings(w, s.Warnings)
	fmt.Fprintf(w, "took:     %.2fs\n", s.Seconds)
}

// printWarnings lists the warnings of a summary under "warnings (N):",
// one "  - " line each; nothing when there are none.
func printWarnings(w io.Writer, warnings []string) {
	if len(warnings) > 0 {
		fmt.Fprintf(w, "warnings (%d):\n", len(warnings))
		for _, x := range warnings {
			fmt.Fprintf(w, "  - %s\n", safeText(x))
		}
	}
}

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
	if !events && isTerminal(w) {
		p.bar = progressbar.NewOptions(-1,
			progressbar.OptionSetWriter(w),
			progressbar.OptionSetDescription("report"),
			progressbar.OptionShowCount(),
			progressbar.OptionClearOnFinish(),
			progressbar.OptionSetPredictTime(false),
		)
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
