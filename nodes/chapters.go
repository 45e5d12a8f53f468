package nodes

import (
	"context"
	"fmt"
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
	fatal    error // a model error that ends the run (fatalChapterErr)
	start    time.Time
	// digest is the written chapter's digest (nil for a placeholder),
	// made once: the late chapters and the hero both read it.
	digest *prompts.ChapterDigest
}

// reportPlan is the layout and word budget, which the graph query rounds
// (each decision states the chapter's target words and emphasis) and
// chapter generation need: chapters wait on ready before their first
// call. err is set (before ready closes) when the plan failed.
type reportPlan struct {
	ready  chan struct{}
	layout prompts.LayoutReply
	budget WordBudgetOutput
	err    error
}

// chaptersOut is what chapters returns.
type chaptersOut struct {
	results  []ChapterResult
	calls    int
	requests int
	sources  map[string]prompts.GraphSource
	failures []ir.Failure
	digests  []*prompts.ChapterDigest // per chapter, nil for a placeholder
	err      error
}

// chapters runs, for every section, GraphQuery (all chapters at once),
// then the EvidencePlan over all of them, then ChapterGen: first the
// chapters that do not summarise others (concurrently), then the summary
// and closing chapters (concurrently) with the others' digests. Model calls
// are bounded by the shared limiter; results come in template order. A
// chapter never fails the others; a cancelled ctx or a failed plan stops
// them all and is the only error.
func (r *runState) chapters(ctx context.Context, model llm.Model, tpl templates.Template, secs []templates.Section,
	pl *reportPlan) chaptersOut {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var fatalOnce sync.Once
	var fatal error
	jobs := make([]chapterJob, len(secs))
	gqs := make([]GraphQueryOutput, len(secs))
	var mu sync.Mutex
	done := 0
	total := len(secs)
	counts := func() (int, int) { mu.Lock(); defer mu.Unlock(); return done, total }
	each := func(pick func(i int) bool, fn func(i int)) {
		var wg sync.WaitGroup
		for i := range secs {
			if !pick(i) {
				continue
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				fn(i)
				if err := jobs[i].fatal; err != nil {
					fatalOnce.Do(func() { fatal = err; cancel() })
				}
			}()
		}
		wg.Wait()
	}
	all := func(int) bool { return true }
	each(all, func(i int) { gqs[i] = r.query(ctx, model, tpl, secs, i, pl, &jobs[i], counts) })
	if fatal == nil && ctx.Err() == nil {
		select {
		case <-pl.ready:
		case <-ctx.Done():
		}
	}
	if fatal == nil && ctx.Err() == nil && pl.err == nil {
		start := r.stageStart(StageEvidence)
		rounds := evidence.Rounds{}
		for i, s := range secs {
			rounds[s.ChapterID] = gqs[i].RoundKeys
		}
		specs := chapterSpecs(secs)
		opts := evidence.PlanOptions{PerSubPoint: planPerSubPoint(r.cfg.PromptTokens)}
		// the sources chapters can link to and cite (the evidence's and the
		// query results'), looked up in the graph beside the plan
		prefetched := make(chan graphSources, 1)
		go func() { prefetched <- prefetchSources(r.graphSrc.g, sourceURLs(r.evidence, gqs)) }()
		problem := ""
		if r.retrieval != nil {
			ret := <-r.retrieval
			if ret.err == nil {
				opts.Candidates, ret.err = ret.r.candidates(ctx, specs)
			}
			switch {
			case ctx.Err() != nil:
				return chaptersOut{err: ctx.Err()}
			case ret.err != nil:
				problem = ret.err.Error()
				r.warn("%s: local-search retrieval failed, every item was scored against every sub-point: %v", StageEvidence, ret.err)
			default:
				r.retrieved = ret.r
			}
		}
		r.plan = evidence.MakePlanWith(r.evidence, r.in.Topic, specs, rounds, opts)
		r.planIDs = planIDs(r.plan)
		r.evidenceStage = r.stageEnd(StageEvidence, start, problem != "", 0, 0, problem)
		r.evidenceStage.Seconds += r.collectSeconds
		r.graphSrc = <-prefetched
		titles := make([]string, len(secs))
		for i, s := range secs {
			titles[i] = s.Title
		}
		gen := func(digests []prompts.ChapterDigest) func(i int) {
			return func(i int) {
				r.generate(ctx, model, tpl, secs[i], pl, gqs[i], &jobs[i], titles, digests, counts)
				if jobs[i].fatal != nil || ctx.Err() != nil {
					return
				}
				if jobs[i].res.Status != ChapterPlaceholder {
					d := digest(jobs[i].res.Chapter, r.plan.Chapters[i])
					jobs[i].digest = &d
				}
				mu.Lock()
				done++
				d := done
				mu.Unlock()
				st := StatusDone
				if jobs[i].res.Status == ChapterPlaceholder {
					st = StatusFailed
				}
				r.ev.emit(Event{Kind: KindChapter, ChapterID: secs[i].ChapterID, Title: secs[i].Title, Status: st,
					Message: jobs[i].res.Status, Done: d, Total: total, Seconds: jobs[i].res.Seconds})
			}
		}
		each(func(i int) bool { return !lateChapter(secs[i]) }, gen(nil))
		if fatal == nil && ctx.Err() == nil {
			var digests []prompts.ChapterDigest
			for i, s := range secs {
				if !lateChapter(s) && jobs[i].digest != nil {
					digests = append(digests, *jobs[i].digest)
				}
			}
			// a summary chapter leaves out the findings the hero states
			// (findingsHero picks them from the same digests): a finding
			// is printed in its chapter and once more at most
			late, summary := gen(digests), gen(withoutHeroFindings(digests, r.evidence))
			each(func(i int) bool { return lateChapter(secs[i]) }, func(i int) {
				if summaryChapter(secs[i]) {
					summary(i)
				} else {
					late(i)
				}
			})
		}
	}
	if fatal != nil {
		return chaptersOut{err: fatal}
	}
	if err := ctx.Err(); err != nil {
		return chaptersOut{err: err}
	}
	if pl.err != nil {
		return chaptersOut{err: pl.err}
	}
	results := make([]ChapterResult, len(jobs))
	calls, requests := 0, 0
	sources := map[string]prompts.GraphSource{}
	var failures []ir.Failure
	digests := make([]*prompts.ChapterDigest, len(jobs))
	for i, j := range jobs {
		results[i] = j.res
		digests[i] = j.digest
		calls += j.calls
		requests += j.requests
		if j.failure != nil {
			failures = append(failures, *j.failure)
		}
		for _, w := range j.warnings {
			r.warn("%s", w)
		}
		if j.graph != nil {
			for _, s := range j.graph.Sources {
				if _, ok := sources[s.ID]; !ok {
					sources[s.ID] = s
				}
			}
		}
	}
	return chaptersOut{results: results, calls: calls, requests: requests, sources: sources, failures: failures, digests: digests}
}

