package cli

import (
	"context"
	"fmt"
	"io"
	"strings"

	"reportengine/graphrag/globalsearch"
	"reportengine/llm"
	"reportengine/text"
)

// parseMethod reads --method: local, global or auto (exit 2 otherwise).
func parseMethod(s string) (globalsearch.Method, error) {
	m, err := globalsearch.ParseMethod(s)
	if err != nil {
		return "", usagef("--method %q: want local, global or auto", s)
	}
	return m, nil
}

// route chooses the method for question asked after history (nil for
// none): the one --method names, or with auto the router's choice
// (globalsearch.Router.RouteFollowUp: a follow-up naming nothing is
// routed as the earlier question).
func (s *ragSession) route(m globalsearch.Method, question string, history []llm.Message) globalsearch.Route {
	switch m {
	case globalsearch.MethodLocal, globalsearch.MethodGlobal:
		return globalsearch.Route{Method: m, Reason: "--method " + string(m)}
	}
	return s.router().RouteFollowUp(question, history)
}

// router returns the session's router, made on the first call: one per
// session, so its indexes (made on first use; about 1 s of CPU on the
// 300 000-record graph) are made once for the answers and the follow-up
// questions' labels.
func (s *ragSession) router() *globalsearch.Router {
	if s.rt == nil {
		s.rt = globalsearch.NewRouter(s.m)
	}
	return s.rt
}

// globalEngine returns the session's global search engine, made on the
// first call: the answering model (offline: extractive map and reduce),
// the session's tokenizer, GraphRAG's global-search defaults, with
// --max-context-tokens (each batch's budget) and --history-max-turns when
// given.
func (s *ragSession) globalEngine(o *ragOptions) (*globalsearch.Engine, error) {
	if s.geng != nil {
		return s.geng, nil
	}
	var model llm.Model
	if !o.noModel {
		var err error
		if model, err = o.answerModel(); err != nil {
			return nil, err
		}
	}
	b, err := globalsearch.NewContextBuilder(s.m, globalsearch.Config{Tokenizer: s.tk})
	if err != nil {
		return nil, err
	}
	p := globalsearch.DefaultParams()
	if o.changed("max-context-tokens") {
		p.MaxContextTokens = o.MaxContextTokens
	}
	if o.changed("history-max-turns") {
		p.HistoryMaxTurns = o.HistoryMaxTurns
	}
	if err := p.Validate(); err != nil {
		return nil, usageError{err}
	}
	s.geng, err = globalsearch.NewEngine(b, globalsearch.EngineConfig{Model: model, ResponseType: o.ResponseType, Params: &p})
	return s.geng, err
}

// routed starts the object search --json prints: the method, why it was
// chosen, and the whole route, then the fields of the search's result.
type routed struct {
	Method       globalsearch.Method `json:"method"`
	MethodReason string              `json:"method_reason"`
	Route        globalsearch.Route  `json:"route"`
}

// noteRoute prints the method chosen and why on stderr (unless --quiet).
// A local route's line is held (heldRoute) until sayRoute is told whether
// the question matched: the line is printed before an answer and never
// before a refusal, whose own sentence says why (the router's figures
// beside it read as a second, contradicting verdict); --json still
// carries the route. Under auto (o.asked) a global route's line is held
// too, until its map kept a point: a search that kept none falls back to
// local search, whose route is noted then.
func (o *ragOptions) noteRoute(r globalsearch.Route) {
	if r.Method == globalsearch.MethodLocal || o.asked == globalsearch.MethodAuto || o.asked == "" {
		o.heldRoute = &r
		return
	}
	o.heldRoute = nil
	o.sayMethod(r)
}

// sayMethod notes a route's method line and, when the knowledge read the
// question otherwise than it was asked (Route.ReadAs: 黎明 read as 李明),
// the question as read.
func (o *ragOptions) sayMethod(r globalsearch.Route) {
	o.note("method: %s (%s)", r.Method, safeText(r.Reason))
	if r.ReadAs != "" {
		o.note("read as: %s", safeText(r.ReadAs))
	}
}

// sayRoute prints the held local route's method line when matched and
// drops it either way.
func (o *ragOptions) sayRoute(matched bool) {
	r := o.heldRoute
	o.heldRoute = nil
	if r != nil && matched {
		o.sayMethod(*r)
	}
}

