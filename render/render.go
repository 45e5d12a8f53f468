package render

import (
	"bytes"
	_ "embed"
	"errors"
	"fmt"
	"html/template"
	"sync"

	"reportengine/ir"
)

// ErrNilDocument is returned when HTML or Markdown gets a nil document.
var ErrNilDocument = errors.New("render: nil document")

//go:embed templates/page.html.tmpl
var pageTemplate string

//go:embed templates/style.css
var styleCSS string

// page is the parsed page template, parsed once on first use.
var page = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("page").Parse(pageTemplate))
})

// HTML renders doc as one self-contained HTML page: inline CSS, inline SVG
// charts, no script needed, nothing fetched at view time. The output is a
// pure function of doc (same document, same bytes) and doc is not
// modified. Every IR string is treated as untrusted; see the package doc.
// Control characters other than line breaks and tabs are left out
// (withoutControls).
func HTML(doc *ir.Document) ([]byte, error) {
	if doc == nil {
		return nil, ErrNilDocument
	}
	v := buildPage(doc)
	var buf bytes.Buffer
	buf.Grow(32 << 10)
	if err := page().Execute(&buf, v); err != nil {
		return nil, fmt.Errorf("render: html: %w", err)
	}
	return withoutControls(buf.Bytes()), nil
}

// Markdown renders doc as GitHub-flavoured Markdown: the same content as
// HTML, with charts as data tables. Deterministic; doc is not modified.
// Control characters other than line breaks and tabs are left out
// (withoutControls): a scraped title's escape sequence recoloured the
// terminal that showed report.md (new-user trial 38).
func Markdown(doc *ir.Document) ([]byte, error) {
	if doc == nil {
		return nil, ErrNilDocument
	}
	w := &mdWriter{}
	w.document(buildPage(doc))
	return withoutControls(w.buf.Bytes()), nil
}
