package llm

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// Field-failure inputs (see /work/shared/cases/field-failures.md).
const (
	replyB01 = "<think>\n先确定章节结构，再补充段落内容。\n</think>\n" +
		`{"chapterId":"S1","title":"事件概览","blocks":[{"type":"paragraph","inlines":[{"text":"示例段落。"}]}]}`

	replyB03 = "**讨论摘要**\n| Agent | 要点 |\n|-------|------|\n| QUERY | 官方通报已发布 |\n| MEDIA | 短视频传播最快 |\n"

	replyB04 = "下面先给出一个示例脚本：\n```python\nprint({'a': 1})\n```\n正式结果：\n```json\n" +
		`{"chapterId":"S3","title":"情绪分布","blocks":[{"type":"paragraph","inlines":[{"text":"负面情绪占比较高。"}]}]}` +
		"\n```\n以上。\n"

	replyB04PythonOnly = "下面先给出一个示例脚本：\n```python\nprint({'a': 1})\n```\n"

	replyB05 = "\n[\n  [\"第一章 事件概览\", \"第二章 传播路径\"],\n]\n"

	replyB07a = `{"title": ""舆论反转"", "order": 2}`
	replyB07b = `{"text": "发言人表示"不同意"后离场", "order": 3}`
)

type chapter struct {
	ChapterID string            `json:"chapterId"`
	Title     string            `json:"title"`
	Blocks    []json.RawMessage `json:"blocks"`
}

func mustChapter(t *testing.T, raw json.RawMessage) chapter {
	t.Helper()
	var c chapter
	if err := json.Unmarshal(raw, &c); err != nil {
		t.Fatalf("result does not unmarshal: %v\n%s", err, raw)
	}
	return c
}

func TestExtractJSON_B01ReasoningBlock(t *testing.T) {
	raw, err := ExtractJSON("chapter S1", replyB01, Object)
	if err != nil {
		t.Fatalf("ExtractJSON: %v", err)
	}
	c := mustChapter(t, raw)
	if c.ChapterID != "S1" {
		t.Errorf("chapterId = %q, want S1", c.ChapterID)
	}
	if len(c.Blocks) != 1 {
		t.Errorf("len(blocks) = %d, want 1", len(c.Blocks))
	}
	if strings.Contains(string(raw), "先确定章节结构") {
		t.Errorf("reasoning text leaked into the JSON: %s", raw)
	}
}

func TestExtractJSON_ReasoningVariants(t *testing.T) {
	const answer = `{"chapterId":"S1","blocks":[]}`
	tests := []struct {
		name  string
		reply string
	}{
		{"thinking tag", "<thinking>{\"chapterId\":\"WRONG\"} 草稿</thinking>\n" + answer},
		{"upper case tag", "<THINK>draft {\"chapterId\":\"WRONG\"}</THINK>" + answer},
		{"leading unclosed block", "<think>\n先想一想，比如 {\"chapterId\":\"WRONG\"} 不对。\n" + answer},
		{"orphan closing tag", "先想一想 {\"chapterId\":\"WRONG\"}\n</think>\n\n" + answer},
		{"block after answer", answer + "\n<think>{\"chapterId\":\"WRONG\"}</think>"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			raw, err := ExtractJSON("chapter S1", tt.reply, Object)
			if err != nil {
				t.Fatalf("ExtractJSON: %v", err)
			}
			if c := mustChapter(t, raw); c.ChapterID != "S1" {
				t.Errorf("chapterId = %q, want S1 (from %s)", c.ChapterID, raw)
			}
		})
	}
}

func TestExtractJSON_B03ProseIsNoJSON(t *testing.T) {
	raw, err := ExtractJSON("document layout", replyB03, Object)
	if !errors.Is(err, ErrNoJSON) {
		t.Fatalf("err = %v (raw %s), want ErrNoJSON", err, raw)
	}
	var ee *ExtractError
	if !errors.As(err, &ee) {
		t.Fatalf("err %T is not *ExtractError", err)
	}
	if ee.Step != "document layout" {
		t.Errorf("Step = %q, want %q", ee.Step, "document layout")
	}
	// The case's Expected names the text: the step and the raw reply.
	if msg := err.Error(); !strings.HasPrefix(msg, "document layout: ") || !strings.Contains(msg, "讨论摘要") {
		t.Errorf("message %q does not name the step and quote the reply", msg)
	}
}

