package server

import (
	"bytes"
	"cmp"
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"mime"
	"net"
	"net/http"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Defaults filled in by New for zero Config fields.
const (
	DefaultLimit           = 3000            // nodes per /api/graph response
	DefaultMaxLimit        = 20000           // largest ?limit= honoured
	DefaultMaxDepth        = 3               // deepest ?depth= of /neighbors
	DefaultMaxBodyBytes    = 1 << 20         // 1 MiB per request body
	DefaultMaxCachedGraphs = 8               // loaded graphs kept in memory (not a Config field)
	DefaultLatestTTL       = 2 * time.Second // how long "latest" is remembered
)

// TokenCookie is the cookie that carries the bearer token for the viewer
// page's own requests (a browser cannot add an Authorization header to a
// page load): GET /graph-viewer?token=T sets it (HttpOnly, SameSite=Strict).
const TokenCookie = "reportengine_token"

// Config configures a Server. GraphsDir is required; every other field has
// a documented default.
type Config struct {
	// GraphsDir is the graphs folder (<GraphsDir>/<id>/graphrag.json), as
	// for storage.New: the graphs come from NewFileSource(GraphsDir).
	// Required unless Graphs is set.
	GraphsDir string
	// Graphs, when set, is where the graphs come from instead of
	// GraphsDir (see GraphSource).
	Graphs GraphSource
	// ReportsDir is the folder of rendered report runs
	// (<ReportsDir>/<id>/report.html, manifest.json, …) served under
	// /reports/<id>/ and listed by /api/reports. Empty: no reports.
	ReportsDir string
	// Token, when not empty, is required on every route: as
	// "Authorization: Bearer <Token>", as the TokenCookie cookie, or as
	// ?token=<Token> on a GET (which then sets the cookie). Compared in
	// constant time.
	Token string
	// AllowedHosts, when not empty, lists the host names (without port)
	// the Host header may carry; other hosts get 421. It defends a
	// loopback server against DNS rebinding (a web page whose host name
	// resolves to 127.0.0.1 reading the API). Empty: any host.
	AllowedHosts []string
	// MaxBodyBytes caps request bodies, in bytes (default 1 MiB); a larger
	// body gets 413.
	MaxBodyBytes int64
	// DefaultLimit is the number of nodes /api/graph/{id} sends without
	// ?limit= (default 3000, or MaxLimit when that is lower); MaxLimit caps
	// ?limit= (default 20000, or DefaultLimit when that is higher; larger
	// values are lowered to it and the response says truncated).
	DefaultLimit int
	MaxLimit     int
	// MaxDepth caps ?depth= of /api/graph/{id}/neighbors (default 3;
	// larger values are a 400).
	MaxDepth int
	// LatestTTL is how long the id that "latest" resolves to is reused
	// before the graphs folder is listed again (default 2 s). Negative:
	// list on every request.
	LatestTTL time.Duration
	// Search turns on POST /api/search and the viewer's question box; nil
	// leaves them off (the route answers 404).
	Search *SearchConfig
	// Logger receives one line per failed request and per graph (re)load.
	// Nil: nothing is logged.
	Logger *slog.Logger

	// Timeouts of the http.Server that Serve runs (see Serve).
	ReadTimeout     time.Duration // whole request incl. body; default 30 s
	WriteTimeout    time.Duration // per response, and per event of a stream; default 60 s
	ShutdownTimeout time.Duration // graceful shutdown; default 10 s
}

// ErrConfig is wrapped by New for an unusable Config.
var ErrConfig = errors.New("server: bad config")

// Server is the HTTP handler. Create it with New; it is safe for
// concurrent use.
type Server struct {
	cfg    Config
	src    GraphSource
	graphs *graphCache
	mux    *http.ServeMux
	log    *slog.Logger

	searchSlots chan struct{} // one token per running search
	querySlots  chan struct{} // one token per running graph query (runQuery)
	indexMu     sync.Mutex
	indexes     map[string]*lazyTarget

	// buildCtx is the context of search builds (lazyTarget): no request's,
	// so a client that leaves does not spoil the build for the next one;
	// Serve cancels it (stopBuilds) when it shuts down and waits for builds
	// to end (a model file being written removes its temporary file).
	buildCtx   context.Context
	stopBuilds context.CancelFunc
	builds     sync.WaitGroup
}

var _ http.Handler = (*Server)(nil)

// New checks cfg, fills its defaults and returns the handler. Errors wrap
// ErrConfig (neither GraphsDir nor Graphs, negative limits) or come from
// NewFileSource (GraphsDir exists but is not a folder).
func New(cfg Config) (*Server, error) {
	if cfg.GraphsDir == "" && cfg.Graphs == nil {
		return nil, fmt.Errorf("%w: GraphsDir or Graphs is required", ErrConfig)
	}
	for _, f := range []struct {
		name string
		v    int64
	}{
		{"MaxBodyBytes", cfg.MaxBodyBytes}, {"DefaultLimit", int64(cfg.DefaultLimit)}, {"MaxLimit", int64(cfg.MaxLimit)},
		{"MaxDepth", int64(cfg.MaxDepth)},
	} {
		if f.v < 0 {
			return nil, fmt.Errorf("%w: %s is negative (%d)", ErrConfig, f.name, f.v)
		}
	}
	cfg.MaxBodyBytes = cmp.Or(cfg.MaxBodyBytes, DefaultMaxBodyBytes)
	cfg.MaxLimit = cmp.Or(cfg.MaxLimit, max(DefaultMaxLimit, cfg.DefaultLimit))
	cfg.DefaultLimit = cmp.Or(cfg.DefaultLimit, min(DefaultLimit, cfg.MaxLimit))
	if cfg.DefaultLimit > cfg.MaxLimit {
		return nil, fmt.Errorf("%w: DefaultLimit %d is above MaxLimit %d", ErrConfig, cfg.DefaultLimit, cfg.MaxLimit)
	}
	cfg.MaxDepth = cmp.Or(cfg.MaxDepth, DefaultMaxDepth)
	cfg.LatestTTL = cmp.Or(cfg.LatestTTL, DefaultLatestTTL)
	cfg.ReadTimeout = cmp.Or(cfg.ReadTimeout, 30*time.Second)
	cfg.WriteTimeout = cmp.Or(cfg.WriteTimeout, 60*time.Second)
	cfg.ShutdownTimeout = cmp.Or(cfg.ShutdownTimeout, 10*time.Second)
	if cfg.Search != nil {
		sc := *cfg.Search // the caller's struct is not changed
		cfg.Search = &sc
		if err := checkSearch(cfg.Search); err != nil {
			return nil, err
		}
	}
	src := cfg.Graphs
	if src == nil {
		var err error
		if src, err = NewFileSource(cfg.GraphsDir); err != nil {
			return nil, err
		}
	}
	log := cmp.Or(cfg.Logger, slog.New(slog.DiscardHandler))
	s := &Server{cfg: cfg, src: src, log: log, indexes: map[string]*lazyTarget{}, querySlots: make(chan struct{}, runtime.GOMAXPROCS(0))}
	s.buildCtx, s.stopBuilds = context.WithCancel(context.Background())
	if cfg.Search != nil {
		s.searchSlots = make(chan struct{}, cfg.Search.MaxConcurrent)
	}
	s.graphs = &graphCache{src: src, max: DefaultMaxCachedGraphs, ttl: cfg.LatestTTL, log: log, entries: map[string]*cacheEntry{}}
	s.routes()
	return s, nil
}

func (s *Server) routes() {
	m := http.NewServeMux()
	m.HandleFunc("GET /api/graph/latest", s.handleGraph)
	m.HandleFunc("GET /api/graph/{report_id}", s.handleGraph)
	m.HandleFunc("GET /api/graph/{report_id}/neighbors", s.handleNeighbors)
	m.HandleFunc("GET /api/graph/{report_id}/node", s.handleNode)
	m.HandleFunc("POST /api/graph/query", s.handleQuery)
	m.HandleFunc("GET /api/graphs", s.handleGraphs)
	m.HandleFunc("GET /api/reports", s.handleReports)
	m.HandleFunc("POST /api/search", s.whenSearch(s.handleSearch))
	m.HandleFunc("POST /api/questions", s.whenSearch(s.handleQuestions))
	m.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		s.fail(w, r, http.StatusNotFound, "no such API route: %s %s", r.Method, r.URL.Path)
	})
	m.HandleFunc("GET /reports/{report_id}", s.handleReportRedirect)
	m.HandleFunc("GET /reports/{report_id}/{path...}", s.handleReportFile)
	m.HandleFunc("GET /graph-viewer", s.handleViewer)
	m.HandleFunc("GET /graph-viewer/{report_id}", s.handleViewer)
	m.HandleFunc("GET /assets/{path...}", s.handleAsset)
	// a browser asks for it with every page: an empty answer, no error logged
	m.HandleFunc("GET /favicon.ico", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) })
	m.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/graph-viewer", http.StatusFound)
	})
	// every other path, /reports/ itself included, gets the JSON error
	// the rest of the API gives rather than the mux's plain-text 404
	m.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		s.fail(w, r, http.StatusNotFound, "no such route: %s %s (the viewer is at /graph-viewer, reports are listed at /api/reports)", r.Method, r.URL.Path)
	})
	s.mux = m
}

