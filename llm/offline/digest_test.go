package offline

import (
	"slices"
	"testing"

	"reportengine/prompts"
)

// The summary's bullets are the chapters' findings read out of their
// chapters: an enumerator is dropped; an example, a sentence about the
// report and one pointing back at the sentence before it are left out.
func TestDigestBlocksStandaloneFindings(t *testing.T) {
	ds := []prompts.ChapterDigest{
		{Title: "事件全景", Findings: []string{
			"第一，校方首次回应时长从4.7天降至1.9天却未能平息争议。[E1]",
			"这一阶段的争议为后续舆情的发展埋下了伏笔。[E2]",
			"例如，一名副教授被公开举报论文抄袭学生成果。[E3]",
		}},
		{Title: "情绪光谱", Findings: []string{
			"本报告旨在深度剖析事件两个阶段的舆情演变过程。[E4]",
			"负面情绪集中在对程序公正的质疑与对回应速度的不满。[E5]",
		}},
	}
	blocks := digestBlocks(ds, "核心判断", "a", map[string]bool{})
	if len(blocks) != 1 {
		t.Fatalf("%d blocks, want one list: %+v", len(blocks), blocks)
	}
	var got []string
	for _, item := range blocks[0].ListItems {
		got = append(got, item[0].Inlines[0].Text)
	}
	want := []string{
		"校方首次回应时长从4.7天降至1.9天却未能平息争议。[E1]（详见「事件全景」）",
		"负面情绪集中在对程序公正的质疑与对回应速度的不满。[E5]（详见「情绪光谱」）",
	}
	if !slices.Equal(got, want) {
		t.Errorf("bullets %q, want %q", got, want)
	}
}
