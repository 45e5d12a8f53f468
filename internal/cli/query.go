package cli

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"reportengine/graphrag"
	"reportengine/graphrag/queryengine"
	"reportengine/graphrag/storage"
	"reportengine/text"
)

// queryOptions are the inputs of `reportengine query`.
type queryOptions struct {
	GraphsDir   string
	Graph       string
	Keywords    []string
	Types       []string
	Engines     []string
	Depth       int
	MaxSections int
	MaxQueries  int
	MaxSources  int
	JSON        bool
	cmdIO
}

func newQueryCmd(d *Deps, runF func(context.Context, *queryOptions) error) *cobra.Command {
	opts, run := &queryOptions{}, pick(runF, runQuery)
	cmd := &cobra.Command{
		Use:   "query [flags] [KEYWORD...]",
		Short: "Query a stored graph by keyword, node type, engine and depth",
		Long: `Query a stored knowledge graph: nodes whose name, title, query text, summary, content
or URL holds ANY keyword (case-insensitive; -k values and KEYWORD arguments, split on
spaces and commas; none: every section), limited by --type and --engine, expanded
--depth edges. --json prints the result shape of BettaFish's POST /api/graph/query.
README.md (reportengine query) has the full reference.`,
		Example: `  reportengine query 会员 --depth 1
  reportengine query --graph 李明咖啡店-0123abcd4567 -k "拿铁, 美式" --engine media --json
  reportengine query --type source -k 供应商 --depth 0`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.cmdIO = d.io(cmd)
			opts.Keywords = append(opts.Keywords, args...)
			if opts.Graph == "" {
				return usagef("--graph needs a report id or %q", storage.LatestID)
			}
			if opts.Depth < 0 {
				return usagef("--depth must be 0 or more, got %d", opts.Depth)
			}
			if opts.MaxSections < 0 || opts.MaxQueries < 0 || opts.MaxSources < 0 {
				return usagef("--max-sections, --max-queries and --max-sources must be 0 or more")
			}
			return run(cmd.Context(), opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.GraphsDir, "graphs", "graphs", "folder that holds the graphs")
	f.StringVar(&opts.Graph, "graph", "latest", "report id of the graph, or \"latest\"")
	f.StringArrayVarP(&opts.Keywords, "keyword", "k", nil, "keyword (repeatable; split on spaces and commas)")
	f.StringArrayVar(&opts.Types, "type", nil, "node type that may match (repeatable, or comma-separated): topic, engine, section, search_query, source")
	f.StringArrayVar(&opts.Engines, "engine", nil, "engine to keep (repeatable, or comma-separated): query, media, insight, host")
	f.IntVar(&opts.Depth, "depth", 1, "how many edges to expand from the matches")
	f.IntVar(&opts.MaxSections, "max-sections", 15, "at most this many sections (0 is taken as the built-in cap)")
	f.IntVar(&opts.MaxQueries, "max-queries", 20, "at most this many search queries (0 is taken as the built-in cap)")
	f.IntVar(&opts.MaxSources, "max-sources", 10, "at most this many sources (0 is taken as the built-in cap)")
	f.BoolVar(&opts.JSON, "json", false, "print the result as JSON (the shape of POST /api/graph/query's result)")
	return cmd
}

// loadGraphContext opens the graphs folder and loads id ("latest" = the
// newest), showing the stage on log (nil: quiet) and returning ctx.Err() as
// soon as ctx is done. A graph that is not there gets the nearest stored
// ids in its error (which still wraps storage.ErrNotFound).
func loadGraphContext(ctx context.Context, log *stageLog, dir, id string) (*graphrag.Graph, string, *graphrag.LoadReport, error) {
	store, err := storage.New(dir)
	if err != nil {
		return nil, "", nil, err
	}
	// A graph saved without a column file (an older build) gets one now,
	// so that the next query or report loads it fast.
	store.FillColumns = true
	if id == storage.LatestID {
		id, err = store.Latest()
		if err != nil {
			return nil, "", nil, fmt.Errorf("%w (build one with `reportengine build-graph`)", err)
		}
	}
	size := ""
	if p, err := store.Path(id); err == nil {
		if fi, err := os.Stat(p); err == nil {
			size = " (" + humanBytes(fi.Size()) + ")"
		}
	}
	end := log.start("loaded the graph", "loading graph %s%s", id, size)
	var rep *graphrag.LoadReport // read only once awaitCleanup has returned f's result
	g, err := awaitCleanup(ctx, fillAbandonWait, func() (*graphrag.Graph, error) {
		g, r, err := store.LoadContext(ctx, id)
		rep = r
		return g, err
	})
	if errors.Is(err, storage.ErrNotFound) {
		return nil, "", nil, notFoundWithNearest(store, id, err)
	}
	if err != nil {
		return nil, "", nil, err
	}
	end()
	return g, id, rep, nil
}

// loadGraphFlag is loadGraphContext for a --graph flag, shown on c.Log:
// an invalid id is a usage error naming the flag (exit 2), and the load's
// warnings, also returned, are printed on c.Err with the prefix
// "graph <id>: " (cmdIO.loadWarnings).
func (c cmdIO) loadGraphFlag(ctx context.Context, dir, id string) (*graphrag.Graph, string, []string, error) {
	g, id, rep, err := loadGraphContext(ctx, c.Log, dir, id)
	if err != nil {
		if errors.Is(err, storage.ErrInvalidID) {
			return nil, "", nil, usageError{fmt.Errorf("--graph: %w", err)}
		}
		return nil, "", nil, err
	}
	var warnings []string
	if rep != nil {
		warnings = rep.Warnings
		c.loadWarnings("graph "+id+": ", warnings)
	}
	return g, id, warnings, nil
}

// loadUsableGraph is loadGraphFlag for query and export, which stop when
// ctx is done and refuse a graph with no node (emptyGraphError).
func (c cmdIO) loadUsableGraph(ctx context.Context, dir, id string) (*graphrag.Graph, string, error) {
	g, id, _, err := c.loadGraphFlag(ctx, dir, id)
	if err == nil {
		err = cmp.Or(ctx.Err(), emptyGraphError(g, id, graphFile(dir, id)))
	}
	return g, id, err
}

// graphFile is the path of graph id's file under the graphs folder dir,
// for messages ("" when it cannot be made).
func graphFile(dir, id string) string {
	store, err := storage.New(dir)
	if err != nil {
		return ""
	}
	p, _ := store.Path(id)
	return p
}

// emptyGraphError refuses a graph with no node, which query, export and
// report cannot use (exit 3): it wraps queryengine.ErrEmptyGraph, naming
// graph id and where it came from (its file, or how it was built). It is
// nil when g has a node.
func emptyGraphError(g *graphrag.Graph, id, where string) error {
	if g.NodeCount() > 0 {
		return nil
	}
	return fmt.Errorf("graph %s (%s): %w", id, where, queryengine.ErrEmptyGraph)
}

func runQuery(ctx context.Context, opts *queryOptions) error {
	g, id, err := opts.loadUsableGraph(ctx, opts.GraphsDir, opts.Graph)
	if err != nil {
		return err
	}
	q := queryengine.Query{
		Keywords:    opts.Keywords,
		Depth:       opts.Depth,
		MaxSections: opts.MaxSections,
		MaxQueries:  opts.MaxQueries,
		MaxSources:  opts.MaxSources,
	}
	var types, engines map[string]bool
	if len(opts.Types)+len(opts.Engines) > 0 { // a pass over every node: only when needed
		types, engines = queryengine.KnownValues(g)
	}
	for _, t := range splitList(opts.Types) {
		if !types[t] {
			return usagef("--type %q: want one of %s", t, strings.Join(slices.Sorted(maps.Keys(types)), ", "))
		}
		q.Types = append(q.Types, graphrag.NodeType(t))
	}
	for _, e := range splitList(opts.Engines) {
		if !engines[e] {
			return usagef("--engine %q: want one of %s", e, strings.Join(slices.Sorted(maps.Keys(engines)), ", "))
		}
		q.Engines = append(q.Engines, e)
	}
	end := opts.Log.start("indexed the graph", "indexing the graph (%s)", plural(g.NodeCount(), "node"))
	eng, err := await(ctx, func() (*queryengine.Engine, error) { return queryengine.New(g), nil })
	if err != nil {
		return err
	}
	end()
	res, err := eng.Run(q)
	if err != nil {
		return err
	}
	if opts.JSON { // HTML-escaped (json.Marshal's default), unlike printJSON
		enc := json.NewEncoder(opts.Out)
		enc.SetIndent("", "  ")
		return enc.Encode(res)
	}
	data, err := json.Marshal(res)
	if err != nil {
		return err
	}
	return printQueryResult(opts.Out, id, data)
}

// printedResult is the part of the result JSON the text output shows.
type printedResult struct {
	Sections      []map[string]any `json:"matched_sections"`
	Queries       []map[string]any `json:"matched_queries"`
	Sources       []map[string]any `json:"matched_sources"`
	TotalNodes    int              `json:"total_nodes"`
	TotalSections int              `json:"total_sections"`
	TotalQueries  int              `json:"total_queries"`
	TotalSources  int              `json:"total_sources"`
	Summary       string           `json:"summary"`
	NoMatch       bool             `json:"no_match"`
}

func str(m map[string]any, k string) string {
	s, _ := m[k].(string)
	return s
}

func printQueryResult(w io.Writer, id string, data []byte) error {
	var r printedResult
	if err := json.Unmarshal(data, &r); err != nil {
		return err
	}
	fmt.Fprintf(w, "graph:   %s\n", id)
	fmt.Fprintf(w, "summary: %s\n", safeText(r.Summary))
	fmt.Fprintf(w, "nodes:   %d reached\n", r.TotalNodes)
	if r.NoMatch {
		fmt.Fprintln(w, "no match")
		return nil
	}
	fmt.Fprintf(w, "\nsections (%d of %d):\n", len(r.Sections), r.TotalSections)
	for _, s := range r.Sections {
		fmt.Fprintf(w, "  [%s] %s  %s\n", safeText(str(s, "engine")), safeText(str(s, "id")), safeText(str(s, "name")))
		if sum := oneLine(str(s, "summary")); sum != "" {
			fmt.Fprintf(w, "      %s\n", safeText(text.Ellipsis(sum, 80, "…")))
		}
	}
	fmt.Fprintf(w, "\nsearch queries (%d of %d):\n", len(r.Queries), r.TotalQueries)
	for _, q := range r.Queries {
		n, _ := q["record_count"].(float64)
		fmt.Fprintf(w, "  [%s] %s  %q (%s)\n", safeText(str(q, "engine")), safeText(str(q, "id")), str(q, "query_text"), plural(int(n), "record"))
	}
	fmt.Fprintf(w, "\nsources (%d of %d):\n", len(r.Sources), r.TotalSources)
	for _, s := range r.Sources {
		var engines []string
		if l, ok := s["engines"].([]any); ok {
			for _, e := range l {
				if es, ok := e.(string); ok {
					engines = append(engines, es)
				}
			}
		}
		url := cmp.Or(str(s, "url"), "(no url)")
		fmt.Fprintf(w, "  %s\n      %s  [%s]\n", safeText(oneLine(str(s, "name"))), safeText(url), safeText(strings.Join(engines, ",")))
	}
	return nil
}

// splitList flattens repeated flag values that may hold comma-separated
// lists, dropping empty parts.
func splitList(values []string) []string {
	var out []string
	for _, v := range values {
		for _, part := range strings.Split(v, ",") {
			if part = strings.TrimSpace(part); part != "" {
				out = append(out, part)
			}
		}
	}
	return out
}

// safeText makes text from the graph (scraped titles, posts) safe to print
// on a terminal: control characters (C0, DEL, C1) and the invisible
// direction overrides are shown as \x.. / \u.... escapes instead of being
// sent to the terminal, where they could move the cursor, recolour or
// retitle it. Bytes that are not UTF-8 are shown as \x.. too, so every
// line printed is valid UTF-8.
func safeText(s string) string { return escapeUnsafe(s, unsafeRune) }

// safeLines is safeText for multi-line text (a streamed answer): line
// breaks and tabs are kept, every other control character is escaped.
func safeLines(s string) string {
	return escapeUnsafe(s, func(r rune) bool { return r != '\n' && r != '\t' && unsafeRune(r) })
}

func escapeUnsafe(s string, unsafe func(rune) bool) string {
	if utf8.ValidString(s) && !strings.ContainsFunc(s, unsafe) {
		return s
	}
	var b strings.Builder
	for i, r := range s {
		switch {
		case r == utf8.RuneError && !strings.HasPrefix(s[i:], "\uFFFD"):
			fmt.Fprintf(&b, "\\x%02x", s[i]) // a byte that is not UTF-8
		case !unsafe(r):
			b.WriteRune(r)
		case r < 0x100:
			fmt.Fprintf(&b, "\\x%02x", r)
		default:
			fmt.Fprintf(&b, "\\u%04x", r)
		}
	}
	return b.String()
}

func unsafeRune(r rune) bool {
	switch {
	case r < 0x20, r == 0x7f, r >= 0x80 && r < 0xa0:
		return true
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069, r == 0x200e, r == 0x200f:
		return true
	}
	return false
}

// plural spells "1 record", "2 records".
func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
