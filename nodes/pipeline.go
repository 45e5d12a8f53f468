package nodes

import (
	"context"
	"errors"
	"fmt"
	"reportengine/evidence"
	"strings"
	"sync"
	"time"
	"unicode"

	"reportengine/forum"
	"reportengine/graphrag"
	"reportengine/graphrag/queryengine"
	"reportengine/ir"
	"reportengine/llm"
	"reportengine/prompts"
	"reportengine/render"
	"reportengine/state"
	"reportengine/templates"
)

// Defaults of Config.
const (
	DefaultQueryRounds  = 3    // graph query decisions per chapter (BettaFish GRAPHRAG_MAX_QUERIES)
	DefaultConcurrency  = 4    // model calls in flight after template selection
	DefaultPromptTokens = 6000 // context budget of one prompt, in tokens
	DefaultMaxAttempts  = 2    // attempts per model call of a stage
	// DefaultTotalWords is the report length used when the word budget
	// stage fails: an equal split of it over the chapters, in words (a
	// CJK character counts as a word).
	DefaultTotalWords = 8000
	// minPromptTokens is the smallest PromptTokens New accepts.
	minPromptTokens = 1000
)

// ErrConfig is wrapped by every error New returns for a bad Config.
var ErrConfig = errors.New("nodes: bad configuration")

// ErrAllChaptersFailed is wrapped by the error Run returns when every
// chapter became a placeholder (a report of placeholders only is no
// result); see AllChaptersFailedError.
var ErrAllChaptersFailed = errors.New("all chapters failed")

// AllChaptersFailedError is that error. It wraps ErrAllChaptersFailed and
// the first chapter's failure, so errors.Is finds the model's sentinel
// (llm.ErrContextTooLong, llm.ErrTruncated, …) and a caller can map it.
type AllChaptersFailedError struct {
	Chapters int   // how many chapters failed (all of them)
	First    error // the first chapter's failure, in template order
}

// Error returns "chapters: all N chapters failed; the first: <error>".
func (e *AllChaptersFailedError) Error() string {
	return fmt.Sprintf("%s: all %d chapters failed; the first: %v", StageChapters, e.Chapters, e.First)
}

// Unwrap returns ErrAllChaptersFailed and the first failure.
func (e *AllChaptersFailedError) Unwrap() []error { return []error{ErrAllChaptersFailed, e.First} }

// Input is what one report is made from.
type Input struct {
	// Topic is the report topic (the engines' query); required.
	Topic string
	// ReportID names the report; characters other than letters, digits,
	// '-' and '_' become '_'. "" gives "report-<yyyymmdd-hhmmss>" from
	// Config.Now, so equal inputs and clocks give equal ids.
	ReportID string
	// GraphID is the id of the stored graph, recorded in the document and
	// the manifest ("" without a graph).
	GraphID string
	// Graph is the knowledge graph; nil = no graph queries.
	Graph *graphrag.Graph
	// Engine answers the graph queries; it must be queryengine.New(Graph)
	// (or that engine after Index). nil = New(Graph) is built for the run.
	// A caller that keeps a loaded graph and its engine (the server) passes
	// the engine so that every report reuses it; an Engine is safe for
	// concurrent use.
	Engine GraphQuerier
	// States are the engines' states (their final reports and paragraphs
	// are excerpted for the prompts, never pasted whole).
	States []*state.State
	// Forum is the parsed forum log (excerpted, at most 8 entries per
	// chapter).
	Forum []forum.Entry
	// Warnings are input problems every reader must know about (an engine
	// whose state file was missing or empty, B14); they become
	// Document.Metadata.Notices and manifest warnings.
	Warnings []string
	// LogWarnings are the same input problems as the command line printed
	// them (in English, with paths): written to the manifest's warnings,
	// before the notices, and not shown to the report's reader.
	LogWarnings []string
}

