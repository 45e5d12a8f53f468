package nodes

import (
	"regexp"

	"reportengine/ir"
)

// speakerLeadRE is the offline writer's attribution before a passage, with
// its parts: the speaker (1), "的研究写道" for an engine's research (2), or
// the time of a forum speech (3): "媒体引擎的研究写道：",
// "查询引擎在论坛中指出（12:19:08）：".
var speakerLeadRE = regexp.MustCompile(`^([^：。，（）]{1,16})(?:(的研究写道)|在论坛中指出（([^）]*)）)：`)

// shortLeads rewrites the attribution of a paragraph that directly follows
// a paragraph of the same speaker in one subsection, after printOnce has
// settled which paragraphs stay: the fixture's 3.2 opened four paragraphs
// in a row with "媒体引擎在论坛中指出（…）：", and about thirty paragraphs of
// the report opened with one of two lead-ins. The speaker is still named,
// so a paragraph read alone still says whose words it quotes:
//
//	the same engine's research     媒体引擎的研究还写道：
//	the same forum speech          媒体引擎在同一发言中还指出：
//	another speech of the speaker  媒体引擎在论坛中又指出（12:19:12）：
//
// A paragraph after anything else (a heading, a list, a table, a passage
// with no lead-in or another speaker's) keeps its lead-in. Only a
// paragraph of one inline whose text starts with a lead-in counts; a
// model's own prose is left as it is. results are changed in place.
func shortLeads(results []ChapterResult) {
	for i := range results {
		blocks := results[i].Chapter.Blocks
		var prev []string // the previous block's lead: speaker, research mark, time
		for j := range blocks {
			b := &blocks[j]
			if b.Type != ir.TypeParagraph || len(b.Inlines) != 1 {
				prev = nil
				continue
			}
			text := b.Inlines[0].Text
			m := speakerLeadRE.FindStringSubmatchIndex(text)
			if m == nil {
				prev = nil
				continue
			}
			cur := []string{text[m[2]:m[3]], sub(text, m, 2), sub(text, m, 3)}
			if prev != nil && prev[0] == cur[0] && prev[1] == cur[1] {
				b.Inlines[0].Text = shortLead(cur, prev[2] == cur[2]) + text[m[1]:]
			}
			prev = cur
		}
	}
}

// sub is submatch k of text located by FindStringSubmatchIndex's m, or
// "" when it did not take part.
func sub(text string, m []int, k int) string {
	if m[2*k] < 0 {
		return ""
	}
	return text[m[2*k]:m[2*k+1]]
}

// shortLead is the lead-in of a paragraph that follows one of the same
// speaker (shortLeads): lead is speaker, research mark, time; sameTime
// says the previous forum passage has the same time (one speech).
func shortLead(lead []string, sameTime bool) string {
	switch {
	case lead[1] != "":
		return lead[0] + "的研究还写道："
	case sameTime:
		return lead[0] + "在同一发言中还指出："
	}
	return lead[0] + "在论坛中又指出（" + lead[2] + "）："
}
