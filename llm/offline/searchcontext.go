package offline

import (
	"regexp"
	"slices"
	"strings"
)

// ctxTable is one table of a local-search context as the offline model
// reads it back from the system prompt.
type ctxTable struct {
	name   string // section name as in the marker: "Entities", "Sources", "Reports", "claims"
	header []string
	rows   [][]string
}

func (t ctxTable) col(name string) int { return slices.Index(t.header, name) }

var (
	sectionRE = regexp.MustCompile(`^-----(.+)-----$`)
	headingRE = regexp.MustCompile(`^---[^-].*---$`)
	rowStart  = regexp.MustCompile(`^[^|\s]{0,40}\|`)
)

// parseContext finds the "-----Name-----" tables of the mixed context
// (graphrag/localsearch, reference §3.9) anywhere in text. A table ends at
// the next table marker or prompt heading ("---Goal---"). Tables whose
// header has a "content" or "summary" column (reports, conversation
// history) are CSV; the others are raw pipe tables, whose records may span
// lines: a line continues the previous record unless that record already
// has all its columns and the line starts like a new record ("<id>|").
// A value that itself contains "|" can be misread; the offline model only
// uses the text to pick sentences, so that costs at most a clumsy quote.
func parseContext(text string) []ctxTable {
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	var out []ctxTable
	for i := 0; i < len(lines); i++ {
		m := sectionRE.FindStringSubmatch(lines[i])
		if m == nil || i+1 >= len(lines) {
			continue
		}
		t := ctxTable{name: m[1], header: strings.Split(lines[i+1], "|")}
		j := i + 2
		for j < len(lines) && !sectionRE.MatchString(lines[j]) && !headingRE.MatchString(lines[j]) {
			j++
		}
		body := lines[i+2 : j]
		for len(body) > 0 && strings.TrimSpace(body[len(body)-1]) == "" {
			body = body[:len(body)-1]
		}
		if t.col("content") >= 0 || t.col("summary") >= 0 {
			t.rows = parseCSV(strings.Join(body, "\n"), len(t.header))
		} else {
			t.rows = parseRaw(body, len(t.header))
		}
		out = append(out, t)
		i = j - 1
	}
	return out
}

func parseRaw(lines []string, n int) [][]string {
	var rows [][]string
	var cur []string
	flush := func() {
		if cur != nil {
			rows = append(rows, strings.SplitN(strings.Join(cur, "\n"), "|", n))
			cur = nil
		}
	}
	for _, l := range lines {
		if cur != nil && strings.Count(strings.Join(cur, "\n"), "|") >= n-1 && rowStart.MatchString(l) {
			flush()
		}
		cur = append(cur, l)
	}
	flush()
	return padRows(rows, n)
}

// parseCSV reads "|"-separated CSV with double-quote quoting.
func parseCSV(s string, n int) [][]string {
	var rows [][]string
	var row []string
	var f strings.Builder
	inQ := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case inQ && c == '"' && i+1 < len(s) && s[i+1] == '"':
			f.WriteByte('"')
			i++
		case c == '"' && (inQ || f.Len() == 0):
			inQ = !inQ
		case !inQ && (c == '|' || c == '\n'):
			row = append(row, f.String())
			f.Reset()
			if c == '\n' {
				rows, row = append(rows, row), nil
			}
		default:
			f.WriteByte(c)
		}
	}
	if f.Len() > 0 || row != nil {
		rows = append(rows, append(row, f.String()))
	}
	return padRows(rows, n)
}

// padRows gives every row at least n fields, adding empty ones.
func padRows(rows [][]string, n int) [][]string {
	for i, r := range rows {
		if len(r) < n {
			rows[i] = append(r, make([]string, n-len(r))...)
		}
	}
	return rows
}
