package text

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Block is one part of a line cut by FlatBlocks: the words of the
// heading that opens it ("" for none) and its text ("" for a heading
// alone).
type Block struct {
	Heading, Text string
}

// FlatBlocks cuts a line into the blocks a Markdown text flattened to one
// line holds (a forum speech or a scraped page: "… 。 ## 关键数据提取 -
// 时间节点：… - 舆情指数：… ## 深度背景分析 该事件…"), so that no sentence
// quoted from it runs on across a heading or from one list item into the
// next. A block starts
//   - at a heading mark (1–6 "#" then white space) at the line's start or
//     after white space; its heading is the word after the mark when that
//     word holds a Han character and text follows it, else the whole block
//     is heading (Text ""), as a line that is only a heading;
//   - at a list item's mark ("-", "*" or "•" between white space) after
//     text and before a Han character ("…判决公布 - 舆情指数：…"): an
//     English dash ("a - b") cuts nothing.
//
// A leading list mark stays with its text (callers strip it); blocks are
// trimmed and none is empty. A line without such marks is one block, the
// line trimmed.
func FlatBlocks(line string) []Block {
	var out []Block
	start := 0
	add := func(s string) {
		if b, ok := flatBlock(s); ok {
			out = append(out, b)
		}
	}
	for i := 0; i < len(line); {
		if cut := blockMarkAt(line, i); cut && strings.TrimSpace(line[start:i]) != "" {
			add(line[start:i])
			start = i
		}
		_, n := utf8.DecodeRuneInString(line[i:])
		i += n
	}
	add(line[start:])
	return out
}

// blockMarkAt reports whether a block starts at byte i of line (the white
// space before a heading or list mark, see FlatBlocks).
func blockMarkAt(line string, i int) bool {
	r, n := utf8.DecodeRuneInString(line[i:])
	if !unicode.IsSpace(r) {
		return false
	}
	rest := line[i+n:]
	if h := len(rest) - len(strings.TrimLeft(rest, "#")); h >= 1 && h <= 6 && h < len(rest) {
		next, _ := utf8.DecodeRuneInString(rest[h:])
		return unicode.IsSpace(next)
	}
	mark, m := utf8.DecodeRuneInString(rest)
	if !strings.ContainsRune("-*•", mark) {
		return false
	}
	after := rest[m:]
	trimmed := strings.TrimLeftFunc(after, unicode.IsSpace)
	if len(trimmed) == len(after) || trimmed == "" {
		return false // no white space after the mark
	}
	first, _ := utf8.DecodeRuneInString(trimmed)
	return IsHan(first)
}

// flatBlock makes the block of one cut piece: a heading mark at its start
// gives its heading (see FlatBlocks); false for an empty piece.
func flatBlock(s string) (Block, bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return Block{}, false
	}
	h := len(s) - len(strings.TrimLeft(s, "#"))
	if h == 0 || h > 6 || h == len(s) {
		return Block{Text: s}, true
	}
	if r, _ := utf8.DecodeRuneInString(s[h:]); !unicode.IsSpace(r) {
		return Block{Text: s}, true // "#话题#", not a heading
	}
	body := strings.TrimSpace(s[h:])
	word, rest := body, ""
	if j := strings.IndexFunc(body, unicode.IsSpace); j >= 0 {
		word, rest = body[:j], strings.TrimSpace(body[j:])
	}
	if rest == "" || !HasHan(word) {
		return Block{Heading: body}, true
	}
	return Block{Heading: word, Text: rest}, true
}
