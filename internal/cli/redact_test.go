package cli

import (
	"bytes"
	"strings"
	"testing"

	"reportengine/llm/openaicompat"
)

// The streamed answer is redacted as the whole text would be, wherever
// the deltas are cut (the key split over two, three or every rune).
func TestAnswerWriterSplitKey(t *testing.T) {
	const key = "sk-testkey-123456789"
	for _, text := range []string{
		"我的密钥是 sk-testkey-123456789 。",
		"sk-testkey-123456789",
		"echo sk-other-abcdef and sk-testkey-123456789\nend",
		"tasks: ask sk- nothing s",
		"no secret here\n",
	} {
		want := openaicompat.Redact(text, key) // the whole text at once
		for step := 1; step <= len(text); step++ {
			if got := writeInDeltas(t, text, step, key); got != want {
				t.Fatalf("%q in deltas of %d bytes: wrote %q, want %q", text, step, got, want)
			}
		}
	}
}

// A model that echoes the API key: search, chat and questions print it as
// [redacted], also when the key is split over two streamed chunks (the
// fake provider streams 200 runes a chunk; the key starts at rune 196).
func TestSearchRedactsKey(t *testing.T) {
	const key = "sk-testkey-123456789"
	graphs := sampleGraphs(t)
	for _, text := range []string{
		"我的密钥是 sk-testkey-123456789 。",
		strings.Repeat("樱", 190) + "我的密钥是 sk-testkey-123456789 。",
	} {
		_, srv := newFakeProvider(t, func(task, chapter string, n int) reply { return reply{content: &text} })
		env := pipelineEnv(srv)
		env["REPORT_ENGINE_API_KEY"] = key
		want := strings.ReplaceAll(text, key, "[redacted]")
		for _, args := range [][]string{
			{"search", "-q", "--graphs", graphs, "--graph", "coffee", "--no-vector-cache", "李明为什么选择写字楼商圈？"},
			{"search", "-q", "--json", "--graphs", graphs, "--graph", "coffee", "--no-vector-cache", "李明为什么选择写字楼商圈？"},
			{"questions", "-q", "--graphs", graphs, "--graph", "coffee", "--no-vector-cache", "李明为什么选择写字楼商圈？"},
		} {
			code, out, errs := runEnv(t, env, args...)
			if code != 0 || strings.Contains(out+errs, "testkey") {
				t.Errorf("%v: exit %d, key printed:\n%s\n%s", args[:2], code, out, errs)
			}
			if args[0] == "search" && !strings.Contains(out, want) {
				t.Errorf("%v: answer %q not in:\n%s", args[:2], want, out)
			}
		}
		code, out, errs := runIn(t, "李明为什么选择写字楼商圈？\nexit\n", env, "chat", "-q", "-n", "0", "--graphs", graphs, "--graph", "coffee", "--no-vector-cache")
		if code != 0 || strings.Contains(out+errs, "testkey") || !strings.Contains(out, want) {
			t.Errorf("chat: exit %d:\n%s\n%s", code, out, errs)
		}
	}
}

// A streamed answer quotes scraped text: control characters from it (an
// ANSI colour, a screen clear, an OSC retitle ended by BEL, a direction
// override) are escaped as query escapes them, line breaks and tabs are
// kept, wherever the deltas are cut (also inside a rune).
func TestAnswerWriterEscapesControls(t *testing.T) {
	const text = "标题\x1b[31m红\x1b[2J\n\t链接 https://e.com/\x1b]0;pwn\x07 反\u202e转\x85"
	const want = `标题\x1b[31m红\x1b[2J` + "\n\t" + `链接 https://e.com/\x1b]0;pwn\x07 反\u202e转\x85`
	for step := 1; step <= len(text); step++ {
		if got := writeInDeltas(t, text, step, ""); got != want {
			t.Fatalf("deltas of %d bytes: wrote %q, want %q", step, got, want)
		}
	}
}

// writeInDeltas writes text through an answerWriter in deltas of step
// bytes (cutting runes too) and returns what it wrote.
func writeInDeltas(t *testing.T, text string, step int, key string) string {
	t.Helper()
	var buf bytes.Buffer
	aw := newAnswerWriter(&buf, key)
	for i := 0; i < len(text); i += step {
		if err := aw.WriteDelta(text[i:min(i+step, len(text))]); err != nil {
			t.Fatal(err)
		}
	}
	if err := aw.Close(false); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}
