package nodes

import (
	"context"
	"errors"
	"fmt"

	"reportengine/evidence"
	"reportengine/ir"
	"reportengine/prompts"
	"reportengine/render"
)

// followUpsResult is the follow-up stage's outcome: the questions, its
// warnings (added after the chapters', in that order) and its manifest
// record (nil when the stage did not run).
type followUpsResult struct {
	questions []string
	warnings  []string
	rec       *StageRecord
}

// followUps proposes the follow-up questions. With the evidence plan's
// retrieval they are built on its context builder, beside the chapters;
// without it on the sources the chapters cite, after them. It runs only
// with a non-empty graph; a failure is a
// warning and a "fallback" record, never the run's error (a cancelled ctx
// aside).
func (r *runState) followUps(ctx context.Context, s *stages) (followUpsResult, error) {
	var res followUpsResult
	in, cfg := r.in, r.cfg
	if in.Graph == nil || in.Graph.NodeCount() == 0 {
		return res, nil
	}
	if _, err := s.plan.get(ctx); err != nil {
		return res, err
	}
	fi := FollowUpsInput{Graph: in.Graph, Topic: in.Topic}
	if r.retrieved != nil {
		fi.Builder = r.retrieved.builder
	} else {
		if err := waitAll(ctx, s.chapters()); err != nil {
			return res, err
		}
		results := make([]ChapterResult, len(r.jobs))
		for i := range r.jobs {
			results[i] = r.jobs[i].res
		}
		fi.Cited = citedURLs(results, r.evidence)
	}
	start := r.stageStart(StageFollowUp)
	deps := digestOf(StageFollowUp, fi.Builder != nil, fi.Cited)
	var fo FollowUpsOutput
	if r.work.load(workFollowUps, deps, &fo) {
		return followUpsResult{questions: fo.Questions, warnings: droppedWarnings(fo), rec: new(r.stageReused(StageFollowUp, start))}, nil
	}
	fu := FollowUps{Model: r.chapterModel, Offline: cfg.Offline, Embedders: cfg.Embedders,
		Temperature: cfg.ProseTemperature, MaxOutputTokens: cfg.MaxOutputTokens}
	fo, err := fu.Run(ctx, fi)
	if err != nil {
		if ctx.Err() != nil {
			return res, ctx.Err()
		}
		res.warnings = append(res.warnings, fmt.Sprintf("%s: %v", StageFollowUp, err))
		res.rec = new(r.stageEnd(StageFollowUp, start, true, fo.Calls, fo.Calls, err.Error()))
		return res, nil
	}
	r.work.save(workFollowUps, StageFollowUp, deps, fo)
	rec := r.stageEnd(StageFollowUp, start, false, fo.Calls, fo.Calls, "")
	return followUpsResult{questions: fo.Questions, warnings: droppedWarnings(fo), rec: &rec}, nil
}

// droppedWarnings are the manifest warnings of follow-up questions that
// were dropped: answerable from nothing in the graph, or unfit (FollowUpsOutput.Unfit).
func droppedWarnings(fo FollowUpsOutput) []string {
	var out []string
	for _, q := range fo.Dropped {
		out = append(out, fmt.Sprintf("%s: dropped %q: local search finds nothing for it in the graph", StageFollowUp, q))
	}
	for _, q := range fo.Unfit {
		out = append(out, fmt.Sprintf("%s: dropped %s", StageFollowUp, q))
	}
	return out
}

