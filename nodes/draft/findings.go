package draft

import (
	"slices"
	"strings"
	"unicode/utf8"

	evpkg "reportengine/evidence"
	"reportengine/ir"
	"reportengine/prompts"
	textrules "reportengine/text"
)

// summaryFindings are the digests' findings that stand alone out of their
// chapter (summaryBullet), each text once, in chapter order.
func summaryFindings(ds []prompts.ChapterDigest) []summaryFinding {
	var out []summaryFinding
	seen := map[string]bool{}
	for _, d := range ds {
		for _, f := range d.Findings {
			if b, ok := summaryBullet(f, d.Title); ok && !seen[b.key] {
				seen[b.key] = true
				out = append(out, b)
			}
		}
	}
	return out
}

// SummaryBullet is finding f of the chapter titled chapter as the summary
// chapter lists it: shortened (shortFinding) with its citations and a
// pointer to its chapter ("…[E3]（详见「传播路径」）"); ok is false when f
// is no summary bullet (summaryBullet). The nodes package lays these out
// to tell which findings printing each paragraph once would take out of
// the summary, before the summary is written.
func SummaryBullet(f, chapter string) (text string, ok bool) {
	b, ok := summaryBullet(f, chapter)
	return b.text, ok
}

// summaryBullet is finding f of chapter as a summary bullet, when it
// stands alone out of its chapter (prompts.StandaloneFinding: no
// enumerator, no example, no sentence pointing back; not half a sentence;
// shortened, of no noise class of evidence.Classify: the fixture's 1.1
// listed "当前事件已进入跨境教育机构应对危机的复杂阶段。"), of 12 runes or
// more.
func summaryBullet(f, chapter string) (summaryFinding, bool) {
	f, ok := prompts.StandaloneFinding(f)
	if !ok || fragment(StripCitations(f), "summary") {
		return summaryFinding{}, false // a lead that is half a sentence ("并针对…") is no finding out of its chapter
	}
	key := StripCitations(shortFinding(f))
	if evpkg.Classify(key, "") != evpkg.Clean || utf8.RuneCountInString(key) < 12 {
		return summaryFinding{}, false // its first sentence alone leans on another ("事件的关键转折点在于…") or is noise
	}
	return summaryFinding{shortFinding(f) + "（详见「" + chapter + "」）", key}, true
}

// assignFindings gives each finding to one sub-point of a summary chapter
// (titles), at most draftFindings each: the one whose title shares the
// most rune pairs with it, plus fitBonus; among equals (often: none shares
// any) the one holding the fewest findings so far, then the first — so
// that no summary sub-point is left empty while another holds four. A
// finding no sub-point has room for is left out. The findings that fit a
// sub-point's kind (fitBonus: a recommendation under a title asking for
// one, a finding with a figure under one about data) are dealt first, each
// to a sub-point of its kind while one has room, so that findings of no
// kind dealt before them in chapter order do not fill it first (the
// fixture's 1.3 核心判断与主要建议 was full of judgments when 强化常态化的信
// 息监测… came; 1.2 关键数据 held bullets with no figure). A recommendation
// or an outlook (evidence.Advice) goes only to a sub-point asking for one
// (evidence.AdviceTitle, asksAdvice) when there is one: the fixture's 1.2
// 关键数据 listed "展望未来，武汉大学应利用新媒体平台…"; a finding with no
// figure never goes to a sub-point about data, which shows the figures
// and the essentials instead (the fixture's 1.2 关键数据与传播峰值 opened
// on "“早回应”优于“晚回应”…" when the other sub-points were full). Each
// sub-point lists its findings best fitting first, then in chapter order.
func assignFindings(fs []summaryFinding, titles []string) [][]string {
	focus := make([]map[[2]rune]bool, len(titles))
	adviceTitle, data := make([]bool, len(titles)), make([]bool, len(titles))
	for i, t := range titles {
		focus[i], adviceTitle[i], data[i] = textrules.Bigrams(t), evpkg.AdviceTitle(t) || asksAdvice(t), wantsData(t)
	}
	adviceOnly := slices.Contains(adviceTitle, true)
	type placed struct{ score, order int }
	got := make([][]placed, len(titles))
	// deal places finding n among the sub-points ok allows, with room
	deal := func(n int, ok func(i int) bool) bool {
		best, bestScore := -1, -1
		for i := range titles {
			if len(got[i]) >= draftFindings || !ok(i) {
				continue
			}
			sc := fitBonus(titles[i], fs[n].key)
			for g := range textrules.Bigrams(fs[n].key) {
				if focus[i][g] {
					sc++
				}
			}
			if sc > bestScore || sc == bestScore && len(got[i]) < len(got[best]) {
				best, bestScore = i, sc
			}
		}
		if best >= 0 {
			got[best] = append(got[best], placed{bestScore, n})
		}
		return best >= 0
	}
	// allowed: an outlook or recommendation only where one is asked for
	allowed := func(n, i int) bool { return !adviceOnly || adviceTitle[i] || !evpkg.Advice(fs[n].key) }
	var rest []int
	for n, f := range fs {
		if !deal(n, func(i int) bool { return allowed(n, i) && fitBonus(titles[i], f.key) > 0 }) {
			rest = append(rest, n)
		}
	}
	for _, n := range rest {
		figure := hasFigure(fs[n].key)
		deal(n, func(i int) bool { return allowed(n, i) && (figure || !data[i]) })
	}
	out := make([][]string, len(titles))
	for i, ps := range got {
		slices.SortStableFunc(ps, func(a, b placed) int { return b.score - a.score })
		for _, p := range ps {
			out[i] = append(out[i], fs[p.order].text)
		}
	}
	return out
}

