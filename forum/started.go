package forum

import (
	"regexp"
	"time"
)

// startedRE finds the date and time in a monitor banner such as
// "=== ForumEngine 监控开始 - 2025-08-27 12:11:56 ===".
var startedRE = regexp.MustCompile(`(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})`)

// Started returns the date and time the log says the monitor started: the
// first "YYYY-MM-DD HH:MM:SS" in a SYSTEM entry (the ForumEngine banner
// "=== ForumEngine 监控开始 - 2025-08-27 12:11:56 ===" is the log's first
// line), as a time in UTC with no zone meant (BettaFish writes local
// time). ok is false when no SYSTEM entry holds a valid date and time; the
// log lines themselves carry only "HH:MM:SS".
func Started(entries []Entry) (t time.Time, ok bool) {
	for _, e := range entries {
		if e.Speaker != "SYSTEM" {
			continue
		}
		m := startedRE.FindStringSubmatch(e.Content)
		if m == nil {
			continue
		}
		if t, err := time.Parse("2006-01-02 15:04:05", m[1]+" "+m[2]); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}
