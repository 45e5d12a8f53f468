package globalsearch

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"reportengine/text"
)

// The sentences of a community report the extractive map rates, each
// with the heading of the section it stands in.

var (
	emphasisRE = regexp.MustCompile(`\*\*|__|` + "`")
	listMarkRE = regexp.MustCompile(`^(?:[-*•+]\s+|\d{1,3}[.)、]\s*|[（(]?\d{1,3}[）)]\s*)`)
)

// lineSentences end a line's sentences: 。！？； anywhere, !? before a
// space or at the end, "." before a space and a capital letter unless it
// ends a title or an initial; none inside a title or a 「」 quote (Titles).
var lineSentences = text.SentenceRules{Ends: "。！？；", SpacedEnds: "!?", Periods: true, Titles: true}

// reportSentences cuts a report's markdown into sentences: line by line,
// each line cut at the headings and list items flattened into it
// (text.FlatBlocks), leaving out headings, fences and rules, list markers, blockquote marks
// and emphasis stripped, its own [Data: …] references removed, then at
// sentence ends (。！？；!? and ". " before a capital). A table row (not the
// header, not the rule) becomes one sentence, "first cell：other cells"
// joined by "；". A sentence keeps only when it has 10 runes or more, a
// letter and no link, is not a short line without a sentence end (a
// headline: under 25 runes; a "label: value" line: up to 40 runes with a
// colon in its first 9), is not a model's preamble ("好的，这是…",
// "Here is …") and not about the research (text.IsMeta); one longer than 300 runes is cut at a clause end and
// marked with "…". Each sentence carries the words of the heading it
// stands under (the latest "##" or deeper heading line, or the heading
// FlatBlocks finds in its line; "" before any and under the report's
// "#" title, which is about all of it).
func reportSentences(md string) []reportSentence {
	var out []reportSentence
	section := ""
	add := func(s string, row bool) {
		if s, ok := keptSentence(s, row); ok {
			out = append(out, reportSentence{text: s, section: section})
		}
	}
	lines := strings.Split(md, "\n")
	for li, line := range lines {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "|") {
			if row, ok := text.TableRowAt(lines, li); ok {
				add(row, true)
			}
			continue
		}
		line = strings.TrimSpace(strings.TrimLeft(line, ">"))
		if line == "" || strings.HasPrefix(line, "```") || strings.HasPrefix(line, "---") {
			continue
		}
		for _, b := range text.FlatBlocks(line) {
			if b.Heading != "" {
				section = b.Heading
			}
			if b.Text == "" || b.Heading == "" && strings.HasPrefix(b.Text, "#") {
				if h := strings.TrimSpace(strings.TrimLeft(line, "#")); b.Heading == "" && h != "" {
					section = emphasisRE.ReplaceAllString(h, "")
					if !strings.HasPrefix(line, "##") {
						section = "" // the report's title: about all of it
					}
				}
				continue // a heading
			}
			s := listMarkRE.ReplaceAllString(b.Text, "")
			s = emphasisRE.ReplaceAllString(text.StripCitations(s), "")
			for _, p := range lineSentences.Split(s) {
				add(p, false)
			}
		}
	}
	return out
}

// reportSentence is a sentence of a report and the words of the heading
// of its section.
type reportSentence struct{ text, section string }

// keptSentence returns s as a point's text and whether it is one (see
// reportSentences).
func keptSentence(s string, row bool) (string, bool) {
	s = strings.TrimSpace(s)
	n := len([]rune(s))
	if n < 10 || strings.Contains(s, "://") || !strings.ContainsFunc(s, unicode.IsLetter) {
		return "", false
	}
	if last, _ := utf8.DecodeLastRuneInString(s); !row && !strings.ContainsRune(".。!！?？;；", last) {
		if n < 25 {
			return "", false // a headline or label
		}
		if last == '：' || last == ':' {
			return "", false // a lead-in to what follows ("它也用所有情绪回应你：")
		}
		if i := strings.IndexAny(s, ":："); n <= 40 && i >= 0 && len([]rune(s[:i])) <= 8 {
			return "", false // a "label: value" line (数据周期：2024-03-01 至 2024-04-30)
		}
	}
	if text.IsMeta(s) {
		return "", false // the report describing itself: "本报告基于公开新闻报道……梳理……"
	}
	if text.FirstPrefix(s, preambles) != "" {
		return "", false
	}
	if n > 300 {
		s = strings.TrimRight(text.CutClause(s, 299), " ，、,；;：") + "…"
	}
	return s, true
}

// preambles open a model's remark about its own output, or an English
// report's description of itself, not a finding (text.IsMeta has the
// Chinese ones: 本报告, 本文, 以下是 …).
var preambles = []string{"好的，", "好的,", "下面是", "Sure,", "Sure!", "Here is", "Here's", "Below is",
	"This report", "In this report"}
