package nodes

import (
	"cmp"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"reportengine/evidence"
	"reportengine/ir"
	"reportengine/nodes/draft"
	"reportengine/prompts"
)

// references turns the chapters' [E…] citations into numbered links to the
// report's reference list and returns that list: only cited sources (a
// link to the URL of an evidence item or of a graph source counts as
// citing it), each
// once, numbered in order of first citation, each with the chapters that
// cite it. A source is a web page (by URL), a forum speech (by log line),
// an engine's research section or an engine's final report. A citation of
// an id the evidence set does not know stays as it is written.
func references(chs []ir.Chapter, hero *ir.Hero, set *evidence.Set, graph map[string]prompts.GraphSource, all graphSources) []ir.Source {
	rl := &refList{set: set, all: all, graphByURL: map[string]prompts.GraphSource{}, index: map[string]int{}}
	for _, g := range graph {
		if g.URL != "" {
			if old, ok := rl.graphByURL[g.URL]; !ok || g.ID < old.ID {
				rl.graphByURL[g.URL] = g
			}
		}
	}
	for ci := range chs {
		rl.chapter(&chs[ci])
	}
	// hero KPI sources resolve to the same numbers (a figure's item is
	// normally cited in its chapter already)
	for i := 0; hero != nil && i < len(hero.KPIs); i++ {
		hero.KPIs[i].Source = rewritePlain(hero.KPIs[i].Source, rl.number)
	}
	return rl.out
}

// refList is the reference list being built.
type refList struct {
	set        *evidence.Set
	all        graphSources
	graphByURL map[string]prompts.GraphSource // the given graph sources, the smallest id per URL
	out        []ir.Source
	index      map[string]int // reference key → index in out
}

// sourceByURL is the graph source of a URL: the smallest id among the
// given sources and the graph's own source of that URL.
func (rl *refList) sourceByURL(u string) (prompts.GraphSource, bool) {
	g, ok := rl.graphByURL[u]
	if a, found := rl.all.byURL(u); found && (!ok || a.ID < g.ID) {
		g, ok = a, true
	}
	return g, ok
}

// resolve returns the reference-list index of an item's source, adding
// the source on first sight.
func (rl *refList) resolve(id string) (int, bool) {
	it, ok := rl.set.Item(id)
	if !ok {
		return 0, false
	}
	key, src := referenceOf(it)
	return rl.add(key, func() ir.Source {
		src.ID = "R" + strconv.Itoa(len(rl.out)+1)
		if g, ok := rl.sourceByURL(src.URL); ok && src.URL != "" {
			src.ID = g.ID // the graph's source id when the graph has the page
		}
		return src
	}), true
}

// number is the reference number of an item's source and the source
// (resolve); false for an id the evidence set does not know.
func (rl *refList) number(id string) (int, *ir.Source, bool) {
	i, ok := rl.resolve(id)
	if !ok {
		return 0, nil, false
	}
	return i + 1, &rl.out[i], true
}

// add returns the reference-list index of key, adding the source made by
// src on first sight.
func (rl *refList) add(key string, src func() ir.Source) int {
	i, seen := rl.index[key]
	if !seen {
		i = len(rl.out)
		rl.index[key] = i
		rl.out = append(rl.out, src())
	}
	return i
}

// chapter numbers c's citations and adds its sources, a link to a source
// URL citing that source too.
func (rl *refList) chapter(c *ir.Chapter) {
	c.Sources = nil
	ir.NormalizeCitations(c)
	cites := func(i int) {
		if s := &rl.out[i]; !slices.Contains(s.Chapters, c.ChapterID) {
			s.Chapters = append(s.Chapters, c.ChapterID)
			c.Sources = append(c.Sources, s.ID)
		}
	}
	num := func(id string) (int, *ir.Source, bool) {
		n, src, ok := rl.number(id)
		if ok {
			cites(n - 1)
		}
		return n, src, ok
	}
	rewriteBlocks(c, num)
	linked(c, func(href string) {
		if it, ok := rl.set.ItemByURL(href); ok {
			num(it.ID)
			return
		}
		g, ok := rl.sourceByURL(href)
		if !ok {
			return
		}
		cites(rl.add("url:"+href, func() ir.Source {
			return ir.Source{ID: g.ID, Title: firstNonBlank(g.Title, href), URL: href, Engines: g.Engines}
		}))
	})
}

