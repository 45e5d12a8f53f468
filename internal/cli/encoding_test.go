package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"reportengine/text"
)

// legacyEncode writes every non-ASCII character of s as two bytes in
// 0x81-0xFE, as GBK does: not UTF-8.
func legacyEncode(s string) []byte {
	var b []byte
	for _, r := range s {
		if r < 0x80 {
			b = append(b, byte(r))
			continue
		}
		b = append(b, byte(0x81+int(r)%0x7d), byte(0xa1+int(r)%0x5d))
	}
	return b
}

// States that are not UTF-8: a file in another encoding is refused (exit
// 3) naming the file, the JSON path of the first bad string and the count;
// a file with a stray \xff\xfe in one title builds, with a warning naming
// the file and the path. Every byte the CLI prints is UTF-8.
func TestBuildGraphInvalidUTF8States(t *testing.T) {
	var others []string
	var queryPath string
	for _, p := range sampleStates(t) {
		if strings.Contains(p, "query_engine") {
			queryPath = p
		} else {
			others = append(others, p)
		}
	}
	query, err := os.ReadFile(queryPath)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	gbk := filepath.Join(dir, "gbk.json")
	if err := os.WriteFile(gbk, legacyEncode(string(query)), 0o644); err != nil {
		t.Fatal(err)
	}
	stray := filepath.Join(dir, "stray.json")
	if err := os.WriteFile(stray, []byte(strings.Replace(string(query), `"title": "`, "\"title\": \"\xff\xfe", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		file  string
		code  int
		wants []string
	}{
		{"other encoding", gbk, ExitBadInput, []string{gbk, "query: invalid UTF-8", "iconv -f GBK -t UTF-8", " strings affected"}},
		{"stray bytes", stray, 0, []string{stray, "paragraphs[0].title: invalid UTF-8 (bad bytes replaced by U+FFFD); 1 of "}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := run(t, "build-graph", "--graphs", t.TempDir(), "--report-id", "enc", "query="+tt.file, others[0], others[1])
			if code != tt.code {
				t.Fatalf("exit %d, want %d: %s", code, tt.code, errOut)
			}
			for _, want := range tt.wants {
				if !strings.Contains(out+errOut, want) {
					t.Errorf("output lacks %q:\n%s%s", want, out, errOut)
				}
			}
			if !utf8.ValidString(out) || !utf8.ValidString(errOut) {
				t.Errorf("output is not valid UTF-8:\n%q\n%q", out, errOut)
			}
		})
	}
}

// safeText prints bytes that are not UTF-8 as \x.. escapes and keeps a
// real U+FFFD.
func TestSafeTextInvalidUTF8(t *testing.T) {
	for in, want := range map[string]string{
		"武汉\xff\xfe大学": `武汉\xff\xfe大学`,
		"a\uFFFDb":     "a\uFFFDb",
		"\xe6\xad":     `\xe6\xad`,
		"ok\x1b[31m":   `ok\x1b[31m`,
	} {
		if got := safeText(in); got != want || !utf8.ValidString(got) {
			t.Errorf("safeText(%q) = %q, want %q", in, got, want)
		}
	}
}

// build-graph given /dev/zero as a state file says it holds NUL bytes (exit
// 3, naming the file and the offset), not that it is UTF-16 text.
func TestBuildGraphDevZero(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip(err)
	}
	code, _, errs := run(t, "build-graph", "--graphs", t.TempDir(), "query=/dev/zero")
	if code != ExitBadInput || strings.Contains(errs, "UTF-16") || !strings.Contains(errs, "/dev/zero: holds NUL bytes (the first at byte offset 0)") {
		t.Errorf("exit %d, want %d; stderr %s", code, ExitBadInput, errs)
	}
}

// A state file that does not exist is said to be missing (exit 3), not
// to name no engine; an empty question is a usage error (exit 2), not a
// search for nothing.
func TestMissingStateAndEmptyQuestion(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "nope.json")
	code, _, errs := run(t, "build-graph", "--graphs", t.TempDir(), missing)
	if code != ExitBadInput || !strings.Contains(errs, "no such file: "+missing) || !strings.Contains(errs, "name it query=, media= or insight=PATH") || strings.Contains(errs, "unknown engine") {
		t.Errorf("missing state file: exit %d, want %d; stderr %s", code, ExitBadInput, errs)
	}
	for _, q := range []string{"", "   ", "   ？ ", "?!…"} { // punctuation asks nothing either
		if code, _, errs := run(t, "search", "--graphs", t.TempDir(), q); code != ExitUsage || !strings.Contains(errs, "the question is empty") {
			t.Errorf("search %q: exit %d, want %d; stderr %s", q, code, ExitUsage, errs)
		}
	}
	// a pasted text is no question (new-user trial 40: 30 000 runes took
	// 47 s to refuse); the longest allowed is read
	long := strings.Repeat("樱", text.MaxQuestionRunes+1)
	for _, args := range [][]string{{"search", "--graphs", t.TempDir(), long}, {"questions", "--graphs", t.TempDir(), long}} {
		if code, _, errs := run(t, args...); code != ExitUsage || !strings.Contains(errs, "4001 characters long; at most 4000") {
			t.Errorf("%s of %d runes: exit %d, want %d; stderr %s", args[0], text.MaxQuestionRunes+1, code, ExitUsage, errs)
		}
	}
	if code, _, errs := run(t, "search", "--graphs", t.TempDir(), long[len("樱"):]); code == ExitUsage {
		t.Errorf("search of %d runes: exit %d (usage), want it read; stderr %s", text.MaxQuestionRunes, code, errs)
	}
}
