package server

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"path/filepath"
	"sync"
	"time"

	"reportengine/graphrag/globalsearch"
	"reportengine/graphrag/knowledge"
	"reportengine/graphrag/localsearch"
	"reportengine/graphrag/questiongen"
	"reportengine/llm"
	"reportengine/text"
)

// SearchConfig turns on POST /api/search, POST /api/questions and the
// viewer's question box.
type SearchConfig struct {
	// Model answers the questions (required). One Model serves every
	// request; `reportengine serve` passes the offline extractive model
	// unless a provider is configured.
	Model llm.Model
	// Retrieval returns the context builder's configuration (tokenizer,
	// embedder, vector store over the entities) for a knowledge model
	// (required). It is called once per loaded graph version and once per
	// index, with a context not tied to any request, cancelled when Serve
	// shuts down.
	Retrieval func(ctx context.Context, m *knowledge.Model) (localsearch.Config, error)
	// Params are the context build parameters; nil = localsearch.DefaultParams().
	Params *localsearch.Params
	// Indexes maps a name to a Microsoft GraphRAG index folder (loaded with
	// knowledge.FromParquet on first use). Requests name an index
	// ("index": "<name>"); they never pass a path.
	Indexes map[string]string
	// MaxConcurrent bounds the searches that run at once (default 4);
	// further requests wait for a slot or for their client to give up.
	MaxConcurrent int
}

// DefaultMaxConcurrentSearches is SearchConfig.MaxConcurrent's default.
const DefaultMaxConcurrentSearches = 4

// searchTarget is one searchable knowledge model with its engine and the
// maps that resolve cited records; built once per graph version or index.
type searchTarget struct {
	name      string // report id or index name
	graph     bool   // entity ids (and text-unit document ids) are graph node ids
	m         *knowledge.Model
	engine    *localsearch.Engine
	questions *questiongen.Generator
	global    *globalsearch.Engine // map and reduce over the community reports
	router    *globalsearch.Router // chooses local or global for method "auto"

	entityByShort map[string]int // entity ShortID → index in m.Entities()
	relByShort    map[string]int
	unitByShort   map[string]int
}

// lazyTarget builds a searchTarget once, in its own goroutine: building
// (the knowledge model of a large graph, its entity vectors) takes seconds
// and no request's context (it runs under the server's build context,
// cancelled only when Serve shuts down), so a request waiting for it gives
// up when its context ends (the client left, or Shutdown cancelled the
// base context) while the build goes on for the next request.
type lazyTarget struct {
	once   sync.Once
	done   chan struct{} // closed when target and err are set
	target *searchTarget
	err    error
}

