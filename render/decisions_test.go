package render

import (
	"strings"
	"testing"

	"reportengine/ir"
)

// Lines of text that would open a Markdown block are escaped: "===" or
// "---" under a line makes it a setext heading, "+ " a list, "2) " an
// ordered list. The expected text is written out by hand.
func TestMarkdownEscapesEveryBlockOpener(t *testing.T) {
	doc := &ir.Document{Chapters: []ir.Chapter{{Title: "c", Blocks: []ir.Block{
		para("结论\n=== 等号行\n+ 加号行\n2) 括号序号\n  == 缩进等号"),
	}}}}
	md, err := Markdown(doc)
	if err != nil {
		t.Fatal(err)
	}
	want := "结论\n\\=== 等号行\n\\+ 加号行\n2\\) 括号序号\n\\== 缩进等号"
	if !strings.Contains(string(md), want) {
		t.Errorf("Markdown lacks %q in:\n%s", want, md)
	}
}

// A figure whose data:image source holds a quote is neither an <img> nor
// a link: the quote could end the attribute. Expected by hand, not from
// ir.IsSafeImageSrc (TestPolicyMatchesIR compares the two).
func TestFigureWithQuotedDataURLDropped(t *testing.T) {
	for _, tc := range []struct {
		src string
		img bool
	}{
		{"data:image/png;base64,iVBORw0KGgo=", true},
		{`data:image/png;base64,"onerror=alert(1)`, false},
		{`data:image/png;base64,'onerror=alert(1)`, false},
	} {
		doc := &ir.Document{Chapters: []ir.Chapter{{ChapterID: "S1", Title: "c", Anchor: "c",
			Blocks: []ir.Block{{Type: ir.TypeFigure, Img: &ir.Image{Src: tc.src, Alt: "ALT"}}}}}}
		out, err := HTML(doc)
		if err != nil {
			t.Fatal(err)
		}
		s := string(out)
		if got := strings.Contains(s, "<img"); got != tc.img {
			t.Errorf("%q: <img> %v, want %v", tc.src, got, tc.img)
		}
		if !tc.img && strings.Contains(s, "onerror") {
			t.Errorf("%q: the source appears in the page", tc.src)
		}
	}
}

// Markdown edges, each written out by hand: a line break inside a table
// cell becomes a space (a raw one would end the row), an ordered-list
// number of up to nine digits is escaped (CommonMark's limit; ten digits
// open no list), and a link target's parentheses are percent-encoded so
// ")" cannot end it early.
func TestMarkdownEdges(t *testing.T) {
	doc := &ir.Document{Chapters: []ir.Chapter{{Title: "c", Blocks: []ir.Block{
		{Type: ir.TypeTable, Rows: []ir.Row{{Cells: []ir.Cell{cell("行一\n行二", false), cell("x|y", false)}}}},
		para("123456789. 九位\n1234567890. 十位"),
		para("见", ir.Mark{Type: "link", Href: "https://a.example/wiki/Foo_(bar)"}),
	}}}}
	md, err := Markdown(doc)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"| 行一 行二 | x\\|y |",
		"123456789\\. 九位\n1234567890. 十位",
		"(https://a.example/wiki/Foo_%28bar%29)",
	} {
		if !strings.Contains(string(md), want) {
			t.Errorf("Markdown lacks %q in:\n%s", want, md)
		}
	}
}

// Control characters of untrusted text are left out of both outputs: an
// escape sequence in a scraped title recoloured the terminal that showed
// report.md (new-user trial 38). Line breaks and tabs stay; the printable
// rest of the sequence stays as text.
func TestControlsLeftOut(t *testing.T) {
	doc := &ir.Document{Chapters: []ir.Chapter{{Title: "标题\x1b]0;pwned\x07", Blocks: []ir.Block{
		para("红色\x1b[31m警告\x1b[0m，下一行\u0085结束\x7f。"),
	}}}}
	md, err := Markdown(doc)
	if err != nil {
		t.Fatal(err)
	}
	page, err := HTML(doc)
	if err != nil {
		t.Fatal(err)
	}
	for name, out := range map[string][]byte{"Markdown": md, "HTML": page} {
		for _, r := range string(out) {
			if r < 0x20 && r != '\t' && r != '\n' && r != '\r' || r >= 0x7f && r <= 0x9f {
				t.Errorf("%s holds the control character %U", name, r)
				break
			}
		}
		if !strings.Contains(string(out), "31m警告") || !strings.Contains(string(out), "下一行结束") {
			t.Errorf("%s lost the text around the controls:\n%.300s", name, out)
		}
	}
	if got := withoutControls([]byte("a\tb\nc")); string(got) != "a\tb\nc" {
		t.Errorf("withoutControls(tab, line feed) = %q", got)
	}
}
