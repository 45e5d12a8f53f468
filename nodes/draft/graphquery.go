package draft

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"unicode"

	"reportengine/prompts"
)

// maxKeywords is the number of keywords one decision proposes.
const maxKeywords = 5

// enoughNodes stops the query loop once a round has returned this many
// nodes.
const enoughNodes = 30

// Decide decides the next graph query of a chapter (see the package doc
// for the rules).
func Decide(in prompts.GraphQueryInput) prompts.GraphQueryReply {
	found := 0
	for _, h := range in.History {
		found += h.TotalNodes
	}
	if why, ok := stopEarly(in, found); ok {
		return stop(why)
	}
	chapterText := strings.Join(append(append([]string{in.Chapter.Title}, in.Chapter.Outline...), in.Chapter.Emphasis...), "\n")
	p := &picker{history: in.History, used: map[string]bool{}}
	for _, h := range in.History {
		for _, k := range h.Keywords {
			p.used[normKey(k)] = true
		}
	}
	for _, c := range candidates(in.Graph, chapterText) {
		p.pick(c, true)
	}
	source := "章节标题与大纲中出现在图谱词表（章节标题、搜索查询、主题）里的词"
	if len(in.History) > 0 && len(p.picked) < maxKeywords {
		// Later rounds also try the graph's own search queries that share
		// a two-character term with the chapter.
		chapterTerms := map[string]bool{}
		for _, t := range terms(chapterText) {
			if runeLen(t) == 2 {
				chapterTerms[t] = true
			}
		}
		before := len(p.picked)
		shared := func(t string) bool { return runeLen(t) == 2 && chapterTerms[t] }
		for _, q := range in.Graph.SampleQueries {
			if slices.ContainsFunc(terms(q), shared) {
				p.pick(q, false)
			}
		}
		if len(p.picked) > before {
			source += "，以及与本章共享词语的图谱搜索查询"
		}
	}
	if len(p.picked) == 0 {
		p.pick(cmp.Or(strings.TrimSpace(in.Graph.Topic), strings.TrimSpace(in.Query)), false)
		source = "章节文字与图谱词表没有重合，改用报告主题"
	}
	if len(p.picked) == 0 {
		return stop("可用的关键词都已在此前各轮查询过，没有新的查询可做，停止查询。")
	}
	depth := min(in.Round+1, 3)
	if len(in.History) == 0 {
		depth = 1
	}
	why := fmt.Sprintf("第 %d 轮：%s为 %s；", in.Round+1, source, strings.Join(p.picked, "、"))
	switch depth {
	case 1:
		why += "先做精确查询（depth 1）。"
	case 2:
		why += fmt.Sprintf("此前各轮共返回 %d 个节点，换用新的关键词并扩展到相关节点（depth 2）。", found)
	default:
		why += fmt.Sprintf("此前各轮共返回 %d 个节点，做探索性查询（depth 3）。", found)
	}
	return prompts.GraphQueryReply{ShouldQuery: true, Keywords: p.picked, Depth: depth, Reasoning: why}
}

// stop is a decision not to query, with its reason.
func stop(why string) prompts.GraphQueryReply {
	return prompts.GraphQueryReply{ShouldQuery: false, Keywords: []string{}, Reasoning: why}
}

// stopEarly says why the loop ends before any keyword is picked: the
// round limit, a last round of enoughNodes or more, or the last allowed
// round once anything was found (found nodes so far).
func stopEarly(in prompts.GraphQueryInput, found int) (string, bool) {
	if in.MaxRounds > 0 && in.Round >= in.MaxRounds {
		return fmt.Sprintf("已达到查询轮数上限（%d 轮），停止查询。", in.MaxRounds), true
	}
	if n := len(in.History); n > 0 && in.History[n-1].TotalNodes >= enoughNodes {
		return fmt.Sprintf("上一轮已返回 %d 个节点（不少于 %d），材料足够，停止查询。", in.History[n-1].TotalNodes, enoughNodes), true
	}
	if in.MaxRounds > 0 && in.Round >= in.MaxRounds-1 && found > 0 {
		return fmt.Sprintf("这是最后一轮（第 %d/%d 轮），此前各轮已返回 %d 个节点，停止查询。", in.Round+1, in.MaxRounds, found), true
	}
	return "", false
}

