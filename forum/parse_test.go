package forum

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"
	"unicode"
	"unicode/utf8"
)

// fixturePath is the real BettaFish forum log, read in place from the
// shared fixtures next to the project root.
const fixturePath = "../../shared/fixtures/bettafish/logs/forum.log"

func readFixture(tb testing.TB) []byte {
	tb.Helper()
	data, err := os.ReadFile(fixturePath)
	if errors.Is(err, fs.ErrNotExist) {
		tb.Skipf("fixture not available: %v", err)
	}
	if err != nil {
		tb.Fatalf("read fixture: %v", err)
	}
	return data
}

func parseString(t *testing.T, in string) ([]Entry, []Warning) {
	t.Helper()
	entries, warnings, err := Parse(strings.NewReader(in))
	if err != nil {
		t.Fatalf("Parse: unexpected error %v", err)
	}
	return entries, warnings
}

// B11: a line without speaker, an escaped \r\n and an unknown speaker.
func TestParseB11(t *testing.T) {
	in := "[09:00:00] === ForumEngine 监控开始 - 2025-01-01 09:00:00 ===\n" +
		`[09:01:15] [QUERY] 第一行\r\n第二行` + "\n" +
		"[09:01:20] [ROBOT] 未知来源的内容\n"
	entries, warnings := parseString(t, in)

	want := []Entry{
		{Line: 1, Time: "09:00:00", Seconds: 32400, Speaker: "SYSTEM", Content: "=== ForumEngine 监控开始 - 2025-01-01 09:00:00 ===", Known: true},
		{Line: 2, Time: "09:01:15", Seconds: 32475, Speaker: "QUERY", Content: "第一行\n第二行", Known: true},
		{Line: 3, Time: "09:01:20", Seconds: 32480, Speaker: "ROBOT", Content: "未知来源的内容", Known: false},
	}
	if len(entries) != len(want) {
		t.Fatalf("got %d entries, want %d: %+v", len(entries), len(want), entries)
	}
	for i := range want {
		if !reflect.DeepEqual(entries[i], want[i]) {
			t.Errorf("entry %d:\n got %+v\nwant %+v", i, entries[i], want[i])
		}
	}
	if strings.Count(entries[1].Content, "\n") != 1 {
		t.Errorf("QUERY content %q: want exactly one LF", entries[1].Content)
	}
	if strings.ContainsAny(entries[1].Content, "\r\\") {
		t.Errorf("QUERY content %q: contains CR or backslash", entries[1].Content)
	}
	if entries[0].IsEngine() {
		t.Errorf("SYSTEM entry counted as engine speech")
	}
	if entries[2].IsEngine() {
		t.Errorf("ROBOT entry counted as engine speech")
	}

	wantWarnings := []Warning{{Line: 3, Msg: `unknown speaker "ROBOT"`}}
	if !reflect.DeepEqual(warnings, wantWarnings) {
		t.Errorf("warnings:\n got %+v\nwant %+v", warnings, wantWarnings)
	}
	if len(warnings) == 1 && warnings[0].String() != `line 3: unknown speaker "ROBOT"` {
		t.Errorf("warning text %q", warnings[0].String())
	}
}

// B12: a record spanning several physical lines.
func TestParseB12(t *testing.T) {
	in := "[10:00:01] [MEDIA] 抖音相关视频播放量突破一亿\n" +
		"主要传播节点为三个头部账号\n" +
		"[附] 部分视频已被平台限流\n" +
		"[10:00:09] [QUERY] 官方通报发布于昨晚\n"
	entries, warnings := parseString(t, in)

	want := []Entry{
		{Line: 1, Time: "10:00:01", Seconds: 36001, Speaker: "MEDIA", Content: "抖音相关视频播放量突破一亿\n主要传播节点为三个头部账号\n[附] 部分视频已被平台限流", Known: true},
		{Line: 4, Time: "10:00:09", Seconds: 36009, Speaker: "QUERY", Content: "官方通报发布于昨晚", Known: true},
	}
	if len(entries) != len(want) {
		t.Fatalf("got %d entries, want %d: %+v", len(entries), len(want), entries)
	}
	for i := range want {
		if !reflect.DeepEqual(entries[i], want[i]) {
			t.Errorf("entry %d:\n got %+v\nwant %+v", i, entries[i], want[i])
		}
	}
	if len(warnings) != 0 {
		t.Errorf("want no warnings, got %+v", warnings)
	}
}

func TestParseHeader(t *testing.T) {
	tests := []struct {
		name    string
		line    string
		speaker string
		session string
		content string
		known   bool
		seconds int
	}{
		{"plain", "[12:00:00] [QUERY] text", "QUERY", "", "text", true, 43200},
		{"no space after time", "[12:00:00][MEDIA] text", "MEDIA", "", "text", true, 43200},
		{"tab and no space before content", "[12:00:00]\t[HOST]text", "HOST", "", "text", true, 43200},
		{"lower case speaker", "[12:00:00] [insight] x", "INSIGHT", "", "x", true, 43200},
		{"explicit system", "[12:00:00] [SYSTEM] === end ===", "SYSTEM", "", "=== end ===", true, 43200},
		{"no speaker", "[12:00:00] === banner ===", "SYSTEM", "", "=== banner ===", true, 43200},
		{"bracket not a word", "[12:00:00] [附] 部分视频", "SYSTEM", "", "[附] 部分视频", true, 43200},
		{"bracket digits", "[12:00:00] [1] 引用", "SYSTEM", "", "[1] 引用", true, 43200},
		{"unknown underscore word", "[12:00:00] [_bot2] x", "_BOT2", "", "x", false, 43200},
		{"empty content", "[12:00:00] [QUERY]", "QUERY", "", "", true, 43200},
		{"nothing after time", "[12:00:00]   ", "SYSTEM", "", "", true, 43200},
		{"midnight", "[00:00:00] [QUERY] a", "QUERY", "", "a", true, 0},
		{"last second", "[23:59:59] [QUERY] a", "QUERY", "", "a", true, 86399},
		{"surrounding space trimmed", "[01:02:03] [QUERY]    a b  \t", "QUERY", "", "a b", true, 3723},
		{"unclosed speaker", "[12:00:00] [QUERY text", "SYSTEM", "", "[QUERY text", true, 43200},
		{"empty colon session", "[12:00:00] [QUERY:] x", "SYSTEM", "", "[QUERY:] x", true, 43200},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			entries, _ := parseString(t, tt.line)
			if len(entries) != 1 {
				t.Fatalf("got %d entries, want 1: %+v", len(entries), entries)
			}
			e := entries[0]
			if e.Speaker != tt.speaker {
				t.Errorf("Speaker = %q, want %q", e.Speaker, tt.speaker)
			}
			if e.Session != tt.session {
				t.Errorf("Session = %q, want %q", e.Session, tt.session)
			}
			if e.Content != tt.content {
				t.Errorf("Content = %q, want %q", e.Content, tt.content)
			}
			if e.Known != tt.known {
				t.Errorf("Known = %v, want %v", e.Known, tt.known)
			}
			if e.Seconds != tt.seconds {
				t.Errorf("Seconds = %d, want %d", e.Seconds, tt.seconds)
			}
			if e.Line != 1 {
				t.Errorf("Line = %d, want 1", e.Line)
			}
		})
	}
}

