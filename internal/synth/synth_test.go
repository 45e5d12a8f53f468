package synth

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// Mirrors of the state schema. Pointer fields must be present; unknown
// fields are rejected.
type stateJSON struct {
	Query       *string         `json:"query"`
	ReportTitle *string         `json:"report_title"`
	Paragraphs  []paragraphJSON `json:"paragraphs"`
	FinalReport *string         `json:"final_report"`
	IsCompleted *bool           `json:"is_completed"`
	CreatedAt   *string         `json:"created_at"`
	UpdatedAt   *string         `json:"updated_at"`
}

type paragraphJSON struct {
	Title    *string `json:"title"`
	Content  *string `json:"content"`
	Research *struct {
		SearchHistory       []recordJSON `json:"search_history"`
		LatestSummary       *string      `json:"latest_summary"`
		ReflectionIteration *int         `json:"reflection_iteration"`
		IsCompleted         *bool        `json:"is_completed"`
	} `json:"research"`
	Order *int `json:"order"`
}

type recordJSON struct {
	Query     *string         `json:"query"`
	URL       *string         `json:"url"`
	Title     *string         `json:"title"`
	Content   *string         `json:"content"`
	Score     json.RawMessage `json:"score"`
	Timestamp *string         `json:"timestamp"`
}

func write(t testing.TB, engine string, cfg Config) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := WriteState(&b, engine, cfg); err != nil {
		t.Fatalf("WriteState(%s): %v", engine, err)
	}
	return b.Bytes()
}

