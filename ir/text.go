package ir

import (
	"fmt"
	"strconv"
	"strings"
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

// UniqueAnchor returns a, or the first of a-2, a-3 … that seen does not
// hold, and adds it to seen: the one rule that keeps chapter, heading and
// widget ids unique in a report (nodes when it stitches the chapters,
// render when it builds the page, Normalize for the heading anchors it
// makes) and a template's section slugs (templates.Parse).
func UniqueAnchor(seen map[string]bool, a string) string {
	id := a
	for n := 2; seen[id]; n++ {
		id = a + "-" + strconv.Itoa(n)
	}
	seen[id] = true
	return id
}
