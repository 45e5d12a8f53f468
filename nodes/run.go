package nodes

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	"reportengine/evidence"
	"reportengine/graphrag/queryengine"
	"reportengine/llm"
	"reportengine/llm/tokens"
	"reportengine/prompts"
	"reportengine/templates"
	textrules "reportengine/text"
)

// The scheduler. Run is a short list of stages, each started in its own
// goroutine as soon as its inputs exist, its result a later value the
// stages after it wait for:
//
//	template ─┬─► layout ─► word budget ──────────────────────────────┐
//	          ├─► graph queries (per chapter) ─────────────────► plan ─┼─► chapters ─► summary/closing chapters
//	          └─► evidence collection ─┬─► retrieval ──────────► plan ─┴─► follow-up questions
//	                                   └───────────────────────► plan
//
// and then hero, stitch and render. Graph query decisions do not wait for
// the layout or the word budget (their prompts carry the chapter's title,
// outline and the other chapters'), and none of the model's stages waits
// for the evidence (only the plan reads it), so with a model answering in
// 300 ms the layout, the budget and the decisions share the first call
// slots while the evidence is collected and its retrieval built.

// later is a value one goroutine computes and others wait for.
type later[T any] struct {
	done chan struct{}
	v    T
	err  error
}

// spawn runs f in a goroutine the run waits for before it returns.
func spawn[T any](r *runState, f func() (T, error)) *later[T] {
	l := &later[T]{done: make(chan struct{})}
	r.wg.Add(1)
	go func() {
		defer r.wg.Done()
		defer close(l.done)
		l.v, l.err = f()
	}()
	return l
}

// get waits for the value; a done ctx returns ctx.Err().
func (l *later[T]) get(ctx context.Context) (T, error) {
	select {
	case <-l.done:
		return l.v, l.err
	case <-ctx.Done():
		var zero T
		return zero, ctx.Err()
	}
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
	work     *Work // the work area; nil = none
	man      Manifest
	notices  []string // reader-visible notices, in stage order

	tpl      templates.Template
	sections []templates.Section // the template's, slugs unique
	// planModel answers the layout and the budget, one call at a time in
	// the slot kept for them; chapterModel the other calls, through slots,
	// which get the plan's slot once the budget is made.
	planModel, chapterModel llm.Model
	slots                   *callSlots

	evidence *evidence.Set  // the run's evidence items
	plan     *evidence.Plan // set by the plan stage
	planIDs  map[string]bool
	// essentials are the run's 舆情 essentials (computed with the
	// evidence), place the sub-point of each of their blocks (set by the
	// plan stage).
	essentials    evidence.Essentials
	place         map[evidence.EssentialBlock]string
	evidenceStage StageRecord
	// collectSeconds is evidence.Collect's time, counted in the evidence
	// stage's record (it runs before the layout).
	collectSeconds float64
	// retrieved is the evidence plan's local-search retrieval once the plan
	// used it (the follow-up questions reuse its context builder).
	retrieved  *evidenceRetrieval
	reportDate string // the newest state's date, YYYY-MM-DD

	jobs []chapterJob // per chapter, written by its own goroutines
	// layoutRec and budgetRec are the manifest records of those stages;
	// chStart is when the chapters (their graph queries) began.
	layoutRec, budgetRec StageRecord
	chStart              time.Time
	wg                   sync.WaitGroup
	cancel               context.CancelFunc

	mu       sync.Mutex
	warnings []string
	fatal    error // the first error that ends the run from a chapter
	done     int   // chapters finished
}

func (r *runState) warn(format string, args ...any) {
	r.mu.Lock()
	r.warnings = append(r.warnings, fmt.Sprintf(format, args...))
	r.mu.Unlock()
}

func (r *runState) seconds(start time.Time) float64 {
	return r.cfg.Now().Sub(start).Seconds()
}