// Config configures a Pipeline. Zero values take the documented defaults.
type Config struct {
	// Model answers every stage; required.
	Model llm.Model
	// Template is the template name to use; "" lets the model choose
	// (TemplateSelect). An unknown name is an error wrapping both ErrConfig
	// and templates.ErrUnknown.
	Template string
	// QueryRounds is the number of graph query decisions per chapter:
	// 0 = DefaultQueryRounds (3), < 0 = no graph queries at all.
	QueryRounds int
	// Concurrency bounds the model calls in flight after template
	// selection: 0 = DefaultConcurrency (4). Every chapter runs in its own
	// goroutine (graph query rounds, then the chapter call) and waits for
	// a slot before each call, so the slots stay busy while chapters are at
	// different steps; the layout and word-budget calls share the slots
	// and are served first. 1 gives BettaFish's sequential behaviour (§8 #2).
	Concurrency int
	// PromptTokens is the context budget of one prompt, in tokens
	// (system prompt + user JSON): 0 = DefaultPromptTokens (6000); at least
	// 1000. Excerpts and graph results are cut to fit it.
	PromptTokens int
	// MaxOutputTokens is the model's completion maximum, in tokens: 0 =
	// DefaultMaxOutputTokens (4096). Every request is capped by the size
	// of the reply its stage asks for (a chapter: 2 × its word target +
	// 1 500 tokens; see limits.go), and never more than this.
	MaxOutputTokens int
	// PlanTemperature is the temperature of template selection, layout,
	// word budget, graph query decisions and repairs; nil =
	// DefaultPlanTemperature (0.1). ProseTemperature is that of chapters
	// and follow-up questions; nil = DefaultProseTemperature (0.6). A model
	// configured not to send temperatures (openaicompat
	// Config.DisableTemperature) sends neither.
	PlanTemperature, ProseTemperature *float64
	// MaxAttempts is the number of attempts of one stage call when the
	// reply is not usable (no JSON, wrong type or shape, empty text); model
	// errors are retried by the client, not here: 0 = DefaultMaxAttempts (2).
	MaxAttempts int
	// FollowUps is the number of follow-up questions the report ends with
	// (see FollowUps): 0 = DefaultFollowUps, < 0 = none.
	FollowUps int
	// Offline makes the model steps of the report stages the offline
	// ones (Offline: the extractive writer of package nodes/draft, called
	// directly with no model call and no JSON). Model then answers only
	// the follow-up questions and names the generator in the manifest
	// and the document (llm/offline's model: Info().Extractive).
	Offline bool
	// Embedders makes the embedder of the report's knowledge model (the
	// evidence plan's retrieval, the follow-up questions); required.
	Embedders Embedders
	// Now is the clock (GeneratedAt, CreatedAt, event times, durations);
	// nil = time.Now.
	Now func() time.Time
	// OnEvent, when non-nil, receives progress events. Calls are
	// serialised (never two at once) but come from worker goroutines.
	OnEvent func(Event)
}

// Event is one progress event. Kind is "stage" (Stage set), "chapter"
// (ChapterID, Title, Done/Total set) or "progress" (streamed chapter text:
// Message says how much arrived). Status is one of running, done, failed,
// fallback, retrying, skipped. Seconds is the stage or chapter duration,
// set when it ends.
type Event struct {
	Time      time.Time `json:"time"`
	Kind      string    `json:"kind"`
	Stage     string    `json:"stage,omitempty"`
	ChapterID string    `json:"chapterId,omitempty"`
	Title     string    `json:"title,omitempty"`
	Status    string    `json:"status,omitempty"`
	Message   string    `json:"message,omitempty"`
	Done      int       `json:"done,omitempty"`
	Total     int       `json:"total,omitempty"`
	Seconds   float64   `json:"seconds,omitempty"`
}

// Event kinds and statuses.
const (
	KindStage    = "stage"
	KindChapter  = "chapter"
	KindProgress = "progress"

	StatusRunning  = "running"
	StatusDone     = "done"
	StatusFailed   = "failed"
	StatusFallback = "fallback"
	StatusRetrying = "retrying"
	// StatusPartial ends the chapters stage when some chapters are
	// placeholders (the report is still written).
	StatusPartial = "partial"
)

// Chapter statuses (ChapterResult.Status, ChapterRecord.Status).
const (
	ChapterReady       = "ready"       // valid and dense enough
	ChapterSparse      = "sparse"      // valid but thin: kept, with a warning
	ChapterDegraded    = "degraded"    // invalid after the repair round; failing blocks replaced by visible notices
	ChapterPlaceholder = "placeholder" // could not be generated: a visible placeholder
)

// Stage names, as in StageRecord.Name and Event.Stage.
const (
	StageTemplate = "template selection"
	StageLayout   = "document layout"
	StageBudget   = "word budget"
	StageEvidence = "evidence plan"
	StageFollowUp = "follow-up questions"
	StageChapters = "chapters"
	StageStitch   = "stitch"
	StageRender   = "render"
)

// Result is a finished report.
type Result struct {
	// Document is the stitched report IR.
	Document *ir.Document
	// HTML and Markdown are render.HTML and render.Markdown of Document.
	HTML, Markdown []byte
	// Chapters are per-chapter outcomes, in template order.
	Chapters []ChapterResult
	// Manifest records how the report was made (written last by Save).
	Manifest Manifest
	// Evidence is the run's evidence plan (evidence.json): which item went
	// to which sub-point and why, with the items and figures it uses; nil
	// when the run made no plan.
	Evidence *EvidenceFile
}

// EvidenceFile is evidence.json: the plan, the items it assigned (text and
// every provenance) and their figures, and the collection statistics.
type EvidenceFile struct {
	Plan    *evidence.Plan    `json:"plan"`
	Items   []evidence.Item   `json:"items"`
	Figures []evidence.Figure `json:"figures"`
	Stats   evidence.Stats    `json:"stats"`
}