// ServeHTTP applies, in order: the security headers (a
// Content-Security-Policy per kind of response, nosniff, no framing, no
// referrer), the Host check (AllowedHosts, 421), the token check (401), the
// body limit (MaxBodyBytes) and, for POST, a JSON Content-Type (415; this
// also keeps other web sites from posting "simple" cross-site requests);
// then routes the request.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Content-Security-Policy", cspAPI)
	if !s.hostAllowed(r.Host) {
		s.fail(w, r, http.StatusMisdirectedRequest, "host %q is not served here", r.Host)
		return
	}
	if !s.authorized(w, r) {
		h.Set("WWW-Authenticate", `Bearer realm="reportengine"`)
		s.fail(w, r, http.StatusUnauthorized, "missing or wrong bearer token")
		return
	}
	if r.Body == nil { // a request made by hand, not by net/http's server
		r.Body = http.NoBody
	}
	r.Body = http.MaxBytesReader(w, r.Body, s.cfg.MaxBodyBytes)
	if r.Method == http.MethodPost {
		mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
		if mt != "application/json" {
			s.fail(w, r, http.StatusUnsupportedMediaType, "POST bodies must be JSON (Content-Type: application/json), got %q", r.Header.Get("Content-Type"))
			return
		}
	}
	s.mux.ServeHTTP(w, r)
}

