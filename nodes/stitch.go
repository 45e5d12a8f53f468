package nodes

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"reportengine/evidence"
	"reportengine/graphrag"
	"reportengine/ir"
	"reportengine/llm"
	"reportengine/prompts"
	"reportengine/templates"
)

// Stitch assembles the Document IR (reference §5.5). Chapters stay in
// template order (never completion order, never the model's order);
// anchors are made unique within the report with -2, -3 … suffixes, using
// a set that lives only for this call (BettaFish kept it on a singleton,
// so a second report got "section-1-0-2", §8 #16); the TOC lists the
// layout's entries in template order with the chapters' anchors; the
// reference list holds every graph source a chapter cited or was given,
// de-duplicated by id in first-citation order. When chapters failed, a
// last line of Hero.Summary and of LayoutNotes names them.
type Stitch struct{}

// StitchInput is everything the document is made of.
type StitchInput struct {
	ReportID       string
	Topic          string
	GraphID        string
	Template       templates.Template
	TemplateReason string
	Layout         prompts.LayoutReply
	LayoutNotes    []string
	Chapters       []ChapterResult // template order
	// Sources are the details of the graph sources chapters were given,
	// by id.
	Sources map[string]prompts.GraphSource
	// Graph, when set, supplies the details of its other sources (a
	// chapter may link to any source of the graph).
	Graph    *graphrag.Graph
	Failures []ir.Failure // template order
	// Notices are reader-facing lines (input warnings, fallbacks, degraded
	// chapters), copied to Metadata.Notices.
	Notices     []string
	Generator   llm.Info
	GeneratedAt time.Time
	// Evidence resolves the chapters' [E…] citations (required): they
	// become numbered links and the reference list holds the cited
	// sources only (see references).
	Evidence *evidence.Set
}

// Run stitches; it fails only when ctx is done.
func (Stitch) Run(ctx context.Context, in StitchInput) (*ir.Document, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	doc := &ir.Document{Version: ir.Version, ReportID: in.ReportID, Metadata: stitchMetadata(in)}
	md := &doc.Metadata
	doc.Chapters = stitchAnchors(in.Chapters)
	md.TOC = stitchTOC(in, doc.Chapters)
	if len(md.Failures) > 0 {
		names := make([]string, len(md.Failures))
		for i, f := range md.Failures {
			names[i] = fmt.Sprintf("%s《%s》", f.ChapterID, f.Title)
		}
		line := fmt.Sprintf("注意：以下章节未能生成，报告中以占位说明代替：%s。", strings.Join(names, "、"))
		if md.Hero.Summary != "" {
			md.Hero.Summary += "\n"
		}
		md.Hero.Summary += line
		md.LayoutNotes = append(md.LayoutNotes, line)
	}
	// reference list
	doc.Sources = references(doc.Chapters, &md.Hero, in.Evidence, in.Sources, graphSources{g: in.Graph})
	return doc, nil
}

// stitchMetadata is the document's metadata from the layout, the template
// and the run (the TOC and the reference list come later).
func stitchMetadata(in StitchInput) ir.Metadata {
	md := ir.Metadata{Query: in.Topic, Title: cmp.Or(in.Layout.Title, prompts.DefaultTitle(in.Topic)),
		Subtitle: in.Layout.Subtitle, Tagline: in.Layout.Tagline, TemplateName: in.Template.Name,
		SelectionReason: in.TemplateReason, Hero: in.Layout.Hero, LayoutNotes: slices.Clone(in.LayoutNotes),
		GeneratedAt: in.GeneratedAt.UTC().Format(time.RFC3339), Failures: slices.Clone(in.Failures),
		Notices: slices.Clone(in.Notices), GraphID: in.GraphID,
		Generator: ir.Generator{Provider: in.Generator.Provider, Model: in.Generator.Model, Extractive: in.Generator.Extractive}}
	if md.Title == prompts.DefaultTitle(in.Topic) && in.Evidence != nil {
		if c := in.Evidence.CaseName(in.Topic); c != "" {
			md.Title = prompts.DefaultTitle(c) // the case the data is about: 武汉大学图书馆事件舆情分析报告
		}
	}
	md.Title = undouble(md.Title)
	md.Hero.Highlights = slices.Clone(md.Hero.Highlights)
	md.Hero.KPIs = slices.Clone(md.Hero.KPIs)
	md.Hero.Actions = slices.Clone(md.Hero.Actions)
	return md
}

