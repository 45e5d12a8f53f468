package offline

import (
	"strings"

	"reportengine/text"
)

// Leads of the Sentiment table's groups (graphrag/localsearch's answer to
// a question about sentiment), by scope and language; %s is the event's
// or the topic's name.
var sentimentLeads = map[bool]map[string]string{
	true: {"main": "本案「%s」的情绪数据：", "topic": "文中给出的情绪数据：",
		"other": "其他事件的情绪数据（非本案）：", "unattributed": "未注明所属事件的情绪数据（不作本案数据）："},
	false: {"main": "Sentiment figures of the case, %s:", "topic": "Sentiment figures the texts give:",
		"other": "Sentiment figures of other events (not the case):", "unattributed": "Sentiment figures whose event the text does not name (not the case's):"},
}

// sentimentFigures writes the rows of the context's Sentiment table, in
// its order (the main event's first), one bullet a row under a lead per
// scope: a row of another event opens with its name ("「和服赏樱事件」："),
// each citing its row — "本案「武汉大学图书馆事件」的情绪数据：" then
// "- 抖音端：36-45岁家长群体…正面情感占54% [Data: Sentiment (0)]".
// It reports whether it wrote any; nothing without such a table.
func sentimentFigures(b *strings.Builder, tables []ctxTable, zh bool) bool {
	for _, t := range tables {
		id, scope, event, stmt := t.col("id"), t.col("scope"), t.col("event"), t.col("statement")
		if t.name != "Sentiment" || id < 0 || scope < 0 || event < 0 || stmt < 0 || len(t.rows) == 0 {
			continue
		}
		last := ""
		for _, r := range t.rows {
			if r[scope] != last {
				if last != "" {
					b.WriteString("\n")
				}
				last = r[scope]
				b.WriteString(strings.Replace(sentimentLeads[zh][last], "%s", r[event], 1) + "\n\n")
			}
			line := strings.TrimSpace(r[stmt])
			if r[scope] == "other" && r[event] != "" {
				line = "「" + r[event] + "」：" + line
			}
			b.WriteString("- " + text.Cite(line, "[Data: Sentiment ("+r[id]+")]") + "\n")
		}
		b.WriteString("\n")
		return true
	}
	return false
}
