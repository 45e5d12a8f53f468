package llm

import "encoding/json"

// JSONKind is the top-level JSON type a step expects.
type JSONKind int

// JSON kinds.
const (
	Object JSONKind = iota
	Array
)

// ExtractJSON is the one routine that turns any model reply into a JSON
// value of the wanted kind. STUB: implemented by the llm helper.
func ExtractJSON(step, reply string, want JSONKind) (json.RawMessage, error) {
	panic("llm.ExtractJSON: not implemented yet")
}
