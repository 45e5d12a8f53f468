package nodes

import (
	"slices"
	"testing"

	"reportengine/ir"
)

// A paragraph right after one of the same speaker gets the short lead-in;
// anything between them, another speaker, or research after a speech
// (or the reverse) keeps the full one. Expected texts are written out.
func TestShortLeads(t *testing.T) {
	twoInlines := ir.Block{Type: ir.TypeParagraph, Inlines: []ir.Inline{{Text: "媒体引擎的研究写道：甲。"}, {Text: "[E9]"}}}
	in := []ir.Block{
		onceH("3.1"),
		onceP("媒体引擎在论坛中指出（12:31:46）：首先，校园开放与内部管理。[E1]"),
		onceP("媒体引擎在论坛中指出（12:31:46）：最核心的数据点是时间。[E1]"),
		onceP("媒体引擎在论坛中指出（12:19:12）：每年三月的照片。[E2]"),
		onceP("媒体引擎的研究写道：舆情应对策略。[E3]"),
		onceP("媒体引擎的研究写道：舆情概述。[E4]"),
		onceP("洞察引擎的研究写道：平台迁移。[E5]"),
		onceP("媒体引擎的研究写道：转向主动引导。[E6]"),
		onceH("3.2"),
		onceP("媒体引擎的研究写道：新的小节。[E7]"),
		onceL("一条列表。[E8]"),
		onceP("媒体引擎的研究写道：列表之后。[E10]"),
		twoInlines,
		onceP("媒体引擎的研究写道：两段之后。[E11]"),
		onceP("没有说话人的一段。[E12]"),
		onceP("媒体引擎的研究写道：无人之后。[E13]"),
		onceP("媒体引擎的研究写道：紧接着。[E14]"),
	}
	want := []string{
		"",
		"媒体引擎在论坛中指出（12:31:46）：首先，校园开放与内部管理。[E1]",
		"媒体引擎在同一发言中还指出：最核心的数据点是时间。[E1]",
		"媒体引擎在论坛中又指出（12:19:12）：每年三月的照片。[E2]",
		"媒体引擎的研究写道：舆情应对策略。[E3]",
		"媒体引擎的研究还写道：舆情概述。[E4]",
		"洞察引擎的研究写道：平台迁移。[E5]",
		"媒体引擎的研究写道：转向主动引导。[E6]",
		"",
		"媒体引擎的研究写道：新的小节。[E7]",
		"",
		"媒体引擎的研究写道：列表之后。[E10]",
		"媒体引擎的研究写道：甲。",
		"媒体引擎的研究写道：两段之后。[E11]",
		"没有说话人的一段。[E12]",
		"媒体引擎的研究写道：无人之后。[E13]",
		"媒体引擎的研究还写道：紧接着。[E14]",
	}
	results := []ChapterResult{{}, {}}
	results[0].Chapter.Blocks = slices.Clone(in)
	// A chapter's last paragraph does not carry into the next chapter.
	results[1].Chapter.Blocks = []ir.Block{onceP("媒体引擎的研究写道：下一章。[E15]")}
	shortLeads(results)
	for i, b := range results[0].Chapter.Blocks {
		if b.Type != ir.TypeParagraph {
			continue
		}
		if got := b.Inlines[0].Text; got != want[i] {
			t.Errorf("block %d = %q, want %q", i, got, want[i])
		}
	}
	if got := results[1].Chapter.Blocks[0].Inlines[0].Text; got != "媒体引擎的研究写道：下一章。[E15]" {
		t.Errorf("next chapter's first paragraph = %q, want its full lead-in", got)
	}
	if got := len(results[0].Chapter.Blocks[12].Inlines); got != 2 {
		t.Errorf("a paragraph of two inlines has %d inlines now", got)
	}
}
