package questiongen

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"

	"reportengine/graphrag/localsearch"
	"reportengine/llm"
	"reportengine/prompts"
)

// SystemPrompt is the question-generation system prompt: our own
// wording of the structure of GraphRAG's QUESTION_SYSTEM_PROMPT (reference
// §5) with the same slots, {question_count} twice and {context_data} once,
// in Python str.format syntax.
const SystemPrompt = `
---Role---

You are an assistant who writes a bulleted list of {question_count} questions about the data in the tables provided.


---Data tables---

{context_data}


---Goal---

The user's message is a JSON object holding the questions asked so far ("history", oldest first, then "question", the latest). Write a bulleted list of {question_count} candidates for the user's next question. Use - marks as bullet points, one question per line, and write nothing else.

The questions should reflect the most important or urgent themes in the data tables, be answerable from the tables without naming their fields or the tables themselves, differ from the questions already asked, and be written in the language of the latest question. If the questions asked so far mention several named entities, each candidate should mention all of them.

---Example questions---
`

// ErrConfig is wrapped by configuration errors of New.
var ErrConfig = errors.New("questiongen: invalid configuration")

// Config configures a Generator.
type Config struct {
	// Builder builds the context when a request carries none; required
	// unless every request brings its own context.
	Builder *localsearch.ContextBuilder
	// Model answers (required without Write); safe for concurrent use.
	Model llm.Model
	// Write, when set, writes the questions instead of Model: the typed
	// step of an offline writer called directly (the report's follow-ups
	// pass llm/offline's WriteQuestions), given the request as the model
	// would get it and the context text, with no system prompt and no JSON.
	// Its reply is parsed and screened as a model's and counts as one call
	// (PromptTokens 0: no prompt is sent). Safe for concurrent use.
	Write func(ctx context.Context, in prompts.QuestionGenerationInput, context string) (string, error)
	// Params are the build parameters; nil = localsearch.DefaultParams().
	Params *localsearch.Params
	// Temperature and MaxTokens are passed to the model (nil / 0 = its
	// defaults).
	Temperature *float64
	MaxTokens   int
	// Classify labels a question with the search method expected to
	// answer it (MethodLocal or MethodGlobal; anything else counts as
	// MethodLocal); nil labels every question MethodLocal. The CLI and the
	// server pass the search's own choice (search --method auto).
	Classify func(question string) string
}

// Generator is LocalQuestionGen. It holds no per-call state and is safe
// for concurrent use.
type Generator struct {
	cfg    Config
	params localsearch.Params

	unitsOnce   sync.Once      // unitByShort is built on first use
	unitByShort map[string]int // text unit ShortID → index (citedRecords)
}

// New checks cfg (Model or Write required, the params must validate) and
// returns a Generator. The model is sent SystemPrompt; the prompt tokens
// are counted with the builder's tokenizer (none without a builder). Errors wrap ErrConfig or, for the
// params, localsearch.ErrConfig.
func New(cfg Config) (*Generator, error) {
	if cfg.Model == nil && cfg.Write == nil {
		return nil, fmt.Errorf("%w: Config.Model or Config.Write is required", ErrConfig)
	}
	p := localsearch.DefaultParams()
	if cfg.Params != nil {
		p = *cfg.Params
	}
	if err := p.Validate(); err != nil {
		return nil, err
	}
	return &Generator{cfg: cfg, params: p}, nil
}

// Request is one question-generation call.
type Request struct {
	// History is question_history: the questions asked so far, oldest
	// first; the last one is the query. May be empty.
	History []string `json:"question_history"`
	// Context is context_data: a ready context text; "" = build it with
	// the Builder.
	Context string `json:"context_data,omitempty"`
	// Count is question_count, the number of questions wanted (> 0).
	Count int `json:"question_count"`
	// Answer, when set, is the answer to the last question: the context
	// sent to the model is then made of the records its answer cites
	// (CitedRecords, CitedContext), so the questions follow what was
	// answered; an answer that cites nothing falls back to the built
	// context, and when the cited records give fewer than Count questions
	// the rest come from the built context (a second model call).
	// Ignored when Context is set.
	Answer *localsearch.Result `json:"-"`
	// Proposed are questions proposed before and not asked (a chat's
	// earlier follow-ups): none is proposed again, and the model is asked
	// for up to Count more (question_count Count + min(len(Proposed),
	// Count)) so that new ones can take their places. Not sent as
	// question_history: nobody asked them. A chat that offered the same
	// three follow-ups after every answer offers new ones, or fewer.
	Proposed []string `json:"-"`
}

