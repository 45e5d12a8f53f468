package knowledge

import (
	"strings"
	"unicode/utf8"
)

// A compound the question coins, held in the knowledge with a rune or two
// between its words (HeldWithGap).

// HeldWithGap reports whether a document holds word a followed, after at
// most gap runes, by word b (舆情 and 工作室 in "墩墩舆情课工作室"): a
// compound the question coins of a noun and a kind of body is written so
// (localsearch's names of a firm: 舆情工作室 is held, 公关公司 on the
// fixture is not; heldout66). It reads the occurrences of b (the kind of
// body, rarer than the noun before it) through anyOccurrence: past
// maxGapChecks of them it reports true without reading more.
func (x *Lexical) HeldWithGap(a, b string, gap int) bool {
	hits, _ := x.count(b)
	return x.anyOccurrence(b, hits, false, maxGapChecks, func(doc string, i, _ int) bool {
		before := doc[:i]
		for k := 0; k <= gap && before != ""; k++ {
			if strings.HasSuffix(before, a) {
				return true
			}
			_, size := utf8.DecodeLastRuneInString(before)
			before = before[:len(before)-size]
		}
		return false
	})
}

// maxGapChecks bounds the occurrences HeldWithGap reads.
const maxGapChecks = 4096
