package nodes

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"sync"
	"time"

	"reportengine/evidence"
	"reportengine/ir"
	"reportengine/llm"
	"reportengine/prompts"
	"reportengine/templates"
)

// progressStep is the number of streamed runes between two progress events.
const progressStep = 500

// chapterJob is one chapter's outcome before stitching.
type chapterJob struct {
	res      ChapterResult
	calls    int
	requests int
	failure  *ir.Failure
	warnings []string
	graph    *prompts.GraphResults
	start    time.Time
	// digest is the written chapter's digest (nil for a placeholder),
	// made once: the late chapters and the hero both read it.
	digest *prompts.ChapterDigest
}

// chaptersOut is what the chapters give the assembly.
type chaptersOut struct {
	results   []ChapterResult
	calls     int
	requests  int
	sources   map[string]prompts.GraphSource
	failures  []ir.Failure
	digests   []*prompts.ChapterDigest // per chapter, nil for a placeholder
	layout    LayoutOutput
	followUps followUpsResult
}

// layout runs Layout (or reuses the saved layout of the same template),
// the stage reported started at start; a model error that ends the run
// stops every stage.
func (r *runState) layout(ctx context.Context, start time.Time) (LayoutOutput, error) {
	cfg := r.cfg
	deps := digestOf(r.tpl.Name, r.sections)
	if out := (LayoutOutput{}); r.work.load(workLayout, deps, &out) {
		out.Calls, out.Requests = 0, 0
		r.layoutRec = r.stageReused(StageLayout, start)
		return out, nil
	}
	lay := Layout{Model: r.planModel, Planner: r.steps.planner, PromptTokens: cfg.PromptTokens,
		Temperature: cfg.PlanTemperature, MaxOutputTokens: cfg.MaxOutputTokens}
	out, err := lay.Run(ctx, LayoutInput{Topic: r.in.Topic, Template: r.tpl, Sections: r.sections, Graph: r.stats, States: r.in.States})
	if err != nil {
		return out, r.planFail(ctx, StageLayout, start, err)
	}
	r.layoutRec = r.stageEnd(StageLayout, start, out.Fallback, out.Calls, out.Requests, out.Problem)
	if out.Err == nil {
		r.work.save(workLayout, StageLayout, deps, out)
	}
	return out, nil
}

// budget runs WordBudget on the layout (or reuses the budget saved for
// the same layout).
func (r *runState) budget(ctx context.Context, lay LayoutOutput) (WordBudgetOutput, error) {
	cfg := r.cfg
	start := r.stageStart(StageBudget)
	deps := digestOf(r.tpl.Name, r.sections, lay.Layout)
	if out := (WordBudgetOutput{}); r.work.load(workBudget, deps, &out) {
		out.Calls, out.Requests = 0, 0
		r.budgetRec = r.stageReused(StageBudget, start)
		return out, nil
	}
	wb := WordBudget{Model: r.planModel, Budgeter: r.steps.budgeter, Temperature: cfg.PlanTemperature,
		MaxOutputTokens: cfg.MaxOutputTokens}
	out, err := wb.Run(ctx, WordBudgetInput{Topic: r.in.Topic, Sections: r.sections, Layout: lay.Layout})
	if err != nil {
		return out, r.planFail(ctx, StageBudget, start, err)
	}
	r.budgetRec = r.stageEnd(StageBudget, start, out.Fallback, out.Calls, out.Requests, out.Problem)
	if out.Err == nil {
		r.work.save(workBudget, StageBudget, deps, out)
	}
	return out, nil
}

// planFail is stageFail for the layout or the budget, which also stops
// every stage.
func (r *runState) planFail(ctx context.Context, name string, start time.Time, err error) error {
	err = r.stageFail(ctx, name, start, err)
	r.stop(err)
	return err
}

