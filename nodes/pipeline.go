package nodes

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"reportengine/evidence"
	"time"

	"reportengine/forum"
	"reportengine/graphrag"
	"reportengine/ir"
	"reportengine/llm"
	"reportengine/state"
	"reportengine/templates"
)

// Defaults of Config.
const (
	DefaultQueryRounds  = 3    // graph query decisions per chapter (BettaFish GRAPHRAG_MAX_QUERIES)
	DefaultConcurrency  = 4    // model calls in flight after template selection
	DefaultPromptTokens = 6000 // context budget of one prompt, in tokens
	// DefaultMaxAttempts is the number of attempts of one stage call when
	// the reply is not usable (no JSON, wrong type or shape, empty text);
	// model errors are retried by the client, not here.
	DefaultMaxAttempts = 2
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
	// ForumOtherRun says the forum log is likely from another run (it
	// started more than a day from every state file time; its notice is
	// among Warnings): a figure only its speeches state is no KPI card,
	// in the hero or a chapter, and stays in the text (kpiFigureRef).
	ForumOtherRun bool
	// Work is the report's work area (OpenWork): the run saves each
	// stage's output and each written chapter there as it completes and,
	// when Work was opened to resume, reuses those saved from what the
	// stage is given now (work.go). Its RunKey goes to Manifest.RunKey.
	// nil = nothing is saved or reused.
	Work *Work
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
	// selection: 0 = DefaultConcurrency (4). Every stage runs in its own
	// goroutine as soon as its inputs exist and waits for a slot before
	// each call, so the slots stay busy while chapters are at different
	// steps; one slot is kept for the layout and then the word budget
	// (everything after waits for them) until the budget is made. 1 gives
	// BettaFish's sequential behaviour (§8 #2).
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
	// Essentials are the run's 舆情 essentials computed from its data
	// (evidence.ComputeEssentials); the items they cite are among Items.
	Essentials *evidence.Essentials `json:"essentials,omitempty"`
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
	// Reused is true when the chapter was taken from the work area
	// (Input.Work) instead of being written by this run; Attempts and
	// Requests are then 0.
	Reused bool
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
	// RunKey is what the run's saved work is valid for (Input.Work's): the
	// inputs' digests, the template and the settings; nil without a work
	// area.
	RunKey *RunKey `json:"runKey,omitempty"`
}

// StageRecord is one stage of the manifest. Status is done, fallback,
// failed or skipped; Calls counts the stage's model calls and Requests the
// requests the model actually sent for them, its client's retries included
// (0 for the offline model, which sends none); Error says why a stage fell
// back or failed; Reused is true when the stage's output was taken from
// the work area (Input.Work) and the model was not asked (Calls and
// Requests are then 0).
type StageRecord struct {
	Name     string  `json:"name"`
	Status   string  `json:"status"`
	Seconds  float64 `json:"seconds"`
	Calls    int     `json:"calls"`
	Requests int     `json:"requests"`
	Error    string  `json:"error,omitempty"`
	Reused   bool    `json:"reused,omitempty"`
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
// Reused is true for a chapter taken from the work area (Input.Work).
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
	Reused      bool     `json:"reused,omitempty"`
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
	cfg.QueryRounds = cmp.Or(cfg.QueryRounds, DefaultQueryRounds)
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
// it assigned, in plan order, then the essentials and the items they cite
// that the plan did not assign.
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
	es := r.essentials
	f.Essentials = &es
	seen := map[string]bool{}
	for _, it := range f.Items {
		seen[it.ID] = true
	}
	for _, id := range essentialIDs(es) {
		if it, ok := r.evidence.Item(id); ok && !seen[id] {
			seen[id] = true
			f.Items = append(f.Items, *it)
		}
	}
	return f
}

// runErr returns ctx.Err() for a cancelled run, else err.
func runErr(ctx context.Context, err error) error {
	return cmp.Or(ctx.Err(), err)
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

// stageReused is the record of a stage whose output was taken from the
// work area.
func (r *runState) stageReused(name string, start time.Time) StageRecord {
	rec := StageRecord{Name: name, Status: StatusDone, Seconds: r.seconds(start), Reused: true}
	r.ev.emit(Event{Kind: KindStage, Stage: name, Status: rec.Status, Message: reusedNote, Seconds: rec.Seconds})
	return rec
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
