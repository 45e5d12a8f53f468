package forum

import (
	"strings"
	"testing"
	"time"
)

// Started reads the monitor banner's date and time; logs without a SYSTEM
// entry holding one give ok false.
func TestStarted(t *testing.T) {
	tests := []struct {
		name, log string
		want      time.Time
		ok        bool
	}{
		{"banner", "[12:11:56] [SYSTEM] === ForumEngine 监控开始 - 2025-08-27 12:11:56 ===\n[12:12:37] [QUERY] 文本\n",
			time.Date(2025, 8, 27, 12, 11, 56, 0, time.UTC), true},
		{"banner without speaker", "[09:00:00] === ForumEngine 监控开始 - 2025-01-01 09:00:00 ===\n", time.Date(2025, 1, 1, 9, 0, 0, 0, time.UTC), true},
		{"date in an engine's text only", "[12:12:37] [QUERY] 2023-07-01 12:00:00 发生的事件\n", time.Time{}, false},
		{"no date", "[12:12:37] [SYSTEM] 开始\n", time.Time{}, false},
		{"invalid date", "[12:12:37] [SYSTEM] 2025-13-40 12:00:00\n", time.Time{}, false},
		{"empty", "", time.Time{}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			entries, _, err := Parse(strings.NewReader(tt.log))
			if err != nil {
				t.Fatal(err)
			}
			got, ok := Started(entries)
			if ok != tt.ok || !got.Equal(tt.want) {
				t.Errorf("Started = %v, %v; want %v, %v", got, ok, tt.want, tt.ok)
			}
		})
	}
}
