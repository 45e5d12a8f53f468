package llm

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// JSONKind is the top-level JSON type a step expects.
type JSONKind int

// JSON kinds.
const (
	Object JSONKind = iota // a JSON object, {...}
	Array                  // a JSON array, [...]
)

// String returns "object" or "array".
func (k JSONKind) String() string {
	switch k {
	case Object:
		return "object"
	case Array:
		return "array"
	}
	return "JSONKind(" + strconv.Itoa(int(k)) + ")"
}

// SnippetRunes is the most runes of a raw reply that an ExtractJSON error
// quotes.
const SnippetRunes = 200

// ExtractError is the error ExtractJSON returns. It wraps exactly one of
// ErrNoJSON, ErrWrongJSONType and ErrTruncated (errors.Is works on it), and
// its text is "<step>: <detail>", e.g.
//
//	document layout: expected JSON object, got array (0 objects inside)
//	document layout: no JSON in reply: "**讨论摘要**\n| Agent | 要点 |…"
//	chapter S2: no JSON found after reasoning block: nothing follows </think>
//	chapter S6: truncated output: the reply ends inside a JSON string …
type ExtractError struct {
	Step   string // Request.Step of the call whose reply this was; may be ""
	Kind   error  // ErrNoJSON, ErrWrongJSONType or ErrTruncated
	Detail string // the message after the step prefix
}

// Error returns "<step>: <detail>" (just the detail without a step).
func (e *ExtractError) Error() string {
	if e.Step == "" {
		return e.Detail
	}
	return e.Step + ": " + e.Detail
}

// Unwrap returns the sentinel kind.
func (e *ExtractError) Unwrap() error { return e.Kind }

