package render

import (
	"cmp"
	"html/template"
	"slices"
	"strconv"
	"strings"

	"reportengine/ir"
)

// The HTML template never sees IR values directly: build turns a Document
// into the page view below, mapping every class through the allow-lists of
// safe.go, vetting every URL with SafeHref and reducing ids to safe
// anchors. Text stays text; html/template escapes it.

type pageView struct {
	Lang        string
	Title       string
	Query       string
	Subtitle    string
	Tagline     string
	Template    string
	Reason      string
	GeneratedAt string
	Generator   string
	ReportID    string
	GraphID     string
	Extractive  bool
	ThemeCSS    template.CSS // validated declarations only, see themeCSS
	Style       template.CSS // our constant stylesheet
	Hero        heroView
	Failures    []failureView
	Notices     []string // reader-facing notices (ir.Metadata.Notices), blank lines dropped
	TOCTitle    string
	TOC         []tocItem
	Chapters    []chapterView
	Sources     []sourceView
	FollowUps   []string
}

type heroView struct {
	Summary    string
	Highlights []string
	KPIs       []kpiView
	Actions    []string
}

func (h heroView) Empty() bool {
	return h.Summary == "" && len(h.Highlights) == 0 && len(h.KPIs) == 0 && len(h.Actions) == 0
}

type kpiView struct {
	Label, Value, Unit, Delta, Source string
	DeltaClass                        string
	SourceRefs                        []citeRef // Source as links when it is a run of citations (citeRun)
}

// citeRef is one citation of a text field that holds only citations
// ("[60][61]": a KPI's source, a SWOT or PEST item's evidence): source N
// of the references, its anchor (#ref-N) and title.
type citeRef struct {
	N           int
	Href, Title string
}

type failureView struct {
	Title, Reason, Href string
}

type tocItem struct {
	Href        string
	Text        string
	Desc        string
	Placeholder bool
	Children    []tocItem
}

type chapterView struct {
	Anchor      string
	Title       string
	Placeholder bool
	Errors      []string
	Blocks      []*blockView
}

type sourceView struct {
	N        int
	ID       string
	Title    string
	Href     string // safe, or ""
	RawURL   string // shown as text when Href is ""
	Engines  string
	Chapters []failureView // Title + Href
}

type blockView struct {
	Kind string

	Level     int
	ID        string
	Text      string
	Numbering string
	Subtitle  string
	Class     string // allow-listed

	Inlines []*inlineNode

	ListKind string // ul | ol | task
	Items    []listItem

	Rows    []rowView
	Caption string

	Title     string
	Summary   string
	Quadrants []quadrantView
	Children  []*blockView
	Agent     string

	Content string
	Lang    string
	Latex   string

	ImgSrc template.URL // only a validated data:image URI
	Href   string       // http(s) figure link
	Alt    string
	Width  int
	Height int

	KPIs []kpiView

	Chart *chartView
	TOC   []tocItem
}

type listItem struct {
	Checked bool
	Task    bool
	Blocks  []*blockView
}

type rowView struct{ Cells []cellView }

type cellView struct {
	Header           bool
	Rowspan, Colspan int
	Class            string
	Blocks           []*blockView
}

type quadrantView struct {
	Class string // q-s, q-w, …
	Title string
	Items []quadItem
}

type quadItem struct {
	Title, Detail, Evidence, Source, Priority string
	Tag, TagClass                             string
	// EvidenceRefs and SourceRefs: Evidence and Source as links when
	// each is a run of citations (citeRun)
	EvidenceRefs, SourceRefs []citeRef
}

// inlineNode is one formatted run: a chain of wrappers around a text leaf.
type inlineNode struct {
	Kind  string // text md strong em u s code mark sub sup a span math
	Text  string
	HTML  template.HTML // Kind "md": goldmark output, see inlineMarkdown
	Href  string        // Kind "a": SafeHref-approved
	Title string
	Class string // allow-listed
	Color string // safeColor-approved
	Child *inlineNode
}

type builder struct {
	doc      *ir.Document
	ids      map[string]bool
	chapterA map[string]string // chapterId → final anchor
	rawA     map[string]string // original chapter anchor → final anchor
	tocDepth int
	// tocBlocks are the toc blocks met while building chapters.
	tocBlocks []*blockView
}

