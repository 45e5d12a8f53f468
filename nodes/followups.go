package nodes

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"reportengine/graphrag"
	"reportengine/graphrag/knowledge"
	"reportengine/graphrag/localsearch"
	"reportengine/graphrag/questiongen"
	"reportengine/llm"
	"reportengine/llm/offline"
	"reportengine/prompts"
	textrules "reportengine/text"
)

// DefaultFollowUps is the number of follow-up questions a report ends with.
const DefaultFollowUps = 5

// FollowUps is the last stage before stitching: the question generator of
// local search (graphrag/questiongen, Microsoft GraphRAG's
// LocalQuestionGen) proposes the questions a reader could ask next
// ("可以继续追问"), from a context built over the report's graph, and each
// question is kept only if a local-search context built for it selects
// entities and text (so it is answerable from the graph) and it follows
// the relevance rules (unfitQuestion: no offensive wording, no name cut
// short, no quoted name that is the engines' own section or query).
//
// The knowledge model is built from the graph's topic, engine and section
// nodes and the sources the report cites (not every source: the questions
// follow the report, and a 300 000-source graph would cost seconds to
// embed). Entities are embedded with the embedder Embedders makes for
// them.
type FollowUps struct {
	Model     llm.Model // answers the question-generation call; required unless Offline
	Offline   bool      // the offline writer called directly (WriteQuestions of llm/offline), not Model
	Embedders Embedders // makes the embedder of the knowledge model; required without Input.Builder
	// Temperature is sent with the call; nil = DefaultProseTemperature.
	Temperature *float64
	// MaxOutputTokens is the model's completion maximum, in tokens (0 =
	// DefaultMaxOutputTokens); the call asks for at most 300 + 100 per
	// question.
	MaxOutputTokens int
}

// FollowUpsInput is the graph, the topic and what the report cites.
type FollowUpsInput struct {
	Graph *graphrag.Graph
	Topic string
	// Cited are the URLs of the sources the report cites.
	Cited map[string]bool
	// Builder, when set, is a context builder over the report's part of
	// the graph already embedded (the evidence plan's retrieval); the
	// questions are built on it instead of a model of the cited sources,
	// which saves mapping and embedding the graph twice.
	Builder *localsearch.ContextBuilder
}

// FollowUpsOutput is the questions and how many calls they took.
type FollowUpsOutput struct {
	Questions []string
	Calls     int
	Dropped   []string // proposed questions whose context selected nothing
	// Unfit are proposed questions a reader should not be offered, each
	// with why: offensive wording or a name cut short
	// (questiongen.Unfit), or a quoted name that is the engines' own (a
	// research section's title or a search query of the graph: 「武汉大学舆情概述」
	// names no page or event a reader knows).
	Unfit []string
}

// quotedNameRE is a name a question quotes (「…」 or “…”).
var quotedNameRE = regexp.MustCompile(`「([^」]+)」|“([^”]+)”`)

// internalNames reports whether a name is one the graph's readers never see
// as a name: a node bears it (trimmed) and textrules.InternalName holds for
// that node (package text: the titles of the engines' research sections,
// the search queries, the engines, the summary labels). It is asked only of
// the names a question quotes: checking every node's name up front ran the
// bookkeeping expression on every source title, 0.75 s of CPU a report on
// the 300 000-record graph.
func internalNames(g *graphrag.Graph) func(name string) bool {
	return func(name string) bool {
		for v := 0; v < g.NodeCount() && name != ""; v++ {
			if strings.TrimSpace(g.Name(v)) == name && textrules.InternalName(string(g.Type(v)), name) {
				return true
			}
		}
		return false
	}
}

// unfitQuestion says why a follow-up question is not one to print, or "".
func unfitQuestion(q string, internal func(name string) bool) string {
	if why := questiongen.Unfit(q); why != "" {
		return why
	}
	for _, m := range quotedNameRE.FindAllStringSubmatch(q, -1) {
		if name := strings.TrimSpace(m[1] + m[2]); internal(name) {
			return fmt.Sprintf("quotes the engines' own name %q", name)
		}
	}
	return ""
}