func TestExtractJSON_NoJSONQuotesAtMost200Runes(t *testing.T) {
	reply := strings.Repeat("舆", SnippetRunes) + strings.Repeat("情", 50)
	_, err := ExtractJSON("document layout", reply, Object)
	if !errors.Is(err, ErrNoJSON) {
		t.Fatalf("err = %v, want ErrNoJSON", err)
	}
	msg := err.Error()
	if n := strings.Count(msg, "舆"); n != SnippetRunes {
		t.Errorf("message quotes %d runes of the first 200, want %d", n, SnippetRunes)
	}
	if strings.Contains(msg, "情") {
		t.Errorf("message quotes past rune %d: %q", SnippetRunes, msg)
	}
	if !utf8.ValidString(msg) {
		t.Errorf("message is not valid UTF-8")
	}
}

func TestExtractJSON_B04PrefersJSONFence(t *testing.T) {
	raw, err := ExtractJSON("chapter S3", replyB04, Object)
	if err != nil {
		t.Fatalf("ExtractJSON: %v", err)
	}
	if c := mustChapter(t, raw); c.ChapterID != "S3" {
		t.Errorf("chapterId = %q, want S3", c.ChapterID)
	}
}

func TestExtractJSON_B04PythonFenceOnly(t *testing.T) {
	for _, want := range []JSONKind{Object, Array} {
		raw, err := ExtractJSON("chapter S3", replyB04PythonOnly, want)
		if !errors.Is(err, ErrNoJSON) {
			t.Errorf("want %v: err = %v (raw %s), want ErrNoJSON", want, err, raw)
		}
	}
	// Even a python fence holding valid JSON text is not parsed.
	reply := "```js\nconst x = {\"a\": 1}\n```\n"
	if _, err := ExtractJSON("s", reply, Object); !errors.Is(err, ErrNoJSON) {
		t.Errorf("js fence: err = %v, want ErrNoJSON", err)
	}
}

func TestExtractJSON_Fences(t *testing.T) {
	tests := []struct {
		name  string
		reply string
		want  string // chapterId
	}{
		{"untagged fence", "结果：\n```\n{\"chapterId\":\"A\"}\n```", "A"},
		{"json fence beats earlier untagged", "```\n{\"chapterId\":\"U\"}\n```\n```json\n{\"chapterId\":\"J\"}\n```", "J"},
		{"first json fence that parses", "```json\n{\"chapterId\": \n```\n```json\n{\"chapterId\":\"B\"}\n```", "B"},
		{"prose inside json fence", "```json\nHere it is: {\"chapterId\":\"P\"} done\n```", "P"},
		{"inline fence", "答案 ```json {\"chapterId\":\"I\"}```", "I"},
		{"unclosed fence", "```json\n{\"chapterId\":\"U2\"}\n", "U2"},
		{"tilde fence", "~~~json\n{\"chapterId\":\"T\"}\n~~~", "T"},
		{"backticks inside a whole-JSON reply", "{\"chapterId\":\"K\",\"text\":\"```python\\nx\\n```\"}", "K"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			raw, err := ExtractJSON("s", tt.reply, Object)
			if err != nil {
				t.Fatalf("ExtractJSON: %v", err)
			}
			if c := mustChapter(t, raw); c.ChapterID != tt.want {
				t.Errorf("chapterId = %q, want %q", c.ChapterID, tt.want)
			}
		})
	}
}