// stop records the error that ends the run (the first one wins) and
// cancels every stage.
func (r *runState) stop(err error) {
	r.mu.Lock()
	if r.fatal == nil {
		r.fatal = err
	}
	r.mu.Unlock()
	r.cancel()
}

// chapters are the summary and closing chapters, then the others.
func (s *stages) chapters() []*later[struct{}] { return append([]*later[struct{}]{s.late}, s.early...) }

// stages are the later values of one run.
type stages struct {
	layout    *later[LayoutOutput]
	budget    *later[WordBudgetOutput]
	queries   []*later[GraphQueryOutput]
	plan      *later[struct{}]
	early     []*later[struct{}] // per chapter; nil for a late one
	late      *later[struct{}]   // the summary and closing chapters
	followUps *later[followUpsResult]
}

// Run makes one report: TemplateSelect, then at once Layout → WordBudget,
// the graph queries of every chapter and the evidence collection → the
// retrieval; the evidence plan when the queries, the evidence and the
// retrieval are done; the chapters once layout, budget and plan
// exist, then the summary and closing chapters; the follow-up questions
// beside the chapters; Stitch; render.
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
	r := p.newRun(in)
	runCtx, cancel := context.WithCancel(ctx)
	r.cancel = cancel
	defer r.wg.Wait()
	defer cancel()
	if err := r.selectTemplate(ctx); err != nil {
		return nil, err
	}
	s := r.schedule(runCtx)
	res, err := r.finish(ctx, runCtx, s)
	if err != nil {
		return nil, err
	}
	return r.assemble(ctx, res)
}

// newRun sets up one run: the report id, the query engine and the graph
// statistics, the manifest's head.
func (p *Pipeline) newRun(in Input) *runState {
	cfg := p.cfg
	r := &runState{cfg: cfg, in: in, ev: &emitter{fn: cfg.OnEvent, now: cfg.Now}, steps: cfg.stepSet()}
	r.reportID = reportID(in.ReportID, cfg.Now())
	// the tokenizer loads its tables on first use (about 0.05 s) and the
	// Chinese dictionary the evidence plan segments with (about 0.3 s):
	// now, beside the query engine and the evidence collection, instead
	// of in the first graph query round and the plan
	go tokens.Count("")
	textrules.Warm()
	if in.Graph != nil && in.Graph.NodeCount() > 0 {
		r.engine = in.Engine
		if r.engine == nil {
			r.engine = queryengine.New(in.Graph)
		}
		r.stats = graphStats(r.engine.Overview())
		r.graphSrc = graphSources{g: in.Graph}
	} else if in.Graph != nil {
		r.warn("the knowledge graph is empty: chapters are written without graph queries")
	}
	r.reportDate = newestDate(in.States)
	r.man = Manifest{ReportID: r.reportID, Topic: in.Topic, Model: cfg.Model.Info(), GraphID: in.GraphID,
		CreatedAt: cfg.Now().UTC().Format(time.RFC3339)}
	if r.work = in.Work; r.work != nil {
		r.man.RunKey = new(in.Work.Key())
	}
	r.notices = append([]string(nil), in.Warnings...)
	// one slot is the plan's (layout, then budget, one call at a time)
	// until the budget is made, then the chapters'
	r.slots = newCallSlots(cfg.Concurrency - 1)
	r.planModel = cfg.Model
	r.chapterModel = &limitedModel{Model: cfg.Model, slots: r.slots}
	return r
}