// query runs chapter i's graph query rounds, at once: the first decision
// states the chapter's title and outline and the other chapters'; the
// later ones also the word budget's target words, emphasis and role (they
// wait for it), as BettaFish passes the budget's rationale and target
// words. A model error that ends the run stops every stage. The rounds are
// saved to the work area once the budget is made (they are valid for that
// budget), and reused from it when saved for the same budget.
func (r *runState) query(ctx context.Context, i int, budget *later[WordBudgetOutput]) (GraphQueryOutput, error) {
	sec := r.sections[i]
	job := &r.jobs[i]
	job.start = r.cfg.Now()
	job.res.Section = sec
	d, t := r.counts()
	r.ev.emit(Event{Kind: KindChapter, ChapterID: sec.ChapterID, Title: sec.Title, Status: StatusRunning, Done: d, Total: t})
	var gq GraphQueryOutput
	if r.engine == nil || r.cfg.QueryRounds <= 0 {
		return gq, nil
	}
	name := workName("query", chapterFile(sec))
	deps := func() (string, error) {
		wb, err := budget.get(ctx)
		return digestOf(r.tpl.Name, r.sections, i, wb.Chapters), err
	}
	if r.work.has(name) {
		d, err := deps()
		if err != nil {
			return gq, err
		}
		if r.work.load(name, d, &gq) {
			gq.Calls, gq.Requests = 0, 0
			return job.queried(gq), nil
		}
	}
	briefs := func(bs map[string]prompts.ChapterBudget) (prompts.ChapterBrief, []prompts.ChapterBrief) {
		brief := func(s templates.Section) prompts.ChapterBrief {
			b := bs[s.ChapterID]
			return prompts.ChapterBrief{ChapterID: s.ChapterID, Title: s.Title, Role: b.Rationale, TargetWords: b.TargetWords,
				Emphasis: b.Emphasis, Outline: s.Outline}
		}
		var others []prompts.ChapterBrief
		for j, s := range r.sections {
			if j != i {
				o := brief(s)
				o.Role, o.TargetWords = "", 0 // what they cover, not how long
				others = append(others, o)
			}
		}
		return brief(sec), others
	}
	chapter, others := briefs(nil)
	g := GraphQuery{Model: r.chapterModel, Decider: r.steps.decider, Engine: r.engine, Stats: *r.stats, Rounds: r.cfg.QueryRounds,
		PromptTokens: r.cfg.PromptTokens, Temperature: r.cfg.PlanTemperature,
		MaxOutputTokens: r.cfg.MaxOutputTokens}
	gq, err := g.Run(ctx, GraphQueryInput{Topic: r.in.Topic, TemplateName: r.tpl.Name, Chapter: chapter, Others: others,
		Planned: func(ctx context.Context) (prompts.ChapterBrief, []prompts.ChapterBrief, error) {
			wb, err := budget.get(ctx)
			c, o := briefs(wb.Chapters)
			return c, o, err
		}})
	if err != nil {
		if !isCtxErr(err) {
			r.stop(err)
		}
		return gq, err
	}
	if r.work != nil && !gq.Stopped {
		if d, err := deps(); err == nil {
			r.work.save(name, fmt.Sprintf("chapter %s graph queries", sec.ChapterID), d, gq)
		}
	}
	return job.queried(gq), nil
}

// queried records the chapter's graph query rounds gq and returns them.
func (job *chapterJob) queried(gq GraphQueryOutput) GraphQueryOutput {
	job.calls += gq.Calls
	job.requests += gq.Requests
	job.warnings = append(job.warnings, gq.Warnings...)
	job.graph = gq.Results
	job.res.QueryRounds = gq.Rounds
	return gq
}

// counts are the chapters finished and the chapters of the report.
func (r *runState) counts() (int, int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.done, len(r.sections)
}

