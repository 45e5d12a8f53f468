package globalsearch

import "strings"

// MapPrompt is the map step's system prompt: our own wording of the
// structure of GraphRAG's MAP_SYSTEM_PROMPT
// (prompts/query/global_search_map_system_prompt.py) with its slots —
// {context_data} (one batch's reports table) and {max_length} (words) —
// and its rules: a JSON object {"points": [{"description", "score"}]},
// scores 0–100 with 0 for "I don't know", every point citing its reports as
// [Data: Reports (ids)] with at most five ids and "+more", nothing without
// support in the data, modal verbs kept. The goal and format are stated
// before and after the data, as the reference does. The question is the
// user message.
const MapPrompt = `
---Role---

You are an analyst who answers a question from the data tables below, which are part of a larger collection of community reports.


---Goal---

List the key points of the tables that answer the user's question. Summarise every piece of relevant information the tables hold, and nothing that they do not hold: if the tables do not answer the question, or not enough to say anything, say so in a single point with score 0. Never invent anything.

Each point has two fields:
- "description": a full statement of the point, in the language of the question, ending with the reports it rests on.
- "score": a whole number from 0 to 100 saying how much the point matters for answering the question. A point that only says the answer is unknown scores 0.

Reply with one JSON object of this shape and nothing else:
{"points": [{"description": "First point ... [Data: Reports (report ids)]", "score": score}, {"description": "Second point ... [Data: Reports (report ids)]", "score": score}]}

Keep modal verbs as the data uses them ("shall", "may", "will").

Cite the reports behind each point as [Data: Reports (report ids)], where the ids are values of the table's "id" column, not row numbers. Name at most 5 ids in one reference: when more reports support a point, give the 5 most relevant and add "+more", e.g. "Group X runs the port and is accused of smuggling [Data: Reports (4, 9, 12, 30, 51, +more)]."

Leave out any point the data does not support.

Keep the reply under {max_length} words.


---Data tables---

{context_data}


---Goal---

List the key points of the tables above that answer the user's question, each with a "description" that cites its reports as [Data: Reports (report ids)] (at most 5 ids, then "+more") and a "score" from 0 to 100 (0 for "the tables do not say"). Never invent anything; keep modal verbs as the data uses them; stay under {max_length} words.

Reply with one JSON object and nothing else:
{"points": [{"description": "Point ... [Data: Reports (report ids)]", "score": score}]}
`

// ReducePrompt is the reduce step's system prompt: our own wording of the
// structure of GraphRAG's REDUCE_SYSTEM_PROMPT
// (prompts/query/global_search_reduce_system_prompt.py) with its slots —
// {report_data} (the analysts' rated points, most important first),
// {response_type} and {max_length} (words) — and its rules: merge the
// points into one answer in the target format, drop what is irrelevant,
// keep every data reference (at most five ids and "+more"), never mention
// the analysts, say so when the points do not answer, markdown style. The
// question is the user message.
const ReducePrompt = `
---Role---

You answer questions about a collection of documents by combining what several analysts found, each in a different part of the collection.


---Goal---

Write an answer of the target length and format to the user's question, in the language of the question, from the analysts' findings below. The findings are ordered from the most to the least important.

If the findings do not answer the question, or not well enough, say that you do not know. Never invent anything.

Drop whatever does not bear on the question and merge the rest into one answer that explains each key point and what follows from it, as far as the length and format allow. Use sections and commentary where the format calls for them, in markdown.

Keep modal verbs as the findings use them ("shall", "may", "will").

Keep every data reference the findings carry, in the form [Data: Reports (report ids)], and do not mention the analysts or how the work was divided. Name at most 5 ids in one reference: when more support a statement, give the 5 most relevant and add "+more", e.g. "Group X runs the port and is accused of smuggling [Data: Reports (4, 9, 12, 30, 51, +more)]."

Leave out any statement the findings do not support.

Keep the answer under {max_length} words.


---Target response length and format---

{response_type}


---Analyst findings---

{report_data}


---Goal---

Answer the user's question in its language, in the target length and format, from the findings above (most important first): drop what is irrelevant, merge the rest, keep every [Data: Reports (…)] reference (at most 5 ids, then "+more"), do not mention the analysts, and say that you do not know when the findings do not answer. Never invent anything; stay under {max_length} words.


---Target response length and format---

{response_type}

Use sections and commentary where the format calls for them, in markdown.
`

// NoDataAnswer is the answer when no map point scored above 0 (the
// reference's NO_DATA_ANSWER, in our words); NoDataAnswerZH for a question
// written in Chinese.
const (
	NoDataAnswer   = "Sorry, the data holds nothing that answers this question."
	NoDataAnswerZH = "抱歉，数据中没有能回答这个问题的内容。"
)

// fill replaces the {name} slots of a prompt.
func fill(tmpl string, vals map[string]string) string {
	args := make([]string, 0, 2*len(vals))
	for k, v := range vals {
		args = append(args, "{"+k+"}", v)
	}
	return strings.NewReplacer(args...).Replace(tmpl)
}