// decode parses a state strictly and checks that every field is present.
func decode(t *testing.T, data []byte) *stateJSON {
	t.Helper()
	if !utf8.Valid(data) {
		t.Fatal("output is not valid UTF-8")
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var s stateJSON
	if err := dec.Decode(&s); err != nil {
		t.Fatalf("invalid state JSON: %v", err)
	}
	if dec.More() {
		t.Fatal("trailing data after the state object")
	}
	if s.Query == nil || s.ReportTitle == nil || s.Paragraphs == nil || s.FinalReport == nil ||
		s.IsCompleted == nil || s.CreatedAt == nil || s.UpdatedAt == nil {
		t.Fatalf("missing top-level field: %+v", s)
	}
	for i, p := range s.Paragraphs {
		if p.Title == nil || p.Content == nil || p.Research == nil || p.Order == nil {
			t.Fatalf("paragraph %d: missing field", i)
		}
		r := p.Research
		if r.SearchHistory == nil || r.LatestSummary == nil || r.ReflectionIteration == nil || r.IsCompleted == nil {
			t.Fatalf("paragraph %d: missing research field", i)
		}
		for k, rec := range r.SearchHistory {
			if rec.Query == nil || rec.URL == nil || rec.Title == nil || rec.Content == nil ||
				rec.Score == nil || rec.Timestamp == nil {
				t.Fatalf("paragraph %d record %d: missing field", i, k)
			}
		}
	}
	return &s
}

func records(s *stateJSON) []recordJSON {
	var out []recordJSON
	for _, p := range s.Paragraphs {
		out = append(out, p.Research.SearchHistory...)
	}
	return out
}

func queryKey(q string) string { return strings.ToLower(strings.TrimSpace(q)) }

func TestWriteStateSchemaAndCounts(t *testing.T) {
	cfg := Config{Paragraphs: 3, Records: 40, Queries: 4, Seed: 7, Topic: "咖啡市场"}
	for _, engine := range engineNames {
		t.Run(engine, func(t *testing.T) {
			data := write(t, engine, cfg)
			s := decode(t, data)

			// Pretty-printed with indent 2, like json.dump(indent=2).
			var compact, indented bytes.Buffer
			if err := json.Compact(&compact, data); err != nil {
				t.Fatal(err)
			}
			if err := json.Indent(&indented, compact.Bytes(), "", "  "); err != nil {
				t.Fatal(err)
			}
			indented.WriteByte('\n')
			if !bytes.Equal(indented.Bytes(), data) {
				t.Error("output is not in the canonical indent-2 layout")
			}

			if *s.Query != cfg.Topic || *s.ReportTitle != "关于'咖啡市场'的深度研究报告" || !*s.IsCompleted {
				t.Errorf("header: query %q, title %q, completed %v", *s.Query, *s.ReportTitle, *s.IsCompleted)
			}
			if !strings.HasPrefix(*s.FinalReport, "# ") || !strings.Contains(*s.FinalReport, "\n## ") {
				t.Errorf("final_report is not a markdown report: %.80q", *s.FinalReport)
			}
			created, err1 := time.Parse(tsLayout, *s.CreatedAt)
			updated, err2 := time.Parse(tsLayout, *s.UpdatedAt)
			if err1 != nil || err2 != nil || !created.Before(updated) {
				t.Errorf("created_at %q, updated_at %q", *s.CreatedAt, *s.UpdatedAt)
			}
			if len(s.Paragraphs) != cfg.Paragraphs {
				t.Fatalf("paragraphs = %d, want %d", len(s.Paragraphs), cfg.Paragraphs)
			}
			last := created
			for i, p := range s.Paragraphs {
				if *p.Order != i {
					t.Errorf("paragraph %d: order %d", i, *p.Order)
				}
				if *p.Title == "" || *p.Content == "" || *p.Research.LatestSummary == "" {
					t.Errorf("paragraph %d: empty text", i)
				}
				if !strings.Contains(*s.FinalReport, "## "+*p.Title+"\n\n"+*p.Research.LatestSummary) {
					t.Errorf("paragraph %d is not in final_report", i)
				}
				h := p.Research.SearchHistory
				if len(h) != cfg.Records {
					t.Fatalf("paragraph %d: %d records, want %d", i, len(h), cfg.Records)
				}
				distinct := map[string]bool{}
				for k, r := range h {
					key := queryKey(*r.Query)
					// One record per search result: a query's records are
					// consecutive.
					if distinct[key] && queryKey(*h[k-1].Query) != key {
						t.Errorf("paragraph %d record %d: query %q is not in one block", i, k, *r.Query)
					}
					distinct[key] = true
					if !strings.HasPrefix(*r.Query, cfg.Topic+" ") {
						t.Errorf("query %q does not start with the topic", *r.Query)
					}
					ts, err := time.Parse(tsLayout, *r.Timestamp)
					if err != nil || ts.Before(last) {
						t.Errorf("record timestamp %q (previous %v)", *r.Timestamp, last)
					}
					last = ts
					if *r.Title == "" || *r.Content == "" {
						t.Errorf("paragraph %d record %d: empty title or content", i, k)
					}
					checkScore(t, engine, r.Score)
				}
				if len(distinct) != cfg.Queries {
					t.Errorf("paragraph %d: %d distinct queries, want %d", i, len(distinct), cfg.Queries)
				}
			}
		})
	}
}

func checkScore(t *testing.T, engine string, raw json.RawMessage) {
	t.Helper()
	if engine == "media" {
		if string(raw) != "null" {
			t.Errorf("media score = %s, want null", raw)
		}
		return
	}
	var f float64
	if err := json.Unmarshal(raw, &f); err != nil || f < 0 || f > 1 || !bytes.Contains(raw, []byte(".")) {
		t.Errorf("%s score = %s, want a float in [0,1] written with a decimal point", engine, raw)
	}
}

func TestDeterministic(t *testing.T) {
	cfg := Config{Paragraphs: 2, Records: 30, Seed: 42}
	for _, engine := range engineNames {
		a, b := write(t, engine, cfg), write(t, engine, cfg)
		if !bytes.Equal(a, b) {
			t.Errorf("%s: same config gave different bytes", engine)
		}
		other := cfg
		other.Seed = 43
		if bytes.Equal(a, write(t, engine, other)) {
			t.Errorf("%s: seeds 42 and 43 gave the same bytes", engine)
		}
	}
	if bytes.Equal(write(t, "query", cfg), write(t, "insight", cfg)) {
		t.Error("query and insight gave the same bytes")
	}
}

func TestURLShare(t *testing.T) {
	base := Config{Paragraphs: 3, Records: 100, Seed: 3}

	none := base
	none.URLShare = -1
	for _, engine := range engineNames {
		for _, r := range records(decode(t, write(t, engine, none))) {
			if *r.URL != "" {
				t.Fatalf("%s: URLShare<0 gave url %q", engine, *r.URL)
			}
		}
	}

	all := base
	all.URLShare, all.SharedURLs = 1, -1
	seen := map[string]bool{}
	for _, r := range records(decode(t, write(t, "query", all))) {
		if *r.URL == "" {
			t.Fatal("URLShare 1 gave a record without a URL")
		}
		if seen[*r.URL] {
			t.Fatalf("SharedURLs<0 repeated %q", *r.URL)
		}
		seen[*r.URL] = true
	}

	// Defaults: about 90% of records have a URL, some URLs repeat (with the
	// same title), and some URLs are shared across engines.
	urls := map[string]map[string]bool{}
	for _, engine := range engineNames {
		recs := records(decode(t, write(t, engine, base)))
		titles, uses, withURL := map[string]string{}, map[string]int{}, 0
		for _, r := range recs {
			if *r.URL == "" {
				continue
			}
			withURL++
			uses[*r.URL]++
			if tt, ok := titles[*r.URL]; ok && tt != *r.Title {
				t.Errorf("%s: %s has titles %q and %q", engine, *r.URL, tt, *r.Title)
			}
			titles[*r.URL] = *r.Title
			if !regexp.MustCompile(`^https://[a-z]+\.example\.(com|org|net)/`).MatchString(*r.URL) {
				t.Errorf("%s: URL %q is not on a reserved example domain", engine, *r.URL)
			}
			if urls[*r.URL] == nil {
				urls[*r.URL] = map[string]bool{}
			}
			urls[*r.URL][engine] = true
		}
		if share := float64(withURL) / float64(len(recs)); share < 0.8 || share > 0.97 {
			t.Errorf("%s: URL share %.2f, want about %.2f", engine, share, DefaultURLShare)
		}
		if len(uses) == withURL {
			t.Errorf("%s: no URL was reused", engine)
		}
	}
	crossEngine := 0
	for _, engines := range urls {
		if len(engines) == len(engineNames) {
			crossEngine++
		}
	}
	if crossEngine == 0 {
		t.Error("no URL is shared by all three engines")
	}
}

func TestInsightPosts(t *testing.T) {
	cfg := Config{Paragraphs: 4, Records: 100, URLShare: 0.3, SharedURLs: 0.3, Seed: 5}
	s := decode(t, write(t, "insight", cfg))
	where := map[string]map[int]bool{}
	for i, p := range s.Paragraphs {
		for _, r := range p.Research.SearchHistory {
			if *r.URL != "" {
				continue
			}
			if *r.Title != *r.Content {
				t.Fatalf("URL-less insight record: title %q != content %q", *r.Title, *r.Content)
			}
			if where[*r.Content] == nil {
				where[*r.Content] = map[int]bool{}
			}
			where[*r.Content][i] = true
		}
	}
	repeated := 0
	for _, ps := range where {
		if len(ps) > 1 {
			repeated++
		}
	}
	if repeated == 0 {
		t.Error("no URL-less post repeats across paragraphs")
	}
}

func TestQueriesAndEmpty(t *testing.T) {
	s := decode(t, write(t, "query", Config{Paragraphs: 2, Records: 3, Queries: 10, Seed: 1}))
	for i, p := range s.Paragraphs {
		d := map[string]bool{}
		for _, r := range p.Research.SearchHistory {
			d[queryKey(*r.Query)] = true
		}
		if len(d) != 3 {
			t.Errorf("paragraph %d: %d distinct queries, want 3 (Queries capped at Records)", i, len(d))
		}
	}
	s = decode(t, write(t, "insight", Config{Paragraphs: 2, Records: 0, Seed: 1}))
	for _, p := range s.Paragraphs {
		if len(p.Research.SearchHistory) != 0 {
			t.Error("Records 0 gave records")
		}
	}
	s = decode(t, write(t, "media", Config{Seed: 1}))
	if len(s.Paragraphs) != 0 || *s.Query != DefaultTopic {
		t.Errorf("empty config: %d paragraphs, query %q", len(s.Paragraphs), *s.Query)
	}
}

func TestTopicEscaping(t *testing.T) {
	for _, topic := range []string{"say \"hi\" \\ now\n\ttab\x01", "bad\xffutf8", "<b>&</b> \u2028"} {
		s := decode(t, write(t, "query", Config{Paragraphs: 1, Records: 2, Topic: topic}))
		want := strings.ToValidUTF8(topic, "\uFFFD")
		if *s.Query != want {
			t.Errorf("query = %q, want %q", *s.Query, want)
		}
		if !strings.Contains(*s.FinalReport, want) {
			t.Errorf("final_report lacks the topic %q", want)
		}
	}
}

func TestMarkers(t *testing.T) {
	// No marker can come out of ordinary text: a CJK marker's first rune and
	// an ASCII marker as a whole (in any case) occur in no other string the
	// generator writes.
	var pieces []string
	for _, ws := range [][]word{zhWords, fnWords, enWords} {
		for _, w := range ws {
			pieces = append(pieces, w.s)
		}
	}
	for _, l := range [][]string{queryPrefixes, mediaPrefixes, insightTags, numberUnits, clausePunct, sentencePunct, hostOrdinals[:], forumSpeakers[:]} {
		pieces = append(pieces, l...)
	}
	pieces = append(pieces, " - 示例新闻网", reportTitle(""), "（本报告由 synth 包合成，仅供测试。）", "ForumEngine 监控开始 论坛结束 SYSTEM HOST")
	for _, m := range Markers() {
		for _, p := range pieces {
			if m.Word[0] < 0x80 {
				if strings.Contains(strings.ToLower(p), strings.ToLower(m.Word)) {
					t.Errorf("marker %q occurs in %q", m.Word, p)
				}
			} else if r, _ := utf8.DecodeRuneInString(m.Word); strings.ContainsRune(p, r) {
				t.Errorf("first rune of marker %q occurs in %q", m.Word, p)
			}
		}
	}

	// Rates over 6000 records; markers only ever appear in content.
	cfg := Config{Paragraphs: 6, Records: 1000, URLShare: 1, Seed: 11}
	s := decode(t, write(t, "query", cfg))
	counts := map[string]int{}
	n := 0
	for _, p := range s.Paragraphs {
		for _, m := range Markers() {
			for _, f := range []string{*p.Title, *p.Content, *p.Research.LatestSummary} {
				if strings.Contains(f, m.Word) {
					t.Errorf("marker %q outside record content", m.Word)
				}
			}
		}
		for _, r := range p.Research.SearchHistory {
			n++
			for _, m := range Markers() {
				if c := strings.Count(*r.Content, m.Word); c > 1 {
					t.Errorf("marker %q occurs %d times in one record", m.Word, c)
				} else if c == 1 {
					counts[m.Word]++
				}
				if strings.Contains(*r.Title, m.Word) || strings.Contains(*r.Query, m.Word) {
					t.Errorf("marker %q in a title or query", m.Word)
				}
			}
		}
	}
	for _, m := range Markers() {
		got := float64(counts[m.Word]) / float64(n)
		lo, hi := m.Share*0.85, m.Share*1.15
		if m.Share < 0.01 {
			lo, hi = 0, m.Share*5 // expected 6 hits: only bound it
		}
		if got < lo || got > hi {
			t.Errorf("marker %q in %.4f of records, want about %.4f", m.Word, got, m.Share)
		}
	}
}

func TestContentLength(t *testing.T) {
	cfg := Config{Paragraphs: 2, Records: 500, ContentRunes: 80, Seed: 9}
	recs := records(decode(t, write(t, "media", cfg)))
	total, long := 0, 0
	for _, r := range recs {
		n := utf8.RuneCountInString(*r.Content)
		total += n
		if n > 100 {
			long++
		}
	}
	mean := float64(total) / float64(len(recs))
	if mean < 72 || mean > 88 {
		t.Errorf("mean content length %.1f runes, want about 80", mean)
	}
	if long == 0 || long == len(recs) {
		t.Errorf("content lengths do not vary (%d of %d over 100 runes)", long, len(recs))
	}
}

func TestErrors(t *testing.T) {
	if err := WriteState(&bytes.Buffer{}, "host", Config{}); err == nil {
		t.Error("unknown engine accepted")
	}
	if err := WriteState(&bytes.Buffer{}, "query", Config{Records: -1}); err == nil {
		t.Error("negative Records accepted")
	}
	if err := WriteForum(&bytes.Buffer{}, -1, 0); err == nil {
		t.Error("negative forum entries accepted")
	}
	boom := errors.New("disk full")
	err := WriteState(&failWriter{after: 100_000, err: boom}, "query", Config{Paragraphs: 5, Records: 200})
	if !errors.Is(err, boom) {
		t.Errorf("write error = %v, want %v", err, boom)
	}
}

type failWriter struct {
	after int
	err   error
}

func (w *failWriter) Write(p []byte) (int, error) {
	if len(p) > w.after {
		return w.after, w.err
	}
	w.after -= len(p)
	return len(p), nil
}

func TestBoundedMemory(t *testing.T) {
	allocs := func(records int) float64 {
		cfg := Config{Paragraphs: 2, Records: records, Seed: 1}
		return testing.AllocsPerRun(3, func() {
			if err := WriteState(discard{}, "insight", cfg); err != nil {
				t.Fatal(err)
			}
		})
	}
	small, large := allocs(100), allocs(3000)
	if large > small+20 {
		t.Errorf("allocations grow with the record count: %v for 100 records, %v for 3000", small, large)
	}
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }

var forumLine = regexp.MustCompile(`^\[(\d{2}:\d{2}:\d{2})\]\s*\[(\w+)\]\s*(.+)$`)

func TestWriteForum(t *testing.T) {
	var a, b bytes.Buffer
	if err := WriteForum(&a, 10, 3); err != nil {
		t.Fatal(err)
	}
	if err := WriteForum(&b, 10, 3); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("same seed gave different forum logs")
	}
	text := a.String()
	if strings.ContainsRune(text, '\r') || !strings.HasSuffix(text, "\n") {
		t.Error("forum log has a CR or lacks the final newline")
	}
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	if len(lines) != 12 {
		t.Fatalf("%d lines, want 12", len(lines))
	}
	speakers := map[string]int{}
	escaped := 0
	for i, l := range lines {
		m := forumLine.FindStringSubmatch(l)
		if m == nil {
			t.Fatalf("line %d does not parse: %.60q", i, l)
		}
		speakers[m[2]]++
		if strings.Contains(m[3], `\n`) {
			escaped++
		}
	}
	if !strings.Contains(lines[0], "[SYSTEM] === ForumEngine 监控开始 - 2024-10-01 10:00:00 ===") ||
		!strings.Contains(lines[11], "[SYSTEM] === ForumEngine 论坛结束 - 2024-10-01 ") {
		t.Errorf("banners: %q / %q", lines[0], lines[11])
	}
	want := map[string]int{"SYSTEM": 2, "HOST": 2, "QUERY": 3, "MEDIA": 3, "INSIGHT": 2}
	if fmt.Sprint(speakers) != fmt.Sprint(want) {
		t.Errorf("speakers = %v, want %v", speakers, want)
	}
	if escaped != 10 {
		t.Errorf("%d speeches contain an escaped line break, want 10", escaped)
	}
	var c bytes.Buffer
	if err := WriteForum(&c, 10, 4); err != nil || bytes.Equal(a.Bytes(), c.Bytes()) {
		t.Errorf("seeds 3 and 4 gave the same forum log (err %v)", err)
	}
}

