package localsearch

import (
	"reportengine/graphrag/knowledge"
	"reportengine/text"
)

// Names a question gives that its terms alone do not show: the examples
// it lists after 比如 (unusedExamples) and the gap a firm's name may have
// in the records (firmGap).

// firmGap is how many runes may stand between a noun and a kind of firm
// after it for the knowledge to hold the firm the question names (舆情课
// 工作室 for 舆情工作室: knowledge.Lexical.HeldWithGap).
const firmGap = 2

// unusedExamples are the examples the question lists (text.Examples:
// "那几位老教授，比如单波、强月新，对图书馆事件有没有公开表过态？") as
// names, when the knowledge uses none of them; nil when it uses one. The
// question asks about the people or things named, which the knowledge
// does not hold, though it holds its other words (武大, 教授, 图书馆事件).
func unusedExamples(x *knowledge.Lexical, question string) []knowledge.TermStat {
	var out []knowledge.TermStat
	for _, e := range text.Examples(text.Question(question)) {
		st := x.Stats([]text.Term{{Text: e}})[0]
		if st.Count > 0 {
			return nil
		}
		out = append(out, st)
	}
	return out
}