// askCount is the question_count asked of the model: Count, and as many
// more as were proposed before (Proposed), at most Count more.
func (r Request) askCount() int { return r.Count + min(len(r.Proposed), r.Count) }

// Result is the reference's QuestionResult with the parsed questions.
type Result struct {
	// Questions are the parsed candidates, at most Count, none already
	// in the history, each fit (Unfit) and passing the relevance gate
	// (with a Builder: the context built for the question alone selects
	// an entity).
	Questions []string `json:"response"`
	// Suggestions are Questions, each labelled with the search method
	// expected to answer it (Config.Classify).
	Suggestions []Suggestion `json:"suggestions"`
	// Raw is the model's reply as received (with an Answer whose cited
	// records gave too few questions, the two replies joined by a line
	// break).
	Raw string `json:"raw"`
	// QuestionContext is the query the context was built for (the last
	// history question, "" for an empty history).
	QuestionContext string `json:"question_context"`
	// ContextText is the context sent; ContextData its records, the same
	// tables as localsearch.Result.ContextData (nil, and left out of the
	// JSON, when the request brought its own context). The reference puts
	// question_context inside context_data; we keep it a field of its own
	// (QuestionContext) so that context_data has one shape in search and
	// question generation.
	ContextText string              `json:"context_text"`
	ContextData localsearch.Records `json:"context_data,omitempty"`
	// CompletionTime is the wall time in seconds.
	CompletionTime float64 `json:"completion_time"`
	LLMCalls       int     `json:"llm_calls"`
	// PromptTokens counts the system prompt, as the reference does.
	PromptTokens int `json:"prompt_tokens"`
	// NoMatch is true when the question selected no entity (see
	// localsearch.Result.NoMatch, B24): the model was not called,
	// Questions is empty and LLMCalls 0.
	NoMatch bool `json:"no_match"`
	// Warnings say why fewer questions than asked came back.
	Warnings []string `json:"warnings,omitempty"`
}

// Generate proposes up to r.Count follow-up questions. When the built
// context selected no entity the result is a NoMatch with no model call.
// Errors: Count ≤ 0,
// no Builder and no context (both wrapping ErrConfig), the builder's
// errors (localsearch.ErrConfig, localsearch.ErrEmptyKnowledge, embedder
// errors) and model errors.
func (g *Generator) Generate(ctx context.Context, r Request) (*Result, error) {
	start := time.Now()
	if r.Count <= 0 {
		return nil, fmt.Errorf("%w: question_count = %d, want > 0", ErrConfig, r.Count)
	}
	res := &Result{}
	matched, cited, err := g.context(ctx, r, res)
	if err != nil {
		return nil, err
	}
	if !matched {
		res.CompletionTime = time.Since(start).Seconds()
		return res, nil
	}
	sugg, err := g.propose(ctx, r, res, nil)
	if err != nil {
		return nil, err
	}
	if cited && len(sugg) < r.Count {
		// the cited records name too few subjects: the rest from the
		// question's whole context, as without an answer
		more := &Result{}
		if ok, _, err := g.context(ctx, Request{History: r.History, Count: r.Count, Proposed: r.Proposed}, more); err != nil {
			return nil, err
		} else if ok {
			more.Warnings = res.Warnings
			add, err := g.propose(ctx, Request{History: r.History, Count: r.Count, Proposed: r.Proposed}, more, sugg)
			if err != nil {
				return nil, err
			}
			sugg = append(sugg, add...)
			res.Raw += "\n" + more.Raw
			res.LLMCalls += more.LLMCalls
			res.PromptTokens += more.PromptTokens
			res.Warnings = more.Warnings
		}
	}
	res.Suggestions, res.Questions = sugg, make([]string, len(sugg))
	for i, s := range sugg {
		res.Questions[i] = s.Question
	}
	if len(res.Questions) == 0 {
		res.Warnings = append(res.Warnings, "the model's reply holds no usable question")
	} else if len(res.Questions) < r.Count {
		res.Warnings = append(res.Warnings, fmt.Sprintf("%d of the %d questions asked for passed the screen (a repeat, a name the knowledge does not hold or a question it cannot answer is left out)", len(res.Questions), r.Count))
	}
	res.CompletionTime = time.Since(start).Seconds()
	return res, nil
}

