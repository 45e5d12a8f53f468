package ir

import (
	"encoding/json"
	"math"
	"slices"
)

// Version is the IR version written into every document.
const Version = "1.0"

// Block types (exactly the 16 of BettaFish IR 1.0).
const (
	TypeHeading     = "heading"
	TypeParagraph   = "paragraph"
	TypeList        = "list"
	TypeTable       = "table"
	TypeSwotTable   = "swotTable"
	TypePestTable   = "pestTable"
	TypeBlockquote  = "blockquote"
	TypeEngineQuote = "engineQuote"
	TypeHr          = "hr"
	TypeCode        = "code"
	TypeMath        = "math"
	TypeFigure      = "figure"
	TypeCallout     = "callout"
	TypeKPIGrid     = "kpiGrid"
	TypeWidget      = "widget"
	TypeTOC         = "toc"
)

// Mark types (the 12 of BettaFish IR 1.0).
const (
	MarkBold        = "bold"
	MarkItalic      = "italic"
	MarkUnderline   = "underline"
	MarkStrike      = "strike"
	MarkCode        = "code"
	MarkLink        = "link"
	MarkColor       = "color"
	MarkFont        = "font"
	MarkHighlight   = "highlight"
	MarkSubscript   = "subscript"
	MarkSuperscript = "superscript"
	MarkMath        = "math"
)

// The one spelling of each enum: the validator (tags "blocktype",
// "marktype", "widgettype"), the decoder's normalisation and the exported
// list functions all read these.
var (
	blockTypes = []string{TypeHeading, TypeParagraph, TypeList, TypeTable, TypeSwotTable, TypePestTable,
		TypeBlockquote, TypeEngineQuote, TypeHr, TypeCode, TypeMath, TypeFigure, TypeCallout, TypeKPIGrid,
		TypeWidget, TypeTOC}
	markTypes = []string{MarkBold, MarkItalic, MarkUnderline, MarkStrike, MarkCode, MarkLink, MarkColor, MarkFont,
		MarkHighlight, MarkSubscript, MarkSuperscript, MarkMath}
)

// BlockTypes returns the 16 block types in the order of reference §5.1, a
// new slice on every call (changing it changes no policy).
func BlockTypes() []string { return slices.Clone(blockTypes) }

// IsBlockType reports whether t is one of BlockTypes (case-sensitive).
func IsBlockType(t string) bool { return slices.Contains(blockTypes, t) }

// IsMarkType reports whether t is one of MarkTypes (case-sensitive).
func IsMarkType(t string) bool { return slices.Contains(markTypes, t) }

// Chapter is one chapter of a report.
type Chapter struct {
	ChapterID string  `json:"chapterId" validate:"required"`
	Title     string  `json:"title" validate:"required"`
	Anchor    string  `json:"anchor" validate:"required,anchor"`
	Order     int     `json:"order" validate:"min=0"`
	Blocks    []Block `json:"blocks" validate:"required,min=1,dive"`
	Summary   string  `json:"summary,omitempty"`
	// Placeholder marks a chapter that could not be generated; its blocks
	// say so visibly (JSON key errorPlaceholder, as in BettaFish).
	Placeholder bool     `json:"errorPlaceholder,omitempty"`
	Errors      []string `json:"errors,omitempty"`
	// Sources are the graph source ids the chapter drew on (for the
	// document's reference list); not part of BettaFish IR.
	Sources []string `json:"sources,omitempty"`
}

// Inline is a run of text with marks.
type Inline struct {
	Text  string `json:"text"`
	Marks []Mark `json:"marks,omitempty" validate:"dive"`
}

// Mark formats an inline run. Type is one of MarkTypes. Href is used by
// "link", Value by "color"/"highlight"/"math", Family/Size/Weight by "font".
type Mark struct {
	Type   string `json:"type" validate:"required,marktype"`
	Value  string `json:"value,omitempty"`
	Href   string `json:"href,omitempty" validate:"omitempty,href"`
	Title  string `json:"title,omitempty"`
	Family string `json:"family,omitempty" validate:"omitempty,fontfamily"`
	Size   string `json:"size,omitempty" validate:"omitempty,fontsize"`
	Weight string `json:"weight,omitempty" validate:"omitempty,fontweight"`
}

