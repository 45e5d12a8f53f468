package text

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// How often a question asks: the period a count of times is given per
// (ratePeriod) and 每 with its unit (everyUnit), never what is asked.

// ratePeriod reports whether w is a period (一个月, 一周, 每年:
// ratePeriods) that a count of times (几次, 几回, 多少趟) follows in its
// clause of q: the question asks how often, and the period is what the
// count is per, not a thing asked about ("一个月进几回货" was answered
// with "上线第一个月…", the one text holding 一个月; heldout66).
func ratePeriod(q, w string) bool {
	if !ratePeriods[w] {
		return false
	}
	for rest := q; ; {
		i := strings.Index(rest, w)
		if i < 0 {
			return false
		}
		rest = rest[i+len(w):]
		if timesAsked.MatchString(rest) {
			return true
		}
	}
}

// timesAsked matches a count of times asked for at the start of the rest
// of a clause (进几回, 大概去店里几次, 订多少次): at most 8 runes before it.
var timesAsked = regexp.MustCompile(`^[^，。？?！!；;,]{0,8}?(?:几|多少)[次回趟遍]`)

// ratePeriods are the periods a count of times is given per (ratePeriod).
var ratePeriods = fieldSet("一天 一日 一周 一个月 一月 一年 一星期 一礼拜 一个星期 一个礼拜 一季度 一个季度 每天 每日 每周 每月 每个月 每年 每星期 每个星期 每礼拜 每季度")

// everyUnit reports whether w is 每 and the unit it distributes over (每年,
// 每月, 每个月, 每杯): how often or how much apiece, never the thing a
// question asks for ("跟学校附近比每年能省多少钱？" asks what is saved; the
// texts state it per month, 每月少付五千元: new-user trial 37).
func everyUnit(w string) bool {
	return strings.HasPrefix(w, "每") && utf8.RuneCountInString(w) <= 3
}