// propose asks for r.Count questions (askCount) on res's context and
// returns those that are new (not in the history, r.Proposed nor among
// have) and pass the screen,
// at most r.Count − len(have), recording the reply, the call and the
// screen's warnings in res.
func (g *Generator) propose(ctx context.Context, r Request, res *Result, have []Suggestion) ([]Suggestion, error) {
	content, err := g.ask(ctx, r, res)
	if err != nil {
		return nil, err
	}
	asked := append(slices.Clone(r.History), r.Proposed...)
	for _, s := range have {
		asked = append(asked, s.Question)
	}
	// B01/B02: reasoning is never a question; a top-up reads every line
	// (the screen may drop some)
	limit := r.Count
	if len(have) > 0 {
		limit = 0
	}
	parsed := Parse(llm.StripReasoning(content), asked, limit)
	sugg, dropped, err := g.screen(ctx, parsed)
	res.Warnings = append(res.Warnings, dropped...)
	return sugg[:min(len(sugg), r.Count-len(have))], err
}

// context sets res's question context (the history's last question) and
// its context: r.Context, else the records the answer cites, else a local
// search context of the question with the earlier ones as history (an
// empty history: the empty query's context with SeedEntities included). It
// reports false, with res set as the no-match result (no questions, the
// relevance message as a warning), when that search matches nothing.
func (g *Generator) context(ctx context.Context, r Request, res *Result) (matched, cited bool, err error) {
	var history []llm.Message
	if n := len(r.History); n > 0 {
		res.QuestionContext = r.History[n-1]
		history = []llm.Message{}
		for _, q := range r.History[:n-1] {
			history = append(history, llm.Message{Role: llm.RoleUser, Content: q})
		}
	}
	res.ContextText = r.Context
	if r.Context == "" && r.Answer != nil && !r.Answer.NoMatch {
		if cited := g.citedRecords(r.Answer); len(cited) > 0 {
			res.ContextText, res.ContextData = CitedContext(cited), cited
		}
	}
	if res.ContextText != "" {
		return true, res.ContextData != nil, nil
	}
	if g.cfg.Builder == nil {
		return false, false, fmt.Errorf("%w: the request has no context and Config.Builder is nil", ErrConfig)
	}
	p := g.params
	if len(r.History) == 0 { // the graph as a whole: its best-known subjects
		p.IncludeEntityNames = SeedEntities(g.cfg.Builder.Model(), p.TopKMappedEntities)
	}
	c, err := g.cfg.Builder.Build(ctx, res.QuestionContext, history, p)
	if err != nil {
		return false, false, err
	}
	res.ContextText, res.ContextData = c.Text, c.Records
	if c.Matched() {
		return true, false, nil
	}
	res.NoMatch, res.Questions, res.Suggestions = true, []string{}, []Suggestion{}
	msg := localsearch.NoMatchMessage
	if c.Relevance != nil && c.Relevance.Weak {
		msg = c.Relevance.Message()
	}
	res.Warnings = append(res.Warnings, msg)
	return false, false, nil
}

// ask sends the question-generation request for res's context and
// returns the model's reply, recording it (Raw), the call and the system
// prompt's tokens in res.
func (g *Generator) ask(ctx context.Context, r Request, res *Result) (string, error) {
	in := prompts.QuestionGenerationInput{Task: prompts.TaskQuestionGeneration, Question: res.QuestionContext, QuestionCount: r.askCount()}
	if n := len(r.History); n > 1 {
		in.History = r.History[:n-1]
	}
	if g.cfg.Write != nil { // the typed step: no prompt, no JSON
		content, err := g.cfg.Write(ctx, in, res.ContextText)
		if err != nil {
			return "", fmt.Errorf("questiongen: %w", err)
		}
		res.Raw, res.LLMCalls = content, 1
		return content, nil
	}
	system, err := localsearch.FormatPrompt(SystemPrompt, map[string]string{
		"context_data": res.ContextText, "question_count": strconv.Itoa(r.askCount())})
	if err != nil {
		return "", err
	}
	user, err := json.Marshal(in)
	if err != nil {
		return "", fmt.Errorf("questiongen: encode request: %w", err)
	}
	req := llm.Request{
		Step:        "question generation",
		Messages:    []llm.Message{{Role: llm.RoleSystem, Content: system}, {Role: llm.RoleUser, Content: string(user)}},
		Temperature: g.cfg.Temperature,
		MaxTokens:   g.cfg.MaxTokens,
	}
	resp, err := g.cfg.Model.Stream(ctx, req, func(llm.Chunk) error { return nil })
	if err != nil {
		return "", fmt.Errorf("questiongen: %w", err)
	}
	res.Raw = resp.Content
	res.LLMCalls = 1
	if b := g.cfg.Builder; b != nil {
		res.PromptTokens = b.Tokenizer().Count(system) // the prompt's tokens as the builder counts
	}
	return resp.Content, nil
}