// query runs chapter i's graph query rounds. They wait for the layout and
// word budget, so that every decision knows the chapter's target words,
// emphasis and role and what the other chapters cover (as BettaFish passes
// the budget's rationale and target words); a failed plan or a cancelled
// ctx ends them before any call.
func (r *runState) query(ctx context.Context, model llm.Model, tpl templates.Template, secs []templates.Section, i int,
	pl *reportPlan, job *chapterJob, counts func() (int, int)) GraphQueryOutput {
	sec := secs[i]
	job.start = r.cfg.Now()
	d, t := counts()
	r.ev.emit(Event{Kind: KindChapter, ChapterID: sec.ChapterID, Title: sec.Title, Status: StatusRunning, Done: d, Total: t})
	job.res.Section = sec
	var gq GraphQueryOutput
	if r.engine == nil || r.cfg.QueryRounds <= 0 {
		return gq
	}
	select {
	case <-pl.ready:
	case <-ctx.Done():
		return gq
	}
	if pl.err != nil {
		return gq
	}
	brief := func(s templates.Section) prompts.ChapterBrief {
		b := pl.budget.Chapters[s.ChapterID]
		return prompts.ChapterBrief{ChapterID: s.ChapterID, Title: s.Title, Role: b.Rationale, TargetWords: b.TargetWords,
			Emphasis: b.Emphasis, Outline: s.Outline}
	}
	var others []prompts.ChapterBrief
	for j, s := range secs {
		if j != i {
			o := brief(s)
			o.Role, o.TargetWords = "", 0 // what they cover, not how long
			others = append(others, o)
		}
	}
	g := GraphQuery{Model: model, Decider: r.steps.decider, Engine: r.engine, Stats: *r.stats, Rounds: r.cfg.QueryRounds,
		MaxAttempts: r.cfg.MaxAttempts, PromptTokens: r.cfg.PromptTokens, Temperature: r.cfg.PlanTemperature,
		MaxOutputTokens: r.cfg.MaxOutputTokens}
	gq, err := g.Run(ctx, GraphQueryInput{Topic: r.in.Topic, TemplateName: tpl.Name, Chapter: brief(sec), Others: others})
	if err != nil {
		if !isCtxErr(err) {
			job.fatal = err
		}
		return gq
	}
	job.calls += gq.Calls
	job.requests += gq.Requests
	job.warnings = append(job.warnings, gq.Warnings...)
	job.graph = gq.Results
	job.res.QueryRounds = gq.Rounds
	return gq
}