// B10, the field case as written: the writer's three-tag lines with an
// 8-hex-digit search session id.
func TestParseB10(t *testing.T) {
	log := "[14:02:11] [SYSTEM] [3f9a1c2e] === 搜索会话ID: 3f9a1c2e ===\n" +
		`[14:05:40] [INSIGHT] [3f9a1c2e] 微博讨论量过去24小时上升约三倍\n主要集中在晚间` + "\n" +
		"[14:06:02] [HOST] [3f9a1c2e] 请各位补充官方回应的时间线\n"
	entries, warnings := parseString(t, log)
	if len(warnings) != 0 {
		t.Errorf("warnings: %v", warnings)
	}
	if len(entries) != 3 {
		t.Fatalf("got %d entries, want 3: %+v", len(entries), entries)
	}
	want := Entry{Line: 2, Time: "14:05:40", Seconds: 14*3600 + 5*60 + 40, Speaker: "INSIGHT", Session: "3f9a1c2e",
		Content: "微博讨论量过去24小时上升约三倍\n主要集中在晚间", Known: true}
	if entries[1] != want {
		t.Errorf("record 2 = %+v\nwant       %+v", entries[1], want)
	}
	for i, e := range entries {
		if e.Session != "3f9a1c2e" || strings.Contains(e.Content, "[3f9a1c2e]") {
			t.Errorf("record %d: session %q, content %q", i+1, e.Session, e.Content)
		}
	}
	entries, _ = parseString(t, "[14:07:00] [MEDIA]  内容\n")
	if e := entries[0]; len(entries) != 1 || e.Speaker != "MEDIA" || e.Session != "" || e.Content != "内容" {
		t.Errorf("double-space record = %+v, want MEDIA, no session, content 内容", e)
	}
}

