package ir

import (
	"bytes"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// chapterWith wraps block JSON in an otherwise complete chapter.
func chapterWith(blocks string) string {
	return `{"chapterId":"S1","title":"T","anchor":"a","order":1,"blocks":[` + blocks + `]}`
}

func para(s string) Block { return Block{Type: TypeParagraph, Inlines: []Inline{{Text: s}}} }

func TestDecodeChapterNormalisations(t *testing.T) {
	tests := []struct {
		name   string
		blocks string
		want   []Block
		note   string // one of the notes, exactly ("" = expect no notes)
	}{
		{
			name:   "valid paragraph unchanged",
			blocks: `{"type":"paragraph","inlines":[{"text":"x","marks":[{"type":"bold"}]}]}`,
			want:   []Block{{Type: TypeParagraph, Inlines: []Inline{{Text: "x", Marks: []Mark{{Type: "bold"}}}}}},
		},
		{
			name:   "heading level numeric string",
			blocks: `{"type":"heading","level":"2","text":"H","anchor":"h"}`,
			want:   []Block{{Type: TypeHeading, Level: 2, Text: "H", Anchor: "h"}},
			note:   `blocks[0].level: string "2" converted to integer 2`,
		},
		{
			name:   "heading level integral float",
			blocks: `{"type":"heading","level":3.0,"text":"H","anchor":"h"}`,
			want:   []Block{{Type: TypeHeading, Level: 3, Text: "H", Anchor: "h"}},
		},
		{
			name:   "KPI value number to string",
			blocks: `{"type":"kpiGrid","items":[{"label":"声量","value":12,"delta":-3.5}]}`,
			want:   []Block{{Type: TypeKPIGrid, KPIItems: []KPI{{Label: "声量", Value: "12", Delta: "-3.5"}}}},
			note:   `blocks[0].items[0].value: number 12 converted to string`,
		},
		{
			name:   "chart labels numbers to strings",
			blocks: `{"type":"widget","widgetId":"w","widgetType":"chart.js/line","data":{"labels":[2024,"2025"],"datasets":[{"label":"n","data":[1,2]}]}}`,
			want: []Block{{Type: TypeWidget, WidgetID: "w", WidgetType: "chart.js/line",
				Data: &ChartData{Labels: []string{"2024", "2025"}, Datasets: []Dataset{{Label: "n", Data: []float64{1, 2}}}}}},
			note: `blocks[0].data.labels: 1 non-string labels converted to strings`,
		},
		{
			name:   "dataset numeric strings to numbers",
			blocks: `{"type":"widget","widgetId":"w","widgetType":"chart.js/bar","data":{"labels":["a","b"],"datasets":[{"data":["12"," 3.5 "]}]}}`,
			want: []Block{{Type: TypeWidget, WidgetID: "w", WidgetType: "chart.js/bar",
				Data: &ChartData{Labels: []string{"a", "b"}, Datasets: []Dataset{{Data: []float64{12, 3.5}}}}}},
			note: `blocks[0].data.datasets[0].data: 2 numeric strings converted to numbers`,
		},
		{
			name:   "string block to paragraph",
			blocks: `"纯文本"`,
			want:   []Block{para("纯文本")},
			note:   `blocks[0]: string block converted to paragraph`,
		},
		{
			name:   "array block to its first object",
			blocks: `[1, {"type":"paragraph","inlines":[{"text":"x"}]}, {"type":"hr"}]`,
			want:   []Block{para("x")},
			note:   `blocks[0]: array in block position replaced by its first object`,
		},
		{
			name:   "number block dropped",
			blocks: `42, "x"`,
			want:   []Block{para("x")},
			note:   `blocks[0]: number in block position dropped`,
		},
		{
			name:   "block type case corrected",
			blocks: `{"type":"Paragraph","inlines":[{"text":"x"}]}`,
			want:   []Block{para("x")},
			note:   `blocks[0]: block type "Paragraph" corrected to "paragraph"`,
		},
		{
			name:   "divider is hr",
			blocks: `{"type":"divider"}`,
			want:   []Block{{Type: TypeHr}},
			note:   `blocks[0]: block type "divider" corrected to "hr"`,
		},
		{
			name:   "missing type with inlines is paragraph",
			blocks: `{"inlines":[{"text":"x"}]}`,
			want:   []Block{para("x")},
			note:   `blocks[0]: block without type but with inlines treated as paragraph`,
		},
		{
			name:   "listType ul",
			blocks: `{"type":"list","listType":"ul","items":[["a"]]}`,
			want:   []Block{{Type: TypeList, ListType: "bullet", ListItems: [][]Block{{para("a")}}}},
			note:   `blocks[0].listType: listType "ul" converted to "bullet"`,
		},
		{
			name:   "list items string object array",
			blocks: `{"type":"list","listType":"bullet","items":["a",{"type":"paragraph","inlines":[{"text":"b"}]},[{"type":"paragraph","inlines":[{"text":"c"}]},"d"]]}`,
			want:   []Block{{Type: TypeList, ListType: "bullet", ListItems: [][]Block{{para("a")}, {para("b")}, {para("c"), para("d")}}}},
			note:   `blocks[0].items[1]: object item wrapped in a block list`,
		},
		{
			name:   "list string item note",
			blocks: `{"type":"list","listType":"bullet","items":["a"]}`,
			want:   []Block{{Type: TypeList, ListType: "bullet", ListItems: [][]Block{{para("a")}}}},
			note:   `blocks[0].items[0]: string item converted to [paragraph]`,
		},
		{
			name:   "table cell text to paragraph",
			blocks: `{"type":"table","rows":[{"cells":[{"text":"x","isHeader":true},"y",3,{"blocks":["z"],"rowspan":"2"}]}]}`,
			want: []Block{{Type: TypeTable, Rows: []Row{{Cells: []Cell{
				{Header: true, Blocks: []Block{para("x")}},
				{Blocks: []Block{para("y")}},
				{Blocks: []Block{para("3")}},
				{Rowspan: 2, Blocks: []Block{para("z")}},
			}}}}},
			note: `blocks[0].rows[0].cells[0]: cell text converted to a paragraph`,
		},
		{
			name:   "table row given as array",
			blocks: `{"type":"table","rows":[["a","b"]]}`,
			want:   []Block{{Type: TypeTable, Rows: []Row{{Cells: []Cell{{Blocks: []Block{para("a")}}, {Blocks: []Block{para("b")}}}}}}},
			note:   `blocks[0].rows[0]: row given as an array converted to {cells}`,
		},
		{
			name:   "swot quadrant strings",
			blocks: `{"type":"swotTable","strengths":["品牌",{"label":"渠道","description":"覆盖广","impact":"高"}]}`,
			want: []Block{{Type: TypeSwotTable, Strengths: []QuadrantItem{
				{Title: "品牌"}, {Title: "渠道", Detail: "覆盖广", Impact: "高"}}}},
			note: `blocks[0].strengths[0]: string item converted to {title}`,
		},
		{
			name:   "pest quadrant strings",
			blocks: `{"type":"pestTable","political":["新规"]}`,
			want:   []Block{{Type: TypePestTable, Political: []QuadrantItem{{Title: "新规"}}}},
			note:   `blocks[0].political[0]: string item converted to {title}`,
		},
		{
			name:   "engineQuote engine lower-cased",
			blocks: `{"type":"engineQuote","engine":" Insight ","title":"Insight Agent","blocks":[{"type":"paragraph","inlines":[{"text":"q"}]}]}`,
			want:   []Block{{Type: TypeEngineQuote, Engine: "insight", Title: "Insight Agent", Blocks: []Block{para("q")}}},
			note:   `blocks[0].engine: engine " Insight " lower-cased to "insight"`,
		},
		{
			name:   "chart block to widget",
			blocks: `{"type":"chart","chartType":"bar","title":"平台分布","data":{"labels":["微博"],"datasets":[{"label":"量","data":[1]}]}}`,
			want: []Block{{Type: TypeWidget, WidgetID: "widget-blocks-0", WidgetType: "chart.js/bar",
				Props: &WidgetProps{Type: "bar", Title: "平台分布"},
				Data:  &ChartData{Labels: []string{"微博"}, Datasets: []Dataset{{Label: "量", Data: []float64{1}}}}}},
			note: `blocks[0]: block type "chart" converted to widget "chart.js/bar"`,
		},
		{
			name:   "empty chart data kept, not invented",
			blocks: `{"type":"chart","chartType":"pie","widgetId":"p","data":{"labels":[],"datasets":[]}}`,
			want: []Block{{Type: TypeWidget, WidgetID: "p", WidgetType: "chart.js/pie",
				Props: &WidgetProps{Type: "pie"}, Data: &ChartData{Labels: []string{}, Datasets: []Dataset{}}}},
			note: `blocks[0]: block type "chart" converted to widget "chart.js/pie"`,
		},
		{
			name:   "chart without data stays without data",
			blocks: `{"type":"chart","chartType":"bar","widgetId":"p"}`,
			want:   []Block{{Type: TypeWidget, WidgetID: "p", WidgetType: "chart.js/bar", Props: &WidgetProps{Type: "bar"}}},
			note:   `blocks[0]: block type "chart" converted to widget "chart.js/bar"`,
		},
		{
			name:   "widget props.data moved up and id generated",
			blocks: `"x", {"type":"widget","widgetType":"chart.js/doughnut","props":{"title":"t","data":{"labels":["a"],"datasets":[{"data":[1]}]}}}`,
			want: []Block{para("x"), {Type: TypeWidget, WidgetID: "widget-blocks-1", WidgetType: "chart.js/doughnut",
				Props: &WidgetProps{Title: "t"},
				Data:  &ChartData{Labels: []string{"a"}, Datasets: []Dataset{{Data: []float64{1}}}}}},
			note: `blocks[1]: widget data moved up from props.data`,
		},
		{
			name:   "widget id generated from nested path",
			blocks: `{"type":"callout","tone":"info","blocks":[{"type":"widget","widgetType":"chart.js/bar","dataRef":"d"}]}`,
			want: []Block{{Type: TypeCallout, Tone: "info", Blocks: []Block{
				{Type: TypeWidget, WidgetID: "widget-blocks-0-blocks-0", WidgetType: "chart.js/bar", DataRef: "d"}}}},
			note: `blocks[0].blocks[0]: widgetId "widget-blocks-0-blocks-0" generated`,
		},
		{
			name:   "unknown type with text becomes paragraph",
			blocks: `{"type":"summaryBox","content":"要点"}`,
			want:   []Block{para("要点")},
			note:   `blocks[0]: block with unknown type "summaryBox" converted to a paragraph of its content`,
		},
		{
			name:   "unknown type without text dropped, not dumped",
			blocks: `{"type":"sparkline","values":[1,2,3]}, "x"`,
			want:   []Block{para("x")},
			note:   `blocks[0]: block with unknown type "sparkline" dropped (no text, content or title)`,
		},
		{
			name:   "fragment paragraphs are not merged",
			blocks: `{"type":"paragraph","inlines":[{"text":"短句。"}]},{"type":"paragraph","inlines":[{"text":"又一句"}]},"第三"`,
			want:   []Block{para("短句。"), para("又一句"), para("第三")},
			note:   `blocks[2]: string block converted to paragraph`,
		},
		{
			name:   "paragraph text without inlines",
			blocks: `{"type":"paragraph","text":"正文"}`,
			want:   []Block{para("正文")},
			note:   `blocks[0]: paragraph text converted to inlines`,
		},
		{
			name:   "inline runs: string, number, nested array",
			blocks: `{"type":"paragraph","inlines":["a",7,[{"text":"b"}]]}`,
			want:   []Block{{Type: TypeParagraph, Inlines: []Inline{{Text: "a"}, {Text: "7"}, {Text: "b"}}}},
			note:   `blocks[0].inlines[2]: nested run array flattened`,
		},
		{
			name:   "inlines given as string",
			blocks: `{"type":"paragraph","inlines":"整段"}`,
			want:   []Block{para("整段")},
			note:   `blocks[0].inlines: string converted to one inline run`,
		},
		{
			name:   "mark given as string",
			blocks: `{"type":"paragraph","inlines":[{"text":"x","marks":["strong"]}]}`,
			want:   []Block{{Type: TypeParagraph, Inlines: []Inline{{Text: "x", Marks: []Mark{{Type: "bold"}}}}}},
			note:   `blocks[0].inlines[0].marks[0]: mark "strong" converted to {type: "bold"}`,
		},
		{
			name:   "link url moved to href",
			blocks: `{"type":"paragraph","inlines":[{"text":"x","marks":[{"type":"hyperlink","url":"https://e.com"}]}]}`,
			want:   []Block{{Type: TypeParagraph, Inlines: []Inline{{Text: "x", Marks: []Mark{{Type: "link", Href: "https://e.com"}}}}}},
			note:   `blocks[0].inlines[0].marks[0]: link url moved to href`,
		},
		{
			name:   "unknown mark kept for the validator",
			blocks: `{"type":"paragraph","inlines":[{"text":"x","marks":[{"type":"blink"}]}]}`,
			want:   []Block{{Type: TypeParagraph, Inlines: []Inline{{Text: "x", Marks: []Mark{{Type: "blink"}}}}}},
		},
		{
			name:   "font weight number",
			blocks: `{"type":"paragraph","inlines":[{"text":"x","marks":[{"type":"font","weight":700}]}]}`,
			want:   []Block{{Type: TypeParagraph, Inlines: []Inline{{Text: "x", Marks: []Mark{{Type: "font", Weight: "700"}}}}}},
			note:   `blocks[0].inlines[0].marks[0].weight: number 700 converted to string`,
		},
		{
			name:   "figure img string",
			blocks: `{"type":"figure","img":"https://e.com/a.png"}`,
			want:   []Block{{Type: TypeFigure, Img: &Image{Src: "https://e.com/a.png"}}},
			note:   `blocks[0].img: string img converted to {src}`,
		},
		{
			name:   "boolean strings",
			blocks: `{"type":"math","latex":"x","displayMode":"true"}`,
			want:   []Block{{Type: TypeMath, Latex: "x", DisplayMode: true}},
			note:   `blocks[0].displayMode: string "true" converted to boolean`,
		},
		{
			name:   "meta dropped",
			blocks: `{"type":"hr","meta":{"errorPlaceholder":true}}`,
			want:   []Block{{Type: TypeHr}},
			note:   `blocks[0]: meta dropped (renderer hints are set by the pipeline)`,
		},
		{
			name:   "keys of other types ignored",
			blocks: `{"type":"hr","rows":"junk","data":7}`,
			want:   []Block{{Type: TypeHr}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, notes, err := DecodeChapter([]byte(chapterWith(tt.blocks)))
			if err != nil {
				t.Fatalf("DecodeChapter: %v", err)
			}
			if diff := cmp.Diff(tt.want, c.Blocks); diff != "" {
				t.Errorf("blocks (-want +got):\n%s", diff)
			}
			if tt.note == "" {
				if len(notes) != 0 {
					t.Errorf("notes = %q, want none", notes)
				}
			} else if !slices.Contains(notes, tt.note) {
				t.Errorf("notes = %q, want one equal to %q", notes, tt.note)
			}
		})
	}
}

func TestDecodeMarkAliases(t *testing.T) {
	want := map[string]string{
		"strong": "bold", "b": "bold", "STRONG": "bold",
		"em": "italic", "i": "italic",
		"u": "underline",
		"s": "strike", "strikethrough": "strike",
		"hyperlink": "link", "url": "link",
		"colour":  "color",
		"bgcolor": "highlight", "background": "highlight",
		"sub": "subscript", "sup": "superscript",
		"bold": "bold", "superscript": "superscript",
	}
	for alias, canon := range want {
		t.Run(alias, func(t *testing.T) {
			raw := chapterWith(`{"type":"paragraph","inlines":[{"text":"x","marks":[{"type":"` + alias + `"}]}]}`)
			c, notes, err := DecodeChapter([]byte(raw))
			if err != nil {
				t.Fatal(err)
			}
			if got := c.Blocks[0].Inlines[0].Marks[0].Type; got != canon {
				t.Errorf("mark %q → %q, want %q", alias, got, canon)
			}
			if alias != canon && len(notes) != 1 {
				t.Errorf("notes = %q, want one note", notes)
			}
		})
	}
}

func TestDecodeListTypeAliases(t *testing.T) {
	want := map[string]string{
		"ul": "bullet", "unordered": "bullet", "bullet": "bullet",
		"ol": "ordered", "numbered": "ordered", "OL": "ordered",
		"checkbox": "task", "todo": "task",
		"weird": "weird", // kept for the validator to report
	}
	for alias, canon := range want {
		raw := chapterWith(`{"type":"list","listType":"` + alias + `","items":[["a"]]}`)
		c, _, err := DecodeChapter([]byte(raw))
		if err != nil {
			t.Fatalf("%s: %v", alias, err)
		}
		if got := c.Blocks[0].ListType; got != canon {
			t.Errorf("listType %q → %q, want %q", alias, got, canon)
		}
	}
}

func TestDecodeChapterShapes(t *testing.T) {
	bare := `{"chapterId":7,"title":"标题","anchor":"s-7","order":"2","summary":"s","blocks":["x"]}`
	want := Chapter{ChapterID: "7", Title: "标题", Anchor: "s-7", Order: 2, Summary: "s", Blocks: []Block{para("x")}}
	tests := []struct {
		name string
		raw  string
		note string
	}{
		{"bare object", bare, `order: string "2" converted to integer 2`},
		{"chapter wrapper", `{"chapter":` + bare + `}`, `chapterId: number 7 converted to string`},
		{"array of one", `[` + bare + `]`, `array holding one chapter unwrapped`},
		{"wrapper around array", `{"chapter":[` + bare + `]}`, `array holding one chapter unwrapped`},
		{"surrounding whitespace", "\n  " + bare + "\n", `blocks[0]: string block converted to paragraph`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, notes, err := DecodeChapter([]byte(tt.raw))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(want, c); diff != "" {
				t.Errorf("chapter (-want +got):\n%s", diff)
			}
			if !slices.Contains(notes, tt.note) {
				t.Errorf("notes = %q, want %q", notes, tt.note)
			}
		})
	}
}