func TestExtractJSON_Prose(t *testing.T) {
	tests := []struct {
		name  string
		reply string
		kind  JSONKind
		want  string
	}{
		{"object after prose", `好的，结果如下 {"a": 1} 希望有用`, Object, `{"a": 1}`},
		{"braces inside strings", `结果 {"a": "}{]["} 完`, Object, `{"a": "}{]["}`},
		{"citation before object", `参见[1]。结果：{"a":1}`, Object, `{"a":1}`},
		{"array wanted", `列表：["x","y"] 以上`, Array, `["x","y"]`},
		{"whole reply", "  \n{\"a\":[1,2]}\n", Object, `{"a":[1,2]}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			raw, err := ExtractJSON("s", tt.reply, tt.kind)
			if err != nil {
				t.Fatalf("ExtractJSON: %v", err)
			}
			if string(raw) != tt.want {
				t.Errorf("got %s, want %s", raw, tt.want)
			}
		})
	}
}

func TestExtractJSON_B05WrongTopLevelType(t *testing.T) {
	raw, err := ExtractJSON("document layout", replyB05, Object)
	if !errors.Is(err, ErrWrongJSONType) {
		t.Fatalf("err = %v (raw %s), want ErrWrongJSONType", err, raw)
	}
	const want = "document layout: expected JSON object, got array (0 objects inside)"
	if err.Error() != want {
		t.Errorf("error text\n got %q\nwant %q", err.Error(), want)
	}
	// Wanting an array, the trailing-comma repair keeps the array.
	raw, err = ExtractJSON("document layout", replyB05, Array)
	if err != nil {
		t.Fatalf("want Array: %v", err)
	}
	var got [][]string
	if err := json.Unmarshal(raw, &got); err != nil || len(got) != 1 || len(got[0]) != 2 {
		t.Errorf("want Array: got %s (%v)", raw, err)
	}
}

func TestExtractJSON_TopLevelTypeRules(t *testing.T) {
	tests := []struct {
		name    string
		reply   string
		kind    JSONKind
		want    string // result, if no error
		wantErr string // exact error text, if an error
	}{
		{name: "one object unwrapped", reply: `[{"a":1}]`, kind: Object, want: `{"a":1}`},
		{name: "two objects", reply: `[{"a":1},{"a":2}]`, kind: Object,
			wantErr: "layout: expected JSON object, got array (2 objects inside)"},
		{name: "empty array", reply: `[]`, kind: Object,
			wantErr: "layout: expected JSON object, got array (0 objects inside)"},
		{name: "one object plus others", reply: `[{"a":1}, 2]`, kind: Object,
			wantErr: "layout: expected JSON object, got array (1 objects inside and 1 other elements)"},
		{name: "object where array wanted", reply: `{"a":1}`, kind: Array,
			wantErr: "layout: expected JSON array, got object"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			raw, err := ExtractJSON("layout", tt.reply, tt.kind)
			if tt.wantErr != "" {
				if !errors.Is(err, ErrWrongJSONType) {
					t.Fatalf("err = %v (raw %s), want ErrWrongJSONType", err, raw)
				}
				if err.Error() != tt.wantErr {
					t.Errorf("error text %q, want %q", err.Error(), tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("ExtractJSON: %v", err)
			}
			if string(raw) != tt.want {
				t.Errorf("got %s, want %s", raw, tt.want)
			}
		})
	}
}

func TestExtractJSON_B07InnerQuotes(t *testing.T) {
	t.Run("doubled quotes around a title", func(t *testing.T) {
		// The case accepts a parse error too; this implementation repairs.
		raw, err := ExtractJSON("layout", replyB07a, Object)
		if err != nil {
			t.Fatalf("ExtractJSON: %v", err)
		}
		var v struct {
			Title string `json:"title"`
			Order int    `json:"order"`
		}
		if err := json.Unmarshal(raw, &v); err != nil {
			t.Fatalf("unmarshal %s: %v", raw, err)
		}
		if v.Title == "" {
			t.Fatalf("title repaired to the empty string")
		}
		if v.Title != "舆论反转" && v.Title != `"舆论反转"` {
			t.Errorf("title = %q, want 舆论反转 or \"舆论反转\"", v.Title)
		}
		if v.Order != 2 {
			t.Errorf("order = %d, want 2", v.Order)
		}
	})
	t.Run("emphasis quotes inside a sentence", func(t *testing.T) {
		raw, err := ExtractJSON("chapter", replyB07b, Object)
		if err != nil {
			t.Fatalf("ExtractJSON: %v", err)
		}
		var v struct {
			Text  string `json:"text"`
			Order int    `json:"order"`
		}
		if err := json.Unmarshal(raw, &v); err != nil {
			t.Fatalf("unmarshal %s: %v", raw, err)
		}
		if !strings.Contains(v.Text, `发言人表示"不同意"后离场`) {
			t.Errorf("text = %q, want the whole sentence 发言人表示\"不同意\"后离场", v.Text)
		}
		if v.Order != 3 {
			t.Errorf("order = %d, want 3", v.Order)
		}
	})
}

func TestExtractJSON_Repairs(t *testing.T) {
	tests := []struct {
		name  string
		reply string
		kind  JSONKind
		want  string
	}{
		{"trailing comma in object", `{"a":1,}`, Object, `{"a":1}`},
		{"trailing comma in nested array", "{\"a\":[1,2,\n],\"b\":2}", Object, `{"a":[1,2],"b":2}`},
		{"bare newline in string", "{\"a\":\"line1\nline2\"}", Object, `{"a":"line1\nline2"}`},
		{"bare tab in string", "{\"a\":\"x\ty\"}", Object, `{"a":"x\ty"}`},
		{"escaped single quote", `{"a":"it\'s"}`, Object, `{"a":"it's"}`},
		{"invalid escape kept literal", `{"a":"C:\d"}`, Object, `{"a":"C:\\d"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			raw, err := ExtractJSON("s", tt.reply, tt.kind)
			if err != nil {
				t.Fatalf("ExtractJSON: %v", err)
			}
			if string(raw) != tt.want {
				t.Errorf("got %s, want %s", raw, tt.want)
			}
			if !json.Valid(raw) {
				t.Errorf("result is not valid JSON")
			}
		})
	}
}

