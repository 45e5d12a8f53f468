package nodes

import (
	"context"
	"fmt"
	"sync"

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
	failure  *ir.Failure
	warnings []string
	graph    *prompts.GraphResults
	fatal    error // a model error that ends the run (fatalChapterErr)
}

// chapters runs GraphQuery + ChapterGen for every section, each chapter in
// its own goroutine, with at most Concurrency model calls in flight, and
// returns the results in template order. A chapter never fails the others;
// a cancelled ctx stops them all and is the only error.
func (r *runState) chapters(ctx context.Context, tpl templates.Template, secs []templates.Section,
	layout prompts.LayoutReply, budget WordBudgetOutput) ([]ChapterResult, int, map[string]prompts.GraphSource, []ir.Failure, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var fatalOnce sync.Once
	var fatal error
	jobs := make([]chapterJob, len(secs))
	plan := map[string]prompts.TOCPlanEntry{}
	for _, e := range layout.TOCPlan {
		plan[e.ChapterID] = e
	}
	model := &limitedModel{Model: r.cfg.Model, sem: make(chan struct{}, r.cfg.Concurrency)}
	var wg sync.WaitGroup
	var mu sync.Mutex
	done := 0
	total := len(secs)
	for i, sec := range secs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			jobs[i] = r.chapter(ctx, model, tpl, sec, layout.Title, plan[sec.ChapterID], budget.Chapters[sec.ChapterID],
				func() (int, int) { mu.Lock(); defer mu.Unlock(); return done, total })
			if err := jobs[i].fatal; err != nil {
				fatalOnce.Do(func() { fatal = err; cancel() })
				return
			}
			if ctx.Err() != nil {
				return
			}
			mu.Lock()
			done++
			d := done
			mu.Unlock()
			st := StatusDone
			if jobs[i].res.Status == ChapterPlaceholder {
				st = StatusFailed
			}
			r.ev.emit(Event{Kind: KindChapter, ChapterID: sec.ChapterID, Title: sec.Title, Status: st,
				Message: jobs[i].res.Status, Done: d, Total: total, Seconds: jobs[i].res.Seconds})
		}()
	}
	wg.Wait()
	if fatal != nil {
		return nil, 0, nil, nil, fatal
	}
	if err := ctx.Err(); err != nil {
		return nil, 0, nil, nil, err
	}
	results := make([]ChapterResult, len(jobs))
	calls := 0
	sources := map[string]prompts.GraphSource{}
	var failures []ir.Failure
	for i, j := range jobs {
		results[i] = j.res
		calls += j.calls
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
	for _, s := range r.srcByURL {
		if _, ok := sources[s.ID]; !ok {
			sources[s.ID] = s
		}
	}
	return results, calls, sources, failures, nil
}

// chapter runs one chapter's graph queries and generation.
func (r *runState) chapter(ctx context.Context, model llm.Model, tpl templates.Template, sec templates.Section, reportTitle string,
	plan prompts.TOCPlanEntry, budget prompts.ChapterBudget, counts func() (int, int)) chapterJob {
	start := r.cfg.Now()
	d, t := counts()
	r.ev.emit(Event{Kind: KindChapter, ChapterID: sec.ChapterID, Title: sec.Title, Status: StatusRunning, Done: d, Total: t})
	var job chapterJob
	job.res.Section = sec
	brief := prompts.ChapterBrief{ChapterID: sec.ChapterID, Title: sec.Title, Role: budget.Rationale,
		TargetWords: budget.TargetWords, Emphasis: budget.Emphasis, Outline: sec.Outline}
	var gq GraphQueryOutput
	if r.engine != nil && r.cfg.QueryRounds > 0 {
		g := GraphQuery{Model: model, Engine: r.engine, Stats: *r.stats, Rounds: r.cfg.QueryRounds,
			MaxAttempts: r.cfg.MaxAttempts, PromptTokens: r.cfg.PromptTokens}
		var err error
		gq, err = g.Run(ctx, GraphQueryInput{Topic: r.in.Topic, TemplateName: tpl.Name, Chapter: brief})
		if err != nil {
			if !isCtxErr(err) {
				job.fatal = err
			}
			return job
		}
		job.calls += gq.Calls
		job.warnings = append(job.warnings, gq.Warnings...)
		job.graph = gq.Results
		job.res.QueryRounds = gq.Rounds
	}
	cons := prompts.Constraints{Language: "zh-CN", AllowedBlocks: ir.BlockTypes, AllowSwot: plan.AllowSwot,
		AllowPest: plan.AllowPest, WordTarget: budget.TargetWords, MinWords: budget.MinWords, MaxWords: budget.MaxWords,
		Emphasis: budget.Emphasis}
	lastProgress := 0
	gen := ChapterGen{Model: model, MaxAttempts: r.cfg.MaxAttempts, PromptTokens: r.cfg.PromptTokens,
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
		Section: sec, Constraints: cons, Graph: gq.Results, Keywords: gq.Keywords, States: r.in.States, Forum: r.in.Forum})
	job.calls += out.Attempts
	if err != nil {
		if !isCtxErr(err) {
			job.fatal = err
		}
		return job
	}
	if out.Status != ChapterPlaceholder {
		out.Chapter.Sources = chapterSources(&out.Chapter, gq.Results, r.srcByURL)
	}
	job.res.Chapter = out.Chapter
	job.res.Status = out.Status
	job.res.Errors = out.Errors
	job.res.Attempts = out.Attempts
	job.failure = out.Failure
	job.res.Seconds = r.seconds(start)
	return job
}

// limitedModel lets at most cap(sem) calls through at a time. Bounding
// calls rather than chapters keeps every slot busy while chapters are at
// different steps: 6 chapters × 4 calls with 4 slots take 6 call times,
// not 8 (two waves of 4 chapters × 4 calls).
type limitedModel struct {
	llm.Model
	sem chan struct{}
}

func (m *limitedModel) acquire(ctx context.Context) error {
	select {
	case m.sem <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (m *limitedModel) Complete(ctx context.Context, req llm.Request) (llm.Response, error) {
	if err := m.acquire(ctx); err != nil {
		return llm.Response{}, err
	}
	defer func() { <-m.sem }()
	return m.Model.Complete(ctx, req)
}

func (m *limitedModel) Stream(ctx context.Context, req llm.Request, fn func(llm.Chunk) error) (llm.Response, error) {
	if err := m.acquire(ctx); err != nil {
		return llm.Response{}, err
	}
	defer func() { <-m.sem }()
	return m.Model.Stream(ctx, req, fn)
}