// B10: session tags after the speaker.
func TestParseSessionTags(t *testing.T) {
	tests := []struct {
		name    string
		line    string
		speaker string
		session string
		content string
	}{
		// Tags that are sessions.
		{"session dash", "[QUERY] [session-2] text", "QUERY", "session-2", "text"},
		{"sid equals", "[QUERY] [sid=ab12] text", "QUERY", "sid=ab12", "text"},
		{"S digits", "[QUERY] [S3] text", "QUERY", "S3", "text"},
		{"lower s digits no space", "[QUERY][s12]text", "QUERY", "s12", "text"},
		{"hash", "[QUERY] [#r7] text", "QUERY", "#r7", "text"},
		{"colon form", "[QUERY:session-2] text", "QUERY", "session-2", "text"},
		{"at form", "[QUERY@session-2] text", "QUERY", "session-2", "text"},
		{"colon form sid", "[media:sid=ab12] text", "MEDIA", "sid=ab12", "text"},
		{"mixed case keyword underscore", "[QUERY] [Session_9] x", "QUERY", "Session_9", "x"},
		{"sess colon dotted", "[QUERY]\t[SESS:a.b] x", "QUERY", "SESS:a.b", "x"},
		{"keyword then digit", "[QUERY] [session2] x", "QUERY", "session2", "x"},
		{"sid hash", "[HOST] [sid#7] x", "HOST", "sid#7", "x"},
		{"keyword digit then letters", "[QUERY] [sid7a] x", "QUERY", "sid7a", "x"},
		{"unknown speaker keeps session", "[ROBOT] [S1] x", "ROBOT", "S1", "x"},
		{"only one session tag", "[QUERY] [session-2] [S3] x", "QUERY", "session-2", "[S3] x"},
		{"colon form then bracket", "[QUERY:session-2] [S3] x", "QUERY", "session-2", "[S3] x"},
		{"session only", "[QUERY] [S3]", "QUERY", "S3", ""},
		{"hex id", "[INSIGHT] [3f9a1c2e] x", "INSIGHT", "3f9a1c2e", "x"},
		{"hex id upper", "[INSIGHT] [3F9A1C2E] x", "INSIGHT", "3F9A1C2E", "x"},
		{"hex 32", "[QUERY] [0b8f6c2e1d3a4f5b9c7e2a4d6e8f0a1b] x", "QUERY", "0b8f6c2e1d3a4f5b9c7e2a4d6e8f0a1b", "x"},
		{"uuid", "[QUERY] [0b8f6c2e-1d3a-4f5b-9c7e-2a4d6e8f0a1b] x", "QUERY", "0b8f6c2e-1d3a-4f5b-9c7e-2a4d6e8f0a1b", "x"},
		{"double space, no session", "[MEDIA]  内容", "MEDIA", "", "内容"},
		// Brackets that are content.
		{"chinese bracket", "[QUERY] [附] 部分视频", "QUERY", "", "[附] 部分视频"},
		{"numbered reference", "[QUERY] [1] 引用", "QUERY", "", "[1] 引用"},
		{"note", "[QUERY] [Note] x", "QUERY", "", "[Note] x"},
		{"sidebar", "[QUERY] [sidebar] x", "QUERY", "", "[sidebar] x"},
		{"bare keyword", "[QUERY] [session] x", "QUERY", "", "[session] x"},
		{"separator without id", "[QUERY] [session-] x", "QUERY", "", "[session-] x"},
		{"keyword then letter", "[QUERY] [sessionA] x", "QUERY", "", "[sessionA] x"},
		{"S digits letter", "[QUERY] [S3a] x", "QUERY", "", "[S3a] x"},
		{"bare S", "[QUERY] [S] x", "QUERY", "", "[S] x"},
		{"bare hash", "[QUERY] [#] x", "QUERY", "", "[#] x"},
		{"space inside", "[QUERY] [session 2] x", "QUERY", "", "[session 2] x"},
		{"unclosed", "[QUERY] [S3 x", "QUERY", "", "[S3 x"},
		{"not right after speaker", "[QUERY] x [S3]", "QUERY", "", "x [S3]"},
		{"chinese id", "[QUERY] [#第二轮] x", "QUERY", "", "[#第二轮] x"},
		{"seven hex digits", "[QUERY] [3f9a1c2] x", "QUERY", "", "[3f9a1c2] x"},
		{"not hex", "[QUERY] [3f9a1c2g] x", "QUERY", "", "[3f9a1c2g] x"},
		{"33 hex digits", "[QUERY] [0b8f6c2e1d3a4f5b9c7e2a4d6e8f0a1b2] x", "QUERY", "", "[0b8f6c2e1d3a4f5b9c7e2a4d6e8f0a1b2] x"},
		{"uuid misplaced dash", "[QUERY] [0b8f6c2e1-d3a-4f5b-9c7e-2a4d6e8f0a1b] x", "QUERY", "", "[0b8f6c2e1-d3a-4f5b-9c7e-2a4d6e8f0a1b] x"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			entries, _ := parseString(t, "[08:00:00] "+tt.line+"\n")
			if len(entries) != 1 {
				t.Fatalf("got %d entries, want 1: %+v", len(entries), entries)
			}
			e := entries[0]
			if e.Speaker != tt.speaker {
				t.Errorf("Speaker = %q, want %q", e.Speaker, tt.speaker)
			}
			if e.Session != tt.session {
				t.Errorf("Session = %q, want %q", e.Session, tt.session)
			}
			if e.Content != tt.content {
				t.Errorf("Content = %q, want %q", e.Content, tt.content)
			}
		})
	}
}

