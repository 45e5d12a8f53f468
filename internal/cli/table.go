package cli

import (
	"io"
	"strings"

	"github.com/mattn/go-runewidth"
)

// table collects rows of cells and prints them as left-aligned columns two
// spaces apart. Unlike text/tabwriter, which pads by rune count, it pads by
// display width in terminal cells (go-runewidth: CJK ideographs and
// full-width forms count two cells), so report ids and topics such as
// "武汉大学舆情" stay aligned with ASCII rows. The last column is not padded.
type table struct {
	rows [][]string
}

// row adds one line of cells; rows may have different lengths.
func (t *table) row(cells ...string) { t.rows = append(t.rows, cells) }

// print writes every row to w and returns the first write error.
func (t *table) print(w io.Writer) error {
	var widths []int
	for _, r := range t.rows {
		for i, c := range r {
			if i == len(widths) {
				widths = append(widths, 0)
			}
			widths[i] = max(widths[i], runewidth.StringWidth(c))
		}
	}
	var b strings.Builder
	for _, r := range t.rows {
		for i, c := range r {
			b.WriteString(c)
			if i < len(r)-1 {
				b.WriteString(strings.Repeat(" ", widths[i]-runewidth.StringWidth(c)+2))
			}
		}
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}
