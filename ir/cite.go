package ir

import (
	"regexp"
	"strconv"
	"strings"
)

// Inline citations. A chapter cites a planned evidence item by writing its
// id in square brackets in running text, right after the claim:
// "负面声量高达79%[E12]". Models write variants; NormalizeCitations turns
// 【E12】, [e12], [E12, E13], [E12；E13] and [E12][E13] into the canonical
// "[E12][E13]". Stitching (package nodes) later replaces each citation with
// a numbered link to the report's reference list.

// citeRE finds one bracketed group of evidence ids.
var citeRE = regexp.MustCompile(`[\[【［]\s*[Ee]\d{1,6}(?:\s*[,，、;；]\s*[Ee]?\d{1,6})*\s*[\]】］]`)
var citeIDRE = regexp.MustCompile(`\d{1,6}`)

// CitationSpan is one bracketed citation group in a text, with byte
// offsets [Start, End) and the canonical ids it names ("E12").
type CitationSpan struct {
	Start, End int
	IDs        []string
}

// FindCitations returns the citation groups of s in order.
func FindCitations(s string) []CitationSpan {
	var out []CitationSpan
	for _, loc := range citeRE.FindAllStringIndex(s, -1) {
		var ids []string
		for _, n := range citeIDRE.FindAllString(s[loc[0]:loc[1]], -1) {
			v, _ := strconv.Atoi(n)
			ids = append(ids, "E"+strconv.Itoa(v))
		}
		out = append(out, CitationSpan{Start: loc[0], End: loc[1], IDs: ids})
	}
	return out
}

// canonical rewrites every citation group of s as "[E1][E2]".
func canonical(s string) string {
	return rewriteCitations(s, func(id string) string { return "[" + id + "]" })
}

// rewriteCitations replaces each citation group of s by fn of each of its
// ids, concatenated.
func rewriteCitations(s string, fn func(id string) string) string {
	spans := FindCitations(s)
	if len(spans) == 0 {
		return s
	}
	var b strings.Builder
	last := 0
	for _, sp := range spans {
		b.WriteString(s[last:sp.Start])
		for _, id := range sp.IDs {
			b.WriteString(fn(id))
		}
		last = sp.End
	}
	b.WriteString(s[last:])
	return b.String()
}

// WalkText calls fn for every running-text field of the chapter that may
// carry citations, with its JSON path, and stores what fn returns: inline
// texts of every block (nested blocks, list items, table cells included),
// and the title, detail and evidence of SWOT/PEST items. Headings, code,
// math and chart data are not visited.
func WalkText(c *Chapter, fn func(path, text string) string) {
	c.Walk(func(p string, b *Block) {
		if b.Type == TypeHeading || b.Type == TypeCode || b.Type == TypeMath {
			return
		}
		for j := range b.Inlines {
			b.Inlines[j].Text = fn(p+".inlines["+strconv.Itoa(j)+"].text", b.Inlines[j].Text)
		}
		for _, q := range quadrantsOf(b) {
			for j := range *q.items {
				it, qp := &(*q.items)[j], index(p+"."+q.name, j)
				it.Title = fn(qp+".title", it.Title)
				it.Detail = fn(qp+".detail", it.Detail)
				it.Evidence = fn(qp+".evidence", it.Evidence)
			}
		}
	})
}

// NormalizeCitations rewrites every citation variant in c's running text
// into the canonical "[E12]" form.
func NormalizeCitations(c *Chapter) {
	WalkText(c, func(_, s string) string { return canonical(s) })
}

// Citation is one cited id and where.
type Citation struct {
	Path string // JSON path of the text field: "blocks[3].inlines[0].text"
	ID   string // "E12"
}

// Citations lists every cited id of c in reading order (repeats kept).
func Citations(c *Chapter) []Citation {
	var out []Citation
	WalkText(c, func(path, s string) string {
		for _, sp := range FindCitations(s) {
			for _, id := range sp.IDs {
				out = append(out, Citation{Path: path, ID: id})
			}
		}
		return s
	})
	return out
}

// CheckCitations returns a ValidationError naming every citation of c whose
// id known does not accept ("blocks[3].inlines[0].text: cites E99, which is
// not in the evidence plan"), or nil.
func CheckCitations(c *Chapter, known func(id string) bool) error {
	var ps problems
	for _, ct := range Citations(c) {
		if !known(ct.ID) {
			ps.add(ct.Path, "cites %s, which is not in the evidence plan", ct.ID)
		}
	}
	return ps.result()
}

// UnknownCitationMark is the visible mark that replaces a citation whose id
// is not in the plan after the repair round.
const UnknownCitationMark = "[来源待核]"

// MarkUnknownCitations replaces each citation id known rejects with
// UnknownCitationMark and returns how many it replaced.
func MarkUnknownCitations(c *Chapter, known func(id string) bool) int {
	n := 0
	WalkText(c, func(_, s string) string {
		return rewriteCitations(s, func(id string) string {
			if known(id) {
				return "[" + id + "]"
			}
			n++
			return UnknownCitationMark
		})
	})
	return n
}