func TestExtractJSON_NeverCutsValues(t *testing.T) {
	tests := []struct {
		name  string
		reply string
	}{
		{"unclosed object", `{"a": 1, "b": {"c": 2}`},
		{"unclosed string", `{"a": "never ends`},
		{"python dict", `{'a': 1}`},
		{"empty", "   "},
		{"scalar only", `"just a string"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			raw, err := ExtractJSON("s", tt.reply, Object)
			if !errors.Is(err, ErrNoJSON) {
				t.Errorf("err = %v (raw %s), want ErrNoJSON", err, raw)
			}
		})
	}
}

func TestExtractJSON_DeepNestingDoesNotOverflow(t *testing.T) {
	reply := strings.Repeat("[", 100000) + strings.Repeat("]", 100000)
	if _, err := ExtractJSON("s", reply, Array); err != nil && !errors.Is(err, ErrNoJSON) {
		t.Errorf("err = %v, want nil or ErrNoJSON", err)
	}
	reply = strings.Repeat("{[", 20000) // never closes: bounded work, no hang
	if _, err := ExtractJSON("s", reply, Object); !errors.Is(err, ErrNoJSON) {
		t.Errorf("err = %v, want ErrNoJSON", err)
	}
}

func FuzzExtractJSON(f *testing.F) {
	for _, s := range []string{replyB01, replyB03, replyB04, replyB04PythonOnly, replyB05, replyB07a, replyB07b,
		`[{"a":1}]`, "```json\n{\"a\":[1,2,],}\n```", "<think>x", "{\"a\":\"\x01\"}", `{"a":"\u12"}`} {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, reply string, wantArray bool) {
		want := Object
		if wantArray {
			want = Array
		}
		// A hang would stall the fuzzer silently; crash instead, so the
		// input is saved to testdata/fuzz.
		wd := time.AfterFunc(10*time.Second, func() { panic(fmt.Sprintf("ExtractJSON hangs on %q", reply)) })
		raw, err := ExtractJSON("fuzz", reply, want)
		wd.Stop()
		if err != nil {
			if !errors.Is(err, ErrNoJSON) && !errors.Is(err, ErrWrongJSONType) {
				t.Fatalf("error %v wraps neither ErrNoJSON nor ErrWrongJSONType", err)
			}
			return
		}
		if !json.Valid(raw) {
			t.Fatalf("result is not valid JSON: %q", raw)
		}
		var v any
		if err := json.Unmarshal(raw, &v); err != nil {
			t.Fatalf("result does not unmarshal: %v", err)
		}
		switch v.(type) {
		case map[string]any:
			if want != Object {
				t.Fatalf("got an object, want %v", want)
			}
		case []any:
			if want != Array {
				t.Fatalf("got an array, want %v", want)
			}
		default:
			t.Fatalf("got %T, want %v", v, want)
		}
	})
}
