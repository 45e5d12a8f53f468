package render

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"

	"reportengine/ir"
)

// citeRun is a citation run as the stitcher writes it.
func citeRun(n string) ir.Inline {
	return ir.Inline{Text: "[" + n + "]", Marks: []ir.Mark{{Type: ir.MarkLink, Href: "#ref-" + n, Title: "t"}, {Type: ir.MarkSuperscript}}}
}

// Citations in the Markdown export are footnotes ("[^2]") with the
// reference list as footnote definitions, no HTML inside links; a GFM
// renderer with footnotes (goldmark's extension) links each to its entry.
// A link that only looks like a citation (its number differs from its
// target, or it points elsewhere) stays a link.
func TestMarkdownCitationsAreFootnotes(t *testing.T) {
	doc := &ir.Document{
		Metadata: ir.Metadata{Title: "T", Hero: ir.Hero{KPIs: []ir.KPI{{Label: "负面情绪占比", Value: "28%", Source: "[2]"},
			{Label: "阅读量", Value: "4.8亿", Source: "[9]"}}}},
		Chapters: []ir.Chapter{{ChapterID: "S1", Title: "c", Anchor: "c", Blocks: []ir.Block{
			runs(ir.Inline{Text: "负面情绪占28%。"}, citeRun("1"), citeRun("2")),
			runs(ir.Inline{Text: "错位的链接"}, ir.Inline{Text: "[1]", Marks: []ir.Mark{{Type: ir.MarkLink, Href: "#ref-2"}}},
				ir.Inline{Text: "外链", Marks: []ir.Mark{{Type: ir.MarkLink, Href: "https://example.com/a"}}}),
		}}},
		Sources: []ir.Source{{ID: "R1", Title: "论坛发言 · 洞察引擎 · 12:23:18"}, {ID: "R2", Title: "新闻", URL: "https://example.com/n"}},
	}
	md, err := Markdown(doc)
	if err != nil {
		t.Fatal(err)
	}
	s := string(md)
	for _, want := range []string{
		"负面情绪占28%。[^1][^2]",
		"| 负面情绪占比 | 28% | [^2] |",
		"| 阅读量 | 4.8亿 | \\[9\\] |", // no reference 9: text, not a footnote without definition
		"[\\[1\\]](#ref-2)",        // number and target differ: a link
		"[外链](https://example.com/a)",
		"[^1]: 论坛发言 · 洞察引擎 · 12:23:18",
		"[^2]: [新闻](https://example.com/n)",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("Markdown lacks %q:\n%s", want, s)
		}
	}
	if strings.Contains(s, "<sup>") {
		t.Errorf("HTML inside the Markdown:\n%s", s)
	}
	var html bytes.Buffer
	if err := goldmark.New(goldmark.WithExtensions(extension.GFM, extension.Footnote)).Convert(md, &html); err != nil {
		t.Fatal(err)
	}
	h := html.String()
	// goldmark numbers footnotes by first reference (the hero's KPI table
	// comes first), so the check is by content: three references, two
	// entries, the news page's referred to twice, the forum speech's once
	if n := len(regexp.MustCompile(`class="footnote-ref"`).FindAllString(h, -1)); n != 3 {
		t.Errorf("%d footnote references, want 3 (the text's two, the KPI's one):\n%s", n, h)
	}
	entries := regexp.MustCompile(`(?s)<li id="fn:\d+">(.*?)</li>`).FindAllStringSubmatch(h, -1)
	backrefs := map[string]int{}
	for _, e := range entries {
		key := "forum"
		if strings.Contains(e[1], "新闻") {
			key = "news"
		}
		backrefs[key] = strings.Count(e[1], "footnote-backref")
	}
	if len(entries) != 2 || backrefs["news"] != 2 || backrefs["forum"] != 1 {
		t.Errorf("footnote entries %d, back references %v; want 2 entries, news 2, forum 1:\n%s", len(entries), backrefs, h)
	}
}

// A field that holds only citations — a KPI card's source, a SWOT or PEST
// item's evidence or source, as the offline writer fills them ("[61]") —
// links each to its entry of the references in the HTML (as a
// paragraph's citations do, the title escaped) and is footnotes in the
// Markdown; a number the references lack, or citations inside other
// words, stay text.
func TestCitationFieldsLinked(t *testing.T) {
	doc := &ir.Document{
		Metadata: ir.Metadata{Title: "T", Hero: ir.Hero{KPIs: []ir.KPI{{Label: "负面情绪占比", Value: "28%", Source: " [2] "},
			{Label: "阅读量", Value: "4.8亿", Source: "[9]"}, {Label: "零", Value: "0", Source: "[0]"}}}},
		Chapters: []ir.Chapter{{ChapterID: "S1", Title: "c", Anchor: "c", Blocks: []ir.Block{
			{Type: ir.TypeSwotTable, Title: "SWOT",
				Strengths:     []ir.QuadrantItem{{Title: "口碑", Evidence: "[1][2]"}},
				Weaknesses:    []ir.QuadrantItem{{Title: "周末", Evidence: "[3]"}},
				Opportunities: []ir.QuadrantItem{{Title: "团购", Evidence: "见[1]"}},
				Threats:       []ir.QuadrantItem{{Title: "低价", Detail: "九块九", Source: "[2]"}}},
		}}},
		Sources: []ir.Source{{ID: "R1", Title: "论坛发言"}, {ID: "R2", Title: `新闻 "<b>"`, URL: "https://example.com/n"}},
	}
	h, err := HTML(doc)
	if err != nil {
		t.Fatal(err)
	}
	link := func(n, title string) string {
		return `<a href="#ref-` + n + `" title="` + title + `"><sup>[` + n + `]</sup></a>`
	}
	news := "新闻 &#34;&lt;b&gt;&#34;"
	for _, want := range []string{
		`<div class="kpi-source">` + link("2", news) + `</div>`,
		`<div class="kpi-source">[9]</div>`,
		`<div class="kpi-source">[0]</div>`,
		`证据 / Evidence: ` + link("1", "论坛发言") + link("2", news) + `</div>`,
		`证据 / Evidence: [3]</div>`,
		`证据 / Evidence: 见[1]</div>`,
		`来源 / Source: ` + link("2", news) + `</div>`,
	} {
		if !bytes.Contains(h, []byte(want)) {
			t.Errorf("HTML lacks %s", want)
		}
	}
	md, err := Markdown(doc)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"| 负面情绪占比 | 28% | [^2] |",
		"| 阅读量 | 4.8亿 | \\[9\\] |",
		"| 零 | 0 | \\[0\\] |",
		"| 口碑 |  | 证据 / Evidence: [^1][^2] |",
		"| 周末 |  | 证据 / Evidence: \\[3\\] |",
		"| 团购 |  | 证据 / Evidence: 见\\[1\\] |",
		"| 低价 |  | 九块九 来源 / Source: [^2] |",
	} {
		if !bytes.Contains(md, []byte(want)) {
			t.Errorf("Markdown lacks %q:\n%s", want, md)
		}
	}
}