// ChapterResult is the outcome of one chapter.
type ChapterResult struct {
	// Section is the template section (Slug made unique in the report).
	Section templates.Section
	// Chapter is the chapter as stitched into the Document (anchors final).
	Chapter ir.Chapter
	// Status is ChapterReady, ChapterSparse, ChapterDegraded or ChapterPlaceholder.
	Status string
	// Errors are the problems met on the way (attempt errors, validator
	// errors, the density finding), in order.
	Errors []string
	// Normalized lists what decoding and ir.Normalize changed in the
	// model's replies before validation ("blocks[3].listType: missing
	// listType set to \"bullet\""), in order.
	Normalized []string
	// Attempts counts the chapter model calls (generation and repair).
	Attempts int
	// Requests counts the requests the model sent for the chapter (graph
	// query rounds, generation, repair), retries included.
	Requests int
	// Partial is the raw text of a truncated reply (B08), for debugging
	// only: Save writes it beside the chapter file; never rendered.
	Partial string
	// Err is why a placeholder chapter failed (it wraps the model's
	// sentinel error, if any); nil for every other status.
	Err error
	// QueryRounds counts the graph queries executed for the chapter.
	QueryRounds int
	// Seconds is the chapter's wall time (graph queries included).
	Seconds float64
}

// Manifest describes a run for people and tools (manifest.json).
type Manifest struct {
	ReportID       string `json:"reportId"`
	Topic          string `json:"topic"`
	Template       string `json:"template"`
	TemplateReason string `json:"templateReason,omitempty"`
	// Status is "complete", or "partial" when a chapter is a placeholder.
	Status    string          `json:"status"`
	Model     llm.Info        `json:"model"`
	GraphID   string          `json:"graphId,omitempty"`
	CreatedAt string          `json:"createdAt"` // RFC 3339 UTC
	Stages    []StageRecord   `json:"stages"`
	Chapters  []ChapterRecord `json:"chapters"`
	Failures  []ir.Failure    `json:"failures,omitempty"`
	Warnings  []string        `json:"warnings,omitempty"`
}

// StageRecord is one stage of the manifest. Status is done, fallback,
// failed or skipped; Calls counts the stage's model calls and Requests the
// requests the model actually sent for them, its client's retries included
// (0 for the offline model, which sends none); Error says why a stage fell
// back or failed.
type StageRecord struct {
	Name     string  `json:"name"`
	Status   string  `json:"status"`
	Seconds  float64 `json:"seconds"`
	Calls    int     `json:"calls"`
	Requests int     `json:"requests"`
	Error    string  `json:"error,omitempty"`
}

// ChapterRecord is one chapter of the manifest. File is the chapter JSON
// path relative to the output directory ("chapters/010-section-1-0.json").
// Normalized lists, one "path: change" line each, what was changed in the
// model's reply before validation (ChapterResult.Normalized).
// Attempts counts the chapter's generation and repair calls; Requests the
// requests the model sent for the whole chapter (graph query rounds,
// generation, repair), retries included. PartialFile, set when the reply
// was truncated (B08), is the file beside the chapter that holds the raw
// partial text ("chapters/010-section-1-0.partial"), for debugging only.
type ChapterRecord struct {
	ChapterID   string   `json:"chapterId"`
	Title       string   `json:"title"`
	Slug        string   `json:"slug"`
	Order       int      `json:"order"`
	Status      string   `json:"status"`
	File        string   `json:"file"`
	PartialFile string   `json:"partialFile,omitempty"`
	Errors      []string `json:"errors,omitempty"`
	Normalized  []string `json:"normalized,omitempty"`
	Attempts    int      `json:"attempts"`
	Requests    int      `json:"requests"`
	QueryRounds int      `json:"queryRounds"`
	Seconds     float64  `json:"seconds"`
}

// Pipeline runs the report stages. It keeps no state between runs (§8 #16)
// and is safe for concurrent use.
type Pipeline struct {
	cfg Config
}

