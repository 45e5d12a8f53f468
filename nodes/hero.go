package nodes

import (
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"reportengine/evidence"
	"reportengine/ir"
	"reportengine/nodes/draft"
	"reportengine/prompts"
	textrules "reportengine/text"
)

// Hero limits.
const (
	heroKPIs       = 4
	heroHighlights = 4
	highlightRunes = 40
	heroLabelRunes = 4 // a KPI label this long names its subject
)

// heroKindOrder ranks figure kinds for the hero's KPI cards: what an
// analyst looks for first.
var heroKindOrder = []string{"sentiment", "volume", "platform", "index", "share", "age", "count", "rank"}

// findingsHero writes the hero from the chapters' digests, after the
// chapters (the layout was planned before any evidence was read, so its
// hero can only count inputs): KPI cards from the figures found in the
// text that have a KPI label naming subject and metric (FigureRef.KPI;
// best kinds first, one per label, each with its citation as Source; the
// run's headline figures, heroRun, before the chapters'), highlights from
// the chapters' lead findings, and, for an extractive model or an empty
// layout summary, a summary stating the main finding (mainFinding). A model-written summary is kept. With no digest the
// layout hero stays as it is.
//
// The hero repeats nothing the report's summary chapter prints (shown): a
// sentence stands in its chapter and at most once more, in the summary
// chapter or in the hero, and so does a KPI card. When every labelled
// figure is already a card of the summary chapter, the hero has no KPI
// cards (not the layout's counts of inputs).
//
// With a summary chapter in the report (withSummary) the hero has no
// highlights: the summary chapter's bullets are them, and the findings
// the hero leaves are theirs.
func findingsHero(layout ir.Hero, digests []prompts.ChapterDigest, shown printed, run heroRun, extractive, withSummary bool) ir.Hero {
	if len(digests) == 0 {
		return layout
	}
	h := layout
	var figs []prompts.FigureRef
	labelled := false
	for _, f := range run.headline {
		if f.KPI != "" && !shown.kpis[f.KPI] {
			figs = append(figs, f)
		}
	}
	digests = slices.Clone(digests)
	for i, d := range digests {
		for _, f := range d.Figures {
			labelled = labelled || f.KPI != ""
			if !shown.kpis[f.KPI] {
				figs = append(figs, f)
			}
		}
		digests[i].Findings = slices.DeleteFunc(slices.Clone(d.Findings), shown.has)
	}
	if kpis := heroKPICards(figs); len(kpis) > 0 || labelled || run.withheld {
		h.KPIs = kpis
	}
	// the summary states the main finding; the highlights go on with the
	// chapters' leads, then with their next findings, never repeating one
	// (fewer highlights rather than the summary again)
	leads := make([][]string, len(digests))
	for i, d := range digests {
		leads[i] = heroFindings(d.Findings, highlightRunes)
	}
	taken := make([]int, len(digests)) // findings of each chapter used so far
	said := map[string]bool{}
	if extractive || strings.TrimSpace(h.Summary) == "" {
		if i, k := mainFinding(digests, run.names); i >= 0 {
			h.Summary = "主要发现——" + heroFindings(digests[i].Findings, 90)[k] + "。" + chapterPointer(digests[i].Title)
			said[leads[i][k]] = true
			if k == 0 {
				taken[i] = 1 // its chapter's next finding comes in a later round
			}
		}
	}
	if hl := heroHighlightsFrom(leads, taken, said, withSummary); len(hl) > 0 || withSummary {
		h.Highlights = hl
	}
	return h
}

// chapterPointer points the hero's main finding to the chapter that cites
// its evidence, as a summary bullet does ("（详见「事件全景与演变脉络」）"):
// the hero quotes no citation of its own. "" for a chapter without a title.
func chapterPointer(title string) string {
	if t := strings.TrimSpace(title); t != "" {
		return "（详见「" + t + "」）"
	}
	return ""
}

