package globalsearch

import (
	"regexp"
	"strings"
)

// A broad question that names an aspect ("武汉大学的正面舆情主要来自哪些
// 方面？": 正面, besides the topic) asks for what the reports state of that
// aspect, not for the run as a whole: the extractive map rates a
// sentence by the aspect's terms it states, itself or through the heading
// of its section, leaves out a sentence stating none of them (the
// history and rankings every report opens with), and, when the question
// asks for categories (方面), prefers the sentences that name one. The
// reference leaves this to the model that rates its map points.

// aspectShare returns the share of the question's relWeights the
// sentence rs states and a factor on its score. The share is the
// sentence's own or, when more, half the share its section's heading
// holds: the section "正面舆情的主要来源与形象构建" is about 正面舆情, and its
// sentences on 学术, 校友 and 樱花 name no sentiment, but a section
// "供应链与断货风险" also says how the milk is delivered, so a sentence
// that states the aspect itself ("主要风险是周末客流不足") rates higher.
// The factor is 1, or categoryOff for a sentence that names no category
// (categoryRE) when the question asks for them. Without an aspect: the
// sentence's own share, factor 1.
func (q mapQuestion) aspectShare(rs reportSentence) (float64, float64) {
	own := coverage(strings.ToLower(rs.text), q.terms, q.relWeights)
	if !q.aspect {
		return own, 1
	}
	rel := max(own, q.sectionShare(rs)/2)
	if q.categories && !categoryRE.MatchString(rs.text) {
		return rel, categoryOff
	}
	return rel, 1
}

// sectionShare is the share of the relWeights the heading of rs's
// section holds; 0 without a section.
func (q mapQuestion) sectionShare(rs reportSentence) float64 {
	if rs.section == "" {
		return 0
	}
	return coverage(strings.ToLower(rs.section), q.terms, q.relWeights)
}

// categoryOff scales the score of a sentence that names no category when
// the question asks for categories.
const categoryOff = 0.6

// categoryRE: a sentence that names a category of what it speaks of — it
// opens a part ("在学术层面，", "在社会贡献方面，", "而在文化建设上，",
// "一是", "其次") or sums the parts up ("主要源于…", "主要集中在…").
var categoryRE = regexp.MustCompile(`^(?:而|此外，?|同时，?)?(?:在|从)[^，。；]{1,12}(?:方面|层面|领域|上)[，,]|` +
	`^(?:[一二三四五六七八九]是|第[一二三四五六七八九][，,、]|首先|其次|再次|最后)|` +
	`(?:主要|集中)(?:源于|来自|来源于|集中在|在于|体现在|表现在|包括)`)

// asksCategories reports whether a question asks for the categories of
// what it names: 方面 (哪些方面, 几个方面, 各方面) or "aspects".
func asksCategories(question string) bool {
	return strings.Contains(question, "方面") || containsWord(strings.ToLower(question), "aspects")
}
