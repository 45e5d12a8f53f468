package evidence

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// Passages cuts text into passages (see the package doc): markdown removed,
// sentences split at 。！？!?；; and line breaks, short sentences joined to
// the next, long ones cut at a clause mark. The result holds no empty
// passage; every passage is valid UTF-8 when text is.
func Passages(text string) []string {
	var out []string
	var pending strings.Builder
	flush := func() {
		s := strings.TrimSpace(pending.String())
		pending.Reset()
		if s != "" {
			out = append(out, cutLong(s)...)
		}
	}
	long := func() bool { return utf8.RuneCountInString(pending.String()) >= MinRunes }
	lines := strings.Split(text, "\n")
	for li, raw := range lines {
		if isTableRow(raw) {
			// a row is a record of its own; the header row (the one
			// followed by a rule) and rules are dropped
			if li+1 < len(lines) && isTableRule(strings.TrimSpace(lines[li+1])) {
				continue
			}
			if row := cleanLine(raw); row != "" {
				flush()
				out = append(out, cutLong(row)...)
			}
			continue
		}
		line := cleanLine(raw)
		if isHeading(raw) && utf8.RuneCountInString(line) < MinRunes {
			line = "" // a short heading is a label, not evidence
		}
		if line == "" {
			if long() {
				flush()
			}
			continue
		}
		for _, sent := range sentences(line) {
			if pending.Len() > 0 && !endsSentence(pending.String()) {
				pending.WriteByte(' ')
			}
			pending.WriteString(sent)
			if long() {
				flush()
			}
		}
	}
	flush()
	return out
}

func isHeading(line string) bool { return strings.HasPrefix(strings.TrimSpace(line), "#") }

func isTableRow(line string) bool {
	s := strings.TrimSpace(line)
	return len(s) > 1 && strings.HasPrefix(s, "|") && strings.HasSuffix(s, "|") && !isTableRule(s)
}

// endsSentence reports whether s ends with a sentence mark (then the next
// sentence follows without a space, as in Chinese text).
func endsSentence(s string) bool {
	r, _ := utf8.DecodeLastRuneInString(s)
	switch r {
	case '。', '！', '？', '；', '”', '）', '」':
		return true
	}
	return false
}

// sentences splits one cleaned line after each sentence mark, keeping the
// mark with its sentence. A "." ends a sentence only before a space.
func sentences(line string) []string {
	var out []string
	start := 0
	for i, r := range line {
		end := false
		switch r {
		case '。', '｡', '！', '？', '!', '?', '；', ';':
			end = true
		case '.':
			end = i+1 >= len(line) || line[i+1] == ' '
		}
		if end {
			j := i + utf8.RuneLen(r)
			// keep closing quotes and brackets with the sentence
			for j < len(line) {
				q, n := utf8.DecodeRuneInString(line[j:])
				if q != '”' && q != '’' && q != '"' && q != '）' && q != ')' && q != '」' && q != '』' {
					break
				}
				j += n
			}
			if s := strings.TrimSpace(line[start:j]); s != "" {
				out = append(out, s)
			}
			start = j
		}
	}
	if s := strings.TrimSpace(line[start:]); s != "" {
		out = append(out, s)
	}
	return out
}

// cutLong cuts a passage longer than MaxRunes at the last clause mark
// (，、,：:) before the limit, else at the limit.
func cutLong(s string) []string {
	var out []string
	for utf8.RuneCountInString(s) > MaxRunes {
		cut, n := -1, 0
		limit := 0
		for i, r := range s {
			if n == MaxRunes {
				limit = i
				break
			}
			n++
			if (r == '，' || r == '、' || r == ',' || r == '：' || r == ':' || r == ' ') && n > MaxRunes/2 {
				cut = i + utf8.RuneLen(r)
			}
		}
		if cut < 0 {
			cut = limit
		}
		out = append(out, strings.TrimSpace(s[:cut]))
		s = strings.TrimSpace(s[cut:])
	}
	if s != "" {
		out = append(out, s)
	}
	return out
}

// cleanLine removes markdown from one line: heading marks, quote marks,
// bullets and list numbers, emphasis and code marks, links (their text is
// kept), table rules (dropped) and table pipes (kept as " | ").
func cleanLine(line string) string {
	s := strings.TrimSpace(line)
	if s == "" {
		return ""
	}
	if isTableRule(s) || s == "---" || s == "***" || s == "___" {
		return ""
	}
	for strings.HasPrefix(s, "#") || strings.HasPrefix(s, ">") {
		s = strings.TrimSpace(strings.TrimLeft(s, "#>"))
	}
	for _, b := range []string{"- ", "* ", "+ ", "• ", "· "} {
		if strings.HasPrefix(s, b) {
			s = strings.TrimSpace(s[len(b):])
			break
		}
	}
	s = stripListNumber(s)
	if strings.ContainsAny(s, "*_`") {
		s = markReplacer.Replace(s)
	}
	if strings.Contains(s, "#") {
		s = inlineHeadingRE.ReplaceAllString(s, "")
	}
	s = stripLinks(s)
	if strings.HasPrefix(s, "|") || strings.HasSuffix(s, "|") {
		cells := strings.Split(strings.Trim(s, "|"), "|")
		var kept []string
		for _, c := range cells {
			if c = strings.TrimSpace(c); c != "" {
				kept = append(kept, c)
			}
		}
		s = strings.Join(kept, " | ")
	}
	return strings.TrimSpace(s)
}

var markReplacer = strings.NewReplacer("**", "", "__", "", "`", "")

// inlineHeadingRE finds heading marks inside a line (forum speeches put a
// whole markdown report on one line: "… ## 核心发现 1. …").
var inlineHeadingRE = regexp.MustCompile(`(^|\s)#{1,6}\s+`)

func isTableRule(s string) bool {
	if !strings.Contains(s, "-") {
		return false
	}
	for _, r := range s {
		if r != '|' && r != '-' && r != ':' && r != ' ' {
			return false
		}
	}
	return true
}

// stripListNumber removes "1. ", "1、", "(1) ", "（一）" style prefixes.
func stripListNumber(s string) string {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i > 0 && i < len(s) {
		rest := s[i:]
		for _, p := range []string{". ", "、", ") ", "）"} {
			if strings.HasPrefix(rest, p) {
				return strings.TrimSpace(rest[len(p):])
			}
		}
	}
	return s
}

// stripLinks turns [text](url) into text and drops ![alt](src) images.
func stripLinks(s string) string {
	for {
		open := strings.Index(s, "](")
		if open < 0 {
			return s
		}
		lb := strings.LastIndex(s[:open], "[")
		rp := strings.Index(s[open:], ")")
		if lb < 0 || rp < 0 {
			return s
		}
		text := s[lb+1 : open]
		startCut := lb
		if lb > 0 && s[lb-1] == '!' {
			startCut, text = lb-1, ""
		}
		s = s[:startCut] + text + s[open+rp+1:]
	}
}
