package text

import (
	"regexp"
	"strings"
)

// citationBlockRE is a GraphRAG citation block: "[Data: Entities (1, 2);
// Relationships (3, +more)]", with ASCII or full-width brackets and colon
// (［Data：…］, 【Data：…】), any letter case of "Data", and the white space
// before it.
var citationBlockRE = regexp.MustCompile(`\s*[\[［【]\s*(?i:data)\s*[:：][^\]］】]*[\]］】]`)

// StripCitations removes every citation block ("[Data: Reports (3)]" and
// its full-width forms, with the white space before it) from s and trims
// the result. A sentence copied out of a community report carries the
// report's own citations, whose ids name records a search context may not
// show; the copy is cited anew by whoever quotes it.
func StripCitations(s string) string {
	if !strings.ContainsAny(s, "[［【") {
		return strings.TrimSpace(s)
	}
	return strings.TrimSpace(citationBlockRE.ReplaceAllString(s, ""))
}
