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
