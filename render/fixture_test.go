package render

import (
	"strconv"

	"reportengine/ir"
)

// Test fixtures: documents built directly from ir values.

func para(text string, marks ...ir.Mark) ir.Block {
	return ir.Block{Type: ir.TypeParagraph, Inlines: []ir.Inline{{Text: text, Marks: marks}}}
}

func runs(in ...ir.Inline) ir.Block {
	return ir.Block{Type: ir.TypeParagraph, Inlines: in}
}

func cell(text string, header bool) ir.Cell {
	return ir.Cell{Blocks: []ir.Block{para(text)}, Header: header}
}

func barWidget(id, title string, labels []string, sets ...ir.Dataset) ir.Block {
	return ir.Block{Type: ir.TypeWidget, WidgetID: id, WidgetType: "chart.js/bar",
		Props: &ir.WidgetProps{Type: "bar", Title: title},
		Data:  &ir.ChartData{Labels: labels, Datasets: sets}}
}

func chartWidget(kind, title string, labels []string, sets ...ir.Dataset) ir.Block {
	return ir.Block{Type: ir.TypeWidget, WidgetID: "w-" + kind, WidgetType: "chart.js/" + kind,
		Props: &ir.WidgetProps{Title: title},
		Data:  &ir.ChartData{Labels: labels, Datasets: sets}}
}

