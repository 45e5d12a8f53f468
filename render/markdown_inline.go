package render

import (
	"bytes"
	"html/template"
	"regexp"
	"strings"
	"sync"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// Chapter models are told to style text with marks, yet they sometimes write
// Markdown into an unmarked run ("**重点**", "[原帖](https://…)"). Such runs
// go through goldmark with its defaults — raw HTML is NOT rendered (it
// becomes an "omitted" comment) — plus linkFilter, which keeps only
// http/https/mailto/#anchor links and turns images into links or text.

// mdSyntaxRE finds inline Markdown worth handing to goldmark.
var mdSyntaxRE = regexp.MustCompile(`\*\*[^*\n]+\*\*|__[^_\n]+__|` + "`[^`\n]+`" +
	`|\[[^\]\n]+\]\([^)\s]+\)|(?:^|[\s(])\*[^*\s][^*\n]*\*`)

// looksLikeMarkdown reports whether an unmarked run carries inline Markdown.
func looksLikeMarkdown(s string) bool { return mdSyntaxRE.MatchString(s) }

var markdownEngine = sync.OnceValue(func() goldmark.Markdown {
	return goldmark.New(
		// Defaults: CommonMark, raw HTML omitted (no html.WithUnsafe), no
		// attribute syntax. We only add the link filter.
		goldmark.WithParserOptions(parser.WithASTTransformers(util.Prioritized(linkFilter{}, 100))),
	)
})

// linkFilter rewrites links, autolinks and images whose destination fails
// SafeHref into their plain text, and images into links (no network at
// view time).
type linkFilter struct{}

func (linkFilter) Transform(doc *ast.Document, reader text.Reader, _ parser.Context) {
	src := reader.Source()
	var nodes []ast.Node
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n.(type) {
		case *ast.Link, *ast.AutoLink, *ast.Image:
			nodes = append(nodes, n)
		}
		return ast.WalkContinue, nil
	})
	for _, n := range nodes {
		parent := n.Parent()
		if parent == nil {
			continue
		}
		switch v := n.(type) {
		case *ast.Link:
			if _, ok := SafeHref(string(v.Destination)); ok {
				continue // SafeHref returns an accepted href unchanged
			}
			unwrap(parent, n)
		case *ast.AutoLink:
			if _, ok := SafeHref(string(v.URL(src))); ok {
				continue
			}
			parent.ReplaceChild(parent, n, ast.NewString(v.Label(src)))
		case *ast.Image:
			href, ok := SafeHref(string(v.Destination))
			if ok && isHTTPURL(href) {
				l := ast.NewLink()
				l.Destination = []byte(href)
				for c := v.FirstChild(); c != nil; {
					next := c.NextSibling()
					l.AppendChild(l, c)
					c = next
				}
				if l.ChildCount() == 0 {
					l.AppendChild(l, ast.NewString([]byte(href)))
				}
				parent.ReplaceChild(parent, n, l)
				continue
			}
			unwrap(parent, n)
		}
	}
}

// unwrap replaces n by its children.
func unwrap(parent, n ast.Node) {
	for c := n.FirstChild(); c != nil; {
		next := c.NextSibling()
		parent.InsertBefore(parent, n, c)
		c = next
	}
	parent.RemoveChild(parent, n)
}

// inlineMarkdown renders s as inline Markdown. It succeeds only when s
// parses as exactly one paragraph; headings, lists and the like are left
// to the caller, which then escapes s as plain text.
func inlineMarkdown(s string) (template.HTML, bool) {
	md := markdownEngine()
	src := []byte(s)
	doc := md.Parser().Parse(text.NewReader(src))
	if doc.ChildCount() != 1 || doc.FirstChild().Kind() != ast.KindParagraph {
		return "", false
	}
	var buf bytes.Buffer
	if err := md.Renderer().Render(&buf, src, doc); err != nil {
		return "", false
	}
	out := strings.TrimSuffix(buf.String(), "\n")
	if !strings.HasPrefix(out, "<p>") || !strings.HasSuffix(out, "</p>") {
		return "", false
	}
	out = strings.TrimSuffix(strings.TrimPrefix(out, "<p>"), "</p>")
	// Safe: goldmark escaped all text, omitted raw HTML, and linkFilter
	// vetted every URL.
	return template.HTML(out), true
}