// makePlan is the evidence plan: once every chapter's graph queries are
// done (their results are rounds of the plan) and the local-search
// retrieval is built (it maps each sub-point to its candidates). It looks
// the sources chapters may cite up in the graph meanwhile.
func (r *runState) makePlan(ctx context.Context, queries []*later[GraphQueryOutput], retrieval *later[*evidenceRetrieval]) error {
	gqs := make([]GraphQueryOutput, len(queries))
	for i, q := range queries {
		var err error
		if gqs[i], err = q.get(ctx); err != nil {
			return err
		}
	}
	start := r.stageStart(StageEvidence)
	rounds := evidence.Rounds{}
	for i, s := range r.sections {
		rounds[s.ChapterID] = gqs[i].RoundKeys
	}
	specs := chapterSpecs(r.sections)
	opts := evidence.PlanOptions{PerSubPoint: planPerSubPoint(r.cfg.PromptTokens)}
	problem := ""
	if retrieval != nil {
		ret, err := retrieval.get(ctx)
		if err == nil {
			opts.Candidates, err = ret.candidates(ctx, specs)
		}
		switch {
		case ctx.Err() != nil:
			return ctx.Err()
		case err != nil:
			problem = err.Error()
			r.warn("%s: local-search retrieval failed, every item was scored against every sub-point: %v", StageEvidence, err)
		default:
			r.retrieved = ret
		}
	}
	r.plan = evidence.MakePlanWith(r.evidence, r.in.Topic, specs, rounds, opts)
	r.planIDs = planIDs(r.plan)
	r.place = evidence.PlaceEssentials(specs)
	for _, id := range essentialIDs(r.essentials) {
		r.planIDs[id] = true // a chapter may cite the records behind an essential figure
	}
	r.evidenceStage = r.stageEnd(StageEvidence, start, problem != "", 0, 0, problem)
	r.evidenceStage.Seconds += r.collectSeconds
	return nil
}

// generate writes chapter i from its planned evidence (and, for summary
// and closing chapters, the digests of the chapters written before), then
// reports it done. A model error that ends the run stops every stage. A
// valid chapter (ready or sparse; not a degraded one or a placeholder) is
// saved to the work area; one saved there from the same input
// (chapterDeps) is reused instead of written.
func (r *runState) generate(ctx context.Context, i int, gq GraphQueryOutput, lay LayoutOutput, wb WordBudgetOutput,
	digests []prompts.ChapterDigest) error {
	sec, job := r.sections[i], &r.jobs[i]
	in := r.chapterInput(i, lay, wb, digests)
	name, deps := workName("chapter", chapterFile(sec)), ""
	if r.work != nil {
		deps = r.chapterDeps(in, gq)
	}
	var out ChapterGenOutput
	reused := r.work.load(name, deps, &out)
	if reused {
		out.Attempts, out.Requests = 0, 0
	} else {
		var err error
		out, err = r.chapterGen(sec, job).Run(ctx, in)
		job.calls += out.Attempts
		job.requests += out.Requests
		if err != nil {
			if !isCtxErr(err) {
				r.stop(err)
			}
			return err
		}
		if out.Status == ChapterReady || out.Status == ChapterSparse {
			r.work.save(name, "chapter "+sec.ChapterID, deps, out)
		}
	}
	job.res.Chapter, job.res.Status, job.res.Errors, job.res.Normalized = out.Chapter, out.Status, out.Errors, out.Normalized
	job.res.Attempts, job.res.Requests, job.res.Partial, job.res.Err = out.Attempts, job.requests, out.Partial, out.Err
	job.res.Reused = reused
	job.failure = out.Failure
	job.warnings = append(job.warnings, out.Warnings...)
	if out.Status != ChapterPlaceholder {
		job.warnings = append(job.warnings, checkClaims(&out.Chapter, r.evidence, in.Essentials)...)
		d := digest(job.res.Chapter, r.plan.Chapters[i], r.in.ForumOtherRun)
		job.digest = &d
	}
	job.res.Seconds = r.seconds(job.start)
	r.mu.Lock()
	r.done++
	done := r.done
	r.mu.Unlock()
	st := StatusDone
	if job.res.Status == ChapterPlaceholder {
		st = StatusFailed
	}
	msg := job.res.Status
	if reused {
		msg += "; " + reusedNote
	}
	r.ev.emit(Event{Kind: KindChapter, ChapterID: sec.ChapterID, Title: sec.Title, Status: st,
		Message: msg, Done: done, Total: len(r.sections), Seconds: job.res.Seconds})
	return nil
}

