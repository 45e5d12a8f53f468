package cli

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/mattn/go-runewidth"
	"github.com/spf13/cobra"

	"reportengine/graphrag/storage"
	"reportengine/nodes"
	"reportengine/templates"
)

// reportsOptions are the inputs of `reportengine reports`.
type reportsOptions struct {
	OutDir string
	JSON   bool
	Out    io.Writer
}

func newReportsCmd() *cobra.Command {
	opts := &reportsOptions{}
	cmd := &cobra.Command{
		Use:   "reports [--out DIR] [--json]",
		Short: "List the written reports, newest first",
		Long: `List the reports written under the reports folder (<out>/<report-id>/), newest
first (by the manifest's createdAt, then id): id, topic, status (complete or
partial), template, chapters and creation time, read from each manifest.json. A
folder whose manifest is missing or unreadable is listed with that status.`,
		Args: usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			opts.Out = cmd.OutOrStdout()
			return runReports(opts)
		},
	}
	cmd.Flags().StringVar(&opts.OutDir, "out", "reports", "folder that holds the report runs")
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print the list as JSON")
	return cmd
}

// reportLine is one written report, as `reports` prints it.
type reportLine struct {
	ID        string    `json:"id"`
	Topic     string    `json:"topic"`
	Status    string    `json:"status"`
	Template  string    `json:"template"`
	Chapters  int       `json:"chapters"`
	CreatedAt time.Time `json:"created_at"`
	Dir       string    `json:"dir"`
	// HTML is the report page's path ("" when it is absent).
	HTML string `json:"html"`
	// Error says why the manifest could not be read ("" when it could).
	Error string `json:"error,omitempty"`
}

// maxManifestBytes is the largest manifest.json `reports` reads: 4 MiB
// (a report of 50 chapters writes about 60 KiB; the server reads it with
// the same limit).
const maxManifestBytes = 4 << 20

// listReports reads every <dir>/<id>/manifest.json. A missing dir is an
// empty list.
func listReports(dir string) ([]reportLine, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []reportLine
	for _, e := range entries {
		if !e.IsDir() || storage.ValidateID(e.Name()) != nil {
			continue // not a report (a save's temporary folder is ".<id>.<digits>.tmp")
		}
		l := reportLine{ID: e.Name(), Dir: filepath.Join(dir, e.Name())}
		if _, err := os.Stat(filepath.Join(l.Dir, "report.html")); err == nil {
			l.HTML = filepath.Join(l.Dir, "report.html")
		}
		data, err := readLimited(filepath.Join(l.Dir, "manifest.json"), maxManifestBytes)
		var m nodes.Manifest
		if err == nil {
			err = json.Unmarshal(data, &m)
		}
		switch {
		case errors.Is(err, fs.ErrNotExist):
			l.Status, l.Error = "no manifest", "manifest.json is missing (the run did not finish)"
		case err != nil:
			l.Status, l.Error = "unreadable", err.Error()
		default:
			l.Topic, l.Status, l.Template, l.Chapters = m.Topic, m.Status, m.Template, len(m.Chapters)
			l.CreatedAt, _ = time.Parse(time.RFC3339, m.CreatedAt)
		}
		out = append(out, l)
	}
	slices.SortFunc(out, func(a, b reportLine) int {
		return cmp.Or(b.CreatedAt.Compare(a.CreatedAt), strings.Compare(a.ID, b.ID))
	})
	return out, nil
}

// printJSON writes v to w as indented JSON, without HTML escaping (the
// commands' --json output).
func printJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

func runReports(opts *reportsOptions) error {
	list, err := listReports(opts.OutDir)
	if err != nil {
		return err
	}
	if opts.JSON {
		if list == nil {
			list = []reportLine{}
		}
		return printJSON(opts.Out, list)
	}
	if len(list) == 0 {
		fmt.Fprintf(opts.Out, "no reports in %s\n", opts.OutDir)
		return nil
	}
	var tw table
	tw.row("ID", "TOPIC", "STATUS", "TEMPLATE", "CHAPTERS", "CREATED")
	for _, l := range list {
		created := "-"
		if !l.CreatedAt.IsZero() {
			created = l.CreatedAt.Local().Format("2006-01-02 15:04:05")
		}
		tw.row(safeText(l.ID), safeText(l.Topic), safeText(l.Status), safeText(l.Template), strconv.Itoa(l.Chapters), created)
	}
	return tw.print(opts.Out)
}

// graphsOptions are the inputs of `reportengine graphs`.
type graphsOptions struct {
	GraphsDir string
	JSON      bool
	Out       io.Writer
}

func newGraphsCmd(d *Deps) *cobra.Command {
	opts := &graphsOptions{}
	cmd := &cobra.Command{
		Use:   "graphs [flags]",
		Short: "List the stored graphs, newest first",
		Long: `List the graphs stored under the graphs folder (<graphs>/<report-id>/graphrag.json),
newest first (by created_at, then file time, then id), with node and edge counts.`,
		Args: usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Out = cmd.OutOrStdout()
			return runGraphs(cmd.Context(), opts)
		},
	}
	cmd.Flags().StringVar(&opts.GraphsDir, "graphs", "graphs", "folder that holds the graphs")
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print the list as JSON")
	return cmd
}