// get returns the target, building it on the first call; ctx.Err() when
// ctx ends first. A panic in build is the build's error.
func (l *lazyTarget) get(ctx context.Context, builds *sync.WaitGroup, build func() (*searchTarget, error)) (*searchTarget, error) {
	l.once.Do(func() {
		l.done = make(chan struct{})
		builds.Add(1)
		go func() {
			defer builds.Done()
			defer close(l.done)
			defer func() {
				if p := recover(); p != nil {
					l.target, l.err = nil, fmt.Errorf("building the search: panic: %v", p)
				}
			}()
			l.target, l.err = build()
		}()
	})
	select {
	case <-l.done:
		return l.target, l.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// checkSearch validates cfg.Search (not nil) and fills its defaults.
func checkSearch(sc *SearchConfig) error {
	if sc.Model == nil {
		return fmt.Errorf("%w: Search.Model is required", ErrConfig)
	}
	if sc.Retrieval == nil {
		return fmt.Errorf("%w: Search.Retrieval is required", ErrConfig)
	}
	if sc.MaxConcurrent < 0 {
		return fmt.Errorf("%w: Search.MaxConcurrent is negative (%d)", ErrConfig, sc.MaxConcurrent)
	}
	sc.MaxConcurrent = cmp.Or(sc.MaxConcurrent, DefaultMaxConcurrentSearches)
	if sc.Params != nil {
		if err := sc.Params.Validate(); err != nil {
			return fmt.Errorf("%w: Search.Params: %w", ErrConfig, err)
		}
	}
	for name, dir := range sc.Indexes {
		if name == "" || dir == "" {
			return fmt.Errorf("%w: Search.Indexes: empty name or folder (%q: %q)", ErrConfig, name, dir)
		}
	}
	return nil
}

// newTarget builds the engine over m.
func (s *Server) newTarget(name string, graph bool, m *knowledge.Model) (*searchTarget, error) {
	sc := s.cfg.Search
	rc, err := sc.Retrieval(s.buildCtx, m)
	if err != nil {
		return nil, fmt.Errorf("retrieval for %q: %w", name, err)
	}
	b, err := localsearch.NewContextBuilder(m, rc)
	if err != nil {
		return nil, err
	}
	e, err := localsearch.NewEngine(b, localsearch.EngineConfig{Model: sc.Model, Params: sc.Params})
	if err != nil {
		return nil, err
	}
	router := globalsearch.NewRouter(m)
	qg, err := questiongen.New(questiongen.Config{Builder: b, Model: sc.Model, Params: sc.Params,
		// each question labelled with the method POST /api/search would take
		// for it (method auto), as the CLI labels them: the router's choice
		// (a global search that keeps no point falls back to local search)
		Classify: func(q string) string { return string(router.Route(q).Method) }})
	if err != nil {
		return nil, err
	}
	gb, err := globalsearch.NewContextBuilder(m, globalsearch.Config{Tokenizer: rc.Tokenizer})
	if err != nil {
		return nil, err
	}
	ge, err := globalsearch.NewEngine(gb, globalsearch.EngineConfig{Model: sc.Model})
	if err != nil {
		return nil, err
	}
	t := &searchTarget{name: name, graph: graph, m: m, engine: e, questions: qg, global: ge, router: router,
		entityByShort: map[string]int{}, relByShort: map[string]int{}, unitByShort: map[string]int{}}
	for i, en := range m.Entities() {
		t.entityByShort[en.ShortID] = i
	}
	for i, r := range m.Relationships() {
		t.relByShort[r.ShortID] = i
	}
	for i, u := range m.TextUnits() {
		t.unitByShort[u.ShortID] = i
	}
	return t, nil
}

// graphTarget returns the search target of a loaded graph.
func (s *Server) graphTarget(ctx context.Context, v *graphView) (*searchTarget, error) {
	return v.search.get(ctx, &s.builds, func() (*searchTarget, error) {
		m, err := s.graphModel(s.buildCtx, v)
		if err != nil {
			return nil, fmt.Errorf("knowledge model of graph %q: %w", v.id, err)
		}
		return s.newTarget(v.id, true, m)
	})
}

// graphModel returns the knowledge model of a loaded graph: read from the
// model file beside the graph file (knowledge.ModelFileName) when that was
// made from the bytes v was loaded from, else made from v's graph
// (knowledge.FromGraph) and the model file written for the next process
// (as search does; a failure to write it is ignored; once written, the
// model returned is the one read back from it, knowledge.SaveModelFile). The bytes are
// v's when the graph file's version is still the one v was loaded at
// after its sum is taken.
func (s *Server) graphModel(ctx context.Context, v *graphView) (*knowledge.Model, error) {
	path := s.src.Path(v.id)
	var key knowledge.ModelFileKey
	side := ""
	if path != "" && v.ver != "" {
		sum, err := knowledge.SumFile(ctx, path)
		if ver, verr := s.src.Version(v.id); err == nil && verr == nil && ver == v.ver {
			side = filepath.Join(filepath.Dir(path), knowledge.ModelFileName)
			key = knowledge.ModelFileKey{Graph: sum, ReportID: v.id, LoadWarnings: v.loadWarnings}
			if m, _, err := knowledge.ReadModelFile(ctx, side, path, key); err == nil {
				return m, nil
			}
		}
	}
	m, err := knowledge.FromGraph(ctx, v.g, knowledge.GraphOptions{Path: path})
	if err != nil {
		return nil, err
	}
	if side != "" {
		// m is let go (SaveModelFile): nil when the file was written but
		// not read back, and then made again
		if m, _ = knowledge.SaveModelFile(ctx, side, path, m, key); m == nil {
			return knowledge.FromGraph(ctx, v.g, knowledge.GraphOptions{Path: path})
		}
	}
	return m, nil
}

// indexTarget returns the search target of a configured index; ok is false
// for a name that is not configured; err is ctx.Err() when ctx ended while
// the target was being built.
func (s *Server) indexTarget(ctx context.Context, name string) (t *searchTarget, ok bool, err error) {
	dir, ok := s.cfg.Search.Indexes[name]
	if !ok {
		return nil, false, nil
	}
	s.indexMu.Lock()
	l := s.indexes[name]
	if l == nil {
		l = &lazyTarget{}
		s.indexes[name] = l
	}
	s.indexMu.Unlock()
	t, err = l.get(ctx, &s.builds, func() (*searchTarget, error) {
		m, err := knowledge.FromParquet(dir, knowledge.ParquetOptions{})
		if err != nil {
			return nil, fmt.Errorf("index %q: %w", name, err)
		}
		return s.newTarget(name, false, m)
	})
	return t, true, err
}

// acquire waits for a search slot; false when ctx ended first.
func (s *Server) acquire(ctx context.Context) bool {
	select {
	case s.searchSlots <- struct{}{}:
		return true
	case <-ctx.Done():
		return false
	}
}

func (s *Server) release() { <-s.searchSlots }

// eventStream writes server-sent events, each with a fresh write deadline
// (WriteTimeout), flushed at once.
type eventStream struct {
	w       http.ResponseWriter
	rc      *http.ResponseController
	timeout time.Duration
}

func (s *Server) startStream(w http.ResponseWriter) *eventStream {
	h := w.Header()
	h.Set("Content-Type", "text/event-stream; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	es := &eventStream{w: w, rc: http.NewResponseController(w), timeout: s.cfg.WriteTimeout}
	_ = es.rc.SetWriteDeadline(time.Now().Add(es.timeout))
	w.WriteHeader(http.StatusOK)
	_ = es.rc.Flush()
	return es
}

// send writes one event: "event: <name>\ndata: <JSON>\n\n" (JSON is one
// line: encoding/json escapes line breaks inside strings).
func (es *eventStream) send(name string, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	_ = es.rc.SetWriteDeadline(time.Now().Add(es.timeout))
	if _, err := fmt.Fprintf(es.w, "event: %s\ndata: %s\n\n", name, data); err != nil {
		return err
	}
	return es.rc.Flush()
}

// routed opens every context and summary event: the target's name, the
// search method ("local" or "global") and why it was chosen.
type routed struct {
	Target       string              `json:"target"`
	Method       globalsearch.Method `json:"method"`
	MethodReason string              `json:"method_reason"`
}

// contextEvent is the first event of a search: what was retrieved.
type contextEvent struct {
	routed
	Sections []string            `json:"sections"`
	Counts   map[string]int      `json:"counts"`
	Entities []citedNode         `json:"entities"`
	Records  localsearch.Records `json:"records"`
	Budgets  localsearch.Budgets `json:"budgets"`
}

// citedNode is an entity with its graph node (graph targets).
type citedNode struct {
	Title  string `json:"title"`
	NodeID string `json:"node_id,omitempty"`
}

// resolvedCitation is a citation with what it stands for: the record's
// title and, for graph targets, the graph nodes behind it (an entity's
// node, a relationship's two ends, a text unit's node).
type resolvedCitation struct {
	localsearch.Citation
	Title   string   `json:"title,omitempty"`
	NodeIDs []string `json:"node_ids,omitempty"`
}

// summaryEvent is the last event of a successful search: the result
// fields (localsearch.Result, the reference's SearchResult) with the
// citations resolved.
type summaryEvent struct {
	*localsearch.Result
	routed
	Citations []resolvedCitation `json:"citations"`
}

// globalContextEvent is the first event of a global search: the batches
// of community reports the map step reads.
type globalContextEvent struct {
	routed
	Sections []string                      `json:"sections"`
	Counts   map[string]int                `json:"counts"`
	Batches  int                           `json:"batches"`
	Entities []citedNode                   `json:"entities"`
	Records  map[string]globalsearch.Table `json:"records"`
}

// globalSummaryEvent is the last event of a successful global search: the
// fields of globalsearch.Result with the citations resolved.
type globalSummaryEvent struct {
	*globalsearch.Result
	routed
	Citations []resolvedCitation `json:"citations"`
}

// handleSearch serves POST /api/search as server-sent events: "context"
// (what was retrieved, once, before the model is asked), "chunk" ({text},
// each piece of the answer in order; in a local search a cited id the
// context did not show, in a local or a global search, is followed by
// localsearch.NotInContextMark, see chunkEvent), possibly one "reset" ({}:
// the chunks before it were the model's reasoning, not the answer; see
// answerStream), then "summary" (the result fields, the unmarked response
// and the resolved citations, each with in_context) — or "error" ({success:
// false, message, error_id}: a generic message, the detail in the log, see
// streamFailed) when the search fails after the stream started (B38: never
// a shortened answer presented as complete).
// Errors before the stream (bad body, unknown graph or index) are ordinary
// JSON errors with their status.
func (s *Server) handleSearch(w http.ResponseWriter, r *http.Request) {
	var req searchRequest
	t := s.requestTarget(w, r, searchFields, func(obj map[string]json.RawMessage) (err error) {
		req, err = decodeSearchRequest(obj)
		return err
	})
	if t == nil {
		return
	}
	if len(t.m.Entities()) == 0 { // as the other routes answer an empty graph
		kind := map[bool]string{true: "graph", false: "index"}[t.graph]
		s.fail(w, r, http.StatusUnprocessableEntity, "%s %q: %v", kind, t.name, localsearch.ErrEmptyKnowledge)
		return
	}
	ctx := r.Context()
	es := s.startStream(w)
	if !s.acquire(ctx) {
		return
	}
	defer s.release()
	route := t.route(req.Method, req.Question, req.History)
	if route.Method == globalsearch.MethodGlobal {
		// under auto, a global search that keeps no point sends nothing and
		// local search answers (globalsearch.Engine.Answer)
		if route = s.globalSearch(ctx, es, t, route, req); route.Method == globalsearch.MethodGlobal {
			return
		}
	}
	head := routed{Target: t.name, Method: route.Method, MethodReason: route.Reason}
	q := localsearch.Query{Text: req.Question, History: req.History, ResponseType: req.ResponseType}
	// Cited ids the context did not show are marked where they stand
	// (localsearch.NotInContextMark), as the search command prints them.
	as := answerStream{es: es}
	res, err := t.engine.Stream(ctx, q, func(ev localsearch.Event) error {
		if ev.Context != nil {
			as.marker = func(emit func(string) error) *text.CitationMarker {
				return localsearch.NewCitationMarker(ev.Context.Records, emit)
			}
			return es.send("context", t.contextEvent(ev.Context, head))
		}
		return as.write(ev.Delta, ev.Reset)
	})
	if err = as.flush(err); err != nil {
		s.streamFailed(es, t, err)
		return
	}
	_ = es.send("summary", summaryEvent{Result: res, routed: head, Citations: t.resolve(res)})
}

// chunkEvent is one "chunk" event: the next piece of the answer. A cited
// id the context did not show is followed by localsearch.NotInContextMark
// (the same text.NotInContextMark in a global search), where it stands, so
// that the chunks put together are localsearch.MarkCitations (in a global
// search globalsearch.MarkCitations) of the summary's response (which
// stays the answer as the model wrote it).
type chunkEvent struct {
	Text string `json:"text"`
}

// answerStream sends a search's answer as "chunk" events, through a
// citation marker once the context is known (marker set), and a "reset"
// event ({}) when the model's text so far was its reasoning, not the
// answer (llm.Chunk.Reset: a closing </think> whose opening was in the
// prompt, B02): the viewer clears what it showed, and the marker starts
// afresh, dropping what it held.
type answerStream struct {
	es     *eventStream
	marker func(emit func(string) error) *text.CitationMarker
	mk     *text.CitationMarker
}

func (a *answerStream) chunk(s string) error { return a.es.send("chunk", chunkEvent{Text: s}) }

func (a *answerStream) write(delta string, reset bool) error {
	if reset {
		if err := a.es.send("reset", struct{}{}); err != nil {
			return err
		}
		a.mk = nil
	}
	if a.mk == nil && a.marker != nil {
		a.mk = a.marker(a.chunk)
	}
	if a.mk == nil {
		return a.chunk(delta)
	}
	return a.mk.Write(delta)
}

// flush sends what the marker holds; it returns err, else the send's error.
func (a *answerStream) flush(err error) error {
	if a.mk != nil {
		if ferr := a.mk.Flush(); err == nil {
			err = ferr
		}
	}
	return err
}

// streamFailed ends a search stream that failed after it started with an
// "error" event: a generic message saying what kind of failure it was
// (streamFailure) and a fresh error id, never the error's own text (which
// can name hosts, files or the model's reply); the log gets the id and the
// error in full, as a 500's does (at level Info for a stopped request: the
// client went away or the server is shutting down).
func (s *Server) streamFailed(es *eventStream, t *searchTarget, err error) {
	id := newErrorID()
	public := streamFailure(err)
	level := slog.LevelError
	if errors.Is(err, context.Canceled) {
		level = slog.LevelInfo
	}
	s.log.Log(context.Background(), level, "search failed", "error_id", id, "target", t.name, "message", public, "error", err)
	_ = es.send("error", failure{Success: false, ErrorID: id,
		Message: public + " (error id " + id + "; the server log has the details)"})
}

// streamFailure is the public message of a search that failed mid-stream,
// by the model error's kind (the llm sentinels), else a generic one.
func streamFailure(err error) string {
	switch {
	case errors.Is(err, llm.ErrRateLimited):
		return "the search failed: the model is rate limited (HTTP 429); try again later"
	case errors.Is(err, llm.ErrAuth):
		return "the search failed: the model refused the server's credentials"
	case errors.Is(err, llm.ErrContextTooLong):
		return "the search failed: the question and its context are too long for the model"
	case errors.Is(err, llm.ErrTruncated):
		return "the search failed: the model's answer was cut off (its length limit, or the stream ended before the answer did)"
	case errors.Is(err, llm.ErrEmptyCompletion):
		return "the search failed: the model sent an empty answer"
	case errors.Is(err, llm.ErrBadRequest):
		return "the search failed: the model refused the request"
	case errors.Is(err, context.Canceled):
		return "the search was stopped before the answer was complete (the request was cancelled or the server is shutting down)"
	case errors.Is(err, llm.ErrUnavailable), errors.Is(err, context.DeadlineExceeded):
		return "the search failed: the model is unavailable or did not answer in time"
	}
	return "the search failed"
}

// route is the method for a question asked after history: the one asked,
// or with auto the router's choice (a follow-up naming nothing is routed
// as the earlier question: globalsearch.Router.RouteFollowUp).
func (t *searchTarget) route(m globalsearch.Method, question string, history []llm.Message) globalsearch.Route {
	if m == globalsearch.MethodLocal || m == globalsearch.MethodGlobal {
		return globalsearch.Route{Method: m, Reason: "method " + string(m) + " asked"}
	}
	return t.router.RouteFollowUp(question, history)
}

// globalSearch streams a global search of the question route sent to it:
// "context" (the batches), "chunk"s, then "summary" — or "error". Under
// the auto method (req.Method) a search whose map keeps no point sends
// nothing and returns the fallback route (Method local,
// globalsearch.Fallback): the caller streams local search's answer. It
// returns route otherwise, the stream ended.
func (s *Server) globalSearch(ctx context.Context, es *eventStream, t *searchTarget, route globalsearch.Route, req searchRequest) globalsearch.Route {
	head := routed{Target: t.name, Method: route.Method, MethodReason: route.Reason}
	q := globalsearch.Query{Text: req.Question, History: req.History, ResponseType: req.ResponseType}
	// Cited ids that name no report of the batches are marked where they
	// stand (globalsearch.NotInContextMark), as the search command prints
	// them.
	as := answerStream{es: es}
	res, route, err := t.global.Answer(ctx, req.Method, route, q, func(ev globalsearch.Event) error {
		if ev.Context != nil {
			as.marker = func(emit func(string) error) *text.CitationMarker {
				return globalsearch.NewCitationMarker(ev.Context, emit)
			}
			rows := len(ev.Context.Records["reports"].Rows)
			return es.send("context", globalContextEvent{routed: head,
				Sections: []string{globalsearch.ContextName}, Counts: map[string]int{"reports": rows}, Batches: len(ev.Context.Batches),
				Entities: []citedNode{}, Records: ev.Context.Records})
		}
		return as.write(ev.Delta, ev.Reset)
	})
	if err = as.flush(err); err != nil {
		s.streamFailed(es, t, err)
		return route // global: the stream ended with the error
	}
	if route.Method == globalsearch.MethodGlobal {
		_ = es.send("summary", globalSummaryEvent{Result: res, routed: head, Citations: t.resolveGlobal(res)})
	}
	return route
}
