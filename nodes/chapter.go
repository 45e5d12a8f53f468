package nodes

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"
	"unicode/utf8"

	"reportengine/ir"
	"reportengine/llm"
	"reportengine/llm/tokens"
	"reportengine/prompts"
	"reportengine/templates"
)

// ChapterGen writes one chapter (reference §5.3), fixing its weak spots:
//
//   - The prompt (prompts.ChapterInput) carries the chapter's evidence
//     plan, not whole reports (§8 #4). The LLM implementation sends the
//     sub-points' items within what PromptTokens leaves after the rest of
//     the prompt (fitSubPoints); the offline writer, which has no context
//     window, gets the whole plan.
//   - The call is streamed; OnDelta hears how many runes arrived.
//   - The reply goes through llm.ExtractJSON and ir.DecodeChapter; the
//     template's chapterId, title, anchor (the report-unique slug) and order
//     replace the model's (§8 #17); ir.Normalize fixes the deviations
//     models commonly make (a missing listType or callout tone, engine
//     quote titles, free text in SWOT/PEST enums; every change listed in
//     Normalized); then ir.ValidateChapter.
//   - An unusable reply is asked for again, up to DefaultMaxAttempts calls; a
//     model error is not (the client already retried transient ones).
//   - A truncated reply (B08: finish_reason "length", or a reply ending
//     inside its JSON) is asked for once more with the word target cut to
//     60 % and the output cap raised to the model's maximum
//     (MaxOutputTokens); cut again, the chapter becomes a placeholder
//     whose failure names the truncation and both targets, and the partial
//     text goes to Partial.
//   - An invalid chapter gets ONE structural repair call
//     (prompts.ChapterRepairInput): only the failing top-level blocks go,
//     each with its validator errors as "path: message" strings, with the
//     chapter's identity, block types and evidence ids, never the original
//     input; the repaired blocks are spliced back at their positions
//     (spliceRepair). A chapter whose problems lie outside its blocks (no
//     blocks at all) gets no repair call.
//   - The chapter and repair prompts carry the compact IR schema of the
//     block types the chapter may use (ir.Schema, generated from the
//     validator).
//   - A chapter still invalid after the repair keeps its sound blocks:
//     unsafe marks are dropped and each failing top-level block is replaced
//     by a visible warning callout (status ChapterDegraded, see degrade).
//   - Whatever still fails becomes a placeholder chapter (Placeholder set, a
//     heading with the template title and anchor, a "danger" callout saying
//     in plain words why), with a Failure; never a gap, never raw model
//     output.
//   - A valid but thin chapter is kept with status ChapterSparse (§8 #1: a
//     thin chapter never fails the report).
type ChapterGen struct {
	Model        llm.Model     // answers the calls of the LLM implementation; required unless Writer is set
	Writer       ChapterWriter // the model step; nil = the LLM implementation over Model
	PromptTokens int           // 0 = DefaultPromptTokens
	// Temperature is sent with the chapter call; nil =
	// DefaultProseTemperature. PlanTemperature is sent with the repair
	// call; nil = DefaultPlanTemperature.
	Temperature, PlanTemperature *float64
	// MaxOutputTokens is the model's completion maximum, in tokens (0 =
	// DefaultMaxOutputTokens). The chapter call asks for 2 × the word
	// target + 1 500 tokens, at most this; the prompt's
	// constraints.maxTokens says the figure.
	MaxOutputTokens int
	// OnDelta, when non-nil, gets the runes received so far while the
	// chapter streams.
	OnDelta func(runes int)
	// OnRetry, when non-nil, is told before attempt n (n ≥ 2) with the
	// previous attempt's error.
	OnRetry func(n int, err error)
}

// ChapterGenInput is one chapter's brief.
type ChapterGenInput struct {
	Topic        string              // the report topic
	TemplateName string              // the chosen template
	ReportTitle  string              // the layout's title
	Section      templates.Section   // Slug is the report-unique anchor
	Constraints  prompts.Constraints // blocks, SWOT/PEST permission, word target (words)
	// SubPoints is the chapter's evidence plan (it holds what the graph
	// rounds found); the chapter's [E…] citations are checked with Known.
	SubPoints     []prompts.SubPointBrief
	OtherChapters []string                // titles of the other chapters
	Digests       []prompts.ChapterDigest // for summary and closing chapters
	ReportDate    string                  // YYYY-MM-DD of the data, "" when unknown
	Essentials    *prompts.Essentials     // the run's essentials this chapter prints, nil for none
	// Known reports whether a cited evidence id is in the plan; nil skips
	// the citation check.
	Known func(id string) bool
}