// assemble makes the Result of the written chapters: the chapters' record
// (an error when every chapter failed), the hero, the follow-up
// questions, the stitched document, its HTML and Markdown, the manifest.
func (r *runState) assemble(ctx context.Context, co chaptersOut) (*Result, error) {
	if err := r.chaptersRecord(ctx, co); err != nil {
		return nil, err
	}
	dropEmptyQuadrants(co.results)
	printOnce(co.results)
	printFiguresOnce(co.results)
	pointChapters(co.results, r.evidence)
	settle(co.results)
	layout := co.layout.Layout
	layout.Hero = r.hero(co)
	for _, w := range co.followUps.warnings {
		r.warn("%s", w)
	}
	if co.followUps.rec != nil {
		r.man.Stages = append(r.man.Stages, *co.followUps.rec)
	}
	start := r.stageStart(StageStitch)
	results := co.results
	doc, err := Stitch{}.Run(ctx, StitchInput{
		ReportID: r.reportID, Topic: r.in.Topic, GraphID: r.in.GraphID, Template: r.tpl, TemplateReason: r.man.TemplateReason,
		Layout: layout, LayoutNotes: co.layout.Notes, Chapters: results, Generator: r.cfg.Model.Info(),
		GeneratedAt: r.cfg.Now(), Sources: co.sources, Graph: r.graphSrc.g, Failures: co.failures,
		Notices: r.notices, Evidence: r.evidence,
	})
	if err != nil {
		return nil, err
	}
	for i := range results {
		results[i].Chapter = doc.Chapters[i]
	}
	doc.Metadata.FollowUps = co.followUps.questions
	if verr := ir.ValidateDocument(doc); verr != nil {
		r.warn("%s: the stitched document does not validate: %v", StageStitch, verr)
	}
	r.man.Stages = append(r.man.Stages, r.stageEnd(StageStitch, start, false, 0, 0, ""))
	res := &Result{Document: doc, Chapters: results, Evidence: r.evidenceFile()}
	r.manifestChapters(results, doc)
	rerr := r.render(res)
	r.manifestWarnings(results, co.layout.Warnings)
	res.Manifest = r.man
	return res, rerr
}

// chaptersRecord adds the evidence and chapters stages to the manifest
// and the notices of degraded chapters; every chapter a placeholder is
// an AllChaptersFailedError.
func (r *runState) chaptersRecord(ctx context.Context, co chaptersOut) error {
	r.man.Stages = append(r.man.Stages, r.evidenceStage)
	failed := 0
	for _, cr := range co.results {
		switch cr.Status {
		case ChapterPlaceholder:
			failed++
		case ChapterDegraded:
			r.notices = append(r.notices, fmt.Sprintf("「%s」一章中有内容未通过格式校验，已在原处以提示代替。", cr.Section.Title))
		}
	}
	if failed > 0 && failed == len(co.results) {
		// Nothing was generated: a report of placeholders only would look
		// like a result. Report the first chapter's reason as the error.
		err := &AllChaptersFailedError{Chapters: failed, First: firstFailure(co.results)}
		return r.stageFail(ctx, StageChapters, r.chStart, err)
	}
	status, problem := StatusDone, ""
	if failed > 0 {
		status = StatusPartial
		problem = fmt.Sprintf("%d of %d chapters are placeholders", failed, len(co.results))
	}
	r.man.Stages = append(r.man.Stages, StageRecord{Name: StageChapters, Status: status, Seconds: r.seconds(r.chStart),
		Calls: co.calls, Requests: co.requests, Error: problem})
	r.ev.emit(Event{Kind: KindStage, Stage: StageChapters, Status: status, Message: problem, Seconds: r.seconds(r.chStart)})
	return nil
}

// hero is the layout's hero stating the report's findings, written from
// the chapters' digests (the summary chapters' text is left out of it).
func (r *runState) hero(co chaptersOut) ir.Hero {
	hero := co.layout.Layout.Hero
	if r.plan == nil {
		return hero
	}
	var digests []prompts.ChapterDigest
	var summaries []ir.Chapter
	for i, cr := range co.results {
		if summaryChapter(cr.Section) {
			summaries = append(summaries, cr.Chapter)
		} else if i < len(co.digests) && co.digests[i] != nil {
			digests = append(digests, *co.digests[i])
		}
	}
	return findingsHero(hero, analysisFirst(digests, r.evidence), printedIn(summaries), r.heroRunOf(),
		r.cfg.Model.Info().Extractive, len(summaries) > 0)
}

