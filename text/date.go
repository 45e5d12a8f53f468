package text

import "fmt"

// FindDate finds the first date in clause: 2025年8月25日, 2025年8月,
// 8月25日, 2025-08-25 or 2025/08/25. It returns an ISO date (YYYY-MM-DD,
// YYYY-MM, or --MM-DD without a year) and the text as written.
func FindDate(clause string) (iso, raw string, ok bool) {
	rs := []rune(clause)
	num := func(i int) (int, int) { // value, end index
		v, j := 0, i
		for j < len(rs) && j-i < 4 && isASCIIDigit(rs[j]) {
			v = v*10 + int(rs[j]-'0')
			j++
		}
		return v, j
	}
	for i := 0; i < len(rs); i++ {
		if !isASCIIDigit(rs[i]) || (i > 0 && isASCIIDigit(rs[i-1])) {
			continue
		}
		v, j := num(i)
		n := j - i
		if n == 4 && j < len(rs) && (rs[j] == '年' || rs[j] == '-' || rs[j] == '/') {
			sep := rs[j]
			m, k := num(j + 1)
			if k == j+1 || m < 1 || m > 12 {
				continue
			}
			if sep == '年' {
				if k < len(rs) && rs[k] == '月' {
					d, l := num(k + 1)
					if l > k+1 && l < len(rs) && (rs[l] == '日' || rs[l] == '号') && d >= 1 && d <= 31 {
						return fmt.Sprintf("%04d-%02d-%02d", v, m, d), string(rs[i : l+1]), true
					}
					return fmt.Sprintf("%04d-%02d", v, m), string(rs[i : k+1]), true
				}
				continue
			}
			if k < len(rs) && rs[k] == sep {
				d, l := num(k + 1)
				if l > k+1 && d >= 1 && d <= 31 {
					return fmt.Sprintf("%04d-%02d-%02d", v, m, d), string(rs[i:l]), true
				}
			}
			continue
		}
		if n <= 2 && j < len(rs) && rs[j] == '月' && v >= 1 && v <= 12 {
			d, l := num(j + 1)
			if l > j+1 && l < len(rs) && (rs[l] == '日' || rs[l] == '号') && d >= 1 && d <= 31 {
				return fmt.Sprintf("--%02d-%02d", v, d), string(rs[i : l+1]), true
			}
		}
	}
	return "", "", false
}

// isASCIIDigit reports whether r is 0–9.
func isASCIIDigit(r rune) bool { return r >= '0' && r <= '9' }
