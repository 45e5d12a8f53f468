package render

import (
	"bytes"
	"strconv"
	"strings"

	"reportengine/ir"
)

// list renders a list block: bullets, numbers or task boxes, each item's
// blocks indented under its marker.
func (w *mdWriter) list(b *blockView) string {
	var sb strings.Builder
	for i, it := range b.Items {
		marker := "- "
		switch {
		case b.ListKind == "ol":
			marker = strconv.Itoa(i+1) + ". "
		case it.Task && it.Checked:
			marker = "- [x] "
		case it.Task:
			marker = "- [ ] "
		}
		body := strings.TrimRight(w.blocks(it.Blocks), "\n")
		pad := strings.Repeat(" ", len(marker))
		if it.Task {
			pad = "  "
		}
		sb.WriteString(marker + indentRest(body, pad) + "\n")
	}
	return strings.TrimRight(sb.String(), "\n")
}

// quadrantTable renders a SWOT or PEST table as a four-column table.
func quadrantTable(b *blockView) string {
	var sb strings.Builder
	if b.Title != "" {
		sb.WriteString("**" + mdLine(b.Title) + "**\n\n")
	}
	if b.Summary != "" {
		sb.WriteString(mdPara(b.Summary) + "\n\n")
	}
	rows := [][]string{{"维度 / Quadrant", "要点 / Item", "标签 / Tag", "说明 / Detail"}}
	for _, q := range b.Quadrants {
		if len(q.Items) == 0 {
			rows = append(rows, []string{q.Title, "—", "", ""})
		}
		for _, it := range q.Items {
			tag := it.Tag
			if it.Priority != "" {
				tag = strings.TrimSpace(tag + " " + it.Priority)
			}
			detail := []string{mdCell(it.Detail)}
			if it.Evidence != "" {
				detail = append(detail, "证据 / Evidence: "+citeCell(it.Evidence, it.EvidenceRefs))
			}
			if it.Source != "" {
				detail = append(detail, "来源 / Source: "+citeCell(it.Source, it.SourceRefs))
			}
			cell := strings.TrimSpace(strings.Join(detail, " "))
			rows = append(rows, []string{q.Title, mdCell(it.Title), mdCell(tag), cell})
		}
	}
	return strings.TrimRight(sb.String()+mdTable(rows), "\n")
}

// codeBlock renders a code block in a fence longer than any run of
// backquotes in it.
func codeBlock(b *blockView) string {
	fence := "```"
	for strings.Contains(b.Content, fence) {
		fence += "`"
	}
	s := ""
	if b.Caption != "" {
		s = "*" + mdLine(b.Caption) + "*\n\n"
	}
	return s + fence + b.Lang + "\n" + strings.TrimRight(b.Content, "\n") + "\n" + fence
}

// figureBlock renders an image, a link to one, or its unavailable line.
func figureBlock(b *blockView) string {
	var s string
	alt := mdLine(b.Alt)
	switch {
	case b.ImgSrc != "":
		s = "![" + alt + "](" + string(b.ImgSrc) + ")"
	case b.Href != "":
		s = "[🖼 " + firstNonEmpty(alt, "图片 / image") + "](" + mdURL(b.Href) + ")"
	default:
		s = "*图片不可用 / image unavailable*"
		if alt != "" {
			s += " " + alt
		}
	}
	if b.Caption != "" {
		s += "\n\n*" + mdLine(b.Caption) + "*"
	}
	return s
}

// captured is what write writes to the writer's buffer, trailing line
// breaks cut, the buffer left as it was.
func (w *mdWriter) captured(write func()) string {
	save := w.buf
	w.buf = bytes.Buffer{}
	write()
	s := strings.TrimRight(w.buf.String(), "\n")
	w.buf = save
	return s
}

