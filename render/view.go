package render

import (
	"html/template"
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
	LayoutNotes []string
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

	ImgSrc  template.URL // only a validated data:image URI
	Href    string       // http(s) figure link
	Alt     string
	Width   int
	Height  int
	Missing bool // figure without a usable source

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

// uniqueID returns base, or base-2, base-3… if taken.
func (b *builder) uniqueID(base string) string {
	id := base
	for n := 2; b.ids[id]; n++ {
		id = base + "-" + strconv.Itoa(n)
	}
	b.ids[id] = true
	return id
}

func buildPage(doc *ir.Document) *pageView {
	b := &builder{doc: doc, ids: map[string]bool{}, chapterA: map[string]string{}, rawA: map[string]string{}}
	// Ids we use ourselves.
	for _, id := range []string{"top", "notices", "hero", "failures", "toc", "references"} {
		b.ids[id] = true
	}
	md := doc.Metadata
	b.tocDepth = md.TOC.Depth
	if b.tocDepth <= 0 {
		b.tocDepth = 3
	}
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
		LayoutNotes: md.LayoutNotes,
	}
	for _, n := range md.Notices {
		if n = strings.TrimSpace(n); n != "" {
			p.Notices = append(p.Notices, n)
		}
	}
	p.Generator = strings.Trim(md.Generator.Provider+" / "+md.Generator.Model, " /")
	p.Hero = heroView{Summary: md.Hero.Summary, Highlights: md.Hero.Highlights, Actions: md.Hero.Actions}
	for _, k := range md.Hero.KPIs {
		p.Hero.KPIs = append(p.Hero.KPIs, kpi(k))
	}

	// Chapter anchors first, so the TOC, failures and references resolve.
	anchors := make([]string, len(doc.Chapters))
	for i, c := range doc.Chapters {
		base := sanitizeAnchor(c.Anchor)
		if base == "" {
			base = "section-" + strconv.Itoa(i+1)
		}
		a := b.uniqueID(base)
		anchors[i] = a
		if c.ChapterID != "" {
			if _, ok := b.chapterA[c.ChapterID]; !ok {
				b.chapterA[c.ChapterID] = a
			}
		}
		if _, ok := b.rawA[base]; !ok {
			b.rawA[base] = a
		}
	}
	for i := range doc.Chapters {
		p.Chapters = append(p.Chapters, b.chapter(i, anchors[i]))
	}
	p.TOC = b.toc(p.Chapters)
	for _, tv := range b.tocBlocks {
		tv.TOC = p.TOC
	}
	for _, f := range md.Failures {
		fv := failureView{Title: firstNonEmpty(f.Title, f.ChapterID), Reason: f.Reason}
		if a, ok := b.chapterA[f.ChapterID]; ok {
			fv.Href = "#" + a
		}
		p.Failures = append(p.Failures, fv)
	}
	// Placeholder chapters the metadata forgot are still listed.
	for i, c := range doc.Chapters {
		if !c.Placeholder || hasFailure(md.Failures, c.ChapterID) {
			continue
		}
		p.Failures = append(p.Failures, failureView{Title: firstNonEmpty(c.Title, c.ChapterID),
			Reason: strings.Join(c.Errors, "; "), Href: "#" + anchors[i]})
	}
	for i, s := range doc.Sources {
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
				for _, c := range doc.Chapters {
					if c.ChapterID == cid {
						cv.Title = firstNonEmpty(c.Title, cid)
						break
					}
				}
			}
			sv.Chapters = append(sv.Chapters, cv)
		}
		p.Sources = append(p.Sources, sv)
	}
	p.FollowUps = md.FollowUps
	return p
}

func hasFailure(fs []ir.Failure, id string) bool {
	for _, f := range fs {
		if f.ChapterID == id {
			return true
		}
	}
	return false
}

func firstNonEmpty(ss ...string) string {
	for _, s := range ss {
		if strings.TrimSpace(s) != "" {
			return s
		}
	}
	return ""
}

func kpi(k ir.KPI) kpiView {
	return kpiView{Label: k.Label, Value: k.Value, Unit: k.Unit, Delta: k.Delta, Source: k.Source, DeltaClass: deltaClass(k.DeltaTone)}
}