// ExtractJSON is the one routine that turns any model reply into a JSON
// value of the wanted kind. Every stage parses model output through it, so
// the offline and the networked model share one code path.
//
// Where the JSON is looked for, in order:
//
//  1. The whole reply, trimmed, if it is valid JSON of object or array type.
//  2. Reasoning is removed (tags <think>, <thinking>, <reasoning>,
//     <seed:think>, the markers <|begin_of_thought|> … <|end_of_thought|>
//     and ◁think▷ … ◁/think▷, matched without regard to ASCII case):
//     balanced blocks anywhere; then, if a
//     closing tag is left without its opening tag (the opening tag was put
//     into the prompt by the chat template, field case B02), everything up
//     to and including the LAST such closing tag, so a JSON-looking draft
//     inside the reasoning is never used; then a leading unclosed opening
//     tag whose reasoning runs straight into the answer, in which case the
//     LAST JSON value found is preferred, since the answer follows the
//     thinking.
//  3. The remaining text, trimmed, if it is one JSON value (repairs allowed).
//  4. Code fences tagged json/jsonc/json5, in order, then untagged fences:
//     the first whose body holds a JSON value (of the wanted kind, if any
//     fence has one). Fences tagged with another language (python, js, …)
//     are never parsed as JSON.
//  5. The prose outside all fences: the first top-level JSON value, scanned
//     string-aware from every '{' or '['; a value of the wanted kind is
//     preferred over one that is not.
//
// Repairs, each of which keeps json.Valid true and never cuts a value short
// (an unclosed object or array is an error, not auto-closed): trailing
// commas before '}' or ']'; bare control characters inside strings are
// escaped; invalid escapes (\' and the like) are made literal; and an
// unescaped '"' inside a string whose next non-space character is not one of
// , } ] : is kept as a literal quote, so {"title": ""舆论反转"", "order": 2}
// gives the title "\"舆论反转\"" rather than "". Repairs never change the
// top-level type. Single-quoted Python dicts, comments and missing commas
// are not repaired.
//
// Full-width quotes (field case B06): only when a value fails to parse
// because a full-width quote “ or ” stands where a JSON string must begin,
// that value is parsed again with “ and ” accepted as string delimiters: a
// string opened by one ends at the next “ or ” followed by , } ] : or the
// end, full-width quotes elsewhere inside it stay as they are, and an ASCII
// '"' inside it is escaped. A reply that parses strictly is never touched,
// so the quotes in {"text":"网友称“很失望”。"} stay. If the fallback does
// not help either, the error says that the reply uses full-width quotes.
//
// Truncation (field case B08): when the value the reply is answering with
// runs off the end of the text (an unterminated string, object or array,
// also inside an unclosed code fence) and no complete value was found, the
// error wraps ErrTruncated, not ErrNoJSON: the reply was cut (a stream that
// ended early, a finish_reason the server did not send), and neither a
// repair nor the same request again gives the missing text. Nothing is
// auto-closed.
//
// Type check: wanting an Object, an array holding exactly one element that
// is an object is unwrapped to that object; any other array is an error
// wrapping ErrWrongJSONType whose text is exactly
// "<step>: expected JSON object, got array (N objects inside)" (plus the
// number of other elements, if any). Wanting an Array, an object is an
// error ("expected JSON array, got object"); it is not wrapped.
//
// A reply with no JSON value gives an error wrapping ErrNoJSON that names
// the step and quotes at most the first SnippetRunes runes of the reply
// without its reasoning: when reasoning was removed the error reads "no
// JSON found after reasoning block" and quotes only what followed it, so no
// reasoning text reaches a log or manifest.
//
// Numbers: JSON allows a number of any size, Go's encoding/json does not (a
// float64 ends near 1.8e308). A value holding a number beyond that range,
// e.g. 1e400 or four hundred digits, is refused with an error wrapping
// ErrNoJSON whose detail quotes the number's first 24 bytes and gives its
// length in bytes, so every value ExtractJSON
// returns decodes with json.Unmarshal (into any, or a struct of float64
// fields). The number is not clamped: any stand-in would be a figure the
// model never wrote.
//
// The returned bytes are the original text of the value when it needed no
// repair, otherwise its compact repaired form.
//
// BettaFish (ReportEngine/utils/json_parser.py) instead tries the first
// fence, then a chain of regex repairs and json_repair, and may return an
// empty or default layout; here a failure is always an error.
func ExtractJSON(step, reply string, want JSONKind) (json.RawMessage, error) {
	l := locate(reply, want)
	if len(l.cands) == 0 {
		if l.truncated {
			return nil, &ExtractError{Step: step, Kind: ErrTruncated, Detail: truncatedDetail(l)}
		}
		return nil, &ExtractError{Step: step, Kind: ErrNoJSON, Detail: noJSONDetail(l, reply)}
	}
	var firstErr, rangeErr string
	for _, c := range l.cands {
		v, msg := checkKind(c, want)
		if msg == "" {
			if rangeErr = undecodable(v); rangeErr == "" {
				return v, nil
			}
			continue
		}
		firstErr = cmp.Or(firstErr, msg)
	}
	if rangeErr != "" {
		return nil, &ExtractError{Step: step, Kind: ErrNoJSON, Detail: "no usable JSON in reply: " + rangeErr}
	}
	if l.cjkFailed {
		// The values found lie inside an object that full-width quotes
		// broke (B06): "expected JSON object, got array" would be about a
		// fragment of it.
		return nil, &ExtractError{Step: step, Kind: ErrNoJSON, Detail: noJSONDetail(l, reply)}
	}
	return nil, &ExtractError{Step: step, Kind: ErrWrongJSONType, Detail: firstErr}
}

// located is what locate found.
type located struct {
	cands      []json.RawMessage // in preference order
	detail     string            // why nothing was found, if so
	rest       string            // the reply without reasoning
	reasoning  bool              // reasoning was removed
	unclosed   bool              // the reply opens a reasoning block and never closes it
	truncated  bool              // the answer runs off the end of the text
	inString   bool              // … inside a string
	cjkFailed  bool              // the full-width quote fallback was tried and did not give a value
	truncRunes int               // runes of the cut-off value
}

func truncatedDetail(l located) string {
	where := "an unterminated JSON object or array"
	if l.inString {
		where = "an unterminated JSON string"
	}
	return fmt.Sprintf("truncated output: the reply ends inside %s (%d runes from its start) although no finish_reason \"length\" said so; not repaired, and the same request would be cut the same way", where, l.truncRunes)
}

