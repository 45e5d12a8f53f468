package cli

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"strings"
	"unicode"

	"github.com/spf13/cobra"

	"reportengine/graphrag/globalsearch"
	"reportengine/graphrag/localsearch"
	"reportengine/llm"
	"reportengine/text"
)

// searchOptions are the inputs of `reportengine search`.
type searchOptions struct {
	ragOptions
	Method      string // local, global or auto
	ContextOnly bool
	JSON        bool
	Question    string
}

func newSearchCmd(d *Deps, runF func(context.Context, *searchOptions) error) *cobra.Command {
	opts, run := &searchOptions{}, pick(runF, runSearch)
	cmd := &cobra.Command{
		Use:   "search [--graphs DIR --graph ID | --graphrag-index DIR] [flags] QUESTION",
		Short: "Answer a question from a graph or a GraphRAG index (local search), with citations",
		Long: `Answer a question with Microsoft GraphRAG's local search: the question is mapped to the
nearest entities, and their community reports, relationships, claims and source texts
are packed into a token budget that the model answers from, citing records as
[Data: Entities (5, 7); Sources (2)]; --method global or auto uses global search.

The knowledge is a stored graph (--graph) or a Microsoft GraphRAG index
(--graphrag-index), whose settings.yaml supplies the local_search defaults; flags
override it. The answer streams to stdout, then the cited records; --context-only
prints the context and calls no model. Models and embeddings are offline unless
configured (report's settings; --embedding-model or ` + envEmbedModel + `).
README.md (reportengine search) has the full reference.`,
		Example: `  reportengine search --graph latest "李明为什么选择写字楼商圈？"
  reportengine search --graphrag-index ../shared/fixtures/graphrag-dulce "Who is Alex Mercer?"
  reportengine search --graphrag-index ragtest --context-only --max-context-tokens 4000 "Tell me about Dulce"`,
		Args: usageArgs(cobra.MinimumNArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			fillRAG(cmd, d, &opts.ragOptions)
			opts.Question = strings.Join(args, " ")
			if !strings.ContainsFunc(opts.Question, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) {
				return usagef("the question is empty: it holds no letter or digit") // "   ？ ", "☕️🤔": punctuation, symbols and spaces ask nothing
			}
			if err := text.QuestionTooLong(opts.Question); err != nil {
				return usagef("%v", err)
			}
			return run(cmd.Context(), opts)
		},
	}
	addRAGFlags(cmd, &opts.ragOptions)
	f := cmd.Flags()
	f.StringVar(&opts.ResponseType, "response-type", localsearch.DefaultResponseType, "the answer's length and format, as the prompt's {response_type}")
	f.StringVar(&opts.HistoryFile, "history", "", "conversation so far: a JSON `FILE` [{\"role\":\"user\",\"content\":\"…\"}, …], oldest first")
	f.BoolVar(&opts.ContextOnly, "context-only", false, "print the context text (and with --json its records) and call no model")
	f.BoolVar(&opts.JSON, "json", false, "print the result fields and the context records as JSON")
	f.StringVar(&opts.Method, "method", string(globalsearch.MethodAuto), "local (entities and their neighbourhood), global (map and reduce over every community report) or auto (global for broad questions, else local)")
	return cmd
}

func runSearch(ctx context.Context, opts *searchOptions) error {
	method, err := parseMethod(opts.Method)
	if err != nil {
		return err
	}
	history, err := readHistory(opts.HistoryFile)
	if err != nil {
		return err
	}
	opts.noModel = opts.ContextOnly
	s, err := openRAG(ctx, &opts.ragOptions)
	if err != nil {
		return err
	}
	opts.asked = method
	route := s.route(method, opts.Question, history)
	opts.noteRoute(route)
	if route.Method == globalsearch.MethodGlobal && (opts.JSON || opts.ContextOnly) {
		// global's output, or under auto the fallback to local search's
		if route, err = runGlobalSearch(ctx, opts, s, route, history); err != nil || route.Method == globalsearch.MethodGlobal {
			return err
		}
		opts.noteRoute(route)
	}
	if opts.ContextOnly {
		c, err := s.builder.Build(ctx, opts.Question, history, s.params)
		if err != nil {
			return err
		}
		// A question about nothing in the knowledge has no context: said
		// on stderr, exit ExitNoMatch (not an empty line and exit 0).
		var noMatch error
		opts.sayRoute(c.Matched())
		if !c.Matched() {
			res := localsearch.Result{NoMatch: true, Relevance: c.Relevance}
			noMatch = noMatchError{safeText(res.NoMatchText())}
		}
		if opts.JSON {
			out := map[string]any{"method": route.Method, "method_reason": route.Reason, "route": route, "context_text": c.Text, "context_data": c.Records, "no_match": noMatch != nil, "relevance": c.Relevance}
			if err := printJSON(opts.Out, out); err != nil {
				return err
			}
		} else if noMatch == nil {
			return writeLines(opts.Out, c.Text)
		}
		return noMatch
	}
	eng, err := s.engine(&opts.ragOptions)
	if err != nil {
		return err
	}
	if opts.JSON {
		res, err := eng.Search(ctx, localsearch.Query{Text: opts.Question, History: history, ResponseType: opts.ResponseType})
		if err != nil {
			return err
		}
		opts.sayRoute(!res.NoMatch)
		return printJSON(opts.Out, struct {
			routed
			*localsearch.Result
		}{routed{route.Method, route.Reason, route}, res})
	}
	_, _, err = s.answer(ctx, &opts.ragOptions, eng, route, opts.Question, history)
	return err
}