// Content-Security-Policy values. The API and files send nothing a browser
// should run; the viewer runs only its own scripts and styles from /assets/
// plus the seven <style> elements the vendored vis-network (its standalone
// build, assets/vendor/vis-network/VERSION) inserts, allowed by the SHA-256
// of their texts and of the empty text each has when inserted
// (visNetworkStyles: nothing else inline, no 'unsafe-inline');
// a served report may use its inline styles and data: images but no script.
const (
	cspAPI    = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
	cspViewer = "default-src 'none'; script-src 'self'; style-src 'self' " + visNetworkStyles + "; img-src 'self' data:; connect-src 'self'; " +
		"font-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
	// visNetworkStyles are the hashes of the style texts vis-network 10.1.5
	// inserts (TestViewerChromiumCSP compares them with the <style>
	// elements of a loaded page; a new version needs them recomputed).
	visNetworkStyles = "'sha256-OutIf5hnp68ctx4ThtV5J02g5HTJ5bbu/hkNfqVXWWo=' 'sha256-4cgFR0//m8/eHo2G/esYsuZetUHlzCUWYM59sfgE9zY=' " +
		"'sha256-uepMTym1NwItBa/XV6ef6fQobLL0A0CNVDM5km5L+nQ=' 'sha256-gGUn/VMBXCeWm86qX/pOf+4ZDSbe0JcaXXb4rJjw1mA=' " +
		"'sha256-QuPewnJYr+SnQiTnCNHFBw99ExTsz9f8w5320PimEPw=' 'sha256-IY7YKNHjbzQ1NfAKrBZvBZohgXMtxrqB9PaqhAaT3vg=' " +
		"'sha256-QE7TOEDW7YIlMzvUUnm8boDWeNBN7PBbaaYJjnp34WI=' " +
		"'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='" // each is inserted empty first: the hash of ""
	cspReport = "default-src 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; " +
		"frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
)

func (s *Server) hostAllowed(hostport string) bool {
	if len(s.cfg.AllowedHosts) == 0 {
		return true
	}
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	return slices.ContainsFunc(s.cfg.AllowedHosts, func(a string) bool { return strings.EqualFold(a, host) })
}

