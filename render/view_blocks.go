package render

import (
	"cmp"
	"html/template"
	"strconv"
	"strings"

	"reportengine/ir"
)

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
		base := cmp.Or(sanitizeAnchor(blk.Anchor), "h-"+path)
		v.ID = ir.UniqueAnchor(b.ids, base)
	case ir.TypeParagraph:
		v.Inlines = inlines(blk.Inlines)
		v.Class = classOf(alignClasses, blk.Align, "")
	case ir.TypeList:
		b.list(v, blk, path)
	case ir.TypeTable:
		b.table(v, blk, path)
	case ir.TypeSwotTable:
		v.Title, v.Summary = blk.Title, blk.Summary
		v.Quadrants = []quadrantView{
			b.quadrant("q-s", "优势 Strengths", blk.Strengths, false),
			b.quadrant("q-w", "劣势 Weaknesses", blk.Weaknesses, false),
			b.quadrant("q-o", "机会 Opportunities", blk.Opportunities, false),
			b.quadrant("q-t", "威胁 Threats", blk.Threats, false),
		}
	case ir.TypePestTable:
		v.Title, v.Summary = blk.Title, blk.Summary
		v.Quadrants = []quadrantView{
			b.quadrant("q-p", "政治 Political", blk.Political, true),
			b.quadrant("q-e", "经济 Economic", blk.Economic, true),
			b.quadrant("q-so", "社会 Social", blk.Social, true),
			b.quadrant("q-te", "技术 Technological", blk.Technological, true),
		}
	case ir.TypeBlockquote:
		v.Children = b.blocks(blk.Blocks, path, 0)
	case ir.TypeEngineQuote:
		v.Class, v.Agent = engineInfo(blk.Engine)
		v.Agent = cmp.Or(v.Agent, firstNonEmpty(blk.Title, "Agent"))
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
		figure(v, blk)
	case ir.TypeCallout:
		v.Class = toneClass(blk.Tone)
		v.Title = blk.Title
		v.Children = b.blocks(blk.Blocks, path, 0)
	case ir.TypeKPIGrid:
		for _, k := range blk.KPIItems {
			v.KPIs = append(v.KPIs, b.kpi(k))
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
		v.Content = blk.Text
	}
	return v
}

// list fills v with list blk's kind (ul, ol, task) and items.
func (b *builder) list(v *blockView, blk *ir.Block, path string) {
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
}

// table fills v with table blk's caption, zebra class and rows.
func (b *builder) table(v *blockView, blk *ir.Block, path string) {
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
				Class:   classOf(alignClasses, cell.Align, ""),
				Blocks:  b.blocks(cell.Blocks, path+"-"+strconv.Itoa(r)+"-"+strconv.Itoa(c), 0),
			})
		}
		v.Rows = append(v.Rows, rv)
	}
}

// figure fills v with figure blk's caption and image: a safe data image,
// a link to an http(s) one, or neither (missing).
func figure(v *blockView, blk *ir.Block) {
	v.Caption = blk.Caption
	if blk.Img == nil {
		return
	}
	v.Alt = blk.Img.Alt
	v.Width, v.Height = clampDim(blk.Img.Width), clampDim(blk.Img.Height)
	src := blk.Img.Src
	if safeDataImage(src) {
		// Safe: ir.IsSafeImageSrc (no spaces, quotes or controls);
		// an <img> never runs an SVG's script.
		v.ImgSrc = template.URL(src)
	} else if h, ok := SafeHref(src); ok && isHTTPURL(h) {
		v.Href = h
	}
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
	s := strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '+' || r == '#' || r == '-' || r == '_' {
			return r
		}
		return -1
	}, strings.ToLower(l))
	return s[:min(len(s), 20)] // ASCII only: 20 bytes are 20 runes
}

func (b *builder) quadrant(class, title string, items []ir.QuadrantItem, pest bool) quadrantView {
	q := quadrantView{Class: class, Title: title}
	for _, it := range items {
		qi := quadItem{Title: it.Title, Detail: it.Detail, Evidence: it.Evidence, Source: it.Source, Priority: it.Priority}
		qi.EvidenceRefs, qi.SourceRefs = b.citeRun(it.Evidence), b.citeRun(it.Source)
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

// markTags are the inline elements of the marks that carry no value.
var markTags = map[string]string{ir.MarkBold: "strong", ir.MarkItalic: "em", ir.MarkUnderline: "u", ir.MarkStrike: "s",
	ir.MarkCode: "code", ir.MarkSubscript: "sub", ir.MarkSuperscript: "sup"}

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
	var link *ir.Mark
	for i := len(r.Marks) - 1; i >= 0; i-- {
		m := r.Marks[i]
		var w *inlineNode
		switch tag, plain := markTags[m.Type]; {
		case m.Type == ir.MarkLink:
			link = &r.Marks[i] // the first link mark is the last one met
		case plain:
			w = &inlineNode{Kind: tag}
		case m.Type == ir.MarkHighlight:
			w = &inlineNode{Kind: "mark", Color: safeColor(m.Value)}
		case m.Type == ir.MarkColor:
			if c := safeColor(m.Value); c != "" {
				w = &inlineNode{Kind: "span", Color: c}
			}
		case m.Type == ir.MarkFont:
			cls := strings.Join(strings.Fields(fontClass(m.Family)+" "+
				classOf(weightClasses, m.Weight, "")+" "+classOf(sizeClasses, m.Size, "")), " ")
			if cls != "" {
				w = &inlineNode{Kind: "span", Class: cls}
			}
		case m.Type == ir.MarkMath:
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
