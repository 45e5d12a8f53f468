package cli

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"reportengine/graphrag/knowledge"
	"reportengine/graphrag/localsearch"
	"reportengine/server"
	"reportengine/text"
)

// serveTokenEnv names the environment variable that holds the bearer token
// when --token is not given.
const serveTokenEnv = "REPORT_ENGINE_SERVE_TOKEN"

// serveOptions are the inputs of `reportengine serve`.
type serveOptions struct {
	Addr            string
	GraphsDir       string
	ReportsDir      string
	Token           string
	Limit           int
	MaxLimit        int
	MaxBody         int64
	ReadTimeout     time.Duration
	WriteTimeout    time.Duration
	ShutdownTimeout time.Duration
	Quiet           bool

	Search  bool     // serve POST /api/search
	Indexes []string // NAME=DIR, GraphRAG indexes searchable by name
	LLM     string   // offline (default), openai or auto
	Model   string
	BaseURL string
	Getenv  func(string) string

	Err io.Writer
	// ready, when set (tests), receives the listening address.
	ready func(addr string)
}

func newServeCmd(d *Deps, runF func(context.Context, *serveOptions) error) *cobra.Command {
	opts, run := &serveOptions{}, pick(runF, runServe)
	cmd := &cobra.Command{
		Use:   "serve [flags]",
		Short: "Serve the graph API, the graph viewer and the reports over HTTP",
		Long: `Serve the stored graphs and reports over HTTP, for BettaFish's front end and for the
built-in graph viewer (open http://127.0.0.1:8080/graph-viewer): /api/graph/{id},
/api/graph/query, /api/search, /api/questions, /api/graphs, /api/reports, /reports/{id}/.

It binds 127.0.0.1:8080 by default and then answers only to the host names 127.0.0.1,
localhost and ::1. With --token (or ` + serveTokenEnv + `) every route needs
"Authorization: Bearer TOKEN". README.md (reportengine serve) has every route.`,
		Example: `  reportengine serve
  reportengine serve --addr 127.0.0.1:9000 --graphs graphs --reports reports
  REPORT_ENGINE_SERVE_TOKEN=$(openssl rand -hex 16) reportengine serve --addr 0.0.0.0:8080`,
		Args: usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Err = cmd.ErrOrStderr()
			opts.Getenv = d.Getenv
			opts.Token = cmp.Or(opts.Token, d.Getenv(serveTokenEnv))
			if _, _, err := net.SplitHostPort(opts.Addr); err != nil {
				return usagef("--addr %q: want host:port, e.g. 127.0.0.1:8080", opts.Addr)
			}
			if opts.Limit < 0 || opts.MaxLimit < 0 || opts.MaxBody < 0 {
				return usagef("--limit, --max-limit and --max-body must be 0 or more")
			}
			if opts.Limit > 0 && opts.MaxLimit > 0 && opts.Limit > opts.MaxLimit {
				return usagef("--limit %d is above --max-limit %d", opts.Limit, opts.MaxLimit)
			}
			if _, err := parseIndexes(opts.Indexes); err != nil {
				return err
			}
			return run(cmd.Context(), opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.Addr, "addr", "127.0.0.1:8080", "address to listen on (host:port; port 0 picks a free one)")
	f.StringVar(&opts.GraphsDir, "graphs", "graphs", "folder that holds the graphs")
	f.StringVar(&opts.ReportsDir, "reports", "reports", "folder of report runs served under /reports/ (\"\" = none)")
	f.StringVar(&opts.Token, "token", "", "bearer token required on every route (default $"+serveTokenEnv+")")
	f.IntVar(&opts.Limit, "limit", 0, fmt.Sprintf("nodes per graph response without ?limit= (0 = %d)", server.DefaultLimit))
	f.IntVar(&opts.MaxLimit, "max-limit", 0, fmt.Sprintf("largest ?limit= honoured (0 = %d)", server.DefaultMaxLimit))
	f.Int64Var(&opts.MaxBody, "max-body", 0, fmt.Sprintf("request body limit in bytes (0 = %d)", server.DefaultMaxBodyBytes))
	f.DurationVar(&opts.ReadTimeout, "read-timeout", 30*time.Second, "time to read a whole request")
	f.DurationVar(&opts.WriteTimeout, "write-timeout", 60*time.Second, "time to write a response (per event for streams)")
	f.DurationVar(&opts.ShutdownTimeout, "shutdown-timeout", 10*time.Second, "graceful shutdown wait for requests in flight")
	// the same name and shorthand as the root's --quiet, which this flag
	// shadows: without "q", `serve -q` and `reportengine -q serve` were
	// refused as an unknown shorthand flag
	f.BoolVarP(&opts.Quiet, "quiet", "q", false, "do not log failed requests and graph loads")
	f.BoolVar(&opts.Search, "search", true, "serve POST /api/search, /api/questions and the viewer's question box (--search=false turns them off)")
	f.StringArrayVar(&opts.Indexes, "index", nil, "NAME=DIR: a Microsoft GraphRAG index searchable as {\"index\": NAME} (repeatable)")
	f.StringVar(&opts.LLM, "llm", "offline", "model that answers searches: offline, openai, or auto (openai when an API key is set)")
	f.StringVar(&opts.Model, "model", "", "model name for --llm openai")
	f.StringVar(&opts.BaseURL, "base-url", "", "OpenAI-compatible base URL for --llm openai")
	return cmd
}

// loopbackHosts are the Host names a loopback-bound server answers to.
var loopbackHosts = []string{"127.0.0.1", "localhost", "::1"}

func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

func runServe(ctx context.Context, opts *serveOptions) error {
	host, _, _ := net.SplitHostPort(opts.Addr)
	cfg := server.Config{
		GraphsDir:       opts.GraphsDir,
		ReportsDir:      opts.ReportsDir,
		Token:           opts.Token,
		DefaultLimit:    opts.Limit,
		MaxLimit:        opts.MaxLimit,
		MaxBodyBytes:    opts.MaxBody,
		ReadTimeout:     opts.ReadTimeout,
		WriteTimeout:    opts.WriteTimeout,
		ShutdownTimeout: opts.ShutdownTimeout,
	}
	if isLoopback(host) {
		cfg.AllowedHosts = loopbackHosts
	}
	if !opts.Quiet {
		cfg.Logger = slog.New(slog.NewTextHandler(opts.Err, &slog.HandlerOptions{Level: slog.LevelInfo}))
	}
	if opts.Search {
		sc, err := searchConfig(opts)
		if err != nil {
			return err
		}
		cfg.Search = sc
		text.Warm() // the first question's segmentation need not wait for the dictionary
	}
	srv, err := server.New(cfg)
	if err != nil {
		return usagef("%v", err)
	}
	ln, err := net.Listen("tcp", opts.Addr)
	if err != nil {
		return fmt.Errorf("serve: listen on %s: %w", opts.Addr, err)
	}
	addr := ln.Addr().String()
	search := "off"
	if cfg.Search != nil {
		search = cfg.Search.Model.Info().Provider
		if len(cfg.Search.Indexes) > 0 {
			search += fmt.Sprintf(", %d index(es)", len(cfg.Search.Indexes))
		}
	}
	fmt.Fprintf(opts.Err, "serving http://%s/graph-viewer (graphs: %s, reports: %s, search: %s); Ctrl-C stops\n", addr, opts.GraphsDir, cmp.Or(opts.ReportsDir, "none"), search)
	if opts.Token != "" {
		// the printed URL alone answers 401; the token itself is a secret
		// and is not printed
		fmt.Fprintf(opts.Err, "a token is required: open http://%s/graph-viewer?token=<the --token value> once (the viewer keeps it in a cookie); API clients send Authorization: Bearer <token>\n", addr)
	}
	if !isLoopback(host) && opts.Token == "" {
		fmt.Fprintf(opts.Err, "warning: listening on %s without a token: anyone who can reach it can read the graphs (set --token or %s)\n", addr, serveTokenEnv)
	}
	if opts.ready != nil {
		opts.ready(addr)
	}
	if err := srv.Serve(ctx, ln); err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	fmt.Fprintln(opts.Err, "stopped")
	return nil
}

// parseIndexes reads the --index NAME=DIR values.
func parseIndexes(vals []string) (map[string]string, error) {
	out := map[string]string{}
	for _, v := range vals {
		name, dir, ok := strings.Cut(v, "=")
		name, dir = strings.TrimSpace(name), strings.TrimSpace(dir)
		if !ok || name == "" || dir == "" {
			return nil, usagef("--index %q: want NAME=DIR", v)
		}
		if _, dup := out[name]; dup {
			return nil, usagef("--index: %q given twice", name)
		}
		out[name] = dir
	}
	return out, nil
}

// checkIndexDir refuses at start an --index folder that cannot be a
// GraphRAG index (missing, not a folder, or with no entities table in it or
// in its output/ folder), so that a mistyped path is told at once rather
// than to the first client that searches it. The index itself is loaded
// when it is first searched.
func checkIndexDir(dir string) error {
	fi, err := os.Stat(dir)
	if err != nil {
		return err
	}
	if !fi.IsDir() {
		return fmt.Errorf("not a folder")
	}
	for _, d := range []string{dir, filepath.Join(dir, "output")} {
		for _, n := range []string{"entities.parquet", "create_final_entities.parquet"} {
			if _, err := os.Stat(filepath.Join(d, n)); err == nil {
				return nil
			}
		}
	}
	return fmt.Errorf("not a GraphRAG index: no entities.parquet or create_final_entities.parquet in it or in its output/ folder")
}

// searchConfig builds the search of `serve`: the model of --llm (offline
// by default, so searching needs no network) and retrieval over the offline
// embedder (offlineRetrieval).
func searchConfig(opts *serveOptions) (*server.SearchConfig, error) {
	m, err := modelFromOptions(&reportOptions{LLM: opts.LLM, Model: opts.Model, BaseURL: opts.BaseURL, Getenv: opts.Getenv, searchModel: true})
	if err != nil {
		return nil, err
	}
	idx, err := parseIndexes(opts.Indexes)
	if err != nil {
		return nil, err
	}
	for _, v := range opts.Indexes { // in the order given
		name, _, _ := strings.Cut(v, "=")
		name = strings.TrimSpace(name)
		if err := checkIndexDir(idx[name]); err != nil {
			return nil, inputError{fmt.Errorf("--index %s=%s: %w", name, idx[name], err)}
		}
	}
	p := localsearch.DefaultParams()
	p.MinSimilarity = localsearch.NoMatchSimilarity // a question about nothing in the graph is a no-match (B24)
	p.Retrieval = localsearch.RetrievalHybrid       // the server's vectors are always the offline embedder's
	return &server.SearchConfig{Model: m, Retrieval: offlineRetrieval, Indexes: idx, Params: &p}, nil
}

// offlineRetrieval embeds a knowledge model's entities with the offline
// embedder fitted on their texts (knowledge.EntityText) into an exact
// vector store, cached beside a graph (knowledge.EntityVectors,
// knowledge.DefaultCacheDirs; an index's vectors are not cached) that
// keeps the pages it reads (a server answers many questions:
// knowledge.ExactStore.KeepPages). No network.
func offlineRetrieval(ctx context.Context, m *knowledge.Model) (localsearch.Config, error) {
	emb := fitOffline(m, 0)
	store, _, err := knowledge.EntityVectors(ctx, m, knowledge.VectorOptions{Embedder: emb, CacheDirs: knowledge.DefaultCacheDirs(m, "")})
	if err != nil {
		return localsearch.Config{}, err
	}
	store.KeepPages()
	return localsearch.Config{Embedder: emb, VectorStore: store}, nil
}
