package ir

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Each case is a block as capable models write it (taken from the shapes
// GPT-4o, DeepSeek-V3 and Qwen2.5 replies take): it fails validation as
// decoded, and passes after Normalize with the wanted block and a note.
func TestNormalizeDeviations(t *testing.T) {
	tests := []struct {
		name  string
		block string
		want  Block
		note  string // a substring of one note
		// decoded: the decoder fixes it (the old decoder lost the header
		// silently, so there is no failure to see before)
		decoded bool
	}{
		{
			name:  "list without listType (as in the prompt's own example)",
			block: `{"type":"list","items":[[{"type":"paragraph","inlines":[{"text":"校方回应速度偏慢"}]}],[{"type":"paragraph","inlines":[{"text":"校友群体发声明显"}]}]]}`,
			want:  Block{Type: TypeList, ListType: "bullet", ListItems: [][]Block{{para("校方回应速度偏慢")}, {para("校友群体发声明显")}}},
			note:  `blocks[0].listType: missing listType set to "bullet"`,
		},
		{
			name:  "list with a Chinese list type",
			block: `{"type":"list","listType":"有序","items":[["第一步"],["第二步"]]}`,
			want:  Block{Type: TypeList, ListType: "ordered", ListItems: [][]Block{{para("第一步")}, {para("第二步")}}},
			note:  `listType "有序" converted to "ordered"`,
		},
		{
			name:  "engine quote with a descriptive title",
			block: `{"type":"engineQuote","engine":"insight","title":"舆情洞察引擎观点","blocks":[{"type":"paragraph","inlines":[{"text":"负面情绪集中在校方回应环节。"}]}]}`,
			want:  Block{Type: TypeEngineQuote, Engine: "insight", Title: "Insight Agent", Blocks: []Block{para("负面情绪集中在校方回应环节。")}},
			note:  `engineQuote title "舆情洞察引擎观点" replaced by the fixed "Insight Agent"`,
		},
		{
			name:  "engine quote without title, engine written as the agent name",
			block: `{"type":"engineQuote","engine":"Media Agent","blocks":[{"type":"paragraph","inlines":[{"text":"多家媒体转载了通报原文。"}]}]}`,
			want:  Block{Type: TypeEngineQuote, Engine: "media", Title: "Media Agent", Blocks: []Block{para("多家媒体转载了通报原文。")}},
			note:  `engine "media agent" converted to "media"`,
		},
		{
			name: "engine quote holding a list and a link",
			block: `{"type":"engineQuote","engine":"query","title":"Query Agent","blocks":[{"type":"list","items":[["微博话题阅读量破亿"]]},` +
				`{"type":"paragraph","inlines":[{"text":"原帖","marks":[{"type":"link","href":"https://weibo.com/1"}]}]}]}`,
			want: Block{Type: TypeEngineQuote, Engine: "query", Title: "Query Agent", Blocks: []Block{para("微博话题阅读量破亿"), para("原帖")}},
			note: "list child converted to a paragraph of its text",
		},
		{
			name:  "callout without tone",
			block: `{"type":"callout","title":"研判","blocks":[{"type":"paragraph","inlines":[{"text":"舆情处于消退期。"}]}]}`,
			want:  Block{Type: TypeCallout, Title: "研判", Tone: "info", Blocks: []Block{para("舆情处于消退期。")}},
			note:  `blocks[0].tone: missing tone set to "info"`,
		},
		{
			name:  "callout with a Chinese tone",
			block: `{"type":"callout","tone":"警告","blocks":[{"type":"paragraph","inlines":[{"text":"存在二次发酵风险。"}]}]}`,
			want:  Block{Type: TypeCallout, Tone: "warning", Blocks: []Block{para("存在二次发酵风险。")}},
			note:  `tone "警告" converted to "warning"`,
		},
		{
			name: "chart data as percentages, thousands and 亿",
			block: `{"type":"widget","widgetId":"platform-share","widgetType":"bar","props":{"title":"平台声量占比"},` +
				`"data":{"labels":["微博","抖音","知乎"],"datasets":[{"label":"占比","data":["42%","28.5%","9%"]},{"label":"条数","data":["1,234","3.8亿","12万"]}]}}`,
			want: Block{Type: TypeWidget, WidgetID: "platform-share", WidgetType: "chart.js/bar", Props: &WidgetProps{Title: "平台声量占比"},
				Data: &ChartData{Labels: []string{"微博", "抖音", "知乎"}, Datasets: []Dataset{
					{Label: "占比", Data: []float64{42, 28.5, 9}}, {Label: "条数", Data: []float64{1234, 3.8e8, 1.2e5}}}}},
			note: `"42%" → 42`,
		},
		{
			name:  "table with headers and array rows",
			block: `{"type":"table","headers":["平台","声量","情感倾向"],"rows":[["微博","4.2万","偏负面"],["知乎",1800,"中性"]]}`,
			want: Block{Type: TypeTable, Rows: []Row{
				{Cells: []Cell{{Header: true, Blocks: []Block{para("平台")}}, {Header: true, Blocks: []Block{para("声量")}}, {Header: true, Blocks: []Block{para("情感倾向")}}}},
				{Cells: []Cell{{Blocks: []Block{para("微博")}}, {Blocks: []Block{para("4.2万")}}, {Blocks: []Block{para("偏负面")}}}},
				{Cells: []Cell{{Blocks: []Block{para("知乎")}}, {Blocks: []Block{para("1800")}}, {Blocks: []Block{para("中性")}}}}}},
			note:    "blocks[0].headers: headers converted to a header row",
			decoded: true,
		},
		{
			name: "SWOT impact as free text",
			block: `{"type":"swotTable","strengths":[{"title":"学科实力","impact":"高：支撑声誉"}],` +
				`"threats":[{"title":"二次传播","detail":"短视频剪辑断章取义","impact":"较高"},{"title":"谣言","impact":"视情况而定"}]}`,
			want: Block{Type: TypeSwotTable,
				Strengths: []QuadrantItem{{Title: "学科实力", Impact: "高", Detail: "支撑声誉"}},
				Threats:   []QuadrantItem{{Title: "二次传播", Detail: "短视频剪辑断章取义", Impact: "中高"}, {Title: "谣言", Detail: "视情况而定"}}},
			note: `"高：支撑声誉" converted to "高", the rest "支撑声誉" moved to detail`,
		},
		{
			name: "PEST trend as free text",
			block: `{"type":"pestTable","political":[{"title":"教育部督导","trend":"负面"}],` +
				`"social":[{"title":"公众信任","detail":"校友情感联结强","trend":"正面：校友力挺"}]}`,
			want: Block{Type: TypePestTable,
				Political: []QuadrantItem{{Title: "教育部督导", Trend: "负面影响"}},
				Social:    []QuadrantItem{{Title: "公众信任", Detail: "校友力挺；校友情感联结强", Trend: "正面利好"}}},
			note: `blocks[0].political[0].trend: "负面" converted to "负面影响"`,
		},
		{
			name:  "KPI tone in words",
			block: `{"type":"kpiGrid","items":[{"label":"负面占比","value":"37%","delta":"+5pp","tone":"上升"},{"label":"总声量","value":"12.6万","deltaTone":"较上周明显回落"}]}`,
			want:  Block{Type: TypeKPIGrid, KPIItems: []KPI{{Label: "负面占比", Value: "37%", Delta: "+5pp", DeltaTone: "up"}, {Label: "总声量", Value: "12.6万", Delta: "较上周明显回落"}}},
			note:  `deltaTone "上升" converted to "up"`,
		},
		{
			name:  "subheading without anchor or level",
			block: `{"type":"heading","level":2,"text":"一、概述","anchor":"a"},{"type":"heading","text":"1.1 事件经过"}`,
			want:  Block{Type: TypeHeading, Level: 3, Text: "1.1 事件经过", Anchor: "a-h2"},
			note:  `blocks[1].anchor: missing heading anchor set to "a-h2"`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			raw := chapterWith(tt.block)
			c, _, err := DecodeChapter([]byte(raw))
			if err != nil {
				t.Fatalf("decode: %v", err)
			}
			if ValidateChapter(&c) == nil && !tt.decoded {
				t.Fatalf("the block validates before Normalize; the case shows no deviation")
			}
			notes := Normalize(&c)
			if err := ValidateChapter(&c); err != nil {
				t.Fatalf("still invalid after Normalize: %v (notes %q)", err, notes)
			}
			got := c.Blocks[len(c.Blocks)-1]
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("block (-want +got):\n%s", diff)
			}
			if !containsNote(notes, tt.note) && !containsNoteDecode(t, raw, tt.note) {
				t.Errorf("no note containing %q in %q", tt.note, notes)
			}
			if again := Normalize(&c); len(again) != 0 {
				t.Errorf("second Normalize changed more: %q", again)
			}
		})
	}
}

