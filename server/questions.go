package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"

	"reportengine/graphrag/localsearch"
	"reportengine/graphrag/questiongen"
	"reportengine/text"
)

// Question counts of POST /api/questions.
const (
	DefaultQuestionCount = 5  // GraphRAG's question_count default
	MaxQuestionCount     = 20 // larger counts are a 400
)

// questionsRequest is the body of POST /api/questions (besides report_id
// and index, see requestTarget).
type questionsRequest struct {
	History []string
	Count   int
}

// questionsFields are the members decodeQuestionsRequest reads.
var questionsFields = []string{"history", "count"}

// decodeQuestionsRequest reads history (the questions asked so far, oldest
// first: strings, or {role, content} messages of which the user ones
// count) and count (an integer in 1..MaxQuestionCount, default
// DefaultQuestionCount).
func decodeQuestionsRequest(obj map[string]json.RawMessage) (questionsRequest, error) {
	var req questionsRequest
	msgs, err := historyField(obj, "history")
	if err != nil {
		return req, err
	}
	for _, m := range msgs {
		if m.Role == "" || m.Role == "user" {
			if err := text.QuestionTooLong(m.Content); err != nil {
				return req, &fieldError{Key: "history", Msg: err.Error()}
			}
			req.History = append(req.History, m.Content)
		}
	}
	req.Count = DefaultQuestionCount
	if raw, ok := obj["count"]; ok && string(raw) != "null" {
		var n int
		if err := json.Unmarshal(raw, &n); err != nil || n < 1 || n > MaxQuestionCount {
			return req, &fieldError{Key: "count", Msg: fmt.Sprintf("want an integer from 1 to %d, got %s", MaxQuestionCount, raw)}
		}
		req.Count = n
	}
	return req, nil
}

// questionsResponse is the body of POST /api/questions.
type questionsResponse struct {
	Success   bool                `json:"success"`
	Target    string              `json:"target"`
	Questions []string            `json:"questions"`
	Result    *questiongen.Result `json:"result"`
}

// handleQuestions serves POST /api/questions: follow-up questions from
// question generation (graphrag/questiongen) on the same context builder
// as search — the last history question is the query, the earlier ones
// history (B39); an empty history uses the empty-query selection.
func (s *Server) handleQuestions(w http.ResponseWriter, r *http.Request) {
	var req questionsRequest
	t := s.requestTarget(w, r, questionsFields, func(obj map[string]json.RawMessage) (err error) {
		req, err = decodeQuestionsRequest(obj)
		return err
	})
	if t == nil {
		return
	}
	if !s.acquire(r.Context()) {
		s.fail(w, r, http.StatusServiceUnavailable, "cancelled while waiting for a search slot")
		return
	}
	defer s.release()
	res, err := t.questions.Generate(r.Context(), questiongen.Request{History: req.History, Count: req.Count})
	s.freshDeadline(w)
	switch {
	case errors.Is(err, localsearch.ErrEmptyKnowledge):
		s.fail(w, r, http.StatusUnprocessableEntity, "%v", err)
	case err != nil:
		s.internal(w, r, err, "question generation failed")
	default:
		qs := append([]string{}, res.Questions...) // [] rather than null
		writeJSON(w, http.StatusOK, questionsResponse{Success: true, Target: t.name, Questions: qs, Result: res})
	}
}