// selectTemplate runs TemplateSelect (no call when Config.Template is set);
// the model's choice is saved to, or reused from, the work area.
func (r *runState) selectTemplate(ctx context.Context) error {
	cfg := r.cfg
	start := r.stageStart(StageTemplate)
	deps := digestOf(StageTemplate)
	if cfg.Template == "" {
		var saved savedTemplate
		if r.work.load(workTemplate, deps, &saved) {
			if t, err := templates.Lookup(saved.Name); err == nil {
				r.man.Stages = append(r.man.Stages, r.stageReused(StageTemplate, start))
				r.setTemplate(t, saved.Reason)
				return nil
			}
		}
	}
	ts := TemplateSelect{Model: cfg.Model, Chooser: r.steps.chooser, Name: cfg.Template,
		Temperature: cfg.PlanTemperature, MaxOutputTokens: cfg.MaxOutputTokens}
	out, err := ts.Run(ctx, TemplateSelectInput{Topic: r.in.Topic, Excerpts: shortExcerpts(r.in.States, 2, 200), Graph: r.stats})
	if err != nil {
		return r.stageFail(ctx, StageTemplate, start, err)
	}
	r.man.Stages = append(r.man.Stages, r.stageEnd(StageTemplate, start, out.Fallback, out.Calls, out.Requests, out.Problem))
	if out.Fallback {
		r.notices = append(r.notices, fmt.Sprintf("模板选择未得到模型的可用答复（%s），已按规则选用「%s」。", plainReason(out.Err), out.Template.Name))
	} else if cfg.Template == "" {
		r.work.save(workTemplate, StageTemplate, deps, savedTemplate{Name: out.Template.Name, Reason: out.Reason})
	}
	r.setTemplate(out.Template, out.Reason)
	return nil
}

// savedTemplate is the template choice as the work area keeps it.
type savedTemplate struct {
	Name   string `json:"name"`
	Reason string `json:"reason"`
}

// setTemplate makes t the run's template.
func (r *runState) setTemplate(t templates.Template, reason string) {
	r.man.Template, r.man.TemplateReason = t.Name, reason
	r.tpl = t
	r.sections = uniqueSlugs(t.Sections)
	r.jobs = make([]chapterJob, len(r.sections))
}

// collect gathers the run's evidence (evidence.Collect), focused on the
// template's chapter titles and outlines, and computes its essentials
// (evidence.ComputeEssentials).
func (r *runState) collect() {
	var focus []string
	for _, sec := range r.sections {
		focus = append(focus, sec.Title)
		focus = append(focus, sec.Outline...)
	}
	start := r.cfg.Now()
	in := r.in
	ein := evidence.Input{Topic: in.Topic, Graph: in.Graph, States: in.States, Forum: in.Forum, Focus: focus}
	r.evidence = evidence.Collect(ein)
	r.essentials = evidence.ComputeEssentials(ein, r.evidence)
	r.collectSeconds = r.seconds(start)
	if n := r.evidence.Stats.SkippedSources; n > 0 {
		r.warn("%s: %d of the run's sources scored lowest against the template and were not cut into passages (at most %d are)", StageEvidence, n, evidence.DefaultMaxSources)
	}
}

