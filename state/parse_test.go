package state

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"unicode/utf8"
)

// B15: null research fields are normal; order nil when missing.
func TestParseB15NullResearch(t *testing.T) {
	const input = `{"query":"某地暴雨","report_title":"暴雨舆情","paragraphs":[
  {"title":"影响","content":"交通中断。","order":2,"research":{"search_history":null,"latest_summary":null,"reflection_iteration":0}},
  {"title":"背景","content":"连续降雨。","order":1,"research":null},
  {"title":"回应","content":"启动应急响应。"}
]}`
	st, err := Parse([]byte(input), "insight.json", EngineInsight)
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	if st.Engine != EngineInsight || st.Path != "insight.json" {
		t.Errorf("Engine, Path = %q, %q; want insight, insight.json", st.Engine, st.Path)
	}
	if st.Query != "某地暴雨" || st.ReportTitle != "暴雨舆情" {
		t.Errorf("Query, ReportTitle = %q, %q", st.Query, st.ReportTitle)
	}
	if st.FinalReport != "" || st.Completed || st.CreatedAt != "" || st.UpdatedAt != "" {
		t.Errorf("missing top-level fields not zero: %+v", st)
	}
	want := []struct {
		title, content string
		order          *int
	}{
		{"影响", "交通中断。", intp(2)},
		{"背景", "连续降雨。", intp(1)},
		{"回应", "启动应急响应。", nil},
	}
	if len(st.Paragraphs) != len(want) {
		t.Fatalf("%d paragraphs, want %d", len(st.Paragraphs), len(want))
	}
	for i, w := range want {
		p := st.Paragraphs[i]
		if p.Position != i {
			t.Errorf("paragraph %d: Position = %d", i, p.Position)
		}
		if p.Title != w.title || p.Content != w.content {
			t.Errorf("paragraph %d: Title, Content = %q, %q; want %q, %q", i, p.Title, p.Content, w.title, w.content)
		}
		if (p.Order == nil) != (w.order == nil) || (p.Order != nil && *p.Order != *w.order) {
			t.Errorf("paragraph %d: Order = %s, want %s", i, fmtPtr(p.Order), fmtPtr(w.order))
		}
		if p.LatestSummary != "" || p.ReflectionIteration != 0 || p.Completed {
			t.Errorf("paragraph %d: research fields not zero: %+v", i, p)
		}
		if p.Searches != nil {
			t.Errorf("paragraph %d: Searches = %v, want nil", i, p.Searches)
		}
	}
	if n := st.RecordCount(); n != 0 {
		t.Errorf("RecordCount = %d, want 0", n)
	}
}

