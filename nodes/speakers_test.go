package nodes

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"reportengine/ir"
)

// paraTexts is the text of each block: a paragraph's inlines joined, a
// heading "#" and its text, anything else its type.
func paraTexts(blocks []ir.Block) []string {
	var out []string
	for _, b := range blocks {
		switch b.Type {
		case ir.TypeParagraph:
			var s strings.Builder
			for _, in := range b.Inlines {
				s.WriteString(in.Text)
			}
			out = append(out, s.String())
		case ir.TypeHeading:
			out = append(out, "#"+b.Text)
		default:
			out = append(out, b.Type)
		}
	}
	return out
}

// Passages of one speaker in a row share one paragraph (one engine's
// research; one forum speech); another speech of the speaker starts a
// paragraph with the short lead-in; anything between them, another
// speaker, or research after a speech keeps the full one. The chapter is
// sparse either way, so joining is kept. Expected texts are written out.
func TestLeadOnceJoins(t *testing.T) {
	twoInlines := ir.Block{Type: ir.TypeParagraph, Inlines: []ir.Inline{{Text: "媒体引擎的研究写道：甲。"}, {Text: "[E9]"}}}
	in := []ir.Block{
		onceH("3.1"),
		onceP("媒体引擎在论坛中指出（12:31:46）：首先，校园开放与内部管理。[E1]"),
		onceP("媒体引擎在论坛中指出（12:31:46）：最核心的数据点是时间。[E1]"),
		onceP("媒体引擎在论坛中指出（12:19:12）：每年三月的照片。[E2]"),
		onceP("媒体引擎在论坛中指出（12:19:12）：用户生成内容。[E2]"),
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
		onceP("媒体引擎的研究写道：再接着。[E15]"),
		onceP("查询引擎在论坛中指出（）：没有时间的发言。[E20]"),
		onceP("查询引擎的研究写道：同一引擎的研究。[E21]"),
	}
	want := []string{
		"#3.1",
		"媒体引擎在论坛中指出（12:31:46）：首先，校园开放与内部管理。[E1]最核心的数据点是时间。[E1]",
		"媒体引擎在论坛中又指出（12:19:12）：每年三月的照片。[E2]用户生成内容。[E2]",
		"媒体引擎的研究写道：舆情应对策略。[E3]舆情概述。[E4]",
		"洞察引擎的研究写道：平台迁移。[E5]",
		"媒体引擎的研究写道：转向主动引导。[E6]",
		"#3.2",
		"媒体引擎的研究写道：新的小节。[E7]",
		ir.TypeList,
		"媒体引擎的研究写道：列表之后。[E10]",
		"媒体引擎的研究写道：甲。[E9]",
		"媒体引擎的研究写道：两段之后。[E11]",
		"没有说话人的一段。[E12]",
		"媒体引擎的研究写道：无人之后。[E13]紧接着。[E14]再接着。[E15]",
		"查询引擎在论坛中指出（）：没有时间的发言。[E20]", // a speech with no time and research: two kinds
		"查询引擎的研究写道：同一引擎的研究。[E21]",
	}
	results := []ChapterResult{{}, {}}
	results[0].Chapter.Blocks = slices.Clone(in)
	// A chapter's last paragraph does not carry into the next chapter.
	results[1].Chapter.Blocks = []ir.Block{onceP("媒体引擎的研究写道：下一章。[E16]")}
	leadOnce(results)
	if got := paraTexts(results[0].Chapter.Blocks); !slices.Equal(got, want) {
		t.Errorf("blocks =\n%q\nwant\n%q", got, want)
	}
	if got := paraTexts(results[1].Chapter.Blocks); !slices.Equal(got, []string{"媒体引擎的研究写道：下一章。[E16]"}) {
		t.Errorf("next chapter = %q, want its full lead-in", got)
	}
	if got := paraTexts(in[1:3]); got[0] != "媒体引擎在论坛中指出（12:31:46）：首先，校园开放与内部管理。[E1]" || got[1] != "媒体引擎在论坛中指出（12:31:46）：最核心的数据点是时间。[E1]" {
		t.Errorf("the input blocks were changed: %q", got)
	}
}

// settle judges density before the lead-ins are joined: a chapter just
// over 600 body runes, which joining two passages (one lead-in of 10 runes
// left out) would bring under, stays ready, and is joined; a chapter under
// the thresholds before becomes sparse.
func TestSettleJudgesBeforeJoining(t *testing.T) {
	fl := "媒体引擎在论坛中指出（12:31:46）："
	pad := strings.Repeat("舆", 605-(10+4+10+6+utf8.RuneCountInString(fl)+6))
	results := []ChapterResult{{Status: ChapterReady}, {Status: ChapterReady}}
	results[0].Section.ChapterID = "S1"
	results[0].Chapter.Blocks = []ir.Block{onceH("6.1"), onceP("媒体引擎的研究写道：" + pad + "[E1]"), onceP("媒体引擎的研究写道：乙。[E2]"), onceP(fl + "丙。[E3]")}
	if _, runes, _ := ir.Density(&results[0].Chapter); runes != 605 {
		t.Fatalf("the edge chapter has %d body runes, want 605", runes)
	}
	results[1].Section.ChapterID = "S2"
	results[1].Chapter.Blocks = []ir.Block{onceH("7.1"), onceP("媒体引擎的研究写道：太短。[E4]"), onceP("媒体引擎的研究写道：也短。[E5]")}
	settle(results)
	if results[0].Status != ChapterReady || len(results[0].Errors) > 0 {
		t.Errorf("edge chapter: status %s, errors %q; want ready", results[0].Status, results[0].Errors)
	}
	want := []string{"#6.1", "媒体引擎的研究写道：" + pad + "[E1]乙。[E2]", fl + "丙。[E3]"}
	if got := paraTexts(results[0].Chapter.Blocks); !slices.Equal(got, want) {
		t.Errorf("edge chapter = %q, want %q", got, want)
	}
	if results[1].Status != ChapterSparse || len(results[1].Errors) != 1 || !strings.Contains(results[1].Errors[0], "chapter S2 (each paragraph printed once)") {
		t.Errorf("thin chapter: status %s, errors %q; want sparse, its numbers said", results[1].Status, results[1].Errors)
	}
}
