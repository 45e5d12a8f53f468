package ir

import (
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// fullChapter is a valid chapter that uses all 16 block types. Block
// indices are referred to by the rule tests below.
func fullChapter() Chapter {
	return Chapter{
		ChapterID: "S2", Title: "市场概览", Anchor: "section-2", Order: 2, Summary: "本章摘要",
		Errors: []string{"note"}, Sources: []string{"src-1"},
		Blocks: []Block{
			/* 0 */ {Type: TypeHeading, Level: 2, Text: "二、市场概览", Anchor: "section-2-0", Numbering: "二", Subtitle: "副标题"},
			/* 1 */ {Type: TypeParagraph, Align: "justify", Inlines: []Inline{
				{Text: "普通<b>不是标签</b>"},
				{Text: "粗斜", Marks: []Mark{{Type: "bold"}, {Type: "italic"}}},
				{Text: "链接", Marks: []Mark{{Type: "link", Href: "https://example.com/a?b=1#c", Title: "来源"}}},
				{Text: "锚点", Marks: []Mark{{Type: "link", Href: "#section-2-0"}}},
				{Text: "邮件", Marks: []Mark{{Type: "link", Href: "mailto:press@example.com"}}},
				{Text: "颜色", Marks: []Mark{{Type: "color", Value: "#c00"}, {Type: "highlight", Value: "LightYellow"}}},
				{Text: "字体", Marks: []Mark{{Type: "font", Family: "PingFang SC, 微软雅黑, sans-serif", Size: "14px", Weight: "600"}}},
				{Text: "其他", Marks: []Mark{{Type: "underline"}, {Type: "strike"}, {Type: "code"},
					{Type: "subscript"}, {Type: "superscript"}, {Type: "math", Value: `x^{2}`}}},
			}},
			/* 2 */ {Type: TypeList, ListType: "ordered", ListItems: [][]Block{
				{para("第一")},
				{para("第二"), {Type: TypeList, ListType: "task", ListItems: [][]Block{{para("子项")}}}},
			}},
			/* 3 */ {Type: TypeTable, Caption: "表1", Zebra: true, Rows: []Row{
				{Cells: []Cell{{Header: true, Align: "center", Blocks: []Block{para("平台")}}, {Header: true, Blocks: []Block{para("占比")}}}},
				{Cells: []Cell{{Blocks: []Block{para("微博")}}, {Rowspan: 1, Colspan: 2, Align: "right", Blocks: []Block{para("45%")}}}},
			}},
			/* 4 */ {Type: TypeSwotTable, Title: "SWOT", Summary: "综合", Strengths: []QuadrantItem{{Title: "品牌", Detail: "认知度高", Impact: "高", Priority: "1"}},
				Weaknesses: []QuadrantItem{{Detail: "成本高", Impact: "中低"}}, Opportunities: []QuadrantItem{{Title: "出海", Evidence: "数据"}},
				Threats: []QuadrantItem{{Title: "监管", Impact: "极高"}}},
			/* 5 */ {Type: TypePestTable, Title: "PEST", Political: []QuadrantItem{{Title: "政策", Trend: "正面利好", Source: "公告"}},
				Economic: []QuadrantItem{{Title: "消费", Trend: "持续观察"}}, Social: []QuadrantItem{{Detail: "舆论分化", Trend: "不确定"}},
				Technological: []QuadrantItem{{Title: "AI", Impact: "高"}}},
			/* 6 */ {Type: TypeBlockquote, Variant: "pull-quote", Blocks: []Block{para("引用")}},
			/* 7 */ {Type: TypeEngineQuote, Engine: "media", Title: "Media Agent", Blocks: []Block{
				{Type: TypeParagraph, Inlines: []Inline{{Text: "原文", Marks: []Mark{{Type: "bold"}, {Type: "italic"}}}}}}},
			/* 8 */ {Type: TypeHr, Variant: "dashed_1"},
			/* 9 */ {Type: TypeCode, Lang: "go", Content: "fmt.Println(1)", Caption: "示例"},
			/* 10 */ {Type: TypeMath, Latex: `E=mc^2`, DisplayMode: true},
			/* 11 */ {Type: TypeFigure, Img: &Image{Src: "data:image/png;base64,iVBORw0KGgo=", Alt: "图", Width: 10, Height: 10}, Caption: "图1", Responsive: true},
			/* 12 */ {Type: TypeCallout, Tone: "warning", Title: "注意", Blocks: []Block{para("提示")}},
			/* 13 */ {Type: TypeKPIGrid, Cols: 3, KPIItems: []KPI{{Label: "声量", Value: "12.5", Unit: "万", Delta: "+3%", DeltaTone: "up"}, {Label: "情绪", Value: "中性"}}},
			/* 14 */ {Type: TypeWidget, WidgetID: "chart-platforms", WidgetType: "chart.js/bar",
				Props: &WidgetProps{Type: "bar", Title: "平台分布", Options: map[string]any{"responsive": true, "aspectRatio": 2.0}},
				Data:  &ChartData{Labels: []string{"微博", "抖音"}, Datasets: []Dataset{{Label: "帖子", Data: []float64{12, 7.5}}}}},
			/* 15 */ {Type: TypeWidget, WidgetID: "wc-1", WidgetType: "wordcloud", DataRef: "bundle-words"},
			/* 16 */ {Type: TypeTOC, Depth: 3, AutoNumbering: true},
		},
	}
}

// b28Chapter is an otherwise valid chapter holding the B28 chart at index 2.
const b28Chapter = `{"chapterId":"S3","title":"平台","anchor":"section-3","order":3,"blocks":[
  {"type":"heading","level":2,"text":"三、平台","anchor":"section-3-0"},
  {"type":"paragraph","inlines":[{"text":"各平台讨论量如下。"}]},
  {"type":"chart","chartType":"bar","title":"平台分布","data":{"labels":[],"datasets":[]}}]}`

func TestFullChapterValid(t *testing.T) {
	c := fullChapter()
	seen := map[string]bool{}
	c.Walk(func(_ string, b *Block) { seen[b.Type] = true })
	for _, typ := range BlockTypes() {
		if !seen[typ] {
			t.Errorf("fullChapter lacks a %s block", typ)
		}
	}
	if err := ValidateChapter(&c); err != nil {
		t.Fatalf("ValidateChapter(fullChapter) = %v", err)
	}
}

func TestValidateB28(t *testing.T) {
	c, _, err := DecodeChapter([]byte(b28Chapter))
	if err != nil {
		t.Fatal(err)
	}
	want := ValidationError{
		{Path: "blocks[2].data.datasets", Message: "datasets is empty"},
		{Path: "blocks[2].data.labels", Message: "bar chart requires non-empty labels"},
	}
	err = ValidateChapter(&c)
	var got ValidationError
	if !errors.As(err, &got) {
		t.Fatalf("ValidateChapter = %v, want a ValidationError", err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("B28 errors (-want +got):\n%s", diff)
	}
	if p := c.Blocks[2].Props; p == nil || p.Title != "平台分布" {
		t.Errorf("B28 props = %+v, want title 平台分布", p)
	}
}

func TestValidateB27(t *testing.T) {
	c, _, err := DecodeChapter([]byte(b27))
	if err != nil {
		t.Fatal(err)
	}
	got := validationErrors(t, ValidateChapter(&c))
	for _, want := range []FieldError{
		{Path: "blocks[1].inlines[0].marks[0].href", Message: `unsafe link "javascript:alert(1)": only http, https, mailto or #anchor are allowed`},
		{Path: "anchor", Message: "is required"},
	} {
		if !containsError(got, want.Path, want.Message) {
			t.Errorf("errors %v lack %v", got, want)
		}
	}
	if len(got) != 2 {
		t.Errorf("got %d errors %v, want exactly the href and the missing anchor", len(got), got)
	}
}

func validationErrors(t *testing.T, err error) ValidationError {
	t.Helper()
	if err == nil {
		return nil
	}
	var v ValidationError
	if !errors.As(err, &v) {
		t.Fatalf("error %v is not a ValidationError", err)
	}
	return v
}

func containsError(errs ValidationError, path, msg string) bool {
	for _, e := range errs {
		if e.Path == path && strings.Contains(e.Message, msg) {
			return true
		}
	}
	return false
}

func TestValidateChapterRules(t *testing.T) {
	tests := []struct {
		name   string
		mutate func(c *Chapter)
		path   string
		msg    string // substring of the message
	}{
		// chapter
		{"chapterId required", func(c *Chapter) { c.ChapterID = "" }, "chapterId", "is required"},
		{"title required", func(c *Chapter) { c.Title = "" }, "title", "is required"},
		{"anchor required", func(c *Chapter) { c.Anchor = "" }, "anchor", "is required"},
		{"anchor format", func(c *Chapter) { c.Anchor = "section 2" }, "anchor", "not a valid anchor"},
		{"anchor leading dash", func(c *Chapter) { c.Anchor = "-s" }, "anchor", "not a valid anchor"},
		{"anchor CJK", func(c *Chapter) { c.Anchor = "概览" }, "anchor", "not a valid anchor"},
		{"order negative", func(c *Chapter) { c.Order = -1 }, "order", "at least 0"},
		{"blocks nil", func(c *Chapter) { c.Blocks = nil }, "blocks", "must not be empty"},
		{"blocks empty", func(c *Chapter) { c.Blocks = []Block{} }, "blocks", "must not be empty"},
		{"block type unknown", func(c *Chapter) { c.Blocks[8].Type = "chart" }, "blocks[8].type", `"chart" is not one of heading`},
		{"block type missing", func(c *Chapter) { c.Blocks[8].Type = "" }, "blocks[8].type", "is required"},
		// heading
		{"heading level 0", func(c *Chapter) { c.Blocks[0].Level = 0 }, "blocks[0].level", "between 1 and 6"},
		{"heading level 7", func(c *Chapter) { c.Blocks[0].Level = 7 }, "blocks[0].level", "between 1 and 6"},
		{"heading text", func(c *Chapter) { c.Blocks[0].Text = " " }, "blocks[0].text", "heading requires text"},
		{"heading anchor", func(c *Chapter) { c.Blocks[0].Anchor = "" }, "blocks[0].anchor", "heading requires an anchor"},
		{"heading anchor format", func(c *Chapter) { c.Blocks[0].Anchor = "a\"onclick" }, "blocks[0].anchor", "not a valid anchor"},
		// paragraph and marks
		{"paragraph inlines", func(c *Chapter) { c.Blocks[1].Inlines = nil }, "blocks[1].inlines", "non-empty inlines"},
		{"paragraph align", func(c *Chapter) { c.Blocks[1].Align = "middle" }, "blocks[1].align", "is not one of left, center, right, justify"},
		{"mark type", func(c *Chapter) { c.Blocks[1].Inlines[1].Marks[1].Type = "blink" }, "blocks[1].inlines[1].marks[1].type", `"blink" is not one of`},
		{"link href missing", func(c *Chapter) { c.Blocks[1].Inlines[2].Marks[0].Href = "" }, "blocks[1].inlines[2].marks[0].href", "link mark requires href"},
		{"link javascript", func(c *Chapter) { c.Blocks[1].Inlines[2].Marks[0].Href = "javascript:alert(1)" }, "blocks[1].inlines[2].marks[0].href", "unsafe link"},
		{"link JavaScript mixed case", func(c *Chapter) { c.Blocks[1].Inlines[2].Marks[0].Href = "JaVaScRiPt:alert(1)" }, "blocks[1].inlines[2].marks[0].href", "unsafe link"},
		{"link tab trick", func(c *Chapter) { c.Blocks[1].Inlines[2].Marks[0].Href = "java\tscript:alert(1)" }, "blocks[1].inlines[2].marks[0].href", "unsafe link"},
		{"link data URL", func(c *Chapter) { c.Blocks[1].Inlines[2].Marks[0].Href = "data:text/html,<script>" }, "blocks[1].inlines[2].marks[0].href", "unsafe link"},
		{"link without scheme", func(c *Chapter) { c.Blocks[1].Inlines[2].Marks[0].Href = "//evil.example/x" }, "blocks[1].inlines[2].marks[0].href", "unsafe link"},
		{"link bad fragment", func(c *Chapter) { c.Blocks[1].Inlines[3].Marks[0].Href = "#a b" }, "blocks[1].inlines[3].marks[0].href", "unsafe link"},
		{"color value missing", func(c *Chapter) { c.Blocks[1].Inlines[5].Marks[0].Value = "" }, "blocks[1].inlines[5].marks[0].value", "color mark requires a value"},
		{"color CSS injection", func(c *Chapter) { c.Blocks[1].Inlines[5].Marks[0].Value = "red;background:url(x)" }, "blocks[1].inlines[5].marks[0].value", "unsafe colour"},
		{"color rgb()", func(c *Chapter) { c.Blocks[1].Inlines[5].Marks[0].Value = "rgb(1,2,3)" }, "blocks[1].inlines[5].marks[0].value", "unsafe colour"},
		{"color hex length", func(c *Chapter) { c.Blocks[1].Inlines[5].Marks[0].Value = "#abcd" }, "blocks[1].inlines[5].marks[0].value", "unsafe colour"},
		{"highlight expression", func(c *Chapter) { c.Blocks[1].Inlines[5].Marks[1].Value = "expression(alert(1))" }, "blocks[1].inlines[5].marks[1].value", "unsafe colour"},
		{"font family", func(c *Chapter) { c.Blocks[1].Inlines[6].Marks[0].Family = "x;}</style>" }, "blocks[1].inlines[6].marks[0].family", "unsafe font family"},
		{"font size", func(c *Chapter) { c.Blocks[1].Inlines[6].Marks[0].Size = "12px;color:red" }, "blocks[1].inlines[6].marks[0].size", "unsafe font size"},
		{"font weight", func(c *Chapter) { c.Blocks[1].Inlines[6].Marks[0].Weight = "boldest" }, "blocks[1].inlines[6].marks[0].weight", "unsafe font weight"},
		// list
		{"list listType missing", func(c *Chapter) { c.Blocks[2].ListType = "" }, "blocks[2].listType", "requires listType"},
		{"list listType unknown", func(c *Chapter) { c.Blocks[2].ListType = "numbered" }, "blocks[2].listType", "is not one of ordered, bullet, task"},
		{"list items", func(c *Chapter) { c.Blocks[2].ListItems = nil }, "blocks[2].items", "non-empty items"},
		{"list item empty", func(c *Chapter) { c.Blocks[2].ListItems[1] = []Block{} }, "blocks[2].items[1]", "must not be empty"},
		{"nested list item block", func(c *Chapter) { c.Blocks[2].ListItems[1][1].ListItems[0][0].Inlines = nil },
			"blocks[2].items[1][1].items[0][0].inlines", "non-empty inlines"},
		// table
		{"table rows", func(c *Chapter) { c.Blocks[3].Rows = nil }, "blocks[3].rows", "non-empty rows"},
		{"table cells", func(c *Chapter) { c.Blocks[3].Rows[0].Cells = nil }, "blocks[3].rows[0].cells", "must not be empty"},
		{"table cell blocks", func(c *Chapter) { c.Blocks[3].Rows[1].Cells[1].Blocks = []Block{} }, "blocks[3].rows[1].cells[1].blocks", "must not be empty"},
		{"table cell rowspan", func(c *Chapter) { c.Blocks[3].Rows[1].Cells[1].Rowspan = 101 }, "blocks[3].rows[1].cells[1].rowspan", "at most 100"},
		{"table cell colspan", func(c *Chapter) { c.Blocks[3].Rows[1].Cells[1].Colspan = -1 }, "blocks[3].rows[1].cells[1].colspan", "at least 0"},
		{"table cell align", func(c *Chapter) { c.Blocks[3].Rows[0].Cells[0].Align = `left" onclick="x` }, "blocks[3].rows[0].cells[0].align", "is not one of"},
		{"table nested block", func(c *Chapter) { c.Blocks[3].Rows[1].Cells[0].Blocks[0].Type = "bogus" }, "blocks[3].rows[1].cells[0].blocks[0].type", "is not one of"},
		// swot / pest
		{"swot no quadrant", func(c *Chapter) {
			b := &c.Blocks[4]
			b.Strengths, b.Weaknesses, b.Opportunities, b.Threats = nil, nil, nil, nil
		}, "blocks[4]", "swotTable requires at least one non-empty quadrant"},
		{"swot item without title or detail", func(c *Chapter) { c.Blocks[4].Threats[0] = QuadrantItem{Impact: "高"} }, "blocks[4].threats[0].title", "title or detail is required"},
		{"swot impact", func(c *Chapter) { c.Blocks[4].Strengths[0].Impact = "很高" }, "blocks[4].strengths[0].impact", "is not one of 低, 中低, 中, 中高, 高, 极高"},
		{"pest no quadrant", func(c *Chapter) {
			b := &c.Blocks[5]
			b.Political, b.Economic, b.Social, b.Technological = nil, nil, nil, nil
		}, "blocks[5]", "pestTable requires at least one non-empty quadrant"},
		{"pest item without title or detail", func(c *Chapter) { c.Blocks[5].Economic[0] = QuadrantItem{Trend: "中性"} }, "blocks[5].economic[0].title", "title or detail is required"},
		{"pest trend", func(c *Chapter) { c.Blocks[5].Political[0].Trend = "利好" }, "blocks[5].political[0].trend", "is not one of 正面利好, 负面影响, 中性, 不确定, 持续观察"},
		{"pest impact", func(c *Chapter) { c.Blocks[5].Technological[0].Impact = "big" }, "blocks[5].technological[0].impact", "is not one of"},
		// blockquote
		{"blockquote blocks", func(c *Chapter) { c.Blocks[6].Blocks = nil }, "blocks[6].blocks", "blockquote requires non-empty blocks"},
		{"blockquote variant", func(c *Chapter) { c.Blocks[6].Variant = "a b" }, "blocks[6].variant", "may contain only"},
		{"blockquote child", func(c *Chapter) { c.Blocks[6].Blocks[0].Inlines = nil }, "blocks[6].blocks[0].inlines", "non-empty inlines"},
		// engineQuote
		{"engineQuote engine missing", func(c *Chapter) { c.Blocks[7].Engine = "" }, "blocks[7].engine", "requires engine"},
		{"engineQuote engine unknown", func(c *Chapter) { c.Blocks[7].Engine = "forum" }, "blocks[7].engine", "is not one of insight, media, query"},
		{"engineQuote title", func(c *Chapter) { c.Blocks[7].Title = "Insight Agent" }, "blocks[7].title", `must be "Media Agent"`},
		{"engineQuote blocks", func(c *Chapter) { c.Blocks[7].Blocks = nil }, "blocks[7].blocks", "engineQuote requires non-empty blocks"},
		{"engineQuote child type", func(c *Chapter) { c.Blocks[7].Blocks[0] = Block{Type: TypeHr} }, "blocks[7].blocks[0].type", "must be paragraphs"},
		{"engineQuote child mark", func(c *Chapter) {
			c.Blocks[7].Blocks[0].Inlines[0].Marks[1] = Mark{Type: "link", Href: "https://e.com"}
		}, "blocks[7].blocks[0].inlines[0].marks[1].type", "only bold and italic"},
		// hr, code, math, figure
		{"hr variant", func(c *Chapter) { c.Blocks[8].Variant = "x;y" }, "blocks[8].variant", "may contain only"},
		{"code content", func(c *Chapter) { c.Blocks[9].Content = "" }, "blocks[9].content", "code requires content"},
		{"math latex", func(c *Chapter) { c.Blocks[10].Latex = "" }, "blocks[10].latex", "math requires latex"},
		{"figure img", func(c *Chapter) { c.Blocks[11].Img = nil }, "blocks[11].img", "figure requires img"},
		{"figure src missing", func(c *Chapter) { c.Blocks[11].Img.Src = "" }, "blocks[11].img.src", "is required"},
		{"figure src javascript", func(c *Chapter) { c.Blocks[11].Img.Src = "javascript:alert(1)" }, "blocks[11].img.src", "unsafe image source"},
		{"figure src file", func(c *Chapter) { c.Blocks[11].Img.Src = "file:///etc/passwd" }, "blocks[11].img.src", "unsafe image source"},
		{"figure src data html", func(c *Chapter) { c.Blocks[11].Img.Src = "data:text/html,<b>" }, "blocks[11].img.src", "unsafe image source"},
		{"figure width", func(c *Chapter) { c.Blocks[11].Img.Width = -5 }, "blocks[11].img.width", "at least 0"},
		// callout
		{"callout blocks", func(c *Chapter) { c.Blocks[12].Blocks = nil }, "blocks[12].blocks", "callout requires non-empty blocks"},
		{"callout tone missing", func(c *Chapter) { c.Blocks[12].Tone = "" }, "blocks[12].tone", "requires tone"},
		{"callout tone unknown", func(c *Chapter) { c.Blocks[12].Tone = "error" }, "blocks[12].tone", "is not one of info, warning, success, danger"},
		// kpiGrid
		{"kpi items", func(c *Chapter) { c.Blocks[13].KPIItems = nil }, "blocks[13].items", "kpiGrid requires non-empty items"},
		{"kpi label", func(c *Chapter) { c.Blocks[13].KPIItems[0].Label = "" }, "blocks[13].items[0].label", "is required"},
		{"kpi value", func(c *Chapter) { c.Blocks[13].KPIItems[1].Value = "" }, "blocks[13].items[1].value", "is required"},
		{"kpi deltaTone", func(c *Chapter) { c.Blocks[13].KPIItems[0].DeltaTone = "green" }, "blocks[13].items[0].deltaTone", "is not one of up, down, neutral"},
		{"kpi cols", func(c *Chapter) { c.Blocks[13].Cols = 13 }, "blocks[13].cols", "at most 12"},
		// widget
		{"widget id", func(c *Chapter) { c.Blocks[14].WidgetID = "" }, "blocks[14].widgetId", "widget requires widgetId"},
		{"widget id format", func(c *Chapter) { c.Blocks[14].WidgetID = "a b" }, "blocks[14].widgetId", "not a valid anchor"},
		{"widget type missing", func(c *Chapter) { c.Blocks[14].WidgetType = "" }, "blocks[14].widgetType", "widget requires widgetType"},
		{"widget type unknown kind", func(c *Chapter) { c.Blocks[14].WidgetType = "chart.js/bubble" }, "blocks[14].widgetType", "unsupported widgetType"},
		{"widget type other library", func(c *Chapter) { c.Blocks[14].WidgetType = "echarts/bar" }, "blocks[14].widgetType", "unsupported widgetType"},
		{"widget no data", func(c *Chapter) { c.Blocks[14].Data = nil }, "blocks[14]", "widget requires data or dataRef"},
		{"bar labels", func(c *Chapter) { c.Blocks[14].Data.Labels = nil }, "blocks[14].data.labels", "bar chart requires non-empty labels"},
		{"line labels", func(c *Chapter) {
			c.Blocks[14].WidgetType = "chart.js/line"
			c.Blocks[14].Data.Labels = []string{}
		}, "blocks[14].data.labels", "line chart requires non-empty labels"},
		{"doughnut labels", func(c *Chapter) {
			c.Blocks[14].WidgetType = "chart.js/doughnut"
			c.Blocks[14].Data.Labels = nil
		}, "blocks[14].data.labels", "doughnut chart requires non-empty labels"},
		{"datasets empty", func(c *Chapter) { c.Blocks[14].Data.Datasets = nil }, "blocks[14].data.datasets", "datasets is empty"},
		{"dataset length", func(c *Chapter) { c.Blocks[14].Data.Datasets[0].Data = []float64{1} }, "blocks[14].data.datasets[0].data", "dataset has 1 values but there are 2 labels"},
		{"dataset NaN", func(c *Chapter) { c.Blocks[14].Data.Datasets[0].Data[1] = math.NaN() }, "blocks[14].data.datasets[0].data[1]", "not a finite number"},
		{"widget props type", func(c *Chapter) { c.Blocks[14].Props.Type = "bar<script>" }, "blocks[14].props.type", "may contain only"},
		// toc
		{"toc depth high", func(c *Chapter) { c.Blocks[16].Depth = 5 }, "blocks[16].depth", "at most 4"},
		{"toc depth negative", func(c *Chapter) { c.Blocks[16].Depth = -1 }, "blocks[16].depth", "at least 0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := fullChapter()
			tt.mutate(&c)
			got := validationErrors(t, ValidateChapter(&c))
			if !containsError(got, tt.path, tt.msg) {
				t.Errorf("errors = %v\nwant one at %q containing %q", got, tt.path, tt.msg)
			}
		})
	}
}

func TestValidateChapterAccepts(t *testing.T) {
	tests := []struct {
		name   string
		mutate func(c *Chapter)
	}{
		{"scatter without labels", func(c *Chapter) {
			c.Blocks[14].WidgetType = "chart.js/scatter"
			c.Blocks[14].Data.Labels = nil
		}},
		{"widget with dataRef only", func(c *Chapter) { c.Blocks[14].Data, c.Blocks[14].DataRef = nil, "bundle-1" }},
		{"wordcloud variants", func(c *Chapter) { c.Blocks[15].WidgetType = "echarts/wordCloud" }},
		{"toc depth 0", func(c *Chapter) { c.Blocks[16].Depth = 0 }},
		{"http link", func(c *Chapter) { c.Blocks[1].Inlines[2].Marks[0].Href = "http://example.com" }},
		{"named colour any case", func(c *Chapter) { c.Blocks[1].Inlines[5].Marks[0].Value = "Crimson" }},
		{"six-digit hex", func(c *Chapter) { c.Blocks[1].Inlines[5].Marks[0].Value = "#1A2b3C" }},
		{"order 0", func(c *Chapter) { c.Order = 0 }},
		{"engineQuote insight", func(c *Chapter) { c.Blocks[7].Engine, c.Blocks[7].Title = "insight", "Insight Agent" }},
		{"engineQuote query", func(c *Chapter) { c.Blocks[7].Engine, c.Blocks[7].Title = "query", "Query Agent" }},
		{"hr without variant", func(c *Chapter) { c.Blocks[8].Variant = "" }},
		{"https image", func(c *Chapter) { c.Blocks[11].Img.Src = "https://img.example/a.png" }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := fullChapter()
			tt.mutate(&c)
			if err := ValidateChapter(&c); err != nil {
				t.Errorf("ValidateChapter = %v, want nil", err)
			}
		})
	}
}

