package eval

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

func TestReadSet(t *testing.T) {
	in := "\ufeff{\"question\": \" 李明为什么选择写字楼商圈？ \", \"assertions\": [[\"工作日客流\", \"客流稳定\"]], \"expect_records\": [\"query_P0\"], \"note\": \"doc1\"}\n" +
		"\n" +
		"{\"question\": \"火星殖民计划的进展如何？\", \"expect\": \"no_match\"}\n"
	set, err := Read(strings.NewReader(in), "q.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	if len(set.Questions) != 2 {
		t.Fatalf("%d questions, want 2", len(set.Questions))
	}
	q := set.Questions[0]
	if q.Line != 1 || q.Text != "李明为什么选择写字楼商圈？" || len(q.Assertions) != 1 || len(q.Assertions[0]) != 2 || q.ExpectRecords[0] != "query_P0" || q.OffTopic {
		t.Errorf("first question %+v", q)
	}
	if q := set.Questions[1]; q.Line != 3 || !q.OffTopic {
		t.Errorf("second question %+v: want line 3 (the blank line counts), off-topic", q)
	}
}

func TestReadSetErrors(t *testing.T) {
	for _, c := range []struct {
		name, in string
		line     int
		want     string
	}{
		{"bad JSON", "{\"question\": \"a\"}\n{\"question\": \"b\",}\n", 2, "invalid JSON"},
		{"unknown field", "{\"question\": \"a\", \"answer\": \"b\"}\n", 1, `unknown field "answer"`},
		{"no question", "{\"assertions\": [[\"a\"]]}\n", 1, "question: missing"},
		{"blank question", "{\"question\": \"  \"}\n", 1, "question: missing or empty"},
		{"flat assertions", "{\"question\": \"a\", \"assertions\": [\"x\", \"y\"]}\n", 1, "assertions"},
		{"empty assertion", "{\"question\": \"a\", \"assertions\": [[]]}\n", 1, "assertions[0]: empty list"},
		{"punctuation-only alternative", "{\"question\": \"a\", \"assertions\": [[\"x\", \"。\"]]}\n", 1, "assertions[0][1]: empty"},
		{"bad expect", "{\"question\": \"a\", \"expect\": \"refuse\"}\n", 1, `expect: "refuse"`},
		{"no_match with assertions", "{\"question\": \"a\", \"expect\": \"no_match\", \"assertions\": [[\"x\"]]}\n", 1, "off-topic question has no assertions"},
		{"empty record", "{\"question\": \"a\", \"expect_records\": [\"\"]}\n", 1, "expect_records[0]: empty"},
		{"two values", "{\"question\": \"a\"} {\"question\": \"b\"}\n", 1, "data after the JSON object"},
		{"a brace after", "{\"question\": \"a\"} }\n", 1, "data after the JSON object"},
		{"a bracket after", "{\"question\": \"a\"}]\r\n", 1, "data after the JSON object"},
		{"not an object", "[1]\n", 1, "want a JSON object"},
		{"not UTF-8", "{\"question\": \"\xff\"}\n", 1, "not UTF-8"},
		{"empty set", "\n\n", 0, "no question"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Read(strings.NewReader(c.in), "set.jsonl")
			var se *SetError
			if !errors.As(err, &se) || !errors.Is(err, ErrBadSet) {
				t.Fatalf("err = %v, want a *SetError wrapping ErrBadSet", err)
			}
			if se.Path != "set.jsonl" || se.Line != c.line || !strings.Contains(se.Msg, c.want) {
				t.Errorf("error %q (line %d), want line %d and %q", err, se.Line, c.line, c.want)
			}
			if c.line > 0 && !strings.Contains(err.Error(), "set.jsonl:"+itoa(c.line)+":") {
				t.Errorf("error %q does not name file and line", err)
			}
		})
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

func TestReadSetLimits(t *testing.T) {
	line := "{\"question\": \"q\"}\n"
	many := strings.Repeat(line, MaxQuestions+1)
	_, err := Read(strings.NewReader(many), "big.jsonl")
	var se *SetError
	if !errors.As(err, &se) || se.Line != MaxQuestions+1 || !strings.Contains(se.Msg, "more than") {
		t.Errorf("MaxQuestions+1 questions: %v", err)
	}
	if _, err := Read(strings.NewReader(strings.Repeat(line, MaxQuestions)), "ok.jsonl"); err != nil {
		t.Errorf("MaxQuestions questions: %v", err)
	}
	long := "{\"question\": \"" + strings.Repeat("a", MaxLineBytes) + "\"}\n"
	if _, err := Read(strings.NewReader(line+long), "long.jsonl"); !errors.As(err, &se) || se.Line != 2 || !strings.Contains(se.Msg, "longer than") {
		t.Errorf("long line: %v", err)
	}
	huge := strings.Repeat(" ", MaxSetBytes) + line
	if _, err := Read(strings.NewReader(huge), "huge.jsonl"); !errors.As(err, &se) || !strings.Contains(se.Msg, "larger than") {
		t.Errorf("oversized set: %v", err)
	}
}

func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	if _, err := ReadFile(filepath.Join(dir, "missing.jsonl")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
	var se *SetError
	if _, err := ReadFile(dir); !errors.As(err, &se) {
		t.Errorf("folder: %v", err)
	}
}