func containsNote(notes []string, sub string) bool {
	for _, n := range notes {
		if strings.Contains(n, sub) {
			return true
		}
	}
	return false
}

// containsNoteDecode looks for the note among the decoder's (some
// deviations are fixed while decoding).
func containsNoteDecode(t *testing.T, raw, sub string) bool {
	t.Helper()
	_, notes, _ := DecodeChapter([]byte(raw))
	return containsNote(notes, sub)
}

func TestParseChartNumber(t *testing.T) {
	tests := []struct {
		in   string
		want float64
		ok   bool
	}{
		{"42%", 42, true},
		{" 28.5 % ", 28.5, true},
		{"42％", 42, true},
		{"1,234", 1234, true},
		{"1，234，567", 1234567, true},
		{"3.8亿", 3.8e8, true},
		{"12万", 1.2e5, true},
		{"2.3k", 2300, true},
		{"¥1,200元", 1200, true},
		{"+5.2个百分点", 5.2, true},
		{"-3%", -3, true},
		{"１２３", 123, true},
		{"860次", 860, true},
		{"n/a", 0, false},
		{"约一半", 0, false},
		{"", 0, false},
		{"12,34", 0, false}, // not a thousands grouping
		{"42%%", 0, false},
	}
	for _, tt := range tests {
		got, ok := ParseChartNumber(tt.in)
		if ok != tt.ok || got != tt.want {
			t.Errorf("ParseChartNumber(%q) = %v, %v; want %v, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

// A header list next to rows that already start with a header row is not
// added twice; an empty one is dropped; both with a note.
func TestDecodeTableHeadersKept(t *testing.T) {
	raw := chapterWith(`{"type":"table","headers":["a"],"rows":[{"cells":[{"text":"a","header":true}]},["1"]]},` +
		`{"type":"table","columns":[],"rows":[["1"]]}`)
	c, notes, err := DecodeChapter([]byte(raw))
	if err != nil {
		t.Fatal(err)
	}
	if n := len(c.Blocks[0].Rows); n != 2 {
		t.Errorf("first table has %d rows, want 2 (no second header row)", n)
	}
	if n := len(c.Blocks[1].Rows); n != 1 {
		t.Errorf("second table has %d rows, want 1", n)
	}
	for _, want := range []string{"blocks[0].headers: headers dropped: the first row is already a header row", "blocks[1].columns: empty columns dropped"} {
		if !containsNote(notes, want) {
			t.Errorf("no note %q in %q", want, notes)
		}
	}
}

// Normalize leaves a valid chapter alone.
func TestNormalizeValidChapterUnchanged(t *testing.T) {
	raw := chapterWith(`{"type":"heading","level":2,"text":"T","anchor":"a"},{"type":"list","listType":"ordered","items":[["x"]]},` +
		`{"type":"callout","tone":"danger","blocks":["y"]},{"type":"swotTable","strengths":[{"title":"s","impact":"中高"}]}`)
	c, _, err := DecodeChapter([]byte(raw))
	if err != nil {
		t.Fatal(err)
	}
	before, _ := json.Marshal(c)
	if notes := Normalize(&c); len(notes) != 0 {
		t.Errorf("notes on a valid chapter: %q", notes)
	}
	after, _ := json.Marshal(c)
	if string(before) != string(after) {
		t.Errorf("valid chapter changed:\n%s\n%s", before, after)
	}
}

// A chart value that is no number ("n/a", null, "NaN") is not a decode
// error (that would regenerate the whole chapter): it is kept as a missing
// value, reported by the validator at its path, and written as null in
// JSON (so the block can go to a repair call); a string is noted, null (the
// IR's own spelling of a missing value) is not, so that the JSON of a
// decoded chapter decodes again without notes (FuzzDecodeChapter's round
// trip found `"data":[""]` noted twice).
func TestDecodeMissingChartValues(t *testing.T) {
	raw := chapterWith(`{"type":"widget","widgetId":"w","widgetType":"chart.js/line","data":{"labels":["a","b","c"],` +
		`"datasets":[{"label":"x","data":[1,"n/a",null]},{"data":["NaN","2%",3]}]}}`)
	c, notes, err := DecodeChapter([]byte(raw))
	if err != nil {
		t.Fatalf("decode: %v", err)
	}
	if !containsNote(notes, `blocks[0].data.datasets[0].data: 1 values are not numbers ("n/a")`) {
		t.Errorf("notes %q", notes)
	}
	if _, again, err := DecodeChapter([]byte(chapterWith(`{"type":"widget","widgetId":"w","widgetType":"chart.js/line","data":{"labels":["a"],"datasets":[{"data":[null]}]}}`))); err != nil || len(again) != 0 {
		t.Errorf("a null value: notes %q, err %v; want none", again, err)
	}
	var ve ValidationError
	if err := ValidateChapter(&c); !errors.As(err, &ve) {
		t.Fatalf("validate: %v", err)
	}
	var paths []string
	for _, fe := range ve {
		paths = append(paths, fe.Path)
	}
	want := []string{"blocks[0].data.datasets[0].data[1]", "blocks[0].data.datasets[0].data[2]", "blocks[0].data.datasets[1].data[0]"}
	if diff := cmp.Diff(want, paths); diff != "" {
		t.Errorf("validator paths (-want +got):\n%s", diff)
	}
	b, err := json.Marshal(c.Blocks[0].Data)
	if err != nil {
		t.Fatalf("marshal: %v", err)
	}
	if got := string(b); got != `{"labels":["a","b","c"],"datasets":[{"label":"x","data":[1,null,null]},{"data":[null,2,3]}]}` {
		t.Errorf("JSON %s", got)
	}
}
