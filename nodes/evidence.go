package nodes

import (
	"cmp"
	"slices"
	"strings"
	"unicode/utf8"

	"reportengine/evidence"
	"reportengine/ir"
	"reportengine/nodes/draft"
	"reportengine/prompts"
	"reportengine/templates"
	textrules "reportengine/text"
)

// EvidencePlan is the stage between the graph query rounds and chapter
// generation (no model call, deterministic): it collects the run's
// evidence items (evidence.Collect: section summaries, source contents and
// titles, engine final reports, every forum speech; near-duplicates merged
// with all their provenance) once per run; with a graph, retrieves each
// template sub-point's candidates with local search (see
// evidenceRetrieval: the sub-point's words mapped to the report's entities
// through the offline embedder, the items those entities reach); then
// assigns each item to the one sub-point where it scores best
// (evidence.MakePlanWith), with the chapters' graph query results as
// boosts, so no passage is quoted twice. Without a graph (or when the
// retrieval fails: a manifest warning) every item is a candidate of every
// sub-point. The plan is saved as evidence.json in the report folder; the
// follow-up questions reuse the retrieval's context builder.
//
// Why the retrieval is here and not in package evidence: evidence sits
// below graphrag/localsearch in the import order (localsearch's knowledge
// model is built from the same graph evidence reads), so the pipeline
// runs the retrieval and hands the candidates to the plan as data.
//
// Chapter roles: a chapter whose title names a summary (摘要, 概览) is given
// no evidence and is written after the others from their digests; a
// closing chapter (结论, 总结, 建议, 简报 in its title) gets its own evidence
// and is also written after the others, with their digests.
type EvidencePlan struct{}

// summaryChapter reports a chapter that summarises the others and has no
// evidence of its own.
func summaryChapter(sec templates.Section) bool {
	return strings.Contains(sec.Title, "摘要") || strings.Contains(sec.Title, "概览")
}

// lateChapter reports a chapter written after the others (summary and
// closing chapters).
func lateChapter(sec templates.Section) bool {
	return summaryChapter(sec) || textrules.FirstWord(sec.Title, []string{"结论", "总结", "简报"}) != ""
}

// chapterSpecs are the plan's chapters, in template order.
func chapterSpecs(secs []templates.Section) []evidence.ChapterSpec {
	out := make([]evidence.ChapterSpec, len(secs))
	for i, s := range secs {
		out[i] = evidence.ChapterSpec{ID: s.ChapterID, Title: s.Title, SubPoints: s.Outline, Summary: summaryChapter(s)}
	}
	return out
}

// subPointBriefs is the chapter's part of the plan as the prompt shows it:
// each sub-point's web sources first (secondHand), then the rest, each
// group in plan order; figures of items not about the topic without
// their KPI label, and so are those only the speeches of a forum log from
// another run state (forumOther, kpiFigureRef).
func subPointBriefs(set *evidence.Set, cp evidence.ChapterPlan, forumOther bool) []prompts.SubPointBrief {
	out := make([]prompts.SubPointBrief, 0, len(cp.SubPoints))
	for _, sp := range cp.SubPoints {
		b := prompts.SubPointBrief{Title: sp.Title, Evidence: []prompts.EvidenceRef{}}
		for _, a := range sp.Items {
			it, ok := set.Item(a.ItemID)
			if !ok {
				continue
			}
			ref := evidenceRef(it)
			ref.OffTopic = !a.OnTopic
			ref.Primary = a.Primary
			if a.Noise != "" {
				// a fragment is quoted with the passage before it, which
				// names its subject (evidence.Set.Context)
				ref.Text = set.Context(it.ID) + it.Text
			}
			b.Evidence = append(b.Evidence, ref)
		}
		// primary sources first: the web pages a sub-point has are
		// offered before the engines' paragraphs and the forum's speeches
		// that report them second-hand (plan order otherwise)
		slices.SortStableFunc(b.Evidence, func(x, y prompts.EvidenceRef) int { return cmp.Compare(secondHand(x), secondHand(y)) })
		off := offTopicItems(sp)
		for _, f := range sp.Figures {
			b.Figures = append(b.Figures, kpiFigureRef(f, off, forumOther))
		}
		out = append(out, b)
	}
	return out
}

func evidenceRef(it *evidence.Item) prompts.EvidenceRef {
	p := it.Provenance[0]
	r := prompts.EvidenceRef{ID: it.ID, Text: it.Text, Kind: string(it.Kind), Engine: p.Engine, URL: it.FirstURL()}
	switch p.Kind {
	case evidence.KindForum:
		r.Source = "论坛 " + p.ForumTime
	case evidence.KindSource, evidence.KindTitle:
		r.Source = p.Title
	case evidence.KindSummary:
		r.Source = p.Section
	case evidence.KindFinalReport:
		r.Source = "最终报告"
	}
	return r
}

// secondHand is 0 for a web source (a page's passage or title with its
// URL) and 1 for what reports it second-hand (an engine's summary or
// report, a forum speech, a post without a URL).
func secondHand(r prompts.EvidenceRef) int {
	if r.URL != "" && (r.Kind == string(evidence.KindSource) || r.Kind == string(evidence.KindTitle)) {
		return 0
	}
	return 1
}