func TestDecodeChapterErrors(t *testing.T) {
	tests := []struct {
		name string
		raw  string
		path string
		msg  string // substring of DecodeError.Message
	}{
		{"invalid JSON", `{"chapterId":`, "", "invalid JSON"},
		{"not JSON", `here is the chapter`, "", "invalid JSON"},
		{"trailing data", `{"blocks":[]} {}`, "", "trailing data"},
		{"empty array", `[]`, "", "array of 0"},
		{"array of two", `[{},{}]`, "", "array of 2"},
		{"string", `"chapter"`, "", "got string"},
		{"wrapper holding a string", `{"chapter":"x"}`, "", "got string"},
		{"order not numeric", `{"order":"two","blocks":[]}`, "order", `"two"`},
		{"level not integral", chapterWith(`{"type":"heading","level":2.5}`), "blocks[0].level", "integer"},
		{"text is an object", chapterWith(`{"type":"heading","text":{"a":1}}`), "blocks[0].text", "expected a string"},
		{"object data value", chapterWith(`{"type":"widget","data":{"labels":["a","b"],"datasets":[{"data":[1,{"v":2}]}]}}`),
			"blocks[0].data.datasets[0].data[1]", "expected a number, got object"},
		{"label object", chapterWith(`{"type":"widget","data":{"labels":[{}]}}`), "blocks[0].data.labels[0]", "label"},
		{"blocks not an array", `{"blocks":7}`, "blocks", "expected an array"},
		{"kpi item not an object", chapterWith(`{"type":"kpiGrid","items":["x"]}`), "blocks[0].items[0]", "KPI"},
		{"boolean junk", chapterWith(`{"type":"table","zebra":"yes"}`), "blocks[0].zebra", "boolean"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := DecodeChapter([]byte(tt.raw))
			var de *DecodeError
			if !errors.As(err, &de) {
				t.Fatalf("err = %v, want *DecodeError", err)
			}
			if de.Path != tt.path || !strings.Contains(de.Message, tt.msg) {
				t.Errorf("DecodeError{Path: %q, Message: %q}, want path %q and message containing %q", de.Path, de.Message, tt.path, tt.msg)
			}
		})
	}
	var syn *json.SyntaxError
	if _, _, err := DecodeChapter([]byte(`{`)); !errors.As(err, &syn) && !strings.Contains(err.Error(), "unexpected EOF") {
		t.Errorf("invalid JSON error %v does not wrap the encoding/json error", err)
	}
}

