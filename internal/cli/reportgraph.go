package cli

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"reportengine/graphrag"
	"reportengine/nodes"
	"reportengine/state"
	"reportengine/text"
)

// reportGraph is the graph a report is made from and what the run knows
// of its inputs: loaded by id (--graph) or built from the state files.
type reportGraph struct {
	g       *graphrag.Graph
	graphID string
	file    *graphrag.LoadReport // the stored graph's load (its file's length and CRC-32C); nil when built
	topic   string               // --topic, else the researched query
	built   *builtGraph          // the states and forum read for this run; nil with --graph alone
	// unsaved is the graph built here and not saved yet; madeGraphDirs
	// the folders its path will create (an interrupted run removes them).
	unsaved       *builtGraph
	madeGraphDirs []string
	warnings      []string // for the log and the summary
	queryNote     string   // B13: the engines researched differing queries
	forumNote     string   // the stored graph's forum log is empty or from another day
	missing       []state.Unavailable
	runStates     []*state.State // the run's engines, with their times (start notice, missing engines)
	fromStates    string         // the state files a built graph comes from, for errors
	// started: the run got past every refusal (the resume state, the
	// lock, the inputs compared with the saved work) and asked the
	// pipeline for the report; only then may a failure save unsaved.
	started bool
}

// openReportGraph loads the graph of --graph (with the states and forum
// log given beside it, for the chapter excerpts) or builds one from the
// state files. Errors: loading or building; a usageError without either.
func openReportGraph(ctx context.Context, opts *reportOptions) (*reportGraph, error) {
	switch {
	case opts.Graph != "":
		return storedReportGraph(ctx, opts)
	case len(opts.States) > 0:
		b, err := buildInMemory(ctx, opts.graphInputs)
		if err != nil {
			return nil, err
		}
		src := &reportGraph{g: b.Graph, graphID: b.ID, topic: cmp.Or(strings.TrimSpace(opts.Topic), b.Topic),
			built: b, unsaved: b, runStates: b.States, fromStates: strings.Join(opts.States, ", ")}
		if path := graphFile(opts.GraphsDir, b.ID); path != "" {
			src.madeGraphDirs = missingDirs(filepath.Dir(path))
		}
		return src, nil
	}
	return nil, usagef("give state files (--states or arguments) or a stored graph (--graph ID)")
}

// storedReportGraph loads graph --graph and reads what it records of its
// run: the engines' times and topic, the engines it was built without,
// differing queries and, unless --forum is given again, its forum log.
func storedReportGraph(ctx context.Context, opts *reportOptions) (*reportGraph, error) {
	g, id, rep, err := loadGraphContext(ctx, opts.Log, opts.GraphsDir, opts.Graph)
	if err != nil {
		return nil, err
	}
	src := &reportGraph{g: g, graphID: id, file: rep, topic: strings.TrimSpace(opts.Topic)}
	if rep != nil {
		src.warnings = append(src.warnings, rep.Warnings...)
	}
	if len(opts.States) > 0 || opts.Forum != "" {
		// States and forum give the chapter excerpts; the stored graph
		// stays as it is, and gives the search records.
		in := opts.graphInputs
		in.textsOnly = true
		loaded, err := loadInputs(ctx, in)
		if err != nil {
			return nil, err
		}
		src.built = loaded
	}
	run := readStoredRun(g)
	src.runStates = run.Times
	note, _ := state.StartNote(run.Times)
	src.warnings = appendNonEmpty(src.warnings, note)
	src.topic = cmp.Or(src.topic, run.Topic)
	// B14: the engines the stored graph was built without, as its topic
	// node records them.
	src.missing = run.Unavailable
	for _, u := range src.missing {
		src.warnings = append(src.warnings, fmt.Sprintf("%s engine (%s): %s", u.Engine, u.Path, u.Reason))
	}
	if (src.built == nil || src.built.QueryNote == "") && run.QueryNote != "" {
		src.warnings = append(src.warnings, run.QueryNote)
		src.queryNote = readerQueryNotice(run.Queries, run.Topics > 1)
	}
	if opts.Forum == "" {
		// the forum log is not read again: what the graph records of it
		fw, notice := storedForumNotes(g, run.Times)
		src.warnings = append(src.warnings, fw...)
		src.forumNote = notice
	}
	return src, nil
}

// finish is what a run that ends with runErr does with the graph it built
// (a graph a report run builds is not a report): one that failed once
// started saves it all the same, for --graph (the error it meets joins
// runErr); one refused before it started (bad flags, --resume with no
// saved work or with other inputs, a locked work area, an empty graph)
// saves nothing; one that was interrupted removes the graph folder (and
// graphs folder) it created. writeReport saves it on success, so an
// interrupted or refused run leaves an earlier graph of this id as it was.
func (src *reportGraph) finish(ctx context.Context, opts *reportOptions, runErr error) error {
	if src.unsaved != nil && src.started && runErr != nil && ctx.Err() == nil {
		if err := saveBuilt(ctx, opts.graphInputs, src.unsaved); err != nil {
			runErr = errors.Join(runErr, err)
		}
	}
	if runErr != nil && ctx.Err() != nil && len(src.madeGraphDirs) > 0 {
		os.RemoveAll(src.madeGraphDirs[0])
		removeEmpty(src.madeGraphDirs[1:])
	}
	return runErr
}

// check refuses a graph there is nothing to report on (B24: no model
// call is made) and a run without a topic.
func (src *reportGraph) check(opts *reportOptions) error {
	where := graphFile(opts.GraphsDir, src.graphID)
	if src.unsaved != nil {
		where = "built from " + src.fromStates
	}
	if err := emptyGraphError(src.g, src.graphID, where); err != nil {
		return err
	}
	if src.topic == "" {
		return usagef("no topic: pass --topic")
	}
	return nil
}

// pipelineInput is the pipeline's input: the graph, the states and forum
// entries, and the notices the report shows its reader (engines missing
// or started far apart, differing queries, the forum log's) and the
// warnings its manifest logs. It adds the built graph's warnings to
// src.warnings.
func (src *reportGraph) pipelineInput(opts *reportOptions) nodes.Input {
	in := nodes.Input{Topic: src.topic, GraphID: src.graphID, Graph: src.g}
	missing := src.missing
	var queryNote, forumNote string // of the states and forum log read now
	if b := src.built; b != nil {
		in.States, in.Forum = b.States, b.Forum
		src.warnings = append(src.warnings, b.Warnings...)
		if opts.Graph == "" {
			missing = b.Unavailable
		}
		if b.QueryNote != "" {
			queryNote = readerQueryNotice(b.Queries, b.Unrelated)
		}
		forumNote = b.ForumNotice
	}
	// One order whether the graph is built now or stored (--graph): the
	// engines missing, absent or started far apart, then the queries,
	// then the forum log.
	in.Warnings = appendNonEmpty(engineNotices(missing), readerAbsentEngines(src.runStates, missing), readerStartNotice(src.runStates),
		queryNote, src.queryNote, forumNote, src.forumNote)
	// the forum log's notice says it is empty or likely another run's:
	// its figures are no KPI cards (an empty log has none)
	in.ForumOtherRun = forumNote != "" || src.forumNote != ""
	in.LogWarnings = text.Unique(src.warnings)
	return in
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
	return cmp.Or(map[string]string{state.ReasonNotFound: "文件不存在", state.ReasonEmptyFile: "文件为空",
		state.ReasonEmptyParagraphs: "文件中没有段落"}[reason], reason)
}
