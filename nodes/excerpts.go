package nodes

import (
	"regexp"
	"strings"
	"unicode/utf8"

	"reportengine/llm/tokens"
	"reportengine/prompts"
	"reportengine/state"
	textrules "reportengine/text"
)

// Excerpt sizes. BettaFish pasted the three whole reports and the whole
// forum log into every prompt (§8 #4); template selection and layout get
// the first passages of each report, within a token budget.
const (
	passageRunes    = 600 // a passage is cut into pieces of at most this many runes
	minPassageRunes = 200 // short paragraphs are joined up to this many runes
	excerptOverhead = 12  // tokens of JSON keys around one excerpt
)

type passage struct {
	engine  string
	section string
	text    string
}

// passages splits each state's final report (by blank lines, under the
// current markdown heading) and its paragraph summaries into passages,
// without repeats.
func passages(states []*state.State) [][]passage {
	var out [][]passage
	for _, st := range states {
		if st == nil {
			continue
		}
		eng := string(st.Engine)
		var ps []passage
		seen := map[string]bool{}
		add := func(section, text string) {
			text = strings.TrimSpace(plainText(dropChatter(text)))
			if text == "" {
				return
			}
			for _, piece := range pieces(text, passageRunes) {
				if seen[piece] {
					continue
				}
				seen[piece] = true
				ps = append(ps, passage{engine: eng, section: section, text: piece})
			}
		}
		section := ""
		var buf strings.Builder
		flush := func() {
			add(section, buf.String())
			buf.Reset()
		}
		for _, block := range strings.Split(strings.ReplaceAll(st.FinalReport, "\r\n", "\n"), "\n\n") {
			block = strings.TrimSpace(block)
			if block == "" {
				continue
			}
			if strings.HasPrefix(block, "#") {
				lines := strings.SplitN(block, "\n", 2)
				flush()
				section = strings.TrimSpace(strings.TrimLeft(lines[0], "#"))
				if len(lines) == 1 {
					continue
				}
				block = strings.TrimSpace(lines[1])
			}
			if buf.Len() > 0 {
				buf.WriteString("\n")
			}
			buf.WriteString(block)
			if utf8.RuneCountInString(buf.String()) >= minPassageRunes {
				flush()
			}
		}
		flush()
		for _, p := range st.Paragraphs {
			text := p.LatestSummary
			if strings.TrimSpace(text) == "" {
				text = p.Content
			}
			add(p.Title, text)
		}
		if len(ps) > 0 {
			out = append(out, ps)
		}
	}
	return out
}

// pieces cuts text into parts of at most n runes.
func pieces(text string, n int) []string {
	rs := []rune(text)
	var out []string
	for len(rs) > n {
		out = append(out, string(rs[:n]))
		rs = rs[n:]
	}
	return append(out, string(rs))
}

// shortExcerpts are the first n passages of each engine, each cut to
// runes runes: the overview used by template selection and layout.
func shortExcerpts(states []*state.State, n, runes int) []prompts.Excerpt {
	var out []prompts.Excerpt
	for _, ps := range passages(states) {
		for _, p := range ps[:min(n, len(ps))] {
			out = append(out, prompts.Excerpt{Engine: p.engine, Section: p.section, Text: textrules.TruncateRunes(p.text, runes)})
		}
	}
	return out
}

// fitExcerpts keeps the leading excerpts that fit budget tokens.
func fitExcerpts(ex []prompts.Excerpt, budget int) []prompts.Excerpt {
	left := budget
	for i, e := range ex {
		cost := tokens.Count(e.Text) + tokens.Count(e.Section) + excerptOverhead
		if cost > left {
			return ex[:i]
		}
		left -= cost
	}
	return ex
}

// headingRE matches a Markdown heading marker at a line start or after
// white space ("## 综合信息概览" inside a forum speech).
var headingRE = regexp.MustCompile(`(^|\s)#{1,6}[ \t]+`)

// plainText removes the Markdown markers engine reports and forum speeches
// carry (bold/italic "**" and "__", heading "#"s), so that quoted text
// reads as text and no half of a marker pair survives a cut. Prompts get
// plain text; the chapter IR has its own marks.
func plainText(s string) string {
	if !strings.ContainsAny(s, "*_#") {
		return s
	}
	s = strings.ReplaceAll(s, "**", "")
	s = strings.ReplaceAll(s, "__", "")
	return headingRE.ReplaceAllString(s, "$1")
}

// chatterRE matches a model's opening or closing pleasantry left in an
// engine report ("好的，以下是根据……整理的报告。").
var chatterRE = regexp.MustCompile(`^\s*(好的|好|当然|以下是|下面是|希望)[，,、！!]?.{0,60}(报告|整理|如下|内容|帮助)[。：:！!.]?\s*$`)

// dropChatter removes lines that are a model talking to its user rather
// than report text.
func dropChatter(s string) string {
	if !strings.ContainsAny(s, "好当以下希") {
		return s
	}
	lines := strings.Split(s, "\n")
	out := lines[:0]
	for _, l := range lines {
		if !chatterRE.MatchString(l) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}
