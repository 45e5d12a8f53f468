package nodes

import (
	"cmp"
	"fmt"
	"strings"
	"time"
	"unicode"

	"reportengine/ir"
	"reportengine/templates"
)

// reportID cleans a caller's id like BettaFish (letters, digits, '-', '_'
// kept; others become '_'); "" gives report-<time>.
func reportID(id string, now time.Time) string {
	if s := strings.Map(safeRune('_'), strings.TrimSpace(id)); strings.Trim(s, "_") != "" {
		return s
	}
	return "report-" + now.UTC().Format("20060102-150405")
}

// uniqueSlugs returns a copy of the sections with slugs unique within the
// report (-2, -3 … suffixes), the anchors of the chapters.
func uniqueSlugs(in []templates.Section) []templates.Section {
	out := make([]templates.Section, len(in))
	seen := map[string]bool{}
	for i, s := range in {
		s.Slug = cmp.Or(s.Slug, fmt.Sprintf("section-%d", i+1))
		s.Slug = ir.UniqueAnchor(seen, s.Slug)
		out[i] = s
	}
	return out
}

// chapterFile is the chapter JSON path relative to the output directory.
func chapterFile(s templates.Section) string {
	return fmt.Sprintf("chapters/%03d-%s.json", s.Order, fileSafe(s.Slug))
}

// partialFile is where a truncated reply's raw text goes, beside the
// chapter file.
func partialFile(s templates.Section) string {
	return strings.TrimSuffix(chapterFile(s), ".json") + ".partial"
}

func fileSafe(s string) string {
	if s == "" {
		return "section"
	}
	return strings.Map(safeRune('-'), s)
}

// safeRune keeps letters, digits, '-' and '_' and maps every other rune
// to repl.
func safeRune(repl rune) func(rune) rune {
	return func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsNumber(r) || r == '-' || r == '_' {
			return r
		}
		return repl
	}
}
