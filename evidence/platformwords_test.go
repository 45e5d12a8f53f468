package evidence

import (
	"slices"
	"strings"
	"testing"

	"reportengine/text"
)

// Every all-Han name a text calls a platform by (the table's names) is
// one word to the segmenter (text's netWords), so search and the report's retrieval match
// 抖音 in "抖音上的讨论" as the platform.
func TestPlatformNamesAreWords(t *testing.T) {
	for _, p := range platforms {
		for _, n := range p.names {
			if strings.IndexFunc(n, func(r rune) bool { return !text.IsHan(r) }) >= 0 {
				continue
			}
			if got := text.Words(n); !slices.Equal(got, []string{n}) {
				t.Errorf("platform name %q is cut %q", n, got)
			}
		}
	}
}
