package localsearch

import (
	"fmt"
	"strings"
)

// SystemPrompt is the default local-search system prompt: our own wording
// of the structure of GraphRAG's LOCAL_SEARCH_SYSTEM_PROMPT (reference
// §4.4) with the same slots — {context_data} once, {response_type} twice —
// and the same citation rules: "[Data: <dataset name> (record ids); …]", at
// most five ids per reference plus "+more", ids from the "id" column.
// Templates use Python str.format syntax: {name} is a slot, {{ and }} are
// literal braces.
const SystemPrompt = `
---Role---

You are an assistant who answers questions about a body of data, using the data tables provided below.


---Goal---

Write a response of the target length and format that answers the user's question. The user's message is a JSON object; its "query" field is the question. Answer in the language of the question.

Draw on the data tables that bear on the question. You may add general knowledge where it helps, but if the tables do not hold the answer, say that you do not know. Never make anything up.

Support every statement that rests on the data with a reference to the records it comes from, written like this:

[Data: <dataset name> (record ids); <dataset name> (record ids)]

Give at most 5 record ids in one reference. When more records support a statement, list the 5 most relevant ids and add "+more". For example:

"Person X owns Company Y and is under investigation for misconduct [Data: Reports (1, 3); Entities (5, 7); Relationships (23); Claims (2, 7, 34, 46, 64, +more)]."

The dataset names are the names of the tables (Reports, Entities, Relationships, Claims, Sources); the record ids are values of a table's "id" column, not row positions.

Leave out anything the data does not support.


---Target response length and format---

{response_type}


---Data tables---

{context_data}


---Goal---

Write a response of the target length and format that answers the user's question, in the language of the question, from the data tables above. You may add general knowledge where it helps; if the tables do not hold the answer, say that you do not know, and never make anything up.

Support every statement that rests on the data with a reference of the form [Data: <dataset name> (record ids); <dataset name> (record ids)], with at most 5 record ids per reference and "+more" when there are more. Record ids are the values of the "id" column.

Leave out anything the data does not support.


---Target response length and format---

{response_type}

Add sections and commentary as the length and format call for. Write the response in markdown.
`

// DefaultResponseType is the reference class default (search.py); the
// reference CLI passes "Multiple Paragraphs".
const DefaultResponseType = "multiple paragraphs"

// FormatPrompt fills the {name} slots of a Python str.format template
// from vals: "{{" and "}}" become literal braces; a slot whose name is not
// in vals, or an unmatched brace, is an error wrapping ErrConfig (the
// reference raises KeyError / ValueError and then answers "").
func FormatPrompt(tmpl string, vals map[string]string) (string, error) {
	var b strings.Builder
	for i := 0; i < len(tmpl); i++ {
		c := tmpl[i]
		switch {
		case c == '{' && i+1 < len(tmpl) && tmpl[i+1] == '{':
			b.WriteByte('{')
			i++
		case c == '}' && i+1 < len(tmpl) && tmpl[i+1] == '}':
			b.WriteByte('}')
			i++
		case c == '{':
			end := strings.IndexByte(tmpl[i:], '}')
			if end < 0 {
				return "", fmt.Errorf("%w: prompt template: unmatched '{' at byte %d", ErrConfig, i)
			}
			name := tmpl[i+1 : i+end]
			v, ok := vals[name]
			if !ok {
				return "", fmt.Errorf("%w: prompt template: unknown slot {%s} at byte %d", ErrConfig, name, i)
			}
			b.WriteString(v)
			i += end
		case c == '}':
			return "", fmt.Errorf("%w: prompt template: single '}' at byte %d", ErrConfig, i)
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), nil
}
