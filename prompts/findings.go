package prompts

import (
	"cmp"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"
)

// enumerator matches a list or sequence marker, or a connective, opening
// a sentence: "第一，", "2. ", "2、", "（3）", "①", "首先，", "此外，", "然而，".
var enumerator = regexp.MustCompile(`^\s*(?:第[一二三四五六七八九十]+[，、,：:]|[0-9]{1,2}[.、．)）]\s*|[（(][0-9一二三四五六七八九十]{1,2}[）)]\s*|[①②③④⑤⑥⑦⑧⑨⑩]\s*|[一二三四五六七八九十][、，]|(?:首先|其次|最后|此外|另外|同时|与此同时|因此|总之|总体来看|总的来说|然而|但是|不过|而且|另一方面)[，,])`)

// notStandalone are openings of a sentence that cannot stand alone as a
// finding in a summary or a highlight: an example, a sentence about the
// document rather than its subject, or one pointing back at what came
// before it ("这一阶段的争议…").
var notStandalone = []string{"例如", "比如", "譬如", "举例", "本报告", "本文", "本章", "本节", "以下", "如下",
	"这一", "这些", "这种", "此次", "上述", "以上", "其中"}

// StandaloneFinding prepares a chapter's finding for a place where it is
// read out of its chapter (the hero's highlights, the summary chapter's
// bullets): text is s with one leading enumerator or connective removed
// (and trimmed); ok is false when the sentence is an example, speaks about
// the report, or points back at an earlier sentence. s may carry [E…]
// citations; they are kept.
func StandaloneFinding(s string) (text string, ok bool) {
	text = strings.TrimSpace(enumerator.ReplaceAllString(s, ""))
	return text, !slices.ContainsFunc(notStandalone, func(p string) bool { return strings.HasPrefix(text, p) })
}

// EngineShortName is an engine's short Latin name, as the offline model's
// text and the report's notices write it before 引擎 ("据Query引擎报告"):
// "insight" → "Insight", "media" → "Media", "query" → "Query", "host" →
// "Host"; any other name is returned as it is. EngineName is the Chinese
// name (查询引擎) of the reference list.
func EngineShortName(e string) string { return cmp.Or(engineNames[e][1], e) }

// CutAtClause returns the longest prefix of text of at most limit runes
// that ends just before a clause mark (，,；;、：:) outside every bracket
// and quote, when it holds at least limit/3 runes; else the first limit
// runes; text itself when it has at most limit runes. It is where a
// finding read out of its chapter (the summary's bullets, the hero) is cut
// so that it ends with a whole clause ("…校方回应迟缓", not "…，负").
func CutAtClause(text string, limit int) string {
	if utf8.RuneCountInString(text) <= limit {
		return text
	}
	depth, n, best := 0, 0, -1
	quoted := false // inside ASCII double quotes
	for i, r := range text {
		if n == limit {
			break
		}
		switch {
		case strings.ContainsRune("（(“《「『【[", r):
			depth++
		case strings.ContainsRune("）)”》」』】]", r):
			depth = max(depth-1, 0)
		case r == '"':
			quoted = !quoted
		case depth == 0 && !quoted && strings.ContainsRune("，,；;、：:", r) && n >= limit/3:
			best = i
		}
		n++
	}
	if best >= 0 {
		return strings.TrimRight(text[:best], " ")
	}
	return string([]rune(text)[:limit])
}
