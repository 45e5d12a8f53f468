package nodes

import (
	"slices"
	"testing"

	"reportengine/ir"
	"reportengine/prompts"
)

// The extractive hero: the summary states the first two chapters' lead
// findings, the highlights go on with the other chapters and then with the
// chapters' next findings; nothing is said twice, enumerators are dropped,
// and examples and sentences about the report are no findings.
func TestFindingsHeroNoRepeats(t *testing.T) {
	digests := []prompts.ChapterDigest{
		{ChapterID: "S1", Findings: []string{
			"本报告旨在深度剖析事件两个阶段的舆情演变过程。[E1]", // about the report: skipped
			"事件从校园纠纷演变为席卷全网的公共事件。[E2]",
			"校方首次回应时长从4.7天降至1.9天却未能平息争议。[E3]",
		}},
		{ChapterID: "S2", Findings: []string{
			"第一，共同的引爆点在于机构应对失当导致信任流失。[E4]", // enumerator dropped
			"例如，一名副教授被公开举报论文抄袭学生成果。[E5]",   // an example: skipped
		}},
		{ChapterID: "S3", Findings: []string{
			"负面情绪集中在对程序公正的质疑与对回应速度的不满。[E6]",
			"监测：微博、抖音等十二个信源", // a label heading: skipped
		}},
		{ChapterID: "S4", Findings: []string{"短句。"}}, // too short: skipped
	}
	h := findingsHero(ir.Hero{}, digests, true)
	wantSummary := "主要发现——事件从校园纠纷演变为席卷全网的公共事件；共同的引爆点在于机构应对失当导致信任流失。"
	if h.Summary != wantSummary {
		t.Errorf("summary %q, want %q", h.Summary, wantSummary)
	}
	// S3's lead first (not in the summary), then S1's next finding; S2
	// has no other finding and S4 none at all: two highlights, no repeat.
	want := []string{
		"负面情绪集中在对程序公正的质疑与对回应速度的不满",
		"校方首次回应时长从4.7天降至1.9天却未能平息争议",
	}
	if !slices.Equal(h.Highlights, want) {
		t.Errorf("highlights %q, want %q", h.Highlights, want)
	}
}
