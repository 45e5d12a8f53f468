package render

import (
	"bytes"
	"flag"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"reportengine/ir"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden")

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("read golden (run go test ./render -update): %v", err)
	}
	if diff := cmp.Diff(string(want), string(got)); diff != "" {
		t.Errorf("%s mismatch (-want +got):\n%s", name, diff)
	}
}

func TestGoldenHTML(t *testing.T) {
	got, err := HTML(fullDocument())
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "full.html.golden", got)
}

func TestGoldenMarkdown(t *testing.T) {
	got, err := Markdown(fullDocument())
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "full.md.golden", got)
}

func TestNilDocument(t *testing.T) {
	if _, err := HTML(nil); err != ErrNilDocument {
		t.Errorf("HTML(nil) error = %v, want ErrNilDocument", err)
	}
	if _, err := Markdown(nil); err != ErrNilDocument {
		t.Errorf("Markdown(nil) error = %v, want ErrNilDocument", err)
	}
}

func TestDeterministicAndDoesNotMutate(t *testing.T) {
	doc := fullDocument()
	a, err := HTML(doc)
	if err != nil {
		t.Fatal(err)
	}
	b, err := HTML(doc)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a, b) {
		t.Error("HTML: two renders of the same document differ")
	}
	c, _ := HTML(fullDocument())
	if !bytes.Equal(a, c) {
		t.Error("HTML: renders of equal documents differ")
	}
	m1, _ := Markdown(doc)
	m2, _ := Markdown(fullDocument())
	if !bytes.Equal(m1, m2) {
		t.Error("Markdown: renders of equal documents differ")
	}
	if diff := cmp.Diff(fullDocument(), doc); diff != "" {
		t.Errorf("rendering modified the document (-before +after):\n%s", diff)
	}
}