func TestParseAllFields(t *testing.T) {
	const input = `{
  "query": "武汉大学", "report_title": "关于'武汉大学'的深度研究报告", "final_report": "# 报告\n正文",
  "is_completed": true, "created_at": "2025-08-25T17:38:22.801378", "updated_at": "2025-08-25T18:02:14.120726",
  "unknown_top": {"nested": [1, {"x": null}]},
  "paragraphs": [ {
    "title": "樱花季", "content": "计划", "order": 0, "extra": [true],
    "research": {
      "search_history": [
        {"query": "武大 樱花", "url": "https://a.example/1", "title": "T1", "content": "C1", "score": 0.75, "timestamp": "2025-08-25T17:40:00"},
        {"query": "武大 樱花", "url": "", "title": null, "content": "C2", "score": null, "timestamp": "2025-08-25T17:40:01"},
        {}
      ],
      "latest_summary": "总结", "reflection_iteration": 2, "is_completed": true } },
    { "title": "second", "content": "", "order": 1.0, "research": {"search_history": [], "reflection_iteration": 3.0, "is_completed": false} }
  ]
}`
	st, err := Parse([]byte(input), "", EngineQuery)
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	if st.Query != "武汉大学" || st.ReportTitle != "关于'武汉大学'的深度研究报告" || st.FinalReport != "# 报告\n正文" {
		t.Errorf("Query, ReportTitle, FinalReport = %q, %q, %q", st.Query, st.ReportTitle, st.FinalReport)
	}
	if !st.Completed || st.CreatedAt != "2025-08-25T17:38:22.801378" || st.UpdatedAt != "2025-08-25T18:02:14.120726" {
		t.Errorf("Completed, CreatedAt, UpdatedAt = %v, %q, %q", st.Completed, st.CreatedAt, st.UpdatedAt)
	}
	if len(st.Paragraphs) != 2 {
		t.Fatalf("%d paragraphs, want 2", len(st.Paragraphs))
	}
	p0 := st.Paragraphs[0]
	if p0.Title != "樱花季" || p0.Content != "计划" || p0.Order == nil || *p0.Order != 0 {
		t.Errorf("paragraph 0: Title, Content, Order = %q, %q, %s", p0.Title, p0.Content, fmtPtr(p0.Order))
	}
	if p0.LatestSummary != "总结" || p0.ReflectionIteration != 2 || !p0.Completed {
		t.Errorf("paragraph 0 research: %q, %d, %v", p0.LatestSummary, p0.ReflectionIteration, p0.Completed)
	}
	wantRecs := []SearchRecord{
		{Index: 0, Query: "武大 樱花", URL: "https://a.example/1", Title: "T1", Content: "C1", Score: floatp(0.75), Timestamp: "2025-08-25T17:40:00"},
		{Index: 1, Query: "武大 樱花", URL: "", Title: "", Content: "C2", Score: nil, Timestamp: "2025-08-25T17:40:01"},
		{Index: 2},
	}
	if len(p0.Searches) != len(wantRecs) {
		t.Fatalf("paragraph 0: %d records, want %d", len(p0.Searches), len(wantRecs))
	}
	for j, w := range wantRecs {
		g := p0.Searches[j]
		if g.Index != w.Index || g.Query != w.Query || g.URL != w.URL || g.Title != w.Title || g.Content != w.Content || g.Timestamp != w.Timestamp {
			t.Errorf("record %d = %+v, want %+v", j, g, w)
		}
		if (g.Score == nil) != (w.Score == nil) || (g.Score != nil && *g.Score != *w.Score) {
			t.Errorf("record %d: Score = %s, want %s", j, fmtPtr(g.Score), fmtPtr(w.Score))
		}
	}
	p1 := st.Paragraphs[1]
	if p1.Position != 1 || p1.Order == nil || *p1.Order != 1 || p1.ReflectionIteration != 3 || p1.Completed {
		t.Errorf("paragraph 1: Position %d, Order %s, ReflectionIteration %d, Completed %v", p1.Position, fmtPtr(p1.Order), p1.ReflectionIteration, p1.Completed)
	}
	if len(p1.Searches) != 0 {
		t.Errorf("paragraph 1: %d records, want 0", len(p1.Searches))
	}
	if n := st.RecordCount(); n != 3 {
		t.Errorf("RecordCount = %d, want 3", n)
	}
}

func TestParseIntegers(t *testing.T) {
	tests := []struct {
		raw   string
		order *int
	}{
		{`0`, intp(0)},
		{`2`, intp(2)},
		{`2.0`, intp(2)},
		{`1e2`, intp(100)},
		{`-1`, intp(-1)},
		{`-0.0`, intp(0)},
		{`null`, nil},
	}
	for _, tt := range tests {
		input := `{"paragraphs":[{"order":` + tt.raw + `,"research":{"reflection_iteration":` + tt.raw + `}}]}`
		st, err := Parse([]byte(input), "s.json", EngineMedia)
		if err != nil {
			t.Errorf("order %s: %v", tt.raw, err)
			continue
		}
		p := st.Paragraphs[0]
		if (p.Order == nil) != (tt.order == nil) || (p.Order != nil && *p.Order != *tt.order) {
			t.Errorf("order %s: Order = %s, want %s", tt.raw, fmtPtr(p.Order), fmtPtr(tt.order))
		}
		wantIter := 0
		if tt.order != nil {
			wantIter = *tt.order
		}
		if p.ReflectionIteration != wantIter {
			t.Errorf("reflection_iteration %s: got %d, want %d", tt.raw, p.ReflectionIteration, wantIter)
		}
	}
	// A missing order is nil too.
	st, err := Parse([]byte(`{"paragraphs":[{"title":"x"}]}`), "", EngineMedia)
	if err != nil {
		t.Fatal(err)
	}
	if st.Paragraphs[0].Order != nil {
		t.Errorf("missing order: Order = %s, want nil", fmtPtr(st.Paragraphs[0].Order))
	}
}

func TestParseEscapes(t *testing.T) {
	const input = `{"query":"a\nb \"c\" \u4e2d\ud83d\ude00 \\ \/ \t",` +
		`"paragraphs":[{"title":"\u6b66\u6c49","research":{"search_history":[{"content":"line1\r\nline2 \"q\"","url":"https:\/\/x.example\/?a=1&b=\u0026"}]}}]}`
	st, err := Parse([]byte(input), "", EngineQuery)
	if err != nil {
		t.Fatal(err)
	}
	if want := "a\nb \"c\" 中😀 \\ / \t"; st.Query != want {
		t.Errorf("Query = %q, want %q", st.Query, want)
	}
	if want := "武汉"; st.Paragraphs[0].Title != want {
		t.Errorf("Title = %q, want %q", st.Paragraphs[0].Title, want)
	}
	r := st.Paragraphs[0].Searches[0]
	if want := "line1\r\nline2 \"q\""; r.Content != want {
		t.Errorf("Content = %q, want %q", r.Content, want)
	}
	if want := "https://x.example/?a=1&b=&"; r.URL != want {
		t.Errorf("URL = %q, want %q", r.URL, want)
	}
}

