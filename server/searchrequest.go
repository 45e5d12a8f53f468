package server

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"slices"
	"strings"

	"reportengine/graphrag/globalsearch"
	"reportengine/llm"
	"reportengine/text"
)

// searchRequest is the body of POST /api/search (besides report_id and
// index, see requestTarget).
type searchRequest struct {
	Question     string
	History      []llm.Message
	ResponseType string
	Method       globalsearch.Method
}

// searchFields are the members decodeSearchRequest reads.
var searchFields = []string{"question", "history", "response_type", "method"}

// decodeSearchRequest reads question (required, a non-empty string),
// history (a list of {role, content} messages — roles user, assistant,
// system — or of strings, user questions), response_type and method
// ("local", "global" or "auto"; absent or "" is auto). Wrong types and
// values are errors naming the key.
func decodeSearchRequest(obj map[string]json.RawMessage) (searchRequest, error) {
	var req searchRequest
	var err error
	if req.Question, err = stringField(obj, "question"); err != nil {
		return req, err
	}
	if strings.TrimSpace(req.Question) == "" {
		return req, &fieldError{Key: "question", Msg: "a non-empty string is required"}
	}
	if err := text.QuestionTooLong(req.Question); err != nil {
		return req, &fieldError{Key: "question", Msg: err.Error()}
	}
	if req.ResponseType, err = stringField(obj, "response_type"); err != nil {
		return req, err
	}
	method, err := stringField(obj, "method")
	if err != nil {
		return req, err
	}
	if req.Method, err = globalsearch.ParseMethod(method); err != nil {
		return req, &fieldError{Key: "method", Msg: fmt.Sprintf("want local, global or auto, got %q", method)}
	}
	req.History, err = historyField(obj, "history")
	return req, err
}

// requestTarget reads the JSON object body of a search route, refuses a
// member that is neither report_id, index nor one of fields (the route's
// own: a misspelt "graph" would otherwise search the latest graph without
// a word), hands the body to parse for the route's fields, then resolves
// report_id (a graph, default the latest) or index (a configured index
// name) — one of them, not both. On failure it has written the error (400
// for the body, naming the first unknown member in byte order, then
// target's errors) and returns nil.
func (s *Server) requestTarget(w http.ResponseWriter, r *http.Request, fields []string, parse func(obj map[string]json.RawMessage) error) *searchTarget {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		s.bodyError(w, r, err)
		return nil
	}
	obj, err := bodyObject(body)
	var reportID, index string
	if err == nil {
		reportID, err = stringField(obj, "report_id")
	}
	if err == nil {
		index, err = stringField(obj, "index")
	}
	if err == nil {
		err = unknownField(obj, append([]string{"report_id", "index"}, fields...))
	}
	if err == nil && reportID != "" && index != "" {
		err = &fieldError{Key: "index", Msg: "give report_id or index, not both"}
	}
	if err == nil {
		err = parse(obj)
	}
	if err != nil {
		s.fail(w, r, http.StatusBadRequest, "%v", err)
		return nil
	}
	return s.target(w, r, reportID, index)
}

// unknownField is a *fieldError for the first member of obj (in byte
// order of the keys) that is not in fields, the members the route takes;
// nil when there is none.
func unknownField(obj map[string]json.RawMessage, fields []string) error {
	for _, k := range slices.Sorted(maps.Keys(obj)) {
		if !slices.Contains(fields, k) {
			return &fieldError{Key: k, Msg: "unknown field; this route takes " + strings.Join(fields, ", ")}
		}
	}
	return nil
}

// bodyObject decodes a JSON object body into its raw members: the one
// decoder of every JSON route's body (graph query, search, questions).
// Anything but JSON whitespace after the object is an error ("body:
// unexpected data after the JSON object"), a closing } or ] too.
func bodyObject(body []byte) (map[string]json.RawMessage, error) {
	var obj map[string]json.RawMessage
	dec := json.NewDecoder(bytes.NewReader(body))
	if err := dec.Decode(&obj); err != nil || obj == nil {
		msg := "want a JSON object"
		if err != nil {
			msg += ": " + err.Error()
		}
		return nil, &fieldError{Key: "body", Msg: msg}
	}
	// not dec.More(): it reports no more data before a } or ]
	if len(bytes.Trim(body[dec.InputOffset():], " \t\r\n")) > 0 {
		return nil, &fieldError{Key: "body", Msg: "unexpected data after the JSON object"}
	}
	return obj, nil
}

// stringField reads an optional string member ("" when absent or null).
func stringField(obj map[string]json.RawMessage, key string) (string, error) {
	raw, ok := obj[key]
	if !ok || string(raw) == "null" {
		return "", nil
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return "", &fieldError{Key: key, Msg: "want a string, got " + jsonKind(raw)}
	}
	return s, nil
}

// historyField reads an optional list of messages or strings.
func historyField(obj map[string]json.RawMessage, key string) ([]llm.Message, error) {
	raw, ok := obj[key]
	if !ok || string(raw) == "null" {
		return nil, nil
	}
	var items []json.RawMessage
	if err := json.Unmarshal(raw, &items); err != nil {
		return nil, &fieldError{Key: key, Msg: "want an array, got " + jsonKind(raw)}
	}
	out := make([]llm.Message, 0, len(items))
	for i, it := range items {
		path := fmt.Sprintf("%s[%d]", key, i)
		var s string
		if json.Unmarshal(it, &s) == nil {
			out = append(out, llm.Message{Role: llm.RoleUser, Content: s})
			continue
		}
		var m map[string]json.RawMessage
		if err := json.Unmarshal(it, &m); err != nil || m == nil {
			return nil, &fieldError{Key: path, Msg: "want a string or {role, content}, got " + jsonKind(it)}
		}
		role, err := stringField(m, "role")
		if err != nil {
			return nil, &fieldError{Key: path + ".role", Msg: err.(*fieldError).Msg}
		}
		content, err := stringField(m, "content")
		if err != nil {
			return nil, &fieldError{Key: path + ".content", Msg: err.(*fieldError).Msg}
		}
		switch llm.Role(role) {
		case "", llm.RoleUser, llm.RoleAssistant, llm.RoleSystem:
		default:
			return nil, &fieldError{Key: path + ".role", Msg: fmt.Sprintf("want user, assistant or system, got %q", role)}
		}
		out = append(out, llm.Message{Role: llm.Role(role), Content: content})
	}
	return out, nil
}

// target resolves the report_id / index of a request. On failure it has
// written the JSON error (503 when the request ended, or the server began
// shutting down, while the search was still being built) and returns nil.
func (s *Server) target(w http.ResponseWriter, r *http.Request, reportID, index string) *searchTarget {
	var t *searchTarget
	var err error
	if index != "" {
		var ok bool
		t, ok, err = s.indexTarget(r.Context(), index)
		if !ok {
			names := strings.Join(slices.Sorted(maps.Keys(s.cfg.Search.Indexes)), ", ")
			s.fail(w, r, http.StatusNotFound, "index %q is not served (configured: %s)", index, cmp.Or(names, "none"))
			return nil
		}
	} else {
		v := s.resolve(w, r, reportID)
		if v == nil {
			return nil
		}
		t, err = s.graphTarget(r.Context(), v)
	}
	s.freshDeadline(w)
	switch {
	case err == nil:
		return t
	case r.Context().Err() != nil:
		s.fail(w, r, http.StatusServiceUnavailable, "cancelled while the search was being prepared")
	default:
		s.internal(w, r, err, "the search could not be prepared")
	}
	return nil
}