func TestParseEscapes(t *testing.T) {
	tests := []struct {
		name    string
		raw     string // text after "[08:00:00] [QUERY] "
		content string
	}{
		{"escaped LF", `a\nb`, "a\nb"},
		{"escaped CRLF", `a\r\nb`, "a\nb"},
		{"escaped CR", `a\rb`, "a\nb"},
		{"escaped CR CRLF", `a\r\r\nb`, "a\n\nb"},
		{"escaped LF CR", `a\n\rb`, "a\n\nb"},
		{"two escaped LF", `a\n\nb`, "a\n\nb"},
		{"raw CR inside", "a\rb", "a\nb"},
		{"raw CR with escapes", "a\rb\\nc\\r\\nd\\x\\", "a\nb\nc\nd\\x\\"},
		{"other backslash kept", `C:\path\to`, `C:\path\to`},
		{"double backslash", `a\\nb`, "a\\\nb"},
		{"trailing backslash", `a\`, `a\`},
		{"leading and trailing escapes trimmed", `\n\r\n x \n`, "x"},
		{"backslash then r at end", `x\r`, "x"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			entries, _ := parseString(t, "[08:00:00] [QUERY] "+tt.raw+"\n")
			if len(entries) != 1 {
				t.Fatalf("got %d entries, want 1: %+v", len(entries), entries)
			}
			if got := entries[0].Content; got != tt.content {
				t.Errorf("Content = %q, want %q", got, tt.content)
			}
		})
	}
}

func TestParseContinuation(t *testing.T) {
	in := "[08:00:00] [QUERY] first\n" +
		"  indented\n" +
		"\n" +
		`escaped\nline` + "\n" +
		"{\"k\": 1}\n" +
		"\n" +
		"\n" +
		"[08:00:05] [MEDIA] second\n"
	entries, warnings := parseString(t, in)
	want := []Entry{
		{Line: 1, Time: "08:00:00", Seconds: 28800, Speaker: "QUERY", Content: "first\n  indented\n\nescaped\nline\n{\"k\": 1}", Known: true},
		{Line: 8, Time: "08:00:05", Seconds: 28805, Speaker: "MEDIA", Content: "second", Known: true},
	}
	if len(entries) != len(want) {
		t.Fatalf("got %d entries, want %d: %+v", len(entries), len(want), entries)
	}
	for i := range want {
		if !reflect.DeepEqual(entries[i], want[i]) {
			t.Errorf("entry %d:\n got %+v\nwant %+v", i, entries[i], want[i])
		}
	}
	if len(warnings) != 0 {
		t.Errorf("want no warnings, got %+v", warnings)
	}
}

func TestParseInvalidTimestamp(t *testing.T) {
	tests := []struct {
		name   string
		second string // the second physical line
		warn   bool   // an out-of-range warning on line 2
	}{
		{"hour 25 minute 61", "[25:61:00] [MEDIA] b", true},
		{"hour 24", "[24:00:00] [MEDIA] b", true},
		{"minute 60", "[23:60:00] [MEDIA] b", true},
		{"second 60", "[23:59:60] [MEDIA] b", true},
		{"letters", "[ab:cd:ef] [MEDIA] b", false},
		{"dot separator", "[09.00.00] [MEDIA] b", false},
		{"leading space", " [09:00:01] [MEDIA] b", false},
		{"fullwidth digits", "[０９:００:００] [MEDIA] b", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			entries, warnings := parseString(t, "[09:00:00] [QUERY] a\n"+tt.second+"\n")
			if len(entries) != 1 {
				t.Fatalf("got %d entries, want 1: %+v", len(entries), entries)
			}
			if want := "a\n" + tt.second; entries[0].Content != want {
				t.Errorf("Content = %q, want %q", entries[0].Content, want)
			}
			if entries[0].Speaker != "QUERY" {
				t.Errorf("Speaker = %q, want QUERY", entries[0].Speaker)
			}
			if tt.warn {
				want := []Warning{{Line: 2, Msg: "out-of-range timestamp " + tt.second[:10] + "; line taken as continuation text"}}
				if !reflect.DeepEqual(warnings, want) {
					t.Errorf("warnings:\n got %+v\nwant %+v", warnings, want)
				}
			} else if len(warnings) != 0 {
				t.Errorf("want no warnings, got %+v", warnings)
			}
		})
	}
}

func TestParseTextBeforeFirstTimestamp(t *testing.T) {
	in := "\n   \nhello\n\nworld\n[09:00:00] [QUERY] x\n"
	entries, warnings := parseString(t, in)
	want := []Entry{
		{Line: 3, Time: "", Seconds: -1, Speaker: "SYSTEM", Content: "hello\n\nworld", Known: true},
		{Line: 6, Time: "09:00:00", Seconds: 32400, Speaker: "QUERY", Content: "x", Known: true},
	}
	if len(entries) != len(want) {
		t.Fatalf("got %d entries, want %d: %+v", len(entries), len(want), entries)
	}
	for i := range want {
		if !reflect.DeepEqual(entries[i], want[i]) {
			t.Errorf("entry %d:\n got %+v\nwant %+v", i, entries[i], want[i])
		}
	}
	wantWarnings := []Warning{{Line: 3, Msg: "text before the first timestamped line; kept as a SYSTEM entry without time"}}
	if !reflect.DeepEqual(warnings, wantWarnings) {
		t.Errorf("warnings:\n got %+v\nwant %+v", warnings, wantWarnings)
	}
}

func TestParseEmptyInput(t *testing.T) {
	for _, in := range []string{"", "\n", "  \n\t\n", "\r\n", "\uFEFF", "\uFEFF\n\n"} {
		entries, warnings := parseString(t, in)
		if len(entries) != 0 {
			t.Errorf("Parse(%q): got entries %+v, want none", in, entries)
		}
		if len(warnings) != 0 {
			t.Errorf("Parse(%q): got warnings %+v, want none", in, warnings)
		}
	}
}

func TestParseCRLF(t *testing.T) {
	in := "\uFEFF[09:00:00] [QUERY] a  \r\n" +
		"续行\r\n" +
		"\r\n" +
		"末行\r\n" +
		"[09:00:01] [MEDIA] b\\r\\nc\r\n" +
		"\r\n"
	entries, warnings := parseString(t, in)
	want := []Entry{
		{Line: 1, Time: "09:00:00", Seconds: 32400, Speaker: "QUERY", Content: "a  \n续行\n\n末行", Known: true},
		{Line: 5, Time: "09:00:01", Seconds: 32401, Speaker: "MEDIA", Content: "b\nc", Known: true},
	}
	if len(entries) != len(want) {
		t.Fatalf("got %d entries, want %d: %+v", len(entries), len(want), entries)
	}
	for i := range want {
		if !reflect.DeepEqual(entries[i], want[i]) {
			t.Errorf("entry %d:\n got %+v\nwant %+v", i, entries[i], want[i])
		}
		if strings.Contains(entries[i].Content, "\r") {
			t.Errorf("entry %d: content %q has a CR", i, entries[i].Content)
		}
	}
	if len(warnings) != 0 {
		t.Errorf("want no warnings, got %+v", warnings)
	}
}

func TestParseInvalidUTF8(t *testing.T) {
	// two bad lines of five: a damaged UTF-8 file, not another encoding
	in := "[09:00:00] [QUERY] a\xffb\xfe\n" +
		"[09:00:01] [MEDIA] ok\n" +
		"\xc3续\n" +
		"[09:00:02] [INSIGHT] 好\n" +
		"[09:00:03] [HOST] 好\n"
	entries, warnings := parseString(t, in)
	want := []Entry{
		{Line: 1, Time: "09:00:00", Seconds: 32400, Speaker: "QUERY", Content: "a\uFFFDb\uFFFD", Known: true},
		{Line: 2, Time: "09:00:01", Seconds: 32401, Speaker: "MEDIA", Content: "ok\n\uFFFD续", Known: true},
		{Line: 4, Time: "09:00:02", Seconds: 32402, Speaker: "INSIGHT", Content: "好", Known: true},
		{Line: 5, Time: "09:00:03", Seconds: 32403, Speaker: "HOST", Content: "好", Known: true},
	}
	if len(entries) != len(want) {
		t.Fatalf("got %d entries, want %d: %+v", len(entries), len(want), entries)
	}
	for i := range want {
		if !reflect.DeepEqual(entries[i], want[i]) {
			t.Errorf("entry %d:\n got %+v\nwant %+v", i, entries[i], want[i])
		}
	}
	wantWarnings := []Warning{
		{Line: 1, Msg: "invalid UTF-8 replaced with U+FFFD"},
		{Line: 3, Msg: "invalid UTF-8 replaced with U+FFFD"},
	}
	if !reflect.DeepEqual(warnings, wantWarnings) {
		t.Errorf("warnings:\n got %+v\nwant %+v", warnings, wantWarnings)
	}
}

func TestParseLongLines(t *testing.T) {
	const size = 5 << 20
	body := strings.Repeat("舆情", size/6+1) // 6 bytes per repeat, just over 5 MB
	cont := strings.Repeat("x", size)
	in := "[09:00:00] [INSIGHT] " + body + "\n" +
		cont + "\n" +
		"[09:00:01] [QUERY] " + body // no final LF
	entries, warnings := parseString(t, in)
	if len(entries) != 2 {
		t.Fatalf("got %d entries, want 2", len(entries))
	}
	if entries[0].Content != body+"\n"+cont {
		t.Errorf("entry 0: content of %d bytes, want %d", len(entries[0].Content), len(body)+1+len(cont))
	}
	if entries[1].Content != body {
		t.Errorf("entry 1: content of %d bytes, want %d", len(entries[1].Content), len(body))
	}
	if entries[1].Line != 3 {
		t.Errorf("entry 1: Line = %d, want 3", entries[1].Line)
	}
	if len(warnings) != 0 {
		t.Errorf("want no warnings, got %+v", warnings)
	}
}

var errBoom = errors.New("boom")

func TestParseReadError(t *testing.T) {
	r := io.MultiReader(
		strings.NewReader("[09:00:00] [QUERY] a\n[09:00:01] [MEDIA] b\n"),
		iotest.ErrReader(errBoom),
	)
	entries, _, err := Parse(r)
	if !errors.Is(err, errBoom) {
		t.Fatalf("err = %v, want one wrapping errBoom", err)
	}
	if len(entries) != 2 {
		t.Errorf("got %d entries before the error, want 2: %+v", len(entries), entries)
	}
}

func TestParseFileErrors(t *testing.T) {
	path := filepath.Join(t.TempDir(), "missing.log")
	_, _, err := ParseFile(path)
	if !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("err = %v, want fs.ErrNotExist", err)
	}
	var pe *fs.PathError
	if !errors.As(err, &pe) {
		t.Errorf("err = %v, want an *fs.PathError inside", err)
	}
	if err != nil && !strings.Contains(err.Error(), path) {
		t.Errorf("err %q does not name the file", err)
	}

	dir := t.TempDir()
	_, _, err = ParseFile(dir) // opening works, reading a directory fails
	if err == nil {
		t.Errorf("ParseFile(directory): want an error")
	} else if !strings.Contains(err.Error(), dir) {
		t.Errorf("err %q does not name the directory", err)
	}
}

func TestParseFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "forum.log")
	if err := os.WriteFile(path, []byte("[09:00:00] [HOST] 主持人发言\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	entries, warnings, err := ParseFile(path)
	if err != nil {
		t.Fatalf("ParseFile: %v", err)
	}
	want := []Entry{{Line: 1, Time: "09:00:00", Seconds: 32400, Speaker: "HOST", Content: "主持人发言", Known: true}}
	if !reflect.DeepEqual(entries, want) {
		t.Errorf("entries:\n got %+v\nwant %+v", entries, want)
	}
	if !entries[0].IsHost() {
		t.Errorf("IsHost() = false for a HOST entry")
	}
	if len(warnings) != 0 {
		t.Errorf("want no warnings, got %+v", warnings)
	}
}

// fixtureLine is this test's own reading of a well-formed fixture line.
var fixtureLine = regexp.MustCompile(`^\[(\d{2}):(\d{2}):(\d{2})\] \[([A-Z]+)\] (.*)$`)

// decodeEscapes is the test's own un-escaping, independent of the parser's.
var decodeEscapes = strings.NewReplacer(`\r\n`, "\n", `\n`, "\n", `\r`, "\n")

func TestParseFixture(t *testing.T) {
	data := readFixture(t)
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	if len(lines) != 45 {
		t.Fatalf("fixture has %d lines, want 45", len(lines))
	}
	counts := map[string]int{}
	for i, l := range lines {
		m := fixtureLine.FindStringSubmatch(l)
		if m == nil {
			t.Fatalf("fixture line %d does not match the test's regexp", i+1)
		}
		counts[m[4]]++
	}
	wantCounts := map[string]int{"SYSTEM": 1, "QUERY": 15, "MEDIA": 15, "INSIGHT": 14}
	if !reflect.DeepEqual(counts, wantCounts) {
		t.Fatalf("fixture speaker counts %v, want %v", counts, wantCounts)
	}

	entries, warnings, err := ParseFile(fixturePath)
	if err != nil {
		t.Fatalf("ParseFile: %v", err)
	}
	if len(warnings) != 0 {
		t.Errorf("want no warnings, got %+v", warnings)
	}
	if len(entries) != 45 {
		t.Fatalf("got %d entries, want 45", len(entries))
	}
	got := map[string]int{}
	for _, e := range entries {
		got[e.Speaker]++
	}
	if !reflect.DeepEqual(got, wantCounts) {
		t.Errorf("parsed speaker counts %v, want %v", got, wantCounts)
	}

	first := entries[0]
	if first.Speaker != "SYSTEM" || first.Time != "12:11:56" || first.Seconds != 12*3600+11*60+56 {
		t.Errorf("first entry = %+v, want SYSTEM at 12:11:56", first)
	}
	if first.Content != "=== ForumEngine 监控开始 - 2025-08-27 12:11:56 ===" {
		t.Errorf("first entry content = %q", first.Content)
	}

	for i, l := range lines {
		m := fixtureLine.FindStringSubmatch(l)
		e := entries[i]
		if e.Line != i+1 {
			t.Errorf("entry %d: Line = %d, want %d", i, e.Line, i+1)
		}
		if want := m[1] + ":" + m[2] + ":" + m[3]; e.Time != want {
			t.Errorf("entry %d: Time = %q, want %q", i, e.Time, want)
		}
		h, _ := strconv.Atoi(m[1])
		mi, _ := strconv.Atoi(m[2])
		s, _ := strconv.Atoi(m[3])
		if want := h*3600 + mi*60 + s; e.Seconds != want {
			t.Errorf("entry %d: Seconds = %d, want %d", i, e.Seconds, want)
		}
		if e.Speaker != m[4] {
			t.Errorf("entry %d: Speaker = %q, want %q", i, e.Speaker, m[4])
		}
		if !e.Known {
			t.Errorf("entry %d: Known = false", i)
		}
		if e.Session != "" {
			t.Errorf("entry %d: Session = %q, want none", i, e.Session)
		}
		if want := strings.TrimSpace(decodeEscapes.Replace(m[5])); e.Content != want {
			t.Errorf("entry %d: content differs from the raw line (%d vs %d bytes)", i, len(e.Content), len(want))
		}
	}
}

// The result must not depend on how the reader splits its data.
func TestParseReaderChunking(t *testing.T) {
	data := readFixture(t)
	want, wantWarnings, err := Parse(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	readers := map[string]io.Reader{
		"one byte": iotest.OneByteReader(bytes.NewReader(data)),
		"half":     iotest.HalfReader(bytes.NewReader(data)),
		"data+EOF": iotest.DataErrReader(bytes.NewReader(data)),
	}
	for name, r := range readers {
		got, gotWarnings, err := Parse(r)
		if err != nil {
			t.Errorf("%s: Parse: %v", name, err)
			continue
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: entries differ from a whole-buffer parse", name)
		}
		if !reflect.DeepEqual(gotWarnings, wantWarnings) {
			t.Errorf("%s: warnings %+v, want %+v", name, gotWarnings, wantWarnings)
		}
	}
}

func FuzzParse(f *testing.F) {
	seeds := []string{
		"",
		"[09:00:00] === ForumEngine 监控开始 - 2025-01-01 09:00:00 ===\n[09:01:15] [QUERY] 第一行\\r\\n第二行\n[09:01:20] [ROBOT] 未知来源的内容\n",
		"[10:00:01] [MEDIA] 抖音相关视频播放量突破一亿\n主要传播节点为三个头部账号\n[附] 部分视频已被平台限流\n[10:00:09] [QUERY] 官方通报发布于昨晚\n",
		"[QUERY:session-2] x\n[08:00:00] [QUERY@r7] [S3] y\r\n",
		"pre\n[25:61:00] z\n\xff\xfe\n[23:59:59] [sid] \\r\\n\\",
		"\uFEFF[00:00:00]\u3000[HOST]\u00a0a\u0085\n",
	}
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		entries, warnings, err := Parse(bytes.NewReader(data))

		nonBlank := false
		blankless, bad := 0, 0 // non-blank lines, and those not UTF-8
		lines := bytes.Split(data, []byte{'\n'})
		for i, l := range lines {
			if i == 0 {
				l = bytes.TrimPrefix(l, []byte("\uFEFF"))
			}
			if len(bytes.TrimSpace(l)) > 0 {
				nonBlank = true
				blankless++
				if !utf8.Valid(l) {
					bad++
				}
			}
		}
		// The one error a reader that does not fail can give: a log in
		// another encoding, more than half of its non-blank lines not
		// UTF-8, returned with the entries as read.
		if err != nil && (!errors.Is(err, ErrNotUTF8) || 2*bad <= blankless) {
			t.Fatalf("Parse: %v (%d of %d non-blank lines not UTF-8)", err, bad, blankless)
		}
		if err == nil && 2*bad > blankless {
			t.Fatalf("Parse took a log with %d of %d non-blank lines not UTF-8", bad, blankless)
		}
		if nonBlank && len(entries) == 0 {
			t.Fatalf("input has a non-blank line but no entries")
		}

		prevLine := 0
		for i, e := range entries {
			if e.Line <= prevLine || e.Line > len(lines) {
				t.Fatalf("entry %d: Line %d after %d (input has %d lines)", i, e.Line, prevLine, len(lines))
			}
			prevLine = e.Line
			if (e.Time == "") != (e.Seconds == -1) {
				t.Fatalf("entry %d: Time %q with Seconds %d", i, e.Time, e.Seconds)
			}
			if e.Seconds < -1 || e.Seconds >= 86400 {
				t.Fatalf("entry %d: Seconds %d out of range", i, e.Seconds)
			}
			if e.Speaker == "" {
				t.Fatalf("entry %d: empty speaker", i)
			}
			if e.Known != isKnownSpeaker(e.Speaker) {
				t.Fatalf("entry %d: Known %v for speaker %q", i, e.Known, e.Speaker)
			}
			if !utf8.ValidString(e.Content) {
				t.Fatalf("entry %d: content is not valid UTF-8", i)
			}
			if strings.Contains(e.Content, "\r") {
				t.Fatalf("entry %d: content has a CR", i)
			}
			if strings.TrimSpace(e.Content) != e.Content {
				t.Fatalf("entry %d: content not trimmed: %q", i, e.Content)
			}
		}
		prevLine = 0
		for _, w := range warnings {
			if w.Line < prevLine || w.Line < 1 || w.Line > len(lines) {
				t.Fatalf("warning %+v out of order or range", w)
			}
			prevLine = w.Line
		}

		// Tags, timestamps and escapes are ASCII and trimming removes only
		// white space, so every other non-ASCII rune of the input must be
		// found in the contents, as often as in the input.
		want := map[rune]int{}
		for _, r := range string(bytes.ToValidUTF8(data, nil)) {
			if r >= utf8.RuneSelf && r != '\uFEFF' && !unicode.IsSpace(r) {
				want[r]++
			}
		}
		// bytes.ToValidUTF8 folds a run of bad bytes into one U+FFFD, the
		// parser writes one per byte; count U+FFFD the parser's way, and
		// one for each control character it replaces (C0 but tab, CR and
		// LF; DEL)
		delete(want, utf8.RuneError)
		wantBad := 0
		for rest := data; len(rest) > 0; {
			r, size := utf8.DecodeRune(rest)
			if r == utf8.RuneError || r < 0x20 && r != '\t' && r != '\r' && r != '\n' || r == 0x7f {
				wantBad++
			}
			rest = rest[size:]
		}
		got := map[rune]int{}
		gotBad := 0
		for _, e := range entries {
			for _, r := range e.Content {
				switch {
				case r == utf8.RuneError:
					gotBad++
				case r >= utf8.RuneSelf && r != '\uFEFF' && !unicode.IsSpace(r):
					got[r]++
				}
			}
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("non-ASCII runes lost or added: got %v, want %v", got, want)
		}
		if gotBad != wantBad {
			t.Fatalf("got %d U+FFFD in contents, want %d", gotBad, wantBad)
		}
	})
}

func BenchmarkParse(b *testing.B) {
	data := readFixture(b)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		entries, _, err := Parse(bytes.NewReader(data))
		if err != nil || len(entries) != 45 {
			b.Fatalf("Parse: %d entries, err %v", len(entries), err)
		}
	}
}

// A timestamp with one-digit groups is continuation text, with a warning.
func TestLooseTimestampWarns(t *testing.T) {
	entries, warnings, err := Parse(strings.NewReader("[10:00:00] [QUERY] a\n[1:02:03] [INSIGHT] b\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 || entries[0].Content != "a\n[1:02:03] [INSIGHT] b" {
		t.Errorf("entries: %+v", entries)
	}
	if len(warnings) != 1 || warnings[0].Line != 2 || !strings.Contains(warnings[0].Msg, "[1:02:03]") {
		t.Errorf("warnings: %+v", warnings)
	}
}

// A damaged header (its closing bracket or its seconds missing) is
// continuation text with a warning naming its line (the new-user trial:
// "[10:20:00 [MEDIA] missing bracket" went into the speech above
// silently); a bracketed note ("[附] …") and a line that only starts with
// digits are text with no warning.
func TestDamagedHeaderWarns(t *testing.T) {
	in := "[10:00:00] [QUERY] a\n[10:20:00 [MEDIA] missing bracket\n[10:20] [HOST] b\n[附] 部分视频已被限流\n[2024] 年度回顾\n"
	entries, warnings, err := Parse(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 || !strings.HasSuffix(entries[0].Content, "[2024] 年度回顾") {
		t.Errorf("entries: %+v", entries)
	}
	var lines []int
	for _, w := range warnings {
		lines = append(lines, w.Line)
	}
	if !slices.Equal(lines, []int{2, 3}) {
		t.Errorf("warnings on lines %v, want [2 3]: %+v", lines, warnings)
	}
}

// A state file (JSON) or a folder given as the forum log is refused, not
// parsed into SYSTEM entries.
func TestParseFileNotForumLog(t *testing.T) {
	dir := t.TempDir()
	state := filepath.Join(dir, "state.json")
	if err := os.WriteFile(state, []byte("\uFEFF\n  {\"query\":\"x\",\"paragraphs\":[]}"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{state, dir} {
		entries, _, err := ParseFile(path)
		if !errors.Is(err, ErrNotForumLog) || entries != nil {
			t.Errorf("ParseFile(%s) = %d entries, %v; want ErrNotForumLog", path, len(entries), err)
		}
	}
	log := filepath.Join(dir, "forum.log")
	if err := os.WriteFile(log, []byte("[09:00:00] [QUERY] {\"a\":1}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if entries, _, err := ParseFile(log); err != nil || len(entries) != 1 {
		t.Errorf("a log line with JSON content: %d entries, %v", len(entries), err)
	}
}

// A forum.log saved as GBK keeps its ASCII timestamps and speaker tags but
// none of its messages: it is refused, naming the first bad line and the
// count, like a GBK state file (package state), and the file given in the
// message of ParseFile. One damaged line among good ones stays a warning
// (TestParseInvalidUTF8).
func TestParseGBKRefused(t *testing.T) {
	// "网友普遍反映地铁延误" and "第二行内容" in GBK (iconv -t GBK)
	gbk1 := "\xcd\xf8\xd3\xd1\xc6\xd5\xb1\xe9\xb7\xb4\xd3\xb3\xb5\xd8\xcc\xfa\xd1\xd3\xce\xf3"
	gbk2 := "\xb5\xda\xb6\xfe\xd0\xd0\xc4\xda\xc8\xdd"
	cases := []struct {
		name         string
		in           string
		line, bad, n int
	}{
		{"all lines", "[09:01:15] [QUERY] " + gbk1 + "\n[09:01:16] [INSIGHT] " + gbk2 + "\n", 1, 2, 2},
		{"banner in ASCII first", "[09:00:00] === ForumEngine 监控开始 - 2025-01-01 09:00:00 ===\n\n[09:01:15] [QUERY] " + gbk1 + "\n" + gbk2 + "\n", 3, 2, 3},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, _, err := Parse(strings.NewReader(c.in))
			if !errors.Is(err, ErrNotUTF8) {
				t.Fatalf("Parse: got error %v, want ErrNotUTF8", err)
			}
			var ee *EncodingError
			if !errors.As(err, &ee) {
				t.Fatalf("Parse: error %T is not an *EncodingError", err)
			}
			if ee.Line != c.line || ee.Bad != c.bad || ee.Lines != c.n {
				t.Errorf("got line %d, %d of %d lines bad; want line %d, %d of %d", ee.Line, ee.Bad, ee.Lines, c.line, c.bad, c.n)
			}
		})
	}
	path := filepath.Join(t.TempDir(), "forum.log")
	if err := os.WriteFile(path, []byte(cases[0].in), 0o644); err != nil {
		t.Fatal(err)
	}
	_, _, err := ParseFile(path)
	if !errors.Is(err, ErrNotUTF8) || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "iconv -f GBK -t UTF-8") {
		t.Errorf("ParseFile: got %v, want ErrNotUTF8 naming %s and the iconv command", err, path)
	}
}

// A binary file given as the forum log (a NUL byte, or more than one
// control byte in ten, in its first 64 KiB) is refused at once, naming the
// file, before anything is parsed; a log with a few control bytes (ANSI
// colours, a form feed, CRLF, tabs) is parsed. Before, 50 MB of random
// bytes were parsed for 5 s and 442 MB before the GBK error.
func TestParseFileBinaryRefused(t *testing.T) {
	dir := t.TempDir()
	random := make([]byte, 1<<20)
	for i := range random {
		random[i] = byte(i*7919 + i>>8) // every byte value, NULs included
	}
	// 100 bytes each, k of them ESC (0x1b) and no NUL
	withESC := func(k int) []byte {
		s := "[09:00:00] [QUERY] " + strings.Repeat("\x1b", k)
		return []byte(s + strings.Repeat("a", 99-len(s)) + "\n")
	}
	for name, c := range map[string]struct {
		data    []byte
		refused bool
	}{
		"random bytes":         {random, true},
		"one NUL":              {[]byte("[09:00:00] [QUERY] a\x00b\n"), true},
		"11 control bytes":     {withESC(11), true},
		"9 control bytes":      {withESC(9), false},
		"tabs, CRLF, formfeed": {[]byte("[09:00:00] [QUERY] a\tb\r\n\f[09:00:01] [HOST] \x1b[31m红\x1b[0m\r\n"), false},
	} {
		path := filepath.Join(dir, strings.ReplaceAll(name, " ", "_"))
		if err := os.WriteFile(path, c.data, 0o644); err != nil {
			t.Fatal(err)
		}
		entries, _, err := ParseFile(path)
		if c.refused && (!errors.Is(err, ErrNotForumLog) || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "binary") || entries != nil) {
			t.Errorf("%s: %d entries, %v; want ErrNotForumLog naming %s", name, len(entries), err, path)
		}
		if !c.refused && (err != nil || len(entries) == 0) {
			t.Errorf("%s: %d entries, %v; want it parsed", name, len(entries), err)
		}
	}
}

// A binary forum log's error names the line and byte offset of its first
// control byte, and suggests UTF-16 only for text that reads as UTF-16 (a
// stray NUL in a UTF-8 log is not UTF-16).
func TestParseFileBinaryNamesLine(t *testing.T) {
	dir := t.TempDir()
	stray := filepath.Join(dir, "stray.log")
	log := "[10:00:00] [HOST] 开场\n[10:00:05] [QUERY] 第一条\n[10:00:09] [MEDIA] 坏\x00字节\n"
	if err := os.WriteFile(stray, []byte(log), 0o644); err != nil {
		t.Fatal(err)
	}
	_, _, err := ParseFile(stray)
	at := strings.IndexByte(log, 0)
	if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("line 3 holds a control byte 0x00 at byte offset %d", at)) || strings.Contains(err.Error(), "UTF-16") {
		t.Errorf("stray NUL: %v", err)
	}
	utf16 := filepath.Join(dir, "utf16.log")
	var b []byte
	for _, c := range []byte("[10:00:00] [HOST] hello\n") {
		b = append(b, c, 0)
	}
	if err := os.WriteFile(utf16, append([]byte{0xFF, 0xFE}, b...), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := ParseFile(utf16); err == nil || !strings.Contains(err.Error(), "UTF-16") {
		t.Errorf("UTF-16 log: %v", err)
	}
	noBOM := filepath.Join(dir, "utf16-nobom.log")
	if err := os.WriteFile(noBOM, b, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := ParseFile(noBOM); err == nil || !strings.Contains(err.Error(), "UTF-16") {
		t.Errorf("UTF-16 log without a mark: %v", err)
	}
}

// A line with control characters (a binary or damaged line, the new-user
// trial of session 32) is warned with its line number and kept with each
// replaced by U+FFFD, as invalid UTF-8 is: nothing of it is lost, not even
// a line of DEL alone (the fuzzer's \x7f); a tab is text.
func TestControlCharactersWarned(t *testing.T) {
	in := "[10:00:00] [QUERY] a\tb\nZZZZ garbage \x01\x02 line\n[10:01:00] [HOST] c\x7f\n"
	entries, warnings, err := Parse(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 2 || entries[0].Content != "a\tb\nZZZZ garbage \uFFFD\uFFFD line" || entries[1].Content != "c\uFFFD" {
		t.Errorf("entries: %+v", entries)
	}
	var lines []int
	for _, w := range warnings {
		lines = append(lines, w.Line)
		if !strings.Contains(w.Msg, "control characters") {
			t.Errorf("warning %+v", w)
		}
	}
	if !slices.Equal(lines, []int{2, 3}) {
		t.Errorf("warnings on lines %v, want [2 3]: %+v", lines, warnings)
	}
}

// New-user trial 37: a speaker tag with its name lost ("[]", "[ ]") is a
// SYSTEM entry, kept whole, with a warning naming its line; a bracket
// holding text that is no tag ("[附]", "[1]") is content, as before, and
// is said nothing of.
func TestParseEmptySpeaker(t *testing.T) {
	in := "[10:04:00] [] 发言人丢失\n" +
		"[10:04:05] [ ] 又一条\n" +
		"[10:04:09] [1] 编号内容\n" +
		"[10:04:10] [HOST] 主持人总结\n"
	entries, warnings := parseString(t, in)
	if len(entries) != 4 || entries[0].Speaker != SpeakerSystem || entries[0].Content != "[] 发言人丢失" || entries[3].Speaker != "HOST" {
		t.Fatalf("entries %+v", entries)
	}
	want := []Warning{{Line: 1, Msg: "empty speaker tag; kept as a SYSTEM entry"}, {Line: 2, Msg: "empty speaker tag; kept as a SYSTEM entry"}}
	if !reflect.DeepEqual(warnings, want) {
		t.Errorf("warnings:\n got %+v\nwant %+v", warnings, want)
	}
}