// adviceAsked are the words of a summary sub-point title asking for
// recommendations (核心判断与主要建议, 应对建议, Recommendations), the
// title lowered.
var adviceAsked = []string{"建议", "对策", "措施", "应对", "recommend", "advice", "advise"}

// asksAdvice reports a summary sub-point title asking for recommendations
// (adviceAsked).
func asksAdvice(title string) bool {
	return textrules.FirstWord(strings.ToLower(title), adviceAsked) != ""
}

// adviceOpeners open a sentence that advises in its own voice: the advice
// and modal words and the imperative verbs evidence.Advice does not take
// (强化常态化的信息监测与危机评估体系，做到早发现、早研判；).
var adviceOpeners = []string{"建议", "应当", "应该", "需要", "必须", "务必", "要做到", "加强", "强化", "完善", "健全", "建立", "提升", "做到"}

// advises reports a finding that recommends: one evidence.Advice takes (it
// opens on advice or the future, or states what must be done, not as
// someone's opinion) or one that opens on an adviceOpeners word.
func advises(finding string) bool {
	return evpkg.Advice(finding) || textrules.FirstPrefix(finding, adviceOpeners) != ""
}

// hasFigure reports a finding that states a figure evidence.FindFigures
// finds (a share, a count with its unit, a rank, an index), a date not
// counted: "法院于2025年7月作出一审判决" is no key datum.
func hasFigure(finding string) bool {
	return slices.ContainsFunc(evpkg.FindFigures("", finding), func(f evpkg.Figure) bool { return f.Kind != evpkg.FigDate })
}

// fitBonus is what a summary sub-point's kind adds to a finding's fit: 3
// for a recommendation (advises) under a title asking for one
// (asksAdvice), 3 for a finding stating a figure (hasFigure) under a title
// about data (wantsData); else 0.
func fitBonus(title, finding string) int {
	switch {
	case asksAdvice(title) && advises(finding):
		return 3
	case wantsData(title) && hasFigure(finding):
		return 3
	}
	return 0
}

// wantsData reports a sub-point about data: its title names 数据, 指标,
// 峰值 or 声量, or (lowered) key figures, metrics or KPIs.
func wantsData(title string) bool {
	return textrules.FirstWord(strings.ToLower(title), []string{"数据", "指标", "峰值", "声量", "key figure", "metric", "kpi"}) != ""
}

// digestBlocks writes a summary sub-point: the key figures of the other
// chapters as KPI cards when the sub-point is about data (wantsData), then its findings (assignFindings) as a list.
// It draws no chart: a split the digests hold is charted in the chapter
// that quotes its passage, and the summary drawing it again showed the
// reader one doughnut twice (the sample's 1.2 and 4.2).
func digestBlocks(ds []prompts.ChapterDigest, spTitle string, items []string) []ir.Block {
	var out []ir.Block
	if wantsData(spTitle) {
		var figs []prompts.FigureRef
		for _, d := range ds {
			figs = append(figs, d.Figures...)
		}
		out = append(out, kpiBlocks(figs)...)
	}
	if len(items) > 0 {
		out = append(out, list(items))
	}
	return out
}

// shortFinding keeps the first sentence of a finding and its citations;
// a sentence longer than findingRunes runes is cut at its last clause
// mark (，,；;、：:) within them where every bracket and quote opened before
// it is closed, and marked "……" — so a cut finding never stops inside a
// quotation or mid-word ("…源于“官方通报与学生实测数……"); with no such
// mark in the first findingRunes runes, at findingRunes.
func shortFinding(f string) string {
	var ids []string
	for _, sp := range ir.FindCitations(f) {
		ids = append(ids, sp.IDs...)
	}
	text := StripCitations(f)
	if i := strings.IndexAny(text, "。；！？"); i >= 0 {
		_, n := utf8.DecodeRuneInString(text[i:])
		text = text[:i+n]
	}
	if utf8.RuneCountInString(text) > findingRunes {
		text = prompts.CutAtClause(text, findingRunes) + "……"
	}
	return text + citeList(ids)
}

// StripCitations removes every [E…] citation from s and trims the rest:
// the finding without its sources.
func StripCitations(s string) string {
	spans := ir.FindCitations(s)
	for i := len(spans) - 1; i >= 0; i-- {
		s = s[:spans[i].Start] + s[spans[i].End:]
	}
	return strings.TrimSpace(s)
}
