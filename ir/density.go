package ir

import (
	"errors"
	"fmt"
	"unicode"
)

// Density thresholds of BettaFish (reference §5.3 step 8).
const (
	MinBlocks         = 2
	MinBodyRunes      = 600
	MinNarrativeRunes = 300
)

// ErrSparse is the sentinel CheckDensity's *SparseError wraps; test for it
// with errors.Is. It is the equivalent of BettaFish's ChapterContentError.
var ErrSparse = errors.New("ir: chapter content too sparse")

// SparseError reports a chapter below the density thresholds, with the
// measured numbers. It unwraps to ErrSparse.
type SparseError struct {
	Blocks, BodyRunes, NarrativeRunes int
}

// Error names the measured numbers and the thresholds.
func (e *SparseError) Error() string {
	return fmt.Sprintf("%v: %d blocks (min %d), %d body runes (min %d), %d narrative runes (min %d)",
		ErrSparse, e.Blocks, MinBlocks, e.BodyRunes, MinBodyRunes, e.NarrativeRunes, MinNarrativeRunes)
}

// Unwrap returns ErrSparse.
func (e *SparseError) Unwrap() error { return ErrSparse }

// Density measures a chapter as BettaFish's density check does (reference
// §5.3 step 8), over the chapter's top-level blocks:
//
//   - blocks: top-level blocks whose type is not heading, hr or toc;
//   - bodyRunes: the text of those blocks except widgets, counted
//     recursively (inline runs, titles except the engineQuote agent name,
//     summaries, captions, code, latex, table cells, quadrant item
//     title/detail/evidence, KPI label/value/unit/delta);
//   - narrativeRunes: the same text, but only of top-level paragraph, list,
//     callout, blockquote and engineQuote blocks.
//
// Text is counted in runes (a Chinese character is 1, not 3), and unlike
// BettaFish whitespace is not counted, so padding cannot pass the check.
// Nested heading, hr, toc and widget blocks contribute no text.
func Density(c *Chapter) (blocks, bodyRunes, narrativeRunes int) {
	for i := range c.Blocks {
		b := &c.Blocks[i]
		switch b.Type {
		case TypeHeading, TypeHr, TypeTOC:
			continue
		}
		blocks++
		if b.Type == TypeWidget {
			continue
		}
		n := textRunes(b)
		bodyRunes += n
		switch b.Type {
		case TypeParagraph, TypeList, TypeCallout, TypeBlockquote, TypeEngineQuote:
			narrativeRunes += n
		}
	}
	return blocks, bodyRunes, narrativeRunes
}

// CheckDensity returns nil if the chapter reaches MinBlocks, MinBodyRunes
// and MinNarrativeRunes (see Density), else a *SparseError. Placeholder
// chapters are not checked, as in BettaFish.
func CheckDensity(c *Chapter) error {
	if c.Placeholder {
		return nil
	}
	b, body, narr := Density(c)
	if b < MinBlocks || body < MinBodyRunes || narr < MinNarrativeRunes {
		return &SparseError{Blocks: b, BodyRunes: body, NarrativeRunes: narr}
	}
	return nil
}

// CountRunes counts the runes of ss that are not white space
// (unicode.IsSpace), the unit of Density.
func CountRunes(ss ...string) int {
	n := 0
	for _, s := range ss {
		for _, r := range s {
			if !unicode.IsSpace(r) {
				n++
			}
		}
	}
	return n
}

// textRunes counts the visible text of b and its descendants, skipping
// nested heading/hr/toc/widget blocks.
func textRunes(b *Block) int {
	n := 0
	walkBlock("", b, func(_ string, x *Block) {
		if x != b {
			switch x.Type {
			case TypeHeading, TypeHr, TypeTOC, TypeWidget:
				return
			}
		}
		n += CountRunes(PlainText(x.Inlines), x.Summary, x.Caption, x.Content, x.Latex)
		if x.Type != TypeEngineQuote { // its title is the fixed agent name
			n += CountRunes(x.Title)
		}
		for _, q := range quadrantsOf(x) {
			for _, it := range *q.items {
				n += CountRunes(it.Title, it.Detail, it.Evidence)
			}
		}
		for _, k := range x.KPIItems {
			n += CountRunes(k.Label, k.Value, k.Unit, k.Delta)
		}
	})
	return n
}