// markerRE is a list marker at the start of a line: bullets, "1.", "2:",
// "3)", "(4)", "（5）", "一、", "Q1:".
var markerRE = regexp.MustCompile(`^(?:[-*•·+–—]\s*|(?:[Qq]\s*)?\d+\s*[.):：、．]\s*|[(（]\d+[)）]\s*|[一二三四五六七八九十]+\s*[、.．]\s*)`)

// Parse turns a model's reply into clean questions: list markers and
// emphasis stripped, blank lines, headings, preambles and lines that are
// not questions (IsQuestion) dropped,
// duplicates and questions in asked removed (case-insensitive, final
// punctuation and spaces ignored), at most max (≤ 0: no limit).
func Parse(reply string, asked []string, max int) []string {
	seen := map[string]bool{}
	for _, a := range asked {
		seen[normalize(a)] = true
	}
	out := []string{}
	for _, line := range strings.Split(strings.ReplaceAll(reply, "\r\n", "\n"), "\n") {
		q := strings.TrimSpace(strings.TrimRight(line, "\r"))
		if q == "" || strings.HasPrefix(q, "#") || strings.HasPrefix(q, "```") || strings.HasPrefix(q, "---") {
			continue
		}
		for range 2 { // "- 1. question" has two markers
			q = strings.TrimSpace(markerRE.ReplaceAllString(q, ""))
		}
		q = strings.TrimSpace(strings.Trim(q, "*_`"))
		if isPreamble(q) || !IsQuestion(q) { // "" is no question
			continue
		}
		key := normalize(q)
		if key == "" || seen[key] {
			continue
		}
		seen[key] = true
		out = append(out, q)
		if max > 0 && len(out) == max {
			break
		}
	}
	return out
}

// IsQuestion reports whether a cleaned line asks something (field case
// B31): it ends with "?" or "？", or it contains a Chinese interrogative
// (什么, 哪, 如何, 怎样, 怎么, 为何, 为什么, 是否, 有何, 多少, 几, 谁, 吗, 呢),
// or its first word is an English interrogative or auxiliary (who, what,
// why, how, which, when, where, whose, whom, is, are, was, were, does, do,
// did, can, could, should, would, will, has, have; case-insensitive). So
// "微博上的负面情绪主要来自哪些群体" and "How did the team react" are
// questions, "好的。" and "Sure, here you go." are not.
func IsQuestion(s string) bool {
	s = strings.TrimSpace(s)
	if strings.HasSuffix(s, "?") || strings.HasSuffix(s, "？") {
		return true
	}
	if slices.ContainsFunc(zhInterrogatives, func(w string) bool { return strings.Contains(s, w) }) {
		return true
	}
	first, _, _ := strings.Cut(strings.ToLower(s), " ")
	first = strings.TrimRightFunc(first, func(r rune) bool { return !unicode.IsLetter(r) })
	return slices.Contains(enInterrogatives, first)
}

var zhInterrogatives = []string{"什么", "哪", "如何", "怎样", "怎么", "为何", "为什么", "是否", "有何", "多少", "几", "谁", "吗", "呢"}

var enInterrogatives = strings.Fields("who what why how which when where whose whom is are was were does do did can could should would will has have")

// isPreamble: an introduction line ("Here are 5 questions:", "以下是建议的后续问题：").
func isPreamble(s string) bool {
	return !strings.ContainsAny(s, "?？") && (strings.HasSuffix(s, ":") || strings.HasSuffix(s, "："))
}

// normalize is the comparison key of a question.
func normalize(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	s = strings.TrimRightFunc(s, func(r rune) bool {
		return unicode.IsSpace(r) || strings.ContainsRune("?？.。!！", r)
	})
	return strings.Join(strings.Fields(s), " ")
}
