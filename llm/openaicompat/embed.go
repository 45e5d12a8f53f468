package openaicompat

import (
	"cmp"
	"context"
	"fmt"
	"net/http"
	"strings"
	"time"

	openai "github.com/sashabaranov/go-openai"

	"reportengine/llm"
)

// DefaultEmbedBatch is the number of texts per embeddings request when
// EmbedderConfig.BatchSize is 0.
const DefaultEmbedBatch = 64

// EmbedderConfig configures an Embedder. BaseURL, Model and Dimensions
// are required; the other fields default as in Config.
type EmbedderConfig struct {
	// BaseURL is the API root "/embeddings" is appended to (as
	// Config.BaseURL).
	BaseURL string
	// APIKey as in Config; never in an error.
	APIKey string
	// Model is the embedding model name ("text-embedding-3-large",
	// "bge-m3", "nomic-embed-text").
	Model string
	// Dimensions is the length of the vectors the model returns (3072 for
	// text-embedding-3-large, 1536 for text-embedding-3-small). Every
	// response is checked against it; ProbeDimensions asks the server.
	Dimensions int
	// SendDimensions sends Dimensions as the request's "dimensions" field,
	// for models that can shorten their vectors (OpenAI text-embedding-3);
	// other servers may reject the field.
	SendDimensions bool
	// BatchSize is the number of texts per request (default
	// DefaultEmbedBatch).
	BatchSize   int
	Timeout     time.Duration
	MaxAttempts int
	BackoffBase time.Duration
	HTTPClient  *http.Client
}

// Embedder is the llm.Embedder of an OpenAI-compatible /embeddings
// endpoint. It shares the chat Model's timeouts, retries (429, 5xx,
// timeouts, connection errors; at most MaxAttempts) and error mapping (see
// the package doc); in addition a response with fewer vectors than texts,
// or a vector whose length is not Dimensions, is llm.ErrBadResponse, never
// retried and never passed on (B29). Safe for concurrent use.
type Embedder struct {
	m     *Model
	cfg   EmbedderConfig
	batch int
}

var _ llm.Embedder = (*Embedder)(nil)

// NewEmbedder checks cfg and returns an Embedder; it makes no network call.
// Errors wrap ErrInvalidConfig.
func NewEmbedder(cfg EmbedderConfig) (*Embedder, error) {
	if cfg.Dimensions <= 0 {
		return nil, fmt.Errorf("%w: Dimensions is required (the embedding model's vector length, e.g. 3072 for text-embedding-3-large; ProbeDimensions asks the server)", ErrInvalidConfig)
	}
	if cfg.BatchSize < 0 {
		return nil, fmt.Errorf("%w: BatchSize %d is negative", ErrInvalidConfig, cfg.BatchSize)
	}
	m, err := newEmbedModel(cfg)
	if err != nil {
		return nil, err
	}
	return &Embedder{m: m, cfg: cfg, batch: cmp.Or(cfg.BatchSize, DefaultEmbedBatch)}, nil
}

func newEmbedModel(cfg EmbedderConfig) (*Model, error) {
	return New(Config{BaseURL: cfg.BaseURL, APIKey: cfg.APIKey, Model: cfg.Model, Timeout: cfg.Timeout,
		MaxAttempts: cfg.MaxAttempts, BackoffBase: cfg.BackoffBase, HTTPClient: cfg.HTTPClient})
}

// Info returns provider "openai-compatible", the model and Dimensions.
func (e *Embedder) Info() llm.EmbedderInfo {
	return llm.EmbedderInfo{Provider: ProviderName, Model: e.cfg.Model, Dimensions: e.cfg.Dimensions}
}

// Embed returns one vector per text, in order, in requests of BatchSize
// texts. Errors are *llm.Error values (Step "embedding") or, when ctx ends,
// ctx's error.
func (e *Embedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, 0, len(texts))
	for start := 0; start < len(texts); start += e.batch {
		end := min(start+e.batch, len(texts))
		vs, err := e.m.embed(ctx, texts[start:end], e.cfg.Dimensions, e.cfg.SendDimensions)
		if err != nil {
			return nil, err
		}
		out = append(out, vs...)
	}
	return out, nil
}

// ProbeDimensions embeds one short text to learn the vector length the
// server's model returns (Dimensions of cfg is ignored).
func ProbeDimensions(ctx context.Context, cfg EmbedderConfig) (int, error) {
	m, err := newEmbedModel(cfg)
	if err != nil {
		return 0, err
	}
	vs, err := m.embed(ctx, []string{"dimension probe"}, 0, false)
	if err != nil {
		return 0, err
	}
	return len(vs[0]), nil
}

var embedStep = llm.Request{Step: "embedding"}

// embed sends one embeddings request (with retries) and checks the answer:
// one vector per text, each of dim values (any non-zero equal length when
// dim is 0).
func (m *Model) embed(ctx context.Context, texts []string, dim int, send bool) ([][]float32, error) {
	req := openai.EmbeddingRequest{Input: texts, Model: openai.EmbeddingModel(m.cfg.Model), EncodingFormat: openai.EmbeddingEncodingFormatFloat}
	if send {
		req.Dimensions = dim
	}
	var vecs [][]float32
	_, err := m.retry(ctx, embedStep, func(ctx context.Context) (llm.Response, error) {
		actx, cancel := context.WithTimeoutCause(ctx, m.cfg.Timeout, errAttemptTimeout)
		defer cancel()
		resp, err := m.client.CreateEmbeddings(actx, req)
		if err != nil {
			return llm.Response{}, m.mapError(ctx, actx, embedStep, err)
		}
		vecs, err = m.checkEmbeddings(resp, len(texts), dim)
		return llm.Response{}, err
	}, nil)
	return vecs, err
}

func (m *Model) checkEmbeddings(resp openai.EmbeddingResponse, n, dim int) ([][]float32, error) {
	bad := func(format string, args ...any) error {
		return m.newError(embedStep, llm.ErrBadResponse, 0, fmt.Sprintf(format, args...), nil)
	}
	if len(resp.Data) != n {
		return nil, bad("the server returned %d embeddings for %d texts; check that BaseURL points at the API root (…/v1) and Model is an embedding model", len(resp.Data), n)
	}
	out := make([][]float32, n)
	for _, d := range resp.Data {
		if d.Index < 0 || d.Index >= n || out[d.Index] != nil {
			return nil, bad("embedding index %d is out of range or repeated", d.Index)
		}
		dim = cmp.Or(dim, len(d.Embedding))
		if len(d.Embedding) != dim || dim == 0 {
			return nil, bad("embedding dimension mismatch: configured=%d, returned=%d (reportengine: --embedding-dimensions; model %s)", dim, len(d.Embedding), strings.TrimSpace(m.cfg.Model))
		}
		out[d.Index] = d.Embedding
	}
	return out, nil
}