// ChapterGenOutput is the chapter and how it went.
type ChapterGenOutput struct {
	Chapter ir.Chapter // with the template's identity; a placeholder when Status says so
	Status  string     // ChapterReady, ChapterSparse, ChapterDegraded or ChapterPlaceholder
	Errors  []string   // attempt, validator and density findings
	// Normalized lists what decoding and ir.Normalize changed in the
	// model's reply before validation, one "path: change" line each (the
	// manifest's per-chapter "normalized"); repair replies included.
	Normalized []string
	Failure    *ir.Failure // set for a placeholder
	Err        error       // why a placeholder failed (wraps llm sentinels); nil otherwise
	Attempts   int         // model calls (generation + repair)
	// Requests counts the requests the model sent for those calls, its
	// client's retries included (llm.Response.Requests).
	Requests int
	// Partial is the raw text of a truncated reply (field case B08), kept
	// for debugging only: Save writes it to a .partial file beside the
	// chapter; it is never rendered.
	Partial string
	// Warnings are manifest warnings: citations of ids not in the plan,
	// replaced by ir.UnknownCitationMark after the repair round.
	Warnings []string
}

// Run writes the chapter. It fails only when ctx is done or the model
// reports llm.ErrAuth; every other failure gives a placeholder.
func (s ChapterGen) Run(ctx context.Context, in ChapterGenInput) (ChapterGenOutput, error) {
	c := &chapterCall{s: s, in: in, sec: in.Section, step: "chapter " + in.Section.ChapterID}
	c.prompt()
	c.w = s.Writer
	if c.w == nil {
		c.w = llmChapter{s: s,
			stream: func(delta string) {
				c.received += utf8.RuneCountInString(delta)
				if s.OnDelta != nil {
					s.OnDelta(c.received)
				}
			},
			retrying: func(n int, err error) {
				c.received = 0
				c.out.Errors = append(c.out.Errors, err.Error())
				if s.OnRetry != nil {
					s.OnRetry(n, err)
				}
			}}
	}
	ch, notes, err := c.write(ctx)
	if err != nil || c.out.Status == ChapterPlaceholder {
		return c.out, err
	}
	force(&ch, c.sec)
	c.out.Normalized = normalized(notes, &ch)
	if verr := s.validate(&ch, in.Known); verr != nil {
		return c.repair(ctx, ch, verr)
	}
	return c.valid(ch), nil
}

// valid is the output of a valid chapter: ChapterReady, or ChapterSparse
// when ir.CheckDensity finds it thin.
func (c *chapterCall) valid(ch ir.Chapter) ChapterGenOutput {
	c.out.Chapter, c.out.Status = ch, ChapterReady
	if derr := ir.CheckDensity(&c.out.Chapter); errors.Is(derr, ir.ErrSparse) {
		c.out.Status = ChapterSparse
		c.out.Errors = append(c.out.Errors, c.step+": "+derr.Error())
	}
	return c.out
}

// chapterCall is one ChapterGen.Run: its prompt, its writer and what it
// found so far.
type chapterCall struct {
	s        ChapterGen
	in       ChapterGenInput
	sec      templates.Section
	step     string
	input    prompts.ChapterInput
	limit    int // the reply's token cap
	w        ChapterWriter
	received int // runes streamed of the current attempt
	out      ChapterGenOutput
}

// prompt builds the chapter's input, the planned evidence cut to the
// prompt budget, and the reply's token cap.
func (c *chapterCall) prompt() {
	in, sec := c.in, c.sec
	c.input = prompts.ChapterInput{Task: prompts.TaskChapter,
		Section: prompts.ChapterSection{ChapterID: sec.ChapterID, Title: sec.Title, Slug: sec.Slug, Anchor: sec.Slug,
			Order: sec.Order, Number: sec.Number, Outline: sec.Outline},
		Query: in.Topic, TemplateName: in.TemplateName, ReportTitle: in.ReportTitle, Constraints: in.Constraints,
		OtherChapters: in.OtherChapters, Digests: in.Digests, ReportDate: in.ReportDate, Essentials: in.Essentials,
		SubPoints: in.SubPoints}
	c.limit = chapterOutputTokens(c.input.Constraints.WordTarget, c.s.MaxOutputTokens)
	c.input.Constraints.MaxTokens = c.limit
}