// candidates are the keyword candidates of a chapter: whole vocabulary
// tokens that occur in the chapter text, then the chapter's 2-4 character
// terms found in the vocabulary; each group longest first, then in order
// of appearance.
func candidates(g prompts.GraphStats, chapterText string) []string {
	vocab := vocabulary(g)
	lowerChapter := strings.ToLower(chapterText)
	var tokens []string
	for _, tok := range vocabTokens(g) {
		if runeLen(tok) >= 2 && !stopTerms[tok] && strings.Contains(lowerChapter, tok) {
			tokens = append(tokens, tok)
		}
	}
	var subs []string
	for _, t := range terms(chapterText) {
		if strings.Contains(vocab, strings.ToLower(t)) {
			subs = append(subs, t)
		}
	}
	at := func(t string) int { return strings.Index(lowerChapter, strings.ToLower(t)) }
	for _, group := range [][]string{tokens, subs} {
		slices.SortStableFunc(group, func(a, b string) int { return cmp.Or(runeLen(b)-runeLen(a), at(a)-at(b)) })
	}
	return append(tokens, subs...)
}

// picker picks a round's keywords.
type picker struct {
	history []prompts.QueryRound
	used    map[string]bool // normalised keywords of earlier rounds
	picked  []string
}

// pick adds k unless it was used before, or (overlap) shares a
// two-character piece with a keyword picked now or used before: the 2-4
// character windows of one phrase overlap, and a window straddling two
// words is rarely a good keyword.
func (p *picker) pick(k string, overlap bool) {
	k = strings.TrimSpace(k)
	if len(p.picked) >= maxKeywords || k == "" || p.used[normKey(k)] {
		return
	}
	if slices.ContainsFunc(p.picked, func(q string) bool { return normKey(q) == normKey(k) }) ||
		overlap && slices.ContainsFunc(append(p.picked, usedList(p.history)...), func(o string) bool { return shareBigram(k, o) }) {
		return
	}
	p.picked = append(p.picked, k)
}

// vocabulary is the lower-cased text the graph knows: topic, section titles
// and sample queries, one per line.
func vocabulary(g prompts.GraphStats) string {
	parts := []string{g.Topic}
	parts = append(parts, graphTitles(&g)...)
	parts = append(parts, g.SampleQueries...)
	return strings.ToLower(strings.Join(parts, "\n"))
}

func normKey(k string) string { return strings.ToLower(strings.TrimSpace(k)) }

// vocabTokens splits the vocabulary into lower-cased tokens at spaces and
// punctuation.
func vocabTokens(g prompts.GraphStats) []string {
	var out []string
	for _, line := range strings.Split(vocabulary(g), "\n") {
		out = append(out, strings.FieldsFunc(line, func(r rune) bool {
			return !(unicode.IsLetter(r) || unicode.IsDigit(r))
		})...)
	}
	return dedupe(out)
}

func usedList(h []prompts.QueryRound) []string {
	var out []string
	for _, r := range h {
		out = append(out, r.Keywords...)
	}
	return out
}

// shareBigram reports whether a and b have a two-rune piece in common.
func shareBigram(a, b string) bool {
	ra, rb := []rune(strings.ToLower(a)), []rune(strings.ToLower(b))
	for i := 0; i+1 < len(ra); i++ {
		for j := 0; j+1 < len(rb); j++ {
			if ra[i] == rb[j] && ra[i+1] == rb[j+1] {
				return true
			}
		}
	}
	return false
}