func TestSelfContained(t *testing.T) {
	out, err := HTML(fullDocument())
	if err != nil {
		t.Fatal(err)
	}
	s := string(out)
	for _, want := range []string{`<html lang="zh-CN">`, "<title>新能源汽车降价舆情分析报告</title>", "@media print",
		"抽取式文本 / Extracted text", "not written by a language model", `<section class="chapter placeholder" id="section-3">`,
		"本章未能生成 / This chapter could not be generated", `<a href="#section-3">三、传播路径</a>`,
		"参考来源 / References", `<svg class="chart chart-bar"`, `<svg class="chart chart-line"`,
		`<svg class="chart chart-pie"`, `<svg class="chart chart-doughnut"`, `<svg class="chart chart-hbar"`} {
		if !strings.Contains(s, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	// Nothing is fetched at view time: no src/href to the network except
	// plain <a> links, no external stylesheet or script.
	for _, tag := range tags(s) {
		name := tagName(tag)
		if name == "a" || strings.HasPrefix(name, "/") {
			continue
		}
		if v, ok := attr(tag, "src"); ok && !strings.HasPrefix(v, "data:image/") {
			t.Errorf("<%s> loads %q", name, v)
		}
		if name == "link" || (name == "script" && strings.Contains(tag, "src")) {
			t.Errorf("external resource tag <%s>", tag)
		}
	}
	// The extractive banner is absent for a language model's report.
	doc := fullDocument()
	doc.Metadata.Generator.Extractive = false
	out2, _ := HTML(doc)
	if strings.Contains(string(out2), "not written by a language model") {
		t.Error("banner shown for a non-extractive report")
	}
}

// b27Document is the chapter of field failure B27 (the "chart" block of
// the report is a widget in our IR).
func b27Document() *ir.Document {
	return &ir.Document{
		Version: ir.Version, ReportID: "b27",
		Metadata: ir.Metadata{Title: "<script>alert(0)</script>报告", Query: "q"},
		Chapters: []ir.Chapter{{
			ChapterID: "S7", Title: "<b>网民</b>评论", Anchor: "section-7\"><script>x</script>", Order: 7,
			Blocks: []ir.Block{
				para("<img src=x onerror=alert(1)>网友留言"),
				para("原帖", ir.Mark{Type: "link", Href: "javascript:alert(1)"}),
				barWidget("w", "量", []string{"</script><script>alert(1)</script>"}, ir.Dataset{Label: "量", Data: []float64{1}}),
			},
		}},
	}
}

func TestB27Escaping(t *testing.T) {
	out, err := HTML(b27Document())
	if err != nil {
		t.Fatal(err)
	}
	s := string(out)
	for _, want := range []string{"&lt;img src=x onerror=alert(1)&gt;网友留言", "&lt;b&gt;网民&lt;/b&gt;评论", "原帖"} {
		if !strings.Contains(s, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	if strings.Contains(s, "<img") {
		t.Error("output contains a literal <img")
	}
	if strings.Contains(s, "</script><script>") {
		t.Error("output contains a literal </script><script>")
	}
	if strings.Contains(s, "<b>") {
		t.Error("output contains a literal <b>")
	}
	if strings.Contains(strings.ToLower(s), "javascript:") {
		t.Error("output contains javascript:")
	}
	checkTags(t, s)

	md, err := Markdown(b27Document())
	if err != nil {
		t.Fatal(err)
	}
	ms := string(md)
	if rawTagRE.MatchString(ms) {
		t.Errorf("Markdown carries raw HTML from the IR:\n%s", ms)
	}
	if strings.Contains(strings.ToLower(ms), "javascript:") {
		t.Error("Markdown contains javascript:")
	}
	if !strings.Contains(ms, `\<b\>网民\</b\>评论`) {
		t.Errorf("Markdown title not escaped:\n%s", ms)
	}
}

// rawTagRE finds an unescaped tag from the IR in Markdown output.
var rawTagRE = regexp.MustCompile(`(^|[^\\])</?(img|b|script)`)

// mdScriptLinkRE finds a script URL used as a Markdown link or autolink.
var mdScriptLinkRE = regexp.MustCompile(`(?i)(\]\(\s*|(^|[^\\])<)[a-z]*script:`)

// checkTags scans every tag: no event-handler attribute, and every href
// or src has an allowed scheme. Text is escaped, so each literal '<'
// starts a tag we wrote.
func checkTags(t *testing.T, s string) {
	t.Helper()
	onAttr := regexp.MustCompile(`(?i)\son[a-z]+\s*=`)
	for _, tag := range tags(s) {
		if onAttr.MatchString(tag) {
			t.Errorf("event handler attribute in <%s>", tag)
		}
		for _, name := range []string{"href", "src"} {
			v, ok := attr(tag, name)
			if !ok {
				continue
			}
			if !(strings.HasPrefix(v, "#") || strings.HasPrefix(v, "http://") || strings.HasPrefix(v, "https://") ||
				strings.HasPrefix(v, "mailto:") || strings.HasPrefix(v, "data:image/png;base64,")) {
				t.Errorf("%s=%q in <%s>", name, v, tag)
			}
		}
	}
}

// tags returns the inside of every <…> outside <style> and <script>.
func tags(s string) []string {
	var out []string
	for {
		i := strings.IndexByte(s, '<')
		if i < 0 {
			return out
		}
		s = s[i+1:]
		j := strings.IndexByte(s, '>')
		if j < 0 {
			return out
		}
		tag := s[:j]
		out = append(out, tag)
		s = s[j+1:]
		if n := tagName(tag); n == "style" || n == "script" {
			if k := strings.Index(s, "</"+n); k >= 0 {
				s = s[k:]
			}
		}
	}
}

func tagName(tag string) string {
	if i := strings.IndexAny(tag, " \n\t/"); i > 0 {
		return strings.ToLower(tag[:i])
	}
	return strings.ToLower(tag)
}

var attrRE = regexp.MustCompile(`\s([a-zA-Z-]+)="([^"]*)"`)

func attr(tag, name string) (string, bool) {
	for _, m := range attrRE.FindAllStringSubmatch(tag, -1) {
		if m[1] == name {
			return m[2], true
		}
	}
	return "", false
}

func TestB28VisibleFallback(t *testing.T) {
	doc := &ir.Document{Metadata: ir.Metadata{Title: "B28"}, Chapters: []ir.Chapter{{
		ChapterID: "S1", Title: "平台", Anchor: "s1", Blocks: []ir.Block{
			{Type: ir.TypeWidget, WidgetType: "chart.js/bar", Title: "平台分布", Data: &ir.ChartData{Labels: []string{}, Datasets: []ir.Dataset{}}},
			{Type: ir.TypeWidget, WidgetType: "chart.js/bar", Title: "无标签", Data: &ir.ChartData{Datasets: []ir.Dataset{{Label: "量", Data: []float64{3, 4}}}}},
			{Type: ir.TypeWidget, WidgetType: "chart.js/line", Title: "引用", DataRef: "ds-1"},
		}}}}
	out, err := HTML(doc)
	if err != nil {
		t.Fatal(err)
	}
	s := string(out)
	if n := strings.Count(s, "图表数据不可用 / chart data unavailable"); n != 3 {
		t.Errorf("unavailable note appears %d times, want 3", n)
	}
	if strings.Contains(s, "<svg") {
		t.Error("an unusable chart was drawn")
	}
	// The data that exists is shown as a table, opened.
	for _, want := range []string{"平台分布", `<details class="chart-data" open>`, `<td class="num">3</td>`, `<td class="num">4</td>`,
		"缺少标签 / no labels", "缺少数据系列 / no datasets", "ds-1"} {
		if !strings.Contains(s, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	md, _ := Markdown(doc)
	if n := strings.Count(string(md), "图表数据不可用 / chart data unavailable"); n != 3 {
		t.Errorf("Markdown: unavailable note appears %d times, want 3", n)
	}
}

func num(t *testing.T, s string) float64 {
	t.Helper()
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatalf("bad number %q: %v", s, err)
	}
	return f
}

func TestBarChartGeometry(t *testing.T) {
	b := barWidget("w", "t", []string{"甲", "乙", "丙"}, ir.Dataset{Label: "v", Data: []float64{10, 20, 5}})
	cv := buildChart(&b, "chart-1")
	if len(cv.Rects) != 3 {
		t.Fatalf("rects = %d, want 3", len(cv.Rects))
	}
	x0, y0, x1, y1 := cv.plot[0], cv.plot[1], cv.plot[2], cv.plot[3]
	heights := []float64{}
	for i, r := range cv.Rects {
		x, y, w, h := num(t, r.X), num(t, r.Y), num(t, r.W), num(t, r.H)
		if x < x0 || x+w > x1+0.01 || y < y0-0.01 || y+h > y1+0.01 || w <= 0 || h <= 0 {
			t.Errorf("rect %d (%v,%v,%v,%v) outside plot %v", i, x, y, w, h, cv.plot)
		}
		heights = append(heights, h)
	}
	if !(heights[1] > heights[0] && heights[0] > heights[2]) {
		t.Errorf("heights %v do not follow the data 10,20,5", heights)
	}
	if len(cv.Labels) != 3 || cv.Labels[1].Text != "乙" {
		t.Errorf("labels = %+v", cv.Labels)
	}
	out, _ := HTML(&ir.Document{Chapters: []ir.Chapter{{Title: "c", Blocks: []ir.Block{b}}}})
	if n := strings.Count(string(out), `<rect class="bar`); n != 3 {
		t.Errorf("HTML has %d bar rects, want 3", n)
	}
}

func TestNegativeBars(t *testing.T) {
	for _, kind := range []string{"bar", "horizontalBar"} {
		b := chartWidget(kind, "t", []string{"a", "b", "c"}, ir.Dataset{Data: []float64{-5, 10, -3}})
		cv := buildChart(&b, "c")
		if len(cv.Rects) != 3 {
			t.Fatalf("%s: rects = %d", kind, len(cv.Rects))
		}
		horizontal := cv.Kind == "hbar"
		// The zero axis is the first of cv.Axes.
		zero := num(t, cv.Axes[0].Y1)
		if horizontal {
			zero = num(t, cv.Axes[0].X1)
		}
		for i, want := range []float64{-5, 10, -3} {
			r := cv.Rects[i]
			pos, size := num(t, r.Y), num(t, r.H)
			if horizontal {
				pos, size = num(t, r.X), num(t, r.W)
			}
			if size <= 0 {
				t.Errorf("%s: rect %d has size %v", kind, i, size)
			}
			neg := (want < 0) != horizontal // below zero in SVG y, left of zero in x
			switch {
			case neg && math.Abs(pos-zero) > 0.01:
				t.Errorf("%s: rect %d for %v starts at %v, want the zero line %v", kind, i, want, pos, zero)
			case !neg && math.Abs(pos+size-zero) > 0.01:
				t.Errorf("%s: rect %d for %v ends at %v, want the zero line %v", kind, i, want, pos+size, zero)
			}
		}
	}
}

func TestPieAnglesSumTo360(t *testing.T) {
	for _, kind := range []string{"pie", "doughnut"} {
		b := chartWidget(kind, "t", []string{"a", "b", "c", "d"}, ir.Dataset{Data: []float64{1, 2, 3.3, 0.7}})
		cv := buildChart(&b, "c")
		if len(cv.Slices) != 4 {
			t.Fatalf("%s: slices = %d", kind, len(cv.Slices))
		}
		sum := 0.0
		for _, s := range cv.Slices {
			sum += s.Angle
		}
		if math.Abs(sum-360) > 0.01 {
			t.Errorf("%s: angles sum to %v", kind, sum)
		}
		if (cv.Hole != nil) != (kind == "doughnut") {
			t.Errorf("%s: hole = %v", kind, cv.Hole)
		}
	}
	// One value is a full circle, drawn without a degenerate arc.
	b := chartWidget("pie", "t", []string{"only"}, ir.Dataset{Data: []float64{5}})
	cv := buildChart(&b, "c")
	if len(cv.Slices) != 1 || math.Abs(cv.Slices[0].Angle-360) > 0.01 || strings.Count(cv.Slices[0].D, "A") != 2 {
		t.Errorf("single slice = %+v", cv.Slices)
	}
}

func TestLineOnePointPerLabel(t *testing.T) {
	labels := []string{"1", "2", "3", "4", "5"}
	b := chartWidget("line", "t", labels, ir.Dataset{Label: "a", Data: []float64{1, -2, 3, 0, 5}}, ir.Dataset{Label: "b", Data: []float64{2, 2, 2, 2, 2}})
	cv := buildChart(&b, "c")
	if len(cv.Lines) != 2 {
		t.Fatalf("lines = %d", len(cv.Lines))
	}
	for _, l := range cv.Lines {
		if n := len(strings.Fields(l.Points)); n != len(labels) || l.N != n {
			t.Errorf("polyline has %d points, want %d: %q", n, len(labels), l.Points)
		}
	}
}

func TestAllZeroAndOddDataHaveNoNaN(t *testing.T) {
	var blocks []ir.Block
	for _, kind := range []string{"bar", "horizontalBar", "line", "pie", "doughnut", "radar", "scatter"} {
		blocks = append(blocks,
			chartWidget(kind, "zero", []string{"a", "b"}, ir.Dataset{Data: []float64{0, 0}}),
			chartWidget(kind, "short", []string{"a", "b", "c"}, ir.Dataset{Data: []float64{1}}),
			chartWidget(kind, "inf", []string{"a", "b"}, ir.Dataset{Data: []float64{math.Inf(1), math.NaN()}}),
			chartWidget(kind, "tiny", []string{"a", "b"}, ir.Dataset{Data: []float64{1e-9, 2e-9}}),
			chartWidget(kind, "huge", []string{"a", "b"}, ir.Dataset{Data: []float64{1e12, -3e11}}),
		)
	}
	doc := &ir.Document{Chapters: []ir.Chapter{{Title: "c", Blocks: blocks}}}
	out, err := HTML(doc)
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"NaN", "Inf"} {
		if strings.Contains(string(out), bad) {
			t.Errorf("HTML contains %q", bad)
		}
	}
	md, _ := Markdown(doc)
	if strings.Contains(string(md), "NaN") {
		t.Error("Markdown contains NaN")
	}
	// All-zero pie: nothing to draw, so the visible note.
	b := chartWidget("pie", "zero", []string{"a", "b"}, ir.Dataset{Data: []float64{0, 0}})
	if cv := buildChart(&b, "c"); !cv.Unavailable || cv.HasSVG {
		t.Errorf("all-zero pie: unavailable=%v svg=%v", cv.Unavailable, cv.HasSVG)
	}
}

func TestSafeHref(t *testing.T) {
	tests := []struct {
		in   string
		want string // "" = refused
	}{
		{"https://example.com/a?b=1&c=2", "https://example.com/a?b=1&c=2"},
		{"http://example.com", "http://example.com"},
		{"HTTPS://EXAMPLE.COM/x", "HTTPS://EXAMPLE.COM/x"},
		{"mailto:press@example.com", "mailto:press@example.com"},
		{"#section-2", "#section-2"},
		{"#章节-1", ""}, // ir.IsAnchor is ASCII, as every IR anchor is (ir.Slug)
		{"#a\"b", ""}, // not an IR anchor (ir.IsSafeHref), not rewritten
		{"javascript:alert(1)", ""},
		{"JaVaScRiPt:alert(1)", ""},
		{"  javascript:alert(1)", ""},
		{"java\tscript:alert(1)", ""},
		{"java\nscript:alert(1)", ""},
		{"\x01javascript:alert(1)", ""},
		{"javascript&colon;alert(1)", ""},
		{"data:text/html,<script>alert(1)</script>", ""},
		{"data:image/png;base64,AAAA", ""},
		{"vbscript:msgbox(1)", ""},
		{"VBScript:msgbox(1)", ""},
		{"file:///etc/passwd", ""},
		{"//evil.example.com/x", ""},
		{"/relative/path", ""},
		{"relative.html", ""},
		{"https://", ""},
		{"mailto:", ""},
		{"#", ""},
		{"", ""},
		{"https:\\\\evil.example.com", ""},
		{"https://exa mple.com", ""},
		{"\u200bjavascript:alert(1)", ""},
	}
	for _, tt := range tests {
		got, ok := SafeHref(tt.in)
		if (tt.want != "") != ok || got != tt.want {
			t.Errorf("SafeHref(%q) = %q, %v; want %q", tt.in, got, ok, tt.want)
		}
	}
}

func TestLinksInRenderedOutput(t *testing.T) {
	hrefs := []string{"javascript:alert(1)", "JaVaScRiPt:alert(1)", " javascript:alert(1)", "data:text/html,x", "vbscript:x", "https://ok.example.com/"}
	var blocks []ir.Block
	for _, h := range hrefs {
		blocks = append(blocks, para("link", ir.Mark{Type: "link", Href: h}))
		blocks = append(blocks, para("md [link]("+h+") **b**"))
	}
	blocks = append(blocks,
		para("auto <javascript:alert(1)> and <https://auto.example.com> **b**"),
		para("image ![pic](https://img.example.com/p.png) and ![x](javascript:alert(1)) **b**"),
		para("raw <script>alert(1)</script> <a href=\"javascript:x\">a</a> **b**"),
	)
	doc := &ir.Document{Chapters: []ir.Chapter{{Title: "c", Blocks: blocks}}}
	out, err := HTML(doc)
	if err != nil {
		t.Fatal(err)
	}
	s := string(out)
	checkTags(t, s)
	if strings.Contains(s, "<script>alert") || strings.Contains(s, "<img") {
		t.Error("raw HTML survived")
	}
	for _, want := range []string{`href="https://ok.example.com/"`, `href="https://auto.example.com"`, `href="https://img.example.com/p.png"`, "<strong>b</strong>"} {
		if !strings.Contains(s, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	md, _ := Markdown(doc)
	if mdScriptLinkRE.Match(md) || rawTagRE.Match(md) {
		t.Errorf("Markdown: a script: link or raw tag survived:\n%s", md)
	}
}

func TestAttributeAllowLists(t *testing.T) {
	evil := `x" onmouseover="alert(1)`
	doc := &ir.Document{Chapters: []ir.Chapter{{Title: "c", Anchor: evil, Blocks: []ir.Block{
		{Type: ir.TypeHeading, Level: 9, Text: "h", Anchor: evil},
		{Type: ir.TypeParagraph, Align: evil, Inlines: []ir.Inline{
			{Text: "c1", Marks: []ir.Mark{{Type: "color", Value: "red;background:url(https://x/)"}}},
			{Text: "c2", Marks: []ir.Mark{{Type: "color", Value: "expression(alert(1))"}}},
			{Text: "c3", Marks: []ir.Mark{{Type: "font", Family: `x";}</style><script>`, Size: "99px;position:fixed", Weight: evil}}},
			{Text: "c4", Marks: []ir.Mark{{Type: "highlight", Value: "#ff0"}, {Type: "color", Value: "Crimson"}}},
			{Text: "c5", Marks: []ir.Mark{{Type: "bogus", Value: evil}}},
		}},
		{Type: ir.TypeCallout, Tone: evil, Blocks: []ir.Block{para("x")}},
		{Type: ir.TypeKPIGrid, Cols: 99, KPIItems: []ir.KPI{{Label: "k", Value: "1", Delta: "+1", DeltaTone: evil}}},
		{Type: ir.TypeTable, Rows: []ir.Row{{Cells: []ir.Cell{{Blocks: []ir.Block{para("t")}, Align: evil, Rowspan: -3, Colspan: 1 << 30}}}}},
		{Type: ir.TypeEngineQuote, Engine: evil, Title: "<i>Agent</i>", Blocks: []ir.Block{para("q")}},
		{Type: ir.TypeCode, Lang: `go"><script>`, Content: "</code></pre><script>alert(1)</script>"},
		{Type: ir.TypeSwotTable, Strengths: []ir.QuadrantItem{{Title: "s", Impact: evil}}},
		{Type: ir.TypeFigure, Img: &ir.Image{Src: "data:text/html;base64,PHN2Zz4=", Alt: evil}},
		{Type: "chart", Text: "unknown"},
	}}}}
	out, err := HTML(doc)
	if err != nil {
		t.Fatal(err)
	}
	s := string(out)
	checkTags(t, s)
	for _, bad := range []string{"onmouseover=", "url(", "expression", "99px", "<script>alert", "position:fixed", "<i>", "<img"} {
		for _, tag := range tags(s) {
			if strings.Contains(tag, bad) {
				t.Errorf("%q reached tag <%s>", bad, tag)
			}
		}
	}
	for _, want := range []string{`class="callout tone-info"`, `class="kpi-delta delta-neutral"`, `style="color: crimson"`,
		`style="background-color: #ff0"`, `<h6 id="x-onmouseover-alert-1-2">`, `class="tag tag-neutral"`, `class="engine-quote engine-other"`,
		"&lt;/code&gt;&lt;/pre&gt;&lt;script&gt;", "图片不可用 / image unavailable", "unknown block: chart"} {
		if !strings.Contains(s, want) {
			t.Errorf("output lacks %q", want)
		}
	}
}

func TestThemeTokens(t *testing.T) {
	doc := &ir.Document{
		ThemeTokens: map[string]string{
			"primary":        "</style><script>alert(1)</script>",
			"bg":             "#fff;}body{display:none",
			"secondary":      "#123456",
			"text":           "#ABC",
			"</style><x>":    "#fff",
			"fontBody":       "Comic Sans",
			"border":         "red",
			"card":           "#12345678",
			"spacing.gutter": "13.37px",
		},
		Chapters: []ir.Chapter{{Title: "c", Blocks: []ir.Block{para("x")}}},
	}
	out, err := HTML(doc)
	if err != nil {
		t.Fatal(err)
	}
	s := string(out)
	for _, bad := range []string{"</style><script>", "alert(1)", "body{display:none", "<x>", "Comic", "13.37px", "#12345678"} {
		if strings.Contains(s, bad) {
			t.Errorf("theme value %q reached the page", bad)
		}
	}
	// border "red" is a colour ir.IsSafeThemeValue accepts; card "#12345678"
	// is not (ir.IsSafeColor takes #rgb and #rrggbb only).
	if !strings.Contains(s, ":root{--secondary:#123456;--text:#abc;--border:red;}") {
		t.Errorf("validated theme declarations missing")
	}
	if strings.Count(s, "</style>") != 1 {
		t.Errorf("%d </style> in output, want 1", strings.Count(s, "</style>"))
	}
}

func TestMarkdownStructure(t *testing.T) {
	md, err := Markdown(fullDocument())
	if err != nil {
		t.Fatal(err)
	}
	s := string(md)
	for _, want := range []string{
		"# 新能源汽车降价舆情分析报告\n",
		"> [!WARNING]\n> **抽取式文本 / Extracted text**",
		"| 总声量 | 128,400 条 | ▲ +23% |",
		"- [一、舆情总览](#section-1) — 声量、平台与情感\n",
		"**新能源汽车降价**", "*微博*", "~~旧说法~~", "`engagement_rate`", "[官方公告](https://example.com/notice?a=1&b=2)",
		"**Markdown 加粗**", "[来源链接](https://example.org/post/1)", "也会写 坏链接。",
		"| 微博 | 52,000 | 偏负 \\| 争议 |",
		"> **风险提示** [warning]",
		"> **Insight Agent**",
		"```python\n",
		"$$\nS = \\frac{N_{pos} - N_{neg}}{N_{total}}\n$$",
		"| 类别 / Label | 本周 | 上周 |\n| --- | --- | --- |\n| 微博 | 52000 | 41000 |",
		"- [x] 发布说明", "- [ ] 跟进投诉",
		"[^1]: [某汽车品牌官方微博](https://weibo.com/example)",
		"> ⚠ 图表数据不可用 / chart data unavailable",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("Markdown lacks %q", want)
		}
	}
}

func TestMarkdownEscaping(t *testing.T) {
	doc := &ir.Document{Metadata: ir.Metadata{Title: "# not a heading | x"}, Chapters: []ir.Chapter{{Title: "c", Blocks: []ir.Block{
		para("# 伪标题\n- 伪列表\n1. 伪序号\n    缩进代码 *星* _下划线_ [链接](x) <b>粗</b> &amp; $x$"),
		{Type: ir.TypeTable, Rows: []ir.Row{{Cells: []ir.Cell{cell("a|b", true)}}, {Cells: []ir.Cell{cell("c\nd", false)}}}},
	}}}}
	md, err := Markdown(doc)
	if err != nil {
		t.Fatal(err)
	}
	s := string(md)
	for _, want := range []string{"# # not a heading \\| x\n", "\\# 伪标题\n\\- 伪列表\n1\\. 伪序号\n缩进代码 \\*星\\* \\_下划线\\_ \\[链接\\](x) \\<b\\>粗\\</b\\> \\&amp; \\$x\\$",
		"| a\\|b |", "| c d |"} {
		if !strings.Contains(s, want) {
			t.Errorf("Markdown lacks %q in:\n%s", want, s)
		}
	}
}

func BenchmarkHTML(b *testing.B) {
	doc := bigDocument(20)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := HTML(doc); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkMarkdown(b *testing.B) {
	doc := bigDocument(20)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Markdown(doc); err != nil {
			b.Fatal(err)
		}
	}
}

// Metadata.Notices are shown on the first screen of both outputs, every line
// escaped, blank lines dropped.
func TestNotices(t *testing.T) {
	doc := &ir.Document{
		Metadata: ir.Metadata{Title: "T", Query: "q", Notices: []string{
			"media 引擎的输入为空 / media input was empty",
			"  ",
			"a <b>x</b> & [link](javascript:alert(1)) *em*",
		}},
		Chapters: []ir.Chapter{{ChapterID: "S1", Title: "第一章", Anchor: "s1", Blocks: []ir.Block{
			{Type: ir.TypeParagraph, Inlines: []ir.Inline{{Text: "正文"}}},
		}}},
	}

	h, err := HTML(doc)
	if err != nil {
		t.Fatal(err)
	}
	html := string(h)
	box := strings.Index(html, `<div class="notices" id="notices" role="note">`)
	if box < 0 {
		t.Fatalf("no notice box in:\n%s", html)
	}
	if hero, toc := strings.Index(html, `<section class="hero"`), strings.Index(html, `<nav class="toc"`); box > hero || box > toc {
		t.Errorf("notice box at %d, after the hero (%d) or the table of contents (%d)", box, hero, toc)
	}
	for _, want := range []string{
		"注意事项 / Notices",
		"<li>media 引擎的输入为空 / media input was empty</li>",
		"<li>a &lt;b&gt;x&lt;/b&gt; &amp; [link](javascript:alert(1)) *em*</li>",
	} {
		if !strings.Contains(html, want) {
			t.Errorf("HTML lacks %q", want)
		}
	}
	if strings.Contains(html, "<b>x</b>") || strings.Contains(html, "<li>  </li>") || strings.Contains(html, "<li></li>") {
		t.Errorf("HTML has an unescaped or blank notice:\n%s", html)
	}

	m, err := Markdown(doc)
	if err != nil {
		t.Fatal(err)
	}
	md := string(m)
	want := "> [!NOTE]\n> **注意事项 / Notices**\n>\n" +
		"> - media 引擎的输入为空 / media input was empty\n" +
		"> - a \\<b\\>x\\</b\\> \\& \\[link\\](javascript:alert(1)) \\*em\\*\n\n"
	if !strings.Contains(md, want) {
		t.Errorf("Markdown lacks the notice block %q in:\n%s", want, md)
	}
	if i, toc := strings.Index(md, "> [!NOTE]"), strings.Index(md, "## 目录"); i < 0 || toc < 0 || i > toc {
		t.Errorf("notice block at %d, table of contents at %d", i, toc)
	}

	// The Markdown escapes survive a GFM renderer: no raw tag, no link.
	var out strings.Builder
	if err := markdownEngine().Convert(m, &out); err != nil {
		t.Fatal(err)
	}
	if s := out.String(); strings.Contains(s, "<b>") || strings.Contains(s, `href="javascript`) || !strings.Contains(s, "&lt;b&gt;x&lt;/b&gt;") {
		t.Errorf("Markdown notice renders unsafely:\n%s", s)
	}

	// No notices, no box.
	doc.Metadata.Notices = []string{" ", ""}
	h, _ = HTML(doc)
	m, _ = Markdown(doc)
	if strings.Contains(string(h), `class="notices"`) || strings.Contains(string(m), "[!NOTE]") {
		t.Errorf("blank notices produced a notice box")
	}
}

// Table cells must not inherit the page's overflow-wrap:anywhere: it makes
// every character a break in the column's minimum width, so a narrow column
// shows "Qu/ery". break-word keeps words whole (CJK still breaks between
// characters); only links may break anywhere, so a URL cannot widen a table.
func TestTableCellsKeepWordsWhole(t *testing.T) {
	for _, want := range []string{"word-break:normal;overflow-wrap:break-word}", "td a,th a{overflow-wrap:anywhere}"} {
		if !strings.Contains(styleCSS, want) {
			t.Errorf("style.css lacks %q", want)
		}
	}
	if strings.Contains(styleCSS, "keep-all") {
		t.Error("word-break:keep-all would stop CJK text from wrapping")
	}
}

// The Markdown KPI table has a change column only when a card has a
// change and a source column only when a card names its source, so a
// source never sits under "变化 / Change".
func TestMarkdownKPISourceColumn(t *testing.T) {
	doc := fullDocument()
	doc.Metadata.Hero.KPIs = []ir.KPI{{Label: "负面情绪", Value: "28%", Source: "统计局"}, {Label: "二次舆情反弹概率", Value: "31%→58%"}}
	md, err := Markdown(doc)
	if err != nil {
		t.Fatal(err)
	}
	want := "| 指标 / KPI | 数值 / Value | 来源 / Source |\n| --- | --- | --- |\n| 负面情绪 | 28% | 统计局 |\n| 二次舆情反弹概率 | 31%→58% |  |\n"
	if !strings.Contains(string(md), want) {
		t.Errorf("hero KPI table not found; want\n%s\nin\n%s", want, md)
	}
}