// schedule starts every stage after the template; each waits for its
// inputs only.
func (r *runState) schedule(ctx context.Context) *stages {
	s := &stages{}
	collected := spawn(r, func() (struct{}, error) { r.collect(); return struct{}{}, nil })
	var retrieval *later[*evidenceRetrieval]
	if r.in.Graph != nil && r.in.Graph.NodeCount() > 0 {
		retrieval = spawn(r, func() (*evidenceRetrieval, error) {
			if _, err := collected.get(ctx); err != nil {
				return nil, err
			}
			return newEvidenceRetrieval(ctx, r.in.Graph, r.evidence, r.cfg.Embedders)
		})
	}
	// the layout's start is reported here, before the chapters' (whose
	// graph queries start at once), so progress lists stages in start order
	layoutStart := r.stageStart(StageLayout)
	s.layout = spawn(r, func() (LayoutOutput, error) { return r.layout(ctx, layoutStart) })
	s.budget = spawn(r, func() (WordBudgetOutput, error) {
		defer r.slots.release() // the plan's slot
		lay, err := s.layout.get(ctx)
		if err != nil {
			return WordBudgetOutput{}, err
		}
		return r.budget(ctx, lay)
	})
	r.chStart = r.stageStart(StageChapters)
	for i := range r.sections {
		s.queries = append(s.queries, spawn(r, func() (GraphQueryOutput, error) { return r.query(ctx, i, s.budget) }))
	}
	s.plan = spawn(r, func() (struct{}, error) {
		if _, err := collected.get(ctx); err != nil {
			return struct{}{}, err
		}
		return struct{}{}, r.makePlan(ctx, s.queries, retrieval)
	})
	ready := func() ([]GraphQueryOutput, LayoutOutput, WordBudgetOutput, error) {
		lay, err := s.layout.get(ctx)
		if err != nil {
			return nil, lay, WordBudgetOutput{}, err
		}
		wb, err := s.budget.get(ctx)
		if err != nil {
			return nil, lay, wb, err
		}
		if _, err := s.plan.get(ctx); err != nil {
			return nil, lay, wb, err
		}
		gqs := make([]GraphQueryOutput, len(s.queries))
		for i, q := range s.queries {
			gqs[i], _ = q.get(ctx) // done: the plan waited for them
		}
		return gqs, lay, wb, nil
	}
	s.early = make([]*later[struct{}], len(r.sections))
	for i, sec := range r.sections {
		if !lateChapter(sec) {
			s.early[i] = spawn(r, func() (struct{}, error) {
				gqs, lay, wb, err := ready()
				if err == nil {
					err = r.generate(ctx, i, gqs[i], lay, wb, nil)
				}
				return struct{}{}, err
			})
		}
	}
	s.late = spawn(r, func() (struct{}, error) { return struct{}{}, r.lateChapters(ctx, s, ready) })
	s.followUps = spawn(r, func() (followUpsResult, error) { return r.followUps(ctx, s) })
	return s
}

// waitAll waits for each value in turn (nil ones skipped); the first error
// is returned.
func waitAll(ctx context.Context, ls []*later[struct{}]) error {
	for _, l := range ls {
		if l != nil {
			if _, err := l.get(ctx); err != nil {
				return err
			}
		}
	}
	return nil
}

// finish waits for the stages in manifest order and returns the chapter
// results. The first error that ends the run comes back as the stage that
// met it reported it (a stage fails before its dependants notice).
func (r *runState) finish(ctx, runCtx context.Context, s *stages) (chaptersOut, error) {
	fail := func(err error) (chaptersOut, error) {
		return chaptersOut{}, runErr(ctx, r.cause(err))
	}
	lay, err := s.layout.get(runCtx)
	if err != nil {
		return fail(err)
	}
	r.man.Stages = append(r.man.Stages, r.layoutRec)
	if lay.Fallback {
		r.notices = append(r.notices, fmt.Sprintf("版式设计未得到模型的可用答复（%s），本报告使用按模板生成的默认版式。", plainReason(lay.Err)))
	}
	wb, err := s.budget.get(runCtx)
	if err != nil {
		return fail(err)
	}
	r.man.Stages = append(r.man.Stages, r.budgetRec)
	if wb.Fallback {
		r.notices = append(r.notices, fmt.Sprintf("字数规划未得到模型的完整答复（%s），缺少的章节按平均分配。", plainReason(wb.Err)))
	}
	if err := waitAll(runCtx, s.chapters()); err != nil {
		if ctx.Err() == nil {
			err = r.stageFail(ctx, StageChapters, r.chStart, r.cause(err))
		}
		return fail(err)
	}
	co := r.collectChapters()
	co.layout = lay
	if co.followUps, err = s.followUps.get(runCtx); err != nil {
		return fail(err)
	}
	return co, nil
}

// cause is the error that ended the run: a chapter's fatal error when the
// run was cancelled because of it, else err.
func (r *runState) cause(err error) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.fatal != nil && isCtxErr(err) {
		return r.fatal
	}
	return err
}