// themeCSS builds ":root{…}" from validated theme tokens. Names come from
// themeVars, values passed ir.IsSafeThemeValue: no other IR text reaches
// the stylesheet.
func themeCSS(tokens map[string]string) template.CSS {
	decls := themeDecls(tokens)
	if len(decls) == 0 {
		return ""
	}
	var sb strings.Builder
	sb.WriteString(":root{")
	for _, d := range decls {
		sb.WriteString(d.Name + ":" + d.Value + ";")
	}
	sb.WriteString("}")
	return template.CSS(sb.String())
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

func (b *builder) blocks(bs []ir.Block, path string, offset int) []*blockView {
	out := make([]*blockView, 0, len(bs))
	for j := range bs {
		out = append(out, b.block(&bs[j], path+"-"+strconv.Itoa(j+offset)))
	}
	return out
}

func (b *builder) block(blk *ir.Block, path string) *blockView {
	v := &blockView{Kind: blk.Type}
	switch blk.Type {
	case ir.TypeHeading:
		v.Level = min(max(blk.Level, 2), 6)
		v.Text, v.Numbering, v.Subtitle = blk.Text, blk.Numbering, blk.Subtitle
		base := sanitizeAnchor(blk.Anchor)
		if base == "" {
			base = "h-" + path
		}
		v.ID = b.uniqueID(base)
	case ir.TypeParagraph:
		v.Inlines = inlines(blk.Inlines)
		v.Class = alignClass(blk.Align)
	case ir.TypeList:
		v.ListKind = "ul"
		switch strings.ToLower(blk.ListType) {
		case "ordered":
			v.ListKind = "ol"
		case "task":
			v.ListKind = "task"
		}
		for k, item := range blk.ListItems {
			li := listItem{Task: v.ListKind == "task"}
			if li.Task {
				li.Checked, item = stripTaskBox(item)
			}
			li.Blocks = b.blocks(item, path+"-"+strconv.Itoa(k), 0)
			v.Items = append(v.Items, li)
		}
	case ir.TypeTable:
		v.Caption = blk.Caption
		if blk.Zebra {
			v.Class = "zebra"
		}
		for r, row := range blk.Rows {
			rv := rowView{}
			for c, cell := range row.Cells {
				rv.Cells = append(rv.Cells, cellView{
					Header:  cell.Header,
					Rowspan: clampSpan(cell.Rowspan),
					Colspan: clampSpan(cell.Colspan),
					Class:   alignClass(cell.Align),
					Blocks:  b.blocks(cell.Blocks, path+"-"+strconv.Itoa(r)+"-"+strconv.Itoa(c), 0),
				})
			}
			v.Rows = append(v.Rows, rv)
		}
	case ir.TypeSwotTable:
		v.Title, v.Summary = blk.Title, blk.Summary
		v.Quadrants = []quadrantView{
			quadrant("q-s", "优势 Strengths", blk.Strengths, false),
			quadrant("q-w", "劣势 Weaknesses", blk.Weaknesses, false),
			quadrant("q-o", "机会 Opportunities", blk.Opportunities, false),
			quadrant("q-t", "威胁 Threats", blk.Threats, false),
		}
	case ir.TypePestTable:
		v.Title, v.Summary = blk.Title, blk.Summary
		v.Quadrants = []quadrantView{
			quadrant("q-p", "政治 Political", blk.Political, true),
			quadrant("q-e", "经济 Economic", blk.Economic, true),
			quadrant("q-so", "社会 Social", blk.Social, true),
			quadrant("q-te", "技术 Technological", blk.Technological, true),
		}
	case ir.TypeBlockquote:
		v.Children = b.blocks(blk.Blocks, path, 0)
	case ir.TypeEngineQuote:
		v.Class, v.Agent = engineInfo(blk.Engine)
		if v.Agent == "" {
			v.Agent = firstNonEmpty(blk.Title, "Agent")
		}
		v.Children = b.blocks(blk.Blocks, path, 0)
	case ir.TypeHr:
	case ir.TypeCode:
		v.Content, v.Caption = blk.Content, blk.Caption
		v.Lang = codeLang(blk.Lang)
	case ir.TypeMath:
		v.Latex = blk.Latex
		if !blk.DisplayMode {
			v.Class = "inline"
		}
	case ir.TypeFigure:
		v.Caption = blk.Caption
		if blk.Img != nil {
			v.Alt = blk.Img.Alt
			v.Width, v.Height = clampDim(blk.Img.Width), clampDim(blk.Img.Height)
			src := blk.Img.Src
			if safeDataImage(src) {
				// Safe: ir.IsSafeImageSrc (no spaces, quotes or controls);
				// an <img> never runs an SVG's script.
				v.ImgSrc = template.URL(src)
			} else if h, ok := SafeHref(src); ok && isHTTPURL(h) {
				v.Href = h
			} else {
				v.Missing = true
			}
		} else {
			v.Missing = true
		}
	case ir.TypeCallout:
		v.Class = toneClass(blk.Tone)
		v.Title = blk.Title
		v.Children = b.blocks(blk.Blocks, path, 0)
	case ir.TypeKPIGrid:
		for _, k := range blk.KPIItems {
			v.KPIs = append(v.KPIs, kpi(k))
		}
		if blk.Cols >= 2 && blk.Cols <= 6 {
			v.Class = "cols-" + strconv.Itoa(blk.Cols)
		}
	case ir.TypeWidget:
		v.Chart = buildChart(blk, "chart-"+path)
	case ir.TypeTOC:
		b.tocBlocks = append(b.tocBlocks, v) // filled once the TOC is known
	default:
		v.Kind = "unknown"
		v.Text = blk.Type
		v.Children = b.blocks(blk.Blocks, path, 0)
		if blk.Text != "" {
			v.Content = blk.Text
		}
	}
	return v
}

// stripTaskBox removes a leading "[ ]" / "[x]" from a task item's first
// run and reports whether it was checked. The IR is never modified: the
// returned item is a copy when something was stripped.
func stripTaskBox(item []ir.Block) (bool, []ir.Block) {
	if len(item) == 0 || item[0].Type != ir.TypeParagraph || len(item[0].Inlines) == 0 {
		return false, item
	}
	t := item[0].Inlines[0].Text
	trim := strings.TrimLeft(t, " ")
	for _, p := range []struct {
		box     string
		checked bool
	}{{"[x]", true}, {"[X]", true}, {"[ ]", false}, {"☑", true}, {"☐", false}} {
		if strings.HasPrefix(trim, p.box) {
			cp := append([]ir.Block(nil), item...)
			inl := append([]ir.Inline(nil), item[0].Inlines...)
			inl[0].Text = strings.TrimLeft(trim[len(p.box):], " ")
			cp[0].Inlines = inl
			return p.checked, cp
		}
	}
	return false, item
}

func clampSpan(n int) int {
	if n <= 1 {
		return 0
	}
	return min(n, 1000)
}

func clampDim(n int) int {
	if n <= 0 {
		return 0
	}
	return min(n, 4000)
}

// codeLang keeps a code language label short and plain.
func codeLang(l string) string {
	var sb strings.Builder
	for _, r := range strings.ToLower(l) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '+' || r == '#' || r == '-' || r == '_' {
			sb.WriteRune(r)
		}
		if sb.Len() >= 20 {
			break
		}
	}
	return sb.String()
}

