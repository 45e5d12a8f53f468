package ir

import (
	"errors"
	"strings"
	"testing"
)

func TestDensity(t *testing.T) {
	zi := func(n int) string { return strings.Repeat("字", n) }
	tests := []struct {
		name                           string
		blocks                         []Block
		wantBlocks, wantBody, wantNarr int
		sparse                         bool
	}{
		{
			name:       "runes not bytes; heading, hr and toc not counted",
			blocks:     []Block{{Type: TypeHeading, Level: 2, Text: zi(50), Anchor: "h"}, para(zi(700)), {Type: TypeHr}, {Type: TypeTOC}},
			wantBlocks: 1, wantBody: 700, wantNarr: 700, sparse: true,
		},
		{
			name: "dense chapter",
			blocks: []Block{para(zi(200)), para(zi(200)),
				{Type: TypeTable, Rows: []Row{{Cells: []Cell{{Blocks: []Block{para(zi(300))}}}}}}},
			wantBlocks: 3, wantBody: 700, wantNarr: 400,
		},
		{
			name: "table text is body, not narrative",
			blocks: []Block{para(zi(100)),
				{Type: TypeTable, Rows: []Row{{Cells: []Cell{{Blocks: []Block{para(zi(600))}}}}}}},
			wantBlocks: 2, wantBody: 700, wantNarr: 100, sparse: true,
		},
		{
			name: "widget counts as a block, its text does not",
			blocks: []Block{para(zi(650)), {Type: TypeWidget, WidgetID: "w", WidgetType: "chart.js/bar",
				Props: &WidgetProps{Title: zi(500)}, Data: &ChartData{Labels: []string{zi(9)}}}},
			wantBlocks: 2, wantBody: 650, wantNarr: 650,
		},
		{
			name:       "whitespace is not counted",
			blocks:     []Block{para("a b\n\tc　d"), para("  ")},
			wantBlocks: 2, wantBody: 4, wantNarr: 4, sparse: true,
		},
		{
			name: "list, callout, blockquote, engineQuote are narrative; title of callout counts",
			blocks: []Block{
				{Type: TypeList, ListType: "bullet", ListItems: [][]Block{{para(zi(10))}, {para(zi(20))}}},
				{Type: TypeCallout, Tone: "info", Title: zi(5), Blocks: []Block{para(zi(30))}},
				{Type: TypeBlockquote, Blocks: []Block{para(zi(40))}},
				{Type: TypeEngineQuote, Engine: "query", Title: "Query Agent", Blocks: []Block{para(zi(50))}},
			},
			wantBlocks: 4, wantBody: 155, wantNarr: 155, sparse: true,
		},
		{
			name: "structured blocks are body only",
			blocks: []Block{
				{Type: TypeKPIGrid, KPIItems: []KPI{{Label: "声量", Value: "12", Unit: "万", Delta: "+3"}}},
				{Type: TypeSwotTable, Strengths: []QuadrantItem{{Title: "品牌", Detail: "认知", Evidence: "调研"}}},
				{Type: TypeCode, Content: "abc"},
			},
			wantBlocks: 3, wantBody: 7 + 6 + 3, wantNarr: 0, sparse: true,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := &Chapter{Blocks: tt.blocks}
			b, body, narr := Density(c)
			if b != tt.wantBlocks || body != tt.wantBody || narr != tt.wantNarr {
				t.Errorf("Density = (%d, %d, %d), want (%d, %d, %d)", b, body, narr, tt.wantBlocks, tt.wantBody, tt.wantNarr)
			}
			err := CheckDensity(c)
			if got := errors.Is(err, ErrSparse); got != tt.sparse {
				t.Fatalf("CheckDensity = %v, sparse want %v", err, tt.sparse)
			}
			if tt.sparse {
				var se *SparseError
				if !errors.As(err, &se) {
					t.Fatalf("CheckDensity error %T is not *SparseError", err)
				}
				if se.Blocks != tt.wantBlocks || se.BodyRunes != tt.wantBody || se.NarrativeRunes != tt.wantNarr {
					t.Errorf("SparseError = %+v", *se)
				}
			}
		})
	}
}

func TestCheckDensityThresholds(t *testing.T) {
	zi := func(n int) string { return strings.Repeat("字", n) }
	exact := &Chapter{Blocks: []Block{para(zi(300)), {Type: TypeCode, Content: zi(300)}}}
	if err := CheckDensity(exact); err != nil {
		t.Errorf("2 blocks / 600 body / 300 narrative: %v, want nil", err)
	}
	short := &Chapter{Blocks: []Block{para(zi(299)), {Type: TypeCode, Content: zi(301)}}}
	if err := CheckDensity(short); !errors.Is(err, ErrSparse) {
		t.Errorf("299 narrative runes: %v, want ErrSparse", err)
	}
	ph := &Chapter{Placeholder: true, Blocks: []Block{para("x")}}
	if err := CheckDensity(ph); err != nil {
		t.Errorf("placeholder: %v, want nil", err)
	}
	want := "ir: chapter content too sparse: 2 blocks (min 2), 600 body runes (min 600), 299 narrative runes (min 300)"
	if err := CheckDensity(short); err == nil || err.Error() != want {
		t.Errorf("message = %v, want %q", err, want)
	}
}