func TestValidateReportsEveryProblemSorted(t *testing.T) {
	c := fullChapter()
	c.Title = ""
	c.Blocks[10].Latex = ""
	c.Blocks[2].ListType = ""
	got := validationErrors(t, ValidateChapter(&c))
	// Sorted by path, indices numerically: blocks[2] before blocks[10].
	want := ValidationError{
		{Path: "blocks[2].listType", Message: "list requires listType (ordered, bullet or task)"},
		{Path: "blocks[10].latex", Message: "math requires latex"},
		{Path: "title", Message: "is required"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("errors (-want +got):\n%s", diff)
	}
	if !strings.HasPrefix(got.Error(), "ir: invalid: ") {
		t.Errorf("Error() = %q", got.Error())
	}
	if ValidateChapter(nil) == nil {
		t.Error("ValidateChapter(nil) = nil")
	}
}

func validDocument() Document {
	c1, c2 := fullChapter(), fullChapter()
	c2.ChapterID, c2.Anchor, c2.Order = "S3", "section-3", 3
	return Document{
		Version: Version, ReportID: "report-1",
		Metadata: Metadata{Title: "报告", Hero: Hero{KPIs: []KPI{{Label: "声量", Value: "1", DeltaTone: "down"}}}},
		ThemeTokens: map[string]string{
			"primary": "#1a73e8", "bg": "white", "radius": "8px", "gap": "1.5rem", "font-body": "PingFang SC, sans-serif",
		},
		Chapters: []Chapter{c1, c2},
	}
}

func TestValidateDocument(t *testing.T) {
	d := validDocument()
	if err := ValidateDocument(&d); err != nil {
		t.Fatalf("ValidateDocument(valid) = %v", err)
	}
	tests := []struct {
		name   string
		mutate func(d *Document)
		path   string
		msg    string
	}{
		{"version missing", func(d *Document) { d.Version = "" }, "version", "is required"},
		{"version wrong", func(d *Document) { d.Version = "2.0" }, "version", `must be "1.0"`},
		{"reportId", func(d *Document) { d.ReportID = "" }, "reportId", "is required"},
		{"chapters nil", func(d *Document) { d.Chapters = nil }, "chapters", "must not be empty"},
		{"chapter tag rule", func(d *Document) { d.Chapters[1].Blocks[1].Inlines[2].Marks[0].Href = "javascript:x" },
			"chapters[1].blocks[1].inlines[2].marks[0].href", "unsafe link"},
		{"chapter type rule", func(d *Document) { d.Chapters[1].Blocks[0].Level = 9 }, "chapters[1].blocks[0].level", "between 1 and 6"},
		{"chapter field", func(d *Document) { d.Chapters[0].Title = "" }, "chapters[0].title", "is required"},
		{"duplicate anchors", func(d *Document) { d.Chapters[1].Anchor = "section-2" }, "chapters[1].anchor", `duplicate anchor "section-2" (also chapters[0].anchor)`},
		{"theme style breakout", func(d *Document) { d.ThemeTokens["bg"] = "red}</style><script>alert(1)</script>" }, "themeTokens[bg]", "unsafe theme value"},
		{"theme url()", func(d *Document) { d.ThemeTokens["bg"] = "url(https://e.com/x)" }, "themeTokens[bg]", "unsafe theme value"},
		{"theme key", func(d *Document) { d.ThemeTokens["a;b"] = "#fff" }, "themeTokens[a;b]", "may contain only"},
		{"hero KPI tone", func(d *Document) { d.Metadata.Hero.KPIs[0].DeltaTone = "up red" }, "metadata.hero.kpis[0].deltaTone", "is not one of"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := validDocument()
			tt.mutate(&d)
			got := validationErrors(t, ValidateDocument(&d))
			if !containsError(got, tt.path, tt.msg) {
				t.Errorf("errors = %v\nwant one at %q containing %q", got, tt.path, tt.msg)
			}
		})
	}
	if ValidateDocument(nil) == nil {
		t.Error("ValidateDocument(nil) = nil")
	}
}