// referenceOf is the reference-list entry an item resolves to.
func referenceOf(it *evidence.Item) (string, ir.Source) {
	var engines []string
	for _, p := range it.Provenance {
		if p.Engine != "" && !slices.Contains(engines, p.Engine) && p.Kind != evidence.KindForum {
			engines = append(engines, p.Engine)
		}
	}
	for _, p := range it.Provenance {
		if p.URL != "" {
			return "url:" + p.URL, ir.Source{Title: firstNonBlank(p.Title, p.URL), URL: p.URL, Engines: engines}
		}
	}
	p := it.Provenance[0]
	switch p.Kind {
	case evidence.KindForum:
		return "forum:" + strconv.Itoa(p.ForumLine), ir.Source{Title: "论坛发言 · " + speakerName(p.Speaker) + " · " + p.ForumTime,
			Engines: []string{strings.ToLower(p.Speaker)}}
	case evidence.KindSummary:
		return "summary:" + p.Engine + ":" + strconv.Itoa(p.SectionPos), ir.Source{
			Title: prompts.EngineName(p.Engine) + "研究段落「" + p.Section + "」", Engines: engines}
	case evidence.KindFinalReport:
		return "final:" + p.Engine, ir.Source{Title: prompts.EngineName(p.Engine) + "最终报告", Engines: engines}
	}
	return "text:" + p.Title, ir.Source{Title: firstNonBlank(p.Title, "未署名来源") + "（无链接）", Engines: engines}
}

func speakerName(s string) string {
	if strings.EqualFold(s, "HOST") {
		return "主持人"
	}
	return prompts.EngineName(strings.ToLower(s))
}

// firstNonBlank is a trimmed, else b trimmed.
func firstNonBlank(a, b string) string { return cmp.Or(strings.TrimSpace(a), strings.TrimSpace(b)) }

// linked calls fn for the href of every link mark in running text.
func linked(c *ir.Chapter, fn func(href string)) {
	c.Walk(func(_ string, b *ir.Block) {
		for _, in := range b.Inlines {
			for _, m := range in.Marks {
				if m.Type == "link" && m.Href != "" && !strings.HasPrefix(m.Href, "#") {
					fn(m.Href)
				}
			}
		}
	})
}

// rewriteBlocks replaces citations in running text: in inline runs by a
// run "[n]" with a superscript mark and a link to "#ref-n" (its title the
// source title), in SWOT/PEST text by "[n]". Two items of one source cited
// side by side ("[E3][E7]", both from reference 6) give "[6]" once.
func rewriteBlocks(c *ir.Chapter, num func(id string) (int, *ir.Source, bool)) {
	c.Walk(func(_ string, b *ir.Block) {
		if b.Type == ir.TypeHeading || b.Type == ir.TypeCode || b.Type == ir.TypeMath {
			return
		}
		if len(b.Inlines) > 0 {
			b.Inlines = rewriteInlines(b.Inlines, num, b.Type == ir.TypeEngineQuote)
		}
		for _, q := range [][]ir.QuadrantItem{b.Strengths, b.Weaknesses, b.Opportunities, b.Threats,
			b.Political, b.Economic, b.Social, b.Technological} {
			for j := range q {
				q[j].Title = rewritePlain(q[j].Title, num)
				q[j].Detail = rewritePlain(q[j].Detail, num)
				q[j].Evidence = rewritePlain(q[j].Evidence, num)
			}
		}
	})
}

func rewriteInlines(ins []ir.Inline, num func(id string) (int, *ir.Source, bool), plain bool) []ir.Inline {
	var out []ir.Inline
	for _, in := range ins {
		spans := ir.FindCitations(in.Text)
		if len(spans) == 0 {
			out = append(out, in)
			continue
		}
		last := 0
		run := map[int]bool{} // numbers already written in this run of adjacent citations
		for _, sp := range spans {
			if t := in.Text[last:sp.Start]; t != "" {
				out = append(out, ir.Inline{Text: t, Marks: in.Marks})
				clear(run)
			}
			for _, id := range sp.IDs {
				n, src, ok := num(id)
				if !ok {
					out = append(out, ir.Inline{Text: "[" + id + "]", Marks: in.Marks})
					continue
				}
				if run[n] {
					continue // two evidence items of one source: one reference number
				}
				run[n] = true
				label := "[" + strconv.Itoa(n) + "]"
				if plain { // engine quotes allow bold and italic only
					out = append(out, ir.Inline{Text: label})
					continue
				}
				out = append(out, ir.Inline{Text: label, Marks: []ir.Mark{
					{Type: "link", Href: "#ref-" + strconv.Itoa(n), Title: src.Title},
					{Type: "superscript"},
				}})
			}
			last = sp.End
		}
		if t := in.Text[last:]; t != "" {
			out = append(out, ir.Inline{Text: t, Marks: in.Marks})
		}
	}
	return out
}

// rewritePlain is rewriteInlines for plain text (SWOT/PEST text, a KPI
// card's source): "[n]", one number once per run of citations.
func rewritePlain(s string, num func(id string) (int, *ir.Source, bool)) string {
	return ir.PlainText(rewriteInlines([]ir.Inline{{Text: s}}, num, true))
}

// numberRE finds the numbers a claim states (ASCII digits, a decimal part).
var numberRE = regexp.MustCompile(`\d+(?:\.\d+)?`)

