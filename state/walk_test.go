package state

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// largeDoc builds a state of at least size bytes, pretty-printed like the
// engines write it, from the paragraphs of the largest fixture repeated.
func largeDoc(t testing.TB, size int) (Input, []byte) {
	t.Helper()
	needFixtures(t)
	in, data := largestFixture(t)
	var doc struct {
		Query      string            `json:"query"`
		Paragraphs []json.RawMessage `json:"paragraphs"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	buf.WriteString("{\n  \"query\": \"large\",\n  \"paragraphs\": [\n")
	for n := 0; buf.Len() < size; n++ {
		if n > 0 {
			buf.WriteString(",\n")
		}
		if err := json.Indent(&buf, doc.Paragraphs[n%len(doc.Paragraphs)], "    ", "  "); err != nil {
			t.Fatal(err)
		}
	}
	buf.WriteString("\n  ],\n  \"final_report\": \"\",\n  \"is_completed\": true\n}\n")
	return in, buf.Bytes()
}

// A large document (several MiB) reads exactly as encoding/json reads it.
func TestParseLargeMatchesEncodingJSON(t *testing.T) {
	in, data := largeDoc(t, 3<<20)
	st, err := Parse(data, "large.json", in.Engine)
	if err != nil {
		t.Fatal(err)
	}
	matchEncodingJSON(t, "large.json", data, st)
}

// Errors that only validation finds (the walk reads strings without
// checking them) are found in every part of a large document, with the
// line and column of the offending character.
func TestParseLargeInvalidString(t *testing.T) {
	_, data := largeDoc(t, 3<<20)
	lines := bytes.Split(data, []byte("\n"))
	// The last "content" line of the first, a middle and the last
	// paragraph.
	var targets []int
	for i, l := range lines {
		if bytes.HasPrefix(bytes.TrimLeft(l, " "), []byte(`"content": "`)) {
			targets = append(targets, i)
		}
	}
	if len(targets) < 3 {
		t.Fatalf("only %d content lines", len(targets))
	}
	for _, bad := range []string{"\t", "\x01", `\x`, `\u12g`} {
		for _, li := range []int{targets[0], targets[len(targets)/2], targets[len(targets)-1]} {
			line := string(lines[li])
			col := strings.Index(line, `"content": "`) + len(`"content": "`) // byte offset in the line
			doc := bytes.Join(lines[:li], []byte("\n"))
			doc = append(doc, '\n')
			doc = append(doc, line[:col]+bad+line[col:]...)
			doc = append(doc, '\n')
			doc = append(doc, bytes.Join(lines[li+1:], []byte("\n"))...)
			_, err := Parse(doc, "big.json", EngineQuery)
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("%q on line %d: error %v, want a *ParseError", bad, li+1, err)
			}
			// The error is at the inserted character, or for an
			// escape at the character after the backslash.
			wantCol := utf8.RuneCountInString(line[:col]) + 1
			if bad[0] == '\\' {
				wantCol++
			}
			if bad == `\u12g` {
				wantCol += 3 // at the first character that is not a hex digit
			}
			if pe.Line != li+1 || pe.Column != wantCol || pe.Path != "big.json" {
				t.Errorf("%q on line %d column %d: got %v (line %d, column %d)", bad, li+1, wantCol, err, pe.Line, pe.Column)
			}
		}
	}
}

// A wrong type early in a document that is broken further on reports the
// syntax error, as a validator run first would.
func TestParseSyntaxErrorBeatsWrongType(t *testing.T) {
	tests := []struct {
		input        string
		line, column int
	}{
		{`{"query": 1, "x": tru}`, 1, 22},
		{"{\"paragraphs\": \"x\",\n\"query\": \"a", 2, 11},
		{`{"paragraphs": [{"title": 1}, {"title": "a"]}`, 1, 44},
		{`[1, 2`, 1, 5},
	}
	for _, tt := range tests {
		_, err := Parse([]byte(tt.input), "s.json", EngineQuery)
		var pe *ParseError
		if !errors.As(err, &pe) || pe.Line != tt.line || pe.Column != tt.column || pe.JSONPath != "" {
			t.Errorf("%s: got %v, want a syntax error at %d:%d", tt.input, err, tt.line, tt.column)
		}
	}
}

// Nesting is limited where encoding/json limits it: 10000 levels.
func TestParseNestingLimit(t *testing.T) {
	for _, depth := range []int{maxDepth, maxDepth + 1} {
		// The top-level object is one level.
		inner := depth - 1
		input := []byte(`{"x": ` + strings.Repeat("[", inner) + strings.Repeat("]", inner) + `, "query": "q"}`)
		st, err := Parse(input, "deep.json", EngineQuery)
		if valid := json.Valid(input); (err == nil) != valid {
			t.Errorf("depth %d: error %v, encoding/json valid %v", depth, err, valid)
		}
		var pe *ParseError
		switch {
		case depth <= maxDepth && (err != nil || st.Query != "q"):
			t.Errorf("depth %d: %v", depth, err)
		case depth > maxDepth && (!errors.As(err, &pe) || pe.Line != 1 || pe.Column != 6+inner):
			t.Errorf("depth %d: got %v, want a syntax error at 1:%d", depth, err, 6+inner)
		}
	}
}

