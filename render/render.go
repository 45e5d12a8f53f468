// Package render turns a Document IR into a self-contained HTML page and
// into Markdown. STUB: the render helper fills it in.
package render

import "reportengine/ir"

// HTML renders doc as one self-contained HTML file. STUB.
func HTML(doc *ir.Document) ([]byte, error) { panic("render.HTML: not implemented yet") }

// Markdown renders doc as Markdown. STUB.
func Markdown(doc *ir.Document) ([]byte, error) { panic("render.Markdown: not implemented yet") }
