package cli

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"reportengine/graphrag/globalsearch"
	"reportengine/graphrag/knowledge"
	"reportengine/graphrag/localsearch"
	"reportengine/graphrag/storage"
	"reportengine/internal/settings"
	"reportengine/llm"
	"reportengine/llm/offline"
	"reportengine/llm/openaicompat"
	"reportengine/llm/tokens"
)

// Environment variables for the embedding model of search, questions and
// chat (the key and, unless set here, the base URL are report's).
const (
	envEmbedModel     = "REPORT_ENGINE_EMBEDDING_MODEL"
	envOpenAIEmbed    = "OPENAI_EMBEDDING_MODEL"
	envEmbedBaseURL   = "REPORT_ENGINE_EMBEDDING_BASE_URL"
	envEmbedDimension = "REPORT_ENGINE_EMBEDDING_DIMENSIONS"
)

// ragOptions are the flags search, questions and chat share: where the
// knowledge comes from, the context build parameters, the answering model
// and the embedder.
type ragOptions struct {
	GraphsDir string
	Graph     string
	Index     string
	// noModel: no answering model is used (search --context-only), so
	// precheck does not check its settings.
	noModel bool
	// manyQuestions: the command asks many questions (chat, eval): the
	// vector store keeps the pages it reads (knowledge.ExactStore.KeepPages)
	manyQuestions bool

	CommunityLevel    int
	Encoding          string
	MaxContextTokens  int
	TopKEntities      int
	TopKRelationships int
	HistoryMaxTurns   int
	TextUnitProp      float64
	CommunityProp     float64
	MinSimilarity     float64
	Retrieval         string
	ResponseType      string
	HistoryFile       string

	LLM     string
	Model   string
	BaseURL string
	Timeout time.Duration

	Embedder       string
	EmbeddingModel string
	EmbeddingDims  int
	EmbeddingURL   string
	NoVectorCache  bool

	// heldRoute is a local route's method line held until the search's
	// context shows that the question matched (noteRoute, sayRoute): a
	// refused question prints only the refusal, not the router's figures;
	// under auto a global route's line too, until its map kept a point
	// (else local search answers: globalsearch.Engine.Answer).
	heldRoute *globalsearch.Route
	// asked is the method the user asked (--method; "" is auto): under
	// auto a global search that keeps no point falls back to local search.
	asked globalsearch.Method

	changed func(name string) bool // the flag was given on the command line
	Getenv  func(string) string
	cmdIO
}

// addRAGFlags declares the shared flags on cmd.
func addRAGFlags(cmd *cobra.Command, o *ragOptions) {
	d := localsearch.DefaultParams()
	f := cmd.Flags()
	f.StringVar(&o.GraphsDir, "graphs", "graphs", "folder that holds the graphs")
	f.StringVar(&o.Graph, "graph", storage.LatestID, "search this stored graph `ID` ('latest' = the newest)")
	f.StringVar(&o.Index, "graphrag-index", "", "search a Microsoft GraphRAG index instead: a project `DIR` with output/, or the output folder")
	f.IntVar(&o.CommunityLevel, "community-level", knowledge.DefaultCommunityLevel, "GraphRAG index: use communities and reports up to this level (-1 = all levels)")
	f.StringVar(&o.Encoding, "encoding", tokens.O200kBase, "tokenizer for the token budgets: "+strings.Join(tokens.Encodings(), " or "))
	f.IntVar(&o.MaxContextTokens, "max-context-tokens", d.MaxContextTokens, "context budget in tokens (settings.yaml local_search.max_context_tokens)")
	f.IntVar(&o.TopKEntities, "top-k-entities", d.TopKMappedEntities, "entities mapped from the question (the vector search asks for twice as many)")
	f.IntVar(&o.TopKRelationships, "top-k-relationships", d.TopKRelationships, "out-of-network relationships per selected entity")
	f.IntVar(&o.HistoryMaxTurns, "history-max-turns", d.ConversationHistoryMaxTurns, "conversation turns kept in the context (0 = all)")
	f.Float64Var(&o.TextUnitProp, "text-unit-prop", d.TextUnitProp, "share of the budget for source texts")
	f.Float64Var(&o.CommunityProp, "community-prop", d.CommunityProp, "share of the budget for community reports")
	f.Float64Var(&o.MinSimilarity, "min-similarity", localsearch.NoMatchSimilarity, "relevance floor: a question whose nearest entities share no term with it and are all less similar than this is a no-match (0 = always take the nearest entities)")
	f.StringVar(&o.Retrieval, "retrieval", "auto", "question → entities mapping: hybrid (lexical search on the question's words fused with the vector search), vector (the vector search alone, as Microsoft GraphRAG does), or auto (hybrid for our graphs and offline vectors, else vector)")
	f.StringVar(&o.LLM, "llm", "auto", "answering model: offline, openai, or auto (openai when an API key is set, else offline)")
	f.StringVar(&o.Model, "model", "", "model name for --llm openai")
	f.StringVar(&o.BaseURL, "base-url", "", "OpenAI-compatible base URL for --llm openai")
	f.DurationVar(&o.Timeout, "timeout", 120*time.Second, "per-request timeout for the model and the embedder")
	f.StringVar(&o.Embedder, "embedder", "auto", "entity and question vectors: offline, openai, or auto (openai when an embedding model is configured, else offline)")
	f.StringVar(&o.EmbeddingModel, "embedding-model", "", "embedding model name for --embedder openai (env "+envEmbedModel+")")
	f.IntVar(&o.EmbeddingDims, "embedding-dimensions", 0, "vector length; 0: 512 for the offline embedder, asked from the server once for openai")
	f.StringVar(&o.EmbeddingURL, "embedding-base-url", "", "OpenAI-compatible base URL for embeddings (default: the model's)")
	f.BoolVar(&o.NoVectorCache, "no-vector-cache", false, "compute entity vectors without reading or writing the vector cache")
}