// streamGlobal writes a global search's answer as streamAnswer does a
// local one (streamed on a terminal only): a cited id that names no report of the batches is marked
// where it stands (globalsearch.NotInContextMark) as the answer streams.
// Under auto (o.asked) a search whose map keeps no point writes nothing and
// returns the fallback route (Method local: globalsearch.Engine.Answer).
func streamGlobal(ctx context.Context, o *ragOptions, eng *globalsearch.Engine, route globalsearch.Route, q globalsearch.Query) (*globalsearch.Result, globalsearch.Route, error) {
	s := newMarkedStream(o)
	res, route, err := eng.Answer(ctx, o.asked, route, q, func(ev globalsearch.Event) error {
		if ev.Context != nil {
			o.sayRoute(true)
			s.marker = func(emit func(string) error) *text.CitationMarker {
				return globalsearch.NewCitationMarker(ev.Context, emit)
			}
			return nil
		}
		return s.write(ev.Delta, ev.Reset)
	})
	if res != nil && route.Method == globalsearch.MethodGlobal {
		s.answer = res.Response
	}
	return res, route, s.close(err)
}

// printGlobalCitations ends a streamed global answer: the cited reports
// with their titles, and the citations that name no report of the batches.
// A no-data answer has nothing to list.
func printGlobalCitations(w io.Writer, res *globalsearch.Result) {
	if res.NoData {
		return
	}
	var in, out []string
	more := false
	for _, c := range res.Citations {
		more = more || c.More
		if !c.InContext {
			out = append(out, safeText(fmt.Sprintf("%s (%s)", c.Dataset, c.ID)))
			continue
		}
		in = append(in, safeText(fmt.Sprintf("  Reports %s: %s", c.ID, shortLine(c.Title, 80))))
	}
	printCited(w, in, "No report was cited.")
	if more {
		fmt.Fprintln(w, "The answer cites more reports than it names (+more).")
	}
	if len(out) > 0 {
		fmt.Fprintf(w, "Citations not in the context (marked %s in the answer): %s\n", globalsearch.NotInContextMark, strings.Join(out, ", "))
	}
}

// shortLine is s on one line, at most n runes ("…" when cut).
func shortLine(s string, n int) string {
	return text.Ellipsis(strings.Join(strings.Fields(s), " "), n, "…")
}

// runGlobalSearch is search's global path for --json and --context-only
// (the text path is ragSession.answer): --context-only prints the batches
// (with --json: the method, its reason, the batches' texts and records);
// --json prints the result fields with the method. Under auto (o.asked) a
// search whose map keeps no point prints nothing and returns the fallback
// route (Method local; globalsearch.Engine.Answer): the caller prints
// local search's output. With --context-only that map is the extractive
// one (no model is called), as an offline search answers; with a language
// model configured, the answer's map is the model's and may keep a point
// the extractive one does not.
func runGlobalSearch(ctx context.Context, opts *searchOptions, s *ragSession, r globalsearch.Route, history []llm.Message) (globalsearch.Route, error) {
	eng, err := s.globalEngine(&opts.ragOptions)
	if err != nil {
		return r, err
	}
	q := globalsearch.Query{Text: opts.Question, History: history, ResponseType: opts.ResponseType}
	var c *globalsearch.Context
	if !opts.ContextOnly || opts.asked == globalsearch.MethodAuto {
		// the route comes back unchanged unless it fell back to local search
		res, fr, err := eng.Answer(ctx, opts.asked, r, q, nil)
		if err != nil || fr.Method != globalsearch.MethodGlobal {
			return fr, err
		}
		if !opts.ContextOnly {
			opts.sayRoute(true)
			return r, printJSON(opts.Out, struct {
				routed
				*globalsearch.Result
			}{routed{r.Method, r.Reason, r}, res})
		}
		c = res.Context
	} else if c, err = eng.Builder().Build(ctx, history, eng.Params()); err != nil {
		return r, err
	}
	opts.sayRoute(true)
	if opts.JSON {
		texts := []string{}
		for _, b := range c.Batches {
			texts = append(texts, b.Text)
		}
		return r, printJSON(opts.Out, map[string]any{"method": r.Method, "method_reason": r.Reason, "route": r, "context_text": texts, "context_data": c.Records})
	}
	for i, b := range c.Batches {
		if i > 0 {
			fmt.Fprintln(opts.Out)
		}
		fmt.Fprintf(opts.Out, "----- batch %d of %d (%d tokens) -----\n", i+1, len(c.Batches), b.Tokens)
		if err := writeLines(opts.Out, b.Text); err != nil {
			return r, err
		}
	}
	return r, nil
}