func runGraphs(_ context.Context, opts *graphsOptions) error {
	store, err := storage.New(opts.GraphsDir)
	if err != nil {
		return err
	}
	list, err := store.List()
	if err != nil {
		return err
	}
	if opts.JSON {
		if list == nil {
			list = []storage.Info{}
		}
		return printJSON(opts.Out, list)
	}
	if len(list) == 0 {
		fmt.Fprintf(opts.Out, "no graphs in %s\n", opts.GraphsDir)
		return nil
	}
	var tw table
	tw.row("ID", "CREATED", "NODES", "EDGES", "SIZE")
	var broken []storage.Info
	for _, g := range list {
		created := "-"
		if !g.CreatedAt.IsZero() {
			created = g.CreatedAt.Format("2006-01-02 15:04:05")
		}
		nodes, edges := fmt.Sprint(g.Nodes), fmt.Sprint(g.Edges)
		if g.Err != nil {
			nodes, edges = "?", "?"
			broken = append(broken, g)
		}
		tw.row(safeText(g.ID), created, nodes, edges, humanBytes(g.Size))
	}
	if err := tw.print(opts.Out); err != nil {
		return err
	}
	for _, g := range broken {
		fmt.Fprintf(opts.Out, "unreadable: %s: %s\n", safeText(g.ID), safeText(oneLine(g.Err.Error())))
	}
	return nil
}

type templatesOptions struct {
	JSON    bool
	Verbose bool
	Out     io.Writer
}

func newTemplatesCmd() *cobra.Command {
	opts := &templatesOptions{}
	cmd := &cobra.Command{
		Use:   "templates",
		Short: "List the report templates",
		Long: `List the embedded report templates (the six BettaFish template names and chapter
outlines, our own wording). Pass a name to "report --template NAME" to skip template
selection; "模板" and ".md" may be left off the name.`,
		Args: usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Out = cmd.OutOrStdout()
			return runTemplates(opts)
		},
	}
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print the templates as JSON")
	cmd.Flags().BoolVarP(&opts.Verbose, "verbose", "v", false, "also list each chapter's outline")
	return cmd
}

type templateLine struct {
	Name        string            `json:"name"`
	Description string            `json:"description"`
	Title       string            `json:"title"`
	Default     bool              `json:"default"`
	Chapters    []templateChapter `json:"chapters"`
}

type templateChapter struct {
	ChapterID string   `json:"chapter_id"`
	Title     string   `json:"title"`
	Slug      string   `json:"slug"`
	Outline   []string `json:"outline"`
}

func runTemplates(opts *templatesOptions) error {
	var lines []templateLine
	for _, t := range templates.List() {
		l := templateLine{Name: t.Name, Description: t.Description, Title: t.Title, Default: t.Name == templates.Default}
		for _, s := range t.Sections {
			l.Chapters = append(l.Chapters, templateChapter{ChapterID: s.ChapterID, Title: s.Display, Slug: s.Slug, Outline: s.Outline})
		}
		lines = append(lines, l)
	}
	if opts.JSON {
		return printJSON(opts.Out, lines)
	}
	for _, l := range lines {
		def := ""
		if l.Default {
			def = " (default)"
		}
		fmt.Fprintf(opts.Out, "%s%s — %d chapters: %s\n", l.Name, def, len(l.Chapters), l.Description)
		for _, c := range l.Chapters {
			if !opts.Verbose {
				continue
			}
			fmt.Fprintf(opts.Out, "  %s %s\n", c.ChapterID, c.Title)
			for _, o := range c.Outline {
				fmt.Fprintf(opts.Out, "      - %s\n", o)
			}
		}
	}
	return nil
}

// table collects rows of cells and prints them as left-aligned columns two
// spaces apart. Unlike text/tabwriter, which pads by rune count, it pads by
// display width in terminal cells (go-runewidth: CJK ideographs and
// full-width forms count two cells), so report ids and topics such as
// "武汉大学舆情" stay aligned with ASCII rows. The last column is not padded.
type table struct {
	rows [][]string
}

// row adds one line of cells; rows may have different lengths.
func (t *table) row(cells ...string) { t.rows = append(t.rows, cells) }

// print writes every row to w and returns the first write error.
func (t *table) print(w io.Writer) error {
	var widths []int
	for _, r := range t.rows {
		for i, c := range r {
			if i >= len(widths) {
				widths = append(widths, 0)
			}
			if n := runewidth.StringWidth(c); n > widths[i] {
				widths[i] = n
			}
		}
	}
	var b strings.Builder
	for _, r := range t.rows {
		for i, c := range r {
			b.WriteString(c)
			if i < len(r)-1 {
				b.WriteString(strings.Repeat(" ", widths[i]-runewidth.StringWidth(c)+2))
			}
		}
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}