// A repeated key replaces what the earlier one gave, research included.
func TestParseRepeatedResearch(t *testing.T) {
	input := `{"paragraphs":[{"research":{"latest_summary":"a","search_history":[{}]},"research":{"is_completed":true}},` +
		`{"research":{"latest_summary":"b"},"research":null}]}`
	st, err := Parse([]byte(input), "r.json", EngineQuery)
	if err != nil {
		t.Fatal(err)
	}
	p0, p1 := st.Paragraphs[0], st.Paragraphs[1]
	if p0.LatestSummary != "" || p0.Searches != nil || !p0.Completed {
		t.Errorf("paragraph 0: %+v, want only is_completed from the second research", p0)
	}
	if p1.LatestSummary != "" {
		t.Errorf("paragraph 1: LatestSummary %q, want \"\" (research: null came last)", p1.LatestSummary)
	}
}

// hasControl finds a byte below 0x20 at every position of strings of
// every length up to 100, next to bytes of every other kind (0x20, 0x7f,
// 0x80, 0xff and UTF-8), and nothing in strings without one.
func TestHasControl(t *testing.T) {
	fill := []byte{' ', 'a', 0x7f, 0x80, 0xff, 0xe4}
	for n := 0; n <= 100; n++ {
		for _, f := range fill {
			b := bytes.Repeat([]byte{f}, n)
			if hasControl(string(b)) {
				t.Fatalf("hasControl(%q) = true", b)
			}
			for i := 0; i < n; i++ {
				for _, c := range []byte{0x00, 0x01, 0x0a, 0x1f} {
					b[i] = c
					if !hasControl(string(b)) {
						t.Fatalf("hasControl(%q) = false (byte %#x at %d)", b, c, i)
					}
					b[i] = f
				}
			}
		}
	}
	if hasControl(strings.Repeat("中文 text，", 20)) {
		t.Error("hasControl on Chinese text")
	}
}

// matchGeneric compares the text of st with what encoding/json decodes
// from data into maps and slices (where keys match exactly, unlike its
// struct decoding, which ignores case).
func matchGeneric(t *testing.T, data []byte, st *State) {
	t.Helper()
	var doc map[string]any
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber() // 1e700 is valid JSON, but no float64
	if err := dec.Decode(&doc); err != nil {
		t.Fatalf("encoding/json: %v", err)
	}
	str := func(m map[string]any, k string) string {
		s, _ := m[k].(string)
		return s
	}
	if st.Query != str(doc, "query") || st.FinalReport != str(doc, "final_report") || st.CreatedAt != str(doc, "created_at") {
		t.Errorf("top level differs from encoding/json: %q %q %q", st.Query, st.FinalReport, st.CreatedAt)
	}
	paras, _ := doc["paragraphs"].([]any)
	if len(paras) != len(st.Paragraphs) {
		t.Fatalf("%d paragraphs, encoding/json %d", len(st.Paragraphs), len(paras))
	}
	for i, pv := range paras {
		pm := pv.(map[string]any)
		gp := st.Paragraphs[i]
		if gp.Title != str(pm, "title") || gp.Content != str(pm, "content") {
			t.Errorf("paragraphs[%d] differs from encoding/json", i)
		}
		rm, _ := pm["research"].(map[string]any)
		if gp.LatestSummary != str(rm, "latest_summary") {
			t.Errorf("paragraphs[%d].research.latest_summary = %q, encoding/json %q", i, gp.LatestSummary, str(rm, "latest_summary"))
		}
		recs, _ := rm["search_history"].([]any)
		if len(recs) != len(gp.Searches) {
			t.Fatalf("paragraphs[%d]: %d records, encoding/json %d", i, len(gp.Searches), len(recs))
		}
		for j, rv := range recs {
			r, g := rv.(map[string]any), gp.Searches[j]
			if g.Query != str(r, "query") || g.URL != str(r, "url") || g.Title != str(r, "title") ||
				g.Content != str(r, "content") || g.Timestamp != str(r, "timestamp") {
				t.Errorf("paragraphs[%d].research.search_history[%d] = %+v, encoding/json %v", i, j, g, r)
			}
			num, isNum := r["score"].(json.Number)
			score, _ := num.Float64()
			if (g.Score != nil) != isNum || (isNum && *g.Score != score) {
				t.Errorf("paragraphs[%d].research.search_history[%d].score = %s, encoding/json %v", i, j, fmtPtr(g.Score), r["score"])
			}
		}
	}
}

// A file over MaxFileBytes is refused before it is read (the test file is
// sparse: it takes no disk space).
func TestParseFileTooLarge(t *testing.T) {
	path := filepath.Join(t.TempDir(), "query.json")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(MaxFileBytes + 1); err != nil {
		t.Skipf("no sparse file here: %v", err)
	}
	f.Close()
	_, err = ParseFile(Input{Engine: EngineQuery, Path: path})
	var pe *ParseError
	if !errors.As(err, &pe) || !errors.Is(err, ErrInvalid) || pe.Path != path || pe.Empty {
		t.Fatalf("got %v, want a *ParseError for %s", err, path)
	}
	if !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), strconv.Itoa(MaxFileBytes+1)) {
		t.Errorf("message %q does not name the file and its size", err)
	}
}
