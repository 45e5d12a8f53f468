package llm

import (
	"bytes"
	"encoding/json"
	"fmt"
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
// ErrNoJSON and ErrWrongJSONType (errors.Is works on it), and its text is
// "<step>: <detail>", e.g.
//
//	document layout: expected JSON object, got array (0 objects inside)
//	document layout: no JSON in reply: "**讨论摘要**\n| Agent | 要点 |…"
type ExtractError struct {
	Step   string // Request.Step of the call whose reply this was; may be ""
	Kind   error  // ErrNoJSON or ErrWrongJSONType
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
//  2. Reasoning blocks are removed: <think>…</think>, <thinking>…</thinking>
//     and <reasoning>…</reasoning> anywhere (tags matched without regard to
//     ASCII case), a text ending in an orphan </think> (the opening tag was
//     eaten by the chat template), and a leading unclosed <think> whose
//     reasoning runs straight into the answer; in that last case the LAST
//     JSON value found is preferred, since the answer follows the thinking.
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
// Type check: wanting an Object, an array holding exactly one element that
// is an object is unwrapped to that object; any other array is an error
// wrapping ErrWrongJSONType whose text is exactly
// "<step>: expected JSON object, got array (N objects inside)" (plus the
// number of other elements, if any). Wanting an Array, an object is an
// error ("expected JSON array, got object"); it is not wrapped.
//
// A reply with no JSON value gives an error wrapping ErrNoJSON that names
// the step and quotes at most the first SnippetRunes runes of the raw reply.
//
// The returned bytes are the original text of the value when it needed no
// repair, otherwise its compact repaired form.
//
// BettaFish (ReportEngine/utils/json_parser.py) instead tries the first
// fence, then a chain of regex repairs and json_repair, and may return an
// empty or default layout; here a failure is always an error.
func ExtractJSON(step, reply string, want JSONKind) (json.RawMessage, error) {
	cands, detail := locate(reply, want)
	if len(cands) == 0 {
		return nil, &ExtractError{Step: step, Kind: ErrNoJSON, Detail: noJSONDetail(detail, reply)}
	}
	var firstErr string
	for _, c := range cands {
		v, msg := checkKind(c, want)
		if msg == "" {
			return v, nil
		}
		if firstErr == "" {
			firstErr = msg
		}
	}
	return nil, &ExtractError{Step: step, Kind: ErrWrongJSONType, Detail: firstErr}
}

func noJSONDetail(detail, reply string) string {
	s := "no JSON in reply"
	if detail != "" {
		s += " (" + detail + ")"
	}
	if strings.TrimSpace(reply) == "" {
		return s + ": the reply is empty"
	}
	snip, cut := reply, false
	if utf8.RuneCountInString(reply) > SnippetRunes {
		n := 0
		for i := range reply {
			if n == SnippetRunes {
				snip, cut = reply[:i], true
				break
			}
			n++
		}
	}
	s += ": " + strconv.Quote(snip)
	if cut {
		s += "…"
	}
	return s
}

// locate returns candidate JSON values (objects or arrays) in preference
// order; the first that passes the kind check wins, else the first one's
// kind error is reported. detail explains an empty result.
func locate(reply string, want JSONKind) ([]json.RawMessage, string) {
	t := trimJSONSpace(reply)
	if startsContainer(t) && json.Valid([]byte(t)) {
		return []json.RawMessage{json.RawMessage(t)}, ""
	}
	s, preferLast := stripReasoning(reply)
	budget := 64*len(s) + 1<<20

	if t := trimJSONSpace(s); startsContainer(t) {
		if v, end, ok := parseAt(t, 0, &budget); ok && trimJSONSpace(t[end:]) == "" {
			return []json.RawMessage{v}, ""
		}
	}

	fences := findFences(s)
	var otherLangs []string
	for _, group := range [][]fence{filterFences(fences, true), filterFences(fences, false)} {
		var found []json.RawMessage
		for _, f := range group {
			if vs := valuesIn(f.body, &budget); len(vs) > 0 {
				found = append(found, pick(vs, want, preferLast))
			}
		}
		if len(found) > 0 {
			return []json.RawMessage{pick(found, want, preferLast)}, ""
		}
	}
	for _, f := range fences {
		if !isJSONTag(f.info) && f.info != "" {
			otherLangs = append(otherLangs, f.info)
		}
	}

	prose := s
	if len(fences) > 0 {
		var b strings.Builder
		last := 0
		for _, f := range fences {
			b.WriteString(s[last:f.start])
			b.WriteByte('\n')
			last = f.end
		}
		b.WriteString(s[last:])
		prose = b.String()
	}
	if vs := valuesIn(prose, &budget); len(vs) > 0 {
		return []json.RawMessage{pick(vs, want, preferLast)}, ""
	}
	switch {
	case budget <= 0:
		return nil, "reply too convoluted to scan"
	case len(otherLangs) > 0:
		return nil, "only code fences in " + strings.Join(otherLangs, ", ") + ", which are not parsed as JSON"
	case strings.ContainsAny(s, "{["):
		return nil, "no complete, parseable JSON object or array"
	}
	return nil, ""
}

// pick chooses among values found in one place: the first (or last) that
// passes the kind check, else the first (or last) one.
func pick(vs []json.RawMessage, want JSONKind, preferLast bool) json.RawMessage {
	order := func(yield func(json.RawMessage) bool) {
		for i := range vs {
			j := i
			if preferLast {
				j = len(vs) - 1 - i
			}
			if !yield(vs[j]) {
				return
			}
		}
	}
	for v := range order {
		if _, msg := checkKind(v, want); msg == "" {
			return v
		}
	}
	if preferLast {
		return vs[len(vs)-1]
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
	case want == Object && t[0] == '{':
		return v, ""
	case want == Array && t[0] == '[':
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
	return nil, fmt.Sprintf("expected JSON %s, got %s", want, kindOfFirstByte(t[0]))
}

func kindOfFirstByte(c byte) string {
	switch c {
	case '{':
		return "object"
	case '[':
		return "array"
	case '"':
		return "string"
	case 't', 'f':
		return "boolean"
	case 'n':
		return "null"
	}
	return "number"
}

func startsContainer(s string) bool { return s != "" && (s[0] == '{' || s[0] == '[') }

func trimJSONSpace(s string) string {
	s = strings.TrimPrefix(strings.TrimSpace(s), "\ufeff")
	return strings.TrimSpace(s)
}

// valuesIn returns the top-level JSON objects and arrays in s, in order. A
// value found is skipped as a whole: nothing inside it is reported twice.
func valuesIn(s string, budget *int) []json.RawMessage {
	var out []json.RawMessage
	for i := 0; i < len(s) && *budget > 0; i++ {
		if s[i] != '{' && s[i] != '[' {
			continue
		}
		v, end, ok := parseAt(s, i, budget)
		if ok {
			out = append(out, v)
			i = end - 1
			continue
		}
		if end >= len(s) || end < 0 {
			// The value starting at i runs off the end (truncated) or nests
			// too deep: anything found inside it would be a cut-off part
			// of it, so stop here.
			break
		}
	}
	return out
}

// ---- reasoning blocks ----

var reasoningTags = []string{"thinking", "think", "reasoning"}

// stripReasoning removes reasoning blocks; preferLast reports a leading
// unclosed block, after which the answer is the last JSON value.
func stripReasoning(s string) (out string, preferLast bool) {
	for {
		open, tag := -1, ""
		for _, t := range reasoningTags {
			if i := indexFold(s, "<"+t+">", 0); i >= 0 && (open < 0 || i < open) {
				open, tag = i, t
			}
		}
		if open < 0 {
			break
		}
		openEnd := open + len(tag) + 2
		if c := indexFold(s, "</"+tag+">", openEnd); c >= 0 {
			s = s[:open] + "\n" + s[c+len(tag)+3:]
			continue
		}
		if strings.TrimSpace(s[:open]) == "" {
			s, preferLast = s[openEnd:], true
		}
		break
	}
	// An orphan closing tag: everything before it is reasoning.
	for _, t := range reasoningTags {
		if c := indexFold(s, "</"+t+">", 0); c >= 0 {
			s = s[c+len(t)+3:]
			preferLast = false
		}
	}
	return s, preferLast
}

// indexFold is strings.Index from byte offset from, ignoring ASCII case in
// sub (which must be ASCII). It never changes byte offsets, unlike
// strings.ToLower on arbitrary UTF-8.
func indexFold(s, sub string, from int) int {
	for i := from; i+len(sub) <= len(s); i++ {
		match := true
		for j := 0; j < len(sub); j++ {
			a, b := s[i+j], sub[j]
			if 'A' <= a && a <= 'Z' {
				a += 'a' - 'A'
			}
			if a != b {
				match = false
				break
			}
		}
		if match {
			return i
		}
	}
	return -1
}

// ---- code fences ----

type fence struct {
	info       string // lower-cased language tag, "" if none
	body       string
	start, end int // byte span of the whole fence in the text
}

func isJSONTag(info string) bool { return info == "json" || info == "jsonc" || info == "json5" }

func filterFences(fs []fence, jsonTagged bool) []fence {
	var out []fence
	for _, f := range fs {
		if (jsonTagged && isJSONTag(f.info)) || (!jsonTagged && f.info == "") {
			out = append(out, f)
		}
	}
	return out
}

// findFences finds ``` and ~~~ fences, at a line start or inline. An
// unclosed fence runs to the end of the text.
func findFences(s string) []fence {
	var out []fence
	for i := 0; i < len(s); {
		k := indexFenceRun(s, i)
		if k < 0 {
			break
		}
		ch := s[k]
		n := 0
		for k+n < len(s) && s[k+n] == ch {
			n++
		}
		p := k + n
		for p < len(s) && (s[p] == ' ' || s[p] == '\t') {
			p++
		}
		w := p
		for w < len(s) && isTagByte(s[w]) {
			w++
		}
		info := strings.ToLower(s[p:w])
		eol := strings.IndexByte(s[w:], '\n')
		if eol < 0 {
			eol = len(s)
		} else {
			eol += w
		}
		bodyStart := eol + 1
		if rest := strings.TrimSpace(s[w:eol]); rest != "" {
			bodyStart = w // inline body: ```json {"a":1}```
		}
		if bodyStart > len(s) {
			bodyStart = len(s)
		}
		closer := strings.Repeat(string(ch), n)
		c := strings.Index(s[bodyStart:], closer)
		f := fence{info: info, start: k}
		if c < 0 {
			f.body, f.end = s[bodyStart:], len(s)
		} else {
			f.body = s[bodyStart : bodyStart+c]
			f.end = bodyStart + c + n
			for f.end < len(s) && s[f.end] == ch {
				f.end++
			}
		}
		out = append(out, f)
		i = f.end
	}
	return out
}

func indexFenceRun(s string, from int) int {
	a := strings.Index(s[from:], "```")
	b := strings.Index(s[from:], "~~~")
	switch {
	case a < 0 && b < 0:
		return -1
	case a < 0:
		return from + b
	case b < 0 || a < b:
		return from + a
	}
	return from + b
}

func isTagByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
		c == '_' || c == '-' || c == '+' || c == '#' || c == '.'
}

// ---- the lenient parser ----

// maxDepth bounds nesting; deeper input is not JSON a model meant to write.
const maxDepth = 512

type parser struct {
	s        string
	out      []byte
	repaired bool
	depth    int
	tooDeep  bool
	budget   *int
}

// parseAt parses one JSON object or array starting exactly at s[i]. It
// returns the value (original bytes if no repair was needed, else the
// compact repaired form), the end offset, and ok. On failure the offset is
// where parsing stopped: len(s) if the value is unterminated, -1 if it nests
// deeper than maxDepth.
func parseAt(s string, i int, budget *int) (json.RawMessage, int, bool) {
	if i >= len(s) || (s[i] != '{' && s[i] != '[') {
		return nil, i, false
	}
	p := &parser{s: s, budget: budget}
	end, ok := p.value(i)
	if !ok {
		if p.tooDeep {
			return nil, -1, false
		}
		return nil, end, false
	}
	var v []byte
	if p.repaired {
		v = p.out
	} else {
		v = []byte(s[i:end])
	}
	if !json.Valid(v) {
		return nil, i, false
	}
	return v, end, true
}

func (p *parser) ws(i int) int {
	for i < len(p.s) {
		switch p.s[i] {
		case ' ', '\t', '\n', '\r':
			i++
			continue
		}
		break
	}
	return i
}

func (p *parser) spend(n int) bool {
	*p.budget -= n
	return *p.budget > 0
}

func (p *parser) value(i int) (int, bool) {
	i = p.ws(i)
	if i >= len(p.s) || !p.spend(1) {
		return i, false
	}
	switch c := p.s[i]; {
	case c == '{':
		return p.container(i, '}')
	case c == '[':
		return p.container(i, ']')
	case c == '"':
		return p.str(i)
	case c == 't':
		return p.lit(i, "true")
	case c == 'f':
		return p.lit(i, "false")
	case c == 'n':
		return p.lit(i, "null")
	case c == '-' || (c >= '0' && c <= '9'):
		return p.num(i)
	}
	return i, false
}

func (p *parser) container(i int, closer byte) (int, bool) {
	p.depth++
	defer func() { p.depth-- }()
	if p.depth > maxDepth {
		p.tooDeep = true
		return i, false
	}
	p.out = append(p.out, p.s[i])
	i = p.ws(i + 1)
	if i < len(p.s) && p.s[i] == closer {
		p.out = append(p.out, closer)
		return i + 1, true
	}
	for {
		var ok bool
		if closer == '}' {
			i = p.ws(i)
			if i >= len(p.s) || p.s[i] != '"' {
				return i, false
			}
			if i, ok = p.str(i); !ok {
				return i, false
			}
			i = p.ws(i)
			if i >= len(p.s) || p.s[i] != ':' {
				return i, false
			}
			p.out = append(p.out, ':')
			i++
		}
		if i, ok = p.value(i); !ok {
			return i, false
		}
		i = p.ws(i)
		if i >= len(p.s) {
			return i, false
		}
		switch p.s[i] {
		case closer:
			p.out = append(p.out, closer)
			return i + 1, true
		case ',':
			j := p.ws(i + 1)
			if j < len(p.s) && p.s[j] == closer { // trailing comma
				p.repaired = true
				p.out = append(p.out, closer)
				return j + 1, true
			}
			p.out = append(p.out, ',')
			i = j
		default:
			return i, false
		}
	}
}

func (p *parser) str(i int) (int, bool) {
	end, ok := p.strBody(i)
	p.spend(end - i)
	return end, ok
}

func (p *parser) strBody(i int) (int, bool) {
	p.out = append(p.out, '"')
	i++
	for i < len(p.s) {
		c := p.s[i]
		switch {
		case c == '\\':
			if i+1 >= len(p.s) {
				return i, false
			}
			switch e := p.s[i+1]; e {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				p.out = append(p.out, c, e)
				i += 2
			case 'u':
				if i+6 <= len(p.s) && isHex4(p.s[i+2:i+6]) {
					p.out = append(p.out, p.s[i:i+6]...)
					i += 6
				} else {
					p.repaired = true
					p.out = append(p.out, '\\', '\\')
					i++
				}
			case '\'':
				p.repaired = true
				p.out = append(p.out, '\'')
				i += 2
			default: // invalid escape: keep the backslash literally
				p.repaired = true
				p.out = append(p.out, '\\', '\\')
				i++
			}
		case c == '"':
			j := p.ws(i + 1)
			if j >= len(p.s) || strings.IndexByte(",}]:", p.s[j]) >= 0 {
				p.out = append(p.out, '"')
				return i + 1, true
			}
			// An inner quote the model forgot to escape.
			p.repaired = true
			p.out = append(p.out, '\\', '"')
			i++
		case c < 0x20:
			p.repaired = true
			switch c {
			case '\n':
				p.out = append(p.out, '\\', 'n')
			case '\r':
				p.out = append(p.out, '\\', 'r')
			case '\t':
				p.out = append(p.out, '\\', 't')
			default:
				p.out = append(p.out, fmt.Sprintf("\\u%04x", c)...)
			}
			i++
		default:
			p.out = append(p.out, c)
			i++
		}
	}
	return i, false
}

func isHex4(s string) bool {
	for i := 0; i < 4; i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return false
		}
	}
	return true
}

func (p *parser) lit(i int, word string) (int, bool) {
	if !strings.HasPrefix(p.s[i:], word) {
		return i, false
	}
	p.out = append(p.out, word...)
	return i + len(word), true
}

func (p *parser) num(i int) (int, bool) {
	start := i
	if p.s[i] == '-' {
		i++
	}
	digits := func() int {
		n := 0
		for i < len(p.s) && p.s[i] >= '0' && p.s[i] <= '9' {
			i++
			n++
		}
		return n
	}
	if i < len(p.s) && p.s[i] == '0' {
		i++
	} else if digits() == 0 {
		return i, false
	}
	if i < len(p.s) && p.s[i] == '.' {
		i++
		if digits() == 0 {
			return i, false
		}
	}
	if i < len(p.s) && (p.s[i] == 'e' || p.s[i] == 'E') {
		i++
		if i < len(p.s) && (p.s[i] == '+' || p.s[i] == '-') {
			i++
		}
		if digits() == 0 {
			return i, false
		}
	}
	p.out = append(p.out, p.s[start:i]...)
	return i, true
}
