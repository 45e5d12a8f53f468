package state

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

// A few strings that are not UTF-8 (a stray \xff\xfe, also inside an
// escaped string) are kept with the bad bytes as U+FFFD and reported;
// a file whose strings are mostly not UTF-8 (another encoding) is refused
// with the first one's JSON path and the count.
func TestParseInvalidUTF8(t *testing.T) {
	ok := `{"query":"武汉大学","report_title":"报告","paragraphs":[{"title":"一","content":"内容","research":{"latest_summary":"总结","search_history":[` +
		`{"query":"q1","title":"a` + "\xff\xfe" + `b","content":"正文\n` + "\xff" + `","url":"https://x"}]}}]}`
	bad := "{\"query\":\"\xce\xe4\xba\xba\",\"report_title\":\"\xb1\xa8\xb8\xe6\",\"paragraphs\":[{\"title\":\"\xd2\xbb\xb6\xfe\",\"content\":\"ok\"}]}"
	tests := []struct {
		name     string
		doc      string
		want     *InvalidUTF8
		refused  bool
		wantText map[string]string
	}{
		{name: "valid", doc: `{"query":"武汉大学","paragraphs":[{"title":"一"}]}`},
		{name: "a few bad bytes", doc: ok,
			want: &InvalidUTF8{JSONPath: "paragraphs[0].research.search_history[0].title", Strings: 2, Of: 9}},
		{name: "mostly not UTF-8", doc: bad, refused: true,
			want: &InvalidUTF8{JSONPath: "query", Strings: 3, Of: 4}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st, err := Parse([]byte(tt.doc), "gbk.json", EngineQuery)
			if tt.refused {
				var pe *ParseError
				if !errors.As(err, &pe) || !errors.Is(err, ErrInvalid) {
					t.Fatalf("err = %v, want a *ParseError (ErrInvalid)", err)
				}
				if pe.Path != "gbk.json" || pe.JSONPath != tt.want.JSONPath || !strings.Contains(pe.Msg, "invalid UTF-8") ||
					!strings.Contains(pe.Msg, "3 of 4 strings") || !strings.Contains(pe.Msg, "iconv -f GBK -t UTF-8") {
					t.Errorf("error %+v, want file gbk.json, path %s, 3 of 4 strings, an iconv hint", pe, tt.want.JSONPath)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if (st.InvalidUTF8 == nil) != (tt.want == nil) || tt.want != nil && *st.InvalidUTF8 != *tt.want {
				t.Errorf("InvalidUTF8 = %+v, want %+v", st.InvalidUTF8, tt.want)
			}
			for _, p := range st.Paragraphs {
				for _, s := range append([]string{st.Query, p.Title, p.Content}, recordTexts(p)...) {
					if !utf8.ValidString(s) {
						t.Errorf("string %q is not valid UTF-8", s)
					}
				}
			}
			if tt.want != nil {
				r := st.Paragraphs[0].Searches[0]
				if r.Title != "a\uFFFDb" || r.Content != "正文\n\uFFFD" || st.Query != "武汉大学" {
					t.Errorf("title %q, content %q, query %q: want the bad bytes as U+FFFD and the rest kept", r.Title, r.Content, st.Query)
				}
			}
		})
	}
}

func recordTexts(p Paragraph) []string {
	var out []string
	for _, r := range p.Searches {
		out = append(out, r.Query, r.Title, r.Content, r.URL, r.Timestamp)
	}
	return out
}

// A fixture state saved in a legacy double-byte encoding (every non-ASCII
// character written as two bytes 0x81-0xFE, as GBK does) is refused; the
// count is the fixture's non-empty strings that hold non-ASCII text,
// counted with encoding/json.
func TestParseFixtureInLegacyEncoding(t *testing.T) {
	needFixtures(t)
	path := fixture(EngineQuery, "state_武汉大学_20250825_180214.json")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var legacy strings.Builder
	for _, r := range string(data) {
		if r < 0x80 {
			legacy.WriteRune(r)
			continue
		}
		legacy.WriteByte(byte(0x81 + int(r)%0x7d))
		legacy.WriteByte(byte(0xa1 + int(r)%0x5d))
	}
	var doc struct {
		Paragraphs []struct {
			Title, Content *string
			Research       *struct {
				LatestSummary *string `json:"latest_summary"`
				SearchHistory []struct {
					Query, URL, Title, Content, Timestamp *string
				} `json:"search_history"`
			}
		}
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	nonEmpty, nonASCII := 0, 0
	count := func(ss ...*string) {
		for _, s := range ss {
			if s == nil || *s == "" {
				continue
			}
			nonEmpty++
			if strings.IndexFunc(*s, func(r rune) bool { return r >= 0x80 }) >= 0 {
				nonASCII++
			}
		}
	}
	var top map[string]any
	if err := json.Unmarshal(data, &top); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"query", "report_title", "final_report", "created_at", "updated_at"} {
		if s, ok := top[k].(string); ok {
			count(&s)
		}
	}
	for _, p := range doc.Paragraphs {
		count(p.Title, p.Content)
		if p.Research != nil {
			count(p.Research.LatestSummary)
			for _, r := range p.Research.SearchHistory {
				count(r.Query, r.URL, r.Title, r.Content, r.Timestamp)
			}
		}
	}
	if 2*nonASCII <= nonEmpty {
		t.Fatalf("fixture: %d of %d strings hold non-ASCII text; the test needs most", nonASCII, nonEmpty)
	}
	gbk := filepath.Join(t.TempDir(), "gbk.json")
	if err := os.WriteFile(gbk, []byte(legacy.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = ParseFile(Input{Engine: EngineQuery, Path: gbk})
	var pe *ParseError
	if !errors.As(err, &pe) {
		t.Fatalf("err = %v, want a *ParseError", err)
	}
	want := "of " + itoaTest(nonEmpty) + " strings"
	if pe.Path != gbk || pe.JSONPath == "" || !strings.Contains(pe.Msg, itoaTest(nonASCII)+" "+want) {
		t.Errorf("error %q, want %s, a JSON path and %d %s", err, gbk, nonASCII, want)
	}
}

func itoaTest(n int) string { b, _ := json.Marshal(n); return string(b) }

// Load warns about a state with a few invalid strings, naming the file and
// the first one's JSON path.
func TestLoadInvalidUTF8Warns(t *testing.T) {
	dir := writeStates(t, map[string]string{"q.json": `{"query":"武汉","paragraphs":[{"title":"a` + "\xff" + `","content":"内容"},{"title":"二"}]}`})
	in := Input{Engine: EngineQuery, Path: filepath.Join(dir, "q.json")}
	l, err := Load([]Input{in}, LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := Warning{Engine: EngineQuery, Path: in.Path, Msg: (&InvalidUTF8{JSONPath: "paragraphs[0].title", Strings: 1, Of: 4}).String()}
	if len(l.Warnings) != 1 || l.Warnings[0] != want {
		t.Errorf("Warnings = %+v, want [%+v]", l.Warnings, want)
	}
}

// A whole-document UTF-8 check (LoadOptions.ValidUTF8) changes the cost,
// never the result: every fixture and every document below parses to the
// same State, InvalidUTF8 finding and error with it as without it (the
// oracle: the string-by-string check of unicode/utf8 alone).
func TestWholeDocumentUTF8Check(t *testing.T) {
	docs := map[string]string{
		"valid":         `{"query":"武汉大学","paragraphs":[{"title":"一","research":{"search_history":[{"query":"q","title":"标题","content":"正文"}]}}]}`,
		"escapes":       `{"query":"\u6b66\u6c49","paragraphs":[{"title":"a\nb \ud800 \ud83d\ude00 \"x\"","content":"内容\\"}]}`,
		"bad bytes":     `{"query":"武汉","paragraphs":[{"title":"a` + "\xff\xfe" + `b","content":"正文\n` + "\xff" + `"}]}`,
		"bad escaped":   `{"query":"武汉","paragraphs":[{"title":"a\n` + "\xe4\xb8" + `","content":"内容"}]}`,
		"bad key":       `{"query":"武汉","x` + "\xff" + `":"y","paragraphs":[{"title":"一"}]}`,
		"bad skipped":   `{"query":"武汉","extra":{"a":["` + "\xc3" + `"]},"paragraphs":[{"title":"一"}]}`,
		"cut sequence":  `{"query":"武` + "\xe6\xb1" + `","paragraphs":[{"title":"一"}]}`,
		"mostly bad":    "{\"query\":\"\xce\xe4\xba\xba\",\"report_title\":\"\xb1\xa8\xb8\xe6\",\"paragraphs\":[{\"title\":\"\xd2\xbb\xb6\xfe\",\"content\":\"ok\"}]}",
		"bom":           "\uFEFF" + `{"query":"武汉","paragraphs":[{"title":"一"}]}`,
		"syntax error":  `{"query":"武汉","paragraphs":[{"title":"一"}`,
		"wrong type":    `{"query":"武汉","paragraphs":[{"title":1}]}`,
		"surrogate raw": `{"query":"` + "\xed\xa0\x80" + `","paragraphs":[{"title":"一"}]}`,
	}
	for _, in := range fixtureFiles(t) {
		data, err := os.ReadFile(in.Path)
		if err != nil {
			t.Fatal(err)
		}
		docs[filepath.Base(in.Path)] = string(data)
	}
	for name, doc := range docs {
		t.Run(name, func(t *testing.T) {
			want, wantErr := parseDoc(doc, "s.json", EngineQuery, LoadOptions{})
			calls := 0
			got, err := parseDoc(doc, "s.json", EngineQuery, LoadOptions{ValidUTF8: func(s string) bool { calls++; return utf8.ValidString(s) }})
			if calls != 1 {
				t.Errorf("validator called %d times, want once per document", calls)
			}
			if !reflect.DeepEqual(got, want) || !reflect.DeepEqual(err, wantErr) {
				t.Errorf("with the whole-document check: %+v, %v\nwithout: %+v, %v", got, err, want, wantErr)
			}
		})
	}
}

// When the document passes the whole-document check, only strings with
// escapes are checked again (here a validator that passes anything shows
// it: the raw bad bytes stay, the escaped string's are replaced).
func TestWholeDocumentUTF8CheckSkipsRawStrings(t *testing.T) {
	doc := `{"query":"武汉","paragraphs":[{"title":"a` + "\xff" + `","content":"b\n` + "\xff" + `"}]}`
	st, err := parseDoc(doc, "s.json", EngineQuery, LoadOptions{ValidUTF8: func(string) bool { return true }})
	if err != nil {
		t.Fatal(err)
	}
	if p := st.Paragraphs[0]; p.Title != "a\xff" || p.Content != "b\n\uFFFD" {
		t.Errorf("title %q, content %q: want the raw string unchecked, the escaped one checked", p.Title, p.Content)
	}
}

// A state saved as UTF-16 (Windows editors; with or without a byte order
// mark, either byte order) is refused as UTF-16 with a conversion hint,
// instead of "invalid character 'ÿ'"; UTF-8 with its own mark still parses.
func TestParseUTF16Named(t *testing.T) {
	doc := `{"query":"武汉大学","paragraphs":[{"title":"一"}]}`
	enc := func(bigEndian, bom bool) []byte {
		var b []byte
		if bom {
			b = append(b, 0xff, 0xfe)
			if bigEndian {
				b[0], b[1] = 0xfe, 0xff
			}
		}
		for _, r := range doc { // every rune here is in the Basic Multilingual Plane
			hi, lo := byte(r>>8), byte(r)
			if bigEndian {
				b = append(b, hi, lo)
			} else {
				b = append(b, lo, hi)
			}
		}
		return b
	}
	for _, tt := range []struct {
		name           string
		bigEndian, bom bool
	}{{"LE with mark", false, true}, {"BE with mark", true, true}, {"LE bare", false, false}, {"BE bare", true, false}} {
		_, err := Parse(enc(tt.bigEndian, tt.bom), "u16.json", EngineQuery)
		var pe *ParseError
		if !errors.As(err, &pe) || !errors.Is(err, ErrInvalid) || !strings.Contains(pe.Msg, "UTF-16") || !strings.Contains(pe.Msg, "iconv -f UTF-16") {
			t.Errorf("%s: err = %v, want a *ParseError naming UTF-16 with an iconv hint", tt.name, err)
		}
	}
	if _, err := Parse([]byte("\uFEFF"+doc), "u8.json", EngineQuery); err != nil {
		t.Errorf("UTF-8 with a byte order mark: %v", err)
	}
}

// NUL bytes that do not read as UTF-16 (a run of NULs as /dev/zero gives,
// binary, a NUL inside a JSON string) are refused as NUL bytes naming the
// byte offset of the first, not as UTF-16 text (before: "UTF-16 text, not
// UTF-8" for any NUL among the first two bytes).
func TestParseNULNotUTF16(t *testing.T) {
	for _, tt := range []struct {
		name, doc string
		offset    int
	}{
		{"zeros", strings.Repeat("\x00", 4096), 0},
		{"binary", "\x00\x00\x00garbage", 0},
		{"second byte", "{\x00\x00\x00\x00\x00", 1},
		{"in a string", `{"query":"a` + "\x00" + `b"}`, 11},
		{"after a byte order mark", "\uFEFF" + `{"query":"a` + "\x00" + `b"}`, 14}, // the file's offset
	} {
		_, err := Parse([]byte(tt.doc), "nul.json", EngineQuery)
		var pe *ParseError
		want := fmt.Sprintf("NUL bytes (the first at byte offset %d)", tt.offset)
		if !errors.As(err, &pe) || !errors.Is(err, ErrInvalid) || strings.Contains(pe.Msg, "UTF-16") ||
			!strings.Contains(pe.Msg, want) || !strings.Contains(err.Error(), "nul.json") {
			t.Errorf("%s: err = %v, want a *ParseError naming nul.json and %q, not UTF-16", tt.name, err, want)
		}
	}
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip(err)
	}
	_, err := ParseFile(Input{Engine: EngineQuery, Path: "/dev/zero"})
	if err == nil || strings.Contains(err.Error(), "UTF-16") || !strings.Contains(err.Error(), "/dev/zero: holds NUL bytes (the first at byte offset 0)") {
		t.Errorf("/dev/zero: err = %v, want NUL bytes at offset 0", err)
	}
}