// answer streams the answer to question q asked after history by the
// method route chose, and prints what it cites: local search with eng
// (streamAnswer, printCitations) or global search, map and reduce over the
// community reports (streamGlobal, printGlobalCitations). Under auto
// (o.asked) a global search whose map keeps no point shows nothing and
// local search answers instead, its method line saying so
// (globalsearch.Fallback). It returns the answer and, for a local search,
// its result (nil after a global search).
func (s *ragSession) answer(ctx context.Context, o *ragOptions, eng *localsearch.Engine, route globalsearch.Route, q string, history []llm.Message) (string, *localsearch.Result, error) {
	if route.Method == globalsearch.MethodGlobal {
		geng, err := s.globalEngine(o)
		if err != nil {
			return "", nil, err
		}
		res, r, err := streamGlobal(ctx, o, geng, route, globalsearch.Query{Text: q, History: history})
		if err != nil {
			return "", nil, err
		}
		if r.Method == globalsearch.MethodGlobal {
			printGlobalCitations(o.Out, res)
			return res.Response, nil, nil
		}
		o.noteRoute(r) // fell back: local search answers
	}
	res, err := streamAnswer(ctx, o, eng, localsearch.Query{Text: q, History: history})
	if err != nil {
		return "", nil, err
	}
	printCitations(o.Out, res)
	return res.Response, res, nil
}

// writeLines writes multi-line text from the knowledge (a search
// context, which holds scraped text) to w as safeLines shows it, ending
// with a newline.
func writeLines(w io.Writer, s string) error {
	s = safeLines(s)
	if !strings.HasSuffix(s, "\n") {
		s += "\n"
	}
	_, err := io.WriteString(w, s)
	return err
}

// streamAnswer writes the answer to q to o.Out with the API key redacted
// (answerWriter; the Result's Response is redacted by the model client),
// and ends the written text with a newline. Cited ids not in the context
// are marked where they stand (localsearch.NotInContextMark). On a
// terminal the answer streams as it comes; anywhere else (a pipe, a file)
// only the finished answer is written, so that neither reasoning taken
// back by the model's stream (B02) nor a stream cut short (B38) is ever
// part of the output.
func streamAnswer(ctx context.Context, o *ragOptions, eng *localsearch.Engine, q localsearch.Query) (*localsearch.Result, error) {
	s := newMarkedStream(o)
	res, err := eng.Stream(ctx, q, func(ev localsearch.Event) error {
		if ev.Context != nil {
			o.sayRoute(ev.Context.Matched())
			s.marker = func(emit func(string) error) *text.CitationMarker {
				return localsearch.NewCitationMarker(ev.Context.Records, emit)
			}
			return nil
		}
		return s.write(ev.Delta, ev.Reset)
	})
	if res != nil {
		s.answer = res.Response
	}
	return res, s.close(err)
}

// reasoningRule is the line a terminal shows below streamed text that the
// model's stream then took back as reasoning (llm.Chunk.Reset, B02).
const reasoningRule = "──── the text above was the model's reasoning, not its answer; the answer follows ────"

// markedStream writes an answer to an answerWriter, through a citation
// marker once the search has given its context (marker set): as it
// streams when live (o.Out is a terminal), else the finished answer only.
type markedStream struct {
	aw     *answerWriter
	live   bool
	marker func(emit func(string) error) *text.CitationMarker
	mk     *text.CitationMarker
	answer string // the finished answer, written by close when not live
}

func newMarkedStream(o *ragOptions) *markedStream {
	return &markedStream{aw: newAnswerWriter(o.Out, o.env(envAPIKey, envOpenAIKey)), live: isTerminal(o.Out)}
}

