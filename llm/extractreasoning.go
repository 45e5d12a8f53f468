package llm

import "strings"

// Reasoning blocks and code fences around a reply's JSON (split out of
// extract.go).

// StripReasoning returns a prose reply without its reasoning: closed
// <think>, <thinking>, <reasoning>, <seed:think>, <|begin_of_thought|> and
// ◁think▷ blocks are removed, everything up to
// and including the last closing tag without an opening one is dropped
// (B02), and a reply that opens a block it never closes is all reasoning
// (""). Use it on replies that are text, not JSON (search answers,
// question lists); ExtractJSON does the same for JSON replies.
func StripReasoning(reply string) string {
	out, unclosed, _ := stripReasoning(reply)
	if unclosed {
		return ""
	}
	return strings.TrimSpace(out)
}

// reasoningDelims are the reasoning-block delimiters models write before
// their answer, matched without regard to ASCII case: the tags of
// DeepSeek-R1, QwQ and Qwen3 (<think>), of other chat templates
// (<thinking>, <reasoning>), ByteDance Seed's <seed:think>, the
// <|begin_of_thought|> … <|end_of_thought|> markers of Sky-T1 and
// OpenThinker, and Kimi's ◁think▷ … ◁/think▷. Each is (opening, closing);
// all are handled alike (field cases B01 and B02).
var reasoningDelims = [][2]string{
	{"<thinking>", "</thinking>"},
	{"<think>", "</think>"},
	{"<reasoning>", "</reasoning>"},
	{"<seed:think>", "</seed:think>"},
	{"<|begin_of_thought|>", "<|end_of_thought|>"},
	{"◁think▷", "◁/think▷"},
}

// stripReasoning removes reasoning blocks (see ExtractJSON, step 2).
// preferLast reports a leading unclosed block, after which the answer is
// the last JSON value; found reports that any reasoning was removed.
func stripReasoning(s string) (out string, preferLast, found bool) {
	for {
		open, delim := -1, [2]string{}
		for _, d := range reasoningDelims {
			if i := indexFold(s, d[0], 0); i >= 0 && (open < 0 || i < open) {
				open, delim = i, d
			}
		}
		if open < 0 {
			break
		}
		openEnd := open + len(delim[0])
		if c := indexFold(s, delim[1], openEnd); c >= 0 {
			s, found = s[:open]+"\n"+s[c+len(delim[1]):], true
			continue
		}
		if strings.TrimSpace(s[:open]) == "" {
			s, preferLast, found = s[openEnd:], true, true
		}
		break
	}
	// Closing tags left without an opening one: everything up to and
	// including the last of them is reasoning.
	cut := -1
	for _, d := range reasoningDelims {
		closer := d[1]
		for c := indexFold(s, closer, 0); c >= 0; c = indexFold(s, closer, c+1) {
			cut = max(cut, c+len(closer))
		}
	}
	if cut >= 0 {
		s, preferLast, found = s[cut:], false, true
	}
	return s, preferLast, found
}

// indexFold is strings.Index from byte offset from, ignoring ASCII case in
// sub (whose ASCII letters must be lower case; other bytes, UTF-8 ones
// included, match exactly). It never changes byte offsets, unlike
// strings.ToLower on arbitrary UTF-8.
func indexFold(s, sub string, from int) int {
	for i := from; i+len(sub) <= len(s); i++ {
		j := 0
		for j < len(sub) && lowerASCII(s[i+j]) == sub[j] {
			j++
		}
		if j == len(sub) {
			return i
		}
	}
	return -1
}

func lowerASCII(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// ---- code fences ----

type fence struct {
	info       string // lower-cased language tag, "" if none
	body       string
	start, end int // byte span of the whole fence in the text
}

func isJSONTag(info string) bool { return info == "json" || info == "jsonc" || info == "json5" }

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
		n := len(s[k:]) - len(strings.TrimLeft(s[k:], string(ch)))
		p := len(s) - len(strings.TrimLeft(s[k+n:], " \t"))
		w := len(s) - len(strings.TrimLeftFunc(s[p:], isTagRune))
		info := strings.ToLower(s[p:w])
		eol := len(s)
		if j := strings.IndexByte(s[w:], '\n'); j >= 0 {
			eol = w + j
		}
		bodyStart := eol + 1
		if rest := strings.TrimSpace(s[w:eol]); rest != "" {
			bodyStart = w // inline body: ```json {"a":1}```
		}
		bodyStart = min(bodyStart, len(s))
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
	a, b := strings.Index(s[from:], "```"), strings.Index(s[from:], "~~~")
	if a < 0 || (b >= 0 && b < a) {
		a = b
	}
	if a < 0 {
		return -1
	}
	return from + a
}

func isTagRune(c rune) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
		c == '_' || c == '-' || c == '+' || c == '#' || c == '.'
}

// ---- the lenient parser ----
