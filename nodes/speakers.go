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

// lead is a paragraph's attribution (speakerLeadRE): who, research (the
// passage is an engine's research, not a forum speech) and the speech's
// time; body is the text after it.
type lead struct {
	who, time string
	research  bool
	body      string
}

// leadOf returns the attribution of a paragraph of one inline that opens
// with one, and false for any other block.
func leadOf(b ir.Block) (lead, bool) {
	if b.Type != ir.TypeParagraph || len(b.Inlines) != 1 {
		return lead{}, false
	}
	text := b.Inlines[0].Text
	m := speakerLeadRE.FindStringSubmatchIndex(text)
	if m == nil {
		return lead{}, false
	}
	l := lead{who: text[m[2]:m[3]], research: m[4] >= 0, body: text[m[1]:]}
	if m[6] >= 0 {
		l.time = text[m[6]:m[7]]
	}
	return l, true
}

// leadOnce gives the passages of one speaker that follow each other in
// a subsection one attribution: the fixture's 3.2 opened four paragraphs
// in a row with "媒体引擎在论坛中指出（…）：", the sample's 4.2 five with
// "洞察引擎的研究写道：", about thirty paragraphs of a report opened with one
// of two lead-ins. A passage right after one of the same engine's
// research, or of the same forum speech (speaker and time), joins that
// paragraph, each passage keeping its citations ("洞察引擎的研究写道：A。
// [E12]B。[E49]"); one of another speech of the same speaker starts a
// paragraph of its own with a short lead-in, "媒体引擎在论坛中又指出
// （12:19:12）：". A paragraph after anything else (a heading, a list, a
// table, a passage with no lead-in or another speaker's) keeps its
// lead-in; a model's own prose is left as it is. It runs last on the
// chapters (settle), after printOnce has settled which paragraphs stay
// and their density has been judged. results are changed in place (a
// changed chapter gets a new block slice).
func leadOnce(results []ChapterResult) {
	for i := range results {
		results[i].Chapter.Blocks = joinLeads(results[i].Chapter.Blocks)
	}
}

// joinLeads returns blocks with each passage that follows one of the same
// speaker joined to its paragraph (leadOnce); blocks is not changed.
func joinLeads(blocks []ir.Block) []ir.Block {
	out := make([]ir.Block, 0, len(blocks))
	var prev *lead
	at := -1 // the index in out of prev's paragraph
	for _, b := range blocks {
		l, ok := leadOf(b)
		switch {
		case !ok:
			out, prev = append(out, b), nil
			continue
		case prev != nil && prev.who == l.who && prev.research == l.research && prev.time == l.time:
			p := &out[at]
			p.Inlines = []ir.Inline{{Text: p.Inlines[0].Text + l.body}}
			continue
		case prev != nil && prev.who == l.who && prev.research == l.research:
			// a forum passage after another speech of the same speaker
			b.Inlines = []ir.Inline{{Text: l.who + "在论坛中又指出（" + l.time + "）：" + l.body}}
		}
		out = append(out, b)
		prev, at = &l, len(out)-1
	}
	return out
}