// chapterDeps is the digest of what a chapter is written from: its input,
// the graph query rounds' results and keywords (gq) and, for the citation
// check, the ids of the evidence plan; not the states and the forum log
// (the RunKey's inputs).
func (r *runState) chapterDeps(in ChapterGenInput, gq GraphQueryOutput) string {
	ids := make([]string, 0, len(r.planIDs))
	for id := range r.planIDs {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return digestOf(in.Topic, in.TemplateName, in.ReportTitle, in.Section, in.Constraints, gq.Results, gq.Keywords,
		in.SubPoints, in.OtherChapters, in.Digests, in.ReportDate, ids)
}

// chapterGen is the ChapterGen of one chapter, its progress and retries
// reported as events.
func (r *runState) chapterGen(sec templates.Section, job *chapterJob) ChapterGen {
	lastProgress := 0
	return ChapterGen{Model: r.chapterModel, Writer: r.steps.writer, PromptTokens: r.cfg.PromptTokens,
		Temperature: r.cfg.ProseTemperature, PlanTemperature: r.cfg.PlanTemperature, MaxOutputTokens: r.cfg.MaxOutputTokens,
		OnDelta: func(n int) {
			if n-lastProgress >= progressStep {
				lastProgress = n
				r.ev.emit(Event{Kind: KindProgress, ChapterID: sec.ChapterID, Title: sec.Title,
					Message: fmt.Sprintf("%d characters received", n)})
			}
		},
		OnRetry: func(n int, err error) {
			lastProgress = 0
			d, t := r.counts()
			r.ev.emit(Event{Kind: KindChapter, ChapterID: sec.ChapterID, Title: sec.Title, Status: StatusRetrying,
				Message: fmt.Sprintf("attempt %d: %s", n, plainReason(err)), Done: d, Total: t})
		}}
}

// chapterInput is what chapter i is written from: the layout's title and
// plan entry, the budget's words, the planned evidence (with what the
// graph rounds found).
func (r *runState) chapterInput(i int, lay LayoutOutput, wb WordBudgetOutput, digests []prompts.ChapterDigest) ChapterGenInput {
	sec, cp := r.sections[i], r.plan.Chapters[i]
	plan := planEntry(lay.Layout, sec.ChapterID)
	budget := wb.Chapters[sec.ChapterID]
	cons := prompts.Constraints{Language: "zh-CN", AllowedBlocks: chapterBlockTypes, AllowSwot: plan.AllowSwot,
		AllowPest: plan.AllowPest, WordTarget: budget.TargetWords, MinWords: budget.MinWords, MaxWords: budget.MaxWords,
		Emphasis: budget.Emphasis}
	var others []string
	for _, s := range r.sections {
		if s.Title != sec.Title {
			others = append(others, s.Title)
		}
	}
	return ChapterGenInput{Topic: r.in.Topic, TemplateName: r.tpl.Name, ReportTitle: lay.Layout.Title,
		Section: sec, Constraints: cons,
		SubPoints: subPointBriefs(r.evidence, cp, r.in.ForumOtherRun), OtherChapters: others, Digests: digests, ReportDate: r.reportDate,
		Essentials: chapterEssentials(r.essentials, r.place, cp),
		Known:      func(id string) bool { return r.planIDs[id] }}
}

// lateChapters writes the summary and closing chapters, concurrently, once
// every other chapter is written: from their digests, the summary chapter
// without the findings the hero states (findingsHero picks them from the
// same digests), so that a finding is printed in its chapter and once
// more at most, and without those its chapter keeps (summaryStays).
func (r *runState) lateChapters(ctx context.Context, s *stages,
	ready func() ([]GraphQueryOutput, LayoutOutput, WordBudgetOutput, error)) error {
	if err := waitAll(ctx, s.early); err != nil {
		return err
	}
	gqs, lay, wb, err := ready()
	if err != nil {
		return err
	}
	var digests []prompts.ChapterDigest
	for i, sec := range r.sections {
		if !lateChapter(sec) && r.jobs[i].digest != nil {
			digests = append(digests, *r.jobs[i].digest)
		}
	}
	forSummary := withoutHeroFindings(digests, r.evidence, r.heroRunOf())
	written := make([]ChapterResult, len(r.jobs)) // the chapters written so far (the late ones not yet)
	for i, j := range r.jobs {
		written[i] = j.res
	}
	var wg sync.WaitGroup
	errs := make([]error, len(r.sections))
	for i, sec := range r.sections {
		if !lateChapter(sec) {
			continue
		}
		d := digests
		if summaryChapter(sec) {
			d = summaryStays(forSummary, written, i)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = r.generate(ctx, i, gqs[i], lay, wb, d)
		}()
	}
	wg.Wait()
	return cmp.Or(errs...)
}

// collectChapters gathers the chapter results in template order.
func (r *runState) collectChapters() chaptersOut {
	co := chaptersOut{results: make([]ChapterResult, len(r.jobs)), sources: map[string]prompts.GraphSource{},
		digests: make([]*prompts.ChapterDigest, len(r.jobs))}
	for i, j := range r.jobs {
		co.results[i] = j.res
		co.digests[i] = j.digest
		co.calls += j.calls
		co.requests += j.requests
		if j.failure != nil {
			co.failures = append(co.failures, *j.failure)
		}
		for _, w := range j.warnings {
			r.warn("%s", w)
		}
		if j.graph != nil {
			for _, s := range j.graph.Sources {
				if _, ok := co.sources[s.ID]; !ok {
					co.sources[s.ID] = s
				}
			}
		}
	}
	return co
}

func planEntry(l prompts.LayoutReply, id string) prompts.TOCPlanEntry {
	if i := slices.IndexFunc(l.TOCPlan, func(e prompts.TOCPlanEntry) bool { return e.ChapterID == id }); i >= 0 {
		return l.TOCPlan[i]
	}
	return prompts.TOCPlanEntry{}
}

// callSlots bounds the model calls in flight, first come first served.
// Bounding calls rather than chapters keeps every slot busy while chapters
// are at different steps: 6 chapters × 4 calls with 4 slots take 6 call
// times, not 8 (two waves of 4 chapters × 4 calls).
type callSlots struct {
	mu      sync.Mutex
	free    int
	waiting []chan struct{}
}

func newCallSlots(n int) *callSlots { return &callSlots{free: n} }

func (s *callSlots) acquire(ctx context.Context) error {
	s.mu.Lock()
	if s.free > 0 {
		s.free--
		s.mu.Unlock()
		return nil
	}
	ch := make(chan struct{})
	s.waiting = append(s.waiting, ch)
	s.mu.Unlock()
	select {
	case <-ch:
		return nil
	case <-ctx.Done():
		s.mu.Lock()
		if i := slices.Index(s.waiting, ch); i >= 0 {
			s.waiting = slices.Delete(s.waiting, i, i+1)
			s.mu.Unlock()
			return ctx.Err()
		}
		s.mu.Unlock()
		s.release() // granted while we were giving up: pass it on
		return ctx.Err()
	}
}

// release frees a slot: the longest waiting call gets it.
func (s *callSlots) release() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.waiting) > 0 {
		close(s.waiting[0])
		s.waiting = s.waiting[1:]
		return
	}
	s.free++
}

// limitedModel passes calls to Model through the call slots.
type limitedModel struct {
	llm.Model
	slots *callSlots
}

func (m *limitedModel) Complete(ctx context.Context, req llm.Request) (llm.Response, error) {
	if err := m.slots.acquire(ctx); err != nil {
		return llm.Response{}, err
	}
	defer m.slots.release()
	return m.Model.Complete(ctx, req)
}

func (m *limitedModel) Stream(ctx context.Context, req llm.Request, fn func(llm.Chunk) error) (llm.Response, error) {
	if err := m.slots.acquire(ctx); err != nil {
		return llm.Response{}, err
	}
	defer m.slots.release()
	return m.Model.Stream(ctx, req, fn)
}