// b27 is the chapter JSON of field failure B27 (hostile text, a javascript:
// link and a chart label that closes <script>).
const b27 = `{"chapterId":"S7","title":"<b>网民</b>评论","order":7,"blocks":[
    {"type":"paragraph","inlines":[{"text":"<img src=x onerror=alert(1)>网友留言"}]},
    {"type":"paragraph","inlines":[{"text":"原帖","marks":[{"type":"link","href":"javascript:alert(1)"}]}]},
    {"type":"chart","chartType":"bar","data":{"labels":["</script><script>alert(1)</script>"],"datasets":[{"label":"量","data":[1]}]}}]}`

func TestDecodeB27(t *testing.T) {
	c, notes, err := DecodeChapter([]byte(b27))
	if err != nil {
		t.Fatal(err)
	}
	want := Chapter{ChapterID: "S7", Title: "<b>网民</b>评论", Order: 7, Blocks: []Block{
		para("<img src=x onerror=alert(1)>网友留言"),
		{Type: TypeParagraph, Inlines: []Inline{{Text: "原帖", Marks: []Mark{{Type: "link", Href: "javascript:alert(1)"}}}}},
		{Type: TypeWidget, WidgetID: "widget-blocks-2", WidgetType: "chart.js/bar", Props: &WidgetProps{Type: "bar"},
			Data: &ChartData{Labels: []string{"</script><script>alert(1)</script>"}, Datasets: []Dataset{{Label: "量", Data: []float64{1}}}}},
	}}
	if diff := cmp.Diff(want, c); diff != "" {
		t.Errorf("B27 chapter (-want +got):\n%s", diff)
	}
	if !slices.Contains(notes, `blocks[2]: block type "chart" converted to widget "chart.js/bar"`) {
		t.Errorf("notes = %q, want the chart conversion", notes)
	}
}