// generate writes one chapter from its planned evidence (and, for summary
// and closing chapters, the digests of the chapters written before).
func (r *runState) generate(ctx context.Context, model llm.Model, tpl templates.Template, sec templates.Section,
	pl *reportPlan, gq GraphQueryOutput, job *chapterJob, titles []string, digests []prompts.ChapterDigest, counts func() (int, int)) {
	plan := planEntry(pl.layout, sec.ChapterID)
	budget := pl.budget.Chapters[sec.ChapterID]
	reportTitle := pl.layout.Title
	cons := prompts.Constraints{Language: "zh-CN", AllowedBlocks: chapterBlockTypes, AllowSwot: plan.AllowSwot,
		AllowPest: plan.AllowPest, WordTarget: budget.TargetWords, MinWords: budget.MinWords, MaxWords: budget.MaxWords,
		Emphasis: budget.Emphasis}
	var cp evidence.ChapterPlan
	for _, c := range r.plan.Chapters {
		if c.ID == sec.ChapterID {
			cp = c
		}
	}
	var others []string
	for _, t := range titles {
		if t != sec.Title {
			others = append(others, t)
		}
	}
	lastProgress := 0
	gen := ChapterGen{Model: model, Writer: r.steps.writer, MaxAttempts: r.cfg.MaxAttempts, PromptTokens: r.cfg.PromptTokens,
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
			d, t := counts()
			r.ev.emit(Event{Kind: KindChapter, ChapterID: sec.ChapterID, Title: sec.Title, Status: StatusRetrying,
				Message: fmt.Sprintf("attempt %d: %s", n, plainReason(err)), Done: d, Total: t})
		}}
	out, err := gen.Run(ctx, ChapterGenInput{Topic: r.in.Topic, TemplateName: tpl.Name, ReportTitle: reportTitle,
		Section: sec, Constraints: cons, Graph: gq.Results, Keywords: gq.Keywords, States: r.in.States, Forum: r.in.Forum,
		SubPoints: subPointBriefs(r.evidence, cp), OtherChapters: others, Digests: digests, ReportDate: r.reportDate,
		Known: func(id string) bool { return r.planIDs[id] }})
	job.calls += out.Attempts
	job.requests += out.Requests
	if err != nil {
		if !isCtxErr(err) {
			job.fatal = err
		}
		return
	}
	if out.Status != ChapterPlaceholder {
		out.Chapter.Sources = chapterSources(&out.Chapter, gq.Results, r.graphSrc)
	}
	job.res.Chapter = out.Chapter
	job.res.Status = out.Status
	job.res.Errors = out.Errors
	job.res.Normalized = out.Normalized
	job.res.Attempts = out.Attempts
	job.res.Requests = job.requests
	job.res.Partial = out.Partial
	job.res.Err = out.Err
	job.failure = out.Failure
	job.warnings = append(job.warnings, out.Warnings...)
	if out.Status != ChapterPlaceholder {
		job.warnings = append(job.warnings, checkClaims(&out.Chapter, r.evidence)...)
	}
	job.res.Seconds = r.seconds(job.start)
}