// Block is one block of a chapter; see the package doc for the union rule.
type Block struct {
	Type string `json:"type" validate:"required,blocktype"`

	// heading
	Level     int    `json:"level,omitempty"` // 1-6
	Text      string `json:"text,omitempty"`
	Anchor    string `json:"anchor,omitempty" validate:"omitempty,anchor"`
	Numbering string `json:"numbering,omitempty"`
	Subtitle  string `json:"subtitle,omitempty"`

	// paragraph
	Inlines []Inline `json:"inlines,omitempty" validate:"dive"`
	Align   string   `json:"align,omitempty" validate:"omitempty,oneof=left center right justify"` // left|center|right|justify

	// list: ListType ordered|bullet|task; ListItems is JSON "items"
	ListType  string    `json:"listType,omitempty" validate:"omitempty,oneof=ordered bullet task"`
	ListItems [][]Block `json:"-" validate:"dive,min=1,dive"`

	// table
	Rows    []Row  `json:"rows,omitempty" validate:"dive"`
	Caption string `json:"caption,omitempty"` // table, code, figure
	Zebra   bool   `json:"zebra,omitempty"`

	// swotTable / pestTable / callout / engineQuote / widget title
	Title         string         `json:"title,omitempty"`
	Summary       string         `json:"summary,omitempty"`
	Strengths     []QuadrantItem `json:"strengths,omitempty" validate:"dive"`
	Weaknesses    []QuadrantItem `json:"weaknesses,omitempty" validate:"dive"`
	Opportunities []QuadrantItem `json:"opportunities,omitempty" validate:"dive"`
	Threats       []QuadrantItem `json:"threats,omitempty" validate:"dive"`
	Political     []QuadrantItem `json:"political,omitempty" validate:"dive"`
	Economic      []QuadrantItem `json:"economic,omitempty" validate:"dive"`
	Social        []QuadrantItem `json:"social,omitempty" validate:"dive"`
	Technological []QuadrantItem `json:"technological,omitempty" validate:"dive"`

	// blockquote, callout, engineQuote children
	Blocks  []Block `json:"blocks,omitempty" validate:"dive"`
	Variant string  `json:"variant,omitempty" validate:"omitempty,token"` // blockquote, hr

	// engineQuote: Engine insight|media|query; Title is the agent name
	Engine string `json:"engine,omitempty" validate:"omitempty,oneof=insight media query"`

	// code
	Content string `json:"content,omitempty"`
	Lang    string `json:"lang,omitempty"`

	// math
	Latex       string `json:"latex,omitempty"`
	DisplayMode bool   `json:"displayMode,omitempty"`

	// figure
	Img        *Image `json:"img,omitempty"`
	Responsive bool   `json:"responsive,omitempty"`

	// callout: Tone info|warning|success|danger
	Tone string `json:"tone,omitempty" validate:"omitempty,oneof=info warning success danger"`

	// kpiGrid: KPIItems is JSON "items"
	KPIItems []KPI `json:"-" validate:"dive"`
	Cols     int   `json:"cols,omitempty" validate:"min=0,max=12"`

	// widget
	WidgetID   string       `json:"widgetId,omitempty" validate:"omitempty,anchor"`
	WidgetType string       `json:"widgetType,omitempty" validate:"omitempty,widgettype"` // "chart.js/bar", "chart.js/line", "chart.js/pie", "chart.js/doughnut", …
	Props      *WidgetProps `json:"props,omitempty"`
	Data       *ChartData   `json:"data,omitempty"`
	DataRef    string       `json:"dataRef,omitempty"`

	// toc
	Depth         int  `json:"depth,omitempty" validate:"min=0,max=4"` // 0 (renderer default) or 1-4
	AutoNumbering bool `json:"autoNumbering,omitempty"`

	// Meta carries renderer hints set by the pipeline (never by the model
	// unescaped), e.g. {"errorPlaceholder": true}.
	Meta map[string]any `json:"meta,omitempty"`
}

// Row is a table row.
type Row struct {
	Cells []Cell `json:"cells" validate:"required,min=1,dive"`
}