func TestParseDocumentShapes(t *testing.T) {
	tests := []struct {
		name  string
		input string
		query string
		paras int
	}{
		{"byte order mark", "\xEF\xBB\xBF{\"query\":\"q\"}", "q", 0},
		{"repeated key: last wins", `{"query":"a","query":"b"}`, "b", 0},
		{"null paragraphs", `{"query":"q","paragraphs":null}`, "q", 0},
		{"null query", `{"query":null,"paragraphs":[{}]}`, "", 1},
		{"white space around", " \n\t{\"query\":\"q\"}\r\n ", "q", 0},
		{"empty object", `{}`, "", 0},
	}
	for _, tt := range tests {
		st, err := Parse([]byte(tt.input), "s.json", EngineQuery)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if st.Query != tt.query || len(st.Paragraphs) != tt.paras {
			t.Errorf("%s: Query %q, %d paragraphs; want %q, %d", tt.name, st.Query, len(st.Paragraphs), tt.query, tt.paras)
		}
	}
}

// Wrong types are *ParseError values naming the file and the JSON path.
func TestParseWrongTypes(t *testing.T) {
	tests := []struct {
		input    string
		jsonPath string
	}{
		{`{"paragraphs": "x"}`, "paragraphs"},
		{`{"paragraphs": {}}`, "paragraphs"},
		{`{"query": 1}`, "query"},
		{`{"report_title": []}`, "report_title"},
		{`{"final_report": false}`, "final_report"},
		{`{"is_completed": "yes"}`, "is_completed"},
		{`{"created_at": 20250825}`, "created_at"},
		{`{"updated_at": {}}`, "updated_at"},
		{`{"paragraphs": [null]}`, "paragraphs[0]"},
		{`{"paragraphs": [{}, "p"]}`, "paragraphs[1]"},
		{`{"paragraphs": [{"title": 1}]}`, "paragraphs[0].title"},
		{`{"paragraphs": [{"content": ["a"]}]}`, "paragraphs[0].content"},
		{`{"paragraphs": [{"order": 2.5}]}`, "paragraphs[0].order"},
		{`{"paragraphs": [{"order": "1"}]}`, "paragraphs[0].order"},
		{`{"paragraphs": [{"order": true}]}`, "paragraphs[0].order"},
		{`{"paragraphs": [{"order": 1e400}]}`, "paragraphs[0].order"},
		{`{"paragraphs": [{"order": 99999999999999999999}]}`, "paragraphs[0].order"},
		{`{"paragraphs": [{"order": 1e19}]}`, "paragraphs[0].order"},
		{`{"paragraphs": [{"research": []}]}`, "paragraphs[0].research"},
		{`{"paragraphs": [{"research": "none"}]}`, "paragraphs[0].research"},
		{`{"paragraphs": [{"research": {"search_history": {}}}]}`, "paragraphs[0].research.search_history"},
		{`{"paragraphs": [{"research": {"latest_summary": 3}}]}`, "paragraphs[0].research.latest_summary"},
		{`{"paragraphs": [{"research": {"reflection_iteration": 1.5}}]}`, "paragraphs[0].research.reflection_iteration"},
		{`{"paragraphs": [{"research": {"reflection_iteration": "2"}}]}`, "paragraphs[0].research.reflection_iteration"},
		{`{"paragraphs": [{"research": {"is_completed": "true"}}]}`, "paragraphs[0].research.is_completed"},
		{`{"paragraphs": [{"research": {"search_history": [1]}}]}`, "paragraphs[0].research.search_history[0]"},
		{`{"paragraphs": [{"research": {"search_history": [{}, null]}}]}`, "paragraphs[0].research.search_history[1]"},
		{`{"paragraphs": [{}, {"research": {"search_history": [{}, {}, {}, {"score": "0.9"}]}}]}`, "paragraphs[1].research.search_history[3].score"},
		{`{"paragraphs": [{"research": {"search_history": [{"score": 1e999}]}}]}`, "paragraphs[0].research.search_history[0].score"},
		{`{"paragraphs": [{"research": {"search_history": [{"query": 7}]}}]}`, "paragraphs[0].research.search_history[0].query"},
		{`{"paragraphs": [{"research": {"search_history": [{"url": {}}]}}]}`, "paragraphs[0].research.search_history[0].url"},
		{`{"paragraphs": [{"research": {"search_history": [{"title": []}]}}]}`, "paragraphs[0].research.search_history[0].title"},
		{`{"paragraphs": [{"research": {"search_history": [{"content": true}]}}]}`, "paragraphs[0].research.search_history[0].content"},
		{`{"paragraphs": [{"research": {"search_history": [{"timestamp": 1.5}]}}]}`, "paragraphs[0].research.search_history[0].timestamp"},
	}
	const file = "states/media.json"
	for _, tt := range tests {
		st, err := Parse([]byte(tt.input), file, EngineMedia)
		if err == nil {
			t.Errorf("%s: no error, got state %+v", tt.input, st)
			continue
		}
		if st != nil {
			t.Errorf("%s: state %+v returned with the error", tt.input, st)
		}
		if !errors.Is(err, ErrInvalid) {
			t.Errorf("%s: error %v does not wrap ErrInvalid", tt.input, err)
		}
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Errorf("%s: error %T is not a *ParseError", tt.input, err)
			continue
		}
		if pe.Path != file || pe.JSONPath != tt.jsonPath || pe.Line != 0 || pe.Column != 0 {
			t.Errorf("%s: Path %q, JSONPath %q, Line %d, Column %d; want %q, %q, 0, 0",
				tt.input, pe.Path, pe.JSONPath, pe.Line, pe.Column, file, tt.jsonPath)
		}
		if msg := err.Error(); !strings.Contains(msg, file) || !strings.Contains(msg, tt.jsonPath) {
			t.Errorf("%s: message %q does not name %s and %s", tt.input, msg, file, tt.jsonPath)
		}
	}
}