// write asks the writer for the chapter. A reply cut by the output limit
// is asked once more for less within the model's whole maximum (B08: a
// retry only with a larger budget or a smaller request); cut again, or
// unusable, the chapter is a placeholder (out.Status). The error is a
// cancelled ctx's or one that ends the run.
func (c *chapterCall) write(ctx context.Context) (ir.Chapter, []string, error) {
	ch, notes, res, err := c.w.WriteChapter(ctx, c.step, c.input)
	c.out.Attempts, c.out.Requests, c.out.Partial = res.Calls, res.Requests, res.Partial
	if errors.Is(err, llm.ErrTruncated) && !isCtxErr(err) {
		cons := &c.input.Constraints
		first, firstLimit := cmp.Or(cons.WordTarget, defaultChapterWords), c.limit
		shrinkTarget(cons)
		c.limit = max(c.limit, orDefault(c.s.MaxOutputTokens, DefaultMaxOutputTokens))
		cons.MaxTokens = c.limit
		c.out.Errors = append(c.out.Errors, fmt.Sprintf("%s; asked again with word target %d instead of %d and output cap %d tokens instead of %d",
			err.Error(), cons.WordTarget, first, c.limit, firstLimit))
		if c.s.OnRetry != nil {
			c.s.OnRetry(c.out.Attempts+1, err)
		}
		c.received = 0
		ch, notes, res, err = c.w.WriteChapter(ctx, c.step, c.input)
		c.out.Attempts += res.Calls
		c.out.Requests += res.Requests
		c.out.Partial = res.Partial
		if errors.Is(err, llm.ErrTruncated) && !isCtxErr(err) {
			c.out = c.s.failWith(c.out, c.sec, c.step, err, fmt.Sprintf("模型输出两次达到长度上限被截断：第一次目标 %d 字、上限 %d tokens，第二次 %d 字、上限 %d tokens",
				first, firstLimit, cons.WordTarget, c.limit))
			return ch, notes, nil
		}
	}
	if err != nil && (isCtxErr(err) || fatalChapterErr(err)) {
		return ch, notes, err
	}
	if err != nil {
		c.out = c.s.fail(c.out, c.sec, c.step, err)
	}
	return ch, notes, nil
}

// repair asks the writer once to repair the blocks that failed validation
// (verr); a chapter still invalid keeps its sound blocks (degrade), one
// that cannot be saved is a placeholder.
func (c *chapterCall) repair(ctx context.Context, ch ir.Chapter, verr error) (ChapterGenOutput, error) {
	s, out, step, known := c.s, &c.out, c.step, c.in.Known
	out.Errors = append(out.Errors, validatorErrors(verr)...)
	repairStep := step + " repair"
	rin, blockLevel := repairInput(&ch, verr, c.input)
	var fixed ir.Chapter
	var fixedNotes []string
	var rres CallStats
	err := errChapterLevel
	if blockLevel {
		fixed, fixedNotes, rres, err = c.w.RepairBlocks(ctx, repairStep, ch, rin, c.limit)
	}
	out.Attempts += rres.Calls
	out.Requests += rres.Requests
	out.Partial = cmp.Or(rres.Partial, out.Partial)
	if err != nil {
		if isCtxErr(err) || fatalChapterErr(err) {
			return *out, err
		}
		// the repair call failed: keep what is sound of the original
		out.Errors = append(out.Errors, stepErr(repairStep, err).Error())
		out.Warnings = append(out.Warnings, markUnknown(&ch, known, step)...)
		dn, ok := degrade(&ch)
		if !ok {
			return s.fail(*out, c.sec, step, &stepError{step: step, err: fmt.Errorf("%w (the chapter failed validation: %w)", err, verr)}), nil
		}
		return c.degraded(ch, dn), nil
	}
	force(&fixed, c.sec)
	for _, n := range normalized(fixedNotes, &fixed) {
		out.Normalized = append(out.Normalized, "repair: "+n)
	}
	if cerr := s.validate(&fixed, known); cerr != nil {
		out.Errors = append(out.Errors, validatorErrors(cerr)...)
	}
	out.Warnings = append(out.Warnings, markUnknown(&fixed, known, step)...)
	if verr2 := ir.ValidateChapter(&fixed); verr2 != nil {
		out.Errors = append(out.Errors, validatorErrors(verr2)...)
		dn, ok := degrade(&fixed)
		if !ok {
			return s.fail(*out, c.sec, step, &stepError{step: step, err: fmt.Errorf("still invalid after one repair: %w", verr2)}), nil
		}
		return c.degraded(fixed, dn), nil
	}
	return c.valid(fixed), nil
}