// write shows a delta when live; after a reset it first ends the line and
// prints reasoningRule (what the writer and the marker held is dropped).
func (s *markedStream) write(delta string, reset bool) error {
	if !s.live {
		return nil
	}
	if reset {
		s.mk, s.aw.pending = nil, ""
		if err := s.aw.Close(true); err != nil {
			return err
		}
		if err := s.aw.write(reasoningRule + "\n"); err != nil {
			return err
		}
	}
	if s.mk == nil && s.marker != nil {
		s.mk = s.marker(s.aw.WriteDelta)
	}
	if s.mk == nil {
		return s.aw.WriteDelta(delta)
	}
	return s.mk.Write(delta)
}

// close writes the finished answer when not live and err is nil, flushes
// the marker and closes the writer, returning err, else the first error
// of these.
func (s *markedStream) close(err error) error {
	if !s.live && err == nil {
		s.live = true
		err = s.write(s.answer, false)
	}
	if s.mk != nil {
		err = cmp.Or(err, s.mk.Flush())
	}
	return cmp.Or(err, s.aw.Close(true))
}

// engine builds the search engine with the answering model.
func (s *ragSession) engine(o *ragOptions) (*localsearch.Engine, error) {
	model, err := o.answerModel()
	if err != nil {
		return nil, err
	}
	p := s.params
	return localsearch.NewEngine(s.builder, localsearch.EngineConfig{Model: model, SystemPrompt: s.prompt, ResponseType: o.ResponseType, Params: &p})
}

// printCitations ends a streamed answer (which streamAnswer ended with a
// newline): the no-match message, the cited
// records with a short label each, and the citations that point at
// nothing in the context.
func printCitations(w io.Writer, res *localsearch.Result) {
	if res.NoMatch {
		fmt.Fprintln(w, safeLines(res.NoMatchText()))
		return
	}
	var in, out, more []string
	moreSeen := map[string]bool{}
	for _, c := range res.Citations {
		if c.More && !moreSeen[c.Dataset] {
			moreSeen[c.Dataset] = true
			more = append(more, safeText(c.Dataset))
		}
		if !c.InContext {
			out = append(out, safeText(fmt.Sprintf("%s (%s)", c.Dataset, c.ID)))
			continue
		}
		line := fmt.Sprintf("  %s %s: %s", titleCase(c.Table), c.ID, recordLabel(res.ContextData[c.Table], c.Row))
		if ids := recordIDNote(c); ids != "" {
			line += " " + ids
		}
		in = append(in, safeText(line))
	}
	printCited(w, in, "No record of the context was cited.")
	if len(more) > 0 {
		fmt.Fprintf(w, "The answer cites more records than it names (+more) of: %s\n", strings.Join(more, ", "))
	}
	if len(out) > 0 {
		fmt.Fprintf(w, "Citations not in the context (marked %s in the answer): %s\n", localsearch.NotInContextMark, strings.Join(out, ", "))
	}
}

// recordIDNote is how a user finds a cited record in its source: its own
// id and its human_readable_id, when they differ from the short id the
// context showed ("" when they say nothing more).
func recordIDNote(c localsearch.Citation) string {
	var parts []string
	if c.RecordID != "" && c.RecordID != c.ID {
		parts = append(parts, "id "+c.RecordID)
	}
	if c.HumanReadableID != "" && c.HumanReadableID != c.ID {
		parts = append(parts, "human_readable_id "+c.HumanReadableID)
	}
	if len(parts) == 0 {
		return ""
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// recordLabel is a one-line label of a records row: its second column
// (title, entity, source, text), on one line, at most 80 runes.
func recordLabel(t localsearch.Table, row int) string {
	if row < 0 || row >= len(t.Rows) {
		return ""
	}
	r := t.Rows[row]
	label := ""
	for i, c := range t.Columns {
		if c != "id" && i < len(r) {
			label = r[i]
			if c == "source" && i+1 < len(r) { // relationships: source → target
				label = r[i] + " → " + r[i+1]
			}
			break
		}
	}
	return shortLine(label, 80)
}

func titleCase(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// printCited prints the lines of the cited records under "Cited records:"
// after a blank line, or the line none when there are none (local and
// global search answers alike).
func printCited(w io.Writer, lines []string, none string) {
	if len(lines) == 0 {
		fmt.Fprintln(w, "\n"+none)
		return
	}
	fmt.Fprintln(w, "\nCited records:")
	for _, l := range lines {
		fmt.Fprintln(w, l)
	}
}
