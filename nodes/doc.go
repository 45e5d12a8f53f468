// Package nodes is the report pipeline of reportengine: the stages that
// turn engine states, a forum log and a knowledge graph into a report, one
// type per stage with Run(ctx, in) (out, error), its model step behind a
// small interface with an LLM and an offline implementation, and
// Pipeline, which starts each stage as soon as its inputs exist. It
// follows the BettaFish ReportEngine (reference §1.1) and fixes the
// faults listed below.
//
// # Usage
//
//	p, err := nodes.New(nodes.Config{Model: model, Embedders: fit}) // errors.Is(err, nodes.ErrConfig)
//	if err != nil { … }
//	res, err := p.Run(ctx, nodes.Input{
//		Topic: "李明咖啡店", ReportID: "coffee", GraphID: "coffee", Graph: g,
//		States: states, Forum: entries,
//	})
//	if err != nil { … } // ctx cancelled, empty topic, or a render failure
//	files, err := nodes.Save("reports/coffee", res) // manifest.json is written last
//	if res.Manifest.Status == "partial" { … } // some chapters are placeholders
//
// # Stages
//
//	TemplateSelect  1 call (none when Config.Template is set)   → templates.Template
//	Layout          1 call                                      → title, hero, TOC plan
//	WordBudget      1 call                                      → words per chapter
//	per chapter, all chapters concurrently:
//	  GraphQuery    ≤ QueryRounds calls (when there is a graph) → merged graph results
//	                (starts right after TemplateSelect, alongside Layout and
//	                WordBudget; rounds after the first wait for the budget)
//	EvidencePlan    no call, once every chapter's queries are done → evidence.Plan
//	  ChapterGen    1 streamed call (+ 1 repair of the failing
//	                blocks when invalid)                        → ir.Chapter
//	                (waits for Layout, WordBudget and the plan; summary and
//	                closing chapters for the other chapters)
//	FollowUps       1 call, beside the chapters                 → questions
//	Stitch          no call                                     → *ir.Document
//	render          render.HTML, render.Markdown                → bytes
//
// # Model steps: LLM and offline
//
// The model step of each stage is a small interface with typed input and
// output (stages.go): TemplateChooser, LayoutPlanner, WordBudgeter,
// QueryDecider, ChapterWriter. Its LLM implementation, beside the stage,
// holds the prompt and does the JSON contract described below; its
// offline implementation (Offline, with Config.Offline) calls the
// extractive writer of package nodes/draft directly, with no JSON. The
// stage checks the typed reply by the same rules whichever gave it, so the
// offline report is byte for byte the one the offline model gave through
// the JSON contract (internal/cli's golden files hold it). The pipeline
// takes its graph queries (Input.Engine, a GraphQuerier) and its embedder
// (Config.Embedders) through interfaces.
//
// Every LLM call is a system prompt in prose plus ONE user message, the
// JSON of a prompts.*Input whose "task" names the stage; the reply goes
// through llm.ExtractJSON (a JSON object is required) and is decoded field
// by field, so a wrongly typed field is converted or replaced rather than
// kept. A call is made at most DefaultMaxAttempts (2) times, but
// only an unusable reply (no JSON, wrong JSON type, wrong shape, empty
// text) costs an attempt; a model error ends the call at once, because the
// client (llm/openaicompat) has already retried what was transient (rate
// limit, 5xx, timeout, empty completion) with bounded backoff, and context
// too long, truncated output, bad request or authentication do not get
// better by asking again. A reply that ends inside its JSON is truncated
// output too (llm.ExtractJSON says llm.ErrTruncated, field case B08): never
// repaired, never asked again unchanged (a chapter is asked once more with
// 60 % of its word target and the model's whole maximum as its cap, then
// becomes a placeholder); its raw text goes
// to a .partial file beside the chapter. Every error names its
// step: "template selection", "document layout", "word budget",
// "chapter S3 graph query round 2", "chapter S3", "chapter S3 repair".
//
// # Hero, summary chapter and repetition
//
// The summary chapter (a title with 摘要 or 概览) and the hero are written
// after the other chapters, from their digests (each sub-point's lead
// sentence and its key figures: those with a KPI label, evidence.Figure.KPI,
// and whole sentiment/platform/age splits). A finding is printed in its
// chapter and at most once more: the hero states its picks (a summary of
// the first two chapters' lead findings, those citing the engines' own
// analysis first, and up to four KPI cards), the summary chapter is given
// the digests without them, and the hero finally leaves out anything the
// summary chapter printed. With a summary chapter the hero has no
// highlights: the summary chapter's bullets, each pointing to its chapter
// ("（详见「…」）"), are them. The hero's main finding is the first
// finding stating a figure (28%, 4.8亿, 三成), never a sentence about
// method ("通过梳理分析…可以深入探究…").
//
// Before stitching, the chapters' text is printed once (printOnce): of
// two paragraphs or list items one of which holds the other (citations,
// the pointer and the speaker prefix ignored, 20 runes or more), one
// place keeps the longer text — the earlier one (so a summary bullet
// stays and its chapter loses the paragraph), unless that would leave the
// later one's subsection empty while the earlier one's has more — and a
// subsection left with nothing says so in one line. The summary chapter is
// given only the findings it will print (summaryStays runs these decisions
// on the chapters written before it), so a lead its chapter keeps takes
// no summary sub-point's place. Then a summary bullet's pointer names a
// chapter only when that chapter, as printed, cites the bullet's evidence
// (the same reference-list entry); otherwise the first chapter that does,
// or no pointer (pointChapters). SWOT and PEST tables
// with no item that says something (a title or detail of 3+ runes, not
// "不足", "危机") are left out (dropEmptyQuadrants). BettaFish's report
// has no such rule: its summary chapter is written by the model beside
// the chapters.
//
// # Failures are visible
//
//   - Template selection: a reply naming no known template falls back to a
//     template name found in the reply text (templates.Select), else
//     templates.Default. Manifest stage status "fallback" with the reason,
//     and a line in Document.Metadata.Notices.
//   - Layout: after the attempts, a layout derived from the template (title
//     "<topic>舆情分析报告", hero from the graph counts). Manifest stage
//     "fallback" AND a reader-visible notice (Metadata.Notices). Stitch
//     replaces that default title (the offline writer's too) with the
//     case's when one event dominates the evidence (evidence.Set.CaseName:
//     武汉大学图书馆事件舆情分析报告); a title the model wrote is kept.
//   - Word budget: chapters the reply misses, or all chapters, get an
//     equal share of 8000 words. Manifest stage "fallback" and a notice.
//   - These three fall back only for problems with the reply's content. A
//     model error there (authentication, bad request such as an unsupported
//     parameter, context too long, unavailable or rate-limited after the
//     client's retries) ends the run: every later call would fail alike.
//   - Graph queries: an unusable decision or a failed query ends that
//     chapter's loop with a manifest warning.
//   - Chapter: a chapter still invalid after its one repair keeps its
//     sound blocks: unsafe marks are dropped and each failing block is
//     replaced by a visible warning callout (status "degraded", a notice).
//     A reply that cannot be used at all becomes a placeholder chapter
//     (Placeholder set, a heading with the template title and anchor, a
//     "danger" callout saying why in plain words, no raw model output); its
//     ir.Failure goes to Document.Metadata.Failures and Manifest.Failures,
//     the manifest status becomes "partial", and Hero.Summary ends with a
//     line naming the failed chapters. When every chapter fails, Run
//     returns an error instead. A thin but valid chapter (ir.CheckDensity)
//     is kept with status "sparse" and a warning (BettaFish failed the
//     whole report, §8 #1).
//   - A chapter never cancels the others (authentication errors aside).
//     Cancelling ctx stops every call; Run then returns ctx.Err() and no
//     Result.
//   - Input.Warnings (an engine whose input was missing or empty) become
//     notices too.
//
// # Graph query decisions
//
// The decision prompt (prompts.GraphQueryInput) carries the chapter's
// outline, target words, emphasis and role, the other chapters' titles,
// outlines and emphasis, the per-round caps (15 sections, 20 search
// queries, 200 sources) and the history with each round's new nodes; the
// system prompt explains matching (any keyword that is a substring of a
// name, title, query text, summary, content or URL matches, so the topic
// itself matches nearly everything; keywords widen, never narrow) and what
// the engines and forum speakers are. Its example filters no engine
// (BettaFish's pushed engine_filter ["media"]). A round that returns no
// section, query or source that an earlier round did not return ends the
// loop.
//
// # Output limits and temperatures (limits.go)
//
// Every request carries Request.MaxTokens sized to its stage's reply and
// capped by Config.MaxOutputTokens (the model's maximum, default 4096):
// template selection and a graph query decision 512, layout 1 200 + 250
// per chapter, word budget 400 + 200 per chapter, a chapter 2 × its word
// target + 1 500 (the prompt's constraints.maxTokens says it), its block
// repair 2 × the failing blocks' tokens + 1 024 (at most the chapter's),
// follow-up questions 300 + 100 per question. Temperatures:
// Config.PlanTemperature (default 0.1) for selection, layout, budget,
// decisions and repairs; Config.ProseTemperature (default 0.6) for
// chapters and follow-up questions. BettaFish sends no limit and no
// temperature for most calls, leaving the provider's defaults (DeepSeek:
// 4K tokens, temperature 1.0).
//
// # Budgets (tokens are o200k_base tokens, llm/tokens; truncation is on rune boundaries)
//
// Config.PromptTokens (default 6000; internal/cli sends 24 000 for
// OpenAI-compatible servers other than Ollama) bounds one prompt, system
// prompt included. The evidence plan gives a sub-point at most
// evidence.PerSubPoint (6) items at 6000 tokens or less, proportionally
// more above (24 at 24 000, at most 40; planPerSubPoint), and the chapter
// prompt drops the least relevant that do not fit. Prompts never carry whole engine reports or the forum log
// (BettaFish pasted them into every prompt, §8 #4):
//
//   - template selection and layout: the first two passages of each engine
//     report, 200 (selection) or 300 (layout) runes each; layout keeps
//     those that fit a third of the budget;
//   - graph results: at most 10 sections (summaries 100 runes), 5 search
//     queries per engine, 8 sources (previews 80 runes), and the whole
//     GraphResults JSON within half of PromptTokens (the longest list loses
//     its last item until it fits); no graph section at all when the
//     rounds matched nothing (B24);
//   - chapters: the evidence plan's items of their sub-points (above),
//     never excerpts of the reports or the forum log.
//
// # Concurrency and determinism
//
// Each stage runs in its own goroutine as soon as its inputs exist
// (run.go), with at most Config.Concurrency (default 4) model calls in
// flight for the whole run; BettaFish ran every chapter and every query
// round one after another (§8 #2). One slot is kept for the layout and
// then the word budget, which every chapter waits for; the first graph
// query decision of each chapter is made beside them from the chapters'
// titles and outlines, the later rounds also state the chapter's target
// words, emphasis and role (issue 10) and so wait for the budget. The
// evidence is collected beside these calls (only the plan reads it).
// Figures with a model answering in 300 ms: docs/benchmarks.md.
//
// One set of structures serves the whole run: the graph Input.Graph
// (`report --graph` loads it once and reads no state file it is not
// given); one queryengine.Engine, built once and shared by every
// chapter's query rounds (it is safe for concurrent use); one evidence
// set (evidence.Collect); one knowledge model of the report's part of the
// graph with its entity vectors and context builder (built beside the
// query rounds), which maps the evidence plan's sub-points and then
// builds the follow-up questions' contexts; and one scan of the graph for
// the sources chapters link to and cite (no id or URL map of all the
// graph's nodes is built). Independent pieces of work run on all cores
// with results in a fixed order: the sub-point mappings, the follow-up
// contexts, the evidence stage's cutting and scoring, the embedder's
// fitting and embedding. OnEvent calls are
// serialised. Results are assembled in template order, never completion
// order, so the same input and a deterministic model give the same
// Document whatever the concurrency; only GeneratedAt depends on the clock
// (Config.Now). A Pipeline keeps nothing between runs: two runs give the
// same anchors (BettaFish's anchor set lived on a singleton, §8 #16).
//
// # Identity and anchors
//
// The template owns each chapter's chapterId, title, order and anchor (the
// template slug, made unique within the report with -2, -3 … suffixes);
// whatever the model writes there is overwritten (BettaFish let the model
// win, §8 #17). Heading anchors inside chapters are made unique too
// (a heading may reuse its own chapter's anchor). The TOC lists the
// layout's entries in template order with the chapter anchors; the layout's
// tocPlan keeps only known chapterIds, at most one chapter with allowSwot
// and one with allowPest, never both on one chapter (§8 #18).
//
// # Events
//
// Config.OnEvent gets Event values: Kind "stage" (Stage, Status running,
// then done, fallback or failed with Seconds), "chapter" (ChapterID,
// Title, Status running, retrying, done or failed, Done/Total counts) and
// "progress" (streamed chapter text, about every 500 runes).
//
// # Files
//
// Save(dir, res) writes the files into a new folder beside dir and then
// swaps it into dir's place in one step (Stage, then Commit;
// internal/atomicfile.ReplaceDir), so dir holds the previous report whole
// or the new one whole; in the folder, in this order:
//
//	report.html, report.md, document_ir.json,
//	chapters/<order:03d>-<slug>.json (one per chapter), manifest.json,
//	chapters/<order:03d>-<slug>.partial (the raw text of a truncated reply)
//
// JSON is UTF-8 (no HTML escaping), indented by two spaces. The manifest
// records the stages (status, seconds, calls, requests, error), the
// chapters (status, file, partial file, errors, attempts, requests, query
// rounds, seconds), where calls are the pipeline's model calls and requests
// the requests the model actually sent for them, its client's retries
// included (llm.Response.Requests; 0 for the offline model), the failures, the
// warnings and the model (llm.Info, with the Extractive flag of the
// offline model).
//
// # Resumable runs
//
// A run given a work area (Input.Work, made by OpenWork with a RunKey of
// the inputs' digests, the template and the settings) saves each model
// stage's output and each written chapter there as it completes, each
// with the digest of what its stage was given; a run opened to resume
// reuses the outputs whose digest matches and asks the model only for the
// rest (work.go). One run at a time holds a work area (a file lock
// on <dir>.lock); a run that does not resume keeps an earlier run's saved work
// until its own first save replaces it. The manifest records the key (runKey) and marks reused
// stages and chapters (reused).
//
//	w, err := nodes.OpenWork("reports/.coffee.work", key, resume) // *ResumeMismatchError names what changed; *WorkLockedError: another run holds it
//	defer w.Close()                                                // releases the lock
//	res, err := p.Run(ctx, nodes.Input{Topic: "咖啡店", Graph: g, Work: w})
//
// # BettaFish faults fixed here (reference §8)
//
// #1 a thin chapter failed the whole report (kept as "sparse"); #2
// sequential chapters and query rounds (concurrent); #4 whole reports and
// forum log in every prompt (token-budgeted excerpts and planned
// evidence); #10 unchecked graph
// query decisions (validated: types, engines, depth 0-3, repeats skipped);
// #16 anchors leaking between reports (per-run set); #17 the model's
// chapter identity won (the template's wins); #18 wrongly typed layout and
// budget fields kept, JSON errors not retried (converted, retried,
// fallback); #19 an empty template name matched the first template and the
// fallback template had junk chapters (no empty match; a real template).
package nodes