func quadrant(class, title string, items []ir.QuadrantItem, pest bool) quadrantView {
	q := quadrantView{Class: class, Title: title}
	for _, it := range items {
		qi := quadItem{Title: it.Title, Detail: it.Detail, Evidence: it.Evidence, Source: it.Source, Priority: it.Priority}
		qi.Tag = it.Impact
		if pest && it.Trend != "" {
			qi.Tag = it.Trend
		}
		if qi.Tag != "" {
			qi.TagClass = impactClass(qi.Tag)
		}
		if qi.Title == "" {
			qi.Title, qi.Detail = qi.Detail, ""
		}
		q.Items = append(q.Items, qi)
	}
	return q
}

// inlines turns runs into inline nodes.
func inlines(runs []ir.Inline) []*inlineNode {
	out := make([]*inlineNode, 0, len(runs))
	for _, r := range runs {
		out = append(out, inline(r))
	}
	return out
}

// inline wraps a run's text in its marks: link outermost, then the other
// marks in their given order. Unknown or unsafe marks are dropped (their
// text stays).
func inline(r ir.Inline) *inlineNode {
	if len(r.Marks) == 0 {
		if looksLikeMarkdown(r.Text) {
			if h, ok := inlineMarkdown(r.Text); ok {
				return &inlineNode{Kind: "md", HTML: h, Text: r.Text}
			}
		}
		return &inlineNode{Kind: "text", Text: r.Text}
	}
	leaf := &inlineNode{Kind: "text", Text: r.Text}
	node := leaf
	// Apply inner marks first so the first mark ends outermost.
	ordered := make([]ir.Mark, 0, len(r.Marks))
	var link *ir.Mark
	for i := range r.Marks {
		if r.Marks[i].Type == ir.MarkLink {
			if link == nil {
				link = &r.Marks[i]
			}
			continue
		}
		ordered = append(ordered, r.Marks[i])
	}
	for i := len(ordered) - 1; i >= 0; i-- {
		m := ordered[i]
		var w *inlineNode
		switch m.Type {
		case ir.MarkBold:
			w = &inlineNode{Kind: "strong"}
		case ir.MarkItalic:
			w = &inlineNode{Kind: "em"}
		case ir.MarkUnderline:
			w = &inlineNode{Kind: "u"}
		case ir.MarkStrike:
			w = &inlineNode{Kind: "s"}
		case ir.MarkCode:
			w = &inlineNode{Kind: "code"}
		case ir.MarkHighlight:
			w = &inlineNode{Kind: "mark", Color: safeColor(m.Value)}
		case ir.MarkSubscript:
			w = &inlineNode{Kind: "sub"}
		case ir.MarkSuperscript:
			w = &inlineNode{Kind: "sup"}
		case ir.MarkColor:
			if c := safeColor(m.Value); c != "" {
				w = &inlineNode{Kind: "span", Color: c}
			}
		case ir.MarkFont:
			cls := strings.TrimSpace(strings.Join([]string{fontClass(m.Family), weightClass(m.Weight), sizeClass(m.Size)}, " "))
			cls = strings.Join(strings.Fields(cls), " ")
			if cls != "" {
				w = &inlineNode{Kind: "span", Class: cls}
			}
		case ir.MarkMath:
			if node == leaf {
				latex := firstNonEmpty(m.Value, r.Text)
				leaf.Text = latex
				w = &inlineNode{Kind: "math"}
			}
		}
		if w != nil {
			w.Child = node
			node = w
		}
	}
	if link != nil {
		if h, ok := SafeHref(link.Href); ok {
			node = &inlineNode{Kind: "a", Href: h, Title: link.Title, Child: node,
				Class: map[bool]string{true: "ext", false: ""}[!strings.HasPrefix(h, "#")]}
		}
	}
	return node
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
	entries := b.doc.Metadata.TOC.Entries
	if len(entries) > 0 {
		used := map[int]bool{}
		for _, e := range entries {
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
				if it.Text == "" {
					it.Text = chs[ci].Title
				}
				it.Children = sub(ci)
			} else if s := sanitizeAnchor(e.Anchor); s != "" {
				it.Href = "#" + s
			}
			if it.Text == "" {
				it.Text = firstNonEmpty(e.ChapterID, e.Anchor)
			}
			out = append(out, it)
		}
		// Chapters the layout did not plan still get a line.
		for i, c := range chs {
			if !used[i] {
				out = append(out, tocItem{Href: "#" + c.Anchor, Text: c.Title, Placeholder: c.Placeholder, Children: sub(i)})
			}
		}
		return out
	}
	for i, c := range chs {
		out = append(out, tocItem{Href: "#" + c.Anchor, Text: c.Title, Placeholder: c.Placeholder, Children: sub(i)})
	}
	return out
}