// Cell is a table cell.
type Cell struct {
	Blocks  []Block `json:"blocks" validate:"required,min=1,dive"`
	Rowspan int     `json:"rowspan,omitempty" validate:"min=0,max=100"`
	Colspan int     `json:"colspan,omitempty" validate:"min=0,max=100"`
	Align   string  `json:"align,omitempty" validate:"omitempty,oneof=left center right justify"`
	Header  bool    `json:"header,omitempty"`
}

// QuadrantItem is one entry of a SWOT or PEST quadrant. A bare string in the
// model's JSON becomes {Title: s}.
type QuadrantItem struct {
	Title    string `json:"title,omitempty" validate:"required_without=Detail"`
	Detail   string `json:"detail,omitempty"`
	Evidence string `json:"evidence,omitempty"`
	Source   string `json:"source,omitempty"`
	Impact   string `json:"impact,omitempty" validate:"omitempty,oneof=低 中低 中 中高 高 极高"`       // SWOT: 低/中低/中/中高/高/极高
	Trend    string `json:"trend,omitempty" validate:"omitempty,oneof=正面利好 负面影响 中性 不确定 持续观察"` // PEST: 正面利好/负面影响/中性/不确定/持续观察
	Priority string `json:"priority,omitempty"`                                               // SWOT
}

// Image is a figure image. Renderers never load it from the network.
type Image struct {
	Src    string `json:"src" validate:"required,imgsrc"`
	Alt    string `json:"alt,omitempty"`
	Width  int    `json:"width,omitempty" validate:"min=0"`
	Height int    `json:"height,omitempty" validate:"min=0"`
}

// KPI is one key figure (kpiGrid item or hero KPI).
type KPI struct {
	Label     string `json:"label" validate:"required"`
	Value     string `json:"value" validate:"required"`
	Unit      string `json:"unit,omitempty"`
	Delta     string `json:"delta,omitempty"`
	DeltaTone string `json:"deltaTone,omitempty" validate:"omitempty,oneof=up down neutral"` // up|down|neutral
	// Source says where the figure comes from: a citation "[E12]" (turned
	// into the reference number "[3]" by stitching) or a source title.
	Source string `json:"source,omitempty"`
}

// WidgetProps are chart options.
type WidgetProps struct {
	Type    string         `json:"type,omitempty" validate:"omitempty,token"`
	Title   string         `json:"title,omitempty"`
	Options map[string]any `json:"options,omitempty"`
}

// ChartData is Chart.js-shaped chart data.
type ChartData struct {
	Labels   []string  `json:"labels"`
	Datasets []Dataset `json:"datasets"`
}

// Dataset is one chart series. Data holds numbers; NaN marks a value the
// model wrote that is not a number (DecodeChapter keeps it so that the
// validator can name it), so a chapter that passed ValidateChapter holds
// none. JSON writes NaN as null.
type Dataset struct {
	Label string    `json:"label,omitempty"`
	Data  []float64 `json:"data"`
}

// MarshalJSON writes the dataset with each NaN or infinite value as null
// (encoding/json cannot write them), so a chapter that failed validation
// can still be shown to the model for repair.
func (d Dataset) MarshalJSON() ([]byte, error) {
	type plain struct {
		Label string `json:"label,omitempty"`
		Data  []any  `json:"data"`
	}
	p := plain{Label: d.Label}
	if d.Data != nil {
		p.Data = make([]any, len(d.Data))
		for i, f := range d.Data {
			if math.IsNaN(f) || math.IsInf(f, 0) {
				continue // nil: null
			}
			p.Data[i] = f
		}
	}
	return json.Marshal(p)
}

// Document is a whole report: metadata plus chapters in order.
type Document struct {
	Version     string            `json:"version" validate:"required,eq=1.0"`
	ReportID    string            `json:"reportId" validate:"required"`
	Metadata    Metadata          `json:"metadata"`
	ThemeTokens map[string]string `json:"themeTokens,omitempty" validate:"dive,keys,required,token,endkeys,themevalue"`
	Chapters    []Chapter         `json:"chapters" validate:"required,min=1,dive"`
	// Sources is the reference list: every graph source cited by a
	// chapter, in first-citation order.
	Sources []Source `json:"sources,omitempty"`
}

