package server

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"
	"sync"
	"time"

	"reportengine/graphrag"
	"reportengine/graphrag/queryengine"
	"reportengine/graphrag/storage"
)

// resolve turns a report id from a path or body into a loaded graph: ""
// and "latest" mean the newest graph. On error it has written the response
// (400 bad id, 404 unknown, 500 corrupt or unreadable) and returns nil.
func (s *Server) resolve(w http.ResponseWriter, r *http.Request, id string) *graphView {
	if id == "" || id == storage.LatestID {
		latest, err := s.graphs.latest()
		if err != nil {
			s.graphError(w, r, "latest", err)
			return nil
		}
		id = latest
	}
	v, err := s.graphs.get(id)
	s.freshDeadline(w)
	if err != nil {
		s.graphError(w, r, id, err)
		return nil
	}
	return v
}

func (s *Server) graphError(w http.ResponseWriter, r *http.Request, id string, err error) {
	switch {
	case errors.Is(err, storage.ErrInvalidID):
		s.fail(w, r, http.StatusBadRequest, "%v", err)
	case errors.Is(err, storage.ErrNotFound):
		if id == "latest" {
			s.fail(w, r, http.StatusNotFound, "no graph has been built yet")
			return
		}
		s.fail(w, r, http.StatusNotFound, "graph %q not found", id)
	case errors.Is(err, graphrag.ErrFormat):
		s.internal(w, r, err, "graph %q is corrupt", id)
	default:
		s.internal(w, r, err, "graph %q could not be read", id)
	}
}

// limitParam reads ?limit= (default DefaultLimit, lowered to MaxLimit);
// ok is false after a 400 has been written.
func (s *Server) limitParam(w http.ResponseWriter, r *http.Request) (int, bool) {
	limit, ok := s.intParam(w, r, "limit", s.cfg.DefaultLimit, 1)
	return min(limit, s.cfg.MaxLimit), ok
}

// intParam reads an optional integer query parameter in [min, max]; absent
// gives def. ok is false after a 400 has been written.
func (s *Server) intParam(w http.ResponseWriter, r *http.Request, key string, def, min int) (int, bool) {
	raw := r.URL.Query().Get(key)
	if raw == "" {
		return def, true
	}
	n, err := strconv.Atoi(raw)
	if err != nil || n < min {
		s.fail(w, r, http.StatusBadRequest, "%s: want an integer >= %d, got %q", key, min, raw)
		return 0, false
	}
	return n, true
}

// handleGraph serves GET /api/graph/{report_id} and /api/graph/latest.
func (s *Server) handleGraph(w http.ResponseWriter, r *http.Request) {
	limit, ok := s.limitParam(w, r)
	if !ok {
		return
	}
	v := s.resolve(w, r, r.PathValue("report_id"))
	if v == nil {
		return
	}
	body, err := v.limitedBody(limit)
	if err != nil {
		s.internal(w, r, err, "graph %q could not be encoded", v.id)
		return
	}
	writeJSONBytes(w, http.StatusOK, body)
}

// neighborsResponse is the body of GET /api/graph/{id}/neighbors.
type neighborsResponse struct {
	Success  bool    `json:"success"`
	ReportID string  `json:"report_id"`
	Node     string  `json:"node"`
	Depth    int     `json:"depth"`
	Graph    feGraph `json:"graph"`
}

// handleNeighbors serves GET /api/graph/{id}/neighbors?node=ID&depth=1&limit=N.
func (s *Server) handleNeighbors(w http.ResponseWriter, r *http.Request) {
	depth, ok := s.intParam(w, r, "depth", 1, 0)
	if !ok {
		return
	}
	if depth > s.cfg.MaxDepth {
		s.fail(w, r, http.StatusBadRequest, "depth: at most %d, got %d", s.cfg.MaxDepth, depth)
		return
	}
	limit, ok := s.limitParam(w, r)
	if !ok {
		return
	}
	v, nodeID, start := s.resolveNode(w, r)
	if v == nil {
		return
	}
	nodes, truncated, err := v.neighbourhood(start, depth, limit)
	if err != nil {
		s.internal(w, r, err, "graph %q: the neighbours of %q could not be found", v.id, nodeID)
		return
	}
	edges := v.edgesAmong(nodes)
	buf := bodyBuffers.Get().(*[]byte)
	body, err := v.neighborsBody((*buf)[:0], nodeID, depth, limit, nodes, truncated, edges)
	if err != nil { // a property encoding/json cannot encode: as it answers
		bodyBuffers.Put(buf)
		writeJSON(w, http.StatusOK, v.neighborsPlain(nodeID, depth, limit, nodes, truncated, edges))
		return
	}
	writeJSONBytes(w, http.StatusOK, body)
	if cap(body) <= maxPooledBuffer {
		*buf = body
		bodyBuffers.Put(buf)
	}
}

