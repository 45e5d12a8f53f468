package draft

import (
	"slices"
	"strings"

	"reportengine/ir"
	"reportengine/prompts"
)

// repair answers a chapter_repair task without writing: each failed block
// becomes one paragraph of its own text (ir.BlockText), with citations of
// ids not in the input's evidenceIds removed (all citations are kept when
// the input lists none). A block without text is sent back unchanged; the
// pipeline then replaces it by a visible notice. The reply has the
// prompts.ChapterRepairReply shape, one entry per failed block, in order.
func Repair(in prompts.ChapterRepairInput) prompts.ChapterRepairReply {
	out := prompts.ChapterRepairReply{Blocks: []prompts.RepairedBlock{}}
	for _, fb := range in.FailedBlocks {
		b := fb.Block
		if text := strings.TrimSpace(ir.BlockText(fb.Block)); text != "" {
			c := ir.Chapter{Blocks: []ir.Block{{Type: ir.TypeParagraph, Inlines: []ir.Inline{{Text: text}}}}}
			ir.NormalizeCitations(&c)
			if len(in.EvidenceIDs) > 0 {
				ir.MarkUnknownCitations(&c, func(id string) bool { return slices.Contains(in.EvidenceIDs, id) })
				c.Blocks[0].Inlines[0].Text = strings.ReplaceAll(c.Blocks[0].Inlines[0].Text, ir.UnknownCitationMark, "")
			}
			b = c.Blocks[0]
		}
		out.Blocks = append(out.Blocks, prompts.RepairedBlock{Index: fb.Index, Block: &b})
	}
	return out
}