// Run proposes the questions. Errors: the graph is missing or empty, or
// building the model, the vectors or the context failed, or the model call
// failed; the pipeline turns an error into a manifest warning.
func (s FollowUps) Run(ctx context.Context, in FollowUpsInput) (FollowUpsOutput, error) {
	var out FollowUpsOutput
	if in.Graph == nil || in.Graph.NodeCount() == 0 {
		return out, fmt.Errorf("follow-up questions: no graph")
	}
	b := in.Builder
	if b == nil {
		if s.Embedders == nil {
			return out, errors.New("follow-up questions: no Embedders")
		}
		// the graph's topic, engines, sections and cited sources, embedded
		var err error
		if b, err = searchBuilder(ctx, reportSubgraph(in.Graph, in.Cited), s.Embedders); err != nil {
			return out, fmt.Errorf("follow-up questions: %w", err)
		}
	}
	n := DefaultFollowUps
	cfg := questiongen.Config{Builder: b, Model: s.Model,
		Temperature: temperature(s.Temperature, DefaultProseTemperature),
		MaxTokens:   capTokens(followUpReplyTokens+followUpQuestionToken*(n+2), s.MaxOutputTokens)}
	if s.Offline {
		cfg.Model, cfg.Write = nil, writeQuestionsOffline
	}
	g, err := questiongen.New(cfg)
	if err != nil {
		return out, fmt.Errorf("follow-up questions: %w", err)
	}
	history := []string{fmt.Sprintf("%s的舆情主要有哪些方面？", strings.TrimSpace(in.Topic))}
	res, err := g.Generate(ctx, questiongen.Request{History: history, Count: n + 2})
	if err != nil {
		return out, fmt.Errorf("follow-up questions: %w", err)
	}
	out.Calls = res.LLMCalls
	internal := internalNames(in.Graph)
	for _, q := range res.Questions {
		if len(out.Questions) >= n {
			break
		}
		c, err := b.Build(ctx, q, nil, localsearch.DefaultParams())
		if err != nil {
			return out, fmt.Errorf("follow-up questions: %w", err)
		}
		if why := unfitQuestion(q, internal); why != "" {
			out.Unfit = append(out.Unfit, fmt.Sprintf("%q: %s", q, why))
			continue
		}
		if len(c.Entities) == 0 || !slices.Contains(c.Sections, "Sources") {
			out.Dropped = append(out.Dropped, q)
			continue
		}
		out.Questions = append(out.Questions, q)
	}
	return out, nil
}

// writeQuestionsOffline is the offline question step (FollowUps.Offline):
// the extractive writer on the context text, no prompt and no JSON.
func writeQuestionsOffline(ctx context.Context, in prompts.QuestionGenerationInput, context string) (string, error) {
	if err := ctx.Err(); err != nil {
		return "", err
	}
	return offline.WriteQuestions(in, context), nil
}

// searchBuilder is the local-search context builder of g: its knowledge
// model (knowledge.FromGraph), the entities embedded by the embedder
// embedders makes for their texts.
func searchBuilder(ctx context.Context, g *graphrag.Graph, embedders Embedders) (*localsearch.ContextBuilder, error) {
	m, err := knowledge.FromGraph(ctx, g, knowledge.GraphOptions{})
	if err != nil {
		return nil, err
	}
	emb := embedders(entityTexts(m))
	store, _, err := knowledge.EntityVectors(ctx, m, knowledge.VectorOptions{Embedder: emb})
	if err != nil {
		return nil, err
	}
	return localsearch.NewContextBuilder(m, localsearch.Config{Embedder: emb, VectorStore: store})
}

// entityTexts are the texts entity vectors are made of ("title:description").
func entityTexts(m *knowledge.Model) []string {
	texts := make([]string, len(m.Entities()))
	for i, e := range m.Entities() {
		texts[i] = knowledge.EntityText(e)
	}
	return texts
}

// reportSubgraph is g without the sources the report does not cite (and
// the edges that touch them); every other node is kept.
func reportSubgraph(g *graphrag.Graph, cited map[string]bool) *graphrag.Graph {
	keep := make([]bool, g.NodeCount())
	sub := graphrag.New()
	for v := 0; v < g.NodeCount(); v++ {
		if g.Type(v) == graphrag.TypeSource && !cited[g.String(v, "url")] {
			continue
		}
		n := g.NodeAt(v)
		if err := sub.AddNode(&n); err == nil {
			keep[v] = true
		}
	}
	for i, e := range g.EdgeEnds() {
		if keep[e[0]] && keep[e[1]] {
			_ = sub.AddEdge(g.EdgeAt(i))
		}
	}
	return sub
}