func TestWriteAll(t *testing.T) {
	dir := t.TempDir()
	cfg := Config{Paragraphs: 2, Records: 10, Seed: 8, Topic: "咖啡 市场/测试!"}
	paths, err := WriteAll(dir, cfg, 6)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		filepath.Join(dir, "query_engine_streamlit_reports", "state_咖啡_市场测试_bench.json"),
		filepath.Join(dir, "media_engine_streamlit_reports", "state_咖啡_市场测试_bench.json"),
		filepath.Join(dir, "insight_engine_streamlit_reports", "state_咖啡_市场测试_bench.json"),
		filepath.Join(dir, "logs", "forum.log"),
	}
	if fmt.Sprint(paths) != fmt.Sprint(want) {
		t.Fatalf("paths = %v, want %v", paths, want)
	}
	for i, engine := range engineNames {
		data, err := os.ReadFile(paths[i])
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(data, write(t, engine, cfg)) {
			t.Errorf("%s file differs from WriteState output", engine)
		}
	}
	data, err := os.ReadFile(paths[3])
	if err != nil || strings.Count(string(data), "\n") != 8 {
		t.Errorf("forum.log: %d lines, err %v", strings.Count(string(data), "\n"), err)
	}
	if _, err := WriteAll(dir, cfg, -1); err == nil {
		t.Error("negative forum entries accepted")
	}
}

func TestFileTopic(t *testing.T) {
	for in, want := range map[string]string{
		"李明咖啡店":                 "李明咖啡店",
		"a b  c ":               "a_b__c",
		"x/y:z?":                "xyz",
		"":                      "report",
		"!!!":                   "report",
		strings.Repeat("长", 40): strings.Repeat("长", 30),
		"Ⅻ½-ok_":                "Ⅻ½-ok_",
		"  lead":                "__lead",
	} {
		if got := FileTopic(in); got != want {
			t.Errorf("FileTopic(%q) = %q, want %q", in, got, want)
		}
	}
}

func BenchmarkWriteState(b *testing.B) {
	cfg := Config{Paragraphs: 10, Records: 500, Seed: 1}
	for _, engine := range engineNames {
		b.Run(engine, func(b *testing.B) {
			var c counter
			if err := WriteState(&c, engine, cfg); err != nil {
				b.Fatal(err)
			}
			b.SetBytes(c.n)
			b.ReportAllocs()
			for b.Loop() {
				if err := WriteState(discard{}, engine, cfg); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

type counter struct{ n int64 }

func (c *counter) Write(p []byte) (int, error) { c.n += int64(len(p)); return len(p), nil }