// fillRAG copies the command's context into o.
func fillRAG(cmd *cobra.Command, d *Deps, o *ragOptions) {
	o.changed, o.Getenv, o.cmdIO = cmd.Flags().Changed, d.Getenv, d.io(cmd)
}

// ragSession is a loaded knowledge model ready to search.
type ragSession struct {
	m       *knowledge.Model
	label   string // "graph <id>" or "index <dir>"
	builder *localsearch.ContextBuilder
	params  localsearch.Params
	prompt  string        // system prompt template from settings.yaml; "" = built in
	tk      llm.Tokenizer // the budgets' tokenizer (--encoding)
	// rt chooses the method (router), geng answers by global search
	// (globalEngine); each is made on first use.
	rt   *globalsearch.Router
	geng *globalsearch.Engine
}

// note prints an informational line on stderr unless --quiet.
func (o *ragOptions) note(format string, args ...any) {
	if !o.quiet {
		fmt.Fprintf(o.Err, format+"\n", args...)
	}
}

func (o *ragOptions) warn(format string, args ...any) {
	fmt.Fprintf(o.Err, "warning: "+format+"\n", args...)
}

// retrieval resolves --retrieval: auto is hybrid for our graphs and
// wherever the entity vectors come from the offline embedder (its n-gram
// vectors know no words), vector for a GraphRAG index searched with
// another embedder.
func (o *ragOptions) retrieval(m *knowledge.Model, emb llm.Embedder) string {
	switch o.Retrieval {
	case localsearch.RetrievalHybrid, localsearch.RetrievalVector:
		return o.Retrieval
	}
	if m.Source().Kind == "reportengine-graph" || emb.Info().Provider == offline.EmbedderProvider {
		return localsearch.RetrievalHybrid
	}
	return localsearch.RetrievalVector
}

// params are GraphRAG's defaults, then settings.yaml's local_search, then
// the flags given.
func (o *ragOptions) params(set *settings.Settings) (localsearch.Params, error) {
	p := localsearch.DefaultParams()
	p.MinSimilarity = o.MinSimilarity
	var ls settings.LocalSearch
	if set != nil {
		ls = set.LocalSearch
	}
	for _, f := range []struct {
		name     string
		dst, set *int
		v        int
	}{
		{"max-context-tokens", &p.MaxContextTokens, ls.MaxContextTokens, o.MaxContextTokens},
		{"top-k-entities", &p.TopKMappedEntities, ls.TopKEntities, o.TopKEntities},
		{"top-k-relationships", &p.TopKRelationships, ls.TopKRelationships, o.TopKRelationships},
		{"history-max-turns", &p.ConversationHistoryMaxTurns, ls.ConversationHistoryMaxTurns, o.HistoryMaxTurns},
	} {
		if o.changed(f.name) && f.v < 0 {
			return p, usagef("--%s %d: want a number ≥ 0", f.name, f.v)
		}
		layer(o.changed, f.name, f.dst, f.set, f.v)
	}
	layer(o.changed, "text-unit-prop", &p.TextUnitProp, ls.TextUnitProp, o.TextUnitProp)
	layer(o.changed, "community-prop", &p.CommunityProp, ls.CommunityProp, o.CommunityProp)
	if err := p.Validate(); err != nil {
		if set != nil && set.Path != "" && !o.budgetFlagsChanged() {
			// the values came from the index's settings.yaml: name it
			return p, inputError{fmt.Errorf("%s: local_search: %w", set.Path, err)}
		}
		return p, usageError{err}
	}
	return p, nil
}

