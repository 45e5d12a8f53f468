package knowledge

import (
	"math"
	"strconv"
	"strings"
)

// PyFloat renders f as Python's repr(float) does (what the reference prints
// with str()): the shortest digits that round-trip, always with a decimal
// point for whole numbers ("17.0"), exponent form below 1e-4 or from 1e16 on
// ("1e-05", "1e+16"), "inf", "-inf", "nan".
func PyFloat(f float64) string {
	switch {
	case math.IsNaN(f):
		return "nan"
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	}
	e := strconv.FormatFloat(f, 'e', -1, 64)
	i := strings.LastIndexByte(e, 'e')
	exp, _ := strconv.Atoi(e[i+1:])
	if exp < -4 || exp >= 16 {
		return e
	}
	s := strconv.FormatFloat(f, 'f', -1, 64)
	if !strings.ContainsAny(s, ".") {
		s += ".0"
	}
	return s
}

// PandasCSV renders a table as pandas' DataFrame.to_csv(sep=delim,
// index=False) does (reference msgraphrag-local-search.md §3.9.2; the
// context tables of local and global search): the header line, then one
// line per row, each ending in "\n". A field is wrapped in double quotes,
// its inner quotes doubled, iff it holds delim, '"', '\n' or '\r'
// (QUOTE_MINIMAL, CPython ≥ 3.12's csv module); leading or trailing spaces
// are not a reason to quote (Go's encoding/csv would quote them, which is
// why this writer exists). A row of one empty field renders as `""`, as
// Python's csv writer does. Never fails.
func PandasCSV(header []string, rows [][]string, delim string) string {
	var b strings.Builder
	csvRow(&b, header, delim)
	for _, r := range rows {
		csvRow(&b, r, delim)
	}
	return b.String()
}

// csvRow writes one line of PandasCSV.
func csvRow(b *strings.Builder, fields []string, delim string) {
	if len(fields) == 1 && fields[0] == "" {
		b.WriteString(`""` + "\n")
		return
	}
	for i, f := range fields {
		if i > 0 {
			b.WriteString(delim)
		}
		if strings.Contains(f, delim) || strings.ContainsAny(f, "\"\n\r") {
			f = `"` + strings.ReplaceAll(f, `"`, `""`) + `"`
		}
		b.WriteString(f)
	}
	b.WriteByte('\n')
}
