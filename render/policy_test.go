package render

import (
	"html"
	"strings"
	"testing"

	"reportengine/ir"
)

// One link, colour, theme and image policy: every value below goes through
// the renderer (the whole page is rendered) and through the IR's policy
// function, and the two must agree. The values include the ones where the
// renderer used to differ (#rgba and #rrggbbaa colours, theme colour names
// and lengths, data:image/svg+xml, whitespace around values).
func TestPolicyMatchesIR(t *testing.T) {
	render := func(t *testing.T, doc *ir.Document) string {
		t.Helper()
		out, err := HTML(doc)
		if err != nil {
			t.Fatal(err)
		}
		return string(out)
	}
	chapter := func(blocks ...ir.Block) []ir.Chapter {
		return []ir.Chapter{{ChapterID: "S1", Title: "c", Anchor: "c", Blocks: blocks}}
	}

	t.Run("links", func(t *testing.T) {
		for _, u := range []string{
			"https://example.com/a?b=1", "http://example.com", "HTTPS://EXAMPLE.COM/x", "mailto:a@example.com",
			"mailto:", "https://", "//example.com/x", "/rel", "rel.html", "javascript:alert(1)", " javascript:x",
			"java\tscript:x", "https://exa mple.com", "https://example.com/\u200b", "https:\\\\example.com",
			"data:text/html,x", "data:image/png;base64,AAAA", "vbscript:x", "file:///etc/passwd", "ftp://example.com/",
			"https://example.com/" + strings.Repeat("a", 2100), "#section-2", "#a-b", "#", "#章节-1", "#a b", "#a\"b",
		} {
			doc := &ir.Document{Chapters: chapter(ir.Block{Type: ir.TypeParagraph, Inlines: []ir.Inline{
				{Text: "LINKTEXT", Marks: []ir.Mark{{Type: ir.MarkLink, Href: u}}}}})}
			s := render(t, doc)
			got := strings.Contains(s, `href="`+html.EscapeString(u)+`"`)
			if want := ir.IsSafeHref(u); got != want {
				t.Errorf("link %q: rendered as a link %v, ir.IsSafeHref %v", u, got, want)
			}
			if h, ok := SafeHref(u); ok != ir.IsSafeHref(u) || (ok && h != u) {
				t.Errorf("SafeHref(%q) = %q, %v; ir.IsSafeHref %v", u, h, ok, ir.IsSafeHref(u))
			}
		}
	})

	t.Run("colours", func(t *testing.T) {
		for _, c := range []string{"#fff", "#FFF", "#ffff", "#a1b2c3", "#12345678", "#abcd", "#ggg", "red", "Crimson",
			"transparent", " red", "red ", "rgb(0,0,0)", "var(--x)", "url(x)", "red;background:url(x)", "", "inherit"} {
			doc := &ir.Document{Chapters: chapter(ir.Block{Type: ir.TypeParagraph, Inlines: []ir.Inline{
				{Text: "c", Marks: []ir.Mark{{Type: ir.MarkColor, Value: c}}},
				{Text: "h", Marks: []ir.Mark{{Type: ir.MarkHighlight, Value: c}}}}})}
			s := render(t, doc)
			want := ir.IsSafeColor(c)
			lc := strings.ToLower(c)
			if got := strings.Contains(s, `style="color: `+html.EscapeString(lc)+`"`); got != want {
				t.Errorf("colour %q: used %v, ir.IsSafeColor %v", c, got, want)
			}
			if got := strings.Contains(s, `style="background-color: `+html.EscapeString(lc)+`"`); got != want {
				t.Errorf("highlight %q: used %v, ir.IsSafeColor %v", c, got, want)
			}
		}
	})

	t.Run("theme values", func(t *testing.T) {
		for _, v := range []string{"#123456", "#ABC", "#12345678", "red", "Crimson", "12px", "1.5rem", "100%", "0",
			"Noto Sans SC", "微软雅黑", "</style><script>", "#fff;}body{x", "url(x)", "expression(1)", " red", ""} {
			doc := &ir.Document{ThemeTokens: map[string]string{"primary": v}, Chapters: chapter(para("x"))}
			s := render(t, doc)
			want := ir.IsSafeThemeValue(v)
			val := v
			if ir.IsSafeColor(v) {
				val = strings.ToLower(v)
			}
			if got := strings.Contains(s, ":root{--primary:"+val+";}"); got != want {
				t.Errorf("theme value %q: used %v, ir.IsSafeThemeValue %v", v, got, want)
			}
		}
	})

	t.Run("image sources", func(t *testing.T) {
		for _, src := range []string{"data:image/png;base64,iVBORw0KGgo=", "data:image/svg+xml;base64,PHN2Zz4=",
			"DATA:IMAGE/gif;base64,R0lGOD==", "data:image/png;base64,AA AA", "data:image/png;base64,\"x", "data:text/html;base64,PHN2Zz4=",
			"https://example.com/a.png", "http://example.com/b.jpg", " https://example.com/a.png", "javascript:alert(1)",
			"//example.com/a.png", "/a.png", "file:///a.png", ""} {
			doc := &ir.Document{Chapters: chapter(ir.Block{Type: ir.TypeFigure, Img: &ir.Image{Src: src, Alt: "ALT"}})}
			s := render(t, doc)
			want := ir.IsSafeImageSrc(src)
			img := strings.Contains(s, "<img")
			link := strings.Contains(s, `href="`+html.EscapeString(src)+`"`)
			if got := img || link; got != want {
				t.Errorf("image %q: used %v (img %v, link %v), ir.IsSafeImageSrc %v", src, got, img, link, want)
			}
			if img && !strings.HasPrefix(strings.ToLower(src), "data:image/") {
				t.Errorf("image %q: a remote image became an <img> (the page must not fetch)", src)
			}
		}
	})
}