// chart renders a chart as its title and a table of its data.
func (w *mdWriter) chart(c *chartView) string {
	var sb strings.Builder
	if c.Title != "" {
		sb.WriteString("**" + mdLine(c.Title) + "**\n\n")
	}
	if c.Unavailable {
		sb.WriteString("> ⚠ " + noteUnavailable + "\n")
		for _, n := range c.Notes {
			sb.WriteString("> " + mdLine(n) + "\n")
		}
		sb.WriteString("\n")
	} else if len(c.Notes) > 0 {
		for _, n := range c.Notes {
			sb.WriteString("*" + mdLine(n) + "*\n")
		}
		sb.WriteString("\n")
	}
	if len(c.Table.Head) > 0 {
		var rows [][]string
		for _, r := range append([][]string{c.Table.Head}, c.Table.Rows...) {
			rows = append(rows, mdCells(r))
		}
		sb.WriteString(mdTable(rows))
	}
	return strings.TrimRight(sb.String(), "\n")
}

// table lays cells on a grid so rowspan/colspan keep columns aligned
// (spanned positions are left empty). The first row is the header.
func (w *mdWriter) table(b *blockView) string {
	type pos struct{ r, c int }
	taken := map[pos]bool{}
	grid := make([][]string, len(b.Rows))
	cols := 0
	for r, row := range b.Rows {
		c := 0
		for _, cell := range row.Cells {
			for taken[pos{r, c}] {
				c++
			}
			rs, cs := min(max(cell.Rowspan, 1), len(b.Rows)-r), min(max(cell.Colspan, 1), 64)
			for i := range rs {
				for j := range cs {
					taken[pos{r + i, c + j}] = true
				}
			}
			for len(grid[r]) < c {
				grid[r] = append(grid[r], "")
			}
			grid[r] = append(grid[r], w.cellText(cell.Blocks))
			c += cs
			cols = max(cols, c)
		}
	}
	if cols == 0 {
		return ""
	}
	var sb strings.Builder
	if b.Caption != "" {
		sb.WriteString("*" + mdLine(b.Caption) + "*\n\n")
	}
	for r := range grid {
		for len(grid[r]) < cols {
			grid[r] = append(grid[r], "")
		}
	}
	return strings.TrimRight(sb.String()+mdTable(grid), "\n")
}

// cellText flattens blocks into one table-cell line.
func (w *mdWriter) cellText(bs []*blockView) string {
	var parts []string
	for _, b := range bs {
		switch b.Kind {
		case ir.TypeParagraph:
			parts = append(parts, tableSafe(mdInlines(b.Inlines)))
		case ir.TypeHeading:
			parts = append(parts, "**"+mdCell(b.Text)+"**")
		case ir.TypeList:
			for _, it := range b.Items {
				parts = append(parts, "• "+w.cellText(it.Blocks))
			}
		default:
			s := w.block(b)
			parts = append(parts, tableSafe(strings.ReplaceAll(s, "\n", " ")))
		}
	}
	return strings.Join(parts, "<br>")
}

// mdCells is each of cells escaped for a table cell (mdCell).
func mdCells(cells []string) []string {
	out := make([]string, len(cells))
	for i, c := range cells {
		out[i] = mdCell(c)
	}
	return out
}

// tableSafe makes rendered Markdown fit in a cell: no newlines, pipes
// escaped (already-escaped pipes stay single-escaped).
func tableSafe(s string) string {
	s = strings.ReplaceAll(s, "\n", " ")
	s = strings.ReplaceAll(s, `\|`, "|")
	return strings.ReplaceAll(s, "|", `\|`)
}

func quote(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if l == "" {
			lines[i] = ">"
		} else {
			lines[i] = "> " + l
		}
	}
	return strings.Join(lines, "\n")
}

func indentRest(s, pad string) string {
	lines := strings.Split(s, "\n")
	for i := 1; i < len(lines); i++ {
		if lines[i] != "" {
			lines[i] = pad + lines[i]
		}
	}
	return strings.Join(lines, "\n")
}