// Invalid JSON, a top level that is not an object and empty files.
func TestParseInvalidDocuments(t *testing.T) {
	tests := []struct {
		name         string
		input        string
		line, column int
	}{
		// Columns counted by hand on the inputs (in characters).
		{"comma in array", "{\n  \"query\": \"a\",\n  \"paragraphs\": [,]\n}", 3, 18},
		{"after CJK text", `{"query": "武汉大学" x}`, 1, 18},
		{"bad literal", `{"is_completed": tru}`, 1, 21},
		{"truncated", `{"query": "a"`, 1, 13},
		{"trailing comma", "{\"query\": \"a\",\n}", 2, 1},
		{"control char in string", "{\"query\": \"a\tb\"}", 1, 13},
		{"trailing garbage", `{"query": "a"} {}`, 1, 16},
		{"single quotes", `{'query': 'a'}`, 1, 2},
		{"top level array", `[{"query": "a"}]`, 0, 0},
		{"top level string", `"x"`, 0, 0},
		{"top level number", `12`, 0, 0},
		{"top level null", `null`, 0, 0},
		{"empty file", ``, 0, 0},
		{"white space only", " \n\t\r\n", 0, 0},
		{"byte order mark only", "\xEF\xBB\xBF", 0, 0},
	}
	const file = "q/state.json"
	for _, tt := range tests {
		st, err := Parse([]byte(tt.input), file, EngineQuery)
		if err == nil {
			t.Errorf("%s: no error, got %+v", tt.name, st)
			continue
		}
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Errorf("%s: error %T %v is not a *ParseError", tt.name, err, err)
			continue
		}
		if !errors.Is(err, ErrInvalid) {
			t.Errorf("%s: error does not wrap ErrInvalid", tt.name)
		}
		if pe.Path != file || pe.JSONPath != "" || pe.Line != tt.line || pe.Column != tt.column {
			t.Errorf("%s: Path %q, JSONPath %q, Line %d, Column %d; want %q, \"\", %d, %d",
				tt.name, pe.Path, pe.JSONPath, pe.Line, pe.Column, file, tt.line, tt.column)
		}
		if pe.Msg == "" {
			t.Errorf("%s: empty Msg", tt.name)
		}
		if wantEmpty := strings.TrimLeft(tt.input, "\xEF\xBB\xBF \n\t\r") == ""; pe.Empty != wantEmpty {
			t.Errorf("%s: Empty = %v, want %v", tt.name, pe.Empty, wantEmpty)
		}
		if !strings.Contains(err.Error(), file) {
			t.Errorf("%s: message %q does not name the file", tt.name, err)
		}
	}
}

