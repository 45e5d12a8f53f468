package nodes

import (
	"strings"
	"testing"

	"reportengine/ir"
)

// A block that fails validation becomes a plain notice for the reader;
// the validator's findings (JSON paths, messages) go to the notes, which
// the manifest keeps, never into the report text.
func TestDegradeNoticeHidesValidatorDetails(t *testing.T) {
	c := ir.Chapter{ChapterID: "S2", Title: "声量", Anchor: "s2", Blocks: []ir.Block{
		{Type: ir.TypeParagraph, Inlines: []ir.Inline{{Text: "正文"}}},
		{Type: ir.TypeWidget, WidgetID: "s2-chart-1", WidgetType: "chart.js/bar", Props: &ir.WidgetProps{Title: "平台声量"},
			Data: &ir.ChartData{Labels: []string{"微博"}, Datasets: []ir.Dataset{}}},
		{Type: ir.TypeKPIGrid},
	}}
	notes, ok := degrade(&c)
	if !ok {
		t.Fatalf("not degraded: %v", notes)
	}
	var reader []string
	c.Walk(func(_ string, b *ir.Block) {
		reader = append(reader, b.Title)
		for _, in := range b.Inlines {
			reader = append(reader, in.Text)
		}
	})
	text := strings.Join(reader, "\n")
	for _, leak := range []string{"blocks[", "datasets", "校验信息", "items"} {
		if strings.Contains(text, leak) {
			t.Errorf("reader text holds validator detail %q:\n%s", leak, text)
		}
	}
	if !strings.Contains(text, "平台声量") || !strings.Contains(text, "manifest.json") {
		t.Errorf("notice should name the chart and point to manifest.json:\n%s", text)
	}
	joined := strings.Join(notes, "\n")
	if !strings.Contains(joined, "blocks[1]") || !strings.Contains(joined, "blocks[2]") || !strings.Contains(joined, "datasets") {
		t.Errorf("notes lack the validator details: %v", notes)
	}
}
