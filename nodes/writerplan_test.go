package nodes

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"reportengine/ir"
	"reportengine/prompts"
	"reportengine/templates"
)

// planWriter is a ChapterWriter that records the sub-points it is given.
type planWriter struct{ got *[]prompts.SubPointBrief }

func (w planWriter) WriteChapter(_ context.Context, _ string, in prompts.ChapterInput) (ir.Chapter, []string, CallStats, error) {
	*w.got = in.SubPoints
	sec := in.Section
	return ir.Chapter{ChapterID: sec.ChapterID, Title: sec.Title, Anchor: sec.Anchor, Order: sec.Order, Blocks: []ir.Block{
		{Type: ir.TypeHeading, Level: 2, Text: sec.Title, Anchor: sec.Anchor},
		{Type: ir.TypeParagraph, Inlines: []ir.Inline{{Text: strings.Repeat("一段足够长的正文。", 30)}}}}}, nil, CallStats{}, nil
}

func (w planWriter) RepairBlocks(_ context.Context, _ string, c ir.Chapter, _ prompts.ChapterRepairInput, _ int) (ir.Chapter, []string, CallStats, error) {
	return c, nil, CallStats{}, nil
}

// The prompt budget is the LLM's context window: the offline writer (a
// ChapterWriter of its own) gets the whole plan however small
// PromptTokens is — the sample's SWOT sub-point was cut to 3 of its 6
// items and printed 劣势 and 机会 as "—". The LLM implementation still
// cuts (TestPromptBudget).
func TestOfflineWriterGetsWholePlan(t *testing.T) {
	var subs []prompts.SubPointBrief
	for i := range 4 {
		sp := prompts.SubPointBrief{Title: fmt.Sprintf("要点%d", i)}
		for k := range 8 {
			sp.Evidence = append(sp.Evidence, prompts.EvidenceRef{ID: fmt.Sprintf("E%d", i*10+k), Kind: "source",
				Text: strings.Repeat(fmt.Sprintf("第%d条证据的原文，", k), 30)})
		}
		subs = append(subs, sp)
	}
	var got []prompts.SubPointBrief
	sec := uniqueSlugs(defaultSections(t))[1]
	_, err := ChapterGen{Writer: planWriter{&got}, PromptTokens: minPromptTokens}.Run(context.Background(), ChapterGenInput{
		Topic: "李明咖啡店", TemplateName: templates.Default, Section: sec, SubPoints: subs,
		Constraints: prompts.Constraints{AllowedBlocks: ir.BlockTypes()}})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(subs) {
		t.Fatalf("writer got %d sub-points, want %d", len(got), len(subs))
	}
	for i := range subs {
		if len(got[i].Evidence) != len(subs[i].Evidence) {
			t.Errorf("sub-point %d: writer got %d of %d items", i, len(got[i].Evidence), len(subs[i].Evidence))
		}
	}
}
