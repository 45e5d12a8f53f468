package localsearch

import (
	"math"
	"strconv"
	"strings"
)

// PyFloat renders f as Python's str(float) does (reference §Conventions
// "pystr"): the shortest representation that round-trips, always with a
// fractional part or an exponent, so 17 → "17.0", 8.5 → "8.5",
// 0.00001 → "1e-05", 1e16 → "1e+16", 1e22 → "1e+22", 123456789012345.0 →
// "123456789012345.0". Python switches to exponent notation when the
// decimal exponent is < -4 or ≥ 16; the exponent has at least two digits
// and a sign. NaN and infinities render as "nan", "inf", "-inf".
func PyFloat(f float64) string {
	switch {
	case math.IsNaN(f):
		return "nan"
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	}
	if f == 0 {
		if math.Signbit(f) {
			return "-0.0"
		}
		return "0.0"
	}
	// Shortest round-trip digits and decimal exponent.
	e := strconv.FormatFloat(f, 'e', -1, 64) // "-1.2345e+06"
	neg := e[0] == '-'
	if neg {
		e = e[1:]
	}
	mant, exps, _ := strings.Cut(e, "e")
	exp, _ := strconv.Atoi(exps)
	digits := strings.Replace(mant, ".", "", 1)
	var out string
	if exp < -4 || exp >= 16 {
		m := digits[:1]
		if len(digits) > 1 {
			m += "." + digits[1:]
		}
		sign := "+"
		if exp < 0 {
			sign, exp = "-", -exp
		}
		es := strconv.Itoa(exp)
		if len(es) < 2 {
			es = "0" + es
		}
		out = m + "e" + sign + es
	} else if exp < 0 {
		out = "0." + strings.Repeat("0", -exp-1) + digits
	} else if len(digits) <= exp+1 {
		out = digits + strings.Repeat("0", exp+1-len(digits)) + ".0"
	} else {
		out = digits[:exp+1] + "." + digits[exp+1:]
	}
	if neg {
		out = "-" + out
	}
	return out
}

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
