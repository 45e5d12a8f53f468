package cli

import (
	"cmp"
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

	"github.com/spf13/cobra"

	"reportengine/graphrag/storage"
	"reportengine/nodes"
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
folder whose manifest is missing or unreadable is listed with that status; a run
interrupted before it wrote its folder as "interrupted", and every run with saved
work is named with the report --resume command that finishes it.`,
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
	// Resume is the saved work of an unfinished run of this id
	// (<out>/.<id>.work/, which `report --resume ID` finishes; "" when
	// there is none).
	Resume string `json:"resume,omitempty"`
}

// maxManifestBytes is the largest manifest.json `reports` reads: 4 MiB
// (a report of 50 chapters writes about 60 KiB; the server reads it with
// the same limit).
const maxManifestBytes = 4 << 20

// listReports reads every <dir>/<id>/manifest.json and notes the work
// area (<dir>/.<id>.work/) of each id; a work area without a report folder
// is a run interrupted before it wrote one (status "interrupted", dated by
// the work area's last change). A missing dir is an empty list.
func listReports(dir string) ([]reportLine, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []reportLine
	work := map[string]string{} // id → its work area
	for _, e := range entries {
		if id, ok := strings.CutSuffix(strings.TrimPrefix(e.Name(), "."), ".work"); ok && e.IsDir() && strings.HasPrefix(e.Name(), ".") && storage.ValidateID(id) == nil {
			work[id] = filepath.Join(dir, e.Name())
		}
	}
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
		l.Resume = work[l.ID]
		delete(work, l.ID)
		out = append(out, l)
	}
	// runs interrupted before they wrote a report folder: only their work
	// area tells of them, dated by its last change
	for id, w := range work {
		l := reportLine{ID: id, Status: "interrupted", Dir: w, Resume: w,
			Error: "no report written yet; its saved work is in " + w}
		if fi, err := os.Stat(w); err == nil {
			l.CreatedAt = fi.ModTime().UTC().Truncate(time.Second)
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
	if err := tw.print(opts.Out); err != nil {
		return err
	}
	for _, l := range list {
		if l.Resume != "" {
			fmt.Fprintf(opts.Out, "%s: unfinished run saved; finish it with: reportengine report --resume %s --out %s\n", safeText(l.ID), safeText(l.ID), safeText(opts.OutDir))
		}
	}
	return nil
}
