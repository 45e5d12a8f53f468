package ir

import (
	"errors"
	"reflect"
	"testing"
)

func TestFindCitationsVariants(t *testing.T) {
	cases := map[string][]string{
		"负面声量高达79%[E12]。":       {"E12"},
		"见【E3】与［e4］":            {"E3", "E4"},
		"多方报道[E1, E2，E3]":       {"E1", "E2", "E3"},
		"[E5；6][E7]":            {"E5", "E6", "E7"},
		"数组[1]与[E]不是引用，[E012]是": {"E12"},
	}
	for in, want := range cases {
		var got []string
		for _, sp := range FindCitations(in) {
			got = append(got, sp.IDs...)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("FindCitations(%q) = %v, want %v", in, got, want)
		}
	}
	if got := canonical("多方报道[E1, E2]。"); got != "多方报道[E1][E2]。" {
		t.Errorf("canonical = %q", got)
	}
}

func TestCheckAndMarkCitations(t *testing.T) {
	c := Chapter{Blocks: []Block{
		{Type: TypeHeading, Level: 2, Text: "标题[E99]"}, // headings are not running text
		{Type: TypeParagraph, Inlines: []Inline{{Text: "甲[E1]"}, {Text: "乙[E2, E99]"}}},
		{Type: TypeSwotTable, Threats: []QuadrantItem{{Title: "风险", Detail: "丙【E98】"}}},
	}}
	NormalizeCitations(&c)
	if c.Blocks[1].Inlines[1].Text != "乙[E2][E99]" || c.Blocks[2].Threats[0].Detail != "丙[E98]" {
		t.Fatalf("normalised: %q, %q", c.Blocks[1].Inlines[1].Text, c.Blocks[2].Threats[0].Detail)
	}
	known := func(id string) bool { return id == "E1" || id == "E2" }
	err := CheckCitations(&c, known)
	var ve ValidationError
	if !errors.As(err, &ve) || len(ve) != 2 {
		t.Fatalf("CheckCitations = %v, want 2 problems", err)
	}
	if ve[0].Path != "blocks[1].inlines[1].text" || ve[1].Path != "blocks[2].threats[0].detail" {
		t.Errorf("paths %q, %q", ve[0].Path, ve[1].Path)
	}
	if n := MarkUnknownCitations(&c, known); n != 2 {
		t.Errorf("marked %d, want 2", n)
	}
	if got := c.Blocks[1].Inlines[1].Text; got != "乙[E2]"+UnknownCitationMark {
		t.Errorf("after marking: %q", got)
	}
	if CheckCitations(&c, known) != nil {
		t.Error("still invalid after marking")
	}
}
