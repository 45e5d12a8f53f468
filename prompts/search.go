package prompts

// Tasks of the retrieval stages (graphrag/localsearch, graphrag/questiongen).
const (
	TaskLocalSearch        = "local_search"
	TaskQuestionGeneration = "question_generation"
)

// LocalSearchInput is the user message of a local search. The context
// (the mixed context text of graphrag/localsearch: "-----Name-----" tables,
// reference msgraphrag-local-search.md §3.9) is in the system prompt, in
// its {context_data} slot, exactly as Microsoft GraphRAG sends it; only
// the question travels here, so the context is never sent twice.
//
// Unlike the report stages, the reply is not JSON: it is the answer itself,
// markdown prose in which statements carry citations of the form
// "[Data: Entities (5, 7); Sources (2)]", streamed to the user as it comes.
// The offline model (llm/offline) reads the tables from the system prompt
// and answers with extracted, cited sentences.
type LocalSearchInput struct {
	Task         string `json:"task"`          // TaskLocalSearch
	Query        string `json:"query"`         // the user's question, as typed (not history-augmented)
	ResponseType string `json:"response_type"` // "multiple paragraphs", "single paragraph", "list of 3-7 points", …
}

// QuestionGenerationInput is the user message of question generation. The
// context is in the system prompt as for LocalSearchInput. The reply is
// plain text, one candidate question per line ("- " bullets), which
// graphrag/questiongen parses.
type QuestionGenerationInput struct {
	Task          string   `json:"task"`              // TaskQuestionGeneration
	Question      string   `json:"question"`          // the latest question; "" when there is none
	History       []string `json:"history,omitempty"` // earlier questions, oldest first
	QuestionCount int      `json:"question_count"`    // how many questions to propose
}