// heroRun is what the hero knows of the run besides the chapters: names
// says whether a sentence names the topic (evidence.Topic.Names; nil:
// every one does), headline are the essentials' figures (evidence's
// keyFigures: the figures most items state first, a web page stating one
// cited first), offered as KPI cards before the chapters' figures — the
// fixture's hero showed a 2020 hashtag's reads (#武汉大学病毒所# 4.8亿) and a
// video's likes where the run's headline figures (话题阅读量 28.7亿次,
// 事件影响力指数 65.4) were left to the prose.
//
// withheld says headline figures were left out as a forum log's of
// another run (Input.ForumOtherRun): the hero then shows the cards of the
// figures left, or none, never the layout's counts of inputs in their
// place.
type heroRun struct {
	names    func(string) bool
	headline []prompts.FigureRef
	withheld bool
}

// heroRunOf is the hero's view of run r.
func (r *runState) heroRunOf() heroRun {
	var hr heroRun
	if t, err := evidence.NewTopic(evidence.TopicConfig{Topic: r.in.Topic}); err == nil {
		hr.names = t.Names
	}
	for _, f := range r.essentials.Figures {
		ref := figureRef(f)
		if r.in.ForumOtherRun && ref.ForumOnly() {
			hr.withheld = true // no card from a log of another run (kpiFigureRef)
			continue
		}
		hr.headline = append(hr.headline, ref)
	}
	return hr
}

// mainFinding is the hero's main finding, one claim about the topic with a
// figure where there is one: the first finding (heroFindings, 90 runes)
// that states a figure and is about the run, else the first chapter lead
// about the run, else the first chapter's lead; its chapter and index, or
// -1 when no chapter has a finding. A finding is about the run when it
// names the topic (names; nil: every finding does) or speaks the report's
// words: at least SharedTerms of its content terms are each in SharedTerms
// other findings. It is one sentence: two passages glued into one summary
// read as one claim (the fixture's hero joined a sentence on 科研经费 and
// 年轻医生 — 2020 material no other finding speaks of — to the 2025 通报).
func mainFinding(digests []prompts.ChapterDigest, names func(string) bool) (int, int) {
	found := map[string]int{} // content term → findings holding it
	for _, d := range digests {
		for _, f := range heroFindings(d.Findings, 90) {
			for _, t := range uniqueTerms(f) {
				found[t]++
			}
		}
	}
	about := func(f string) bool {
		if names == nil || names(f) {
			return true
		}
		shared := 0
		for _, t := range uniqueTerms(f) {
			if found[t] > SharedTerms { // itself and SharedTerms others
				shared++
			}
		}
		return shared >= SharedTerms
	}
	for i, d := range digests {
		for k, f := range heroFindings(d.Findings, 90) {
			if heroFigure.MatchString(f) && about(f) {
				return i, k
			}
		}
	}
	for _, topical := range []bool{true, false} {
		for i, d := range digests {
			if fs := heroFindings(d.Findings, 90); len(fs) > 0 && (!topical || about(fs[0])) {
				return i, 0
			}
		}
	}
	return -1, -1
}

// SharedTerms is how many of the report's words a finding that does not
// name the topic must speak, each in as many other findings, to be about
// the run (mainFinding).
const SharedTerms = 2

// uniqueTerms are the distinct content terms of s (text.Terms).
func uniqueTerms(s string) []string {
	ts := textrules.TermTexts(textrules.Terms(s))
	slices.Sort(ts)
	return slices.Compact(ts)
}

// heroKPICards are the hero's KPI cards: one card per kind in
// heroKindOrder, then a second round, …; labels that name their subject
// (heroLabelRunes or more) first, bare ones ("损失", "美式") only when
// nothing better is left; within each, figures a page or an engine
// states before those only a forum speech states (their cards marked,
// FigureRef.CardLabel); a second value of the same passage joins the
// card ("三十元→十二元"); one figure two passages report is one card.
func heroKPICards(figs []prompts.FigureRef) []ir.KPI {
	figs = slices.Clone(figs)
	slices.SortStableFunc(figs, prompts.ForumLast)
	var kpis []ir.KPI
	seen := map[string]bool{}
	used := make([]bool, len(figs))
	for _, minRunes := range []int{heroLabelRunes, 1} {
		for progress := true; progress && len(kpis) < heroKPIs; {
			progress = false
			for _, kind := range heroKindOrder {
				for i, f := range figs {
					if len(kpis) >= heroKPIs {
						break
					}
					if used[i] || f.Kind != kind || f.KPI == "" || utf8.RuneCountInString(f.KPI) < minRunes || seen[f.KPI] {
						continue
					}
					used[i], seen[f.KPI], progress = true, true, true
					value := f.CardValue()
					for j := i + 1; j < len(figs); j++ {
						if g := figs[j]; !used[j] && g.ItemID == f.ItemID && g.KPI == f.KPI && g.Raw != f.Raw {
							used[j], value = true, value+"→"+g.CardValue()
							break
						}
					}
					card := ir.KPI{Label: f.CardLabel(), Value: value, Source: figureCite(f)}
					if slices.ContainsFunc(kpis, func(k ir.KPI) bool { return prompts.SameKPI(k, card) }) {
						continue
					}
					kpis = append(kpis, card)
					break
				}
			}
		}
	}
	return kpis
}