// offTopicItems are the ids of a sub-point's items not about the topic
// (evidence.Assigned.OnTopic false).
func offTopicItems(sp evidence.SubPlan) map[string]bool {
	off := map[string]bool{}
	for _, a := range sp.Items {
		if !a.OnTopic {
			off[a.ItemID] = true
		}
	}
	return off
}

// kpiFigureRef is figureRef for a figure of a sub-point: one of an item
// not about the topic keeps no KPI label (a page about another university,
// company or city is never a KPI card; "位于美国排名第30位" on a New York
// University page). Nor is one only a forum speech states (no web page
// states it too) when the forum log is likely another run's (forumOther,
// Input.ForumOtherRun): the fixture's four KPI cards were all a misdated
// log's insight figures, one quote liked 4.2万 times in one speech and
// 6.7万 in the next. Such a figure stays in the text, its speech named.
func kpiFigureRef(f evidence.Figure, off map[string]bool, forumOther bool) prompts.FigureRef {
	r := figureRef(f)
	if off[f.ItemID] || forumOther && r.ForumOnly() {
		r.KPI = ""
	}
	return r
}

// figureRef is a figure as the prompts carry it; Scaled only when 万 or 亿
// make it differ from Value (the prompt budget goes to evidence).
func figureRef(f evidence.Figure) prompts.FigureRef {
	scaled := f.Scaled
	if scaled == f.Value {
		scaled = 0
	}
	return prompts.FigureRef{ItemID: f.ItemID, Kind: string(f.Kind), Label: f.Label, KPI: f.KPI, Group: f.Group, Raw: f.Raw,
		Value: f.Value, Unit: f.Unit, Scaled: scaled, Date: f.Date, Sentence: f.Sentence, Primary: f.Primary, Forum: f.Forum, Disagree: f.Disagree}
}

// digest summarises a written chapter for the chapters written after it:
// the first paragraph under each level-3 heading (its lead, citations
// kept), and the figures planned for it that have a KPI label or are part
// of a split (at most two per sub-point, a
// group of one passage — the parts of a sentiment split — counted as one
// and kept whole, and so are the later values of one measure: 8%→6%).
func digest(ch ir.Chapter, cp evidence.ChapterPlan, forumOther bool) prompts.ChapterDigest {
	d := prompts.ChapterDigest{ChapterID: ch.ChapterID, Title: ch.Title}
	for i, b := range ch.Blocks {
		if b.Type != ir.TypeHeading || b.Level < 3 || i+1 >= len(ch.Blocks) || ch.Blocks[i+1].Type != ir.TypeParagraph {
			continue
		}
		if s := strings.TrimSpace(ir.PlainText(ch.Blocks[i+1].Inlines)); len(ir.FindCitations(s)) > 0 && utf8.RuneCountInString(draft.StripCitations(s)) >= 12 {
			d.Findings = append(d.Findings, s)
		}
	}
	for _, sp := range cp.SubPoints {
		n := 0
		splits := map[string]bool{}   // item + kind of the splits taken
		measures := map[string]bool{} // item + KPI label of the figures taken
		off := offTopicItems(sp)
		for _, f := range sp.Figures {
			if off[f.ItemID] {
				f.KPI = "" // not about the topic: no key figure
			}
			if f.KPI != "" && measures[f.ItemID+"\x00"+f.KPI] {
				// the later value of a measure taken (敬意 8%→6%): a card
				// of the first value alone would hide what it became
				d.Figures = append(d.Figures, kpiFigureRef(f, off, forumOther))
				continue
			}
			split := f.Kind == evidence.FigSentiment || f.Kind == evidence.FigPlatform || f.Kind == evidence.FigAge
			if f.Kind == evidence.FigDate || f.KPI == "" && !split {
				continue // a figure with no KPI label is no key figure (it stays in its chapter)
			}
			// a split (the sentiment, platform or age shares of one
			// passage: 正面34%、负面28%、中性38%) is kept whole: a chart
			// of two of its three parts would misread it
			key := f.ItemID + "\x00" + string(f.Kind)
			switch {
			case split && splits[key]:
			case n >= 2:
				continue
			default:
				n++
				if split {
					splits[key] = true
				}
			}
			if f.KPI != "" {
				measures[f.ItemID+"\x00"+f.KPI] = true
			}
			d.Figures = append(d.Figures, kpiFigureRef(f, off, forumOther))
		}
	}
	return d
}

// planIDs is the set of evidence ids a chapter may cite: every item of the
// plan and the web sources of its engine passages (Assigned.Primary) — a
// chapter may cite what another chapter quotes, never an id the plan does
// not have.
func planIDs(p *evidence.Plan) map[string]bool {
	ids := map[string]bool{}
	for _, c := range p.Chapters {
		for _, sp := range c.SubPoints {
			for _, a := range sp.Items {
				ids[a.ItemID] = true
				for _, id := range a.Primary {
					ids[id] = true // the web source of an engine's claim
				}
			}
		}
	}
	return ids
}