func TestRoundTrip(t *testing.T) {
	in := fullChapter()
	raw, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	out, notes, err := DecodeChapter(raw)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(in, out); diff != "" {
		t.Errorf("Marshal → DecodeChapter changed the chapter (-in +out):\n%s", diff)
	}
	if len(notes) != 0 {
		t.Errorf("well-formed IR produced notes: %q", notes)
	}
	// The wrapper form the prompt asks for decodes the same.
	wrapped, _ := json.Marshal(map[string]any{"chapter": in})
	out2, _, err := DecodeChapter(wrapped)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(in, out2); diff != "" {
		t.Errorf("wrapped round trip (-in +out):\n%s", diff)
	}
}

func FuzzDecodeChapter(f *testing.F) {
	full, _ := json.Marshal(fullChapter())
	for _, s := range []string{
		b27, b28Chapter, string(full),
		`[{"chapter":{"blocks":[[[]],"x",{"type":"chart"}]}}]`,
		`{"blocks":[{"type":"list","items":[[{"type":"table","rows":[["a",{"text":1}]]}]]}]}`,
		`{"order":"1e3","blocks":[{"type":"widget","props":{"data":{"labels":[1],"datasets":[{"data":["2"]}]}}}]}`,
		`{"blocks":[{"type":"paragraph","inlines":[[[["x"]]],{"marks":"b"}]}]}`,
		`null`, `[]`, `{}`, `{"chapter":null}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		c, _, err := DecodeChapter(raw)
		if err != nil {
			return
		}
		_ = ValidateChapter(&c)
		Density(&c)
		c.Walk(func(string, *Block) {})
		out, err := json.Marshal(c)
		if err != nil {
			t.Fatalf("decoded chapter does not marshal: %v", err)
		}
		// Round trip: a decoded chapter is already normal, so decoding its
		// JSON again gives the same chapter and changes nothing.
		c2, notes, err := DecodeChapter(out)
		if err != nil {
			t.Fatalf("re-decoding the decoded chapter fails: %v\n%s", err, out)
		}
		if len(notes) != 0 {
			t.Errorf("re-decoding the decoded chapter normalised again: %q\n%s", notes, out)
		}
		out2, err := json.Marshal(c2)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(out, out2) {
			t.Errorf("round trip changed the chapter:\n first %s\nsecond %s", out, out2)
		}
	})
}