func noJSONDetail(l located, reply string) string {
	s := "no JSON in reply"
	if l.reasoning {
		s = "no JSON found after reasoning block"
	}
	if l.detail != "" {
		s += " (" + l.detail + ")"
	}
	if l.cjkFailed { // a reply that uses full-width quotes as JSON delimiters
		s += "; the reply uses full-width quotes “ ” where JSON needs \", and reading them as quotes did not give valid JSON either"
	}
	switch {
	case l.unclosed:
		return s + ": the reply opens a reasoning block and never closes it (its text is not quoted)"
	case l.reasoning && strings.TrimSpace(l.rest) == "":
		return s + ": nothing follows the closing tag"
	case l.reasoning:
		reply = l.rest
	case strings.TrimSpace(reply) == "":
		return s + ": the reply is empty"
	}
	reply = strings.TrimSpace(reply)
	n := 0
	for i := range reply {
		if n == SnippetRunes {
			return s + ": " + strconv.Quote(reply[:i]) + "…"
		}
		n++
	}
	return s + ": " + strconv.Quote(reply)
}

// locate returns candidate JSON values (objects or arrays) in preference
// order; the first that passes the kind check wins, else the first one's
// kind error is reported. detail explains an empty result.
func locate(reply string, want JSONKind) (l located) {
	t := trimJSONSpace(reply)
	if startsContainer(t) && json.Valid([]byte(t)) {
		return located{cands: []json.RawMessage{json.RawMessage(t)}}
	}
	s, preferLast, reasoning := stripReasoning(reply)
	l = located{rest: s, reasoning: reasoning, unclosed: preferLast}
	sc := &scan{budget: 64*len(s) + 1<<20}
	defer func() { l.cjkFailed = sc.cjkFailed }()

	if t := trimJSONSpace(s); startsContainer(t) {
		v, end, ok := sc.parseAt(t, 0)
		if ok && trimJSONSpace(t[end:]) == "" {
			l.cands = []json.RawMessage{v}
			return l
		}
		if !ok && end >= len(t) && sc.cutProgress {
			l.cut(sc, t, 0)
			return l
		}
	}

	fences := findFences(s)
	var otherLangs []string
	tagged := slices.DeleteFunc(slices.Clone(fences), func(f fence) bool { return !isJSONTag(f.info) })
	untagged := slices.DeleteFunc(slices.Clone(fences), func(f fence) bool { return f.info != "" })
	for _, group := range [][]fence{tagged, untagged} {
		var found []json.RawMessage
		for _, f := range group {
			vs, cutAt := sc.valuesIn(f.body)
			if len(vs) > 0 {
				found = append(found, pick(vs, want, preferLast))
			} else if cutAt >= 0 && f.end == len(s) && !l.truncated {
				// an unclosed fence running to the end of the reply
				l.cut(sc, f.body, cutAt)
			}
		}
		if len(found) > 0 {
			l.cands, l.truncated = []json.RawMessage{pick(found, want, preferLast)}, false
			return l
		}
	}
	if l.truncated {
		return l
	}
	for _, f := range fences {
		if !isJSONTag(f.info) && f.info != "" {
			otherLangs = append(otherLangs, f.info)
		}
	}

	var b strings.Builder // the prose: each fence a line break
	last := 0
	for _, f := range fences {
		b.WriteString(s[last:f.start])
		b.WriteByte('\n')
		last = f.end
	}
	b.WriteString(s[last:])
	prose := b.String()
	vs, cutAt := sc.valuesIn(prose)
	if len(vs) > 0 {
		l.cands = []json.RawMessage{pick(vs, want, preferLast)}
		return l
	}
	if cutAt >= 0 {
		l.cut(sc, prose, cutAt)
		return l
	}
	switch {
	case sc.budget <= 0:
		l.detail = "reply too convoluted to scan"
	case len(otherLangs) > 0:
		l.detail = "only code fences in " + strings.Join(otherLangs, ", ") + ", which are not parsed as JSON"
	case strings.ContainsAny(s, "{["):
		l.detail = "no complete, parseable JSON object or array"
	}
	return l
}