func buildPage(doc *ir.Document) *pageView {
	b := &builder{doc: doc, ids: map[string]bool{}, chapterA: map[string]string{}, rawA: map[string]string{}}
	// Ids we use ourselves.
	for _, id := range []string{"top", "notices", "hero", "failures", "toc", "references"} {
		b.ids[id] = true
	}
	md := doc.Metadata
	b.tocDepth = cmp.Or(max(md.TOC.Depth, 0), 3)
	p := &pageView{
		Lang:        "zh-CN",
		Title:       firstNonEmpty(md.Title, md.Query, "报告 / Report"),
		Query:       md.Query,
		Subtitle:    md.Subtitle,
		Tagline:     md.Tagline,
		Template:    md.TemplateName,
		Reason:      md.SelectionReason,
		GeneratedAt: md.GeneratedAt,
		ReportID:    doc.ReportID,
		GraphID:     md.GraphID,
		Extractive:  md.Generator.Extractive,
		ThemeCSS:    themeCSS(doc.ThemeTokens),
		Style:       template.CSS(styleCSS),
		TOCTitle:    firstNonEmpty(md.TOC.Title, "目录 / Contents"),
	}
	for _, n := range md.Notices {
		if n = strings.TrimSpace(n); n != "" {
			p.Notices = append(p.Notices, n)
		}
	}
	p.Generator = strings.Trim(md.Generator.Provider+" / "+md.Generator.Model, " /")
	p.Hero = heroView{Summary: md.Hero.Summary, Highlights: md.Hero.Highlights, Actions: md.Hero.Actions}
	for _, k := range md.Hero.KPIs {
		p.Hero.KPIs = append(p.Hero.KPIs, b.kpi(k))
	}

	// Chapter anchors first, so the TOC, failures and references resolve.
	anchors := b.chapterAnchors(doc.Chapters)
	for i := range doc.Chapters {
		p.Chapters = append(p.Chapters, b.chapter(i, anchors[i]))
	}
	p.TOC = b.toc(p.Chapters)
	for _, tv := range b.tocBlocks {
		tv.TOC = p.TOC
	}
	p.Failures = b.failures(md.Failures, doc.Chapters, anchors)
	p.Sources = b.sources(doc.Sources, doc.Chapters)
	p.FollowUps = md.FollowUps
	return p
}

// chapterAnchors gives each chapter its unique anchor (its own, else
// section-N) and records the first anchor of each chapter id and of each
// raw anchor, so that links to them resolve.
func (b *builder) chapterAnchors(chs []ir.Chapter) []string {
	anchors := make([]string, len(chs))
	for i, c := range chs {
		base := cmp.Or(sanitizeAnchor(c.Anchor), "section-"+strconv.Itoa(i+1))
		a := ir.UniqueAnchor(b.ids, base)
		anchors[i] = a
		if _, ok := b.chapterA[c.ChapterID]; !ok && c.ChapterID != "" {
			b.chapterA[c.ChapterID] = a
		}
		if _, ok := b.rawA[base]; !ok {
			b.rawA[base] = a
		}
	}
	return anchors
}

// failures are the metadata's failed chapters, linked to their anchors,
// then the placeholder chapters the metadata forgot.
func (b *builder) failures(fs []ir.Failure, chs []ir.Chapter, anchors []string) []failureView {
	var out []failureView
	for _, f := range fs {
		fv := failureView{Title: firstNonEmpty(f.Title, f.ChapterID), Reason: f.Reason}
		if a, ok := b.chapterA[f.ChapterID]; ok {
			fv.Href = "#" + a
		}
		out = append(out, fv)
	}
	for i, c := range chs {
		if !c.Placeholder || slices.ContainsFunc(fs, func(f ir.Failure) bool { return f.ChapterID == c.ChapterID }) {
			continue
		}
		out = append(out, failureView{Title: firstNonEmpty(c.Title, c.ChapterID),
			Reason: strings.Join(c.Errors, "; "), Href: "#" + anchors[i]})
	}
	return out
}

// sources are the reference list's entries: a safe link or the raw URL,
// the engines, and the chapters citing each, linked.
func (b *builder) sources(srcs []ir.Source, chs []ir.Chapter) []sourceView {
	var out []sourceView
	for i, s := range srcs {
		sv := sourceView{N: i + 1, ID: s.ID, Title: firstNonEmpty(s.Title, s.URL, s.ID), Engines: strings.Join(s.Engines, ", ")}
		if h, ok := SafeHref(s.URL); ok && !strings.HasPrefix(h, "#") {
			sv.Href = h
		} else {
			sv.RawURL = s.URL
		}
		for _, cid := range s.Chapters {
			cv := failureView{Title: cid}
			if a, ok := b.chapterA[cid]; ok {
				cv.Href = "#" + a
				if i := slices.IndexFunc(chs, func(c ir.Chapter) bool { return c.ChapterID == cid }); i >= 0 {
					cv.Title = firstNonEmpty(chs[i].Title, cid)
				}
			}
			sv.Chapters = append(sv.Chapters, cv)
		}
		out = append(out, sv)
	}
	return out
}

func firstNonEmpty(ss ...string) string {
	for _, s := range ss {
		if strings.TrimSpace(s) != "" {
			return s
		}
	}
	return ""
}

