package ir

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestPlainText(t *testing.T) {
	in := []Inline{{Text: "<b>"}, {Text: "网民", Marks: []Mark{{Type: "bold"}}}, {Text: " ok"}}
	if got, want := PlainText(in), "<b>网民 ok"; got != want {
		t.Errorf("PlainText = %q, want %q", got, want)
	}
	if got := PlainText(nil); got != "" {
		t.Errorf("PlainText(nil) = %q", got)
	}
}

func TestWalk(t *testing.T) {
	c := Chapter{Blocks: []Block{
		{Type: TypeHeading},
		{Type: TypeList, ListItems: [][]Block{{para("a")}, {para("b"), {Type: TypeList, ListItems: [][]Block{{para("c")}}}}}},
		{Type: TypeTable, Rows: []Row{{Cells: []Cell{{Blocks: []Block{para("x")}}, {Blocks: []Block{para("y"), para("z")}}}}}},
		{Type: TypeCallout, Blocks: []Block{{Type: TypeBlockquote, Blocks: []Block{para("q")}}}},
	}}
	var got []string
	c.Walk(func(path string, b *Block) { got = append(got, path+" "+b.Type) })
	want := []string{
		"blocks[0] heading",
		"blocks[1] list",
		"blocks[1].items[0][0] paragraph",
		"blocks[1].items[1][0] paragraph",
		"blocks[1].items[1][1] list",
		"blocks[1].items[1][1].items[0][0] paragraph",
		"blocks[2] table",
		"blocks[2].rows[0].cells[0].blocks[0] paragraph",
		"blocks[2].rows[0].cells[1].blocks[0] paragraph",
		"blocks[2].rows[0].cells[1].blocks[1] paragraph",
		"blocks[3] callout",
		"blocks[3].blocks[0] blockquote",
		"blocks[3].blocks[0].blocks[0] paragraph",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Walk order (-want +got):\n%s", diff)
	}
	// fn may modify blocks in place.
	c.Walk(func(_ string, b *Block) {
		if b.Type == TypeParagraph {
			b.Align = "left"
		}
	})
	if c.Blocks[2].Rows[0].Cells[1].Blocks[1].Align != "left" {
		t.Error("Walk does not pass pointers into the chapter")
	}
}