// checkClaims returns manifest warnings for a chapter's cited text that its
// citations do not support: a number in a paragraph or list item that
// occurs in none of the passages the paragraph cites (nor in their
// provenance: forum time, source and section titles, nor in the numbers
// the essentials data counted from the records those ids stand for: the
// collection time stamps of the records at each end, the record counts
// of a platform), and an engine quote whose text occurs in none of the
// passages it cites. Text without citations is not checked (there is
// nothing to check it against). data is the chapter's essentials (nil
// for none).
func checkClaims(c *ir.Chapter, set *evidence.Set, data *prompts.Essentials) []string {
	counted := essentialNumbers(data)
	var out []string
	var walk func(bs []ir.Block, quote bool)
	walk = func(bs []ir.Block, quote bool) {
		for i := range bs {
			b := &bs[i]
			if b.Type == ir.TypeParagraph && len(b.Inlines) > 0 {
				out = append(out, checkText(c.ChapterID, ir.PlainText(b.Inlines), set, counted, quote)...)
			}
			walk(b.Blocks, quote || b.Type == ir.TypeEngineQuote)
			for _, it := range b.ListItems {
				walk(it, quote)
			}
		}
	}
	walk(c.Blocks, false)
	return out
}

// essentialNumbers maps each evidence id the essentials cite to the
// texts of the numbers they counted for it: the window's time stamps and
// record count for the records at its ends, a platform's records, sources
// and share, a site's records, an account's passages, an event's date.
// These are data computed from the records' metadata, not claims of the
// passage text.
func essentialNumbers(es *prompts.Essentials) map[string][]string {
	if es == nil {
		return nil
	}
	out := map[string][]string{}
	add := func(ids []string, vs ...string) {
		for _, id := range ids {
			out[id] = append(out[id], vs...)
		}
	}
	itoa := strconv.Itoa
	add(es.Window.Cite, es.Window.From, es.Window.To, itoa(es.Window.Records))
	for _, p := range es.Platforms {
		add(p.Cite, itoa(p.Records), itoa(p.Sources), strconv.FormatFloat(p.Percent, 'f', -1, 64))
	}
	for _, s := range es.TopSources {
		add(s.Cite, itoa(s.Records))
	}
	for _, a := range es.Accounts {
		add(a.Cite, itoa(a.Items))
	}
	for _, e := range es.Timeline {
		add([]string{e.Cite, e.Primary}, e.Date)
	}
	return out
}

func checkText(chapter, text string, set *evidence.Set, counted map[string][]string, quote bool) []string {
	spans := ir.FindCitations(text)
	if len(spans) == 0 {
		return nil
	}
	var passages, context []string // the cited texts; their provenance (time, titles) for numbers
	var ids []string
	for _, sp := range spans {
		for _, id := range sp.IDs {
			if it, ok := set.Item(id); ok {
				// a fragment is quoted with the passage before it
				passages = append(passages, set.Context(id)+it.Text)
				context = append(context, set.Context(id)+it.Text)
				for _, p := range it.Provenance {
					context = append(context, p.ForumTime, p.Title, p.Section)
				}
				context = append(context, counted[id]...)
				ids = append(ids, id)
			}
		}
	}
	if len(passages) == 0 {
		return nil
	}
	plain := draft.StripCitations(text)
	short := []rune(plain)
	if len(short) > 40 {
		short = append(short[:40], '…')
	}
	var out []string
	if quote {
		key := evidence.Normalize(plain)
		if key != "" && !slices.ContainsFunc(passages, func(p string) bool { return strings.Contains(evidence.Normalize(p), key) }) {
			out = append(out, fmt.Sprintf("chapter %s: the engine quote “%s” is not in the passages it cites (%s)", chapter, string(short), strings.Join(ids, ", ")))
		}
	}
	seen := map[string]bool{}
	for _, n := range numberRE.FindAllString(plain, -1) {
		if seen[n] {
			continue
		}
		seen[n] = true
		if !numberIn(context, n) {
			out = append(out, fmt.Sprintf("chapter %s: “%s” states %s, which none of its cited passages (%s) contains", chapter, string(short), n, strings.Join(ids, ", ")))
		}
	}
	return out
}

// numberIn reports whether one of texts states the number n: n itself
// anywhere, or, for a number written with leading zeros (the month and day
// of "2025-07-31", the minutes of "10:00"), the same number without them
// standing alone ("2025年7月31日"); a number of zeros only states nothing
// to check.
func numberIn(texts []string, n string) bool {
	if slices.ContainsFunc(texts, func(p string) bool { return strings.Contains(p, n) }) {
		return true
	}
	t := strings.TrimLeft(n, "0")
	if t == n {
		return false
	}
	if t == "" {
		return true
	}
	if t[0] == '.' { // 0.5: a decimal is compared whole
		return false
	}
	return slices.ContainsFunc(texts, func(p string) bool { return slices.Contains(numberRE.FindAllString(p, -1), t) })
}