// New checks cfg, fills the defaults and returns a Pipeline. Errors wrap
// ErrConfig (and templates.ErrUnknown for an unknown Template).
func New(cfg Config) (*Pipeline, error) {
	if cfg.Model == nil {
		return nil, fmt.Errorf("%w: Model is required", ErrConfig)
	}
	if cfg.Embedders == nil {
		return nil, fmt.Errorf("%w: Embedders is required", ErrConfig)
	}
	if cfg.QueryRounds == 0 {
		cfg.QueryRounds = DefaultQueryRounds
	}
	switch {
	case cfg.Concurrency < 0:
		return nil, fmt.Errorf("%w: Concurrency must be >= 0, got %d", ErrConfig, cfg.Concurrency)
	case cfg.Concurrency == 0:
		cfg.Concurrency = DefaultConcurrency
	}
	switch {
	case cfg.PromptTokens == 0:
		cfg.PromptTokens = DefaultPromptTokens
	case cfg.PromptTokens < minPromptTokens:
		return nil, fmt.Errorf("%w: PromptTokens must be 0 (default %d) or >= %d, got %d",
			ErrConfig, DefaultPromptTokens, minPromptTokens, cfg.PromptTokens)
	}
	if cfg.MaxOutputTokens < 0 {
		return nil, fmt.Errorf("%w: MaxOutputTokens must be >= 0, got %d", ErrConfig, cfg.MaxOutputTokens)
	}
	for _, t := range []*float64{cfg.PlanTemperature, cfg.ProseTemperature} {
		if t != nil && (*t < 0 || *t > 2) {
			return nil, fmt.Errorf("%w: temperature must be between 0 and 2, got %g", ErrConfig, *t)
		}
	}
	switch {
	case cfg.MaxAttempts < 0:
		return nil, fmt.Errorf("%w: MaxAttempts must be >= 0, got %d", ErrConfig, cfg.MaxAttempts)
	case cfg.MaxAttempts == 0:
		cfg.MaxAttempts = DefaultMaxAttempts
	}
	if cfg.Template != "" {
		if _, err := templates.Lookup(cfg.Template); err != nil {
			return nil, fmt.Errorf("%w: template %q: %w", ErrConfig, cfg.Template, err)
		}
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return &Pipeline{cfg: cfg}, nil
}

// emitter serialises OnEvent calls.
type emitter struct {
	mu  sync.Mutex
	fn  func(Event)
	now func() time.Time
}

func (e *emitter) emit(ev Event) {
	if e.fn == nil {
		return
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	ev.Time = e.now()
	e.fn(ev)
}

// stepSet holds the model steps of a run's stages; nil ones are the LLM
// implementations over the run's (slot-limited) model.
type stepSet struct {
	chooser  TemplateChooser
	planner  LayoutPlanner
	budgeter WordBudgeter
	decider  QueryDecider
	writer   ChapterWriter
}

// stepSet is Offline for every step when c.Offline, else the LLM ones.
func (c Config) stepSet() stepSet {
	if !c.Offline {
		return stepSet{}
	}
	o := Offline{}
	return stepSet{o, o, o, o, o}
}

// runState is the per-run state; nothing of it outlives Run.
type runState struct {
	cfg      Config
	steps    stepSet
	in       Input
	ev       *emitter
	engine   GraphQuerier        // nil without a graph
	stats    *prompts.GraphStats // nil without a graph
	graphSrc graphSources        // the graph's sources by URL and id
	reportID string

	evidence      *evidence.Set  // the run's evidence items
	plan          *evidence.Plan // set after the graph query rounds
	planIDs       map[string]bool
	evidenceStage StageRecord
	// collectSeconds is evidence.Collect's time, counted in the evidence
	// stage's record (it runs before the layout).
	collectSeconds float64
	// retrieval delivers the evidence plan's local-search retrieval (nil
	// without a graph); retrieved is it once the plan used it (the
	// follow-up questions reuse its context builder).
	retrieval  chan retrievalResult
	retrieved  *evidenceRetrieval
	reportDate string // the newest state's date, YYYY-MM-DD

	mu       sync.Mutex
	warnings []string
}

func (r *runState) warn(format string, args ...any) {
	r.mu.Lock()
	r.warnings = append(r.warnings, fmt.Sprintf(format, args...))
	r.mu.Unlock()
}

func (r *runState) seconds(start time.Time) float64 {
	return r.cfg.Now().Sub(start).Seconds()
}

// Run makes one report: TemplateSelect → Layout → WordBudget → per chapter
// (concurrently) GraphQuery → ChapterGen → Stitch → render.
//
// A stage whose reply is unusable falls back to a documented default and
// says so in the manifest and the document; a chapter that cannot be
// generated becomes a visible placeholder. So Run fails only:
//
//   - when ctx is cancelled: ctx.Err() and no Result;
//   - when Input.Topic is empty: an error wrapping ErrConfig;
//   - when the model refuses the request itself — llm.ErrAuth anywhere,
//     llm.ErrBadRequest in template selection, layout or word budget
//     (e.g. an unsupported parameter, B26): that error (it names the step,
//     HTTP status, model and host) and no Result, since every call would
//     fail the same way and a report of fallbacks would hide the fault;
//   - when rendering fails: the Result without HTML/Markdown, and the
//     error.
func (p *Pipeline) Run(ctx context.Context, in Input) (*Result, error) {
	if strings.TrimSpace(in.Topic) == "" {
		return nil, fmt.Errorf("%w: Input.Topic is required", ErrConfig)
	}
	cfg := p.cfg
	r := &runState{cfg: cfg, in: in, ev: &emitter{fn: cfg.OnEvent, now: cfg.Now}, steps: cfg.stepSet()}
	r.reportID = reportID(in.ReportID, cfg.Now())
	// the tokenizer loads its tables on first use (about 0.05 s): now,
	// beside the query engine, instead of in the first graph query round
	go countTokens("")
	createdAt := cfg.Now().UTC().Format(time.RFC3339)
	if in.Graph != nil && in.Graph.NodeCount() > 0 {
		r.engine = in.Engine
		if r.engine == nil {
			r.engine = queryengine.New(in.Graph)
		}
		r.stats = graphStats(r.engine.Overview())
		r.graphSrc = graphSources{g: in.Graph} // prefetched once the plan is made
	} else if in.Graph != nil {
		r.warn("the knowledge graph is empty: chapters are written without graph queries")
	}
	r.reportDate = newestDate(in.States)
	man := Manifest{ReportID: r.reportID, Topic: in.Topic, Model: cfg.Model.Info(), GraphID: in.GraphID, CreatedAt: createdAt}

	// 1. template
	start := r.stageStart(StageTemplate)
	ts := TemplateSelect{Model: cfg.Model, Chooser: r.steps.chooser, Name: cfg.Template, MaxAttempts: cfg.MaxAttempts,
		Temperature: cfg.PlanTemperature, MaxOutputTokens: cfg.MaxOutputTokens}
	tsOut, err := ts.Run(ctx, TemplateSelectInput{Topic: in.Topic, Excerpts: shortExcerpts(in.States, 2, 200), Graph: r.stats})
	if err != nil {
		return nil, r.stageFail(ctx, StageTemplate, start, err)
	}
	man.Stages = append(man.Stages, r.stageEnd(StageTemplate, start, tsOut.Fallback, tsOut.Calls, tsOut.Requests, tsOut.Problem))
	notices := append([]string(nil), in.Warnings...)
	if tsOut.Fallback {
		notices = append(notices, fmt.Sprintf("模板选择未得到模型的可用答复（%s），已按规则选用「%s」。", plainReason(tsOut.Err), tsOut.Template.Name))
	}
	man.Template, man.TemplateReason = tsOut.Template.Name, tsOut.Reason
	tpl := tsOut.Template
	sections := uniqueSlugs(tpl.Sections)
	var focus []string
	for _, sec := range sections {
		focus = append(focus, sec.Title)
		focus = append(focus, sec.Outline...)
	}
	collectStart := cfg.Now()
	r.evidence = evidence.Collect(evidence.Input{Topic: in.Topic, Graph: in.Graph, States: in.States, Forum: in.Forum, Focus: focus})
	r.collectSeconds = r.seconds(collectStart)
	if in.Graph != nil && in.Graph.NodeCount() > 0 {
		// the local-search retrieval is built while the chapters query the
		// graph and the layout is planned; the evidence plan waits for it
		r.retrieval = make(chan retrievalResult, 1)
		go func() {
			er, err := newEvidenceRetrieval(ctx, in.Graph, r.evidence, cfg.Embedders)
			r.retrieval <- retrievalResult{er, err}
		}()
	}
	if n := r.evidence.Stats.SkippedSources; n > 0 {
		r.warn("%s: %d of the run's sources scored lowest against the template and were not cut into passages (at most %d are)", StageEvidence, n, evidence.DefaultMaxSources)
	}

	// 2-4. Layout and word budget; the chapters' graph queries and
	// generation wait for them (each decision states the chapter's target
	// and emphasis). All calls share one limiter of Concurrency slots; the
	// plan's calls go first.
	slots := newCallSlots(cfg.Concurrency)
	planModel := &limitedModel{Model: cfg.Model, slots: slots, priority: true}
	chapterModel := &limitedModel{Model: cfg.Model, slots: slots}
	pl := &reportPlan{ready: make(chan struct{})}
	chCtx, cancelChapters := context.WithCancel(ctx)
	defer cancelChapters()
	chStart := r.stageStart(StageChapters)
	chDone := make(chan chaptersOut, 1)
	go func() { chDone <- r.chapters(chCtx, chapterModel, tpl, sections, pl) }()
	abort := func(err error) {
		pl.err = err
		close(pl.ready)
		cancelChapters()
		<-chDone
	}

	start = r.stageStart(StageLayout)
	lay := Layout{Model: planModel, Planner: r.steps.planner, MaxAttempts: cfg.MaxAttempts, PromptTokens: cfg.PromptTokens,
		Temperature: cfg.PlanTemperature, MaxOutputTokens: cfg.MaxOutputTokens}
	layOut, err := lay.Run(ctx, LayoutInput{Topic: in.Topic, Template: tpl, Sections: sections, Graph: r.stats, States: in.States})
	if err != nil {
		abort(err)
		return nil, r.stageFail(ctx, StageLayout, start, err)
	}
	man.Stages = append(man.Stages, r.stageEnd(StageLayout, start, layOut.Fallback, layOut.Calls, layOut.Requests, layOut.Problem))
	if layOut.Fallback {
		notices = append(notices, fmt.Sprintf("版式设计未得到模型的可用答复（%s），本报告使用按模板生成的默认版式。", plainReason(layOut.Err)))
	}

	start = r.stageStart(StageBudget)
	wb := WordBudget{Model: planModel, Budgeter: r.steps.budgeter, MaxAttempts: cfg.MaxAttempts, Temperature: cfg.PlanTemperature,
		MaxOutputTokens: cfg.MaxOutputTokens}
	wbOut, err := wb.Run(ctx, WordBudgetInput{Topic: in.Topic, Sections: sections, Layout: layOut.Layout})
	if err != nil {
		abort(err)
		return nil, r.stageFail(ctx, StageBudget, start, err)
	}
	man.Stages = append(man.Stages, r.stageEnd(StageBudget, start, wbOut.Fallback, wbOut.Calls, wbOut.Requests, wbOut.Problem))
	if wbOut.Fallback {
		notices = append(notices, fmt.Sprintf("字数规划未得到模型的完整答复（%s），缺少的章节按平均分配。", plainReason(wbOut.Err)))
	}
	pl.layout, pl.budget = layOut.Layout, wbOut
	close(pl.ready)

	start = chStart
	co := <-chDone
	if co.err != nil {
		return nil, r.stageFail(ctx, StageChapters, start, co.err)
	}
	results, calls, requests, sources, failures := co.results, co.calls, co.requests, co.sources, co.failures
	man.Stages = append(man.Stages, r.evidenceStage)
	failed := 0
	for _, cr := range results {
		switch cr.Status {
		case ChapterPlaceholder:
			failed++
		case ChapterDegraded:
			notices = append(notices, fmt.Sprintf("「%s」一章中有内容未通过格式校验，已在原处以提示代替。", cr.Section.Title))
		}
	}
	if failed > 0 && failed == len(results) {
		// Nothing was generated: a report of placeholders only would look
		// like a result. Report the first chapter's reason as the error.
		err := &AllChaptersFailedError{Chapters: failed, First: firstFailure(results)}
		return nil, r.stageFail(ctx, StageChapters, start, err)
	}
	chStatus := StatusDone
	chProblem := ""
	if failed > 0 {
		chStatus = StatusPartial
		chProblem = fmt.Sprintf("%d of %d chapters are placeholders", failed, len(results))
	}
	man.Stages = append(man.Stages, StageRecord{Name: StageChapters, Status: chStatus, Seconds: r.seconds(start), Calls: calls, Requests: requests, Error: chProblem})
	r.ev.emit(Event{Kind: KindStage, Stage: StageChapters, Status: chStatus, Message: chProblem, Seconds: r.seconds(start)})

	// the hero states the findings, written after the chapters
	hero := layOut.Layout.Hero
	if r.plan != nil {
		var digests []prompts.ChapterDigest
		var summaries []ir.Chapter
		for i, cr := range results {
			if summaryChapter(cr.Section) {
				summaries = append(summaries, cr.Chapter)
			} else if i < len(co.digests) && co.digests[i] != nil {
				digests = append(digests, *co.digests[i])
			}
		}
		hero = findingsHero(hero, analysisFirst(digests, r.evidence), printedIn(summaries), cfg.Model.Info().Extractive, len(summaries) > 0)
	}
	layoutOut := layOut.Layout
	layoutOut.Hero = hero

	// follow-up questions, from the graph, after the chapters
	var followUps []string
	if in.Graph != nil && in.Graph.NodeCount() > 0 && r.evidence != nil && cfg.FollowUps >= 0 {
		start := r.stageStart(StageFollowUp)
		fu := FollowUps{Model: cfg.Model, Embedders: cfg.Embedders, Count: cfg.FollowUps,
			Temperature: cfg.ProseTemperature, MaxOutputTokens: cfg.MaxOutputTokens}
		fi := FollowUpsInput{Graph: in.Graph, Topic: in.Topic, Cited: citedURLs(results, r.evidence)}
		if r.retrieved != nil {
			fi.Builder = r.retrieved.builder
		}
		fo, err := fu.Run(ctx, fi)
		if err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			r.warn("%s: %v", StageFollowUp, err)
			man.Stages = append(man.Stages, r.stageEnd(StageFollowUp, start, true, fo.Calls, fo.Calls, err.Error()))
		} else {
			followUps = fo.Questions
			for _, q := range fo.Dropped {
				r.warn("%s: dropped %q: local search finds nothing for it in the graph", StageFollowUp, q)
			}
			man.Stages = append(man.Stages, r.stageEnd(StageFollowUp, start, false, fo.Calls, fo.Calls, ""))
		}
	}

	// 5. stitch
	start = r.stageStart(StageStitch)
	st := Stitch{}
	doc, err := st.Run(ctx, StitchInput{
		ReportID: r.reportID, Topic: in.Topic, GraphID: in.GraphID, Template: tpl, TemplateReason: tsOut.Reason,
		Layout: layoutOut, LayoutNotes: layOut.Notes, Chapters: results, Generator: cfg.Model.Info(),
		GeneratedAt: cfg.Now(), Sources: sources, Graph: r.graphSrc.g, graphSrc: &r.graphSrc, Failures: failures, Notices: notices, Evidence: r.evidence,
	})
	if err != nil {
		return nil, err
	}
	for i := range results {
		results[i].Chapter = doc.Chapters[i]
	}
	doc.Metadata.FollowUps = followUps
	if verr := ir.ValidateDocument(doc); verr != nil {
		r.warn("%s: the stitched document does not validate: %v", StageStitch, verr)
	}
	man.Stages = append(man.Stages, r.stageEnd(StageStitch, start, false, 0, 0, ""))

	res := &Result{Document: doc, Chapters: results, Evidence: r.evidenceFile()}
	for _, cr := range results {
		rec := ChapterRecord{ChapterID: cr.Section.ChapterID, Title: cr.Section.Title, Slug: cr.Section.Slug,
			Order: cr.Section.Order, Status: cr.Status, File: chapterFile(cr.Section), Errors: cr.Errors,
			Normalized: cr.Normalized, Attempts: cr.Attempts, Requests: cr.Requests, QueryRounds: cr.QueryRounds, Seconds: cr.Seconds}
		if cr.Partial != "" {
			rec.PartialFile = partialFile(cr.Section)
		}
		man.Chapters = append(man.Chapters, rec)
	}
	man.Failures = doc.Metadata.Failures
	man.Status = "complete"
	if len(man.Failures) > 0 {
		man.Status = "partial"
	}

	// 6. render
	start = r.stageStart(StageRender)
	var rerr error
	res.HTML, rerr = render.HTML(doc)
	if rerr == nil {
		res.Markdown, rerr = render.Markdown(doc)
	}
	if rerr != nil {
		res.HTML, res.Markdown = nil, nil
		rerr = fmt.Errorf("%s: %w", StageRender, rerr)
		man.Stages = append(man.Stages, StageRecord{Name: StageRender, Status: StatusFailed, Seconds: r.seconds(start), Error: rerr.Error()})
		r.ev.emit(Event{Kind: KindStage, Stage: StageRender, Status: StatusFailed, Message: rerr.Error()})
	} else {
		man.Stages = append(man.Stages, r.stageEnd(StageRender, start, false, 0, 0, ""))
	}
	man.Warnings = append(man.Warnings, in.LogWarnings...)
	man.Warnings = append(man.Warnings, notices...)
	man.Warnings = append(man.Warnings, layOut.Warnings...)
	r.mu.Lock()
	man.Warnings = append(man.Warnings, r.warnings...)
	r.mu.Unlock()
	for _, cr := range results {
		if cr.Status == ChapterSparse {
			man.Warnings = append(man.Warnings, fmt.Sprintf("chapter %s (%s) is thin: kept as written", cr.Section.ChapterID, cr.Section.Title))
		}
	}
	res.Manifest = man
	return res, rerr
}

// citedURLs are the source URLs of the evidence the chapters cite.
func citedURLs(results []ChapterResult, set *evidence.Set) map[string]bool {
	out := map[string]bool{}
	for _, cr := range results {
		for _, c := range ir.Citations(&cr.Chapter) {
			if it, ok := set.Item(c.ID); ok {
				for _, p := range it.Provenance {
					if p.URL != "" {
						out[p.URL] = true
					}
				}
			}
		}
	}
	return out
}

// newestDate is the date (YYYY-MM-DD) of the newest created_at/updated_at
// of the states, "" when none has one.
func newestDate(states []*state.State) string {
	best := ""
	for _, st := range states {
		if st == nil {
			continue
		}
		for _, t := range []string{st.UpdatedAt, st.CreatedAt} {
			if len(t) >= 10 && t[4] == '-' && t[7] == '-' && t[:10] > best {
				best = t[:10]
			}
		}
	}
	return best
}

// evidenceFile is what Save writes as evidence.json: the plan and the items
// it assigned, in plan order.
func (r *runState) evidenceFile() *EvidenceFile {
	if r.plan == nil || r.evidence == nil {
		return nil
	}
	f := &EvidenceFile{Plan: r.plan, Stats: r.evidence.Stats, Items: []evidence.Item{}, Figures: []evidence.Figure{}}
	for _, c := range r.plan.Chapters {
		for _, sp := range c.SubPoints {
			for _, a := range sp.Items {
				if it, ok := r.evidence.Item(a.ItemID); ok {
					f.Items = append(f.Items, *it)
				}
			}
			f.Figures = append(f.Figures, sp.Figures...)
		}
	}
	return f
}

// runErr returns ctx.Err() for a cancelled run, else err.
func runErr(ctx context.Context, err error) error {
	if cerr := ctx.Err(); cerr != nil {
		return cerr
	}
	return err
}

// stageFail reports a stage that ends the run (no event for a cancelled
// run) and returns the error Run gives back.
func (r *runState) stageFail(ctx context.Context, name string, start time.Time, err error) error {
	err = runErr(ctx, err)
	if !isCtxErr(err) {
		r.ev.emit(Event{Kind: KindStage, Stage: name, Status: StatusFailed, Message: err.Error(), Seconds: r.seconds(start)})
	}
	return err
}

func (r *runState) stageStart(name string) time.Time {
	r.ev.emit(Event{Kind: KindStage, Stage: name, Status: StatusRunning})
	return r.cfg.Now()
}

func (r *runState) stageEnd(name string, start time.Time, fallback bool, calls, requests int, problem string) StageRecord {
	rec := StageRecord{Name: name, Status: StatusDone, Seconds: r.seconds(start), Calls: calls, Requests: requests, Error: problem}
	if fallback {
		rec.Status = StatusFallback
	}
	r.ev.emit(Event{Kind: KindStage, Stage: name, Status: rec.Status, Message: problem, Seconds: rec.Seconds})
	return rec
}

// reportID cleans a caller's id like BettaFish (letters, digits, '-', '_'
// kept; others become '_'); "" gives report-<time>.
func reportID(id string, now time.Time) string {
	var b strings.Builder
	for _, r := range strings.TrimSpace(id) {
		if unicode.IsLetter(r) || unicode.IsNumber(r) || r == '-' || r == '_' {
			b.WriteRune(r)
		} else {
			b.WriteRune('_')
		}
	}
	if s := strings.Trim(b.String(), "_"); s != "" {
		return b.String()
	}
	return "report-" + now.UTC().Format("20060102-150405")
}

// uniqueSlugs returns a copy of the sections with slugs unique within the
// report (-2, -3 … suffixes), the anchors of the chapters.
func uniqueSlugs(in []templates.Section) []templates.Section {
	out := make([]templates.Section, len(in))
	seen := map[string]bool{}
	for i, s := range in {
		if s.Slug == "" {
			s.Slug = fmt.Sprintf("section-%d", i+1)
		}
		s.Slug = uniqueAnchor(seen, s.Slug)
		out[i] = s
	}
	return out
}

func uniqueAnchor(seen map[string]bool, a string) string {
	if !seen[a] {
		seen[a] = true
		return a
	}
	for n := 2; ; n++ {
		c := fmt.Sprintf("%s-%d", a, n)
		if !seen[c] {
			seen[c] = true
			return c
		}
	}
}

// chapterFile is the chapter JSON path relative to the output directory.
func chapterFile(s templates.Section) string {
	return fmt.Sprintf("chapters/%03d-%s.json", s.Order, fileSafe(s.Slug))
}

// partialFile is where a truncated reply's raw text goes, beside the
// chapter file.
func partialFile(s templates.Section) string {
	return strings.TrimSuffix(chapterFile(s), ".json") + ".partial"
}

func fileSafe(s string) string {
	var b strings.Builder
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsNumber(r) || r == '-' || r == '_' {
			b.WriteRune(r)
		} else {
			b.WriteRune('-')
		}
	}
	if b.Len() == 0 {
		return "section"
	}
	return b.String()
}

