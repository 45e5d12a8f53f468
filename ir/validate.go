package ir

import (
	"fmt"
	"math"
	"net/url"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/go-playground/validator/v10"
)

var (
	anchorRE     = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_-]*$`)
	tokenRE      = regexp.MustCompile(`^[A-Za-z0-9_-]*$`)
	hexColorRE   = regexp.MustCompile(`^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$`)
	fontSizeRE   = regexp.MustCompile(`^[0-9]{1,3}(?:\.[0-9]{1,2})?(?:px|pt|em|rem|%)?$`)
	fontWeightRE = regexp.MustCompile(`^(?:normal|bold|bolder|lighter|[1-9]00)$`)
	lengthRE     = regexp.MustCompile(`^-?[0-9]{1,4}(?:\.[0-9]{1,3})?(?:px|pt|em|rem|%|vh|vw|ch|ex)?$`)
	wordcloudRE  = regexp.MustCompile(`^[A-Za-z0-9._/-]*[Ww][Oo][Rr][Dd][-_]?[Cc][Ll][Oo][Uu][Dd][A-Za-z0-9._/-]*$`)
)

// IsAnchor reports whether s is a valid anchor (chapter, heading or widget
// id): ^[A-Za-z0-9][A-Za-z0-9_-]*$. Slug always returns one.
func IsAnchor(s string) bool { return anchorRE.MatchString(s) }

// IsSafeHref reports whether s may be used as a link target: an absolute
// http or https URL with a host, a mailto: URL with an address, or a
// same-document "#anchor". Whitespace, control and invisible format
// characters anywhere reject it (browsers strip them, which is how
// "java\tscript:" tricks work), as do backslashes, invalid UTF-8 and values
// over 2048 bytes. This is the one link policy: the validator applies it to
// link marks and the renderer to every URL it emits. BettaFish renders any
// href (reference §8 #14).
func IsSafeHref(s string) bool {
	if strings.HasPrefix(s, "#") {
		return IsAnchor(s[1:])
	}
	return IsSafeURL(s)
}

// IsSafeURL is IsSafeHref without the "#anchor" form: an absolute http(s)
// URL with a host or a mailto: URL with an address.
func IsSafeURL(s string) bool {
	u, ok := parseStrictURL(s)
	if !ok {
		return false
	}
	switch u.Scheme { // url.Parse lower-cases it, so "JaVaScRiPt:" is refused too
	case "http", "https":
		return u.Host != "" && u.Opaque == ""
	case "mailto":
		return u.Opaque != "" && u.Host == ""
	}
	return false
}

// IsSafeImageSrc reports whether s may be used as a figure image source: a
// data:image/… URL or an absolute http/https URL. (Renderers still never
// fetch it.)
func IsSafeImageSrc(s string) bool {
	if len(s) > 11 && strings.EqualFold(s[:11], "data:image/") {
		return !strings.ContainsFunc(s, func(r rune) bool { return r <= ' ' || r == 0x7f || r == '"' || r == '\'' })
	}
	u, ok := parseStrictURL(s)
	if !ok {
		return false
	}
	return (u.Scheme == "http" || u.Scheme == "https") && u.Host != "" // url.Parse lower-cases the scheme
}

func parseStrictURL(s string) (*url.URL, bool) {
	if s == "" || len(s) > 2048 || !utf8.ValidString(s) || strings.ContainsFunc(s, func(r rune) bool {
		return r <= ' ' || r == 0x7f || r == '\\' || unicode.IsSpace(r) || unicode.IsControl(r) || unicode.Is(unicode.Cf, r)
	}) {
		return nil, false
	}
	u, err := url.Parse(s)
	return u, err == nil
}

// IsSafeColor reports whether s is "#rgb", "#rrggbb" or a CSS named colour
// (case-insensitive, from the fixed list of CSS Color Module Level 4 names
// plus "transparent"). Anything else (rgb(), var(), url(), "red;…") is
// rejected, so the value can go into a style attribute as is. BettaFish
// passes color values through unchecked (reference §8 #14).
func IsSafeColor(s string) bool {
	return hexColorRE.MatchString(s) || namedColors[strings.ToLower(s)]
}

// IsSafeFontFamily reports whether s is a font family list made only of
// letters (any script), digits, spaces, commas, dots, hyphens and
// underscores, at most 200 runes.
func IsSafeFontFamily(s string) bool {
	if strings.TrimSpace(s) == "" || utf8.RuneCountInString(s) > 200 {
		return false
	}
	return !strings.ContainsFunc(s, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && !strings.ContainsRune(" ,.-_", r)
	})
}

// IsSafeFontSize reports whether s is a number with an optional px, pt, em,
// rem or % unit ("14px", "1.2em").
func IsSafeFontSize(s string) bool { return fontSizeRE.MatchString(s) }

// IsSafeFontWeight reports whether s is normal, bold, bolder, lighter or
// 100…900.
func IsSafeFontWeight(s string) bool { return fontWeightRE.MatchString(s) }

// IsSafeThemeValue reports whether s may be written into the document's
// style sheet as a theme token value: a safe colour (IsSafeColor), a length
// ("12px", "1.5rem", "100%", "0") or a safe font family list. BettaFish
// writes themeTokens raw into <style> (reference §8 #14: a "</style>"
// breakout).
func IsSafeThemeValue(s string) bool {
	return IsSafeColor(s) || lengthRE.MatchString(s) || IsSafeFontFamily(s)
}

// Chart kinds: the Chart.js chart types a widget may name as
// "chart.js/<kind>".
const (
	ChartBar           = "bar"
	ChartLine          = "line"
	ChartPie           = "pie"
	ChartDoughnut      = "doughnut"
	ChartRadar         = "radar"
	ChartPolarArea     = "polarArea"
	ChartScatter       = "scatter"
	ChartHorizontalBar = "horizontalBar"
)

// ChartWidgetPrefix starts every chart widgetType ("chart.js/bar").
const ChartWidgetPrefix = "chart.js/"

var chartKinds = []string{ChartBar, ChartLine, ChartPie, ChartDoughnut, ChartRadar, ChartPolarArea, ChartScatter, ChartHorizontalBar}

// labelledKinds need non-empty labels. horizontalBar is included: it is a
// bar chart with the axes swapped.
var labelledKinds = map[string]bool{ChartBar: true, ChartLine: true, ChartPie: true, ChartDoughnut: true,
	ChartRadar: true, ChartPolarArea: true, ChartHorizontalBar: true}

// ChartKind returns the Chart.js kind of a widgetType ("chart.js/bar" →
// "bar"), or "" if widgetType is not a chart.js type.
func ChartKind(widgetType string) string {
	k, ok := strings.CutPrefix(widgetType, ChartWidgetPrefix)
	if !ok || !slices.Contains(chartKinds, k) {
		return ""
	}
	return k
}

// IsWidgetType reports whether t is "chart.js/<kind>" with kind in
// ChartKinds, or a word-cloud type (any [A-Za-z0-9._/-] name containing
// "wordcloud", "word-cloud" or "word_cloud", case-insensitive).
func IsWidgetType(t string) bool {
	return ChartKind(t) != "" || wordcloudRE.MatchString(t)
}

// engineTitles maps engineQuote engines to their fixed titles.
var engineTitles = map[string]string{"insight": "Insight Agent", "media": "Media Agent", "query": "Query Agent"}

var structValidator = sync.OnceValue(func() *validator.Validate {
	v := validator.New()
	v.RegisterTagNameFunc(func(f reflect.StructField) string {
		switch f.Name {
		case "ListItems", "KPIItems":
			return "items"
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "" || name == "-" {
			return f.Name
		}
		return name
	})
	str := func(ok func(string) bool) validator.Func {
		return func(fl validator.FieldLevel) bool { return ok(fl.Field().String()) }
	}
	for tag, fn := range map[string]validator.Func{
		"anchor":     str(IsAnchor),
		"href":       str(IsSafeHref),
		"imgsrc":     str(IsSafeImageSrc),
		"fontfamily": str(IsSafeFontFamily),
		"fontsize":   str(IsSafeFontSize),
		"fontweight": str(IsSafeFontWeight),
		"token":      str(tokenRE.MatchString),
		"widgettype": str(IsWidgetType),
		"themevalue": str(IsSafeThemeValue),
		"blocktype":  str(IsBlockType),
		"marktype":   str(IsMarkType),
	} {
		if err := v.RegisterValidation(tag, fn); err != nil {
			panic(err)
		}
	}
	return v
})

// problems collects FieldErrors.
type problems []FieldError

func (p *problems) add(path, format string, args ...any) {
	*p = append(*p, FieldError{Path: path, Message: fmt.Sprintf(format, args...)})
}

// ValidateChapter checks a chapter and returns nil or a ValidationError
// listing every problem with its JSON path (for example
// "blocks[3].rows[0].cells[1].blocks"), sorted by path.
//
// Field formats, enums and ranges come from the `validate` struct tags of
// the IR types (go-playground/validator); the rules that depend on the block
// type (the flat union) are Go code. Besides the BettaFish rules (reference
// §5.4) it checks what BettaFish leaves open and the renderer relies on
// (reference §8 #14, #24): anchors, link schemes, colour and font values,
// alignment, variants, pestTable, hr, toc, rowspan/colspan, deltaTone,
// widget types and chart data shape. The rules, by block type:
//
//   - chapter: chapterId, title, anchor required; anchor matches IsAnchor;
//     order ≥ 0; blocks non-empty.
//   - every block: type is one of BlockTypes.
//   - heading: level 1-6, text, anchor (IsAnchor).
//   - paragraph: non-empty inlines; every mark type in MarkTypes; link needs
//     an href that passes IsSafeHref; color and highlight need a value that
//     passes IsSafeColor; font family/size/weight pass IsSafeFont*; align
//     left/center/right/justify.
//   - list: listType ordered/bullet/task; items non-empty, each non-empty.
//   - table: rows, cells and cell blocks non-empty; rowspan/colspan 0-100;
//     cell align as paragraph align.
//   - swotTable / pestTable: at least one non-empty quadrant; each item has a
//     title or detail; impact ∈ 低/中低/中/中高/高/极高, trend ∈
//     正面利好/负面影响/中性/不确定/持续观察 when set.
//   - blockquote, callout: non-empty blocks; callout tone
//     info/warning/success/danger; variant matches [A-Za-z0-9_-]*.
//   - engineQuote: engine insight/media/query; title "Insight Agent",
//     "Media Agent" or "Query Agent" to match; children only paragraphs whose
//     marks are bold or italic.
//   - kpiGrid: non-empty items with label and value; deltaTone up/down/
//     neutral when set; cols 0-12.
//   - widget: widgetId (IsAnchor) and widgetType (IsWidgetType) required;
//     data or dataRef; with data: "<kind> chart requires non-empty labels"
//     for bar/line/pie/doughnut/radar/polarArea/horizontalBar, "datasets is
//     empty" when there are none, every dataset as long as the labels, and
//     finite values.
//   - code: content; math: latex; figure: img with a src passing
//     IsSafeImageSrc; toc: depth 0-4; hr: variant matches [A-Za-z0-9_-]*.
func ValidateChapter(c *Chapter) error {
	if c == nil {
		return ValidationError{{Path: "", Message: "chapter is nil"}}
	}
	ps := tagProblems(c)
	checkChapter(c, "", &ps)
	return ps.result()
}

// ValidateDocument checks a whole document: version "1.0", reportId,
// non-empty chapters, every chapter as ValidateChapter does (paths such as
// "chapters[1].blocks[0].inlines"), unique chapter anchors, themeTokens keys
// matching [A-Za-z0-9_-]* and values passing IsSafeThemeValue, and hero KPI
// items like kpiGrid items. BettaFish has no document-level validation.
func ValidateDocument(d *Document) error {
	if d == nil {
		return ValidationError{{Path: "", Message: "document is nil"}}
	}
	ps := tagProblems(d)
	seen := map[string]int{}
	for i := range d.Chapters {
		c := &d.Chapters[i]
		prefix := index("chapters", i)
		checkChapter(c, prefix, &ps)
		if c.Anchor == "" {
			continue
		}
		if j, dup := seen[c.Anchor]; dup {
			ps.add(prefix+".anchor", "duplicate anchor %q (also chapters[%d].anchor)", c.Anchor, j)
		} else {
			seen[c.Anchor] = i
		}
	}
	return ps.result()
}

func (p problems) result() error {
	if len(p) == 0 {
		return nil
	}
	slices.SortStableFunc(p, func(a, b FieldError) int {
		return strings.Compare(pathKey(a.Path), pathKey(b.Path))
	})
	return ValidationError(slices.Compact(p))
}

var indexRE = regexp.MustCompile(`\[(\d+)\]`)

// pathKey zero-pads indices so that blocks[2] sorts before blocks[10].
func pathKey(p string) string {
	return indexRE.ReplaceAllStringFunc(p, func(m string) string {
		n, _ := strconv.Atoi(m[1 : len(m)-1])
		return fmt.Sprintf("[%010d]", n)
	})
}

// tagProblems runs the struct tags and maps validator's namespaces
// ("Chapter.blocks[1].inlines[0].marks[0].href") to our JSON paths.
func tagProblems(s any) problems {
	err := structValidator().Struct(s)
	if err == nil {
		return nil
	}
	verrs, ok := err.(validator.ValidationErrors)
	if !ok {
		return problems{{Path: "", Message: err.Error()}}
	}
	out := make(problems, 0, len(verrs))
	for _, fe := range verrs {
		ns := fe.Namespace()
		if _, rest, ok := strings.Cut(ns, "."); ok {
			ns = rest
		}
		out = append(out, FieldError{Path: ns, Message: tagMessage(fe)})
	}
	return out
}

func shortValue(v any) string {
	s := fmt.Sprint(v)
	if utf8.RuneCountInString(s) > 80 {
		s = string([]rune(s)[:80]) + "…"
	}
	return strconv.Quote(s)
}

// valueMessages are the messages of the checks of one value, %s the
// quoted value (shortValue).
var valueMessages = map[string]string{
	"anchor":     "%s is not a valid anchor (want ^[A-Za-z0-9][A-Za-z0-9_-]*$)",
	"href":       "unsafe link %s: only http, https, mailto or #anchor are allowed",
	"imgsrc":     "unsafe image source %s: only data:image/, http or https are allowed",
	"fontfamily": "unsafe font family %s: only letters, digits, spaces and , . - _ are allowed",
	"fontsize":   "unsafe font size %s: want a number with px, pt, em, rem or %%",
	"fontweight": "unsafe font weight %s: want normal, bold, bolder, lighter or 100-900",
	"token":      "%s may contain only A-Z, a-z, 0-9, _ and -",
	"widgettype": "unsupported widgetType %s: want " + ChartWidgetPrefix + "<" + strings.Join(chartKinds, "|") + "> or a wordcloud type",
	"blocktype":  "%s is not one of " + strings.Join(blockTypes, ", "),
	"marktype":   "%s is not one of " + strings.Join(markTypes, ", "),
	"themevalue": "unsafe theme value %s: want a #rgb/#rrggbb or named colour, a length or a font name",
}

func tagMessage(fe validator.FieldError) string {
	if m, ok := valueMessages[fe.Tag()]; ok {
		return fmt.Sprintf(m, shortValue(fe.Value()))
	}
	collection := fe.Kind() == reflect.Slice || fe.Kind() == reflect.Map || fe.Kind() == reflect.Array
	v := shortValue(fe.Value())
	switch fe.Tag() {
	case "required":
		if collection {
			return "must not be empty"
		}
		return "is required"
	case "required_without":
		return "title or detail is required"
	case "min":
		if collection || fe.Kind() == reflect.String {
			if fe.Param() == "1" {
				return "must not be empty"
			}
			return "must have at least " + fe.Param() + " elements"
		}
		return "must be at least " + fe.Param() + ", got " + fmt.Sprint(fe.Value())
	case "max":
		return "must be at most " + fe.Param() + ", got " + fmt.Sprint(fe.Value())
	case "oneof":
		return v + " is not one of " + strings.ReplaceAll(fe.Param(), " ", ", ")
	case "eq":
		return "must be " + strconv.Quote(fe.Param()) + ", got " + v
	}
	return "failed " + fe.Tag() + " check"
}

// checkChapter applies the type-dependent rules to every block of c.
func checkChapter(c *Chapter, prefix string, ps *problems) {
	c.Walk(func(path string, b *Block) {
		if prefix != "" {
			path = prefix + "." + path
		}
		checkBlock(path, b, ps)
	})
}

func blank(s string) bool { return strings.TrimSpace(s) == "" }

// required are the type-dependent required fields: for a block of type,
// the path suffix and message of each field missing tells is missing.
var required = []struct {
	typ, field, msg string
	missing         func(b *Block) bool
}{
	{TypeHeading, ".text", "heading requires text", func(b *Block) bool { return blank(b.Text) }},
	{TypeHeading, ".anchor", "heading requires an anchor", func(b *Block) bool { return b.Anchor == "" }},
	{TypeParagraph, ".inlines", "paragraph requires non-empty inlines", func(b *Block) bool { return len(b.Inlines) == 0 }},
	{TypeList, ".listType", "list requires listType (ordered, bullet or task)", func(b *Block) bool { return b.ListType == "" }},
	{TypeList, ".items", "list requires non-empty items", func(b *Block) bool { return len(b.ListItems) == 0 }},
	{TypeTable, ".rows", "table requires non-empty rows", func(b *Block) bool { return len(b.Rows) == 0 }},
	{TypeSwotTable, "", "swotTable requires at least one non-empty quadrant (strengths, weaknesses, opportunities, threats)",
		func(b *Block) bool {
			return len(b.Strengths)+len(b.Weaknesses)+len(b.Opportunities)+len(b.Threats) == 0
		}},
	{TypePestTable, "", "pestTable requires at least one non-empty quadrant (political, economic, social, technological)",
		func(b *Block) bool { return len(b.Political)+len(b.Economic)+len(b.Social)+len(b.Technological) == 0 }},
	{TypeBlockquote, ".blocks", "blockquote requires non-empty blocks", func(b *Block) bool { return len(b.Blocks) == 0 }},
	{TypeCallout, ".blocks", "callout requires non-empty blocks", func(b *Block) bool { return len(b.Blocks) == 0 }},
	{TypeCallout, ".tone", "callout requires tone (info, warning, success or danger)", func(b *Block) bool { return b.Tone == "" }},
	{TypeKPIGrid, ".items", "kpiGrid requires non-empty items", func(b *Block) bool { return len(b.KPIItems) == 0 }},
	{TypeCode, ".content", "code requires content", func(b *Block) bool { return blank(b.Content) }},
	{TypeMath, ".latex", "math requires latex", func(b *Block) bool { return blank(b.Latex) }},
	{TypeFigure, ".img", "figure requires img", func(b *Block) bool { return b.Img == nil }},
}

func checkBlock(p string, b *Block, ps *problems) {
	for i, in := range b.Inlines {
		for j, mk := range in.Marks {
			checkMark(fmt.Sprintf("%s.inlines[%d].marks[%d]", p, i, j), mk, ps)
		}
	}
	if b.Type == TypeHeading && (b.Level < 1 || b.Level > 6) {
		ps.add(p+".level", "heading level must be between 1 and 6, got %d", b.Level)
	}
	for _, r := range required {
		if r.typ == b.Type && r.missing(b) {
			ps.add(p+r.field, "%s", r.msg)
		}
	}
	switch b.Type {
	case TypeEngineQuote:
		checkEngineQuote(p, b, ps)
	case TypeWidget:
		checkWidget(p, b, ps)
	}
}

func checkMark(p string, mk Mark, ps *problems) {
	switch mk.Type {
	case MarkLink:
		if mk.Href == "" {
			ps.add(p+".href", "link mark requires href")
		}
	case MarkColor, MarkHighlight:
		if mk.Value == "" {
			ps.add(p+".value", "%s mark requires a value", mk.Type)
		} else if !IsSafeColor(mk.Value) {
			ps.add(p+".value", "unsafe colour %s: want #rgb, #rrggbb or a CSS colour name", shortValue(mk.Value))
		}
	}
}

func checkEngineQuote(p string, b *Block, ps *problems) {
	switch want, ok := engineTitles[b.Engine]; {
	case b.Engine == "":
		ps.add(p+".engine", "engineQuote requires engine (insight, media or query)")
	case ok && b.Title != want:
		ps.add(p+".title", "engineQuote title must be %q for engine %q, got %s", want, b.Engine, shortValue(b.Title))
	}
	if len(b.Blocks) == 0 {
		ps.add(p+".blocks", "engineQuote requires non-empty blocks")
	}
	for i, c := range b.Blocks {
		cp := index(p+".blocks", i)
		if c.Type != TypeParagraph {
			ps.add(cp+".type", "engineQuote children must be paragraphs, got %s", shortValue(c.Type))
			continue
		}
		for j, in := range c.Inlines {
			for k, mk := range in.Marks {
				if mk.Type != MarkBold && mk.Type != MarkItalic {
					ps.add(fmt.Sprintf("%s.inlines[%d].marks[%d].type", cp, j, k),
						"engineQuote allows only bold and italic marks, got %s", shortValue(mk.Type))
				}
			}
		}
	}
}

func checkWidget(p string, b *Block, ps *problems) {
	if b.WidgetID == "" {
		ps.add(p+".widgetId", "widget requires widgetId")
	}
	if b.WidgetType == "" {
		ps.add(p+".widgetType", "widget requires widgetType")
	}
	if b.Data == nil {
		if b.DataRef == "" {
			ps.add(p, "widget requires data or dataRef")
		}
		return
	}
	dp := p + ".data"
	kind := ChartKind(b.WidgetType)
	if labelledKinds[kind] && len(b.Data.Labels) == 0 {
		ps.add(dp+".labels", "%s chart requires non-empty labels", kind)
	}
	if len(b.Data.Datasets) == 0 {
		ps.add(dp+".datasets", "datasets is empty")
	}
	for i, ds := range b.Data.Datasets {
		sp := index(dp+".datasets", i) + ".data"
		if len(b.Data.Labels) > 0 && len(ds.Data) != len(b.Data.Labels) {
			ps.add(sp, "dataset has %d values but there are %d labels", len(ds.Data), len(b.Data.Labels))
		}
		for j, f := range ds.Data {
			if math.IsNaN(f) || math.IsInf(f, 0) {
				ps.add(index(sp, j), "value is not a finite number")
			}
		}
	}
}

// namedColors is the fixed list of CSS named colours IsSafeColor accepts.
var namedColors = func() map[string]bool {
	names := `aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue
blueviolet brown burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan
darkblue darkcyan darkgoldenrod darkgray darkgreen darkgrey darkkhaki darkmagenta darkolivegreen
darkorange darkorchid darkred darksalmon darkseagreen darkslateblue darkslategray darkslategrey
darkturquoise darkviolet deeppink deepskyblue dimgray dimgrey dodgerblue firebrick floralwhite
forestgreen fuchsia gainsboro ghostwhite gold goldenrod gray green greenyellow grey honeydew hotpink
indianred indigo ivory khaki lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral
lightcyan lightgoldenrodyellow lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen
lightskyblue lightslategray lightslategrey lightsteelblue lightyellow lime limegreen linen magenta
maroon mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen mediumslateblue
mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream mistyrose moccasin
navajowhite navy oldlace olive olivedrab orange orangered orchid palegoldenrod palegreen
paleturquoise palevioletred papayawhip peachpuff peru pink plum powderblue purple rebeccapurple red
rosybrown royalblue saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue slateblue
slategray slategrey snow springgreen steelblue tan teal thistle tomato turquoise violet wheat white
whitesmoke yellow yellowgreen transparent`
	m := map[string]bool{}
	for _, n := range strings.Fields(names) {
		m[n] = true
	}
	return m
}()