// figureCite is a figure's citation: the web page stating it first
// (FigureRef.Primary), then its passage ("[E160][E12]").
func figureCite(f prompts.FigureRef) string {
	if f.Primary != "" && f.Primary != f.ItemID {
		return "[" + f.Primary + "][" + f.ItemID + "]"
	}
	return "[" + f.ItemID + "]"
}

// heroHighlightsFrom takes the chapters' leads round by round (the
// chapters the summary quoted from the second round on), skipping what
// was said. With a summary chapter (withSummary) there are none: its
// bullets are the highlights.
func heroHighlightsFrom(leads [][]string, taken []int, said map[string]bool, withSummary bool) []string {
	var hl []string
	inSummary := slices.Clone(taken)
	for progress, first := !withSummary, true; progress && len(hl) < heroHighlights; first = false {
		progress = false
		for i := range leads {
			if first && inSummary[i] > 0 {
				progress = true // their next findings come in the later rounds
				continue
			}
			for taken[i] < len(leads[i]) && len(hl) < heroHighlights {
				c := leads[i][taken[i]]
				taken[i]++
				if !said[c] {
					said[c], progress = true, true
					hl = append(hl, c)
					break
				}
			}
		}
	}
	return hl
}

// heroFindings are the findings that read as statements, each cut to its
// first sentence and at most n runes (shortClause), in order: 12 runes or
// more, not a "标签：…" list heading, not an example or a statement about
// the report itself ("例如…", "本报告旨在…"), not pointing back ("这一…"); a
// leading enumerator or connective ("第一，", "2. ", "（3）", "此外，") is
// dropped.
func heroFindings(findings []string, n int) []string {
	var out []string
	for _, f := range findings {
		text, ok := prompts.StandaloneFinding(draft.StripCitations(f))
		if c := shortClause(text, n); ok && utf8.RuneCountInString(c) >= 12 && !labelled(c) && !methodSentence(c) {
			out = append(out, c)
		}
	}
	return out
}

// heroFigure finds a figure a finding states: a number with its unit or
// a share (28%, 4.8亿, 12.6万条, 3,412条, 三成).
var heroFigure = regexp.MustCompile(`[0-9][0-9,.]*\s*(?:%|％|万|亿|条|人|次|元|倍|个百分点)|[一二三四五六七八九十两]成`)

// methodVerbs are what a sentence about the study's method says it does
// (通过梳理分析…，可以深入探究…).
var methodVerbs = []string{"梳理", "分析", "研究", "探究", "考察", "监测", "剖析"}

// methodSentence reports a sentence about how the subject is studied, not
// about the subject: it opens with 通过/借助/基于 and names a method verb
// (methodVerbs), or says what can be studied (可以深入探究, 有助于了解).
func methodSentence(s string) bool {
	opens := slices.ContainsFunc([]string{"通过", "借助", "基于"}, func(p string) bool { return strings.HasPrefix(s, p) })
	return textrules.FirstWord(s, []string{"可以深入", "可深入", "有助于了解", "有助于深入", "以便深入"}) != "" ||
		opens && textrules.FirstWord(s, methodVerbs) != ""
}

// labelled reports a "标签：内容" line (a colon within its first 10 runes):
// a heading with a list, not a finding.
func labelled(s string) bool {
	i := strings.IndexAny(s, "：:")
	return i >= 0 && utf8.RuneCountInString(s[:i]) < 10
}

// shortClause is s without citations, cut after its first sentence and,
// when longer than n runes, at its last clause mark within them
// (prompts.CutAtClause; "…" marks a cut).
func shortClause(s string, n int) string {
	s = draft.StripCitations(s)
	if i := strings.IndexAny(s, "。｡！？；"); i >= 0 {
		s = s[:i]
	}
	if utf8.RuneCountInString(s) > n {
		s = prompts.CutAtClause(s, n) + "…"
	}
	return s
}