// degraded is the output of a chapter kept with its failing blocks
// replaced by notices (notes say which).
func (c *chapterCall) degraded(ch ir.Chapter, notes []string) ChapterGenOutput {
	for _, n := range notes {
		c.out.Errors = append(c.out.Errors, c.step+": degraded: "+n)
	}
	c.out.Chapter, c.out.Status = ch, ChapterDegraded
	return c.out
}

// normalized runs ir.Normalize on c and returns the decoder's notes and
// its own, in that order, with notes that differ only in their indices
// folded into one within each top-level block ("blocks[4].rows[*].cells[*]
// (12×): string cell converted to a cell with one paragraph").
func normalized(decodeNotes []string, c *ir.Chapter) []string {
	return foldNotes(append(append([]string(nil), decodeNotes...), ir.Normalize(c)...))
}

var noteIndexRE = regexp.MustCompile(`\[\d+\]`)

func foldNotes(notes []string) []string {
	type group struct {
		first, pattern, msg string
		n                   int
	}
	var groups []*group
	byKey := map[string]*group{}
	for _, n := range notes {
		path, msg, ok := strings.Cut(n, ": ")
		if !ok {
			path, msg = "", n
		}
		pattern := path
		if loc := noteIndexRE.FindStringIndex(path); loc != nil {
			// the top-level block stays named; deeper indices fold
			pattern = path[:loc[1]] + noteIndexRE.ReplaceAllString(path[loc[1]:], "[*]")
		}
		key := pattern + "\x00" + msg
		if g, seen := byKey[key]; seen {
			g.n++
			continue
		}
		g := &group{first: n, pattern: pattern, msg: msg, n: 1}
		byKey[key] = g
		groups = append(groups, g)
	}
	out := make([]string, len(groups))
	for i, g := range groups {
		out[i] = g.first
		if g.n > 1 {
			out[i] = fmt.Sprintf("%s (%d×): %s", g.pattern, g.n, g.msg)
		}
	}
	return out
}

// validate normalises the chapter's citations and returns its validation
// errors and, when known is set, the citations of ids not in the plan, as
// one ir.ValidationError.
func (ChapterGen) validate(c *ir.Chapter, known func(string) bool) error {
	ir.NormalizeCitations(c)
	verr := ir.ValidateChapter(c)
	if known == nil {
		return verr
	}
	cerr := ir.CheckCitations(c, known)
	if cerr == nil {
		return verr
	}
	if verr == nil {
		return cerr
	}
	var a, b ir.ValidationError
	if errors.As(verr, &a) && errors.As(cerr, &b) {
		return append(append(ir.ValidationError{}, a...), b...)
	}
	return verr
}

// markUnknown replaces citations of ids not in the plan by the visible
// ir.UnknownCitationMark and says so.
func markUnknown(c *ir.Chapter, known func(string) bool, step string) []string {
	if known == nil {
		return nil
	}
	ir.NormalizeCitations(c)
	if n := ir.MarkUnknownCitations(c, known); n > 0 {
		return []string{fmt.Sprintf("%s: %d citation(s) of evidence ids not in the plan, marked %s", step, n, ir.UnknownCitationMark)}
	}
	return nil
}

// fitSubPoints keeps the planned evidence within budget tokens (the prompt
// without it must fit too): while the JSON is too long, the sub-point with
// the most items loses its last one (its least relevant); texts are never
// cut mid-rune. It returns the sub-points kept and the tokens of input's
// JSON with them.
func fitSubPoints(subs []prompts.SubPointBrief, budget int, input prompts.ChapterInput) ([]prompts.SubPointBrief, int) {
	out := make([]prompts.SubPointBrief, len(subs))
	for i, sp := range subs {
		out[i] = sp
		out[i].Evidence = append([]prompts.EvidenceRef(nil), sp.Evidence...)
	}
	for {
		input.SubPoints = out
		b, _ := json.Marshal(input)
		n := tokens.Count(string(b))
		if n <= budget {
			return out, n
		}
		most := -1
		for i := range out {
			if len(out[i].Evidence) > 0 && (most < 0 || len(out[i].Evidence) > len(out[most].Evidence)) {
				most = i
			}
		}
		if most < 0 {
			return out, n
		}
		out[most].Evidence = out[most].Evidence[:len(out[most].Evidence)-1]
	}
}

// shrinkTarget cuts a chapter's word target (and its bounds) to
// truncatedTargetPercent of what it was, for the retry of a truncated
// reply.
func shrinkTarget(c *prompts.Constraints) {
	scale := func(n int) int { return n * truncatedTargetPercent / 100 }
	c.WordTarget = scale(cmp.Or(c.WordTarget, defaultChapterWords))
	c.MinWords, c.MaxWords = scale(c.MinWords), scale(c.MaxWords)
}

