package evidence

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"reportengine/text"
)

// inDate reports whether the number at clause[start:end] is part of a date
// or a year (followed by 年/月/日/号, or a 4-digit number followed by - or /).
func inDate(clause string, start, end int) bool {
	rest := clause[end:]
	if text.FirstPrefix(rest, []string{"年", "月", "日", "号", "时", "点", "分"}) != "" {
		return true
	}
	if end-start == 4 && (strings.HasPrefix(rest, "-") || strings.HasPrefix(rest, "/")) {
		return true
	}
	if start > 0 {
		prev, _ := utf8.DecodeLastRuneInString(clause[:start])
		if prev == '-' || prev == '/' || prev == '年' || prev == '月' {
			return true
		}
	}
	return false
}

func dateValue(iso string) float64 {
	v, _ := strconv.ParseFloat(strings.ReplaceAll(strings.TrimPrefix(iso, "--"), "-", ""), 64)
	return v
}
