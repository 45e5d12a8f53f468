package ir

import (
	"fmt"
	"hash/fnv"
	"strings"
	"unicode"
)

// PlainText returns the text of inline runs concatenated, marks ignored.
// The result is raw text: HTML in it is not escaped (that is the renderer's
// job).
func PlainText(inlines []Inline) string {
	var sb strings.Builder
	for _, in := range inlines {
		sb.WriteString(in.Text)
	}
	return sb.String()
}

// Slug makes a valid anchor (IsAnchor) from any text: ASCII letters and
// digits are kept (lower-cased); each run of other letters or digits (CJK,
// accented Latin, …) becomes "u" plus the 8 hex digits of the FNV-1a hash of
// the run, so anchors stay short, stable and distinct per title; everything
// else separates words. Words are joined with single "-"; an empty result
// becomes "section".
//
//	Slug("2.1 Market Overview") == "2-1-market-overview"
//	Slug("网民评论")              == "u" + 8 hex digits
//
// BettaFish keeps CJK in anchors or falls back to "section-<n>"; the hash
// keeps anchors ASCII without making distinct titles collide on one name.
func Slug(s string) string {
	var parts []string
	var word strings.Builder
	flush := func() {
		if word.Len() > 0 {
			parts = append(parts, word.String())
			word.Reset()
		}
	}
	wide := func(r rune) bool {
		return r >= 128 && (unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r))
	}
	rs := []rune(s)
	for i := 0; i < len(rs); {
		r := rs[i]
		switch {
		case r < 128 && (unicode.IsLetter(r) || unicode.IsDigit(r)):
			word.WriteRune(unicode.ToLower(r))
			i++
		case wide(r):
			flush()
			j := i
			for j < len(rs) && wide(rs[j]) {
				j++
			}
			h := fnv.New32a()
			h.Write([]byte(string(rs[i:j])))
			parts = append(parts, fmt.Sprintf("u%08x", h.Sum32()))
			i = j
		default:
			flush()
			i++
		}
	}
	flush()
	if len(parts) == 0 {
		return "section"
	}
	return strings.Join(parts, "-")
}

// Walk calls fn for every block of the chapter, depth first in document
// order (a block before its children), with the block's JSON path:
// "blocks[2]", "blocks[1].items[0][1]" (list items),
// "blocks[3].rows[0].cells[1].blocks[0]" (table cells) and
// "blocks[4].blocks[0]" (blockquote, callout and engineQuote children).
// fn may modify the block in place; children are read after fn returns.
func (c *Chapter) Walk(fn func(path string, b *Block)) {
	for i := range c.Blocks {
		walkBlock(index("blocks", i), &c.Blocks[i], fn)
	}
}

func walkBlock(path string, b *Block, fn func(string, *Block)) {
	fn(path, b)
	for i := range b.ListItems {
		for j := range b.ListItems[i] {
			walkBlock(index(index(path+".items", i), j), &b.ListItems[i][j], fn)
		}
	}
	for r := range b.Rows {
		for c := range b.Rows[r].Cells {
			cell := &b.Rows[r].Cells[c]
			for k := range cell.Blocks {
				walkBlock(fmt.Sprintf("%s.rows[%d].cells[%d].blocks[%d]", path, r, c, k), &cell.Blocks[k], fn)
			}
		}
	}
	for i := range b.Blocks {
		walkBlock(index(path+".blocks", i), &b.Blocks[i], fn)
	}
}