// fullDocument uses every block type, every mark type, every chart kind
// and the document-level features (hero, failures, TOC, references).
func fullDocument() *ir.Document {
	ch1 := ir.Chapter{
		ChapterID: "S1", Title: "一、舆情总览", Anchor: "section-1", Order: 10,
		Blocks: []ir.Block{
			{Type: ir.TypeHeading, Level: 2, Text: "一、舆情总览", Anchor: "section-1"},
			runs(
				ir.Inline{Text: "本周关于"},
				ir.Inline{Text: "新能源汽车降价", Marks: []ir.Mark{{Type: "bold"}}},
				ir.Inline{Text: "的讨论量显著上升，"},
				ir.Inline{Text: "微博", Marks: []ir.Mark{{Type: "italic"}}},
				ir.Inline{Text: "与"},
				ir.Inline{Text: "抖音", Marks: []ir.Mark{{Type: "underline"}}},
				ir.Inline{Text: "是主要阵地；"},
				ir.Inline{Text: "旧说法", Marks: []ir.Mark{{Type: "strike"}}},
				ir.Inline{Text: "，指标 "},
				ir.Inline{Text: "engagement_rate", Marks: []ir.Mark{{Type: "code"}}},
				ir.Inline{Text: " 达到 "},
				ir.Inline{Text: "12.5%", Marks: []ir.Mark{{Type: "highlight"}}},
				ir.Inline{Text: "（H"},
				ir.Inline{Text: "2", Marks: []ir.Mark{{Type: "subscript"}}},
				ir.Inline{Text: "O、m"},
				ir.Inline{Text: "2", Marks: []ir.Mark{{Type: "superscript"}}},
				ir.Inline{Text: "）。详见"},
				ir.Inline{Text: "官方公告", Marks: []ir.Mark{{Type: "link", Href: "https://example.com/notice?a=1&b=2", Title: "公告"}}},
				ir.Inline{Text: "与"},
				ir.Inline{Text: "第二章", Marks: []ir.Mark{{Type: "link", Href: "#section-2"}}},
				ir.Inline{Text: "。"},
				ir.Inline{Text: "红色警示", Marks: []ir.Mark{{Type: "color", Value: "#dc2626"}, {Type: "bold"}}},
				ir.Inline{Text: "、"},
				ir.Inline{Text: "楷体引文", Marks: []ir.Mark{{Type: "font", Family: "KaiTi", Weight: "bold", Size: "large"}}},
				ir.Inline{Text: "，公式 "},
				ir.Inline{Text: "E=mc^2", Marks: []ir.Mark{{Type: "math", Value: "E=mc^2"}}},
				ir.Inline{Text: "。"},
			),
			para("模型偶尔会写 **Markdown 加粗** 和 [来源链接](https://example.org/post/1)，也会写 [坏链接](javascript:alert(1))。"),
			{Type: ir.TypeKPIGrid, Cols: 4, KPIItems: []ir.KPI{
				{Label: "总声量", Value: "128,400", Unit: "条", Delta: "+23%", DeltaTone: "up"},
				{Label: "负面占比", Value: "18.2", Unit: "%", Delta: "-4.1pt", DeltaTone: "down"},
				{Label: "平台数", Value: "6", Delta: "持平", DeltaTone: "neutral"},
				{Label: "峰值日", Value: "5月12日"},
			}},
			{Type: ir.TypeHeading, Level: 3, Text: "平台分布", Anchor: "section-1-1", Numbering: "1.1", Subtitle: "按平台统计的声量"},
			barWidget("w1", "各平台声量（条）", []string{"微博", "抖音", "小红书", "B站", "知乎"},
				ir.Dataset{Label: "本周", Data: []float64{52000, 38000, 17500, 12100, 8800}},
				ir.Dataset{Label: "上周", Data: []float64{41000, 30500, 16000, 9000, 7700}}),
			chartWidget("line", "日声量趋势", []string{"5/8", "5/9", "5/10", "5/11", "5/12", "5/13", "5/14"},
				ir.Dataset{Label: "声量", Data: []float64{9000, 12000, 15500, 21000, 30500, 22000, 18400}},
				ir.Dataset{Label: "负面", Data: []float64{1200, 1800, 2600, 4100, 6900, 3800, 2900}}),
			chartWidget("pie", "情感构成", []string{"正面", "中性", "负面"},
				ir.Dataset{Label: "占比", Data: []float64{46.5, 35.3, 18.2}}),
			chartWidget("doughnut", "话题构成", []string{"价格", "续航", "服务", "其他"},
				ir.Dataset{Data: []float64{40, 25, 20, 15}}),
			{Type: ir.TypeWidget, WidgetID: "w5", WidgetType: "chart.js/bar",
				Props: &ir.WidgetProps{Type: "bar", Title: "各品牌净情感（正面-负面）", Options: map[string]any{
					"indexAxis": "y",
					"scales": map[string]any{"x": map[string]any{"title": map[string]any{"text": "净情感分"}},
						"y": map[string]any{"title": map[string]any{"text": "品牌"}}}}},
				Data: &ir.ChartData{Labels: []string{"品牌A", "品牌B", "品牌C", "一个名字特别特别长的品牌D"},
					Datasets: []ir.Dataset{{Label: "净情感", Data: []float64{32.5, -12, 5, -40.25}}}}},
			chartWidget("radar", "能力雷达", []string{"价格", "续航", "智能", "服务"},
				ir.Dataset{Label: "品牌A", Data: []float64{80, 70, 90, 60}}),
			{Type: ir.TypeWidget, WidgetID: "w7", WidgetType: "chart.js/bar", Title: "平台分布",
				Data: &ir.ChartData{Labels: []string{}, Datasets: []ir.Dataset{}}},
		},
	}
	ch2 := ir.Chapter{
		ChapterID: "S2", Title: "二、深度分析", Anchor: "section-2", Order: 20,
		Blocks: []ir.Block{
			{Type: ir.TypeHeading, Level: 2, Text: "二、深度分析", Anchor: "section-2"},
			{Type: ir.TypeList, ListType: "bullet", ListItems: [][]ir.Block{
				{para("价格战带动讨论")},
				{para("续航焦虑仍是主要关切"), {Type: ir.TypeList, ListType: "ordered", ListItems: [][]ir.Block{
					{para("冬季续航")}, {para("充电排队")},
				}}},
			}},
			{Type: ir.TypeList, ListType: "ordered", ListItems: [][]ir.Block{{para("第一步：监测")}, {para("第二步：回应")}}},
			{Type: ir.TypeList, ListType: "task", ListItems: [][]ir.Block{{para("[x] 发布说明")}, {para("[ ] 跟进投诉")}}},
			{Type: ir.TypeTable, Caption: "平台对比", Zebra: true, Rows: []ir.Row{
				{Cells: []ir.Cell{cell("平台", true), cell("声量", true), cell("情感", true)}},
				{Cells: []ir.Cell{{Blocks: []ir.Block{para("微博")}, Rowspan: 2}, {Blocks: []ir.Block{para("52,000")}, Align: "right"}, cell("偏负 | 争议", false)}},
				{Cells: []ir.Cell{{Blocks: []ir.Block{para("38,000")}, Align: "right"}, cell("中性", false)}},
				{Cells: []ir.Cell{{Blocks: []ir.Block{para("合计 90,000")}, Colspan: 3, Align: "center"}}},
			}},
			{Type: ir.TypeSwotTable, Title: "品牌 SWOT", Summary: "整体处于守势。",
				Strengths:     []ir.QuadrantItem{{Title: "渠道广", Detail: "覆盖 300 城", Impact: "高"}},
				Weaknesses:    []ir.QuadrantItem{{Title: "售后慢", Evidence: "投诉量上升 40%", Impact: "中高"}},
				Opportunities: []ir.QuadrantItem{{Title: "政策补贴", Impact: "中", Priority: "P1"}},
				Threats:       []ir.QuadrantItem{{Title: "竞品降价", Detail: "价差缩小到 5%", Impact: "极高"}}},
			{Type: ir.TypePestTable, Title: "PEST 分析",
				Political:     []ir.QuadrantItem{{Title: "以旧换新政策", Trend: "正面利好"}},
				Economic:      []ir.QuadrantItem{{Title: "消费信心偏弱", Trend: "负面影响", Source: "统计局"}},
				Social:        []ir.QuadrantItem{{Title: "环保意识增强", Trend: "持续观察"}},
				Technological: nil},
			{Type: ir.TypeBlockquote, Blocks: []ir.Block{para("“降价不是终点，服务才是。”——某车主")}},
			{Type: ir.TypeEngineQuote, Engine: "insight", Title: "Insight Agent", Blocks: []ir.Block{para("负面情绪集中在售后环节。", ir.Mark{Type: "bold"})}},
			{Type: ir.TypeEngineQuote, Engine: "media", Title: "Media Agent", Blocks: []ir.Block{para("短视频平台出现大量测评内容。")}},
			{Type: ir.TypeEngineQuote, Engine: "query", Title: "Query Agent", Blocks: []ir.Block{para("新闻报道以价格为主线。")}},
			{Type: ir.TypeHr},
			{Type: ir.TypeCode, Lang: "python", Caption: "抓取脚本片段", Content: "for post in posts:\n    if \"降价\" in post.text and x < 3:\n        print(post.url)\n"},
			{Type: ir.TypeMath, Latex: `S = \frac{N_{pos} - N_{neg}}{N_{total}}`, DisplayMode: true},
			{Type: ir.TypeFigure, Img: &ir.Image{Src: "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", Alt: "示意图", Width: 120, Height: 40}, Caption: "内嵌图片"},
			{Type: ir.TypeFigure, Img: &ir.Image{Src: "https://example.com/chart.png", Alt: "外部图表"}, Caption: "外部图片以链接显示"},
			{Type: ir.TypeFigure, Img: &ir.Image{Src: "javascript:alert(1)", Alt: "坏图片"}},
			{Type: ir.TypeCallout, Tone: "warning", Title: "风险提示", Blocks: []ir.Block{para("周末可能出现新一轮集中投诉。")}},
			{Type: ir.TypeCallout, Tone: "success", Blocks: []ir.Block{para("官方回应获得正面评价。")}},
			{Type: ir.TypeCallout, Tone: "danger\" onclick=\"x", Title: "未知色调", Blocks: []ir.Block{para("色调不在白名单时回退为 info。")}},
			{Type: ir.TypeTOC, Depth: 2},
		},
	}
	ch3 := ir.Chapter{
		ChapterID: "S3", Title: "三、传播路径", Anchor: "section-3", Order: 30, Placeholder: true,
		Errors: []string{"chapter model returned invalid JSON twice"},
		Blocks: []ir.Block{{Type: ir.TypeCallout, Tone: "danger", Title: "本章生成失败",
			Blocks: []ir.Block{para("该章节内容暂不可用。")}}},
	}
	return &ir.Document{
		Version:  ir.Version,
		ReportID: "report-20240515-ev",
		Metadata: ir.Metadata{
			Query:           "新能源汽车降价舆情",
			Title:           "新能源汽车降价舆情分析报告",
			Subtitle:        "2024 年 5 月第 2 周",
			Tagline:         "价格战之下的口碑攻防",
			TemplateName:    "企业品牌声誉分析报告",
			SelectionReason: "查询围绕品牌口碑",
			Hero: ir.Hero{
				Summary:    "本周新能源汽车降价话题声量同比上升 23%，负面情绪主要集中于售后服务与老车主权益。",
				Highlights: []string{"声量 +23%", "负面占比 18.2%", "微博为主阵地"},
				KPIs: []ir.KPI{{Label: "总声量", Value: "128,400", Unit: "条", Delta: "+23%", DeltaTone: "up"},
					{Label: "负面占比", Value: "18.2%", Delta: "-4.1pt", DeltaTone: "down"}},
				Actions: []string{"48 小时内发布老车主权益说明", "加强售后排队监测"},
			},
			TOC: ir.TOC{Title: "目录", Depth: 3, Entries: []ir.TOCEntry{
				{ChapterID: "S1", Anchor: "section-1", Display: "一、舆情总览", Description: "声量、平台与情感"},
				{ChapterID: "S2", Anchor: "section-2", Display: "二、深度分析"},
				{ChapterID: "S3", Anchor: "section-3", Display: "三、传播路径"},
			}},
			GeneratedAt: "2024-05-15T08:00:00Z",
			Generator:   ir.Generator{Provider: "offline", Model: "extractive-v1", Extractive: true},
			Failures:    []ir.Failure{{ChapterID: "S3", Title: "三、传播路径", Reason: "chapter model returned invalid JSON twice"}},
			Notices: []string{
				"media 引擎的输入为空（media.json: empty file），本报告不含媒体视角 / the media engine's input was empty",
				"文档布局使用模板默认值 / document layout fell back to the template default",
				"",
				"S2 的一个 <table> 块未通过校验，已替换为 * 提示 * / a block failed validation and was replaced",
			},
			GraphID: "g-20240515",
		},
		ThemeTokens: map[string]string{"primary": "#0f766e", "secondary": "</style><script>alert(1)</script>", "font": "x"},
		Chapters:    []ir.Chapter{ch1, ch2, ch3},
		Sources: []ir.Source{
			{ID: "src-1", Title: "某汽车品牌官方微博", URL: "https://weibo.com/example", Engines: []string{"media", "query"}, Chapters: []string{"S1"}},
			{ID: "src-2", Title: "车主论坛帖子", URL: "javascript:alert(2)", Engines: []string{"insight"}, Chapters: []string{"S1", "S2"}},
			{ID: "src-3", Title: "新闻报道", URL: "https://news.example.com/a?id=1", Chapters: []string{"S2"}},
		},
	}
}

// bigDocument is n chapters of realistic size for the benchmark.
func bigDocument(n int) *ir.Document {
	d := fullDocument()
	base := d.Chapters[:2]
	var chs []ir.Chapter
	for i := 0; i < n; i++ {
		c := base[i%2]
		c.ChapterID = "S" + strconv.Itoa(i+1)
		c.Anchor = "section-" + strconv.Itoa(i+1)
		c.Title = "第 " + strconv.Itoa(i+1) + " 章"
		chs = append(chs, c)
	}
	d.Chapters = chs
	d.Metadata.TOC.Entries = nil
	d.Metadata.Failures = nil
	return d
}