// bodyBuffers holds the neighbours route's response buffers; one over
// maxPooledBuffer bytes is left to the collector.
var bodyBuffers = sync.Pool{New: func() any { b := make([]byte, 0, 64<<10); return &b }}

// queryResponse is the body of POST /api/graph/query.
type queryResponse struct {
	Success  bool                `json:"success"`
	ReportID string              `json:"report_id"`
	Result   *queryengine.Result `json:"result"`
}

// handleQuery serves POST /api/graph/query: {report_id?, keywords?,
// node_types?, engine_filter?, depth?, max_*?} (queryengine.DecodeQuery).
// The body is read as the search routes read theirs (bodyObject: one JSON
// object, nothing after it; else 400), and a member it does not take is
// refused (400, naming it: unknownField).
// Answers are kept per graph version (queryCache) and run in a query slot
// (runQuery).
// As the query command does, it refuses (422, naming the field) a node type
// or engine the graph cannot have and a depth above MaxDepth.
func (s *Server) handleQuery(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		s.bodyError(w, r, err)
		return
	}
	obj, err := bodyObject(body)
	var id string
	if err == nil {
		id, err = stringField(obj, "report_id")
	}
	if err == nil {
		err = unknownField(obj, queryFields)
	}
	if err != nil {
		s.fail(w, r, http.StatusBadRequest, "%v", err)
		return
	}
	q, err := queryengine.DecodeQuery(body)
	if err != nil {
		s.fail(w, r, http.StatusBadRequest, "%v", err)
		return
	}
	if q.Depth > s.cfg.MaxDepth {
		s.fail(w, r, http.StatusUnprocessableEntity, "depth: at most %d, got %d", s.cfg.MaxDepth, q.Depth)
		return
	}
	v := s.resolve(w, r, id)
	if v == nil {
		return
	}
	if err := v.checkQuery(q); err != nil {
		s.fail(w, r, http.StatusUnprocessableEntity, "%v", err)
		return
	}
	key, _ := q.MarshalJSON()
	for {
		body, err = v.queries.get(string(key), func() ([]byte, error) {
			res, err := s.runQuery(r, v, q)
			if err != nil {
				return nil, err
			}
			return json.Marshal(queryResponse{Success: true, ReportID: v.id, Result: res})
		})
		// the request that ran the key gave up waiting: this one has not
		if !errors.Is(err, errGaveUp) || r.Context().Err() != nil {
			break
		}
	}
	s.freshDeadline(w)
	switch {
	case errors.Is(err, queryengine.ErrEmptyGraph):
		s.fail(w, r, http.StatusUnprocessableEntity, "graph %q: %v", v.id, err)
	case errors.Is(err, queryengine.ErrBadQuery):
		s.fail(w, r, http.StatusBadRequest, "%v", err)
	case errors.Is(err, errGaveUp):
		s.fail(w, r, http.StatusServiceUnavailable, "cancelled while waiting to run the query")
	case err != nil:
		s.internal(w, r, err, "graph %q: the query failed", v.id)
	default:
		writeJSONBytes(w, http.StatusOK, body)
	}
}

// queryFields are the members a graph query body may have. A misspelt
// member ("graph_id") had been ignored and the latest graph queried
// (new-user trial 38); unknownField refuses it, as the search routes do.
// BettaFish's route ignores unknown members; its front end sends none.
var queryFields = []string{"report_id", "keywords", "node_types", "engine_filter", "depth", "max_sections", "max_queries", "max_sources"}

// errGaveUp: the request ended while it waited for a query slot.
var errGaveUp = errors.New("the request ended while waiting for a query slot")

// runQuery runs q on v's engine once one of the server's query slots is
// free (GOMAXPROCS of them): more queries at once would only share the
// CPU; waiting requests queue instead, and give up (errGaveUp) when the
// request ends. Right after a graph's first load its query index is still
// being built (startIndex): a query then scans the graph's text, with the
// same answer (queryengine.Engine.Index), instead of waiting for it.
func (s *Server) runQuery(r *http.Request, v *graphView, q queryengine.Query) (*queryengine.Result, error) {
	v.startIndex()
	select {
	case s.querySlots <- struct{}{}:
	case <-r.Context().Done():
		return nil, errGaveUp
	}
	defer func() { <-s.querySlots }()
	return v.engine().Run(q)
}

