// Package templates embeds the six report templates. STUB: the templates
// helper fills it in.
package templates

import "errors"

// ErrUnknown is returned by Lookup for an unknown template name.
var ErrUnknown = errors.New("unknown template")

// Default is the template used when selection fails.
const Default = "社会公共热点事件分析报告模板"

// Section is one chapter of a template.
type Section struct {
	ChapterID string
	Title     string
	Display   string
	Number    string
	Slug      string
	Order     int
	Depth     int
	Outline   []string
}

// Template is a parsed report template.
type Template struct {
	Name        string
	Description string
	Title       string
	Markdown    string
	Sections    []Section
}

// List returns the embedded templates. STUB.
func List() []Template { panic("templates.List: not implemented yet") }

// Lookup returns the named template. STUB.
func Lookup(name string) (Template, error) { panic("templates.Lookup: not implemented yet") }

// Parse slices template markdown into sections. STUB.
func Parse(name, markdown string) (Template, error) { panic("templates.Parse: not implemented yet") }