func (b *builder) kpi(k ir.KPI) kpiView {
	return kpiView{Label: k.Label, Value: k.Value, Unit: k.Unit, Delta: k.Delta, Source: k.Source,
		DeltaClass: classOf(deltaClasses, k.DeltaTone, "delta-neutral"), SourceRefs: b.citeRun(k.Source)}
}

// citeRun returns the citations of s when s (trimmed) is only a run of
// them ("[3]", "[3][7]") and the references have every number (1 to the
// number of sources), each linked to its entry as a paragraph's
// citations are; nil otherwise, and s is shown as the text it is.
func (b *builder) citeRun(s string) []citeRef {
	t := strings.TrimSpace(s)
	if !citeListRE.MatchString(t) {
		return nil
	}
	var out []citeRef
	for _, m := range citeNumRE.FindAllStringSubmatch(t, -1) {
		n, err := strconv.Atoi(m[1])
		if err != nil || n < 1 || n > len(b.doc.Sources) {
			return nil
		}
		src := b.doc.Sources[n-1]
		out = append(out, citeRef{N: n, Href: "#ref-" + m[1], Title: firstNonEmpty(src.Title, src.URL, src.ID)})
	}
	return out
}

// themeCSS builds ":root{…}" from validated theme tokens. Names come from
// themeVars, values passed ir.IsSafeThemeValue: no other IR text reaches
// the stylesheet.
func themeCSS(tokens map[string]string) template.CSS {
	var sb strings.Builder
	for _, v := range themeVars {
		val, ok := tokens[v.key]
		if !ok {
			val, ok = tokens[v.alt]
		}
		if !ok {
			val, ok = tokens["colors."+v.key]
		}
		if c := themeValue(val); ok && c != "" {
			sb.WriteString(v.css + ":" + c + ";")
		}
	}
	if sb.Len() == 0 {
		return ""
	}
	return template.CSS(":root{" + sb.String() + "}")
}

func (b *builder) chapter(i int, anchor string) chapterView {
	c := b.doc.Chapters[i]
	cv := chapterView{Anchor: anchor, Title: firstNonEmpty(c.Title, c.ChapterID, "第 "+strconv.Itoa(i+1)+" 章"),
		Placeholder: c.Placeholder, Errors: c.Errors}
	blocks := c.Blocks
	// The chapter title is the section's h2; drop a first heading that
	// merely repeats it.
	if len(blocks) > 0 && blocks[0].Type == ir.TypeHeading && sameTitle(blocks[0].Text, c.Title) {
		blocks = blocks[1:]
	}
	prefix := strconv.Itoa(i + 1)
	cv.Blocks = b.blocks(blocks, prefix, len(c.Blocks)-len(blocks))
	return cv
}

// sameTitle compares titles ignoring a numbering prefix like "一、" or "1.".
func sameTitle(a, b string) bool {
	strip := func(s string) string {
		s = strings.TrimSpace(s)
		if i := strings.IndexAny(s, "、.． "); i >= 0 && i < 12 {
			if r := strings.TrimSpace(s[i+len(string([]rune(s[i:])[0])):]); r != "" {
				return r
			}
		}
		return s
	}
	return a == b || strip(a) == strip(b)
}

// toc builds the table of contents: the layout's entries when present,
// else one line per chapter; headings up to the TOC depth nest below.
func (b *builder) toc(chs []chapterView) []tocItem {
	byAnchor := map[string]int{}
	for i, c := range chs {
		byAnchor[c.Anchor] = i
	}
	sub := func(ci int) []tocItem {
		var out []tocItem
		for _, bv := range chs[ci].Blocks {
			if bv.Kind == ir.TypeHeading && bv.Level <= b.tocDepth {
				out = append(out, tocItem{Href: "#" + bv.ID, Text: strings.TrimSpace(bv.Numbering + " " + bv.Text)})
			}
		}
		return out
	}
	var out []tocItem
	used := map[int]bool{}
	for _, e := range b.doc.Metadata.TOC.Entries {
		it := tocItem{Text: e.Display, Desc: e.Description}
		a, ok := b.chapterA[e.ChapterID]
		if !ok {
			a, ok = b.rawA[sanitizeAnchor(e.Anchor)]
		}
		if ok {
			it.Href = "#" + a
			ci := byAnchor[a]
			used[ci] = true
			it.Placeholder = chs[ci].Placeholder
			it.Text = cmp.Or(it.Text, chs[ci].Title)
			it.Children = sub(ci)
		} else if s := sanitizeAnchor(e.Anchor); s != "" {
			it.Href = "#" + s
		}
		it.Text = cmp.Or(it.Text, firstNonEmpty(e.ChapterID, e.Anchor))
		out = append(out, it)
	}
	// Chapters the layout did not plan (all of them without entries) get
	// a line each.
	for i, c := range chs {
		if !used[i] {
			out = append(out, tocItem{Href: "#" + c.Anchor, Text: c.Title, Placeholder: c.Placeholder, Children: sub(i)})
		}
	}
	return out
}