// cut records that the value starting at text[at] runs off the end.
func (l *located) cut(sc *scan, text string, at int) {
	l.truncated, l.inString = true, sc.endedInString
	l.truncRunes = utf8.RuneCountInString(text[at:])
}

// pick chooses among values found in one place: the first (or last) that
// passes the kind check, else the first (or last) one.
func pick(vs []json.RawMessage, want JSONKind, preferLast bool) json.RawMessage {
	if preferLast {
		vs = slices.Clone(vs)
		slices.Reverse(vs)
	}
	for _, v := range vs {
		if _, msg := checkKind(v, want); msg == "" {
			return v
		}
	}
	return vs[0]
}

// checkKind returns the value to hand out, or a non-empty error detail.
func checkKind(v json.RawMessage, want JSONKind) (json.RawMessage, string) {
	t := bytes.TrimLeft(v, " \t\r\n")
	if len(t) == 0 {
		return nil, "empty JSON value"
	}
	switch {
	case want == Object && t[0] == '{', want == Array && t[0] == '[':
		return v, ""
	case want == Array && t[0] == '{':
		return nil, "expected JSON array, got object"
	case want == Object && t[0] == '[':
		var elems []json.RawMessage
		if err := json.Unmarshal(v, &elems); err != nil {
			return nil, "expected JSON object, got an unreadable array"
		}
		objects := 0
		for _, e := range elems {
			if len(e) > 0 && e[0] == '{' {
				objects++
			}
		}
		if objects == 1 && len(elems) == 1 {
			return elems[0], ""
		}
		msg := fmt.Sprintf("expected JSON object, got array (%d objects inside", objects)
		if other := len(elems) - objects; objects > 0 && other > 0 {
			msg += fmt.Sprintf(" and %d other elements", other)
		}
		return nil, msg + ")"
	}
	return nil, fmt.Sprintf("expected JSON %s, got %s", want, cmp.Or(jsonKinds[t[0]], "number"))
}

// undecodable returns why v, valid JSON, does not decode into Go values,
// or "" if it does. The only such case is a number out of float64 range.
func undecodable(v json.RawMessage) string {
	var x any
	err := json.Unmarshal(v, &x)
	if err == nil {
		return ""
	}
	var te *json.UnmarshalTypeError
	if !errors.As(err, &te) || !strings.HasPrefix(te.Value, "number ") {
		return err.Error()
	}
	num := strings.TrimPrefix(te.Value, "number ")
	shown := num
	if len(shown) > 24 {
		shown = shown[:24] + "…"
	}
	return fmt.Sprintf("the number %s (%d bytes) is out of the 64-bit float range", shown, len(num))
}

// jsonKinds names a JSON value's type by its first byte (any other byte
// starts a number).
var jsonKinds = map[byte]string{'{': "object", '[': "array", '"': "string", 't': "boolean", 'f': "boolean", 'n': "null"}

func startsContainer(s string) bool { return s != "" && (s[0] == '{' || s[0] == '[') }

func trimJSONSpace(s string) string {
	s = strings.TrimPrefix(strings.TrimSpace(s), "\ufeff")
	return strings.TrimSpace(s)
}

// valuesIn returns the top-level JSON objects and arrays in s, in order. A
// value found is skipped as a whole: nothing inside it is reported twice.
// cutAt is the offset of a value that runs off the end of s (truncated;
// the scan stops there), or -1.
func (sc *scan) valuesIn(s string) (out []json.RawMessage, cutAt int) {
	for i := 0; i < len(s) && sc.budget > 0; i++ {
		if s[i] != '{' && s[i] != '[' {
			continue
		}
		v, end, ok := sc.parseAt(s, i)
		if ok {
			out = append(out, v)
			i = end - 1
			continue
		}
		if end < 0 {
			// nests too deep: anything found inside would be part of it
			break
		}
		if end >= len(s) {
			// The value starting at i runs off the end (truncated):
			// anything found inside it would be a cut-off part of it.
			if len(out) == 0 && sc.budget > 0 && sc.cutProgress {
				return out, i
			}
			break
		}
	}
	return out, -1
}

// ---- reasoning blocks ----
