package cli

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/spf13/cobra"

	"reportengine/forum"
	"reportengine/graphrag"
	"reportengine/graphrag/builder"
	"reportengine/graphrag/storage"
	"reportengine/internal/filelock"
	"reportengine/state"
)

// buildGraphOptions are the inputs of `reportengine build-graph`.
type buildGraphOptions struct {
	graphInputs
	JSON bool
}

func newBuildGraphCmd(d *Deps, runF func(context.Context, *buildGraphOptions) error) *cobra.Command {
	opts, run := &buildGraphOptions{}, pick(runF, runBuildGraph)
	cmd := &cobra.Command{
		Use:   "build-graph [flags] STATE... | FOLDER...",
		Short: "Build the knowledge graph from engine state files and a forum log",
		Long: `Build the knowledge graph from engine State JSON files (and optionally a forum log)
and write it to <graphs>/<report-id>/graphrag.json. No LLM is used.

STATE is ENGINE=PATH (query=out/q.json) or a PATH whose engine is told from its folder
or file name, at most one file per engine; a missing or empty one is a warning. A
BettaFish output folder (or engine folders) instead of files: the newest complete run
in it is picked, --run STAMP picks another. The files must be one research run (related
queries, or stamps within an hour); --allow-mixed-queries builds them anyway.
The forum log (--forum) has one "[HH:MM:SS] [SPEAKER] content" entry per line.
README.md (reportengine build-graph) has the full rules and formats.`,
		Example: `  reportengine build-graph examples/coffee-shop/*_engine_streamlit_reports/*.json \
      --forum examples/coffee-shop/logs/forum.log
  reportengine build-graph ../shared/fixtures/bettafish --report-id wuhan
  reportengine build-graph ../shared/fixtures/bettafish --run 20250827_123055
  reportengine build-graph query=q.json media=m.json insight=i.json --topic 武汉大学 --report-id wuhan`,
		Args: usageArgs(cobra.MinimumNArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.States, opts.cmdIO = args, d.io(cmd)
			return run(cmd.Context(), opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.Topic, "topic", "", "report topic (default: the query the state files research)")
	f.StringVar(&opts.Forum, "forum", "", "forum log file ([HH:MM:SS] [SPEAKER] content lines)")
	f.StringVar(&opts.ReportID, "report-id", "", "id of the graph: letters, digits, '-', '_', '.' (default: <topic>-<hash of the inputs>)")
	f.StringVar(&opts.GraphsDir, "graphs", "graphs", "folder that holds the graphs")
	f.BoolVar(&opts.AllowMixedQueries, "allow-mixed-queries", false, "build one graph from state files that are not one research run (one topic node per query)")
	f.StringVar(&opts.Run, "run", "", "with folder arguments: the run to use, by its `STAMP` (YYYYMMDD_HHMMSS of any of its files; default: the newest complete run)")
	f.BoolVar(&opts.JSON, "json", false, "print the summary as JSON")
	return cmd
}

// buildSummary is what build-graph prints.
type buildSummary struct {
	ReportID string `json:"report_id"`
	Path     string `json:"path"`
	Bytes    int64  `json:"bytes"`
	Topic    string `json:"topic"`
	// Topics are the graph's topic nodes in graph order: the one topic,
	// or with --allow-mixed-queries on unrelated files one per query (B13).
	Topics     []topicLine    `json:"topics"`
	Nodes      map[string]int `json:"nodes"`
	Edges      map[string]int `json:"edges"`
	TotalNodes int            `json:"total_nodes"`
	TotalEdges int            `json:"total_edges"`
	Engines    []engineLine   `json:"engines"`
	Warnings   []string       `json:"warnings"`
	Seconds    float64        `json:"seconds"`
	// Stages holds the wall time of each stage in seconds: load (read and
	// parse the state files and the forum log), build, save.
	Stages map[string]float64 `json:"stages"`
}

// topicLine is one topic node: its name and the engines under it.
type topicLine struct {
	Name    string   `json:"name"`
	Engines []string `json:"engines"`
}

// topicLines lists the topic nodes of g in graph order.
func topicLines(g *graphrag.Graph) []topicLine {
	var out []topicLine
	for v := 0; v < g.NodeCount(); v++ {
		if g.Type(v) == graphrag.TypeTopic {
			out = append(out, topicLine{Name: g.Name(v), Engines: append([]string{}, g.Strings(v, "engines")...)})
		}
	}
	return out
}

type engineLine struct {
	Engine     string `json:"engine"`
	Path       string `json:"path"`
	Paragraphs int    `json:"paragraphs"`
	Records    int    `json:"records"`
}

// builtGraph is a graph built from state files and a forum log, with what
// was loaded to build it.
type builtGraph struct {
	Graph *graphrag.Graph
	ID    string
	Path  string
	Topic string
	// Loaded are the state files read: their States, the engines
	// Unavailable (a state file missing or empty), QueryNote, Queries and
	// Unrelated (B13). Its Warnings are in Warnings, as text.
	*state.Loaded
	Forum    []forum.Entry
	Warnings []string
	// ForumNotice is the forum log's warning for a report's reader
	// (forumNotes), "" when none.
	ForumNotice string
	// ForumPath is the forum log read: --forum, or the one found in the
	// folder arguments (folderForum); "" when none.
	ForumPath string
	Stages    map[string]float64
}

// graphInputs are the flags shared by build-graph and report, and the
// command's cmdIO: its Err receives, besides the stages (Log), the
// notices that must be seen at once whatever --quiet says: which run was
// picked from a folder, a named file that does not exist (nil:
// io.Discard).
type graphInputs struct {
	cmdIO
	Topic             string
	Forum             string
	ReportID          string
	GraphsDir         string
	AllowMixedQueries bool
	States            []string
	// Run picks a run when States are folders (--run STAMP; "" = newest
	// complete).
	Run string
	// textsOnly: report --graph reads the states for their texts alone,
	// the stored graph holding their records (state.LoadOptions.SkipSearches).
	textsOnly bool
}

// graphLockPath is the lock file a save of graph id holds:
// <graphs>/.<id>.lock (beside the graph's folder, which a save may create).
func graphLockPath(graphsDir, id string) string {
	return filepath.Join(graphsDir, "."+id+".lock")
}

// saveBuilt saves a graph built by buildInMemory to in.GraphsDir, setting
// b.Path and the "save" stage time. Another run saving graph b.ID at that
// moment: an error wrapping filelock.ErrLocked (exit 7), nothing written.
func saveBuilt(ctx context.Context, in graphInputs, b *builtGraph) error {
	store, err := storage.New(in.GraphsDir)
	if err != nil {
		return err
	}
	// two saves of one graph at once would each rename their graph file
	// and column file into place, and the last of each could come from
	// different runs: the second is refused at once (exit 7)
	lock, err := filelock.Take(graphLockPath(in.GraphsDir, b.ID))
	var busy *filelock.LockedError
	if errors.As(err, &busy) {
		return fmt.Errorf("graph %s is being saved by another run (%s): nothing was written; run this one again when that one ends: %w", b.ID, cmp.Or(busy.Holder, "its pid unknown"), err)
	}
	if err != nil {
		return err
	}
	defer lock.Release()
	mark := time.Now()
	path, _ := store.Path(b.ID)
	end := in.Log.start("saved the graph", "saving the graph to %s", path)
	if b.Path, err = store.SaveContext(ctx, b.Graph); err != nil {
		return err
	}
	end()
	b.Stages["save"] = time.Since(mark).Seconds()
	return nil
}

// buildInMemory parses the state files and the forum log and builds the
// graph without saving it.
func buildInMemory(ctx context.Context, in graphInputs) (*builtGraph, error) {
	b, err := loadInputs(ctx, in)
	if err != nil {
		return nil, err
	}
	mark := time.Now()
	records := 0
	for _, s := range b.States {
		records += s.RecordCount()
	}
	end := in.Log.start("built the graph", "building the graph (%d search records)", records)
	// bw is read only once await has returned f's result
	var bw []string
	g, err := await(ctx, func() (*graphrag.Graph, error) {
		g, w, err := builder.Build(builder.Config{
			Topic:         b.Topic,
			ReportID:      b.ID,
			CreatedAt:     in.Now().UTC().Format(time.RFC3339),
			States:        b.States,
			Forum:         b.Forum,
			ForumPath:     b.ForumPath,
			Unavailable:   b.Unavailable,
			Warnings:      b.Warnings,
			QueryNote:     b.QueryNote,
			TopicPerQuery: b.Unrelated,
		})
		bw = w
		return g, err
	})
	if err != nil {
		return nil, err
	}
	end()
	b.Graph = g
	b.Warnings = append(b.Warnings, bw...)
	b.Stages["build"] = time.Since(mark).Seconds()
	return b, nil
}

// loadInputs parses the state files and the forum log and settles the topic
// and the id; it builds no graph (report --graph needs only the excerpts).
func loadInputs(ctx context.Context, in graphInputs) (*builtGraph, error) {
	if in.ReportID != "" {
		if err := storage.ValidateID(in.ReportID); err != nil {
			return nil, usageError{fmt.Errorf("--report-id: %w", err)}
		}
	}
	inputs, runNote, err := resolveStates(in.States, in.Run, in.Err)
	if err != nil {
		return nil, err
	}
	if in.Forum == "" && !in.textsOnly { // report --graph: the graph holds the log's entries
		if in.Forum = folderForum(in.States); in.Forum != "" && in.Err != nil {
			fmt.Fprintf(in.Err, "forum log: %s (found in the folder; --forum names another)\n", in.Forum)
		}
	}
	mark := time.Now()
	// the forum log is read first: one that cannot be opened or parsed is
	// said before the states load (and their progress line)
	var entries []forum.Entry
	var forumWarnings []forum.Warning
	if in.Forum != "" {
		// forumWarnings is read only once await has returned f's result
		e, err := await(ctx, func() ([]forum.Entry, error) {
			e, w, err := forum.ParseFile(in.Forum)
			forumWarnings = w
			return e, err
		})
		if err != nil {
			if ctx.Err() != nil {
				return nil, err
			}
			return nil, inputError{err}
		}
		entries = e
	}
	end := in.Log.start("loaded the state files", "loading %s", describeInputs(inputs))
	loaded, err := await(ctx, func() (*state.Loaded, error) {
		return state.Load(inputs, state.LoadOptions{AllowMixedQueries: in.AllowMixedQueries, ValidUTF8: graphrag.ValidUTF8,
			SkipSearches: in.textsOnly})
	})
	if err != nil {
		return nil, err
	}
	end()
	warnings := appendNonEmpty(nil, runNote)
	for _, w := range loaded.Warnings {
		warnings = append(warnings, w.String())
	}
	warnings = appendNonEmpty(warnings, loaded.QueryNote, loaded.StartNote)
	var forumNotice string
	if in.Forum != "" {
		for _, w := range forumWarnings {
			warnings = append(warnings, fmt.Sprintf("forum %s: %s", in.Forum, w))
		}
		fw, reader := forumNotes(in.Forum, entries, loaded.States)
		warnings = append(warnings, fw...)
		forumNotice = reader
	}
	topic := cmp.Or(strings.TrimSpace(in.Topic), loaded.Topic())
	if topic == "" {
		return nil, usagef("the state files name no query: pass --topic")
	}
	id := cmp.Or(in.ReportID, defaultReportID(topic, loaded.States, entries))
	if !in.textsOnly {
		engines := len(loaded.States)
		if slices.ContainsFunc(entries, func(e forum.Entry) bool { return e.IsHost() }) {
			engines++ // the forum's host is an engine node too
		}
		if err := keepStored(in.GraphsDir, id, loaded.Unavailable, engines); err != nil {
			return nil, err
		}
	}
	return &builtGraph{ID: id, Topic: topic, Loaded: loaded, Forum: entries, Warnings: warnings,
		ForumNotice: forumNotice, ForumPath: in.Forum,
		Stages: map[string]float64{"load": time.Since(mark).Seconds()}}, nil
}

// keepStored refuses (an inputError) to build graph id over a stored one
// when a state file given contributes nothing (state.Unavailable: not
// found, empty, no paragraphs): the engine left out (B14) is most often a
// mistyped path or a file an engine failed to write, and the stored graph,
// built with it, would be replaced by a smaller one with exit 0 (new-user
// trial 42: an empty query file turned a stored graph of 277 nodes into
// one of 179). A first build, one under another id, or one over a stored
// graph with no more engine nodes than this build's engines (the states
// it loads and the forum's host, against the count the stored file's head
// declares, storage.Store.TypeCounts: the same inputs built again,
// new-user trial 43) goes on without the engine, as B14 expects.
func keepStored(graphsDir, id string, unavailable []state.Unavailable, engines int) error {
	if len(unavailable) == 0 {
		return nil
	}
	store, err := storage.New(graphsDir)
	if err != nil {
		return nil // the save reports it
	}
	path, err := store.Path(id)
	if err != nil {
		return nil
	}
	if _, err := os.Stat(path); err != nil {
		return nil // a first build
	}
	// a stored graph of unknown content is kept
	if counts, err := store.TypeCounts(id); err == nil && counts[string(graphrag.TypeEngine)] <= engines {
		return nil
	}
	u := unavailable[0]
	what := "no such file"
	if u.Reason != state.ReasonNotFound {
		what = u.Reason
	}
	return inputError{fmt.Errorf("%s: %s; graph %s is stored and this build, without the %s engine, would replace it: give the right path, or another --report-id to build without the engine (the stored graph is kept)", what, u.Path, id, u.Engine)}
}

// appendNonEmpty appends to list those of items that are not "".
func appendNonEmpty(list []string, items ...string) []string {
	for _, s := range items {
		if s != "" {
			list = append(list, s)
		}
	}
	return list
}

// describeInputs says what is about to be loaded: "3 state files (185.2
// MiB)", and how many of them cannot be read ("1 state file (0 B, 1 not
// found)": a missing file's 0 B read as an empty one; new-user trial 44).
func describeInputs(inputs []state.Input) string {
	var total int64
	missing := 0
	for _, in := range inputs {
		if fi, err := os.Stat(in.Path); err == nil {
			total += fi.Size()
		} else {
			missing++
		}
	}
	size := humanBytes(total)
	if missing > 0 {
		size += fmt.Sprintf(", %d not found", missing)
	}
	return fmt.Sprintf("%s (%s)", plural(len(inputs), "state file"), size)
}

// runBuildGraph builds the graph and saves it atomically under GraphsDir
// (checkWritable has made sure, before the build, that it is a folder that
// can be written), then prints the summary.
func runBuildGraph(ctx context.Context, opts *buildGraphOptions) error {
	start := time.Now()
	if err := checkWritable("graphs folder", opts.GraphsDir, false); err != nil {
		return err
	}
	b, err := buildInMemory(ctx, opts.graphInputs)
	if err == nil {
		err = saveBuilt(ctx, opts.graphInputs, b)
	}
	if err != nil {
		return err
	}
	sum := buildSummary{ReportID: b.ID, Path: b.Path, Topic: b.Topic, Topics: topicLines(b.Graph), Nodes: map[string]int{}, Edges: map[string]int{},
		Warnings: append([]string{}, b.Warnings...), Stages: b.Stages}
	if fi, err := os.Stat(b.Path); err == nil {
		sum.Bytes = fi.Size()
	}
	st := b.Graph.Stats()
	sum.TotalNodes, sum.TotalEdges = st.TotalNodes, st.TotalEdges
	for t, n := range st.ByType {
		sum.Nodes[string(t)] = n
	}
	for r, n := range st.ByRelation {
		sum.Edges[string(r)] = n
	}
	for _, s := range b.States {
		sum.Engines = append(sum.Engines, engineLine{Engine: string(s.Engine), Path: s.Path, Paragraphs: len(s.Paragraphs), Records: s.RecordCount()})
	}
	sum.Seconds = time.Since(start).Seconds()
	if opts.JSON {
		return printJSON(opts.Out, sum)
	}
	printBuildSummary(opts.Out, sum, st)
	return nil
}

func printBuildSummary(w io.Writer, s buildSummary, st graphrag.Stats) {
	fmt.Fprintf(w, "graph %s written to %s (%s)\n", s.ReportID, s.Path, humanBytes(s.Bytes))
	if len(s.Topics) > 1 { // one topic per query: each with its engines
		for _, t := range s.Topics {
			fmt.Fprintf(w, "topic:   %s (%s)\n", safeText(t.Name), strings.Join(t.Engines, ", "))
		}
	} else {
		fmt.Fprintf(w, "topic:   %s\n", safeText(s.Topic))
	}
	for _, e := range s.Engines {
		fmt.Fprintf(w, "engine:  %-8s %d paragraphs, %d search records (%s)\n", e.Engine, e.Paragraphs, e.Records, safeText(e.Path))
	}
	var parts []string
	for _, t := range st.SortedTypes() {
		parts = append(parts, fmt.Sprintf("%s %d", t, st.ByType[t]))
	}
	fmt.Fprintf(w, "nodes:   %d (%s)\n", st.TotalNodes, strings.Join(parts, ", "))
	parts = parts[:0]
	for _, r := range st.SortedRelations() {
		parts = append(parts, fmt.Sprintf("%s %d", r, st.ByRelation[r]))
	}
	fmt.Fprintf(w, "edges:   %d (%s)\n", st.TotalEdges, strings.Join(parts, ", "))
	printWarnings(w, s.Warnings)
	fmt.Fprintf(w, "took:    %.2fs (load %.2fs, build %.2fs, save %.2fs)\n", s.Seconds, s.Stages["load"], s.Stages["build"], s.Stages["save"])
}

// humanBytes is n bytes for people: "185.2 MiB" (GiB, MiB, KiB, one
// decimal), or "512 B" under 1 KiB.
func humanBytes(n int64) string {
	for i, unit := range []string{"GiB", "MiB", "KiB"} {
		if shift := 30 - 10*i; n >= 1<<shift {
			return fmt.Sprintf("%.1f %s", float64(n)/float64(int64(1)<<shift), unit)
		}
	}
	return strconv.FormatInt(n, 10) + " B"
}

// defaultReportID is "<topic slug>-<12 hex>", the hash taken over what
// identifies the inputs (engine, query, title, times and counts of each
// state; the forum entry count and last entry), so rebuilding the same
// inputs replaces the same graph and different runs on one topic do not
// collide.
func defaultReportID(topic string, states []*state.State, entries []forum.Entry) string {
	h := sha256.New()
	put := func(parts ...string) {
		for _, p := range parts {
			io.WriteString(h, p)
			h.Write([]byte{0})
		}
	}
	put(topic)
	for _, s := range states {
		put(string(s.Engine), s.Query, s.ReportTitle, s.CreatedAt, s.UpdatedAt,
			strconv.Itoa(len(s.Paragraphs)), strconv.Itoa(s.RecordCount()), strconv.Itoa(len(s.FinalReport)))
	}
	put(strconv.Itoa(len(entries)))
	if n := len(entries); n > 0 {
		put(entries[n-1].Time, entries[n-1].Speaker, strconv.Itoa(len(entries[n-1].Content)))
	}
	return slug(topic) + "-" + hex.EncodeToString(h.Sum(nil))[:12]
}

// slug keeps Unicode letters and digits, turns runs of anything else into
// one '-', and keeps at most 40 runes; "graph" when nothing is left.
func slug(s string) string {
	var b strings.Builder
	dash := false
	n := 0
	for _, r := range s {
		if n >= 40 {
			break
		}
		if unicode.IsLetter(r) || unicode.IsNumber(r) {
			b.WriteRune(r)
			dash = false
			n++
			continue
		}
		if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
			n++
		}
	}
	out := strings.Trim(b.String(), "-")
	if out == "" {
		return "graph"
	}
	return out
}