// stitchAnchors copies the chapters with unique anchors: chapters first,
// then headings (a heading may reuse its own chapter's anchor).
func stitchAnchors(results []ChapterResult) []ir.Chapter {
	seen := map[string]bool{}
	chapters := make([]ir.Chapter, len(results))
	for i, cr := range results {
		c := cr.Chapter
		c.Blocks = slices.Clone(c.Blocks)
		c.Anchor = cmp.Or(c.Anchor, cr.Section.Slug, fmt.Sprintf("section-%d", i+1))
		c.Anchor = ir.UniqueAnchor(seen, c.Anchor)
		chapters[i] = c
	}
	for i := range chapters {
		c := &chapters[i]
		n := 0
		fixHeadings(c.Blocks, func(b *ir.Block) {
			n++
			switch {
			case b.Anchor == c.Anchor:
			case b.Anchor == "":
				b.Anchor = ir.UniqueAnchor(seen, fmt.Sprintf("%s-h%d", c.Anchor, n))
			default:
				b.Anchor = ir.UniqueAnchor(seen, b.Anchor)
			}
		})
	}
	return chapters
}

// stitchTOC lists the chapters in template order, with the layout's
// display titles and descriptions (chapters only; BettaFish lists every
// heading down to level 3).
func stitchTOC(in StitchInput, chapters []ir.Chapter) ir.TOC {
	toc := ir.TOC{Title: cmp.Or(in.Layout.TOCTitle, "目录"), Depth: 2}
	plan := map[string]prompts.TOCPlanEntry{}
	for _, e := range in.Layout.TOCPlan {
		plan[e.ChapterID] = e
	}
	for i, cr := range in.Chapters {
		e := ir.TOCEntry{ChapterID: cr.Section.ChapterID, Anchor: chapters[i].Anchor, Display: display(cr.Section)}
		if p, ok := plan[cr.Section.ChapterID]; ok {
			e.Display, e.Description = cmp.Or(p.Display, e.Display), p.Description
		}
		toc.Entries = append(toc.Entries, e)
	}
	return toc
}

// undouble removes a doubled 舆情 or 报告 from a title ("…舆情舆情分析报告").
func undouble(t string) string {
	for _, w := range []string{"舆情", "报告", "分析"} {
		for strings.Contains(t, w+w) {
			t = strings.ReplaceAll(t, w+w, w)
		}
	}
	return t
}

// fixHeadings calls fn for every heading block, depth first, in order,
// copying the nested slices it descends into so the input is not changed.
func fixHeadings(bs []ir.Block, fn func(*ir.Block)) {
	for i := range bs {
		b := &bs[i]
		if b.Type == ir.TypeHeading {
			fn(b)
		}
		if len(b.Blocks) > 0 {
			b.Blocks = slices.Clone(b.Blocks)
			fixHeadings(b.Blocks, fn)
		}
		if len(b.ListItems) > 0 {
			b.ListItems = slices.Clone(b.ListItems)
			for j := range b.ListItems {
				b.ListItems[j] = slices.Clone(b.ListItems[j])
				fixHeadings(b.ListItems[j], fn)
			}
		}
		if len(b.Rows) > 0 {
			b.Rows = slices.Clone(b.Rows)
			for r := range b.Rows {
				b.Rows[r].Cells = slices.Clone(b.Rows[r].Cells)
				for c := range b.Rows[r].Cells {
					b.Rows[r].Cells[c].Blocks = slices.Clone(b.Rows[r].Cells[c].Blocks)
					fixHeadings(b.Rows[r].Cells[c].Blocks, fn)
				}
			}
		}
	}
}