// fail turns the chapter into a placeholder.
func (s ChapterGen) fail(out ChapterGenOutput, sec templates.Section, step string, err error) ChapterGenOutput {
	return s.failWith(out, sec, step, err, plainReason(err))
}

// failWith turns the chapter into a placeholder that gives reason, in
// plain words, as its cause.
func (s ChapterGen) failWith(out ChapterGenOutput, sec templates.Section, step string, err error, reason string) ChapterGenOutput {
	out.Err = stepErr(step, err)
	out.Errors = append(out.Errors, out.Err.Error())
	out.Chapter = placeholder(sec, reason)
	out.Status = ChapterPlaceholder
	out.Failure = &ir.Failure{ChapterID: sec.ChapterID, Title: sec.Title,
		Reason: fmt.Sprintf("%s（%s）未能生成：%s", step, sec.Title, reason)}
	return out
}

// force puts the template's identity on a chapter (template wins, §8 #17).
func force(c *ir.Chapter, sec templates.Section) {
	c.ChapterID, c.Title, c.Anchor, c.Order = sec.ChapterID, sec.Title, sec.Slug, sec.Order
	c.Placeholder = false
}

// placeholder is the visible stand-in for a chapter that failed.
func placeholder(sec templates.Section, reason string) ir.Chapter {
	return ir.Chapter{ChapterID: sec.ChapterID, Title: sec.Title, Anchor: sec.Slug, Order: sec.Order, Placeholder: true,
		Errors: []string{reason},
		Blocks: []ir.Block{
			{Type: ir.TypeHeading, Level: 2, Text: sec.Title, Anchor: sec.Slug},
			{Type: ir.TypeCallout, Tone: "danger", Title: "本章未能生成",
				Meta: map[string]any{"errorPlaceholder": true},
				Blocks: []ir.Block{{Type: ir.TypeParagraph, Inlines: []ir.Inline{{
					Text: fmt.Sprintf("“%s”一章未能生成：%s。报告的其他章节不受影响。", sec.Title, reason)}}}}},
		}}
}

// validatorErrors lists a validation error as "path: message" strings.
func validatorErrors(err error) []string {
	var ve ir.ValidationError
	if errors.As(err, &ve) {
		out := make([]string, len(ve))
		for i, fe := range ve {
			out[i] = fe.String()
		}
		return out
	}
	return []string{err.Error()}
}

// plainReason says in plain words (no raw model output) why a call failed.
func plainReason(err error) string {
	var ve ir.ValidationError
	switch {
	case errors.Is(err, llm.ErrTruncated) && errors.Is(err, io.ErrUnexpectedEOF):
		return "模型输出在回答结束前中断（服务器或代理关闭了连接，未给出结束原因），部分输出未使用"
	case errors.Is(err, llm.ErrTruncated):
		return "模型输出达到长度上限被截断"
	case errors.Is(err, llm.ErrContextTooLong):
		var le *llm.Error
		if errors.As(err, &le) && le.Limit > 0 && le.Requested > 0 {
			return fmt.Sprintf("提示超过了模型的上下文长度（上限 %d tokens，本次请求 %d tokens；可用 --prompt-tokens 调低每个提示的预算、减少论坛日志或引擎状态的输入，或换用上下文更大的模型）", le.Limit, le.Requested)
		}
		return "提示超过了模型的上下文长度（可用 --prompt-tokens 调低每个提示的预算、减少论坛日志或引擎状态的输入，或换用上下文更大的模型）"
	case errors.As(err, &ve):
		return fmt.Sprintf("模型返回的章节结构未通过校验（%d 处问题）", len(ve))
	case errors.Is(err, llm.ErrNoJSON):
		return "模型没有返回可解析的 JSON"
	case errors.Is(err, llm.ErrWrongJSONType):
		return "模型返回的 JSON 类型不对"
	case errors.Is(err, llm.ErrEmptyCompletion):
		return "模型返回了空内容"
	case errors.Is(err, llm.ErrRateLimited):
		return "模型服务限流"
	case errors.Is(err, llm.ErrUnavailable):
		return "模型服务暂时不可用"
	case errors.Is(err, llm.ErrAuth):
		return "模型服务鉴权失败"
	case errors.Is(err, llm.ErrBadRequest):
		return "模型服务拒绝了请求"
	}
	return "模型的回复无法使用"
}