// Metadata describes the report as a whole.
type Metadata struct {
	Query           string   `json:"query"`
	Title           string   `json:"title"`
	Subtitle        string   `json:"subtitle,omitempty"`
	Tagline         string   `json:"tagline,omitempty"`
	TemplateName    string   `json:"templateName"`
	SelectionReason string   `json:"selectionReason,omitempty"`
	Hero            Hero     `json:"hero"`
	TOC             TOC      `json:"toc"`
	LayoutNotes     []string `json:"layoutNotes,omitempty"`
	// GeneratedAt is RFC 3339 UTC; the only clock-dependent field.
	GeneratedAt string    `json:"generatedAt"`
	Generator   Generator `json:"generator"`
	// Failures lists chapters that became placeholders, and why.
	Failures []Failure `json:"failures,omitempty"`
	// Notices are plain-text lines every reader must see before the
	// chapters: an engine whose input was missing or empty, a stage that
	// fell back to a template-derived default, a chapter block that was
	// replaced because it failed validation. Renderers show them on the
	// first screen; they are never model output.
	Notices []string `json:"notices,omitempty"`
	// GraphID is the graph the report drew on ("" without a graph).
	GraphID string `json:"graphId,omitempty"`
	// FollowUps are questions a reader can ask next ("可以继续追问"), each
	// answerable from the report's graph (local search selects entities
	// and sources for it).
	FollowUps []string `json:"followUps,omitempty"`
}

// Hero is the report's opening panel.
type Hero struct {
	Summary    string   `json:"summary,omitempty"`
	Highlights []string `json:"highlights,omitempty"`
	KPIs       []KPI    `json:"kpis,omitempty" validate:"dive"`
	Actions    []string `json:"actions,omitempty"`
}

// TOC configures the table of contents; Entries come from the layout's
// tocPlan, in template order.
type TOC struct {
	Title   string     `json:"title"`
	Depth   int        `json:"depth"`
	Entries []TOCEntry `json:"entries,omitempty"`
}

// TOCEntry is one table-of-contents line.
type TOCEntry struct {
	ChapterID   string `json:"chapterId"`
	Anchor      string `json:"anchor"`
	Display     string `json:"display"`
	Description string `json:"description,omitempty"`
}

// Generator names the model that wrote the report.
type Generator struct {
	Provider   string `json:"provider"`
	Model      string `json:"model"`
	Extractive bool   `json:"extractive"` // offline model: text extracted, not written
}

// Failure records a chapter that failed and became a placeholder.
type Failure struct {
	ChapterID string `json:"chapterId"`
	Title     string `json:"title"`
	Reason    string `json:"reason"`
}

// Source is one cited source in the reference list.
type Source struct {
	ID      string   `json:"id"`
	Title   string   `json:"title"`
	URL     string   `json:"url,omitempty"`
	Engines []string `json:"engines,omitempty"`
	// Chapters are the chapter ids that cite the source.
	Chapters []string `json:"chapters,omitempty"`
}

type blockAlias Block

// MarshalJSON writes "items" from ListItems (list) or KPIItems (kpiGrid).
func (b Block) MarshalJSON() ([]byte, error) {
	type withItems struct {
		blockAlias
		Items any `json:"items,omitempty"`
	}
	w := withItems{blockAlias: blockAlias(b)}
	switch b.Type {
	case TypeList:
		if b.ListItems != nil {
			w.Items = b.ListItems
		}
	case TypeKPIGrid:
		if b.KPIItems != nil {
			w.Items = b.KPIItems
		}
	}
	return json.Marshal(w)
}

// UnmarshalJSON reads "items" into ListItems or KPIItems by Type. It is
// strict about shapes (it is the decoder for IR the pipeline wrote itself);
// loosely typed model output goes through DecodeChapter instead.
func (b *Block) UnmarshalJSON(data []byte) error {
	type withItems struct {
		*blockAlias
		Items json.RawMessage `json:"items,omitempty"`
	}
	w := withItems{blockAlias: (*blockAlias)(b)}
	if err := json.Unmarshal(data, &w); err != nil {
		return err
	}
	if len(w.Items) == 0 || string(w.Items) == "null" {
		return nil
	}
	switch b.Type {
	case TypeList:
		return json.Unmarshal(w.Items, &b.ListItems)
	case TypeKPIGrid:
		return json.Unmarshal(w.Items, &b.KPIItems)
	}
	return nil
}
