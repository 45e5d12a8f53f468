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

// Cite puts the citation block c before the final punctuation of the
// sentence s ("李明选择了写字楼商圈。" → "李明选择了写字楼商圈 [Data:
// Sources (6)]。"); a final semicolon becomes a full stop, since the
// sentence now stands alone ("；" → "。", ";" → "."); a sentence without
// final punctuation gets " "+c at its end. s must not be empty.
func Cite(s, c string) string {
	rs := []rune(s)
	last := rs[len(rs)-1]
	switch last {
	case '；':
		last = '。'
	case ';':
		last = '.'
	}
	if strings.ContainsRune(".。!！?？", last) {
		return strings.TrimRight(string(rs[:len(rs)-1]), " ") + " " + c + string(last)
	}
	return s + " " + c
}