// fieldError is a bad field of a JSON request body.
type fieldError struct{ Key, Msg string }

func (e *fieldError) Error() string { return e.Key + ": " + e.Msg }

// jsonKind names the JSON type of a raw value, for messages.
func jsonKind(raw json.RawMessage) string {
	if raw = bytes.TrimSpace(raw); len(raw) == 0 {
		return "nothing"
	}
	return cmp.Or(map[byte]string{'"': "a string", '{': "an object", '[': "an array", 't': "a boolean", 'f': "a boolean", 'n': "null"}[raw[0]], "a number")
}

// graphInfo is one entry of GET /api/graphs (storage.Info without the
// server's file path).
type graphInfo struct {
	ID         string         `json:"id"`
	CreatedAt  *time.Time     `json:"created_at,omitempty"`
	ModTime    time.Time      `json:"mod_time"`
	Size       int64          `json:"size"`
	Nodes      int            `json:"nodes"`
	Edges      int            `json:"edges"`
	TypeCounts map[string]int `json:"type_counts"`
	Error      string         `json:"error,omitempty"`
}

// handleGraphs serves GET /api/graphs: {success, graphs:[…]} newest first
// (storage.Store.List order).
func (s *Server) handleGraphs(w http.ResponseWriter, r *http.Request) {
	list, err := s.src.List()
	if err != nil {
		s.internal(w, r, err, "the graphs could not be listed")
		return
	}
	out := make([]graphInfo, 0, len(list))
	for _, in := range list {
		gi := graphInfo{ID: in.ID, ModTime: in.ModTime, Size: in.Size, Nodes: in.Nodes, Edges: in.Edges, TypeCounts: in.TypeCounts}
		if !in.CreatedAt.IsZero() {
			t := in.CreatedAt
			gi.CreatedAt = &t
		}
		if in.Err != nil {
			gi.Error = s.listError(r, in.ID, in.Err)
		}
		out = append(out, gi)
	}
	writeJSON(w, http.StatusOK, struct {
		Success bool        `json:"success"`
		Graphs  []graphInfo `json:"graphs"`
	}{true, out})
}

// listError is the "error" of a graph in /api/graphs: what kind of
// problem, with an error id; the log gets the id and the error, which
// names the file's absolute path.
func (s *Server) listError(r *http.Request, id string, err error) string {
	eid := newErrorID()
	s.log.Warn("graph unreadable", "error_id", eid, "path", r.URL.Path, "id", id, "error", err)
	what := "the graph file cannot be read"
	if errors.Is(err, graphrag.ErrFormat) {
		what = "the graph file is corrupt"
	}
	return what + " (error id " + eid + ")"
}

// nodeResponse is the body of GET /api/graph/{id}/node.
type nodeResponse struct {
	Success  bool   `json:"success"`
	ReportID string `json:"report_id"`
	Node     feNode `json:"node"`
}

// handleNode serves GET /api/graph/{id}/node?node=ID: one node with every
// property (none omitted).
func (s *Server) handleNode(w http.ResponseWriter, r *http.Request) {
	v, _, i := s.resolveNode(w, r)
	if v == nil {
		return
	}
	writeJSON(w, http.StatusOK, nodeResponse{Success: true, ReportID: v.id, Node: v.node(i, true)})
}

// resolveNode reads ?node=ID (required) and looks it up, exactly, in the
// graph of the path's report id. On failure it has written the error (400
// without node, 404 for an unknown node, and resolve's errors) and returns
// a nil view.
func (s *Server) resolveNode(w http.ResponseWriter, r *http.Request) (*graphView, string, int32) {
	nodeID := r.URL.Query().Get("node")
	if nodeID == "" {
		s.fail(w, r, http.StatusBadRequest, "node: the node id is required (?node=ID)")
		return nil, "", 0
	}
	v := s.resolve(w, r, r.PathValue("report_id"))
	if v == nil {
		return nil, "", 0
	}
	i, found := v.g.Lookup(nodeID)
	if !found {
		s.fail(w, r, http.StatusNotFound, "graph %q has no node %q", v.id, nodeID)
		return nil, "", 0
	}
	return v, nodeID, int32(i)
}