// manifestChapters records the chapters and the report's status.
func (r *runState) manifestChapters(results []ChapterResult, doc *ir.Document) {
	for _, cr := range results {
		rec := ChapterRecord{ChapterID: cr.Section.ChapterID, Title: cr.Section.Title, Slug: cr.Section.Slug,
			Order: cr.Section.Order, Status: cr.Status, File: chapterFile(cr.Section), Errors: cr.Errors,
			Normalized: cr.Normalized, Attempts: cr.Attempts, Requests: cr.Requests, QueryRounds: cr.QueryRounds, Seconds: cr.Seconds,
			Reused: cr.Reused}
		if cr.Partial != "" {
			rec.PartialFile = partialFile(cr.Section)
		}
		r.man.Chapters = append(r.man.Chapters, rec)
	}
	r.man.Failures = doc.Metadata.Failures
	r.man.Status = "complete"
	if len(r.man.Failures) > 0 {
		r.man.Status = "partial"
	}
}

// render fills res.HTML and res.Markdown; on failure both stay nil and the
// error names the stage.
func (r *runState) render(res *Result) error {
	start := r.stageStart(StageRender)
	var err error
	res.HTML, err = render.HTML(res.Document)
	if err == nil {
		res.Markdown, err = render.Markdown(res.Document)
	}
	if err != nil {
		res.HTML, res.Markdown = nil, nil
		err = fmt.Errorf("%s: %w", StageRender, err)
		r.man.Stages = append(r.man.Stages, StageRecord{Name: StageRender, Status: StatusFailed, Seconds: r.seconds(start), Error: err.Error()})
		r.ev.emit(Event{Kind: KindStage, Stage: StageRender, Status: StatusFailed, Message: err.Error()})
		return err
	}
	r.man.Stages = append(r.man.Stages, r.stageEnd(StageRender, start, false, 0, 0, ""))
	return nil
}

// manifestWarnings are the input's log warnings, the notices, the layout's
// fixes, the run's warnings and the thin chapters, in that order.
func (r *runState) manifestWarnings(results []ChapterResult, layoutWarnings []string) {
	w := append([]string(nil), r.in.LogWarnings...)
	w = append(w, r.notices...)
	w = append(w, layoutWarnings...)
	r.mu.Lock()
	w = append(w, r.warnings...)
	r.mu.Unlock()
	if r.work != nil {
		for _, s := range r.work.Skipped() {
			w = append(w, "work area: skipped "+s+" (made again)")
		}
		if err := r.work.SaveError(); err != nil {
			w = append(w, fmt.Sprintf("work area: %v (a resumed run asks the model again for it)", err))
		}
	}
	for _, cr := range results {
		if cr.Status == ChapterSparse {
			w = append(w, fmt.Sprintf("chapter %s (%s) is thin: kept as written", cr.Section.ChapterID, cr.Section.Title))
		}
	}
	r.man.Warnings = append(r.man.Warnings, w...)
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

// settle judges each chapter's density again, now that each paragraph is
// printed once (what is left may be thin: a ready chapter under ir's
// thresholds becomes ChapterSparse, with the measured numbers in its
// Errors), and then gives a speaker's passages in a row one lead-in
// (leadOnce) — after the judgement, since a lead-in left out is
// connective text, not content: the sample's 4.2 (582 body runes once
// joined) is no thinner for it.
func settle(results []ChapterResult) {
	for i := range results {
		cr := &results[i]
		if derr := ir.CheckDensity(&cr.Chapter); cr.Status == ChapterReady && errors.Is(derr, ir.ErrSparse) {
			cr.Status = ChapterSparse
			cr.Errors = append(cr.Errors, "chapter "+cr.Section.ChapterID+" (each paragraph printed once): "+derr.Error())
		}
	}
	leadOnce(results)
}