// printed is what the report's summary chapters print: their running text
// without citations, and the labels of their KPI cards.
type printed struct {
	text string
	kpis map[string]bool
}

// printedIn collects what chs print (printed).
func printedIn(chs []ir.Chapter) printed {
	p := printed{kpis: map[string]bool{}}
	var b strings.Builder
	for _, ch := range chs {
		for _, blk := range ch.Blocks {
			b.WriteString(draft.StripCitations(ir.BlockText(blk)))
			b.WriteByte('\n')
			for _, k := range blk.KPIItems {
				p.kpis[strings.TrimSuffix(k.Label, prompts.ForumMark)] = true
			}
		}
	}
	p.text = b.String()
	return p
}

// printedRunes is how many runes of a finding's start identify it: the
// summary chapter prints a finding shortened, never with another start.
const printedRunes = 16

// has reports whether finding (citations allowed) is printed: the first
// printedRunes runes of its standalone form are in the text.
func (p printed) has(finding string) bool {
	s, _ := prompts.StandaloneFinding(draft.StripCitations(finding))
	rs := []rune(strings.TrimSpace(s))
	if len(rs) > printedRunes {
		rs = rs[:printedRunes]
	}
	return len(rs) >= 8 && strings.Contains(p.text, string(rs))
}

// withoutHeroFindings is digests without the findings and the KPI figures
// the extractive hero states (its summary, highlights and KPI cards, as
// findingsHero picks them from analysisFirst(digests, set)): what a summary
// chapter may still quote. A figure the hero shows that is part of a split
// stays, without its KPI label: its chart keeps every part.
func withoutHeroFindings(digests []prompts.ChapterDigest, set *evidence.Set, run heroRun) []prompts.ChapterDigest {
	h := findingsHero(ir.Hero{}, analysisFirst(digests, set), printed{}, run, true, true)
	said := printed{text: h.Summary + "\n" + strings.Join(h.Highlights, "\n"), kpis: map[string]bool{}}
	for _, k := range h.KPIs {
		said.kpis[strings.TrimSuffix(k.Label, prompts.ForumMark)] = true
	}
	out := slices.Clone(digests)
	for i, d := range out {
		var keep []string
		for _, f := range d.Findings {
			if !said.has(f) {
				keep = append(keep, f)
			}
		}
		var figs []prompts.FigureRef
		for _, f := range d.Figures {
			switch {
			case f.KPI == "" || !said.kpis[f.KPI]:
				figs = append(figs, f)
			case splitPart(f):
				// the use-once rule is for prose, not for data: a part
				// of a split the hero shows as a card stays in the
				// summary's chart (a chart of the other parts would
				// misread them), without its card
				f.KPI = ""
				figs = append(figs, f)
			}
		}
		out[i].Findings, out[i].Figures = keep, figs
	}
	return out
}

// splitPart reports a figure that is a part of a split: a sentiment,
// platform or age share with its group.
func splitPart(f prompts.FigureRef) bool {
	switch evidence.FigureKind(f.Kind) {
	case evidence.FigSentiment, evidence.FigPlatform, evidence.FigAge:
		return f.Group != ""
	}
	return false
}

// analysisFirst is digests with each chapter's findings reordered so that
// those citing the run's own analysis first (an engine's summary or final
// report, a forum speech) come before those citing a scraped page, order
// kept otherwise: the hero's main findings are the engines' findings, not
// a page a sub-point happened to lead with. set nil leaves digests as they
// are.
func analysisFirst(digests []prompts.ChapterDigest, set *evidence.Set) []prompts.ChapterDigest {
	if set == nil {
		return digests
	}
	out := slices.Clone(digests)
	for i, d := range out {
		var own, pages []string
		for _, f := range d.Findings {
			if cs := ir.FindCitations(f); len(cs) > 0 && len(cs[0].IDs) > 0 {
				if it, ok := set.Item(cs[0].IDs[0]); ok && it.Kind != evidence.KindSource && it.Kind != evidence.KindTitle {
					own = append(own, f)
					continue
				}
			}
			pages = append(pages, f)
		}
		out[i].Findings = append(own, pages...)
	}
	return out
}