// layer sets *dst to *set when settings.yaml has it, then to v when the
// flag name was given.
func layer[T int | float64](changed func(string) bool, name string, dst, set *T, v T) {
	if set != nil {
		*dst = *set
	}
	if changed(name) {
		*dst = v
	}
}

// budgetFlagsChanged is true when a flag of the local search parameters
// was given (an invalid value is then the command line's).
func (o *ragOptions) budgetFlagsChanged() bool {
	return slices.ContainsFunc([]string{"max-context-tokens", "top-k-entities", "top-k-relationships", "history-max-turns", "text-unit-prop", "community-prop", "min-similarity"}, o.changed)
}

// env returns the first non-empty of the environment variables.
func (o *ragOptions) env(names ...string) string { return firstEnv(o.Getenv, names...) }

// firstEnv returns the first of the environment variables names that
// getenv finds non-blank, trimmed; "" when none is.
func firstEnv(getenv func(string) string, names ...string) string {
	for _, n := range names {
		if v := strings.TrimSpace(getenv(n)); v != "" {
			return v
		}
	}
	return ""
}

// precheck refuses flags that are wrong whatever the knowledge holds
// before any is loaded: the answering model's settings (unless noModel:
// --context-only), the token encoding, the embedder's settings and,
// for a stored graph (whose search settings are the flags alone), the
// local search parameters; with a GraphRAG index the parameters depend on
// its settings.yaml and are checked once it is read. Loading and
// embedding the 300 000-record graph took a minute before such a flag
// was refused.
func (o *ragOptions) precheck() error {
	if !o.noModel {
		if _, err := o.answerModel(); err != nil {
			return err
		}
	}
	if _, err := tokens.New(o.Encoding); err != nil {
		return usagef("--encoding %q: want %s", o.Encoding, strings.Join(tokens.Encodings(), " or "))
	}
	switch o.Retrieval {
	case "auto", localsearch.RetrievalHybrid, localsearch.RetrievalVector:
	default:
		return usagef("--retrieval %q: want hybrid, vector or auto", o.Retrieval)
	}
	if _, err := o.embedder(context.Background(), nil); err != nil {
		return err
	}
	if o.Index == "" {
		if _, err := o.params(nil); err != nil {
			return err
		}
	}
	return nil
}

// embedder picks the embedder: offline (fitted on the entity texts), or
// an OpenAI-compatible embedding model when one is configured. With m nil
// it only checks the settings (nil, nil when they are usable): no fit, no
// network (precheck).
func (o *ragOptions) embedder(ctx context.Context, m *knowledge.Model) (llm.Embedder, error) {
	mode := strings.ToLower(strings.TrimSpace(o.Embedder))
	name := cmp.Or(o.EmbeddingModel, o.env(envEmbedModel, envOpenAIEmbed))
	switch mode {
	case "auto", "":
		mode = "offline"
		if name != "" {
			mode = "openai"
		}
	case "offline", "openai":
	default:
		return nil, usagef("--embedder %q: want offline, openai or auto", o.Embedder)
	}
	dims := o.EmbeddingDims
	if dims == 0 {
		if v := o.env(envEmbedDimension); v != "" {
			n, err := strconv.Atoi(v) // fmt.Sscan read "12abc" as 12 and "1.5" as 1
			if err != nil || n < 0 {
				return nil, usagef("%s=%q: want a whole number", envEmbedDimension, v)
			}
			dims = n
		}
	}
	if dims < 0 {
		return nil, usagef("--embedding-dimensions %d: want a number ≥ 0", dims)
	}
	if mode == "offline" {
		if m == nil {
			return nil, nil
		}
		return fitOffline(m, dims), nil
	}
	if name == "" {
		return nil, usagef("--embedder openai: no embedding model (--embedding-model or %s)", envEmbedModel)
	}
	key := o.env(envAPIKey, envOpenAIKey)
	base := cmp.Or(o.EmbeddingURL, o.env(envEmbedBaseURL), o.BaseURL, o.env(envBaseURL, envOpenAIBase))
	base, err := checkBaseURL(base, key, "--embedder openai", "--embedding-base-url")
	if err != nil || m == nil {
		return nil, err
	}
	cfg := openaicompat.EmbedderConfig{BaseURL: base, APIKey: key, Model: name, Dimensions: dims, Timeout: o.Timeout}
	if dims == 0 {
		n, err := openaicompat.ProbeDimensions(ctx, cfg)
		if err != nil {
			return nil, fmt.Errorf("asking %s for its vector length: %w", name, err)
		}
		cfg.Dimensions = n
	} else {
		cfg.SendDimensions = true
	}
	e, err := openaicompat.NewEmbedder(cfg)
	if err != nil {
		return nil, usageError{err}
	}
	return e, nil
}