// graphSources looks the graph's source nodes up by URL (the first source
// node with that URL, as the graph's URL map) and by id, so that a chapter
// link to any graph source lands in the reference list without a copy of
// every source (300 000 sources: about 90 MB and 0.15 s a copy). The zero
// value finds nothing.
//
// One made by prefetchSources answers the URLs it was given from one scan
// of the graph's nodes, and the ids of the nodes found so, without the
// graph's id and URL maps, which are built on their first use and cost
// 0.1-0.2 s and 30 MB for 300 000 sources; any other URL or id goes to
// the graph's maps. Safe for concurrent use (nothing changes after
// prefetchSources).
type graphSources struct {
	g    *graphrag.Graph
	urls map[string]int32 // prefetched URL → its first source node; -1: none
	ids  map[string]int32 // id → node, for the nodes found by URL that are the first with their id
}

// prefetchSources scans g once for the first source node of each of urls.
func prefetchSources(g *graphrag.Graph, urls []string) graphSources {
	gs := graphSources{g: g}
	if g == nil || len(urls) == 0 {
		return gs
	}
	gs.urls = make(map[string]int32, len(urls))
	for _, u := range urls {
		if u != "" {
			gs.urls[u] = -1
		}
	}
	left := len(gs.urls)
	last := -1 // the last node found
	for v := 0; v < g.NodeCount() && left > 0; v++ {
		if g.Type(v) != graphrag.TypeSource {
			continue
		}
		if w, ok := gs.urls[g.String(v, "url")]; ok && w < 0 {
			gs.urls[g.String(v, "url")] = int32(v)
			left--
			last = v
		}
	}
	// by id: a node found, unless an earlier node has its id (the graph's
	// id map keeps the first)
	gs.ids = make(map[string]int32, len(gs.urls)-left)
	for _, v := range gs.urls {
		if v >= 0 {
			gs.ids[g.ID(int(v))] = v
		}
	}
	for w := 0; w < last; w++ {
		if v, ok := gs.ids[g.ID(w)]; ok && int32(w) < v {
			delete(gs.ids, g.ID(w))
		}
	}
	return gs
}