// planEntry is the layout's tocPlan entry for a chapter (zero if none).
func planEntry(l prompts.LayoutReply, id string) prompts.TOCPlanEntry {
	for _, e := range l.TOCPlan {
		if e.ChapterID == id {
			return e
		}
	}
	return prompts.TOCPlanEntry{}
}

// callSlots bounds the model calls in flight for a whole run. Waiting
// calls are served first-come first-served, except that priority calls
// (the layout and word budget, which every chapter waits for) go before
// all others. Bounding calls rather than chapters keeps every slot busy
// while chapters are at different steps: 6 chapters × 4 calls with 4
// slots take 6 call times, not 8 (two waves of 4 chapters × 4 calls).
type callSlots struct {
	mu        sync.Mutex
	free      int
	high, low []chan struct{}
}

func newCallSlots(n int) *callSlots { return &callSlots{free: n} }

func (s *callSlots) acquire(ctx context.Context, high bool) error {
	s.mu.Lock()
	if s.free > 0 && (high || len(s.high) == 0) {
		s.free--
		s.mu.Unlock()
		return nil
	}
	ch := make(chan struct{})
	if high {
		s.high = append(s.high, ch)
	} else {
		s.low = append(s.low, ch)
	}
	s.mu.Unlock()
	select {
	case <-ch:
		return nil
	case <-ctx.Done():
		s.mu.Lock()
		if removeWaiter(&s.high, ch) || removeWaiter(&s.low, ch) {
			s.mu.Unlock()
			return ctx.Err()
		}
		s.mu.Unlock()
		s.release() // granted while we were giving up: pass it on
		return ctx.Err()
	}
}

func removeWaiter(q *[]chan struct{}, ch chan struct{}) bool {
	for i, c := range *q {
		if c == ch {
			*q = append((*q)[:i], (*q)[i+1:]...)
			return true
		}
	}
	return false
}

func (s *callSlots) release() {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case len(s.high) > 0:
		close(s.high[0])
		s.high = s.high[1:]
	case len(s.low) > 0:
		close(s.low[0])
		s.low = s.low[1:]
	default:
		s.free++
	}
}

// limitedModel passes calls to Model through the run's call slots.
type limitedModel struct {
	llm.Model
	slots    *callSlots
	priority bool
}

func (m *limitedModel) Complete(ctx context.Context, req llm.Request) (llm.Response, error) {
	if err := m.slots.acquire(ctx, m.priority); err != nil {
		return llm.Response{}, err
	}
	defer m.slots.release()
	return m.Model.Complete(ctx, req)
}

func (m *limitedModel) Stream(ctx context.Context, req llm.Request, fn func(llm.Chunk) error) (llm.Response, error) {
	if err := m.slots.acquire(ctx, m.priority); err != nil {
		return llm.Response{}, err
	}
	defer m.slots.release()
	return m.Model.Stream(ctx, req, fn)
}

// sourceURLs are the URLs of the evidence items and of the graph query
// results' sources, in that order (repeats included).
func sourceURLs(set *evidence.Set, gqs []GraphQueryOutput) []string {
	var out []string
	if set != nil {
		for i := range set.Items {
			for _, p := range set.Items[i].Provenance {
				if p.URL != "" {
					out = append(out, p.URL)
				}
			}
		}
	}
	for _, gq := range gqs {
		if gq.Results != nil {
			for _, s := range gq.Results.Sources {
				out = append(out, s.URL)
			}
		}
	}
	return out
}
