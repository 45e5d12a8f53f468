package eval

import "strings"

// Lead returns the point an answer opens with, the one a reader reads
// first: its first list item ("- ", "* ", "+ " or "1. " at the start of
// a line, with the lines that continue it up to a blank line or the next
// item), or, when the answer has no list, its first paragraph that is
// not a heading ("#"). "" for an empty answer. The lead-in of an offline
// answer (its label, "本案…的情绪数据：") is a paragraph before the list
// and is not the lead.
func Lead(answer string) string {
	lines := strings.Split(strings.ReplaceAll(answer, "\r\n", "\n"), "\n")
	for i, l := range lines {
		if item, ok := listItem(l); ok {
			var b strings.Builder
			b.WriteString(item)
			for _, next := range lines[i+1:] {
				if _, ok := listItem(next); ok || strings.TrimSpace(next) == "" {
					break
				}
				b.WriteString(" " + strings.TrimSpace(next))
			}
			return b.String()
		}
	}
	for _, p := range strings.Split(strings.Join(lines, "\n"), "\n\n") {
		if p = strings.TrimSpace(p); p != "" && !strings.HasPrefix(p, "#") {
			return p
		}
	}
	return ""
}

// listItem returns the text of a Markdown list item line and true, or
// "" and false for any other line. Indented items (a nested list) count.
func listItem(line string) (string, bool) {
	t := strings.TrimLeft(line, " \t")
	for _, m := range []string{"- ", "* ", "+ "} {
		if strings.HasPrefix(t, m) {
			return strings.TrimSpace(t[len(m):]), true
		}
	}
	digits := 0
	for digits < len(t) && t[digits] >= '0' && t[digits] <= '9' {
		digits++
	}
	if digits > 0 && digits <= 3 && strings.HasPrefix(t[digits:], ". ") {
		return strings.TrimSpace(t[digits+2:]), true
	}
	return "", false
}
