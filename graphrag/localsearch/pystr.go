package localsearch

import (
	"strings"

	"reportengine/graphrag/knowledge"
)

// PyFloat renders f as Python's str(float) (reference §Conventions):
// knowledge.PyFloat, the one implementation the loaders use too.
func PyFloat(f float64) string { return knowledge.PyFloat(f) }

// csvField quotes one field the way pandas DataFrame.to_csv (QUOTE_MINIMAL,
// quotechar '"', CPython ≥ 3.12 csv module) does: the field is wrapped in
// double quotes iff it contains the delimiter, '"', '\n' or '\r', and inner
// quotes are doubled. Leading or trailing spaces are NOT a reason to quote
// (Go's encoding/csv would quote them, which is why this writer exists).
func csvField(s, delim string) string {
	if !strings.Contains(s, delim) && !strings.ContainsAny(s, "\"\n\r") {
		return s
	}
	return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
}

// csvRow renders one CSV line (reference §3.9.2), ending in "\n". A row of
// one empty field renders as `""`, as Python's csv writer does.
func csvRow(b *strings.Builder, fields []string, delim string) {
	if len(fields) == 1 && fields[0] == "" {
		b.WriteString(`""` + "\n")
		return
	}
	for i, f := range fields {
		if i > 0 {
			b.WriteString(delim)
		}
		b.WriteString(csvField(f, delim))
	}
	b.WriteByte('\n')
}

// csvTable renders a header line and rows as pandas to_csv(sep=delim,
// index=False) does.
func csvTable(header []string, rows [][]string, delim string) string {
	var b strings.Builder
	csvRow(&b, header, delim)
	for _, r := range rows {
		csvRow(&b, r, delim)
	}
	return b.String()
}