func TestSafetyPredicates(t *testing.T) {
	hrefs := map[string]bool{
		"https://a.example/x": true, "http://a.example": true, "mailto:a@b.c": true, "#sec-1": true, "HTTPS://A.EXAMPLE": true,
		"javascript:alert(1)": false, "vbscript:x": false, "data:text/html,x": false, "/relative": false,
		"a.example": false, " https://a.example": false, "https://": false, "#": false, "": false, "http:\\\\evil": false,
	}
	for h, want := range hrefs {
		if got := IsSafeHref(h); got != want {
			t.Errorf("IsSafeHref(%q) = %v, want %v", h, got, want)
		}
	}
	colors := map[string]bool{"#fff": true, "#A0b1C2": true, "red": true, "RebeccaPurple": true, "transparent": true,
		"#ffff": false, "#gggggg": false, "red;": false, "rgb(0,0,0)": false, "var(--x)": false, "": false, "notacolour": false}
	for s, want := range colors {
		if got := IsSafeColor(s); got != want {
			t.Errorf("IsSafeColor(%q) = %v, want %v", s, got, want)
		}
	}
	types := map[string]bool{"chart.js/bar": true, "chart.js/polarArea": true, "chart.js/horizontalBar": true,
		"wordcloud": true, "echarts/word-cloud": true, "chart.js/wordCloud": true,
		"chart.js/": false, "chart.js/Bar": false, "bar": false, "wordcloud<script>": false}
	for s, want := range types {
		if got := IsWidgetType(s); got != want {
			t.Errorf("IsWidgetType(%q) = %v, want %v", s, got, want)
		}
	}
	theme := map[string]bool{"#000": true, "12px": true, "0": true, "-1.5em": true, "100%": true, "Noto Sans SC": true,
		"1px solid red": true /* only harmless characters */, "calc(1px)": false, "a:b": false, "</style>": false}
	for s, want := range theme {
		if got := IsSafeThemeValue(s); got != want {
			t.Errorf("IsSafeThemeValue(%q) = %v, want %v", s, got, want)
		}
	}
}

// UniqueAnchor keeps a free anchor, suffixes -2, -3 … to a taken one, and
// marks what it returns as taken (a suffixed anchor that exists is
// skipped too).
func TestUniqueAnchor(t *testing.T) {
	seen := map[string]bool{"s1-3": true}
	var got []string
	for _, a := range []string{"s1", "s1", "s2", "s1", "s1"} {
		got = append(got, UniqueAnchor(seen, a))
	}
	want := []string{"s1", "s1-2", "s2", "s1-4", "s1-5"}
	if !slices.Equal(got, want) {
		t.Errorf("UniqueAnchor gave %q, want %q", got, want)
	}
}