// fitOffline returns the offline embedder of dims dimensions (0: the
// default) fitted on m's entity texts (knowledge.EntityText): the fit kept
// beside m's model file (knowledge.Model.ModelExtra) when it is there,
// else offline.Embedder.Fit, then kept there for the next process (a
// failure to keep it is ignored). Fitting reads every entity text: about
// 2 s of CPU on the 300 000-record graph, against 1 ms to read the fit.
func fitOffline(m *knowledge.Model, dims int) *offline.Embedder {
	e := offline.NewEmbedder(dims)
	name := fmt.Sprintf("offline-fit-%d", e.Info().Dimensions)
	if b, ok := m.ModelExtra(name); ok {
		if f, err := offline.UnmarshalFit(b); err == nil && f.Info().Dimensions == e.Info().Dimensions {
			return f
		}
	}
	texts := make([]string, len(m.Entities()))
	for i, en := range m.Entities() {
		texts[i] = knowledge.EntityText(en)
	}
	e = e.Fit(texts)
	if m.ModelFilePath() != "" {
		_ = m.WriteModelExtra(name, e.MarshalFit())
	}
	return e
}

// checkBaseURL completes and checks an OpenAI-compatible base URL: ""
// means the default server, which needs an API key; what names the mode
// and flag the URL's flag in the usage errors.
func checkBaseURL(base, key, what, flag string) (string, error) {
	if base == "" {
		if key == "" {
			return "", usagef("%s: no API key (set %s or %s), and no %s for a local server that needs none", what, envAPIKey, envOpenAIKey, flag)
		}
		base = defaultBaseURL
	}
	if u, err := url.Parse(base); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return "", usagef("%s %q: want an http(s) URL such as %s", flag, base, defaultBaseURL)
	}
	return base, nil
}

// userCacheDir is the user's cache folder ($XDG_CACHE_HOME, else
// $HOME/.cache), read through Getenv; "" when neither is set.
func (o *ragOptions) userCacheDir() string {
	if d := o.env("XDG_CACHE_HOME"); filepath.IsAbs(d) {
		return d
	}
	if h := o.env("HOME"); filepath.IsAbs(h) {
		return filepath.Join(h, ".cache")
	}
	return ""
}

// answerModel returns the model that answers (report's selection rules).
func (o *ragOptions) answerModel() (llm.Model, error) {
	return modelFromOptions(&reportOptions{LLM: o.LLM, Model: o.Model, BaseURL: o.BaseURL, Timeout: o.Timeout, Getenv: o.Getenv, searchModel: true})
}

// maxHistoryBytes is the largest --history file read: 4 MiB (four times
// the server's request body limit; a conversation of 50 turns of a few
// KiB each is well under 1 MiB).
const maxHistoryBytes = 4 << 20

// readLimited reads the file at path, at most limit bytes: a larger file,
// or one without end (/dev/zero, a pipe that keeps writing), is an error
// naming the path and the limit after limit+1 bytes, not a read until
// memory runs out. A folder is an error naming the path.
func readLimited(path string, limit int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil && fi.IsDir() {
		return nil, fmt.Errorf("%s is a folder, not a file", path)
	} else if err == nil && fi.Mode().IsRegular() && fi.Size() > limit {
		return nil, fmt.Errorf("%s: %d bytes, more than the %d (%s) it may have", path, fi.Size(), limit, sizeName(limit))
	}
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("%s: more than the %d bytes (%s) it may have", path, limit, sizeName(limit))
	}
	return data, nil
}

// sizeName is n bytes in KiB or MiB, for messages.
func sizeName(n int64) string {
	if n >= 1<<20 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d KiB", n>>10)
}

// readHistory reads a conversation history file: a JSON list of
// {"role": "user"|"assistant"|"system", "content": "..."}, oldest first (a
// missing role is a user turn). An unreadable file, bad JSON or another
// role is an inputError (exit 3) naming the file and the entry; so is a
// file over maxHistoryBytes.
func readHistory(path string) ([]llm.Message, error) {
	if path == "" {
		return nil, nil
	}
	data, err := readLimited(path, maxHistoryBytes)
	if err != nil {
		return nil, inputError{fmt.Errorf("--history: %w", err)}
	}
	var msgs []llm.Message
	if err := json.Unmarshal(data, &msgs); err != nil {
		return nil, inputError{fmt.Errorf("--history %s: want a JSON list of {\"role\", \"content\"}: %w", path, err)}
	}
	for i, m := range msgs {
		switch m.Role {
		case "", llm.RoleUser, llm.RoleAssistant, llm.RoleSystem: // "" is a user turn, as on the server
		default:
			return nil, inputError{fmt.Errorf("--history %s: [%d].role: want user, assistant or system, got %q", path, i, m.Role)}
		}
	}
	return msgs, nil
}
