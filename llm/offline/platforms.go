package offline

import (
	"fmt"
	"strings"

	"reportengine/text"
)

// MaxPlatformBullets bounds the counts an answer gives from the context's
// Platforms table.
const MaxPlatformBullets = 5

// Leads of the counts, by language.
const (
	platformLeadZH = "按来源网址所属平台统计，相关来源数："
	platformLeadEN = "Sources by platform (the site of each source's URL):"
)

// platformForms are the bullets' formats by language (zh), then by whether
// the table counts the search records too (the report's platform table
// counts them).
var platformForms = map[bool]map[bool]string{
	false: {false: "%s: %s sources (%s)", true: "%s: %s sources, %s search records (%s of the sources)"},
	true:  {false: "%s：%s 个来源（%s）", true: "%s：%s 个来源，%s 条检索记录（占来源 %s）"},
}

// platformCounts writes the counts of the context's Platforms table
// (graphrag/localsearch's answer to a question asking which platforms or
// media carry the most: the sources counted by platform, most first), one
// bullet a platform, each citing its row — "微博：12 个来源（30.0%）
// [Data: Platforms (0)]", with its search records when the table counts
// them ("小红书：23 个来源，27 条检索记录（占来源 11.2%）") — at most MaxPlatformBullets, under a lead
// saying what was counted. Nothing without such a table.
func platformCounts(b *strings.Builder, tables []ctxTable, zh bool) {
	for _, t := range tables {
		id, name, n, pct := t.col("id"), t.col("platform"), t.col("sources"), t.col("percent")
		if t.name != "Platforms" || id < 0 || name < 0 || n < 0 || pct < 0 || len(t.rows) == 0 {
			continue
		}
		rec := t.col("records")
		b.WriteString(map[bool]string{true: platformLeadZH, false: platformLeadEN}[zh] + "\n\n")
		form := platformForms[zh][rec >= 0]
		for _, r := range t.rows[:min(len(t.rows), MaxPlatformBullets)] {
			line := fmt.Sprintf(form, r[name], r[n], r[pct])
			if rec >= 0 {
				line = fmt.Sprintf(form, r[name], r[n], r[rec], r[pct])
			}
			b.WriteString("- " + text.Cite(line, "[Data: Platforms ("+r[id]+")]") + "\n")
		}
		b.WriteString("\n")
		return
	}
}