func (gs graphSources) byURL(u string) (prompts.GraphSource, bool) {
	if gs.g == nil || u == "" {
		return prompts.GraphSource{}, false
	}
	if v, ok := gs.urls[u]; ok {
		return gs.at(int(v), v >= 0)
	}
	return gs.at(gs.g.SourceByURL(u))
}

func (gs graphSources) byID(id string) (prompts.GraphSource, bool) {
	if gs.g == nil {
		return prompts.GraphSource{}, false
	}
	if v, ok := gs.ids[id]; ok {
		return gs.at(int(v), true)
	}
	return gs.at(gs.g.Lookup(id))
}

// at is node v (when found) as a GraphSource; false unless v is a source
// with a URL.
func (gs graphSources) at(v int, found bool) (prompts.GraphSource, bool) {
	if !found {
		return prompts.GraphSource{}, false
	}
	g := gs.g
	u := g.String(v, "url")
	if g.Type(v) != graphrag.TypeSource || u == "" {
		return prompts.GraphSource{}, false
	}
	title := g.String(v, "title")
	if title == "" {
		title = g.Name(v)
	}
	return prompts.GraphSource{ID: g.ID(v), Title: title, URL: u, Engines: g.Strings(v, "engines")}, true
}

// firstFailure is the error of the first failed chapter.
func firstFailure(results []ChapterResult) error {
	for _, cr := range results {
		if cr.Status == ChapterPlaceholder && cr.Err != nil {
			return cr.Err
		}
	}
	return errors.New("no chapter recorded its error")
}