func TestParseUnknownEngine(t *testing.T) {
	for _, e := range []Engine{"", "host", "Query", "forum"} {
		_, err := Parse([]byte(`{}`), "x.json", e)
		if !errors.Is(err, ErrUnknownEngine) {
			t.Errorf("engine %q: error %v, want ErrUnknownEngine", e, err)
		}
	}
}

// The state does not depend on a copy of the input being made: parsing
// twice from separate buffers gives equal states, and the input is left
// unchanged.
func TestParseLeavesInputUnchanged(t *testing.T) {
	input := []byte(`{"query":"q\u4e2d","paragraphs":[{"title":"t","research":{"search_history":[{"content":"c","score":1}]}}]}`)
	orig := bytes.Clone(input)
	if _, err := Parse(input, "", EngineQuery); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(input, orig) {
		t.Errorf("Parse modified its input: %q", input)
	}
}

func FuzzParse(f *testing.F) {
	seeds := []string{
		``,
		`{}`,
		`[]`,
		`null`,
		`{"paragraphs":"x"}`,
		`{"paragraphs":[null]}`,
		`{"paragraphs":[{"order":2.5}]}`,
		`{"paragraphs":[{"order":1e400,"research":{"reflection_iteration":-0.0}}]}`,
		`{"query":"a\u4e2d\"\\","paragraphs":[{"title":"t","content":"c","order":0,"research":{"search_history":[{"query":"q","url":"","title":null,"content":"x","score":null,"timestamp":"t"},{"score":0.5}],"latest_summary":"s","reflection_iteration":1,"is_completed":true}}]}`,
		`{"query":"某地暴雨","paragraphs":[{"research":null},{"research":{"search_history":null}}]}`,
		"\xEF\xBB\xBF{\"query\":\"q\"}",
		`{"query": "a"`,
		`{"a":[[[[{}]]]],"query":"\ud800"}`,
		"{\"query\":\"\xff\xfe\"}",
	}
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		st, err := Parse(data, "fuzz.json", EngineInsight)
		body := bytes.TrimPrefix(data, []byte("\xEF\xBB\xBF"))
		if err != nil {
			if st != nil {
				t.Errorf("state returned with error %v", err)
			}
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %T %v is not a *ParseError", err, err)
			}
			if (pe.Line == 0) != (pe.Column == 0) {
				t.Errorf("Line %d, Column %d: set together or not at all", pe.Line, pe.Column)
			}
			// A valid JSON object can only fail on a wrong type at a path.
			if pe.JSONPath == "" && json.Valid(body) && bytes.TrimLeft(body, " \t\r\n")[0] == '{' {
				t.Errorf("error %v on a JSON object that encoding/json accepts: %q", err, data)
			}
			return
		}
		if !json.Valid(body) {
			t.Errorf("accepted input that encoding/json rejects: %q", data)
		}
		if utf8.Valid(body) { // encoding/json replaces invalid UTF-8
			matchGeneric(t, body, st)
		}
		for i, p := range st.Paragraphs {
			if p.Position != i {
				t.Errorf("paragraph %d has Position %d", i, p.Position)
			}
			for j, r := range p.Searches {
				if r.Index != j {
					t.Errorf("paragraph %d record %d has Index %d", i, j, r.Index)
				}
			}
		}
	})
}

func intp(n int) *int           { return &n }
func floatp(f float64) *float64 { return &f }

// fmtPtr shows a pointer's value, or nil, for test messages.
func fmtPtr[T any](p *T) string {
	if p == nil {
		return "nil"
	}
	b, _ := json.Marshal(*p)
	return string(b)
}

// The State owns its text: overwriting the input after Parse changes
// nothing in it.
func TestParseDoesNotKeepInput(t *testing.T) {
	data := []byte(`{"query":"某地暴雨","report_title":"标题","paragraphs":[{"title":"影响","content":"交通中断。","research":{"search_history":[{"query":"暴雨 交通","url":"https://x.example/1","title":"t","content":"正文内容","timestamp":"2025"}],"latest_summary":"摘要"}}]}`)
	st, err := Parse(data, "x.json", EngineQuery)
	if err != nil {
		t.Fatal(err)
	}
	for i := range data {
		data[i] = 'x'
	}
	r := st.Paragraphs[0].Searches[0]
	got := []string{st.Query, st.ReportTitle, st.Paragraphs[0].Title, st.Paragraphs[0].Content, st.Paragraphs[0].LatestSummary, r.Query, r.URL, r.Title, r.Content, r.Timestamp}
	want := []string{"某地暴雨", "标题", "影响", "交通中断。", "摘要", "暴雨 交通", "https://x.example/1", "t", "正文内容", "2025"}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("field %d after overwriting the input: got %q, want %q", i, got[i], want[i])
		}
	}
}