// authorized checks the token (when one is configured); a valid ?token= on
// a GET also sets the cookie so that the page's own requests carry it.
func (s *Server) authorized(w http.ResponseWriter, r *http.Request) bool {
	if s.cfg.Token == "" {
		return true
	}
	if auth := r.Header.Get("Authorization"); auth != "" {
		scheme, tok, ok := strings.Cut(auth, " ")
		return ok && strings.EqualFold(scheme, "Bearer") && s.tokenOK(strings.TrimSpace(tok))
	}
	if c, err := r.Cookie(TokenCookie); err == nil && s.tokenOK(c.Value) {
		return true
	}
	if tok := r.URL.Query().Get("token"); tok != "" && r.Method == http.MethodGet && s.tokenOK(tok) {
		http.SetCookie(w, &http.Cookie{Name: TokenCookie, Value: tok, Path: "/", HttpOnly: true, SameSite: http.SameSiteStrictMode})
		return true
	}
	return false
}

func (s *Server) tokenOK(tok string) bool {
	return subtle.ConstantTimeCompare([]byte(tok), []byte(s.cfg.Token)) == 1
}

// failure is the error body of every JSON route: {success:false, message}
// and, for a 500, error_id.
type failure struct {
	Success bool   `json:"success"`
	Message string `json:"message"`
	ErrorID string `json:"error_id,omitempty"`
}

// internal writes a 500: the client gets public (which names no file,
// path or internal error text) with a fresh error id; the log gets the id
// and err in full, at level Error. public must not contain err's text.
func (s *Server) internal(w http.ResponseWriter, r *http.Request, err error, format string, args ...any) {
	id := newErrorID()
	public := fmt.Sprintf(format, args...)
	s.log.Error("internal error", "error_id", id, "method", r.Method, "path", r.URL.Path, "message", public, "error", err)
	writeJSON(w, http.StatusInternalServerError, failure{Success: false, ErrorID: id,
		Message: public + " (error id " + id + "; the server log has the details)"})
}

// newErrorID returns 12 random hex digits naming one internal error in the
// response and the log.
func newErrorID() string {
	var b [6]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// fail writes a JSON error with the given status and logs it.
func (s *Server) fail(w http.ResponseWriter, r *http.Request, status int, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	s.log.Info("request failed", "method", r.Method, "path", r.URL.Path, "status", status, "message", msg)
	writeJSON(w, status, failure{Success: false, Message: msg})
}

// writeJSON writes v as the JSON body with the given status, encoded into
// a pooled buffer (a large body, as a neighbourhood's, is not grown from
// nothing on every request).
func writeJSON(w http.ResponseWriter, status int, v any) {
	buf := jsonBuffers.Get().(*bytes.Buffer)
	defer func() {
		if buf.Cap() <= maxPooledBuffer {
			jsonBuffers.Put(buf)
		}
	}()
	buf.Reset()
	if err := json.NewEncoder(buf).Encode(v); err != nil {
		status = http.StatusInternalServerError
		buf.Reset()
		_ = json.NewEncoder(buf).Encode(failure{Message: "the response could not be encoded"})
	}
	writeJSONBytes(w, status, bytes.TrimSuffix(buf.Bytes(), []byte("\n")))
}

// jsonBuffers holds writeJSON's buffers; one over maxPooledBuffer bytes is
// left to the collector.
var jsonBuffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

const maxPooledBuffer = 4 << 20

func writeJSONBytes(w http.ResponseWriter, status int, data []byte) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	// the length is known: the body goes out as written, not in chunks
	w.Header().Set("Content-Length", strconv.Itoa(len(data)+1))
	w.WriteHeader(status)
	_, _ = w.Write(data)
	_, _ = w.Write([]byte("\n"))
}

// freshDeadline restarts the write deadline (WriteTimeout from now), for a
// response that is about to be written after slow work (the first load of
// a large graph, building its search index, a model call): the timeout
// bounds writing to the client, not the work before it.
func (s *Server) freshDeadline(w http.ResponseWriter) {
	_ = http.NewResponseController(w).SetWriteDeadline(time.Now().Add(s.cfg.WriteTimeout))
}

// bodyError writes the response for a body that could not be read (the
// body is size-limited: one over the limit is a *http.MaxBytesError).
func (s *Server) bodyError(w http.ResponseWriter, r *http.Request, err error) {
	if mbe, ok := errors.AsType[*http.MaxBytesError](err); ok {
		s.fail(w, r, http.StatusRequestEntityTooLarge, "request body is larger than %d bytes", mbe.Limit)
		return
	}
	s.fail(w, r, http.StatusBadRequest, "reading the request body: %v", err)
}

// whenSearch answers 404 for a search route when search is off.
func (s *Server) whenSearch(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if s.cfg.Search == nil {
			s.fail(w, r, http.StatusNotFound, "search is not enabled on this server")
			return
		}
		h(w, r)
	}
}
