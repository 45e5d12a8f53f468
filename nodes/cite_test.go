package nodes

import (
	"strings"
	"testing"

	"reportengine/evidence"
	"reportengine/forum"
	"reportengine/ir"
	"reportengine/prompts"
	"reportengine/state"
)

func citeSet() *evidence.Set {
	st := &state.State{Engine: state.EngineMedia, Paragraphs: []state.Paragraph{{Title: "情绪", Searches: []state.SearchRecord{
		{URL: "https://a.cn/1", Title: "情绪报告", Content: "网络讨论中负面声量高达79%，正面占21%。"},
		{URL: "https://b.cn/2", Title: "阅读报道", Content: "相关话题阅读量飙到3.8亿。"},
	}}}}
	return evidence.Collect(evidence.Input{Topic: "武大", States: []*state.State{st},
		Forum: []forum.Entry{{Line: 7, Time: "12:19:12", Speaker: "HOST", Content: "请各位关注情绪走势与平台分布的差异。"}}})
}

func idOf(t *testing.T, set *evidence.Set, prefix string) string {
	t.Helper()
	for _, it := range set.Items {
		if strings.HasPrefix(it.Text, prefix) {
			return it.ID
		}
	}
	t.Fatalf("no item %q", prefix)
	return ""
}

func TestReferencesNumberCitedSourcesOnly(t *testing.T) {
	set := citeSet()
	neg, read, host := idOf(t, set, "网络讨论"), idOf(t, set, "相关话题"), idOf(t, set, "请各位")
	chs := []ir.Chapter{
		{ChapterID: "S1", Blocks: []ir.Block{{Type: ir.TypeParagraph, Inlines: []ir.Inline{{Text: "负面为主[" + read + "]，" + "见【" + neg + "】。"}}}}},
		{ChapterID: "S2", Blocks: []ir.Block{{Type: ir.TypeParagraph, Inlines: []ir.Inline{{Text: "主持人提醒[" + host + ", " + read + "]"}}}}},
	}
	hero := ir.Hero{KPIs: []ir.KPI{{Label: "负面声量", Value: "79%", Source: "[" + neg + "]"}}}
	srcs := references(chs, &hero, set, nil, graphSources{})
	if len(srcs) != 3 {
		t.Fatalf("%d sources %+v, want 3 (the cited ones)", len(srcs), srcs)
	}
	// numbered in order of first citation
	if srcs[0].URL != "https://b.cn/2" || srcs[1].URL != "https://a.cn/1" || !strings.Contains(srcs[2].Title, "论坛发言 · 主持人 · 12:19:12") {
		t.Errorf("order %+v", srcs)
	}
	if got := strings.Join(srcs[0].Chapters, ","); got != "S1,S2" {
		t.Errorf("source 1 cited in %q, want S1,S2", got)
	}
	ins := chs[0].Blocks[0].Inlines
	if len(ins) != 5 || ins[1].Text != "[1]" || ins[1].Marks[0].Href != "#ref-1" || ins[3].Text != "[2]" || ins[2].Text != "，见" {
		t.Errorf("inlines %+v", ins)
	}
	if hero.KPIs[0].Source != "[2]" {
		t.Errorf("hero KPI source %q, want [2]", hero.KPIs[0].Source)
	}
	if got := chs[1].Blocks[0].Inlines; got[1].Text != "[3]" || got[2].Text != "[1]" {
		t.Errorf("S2 inlines %+v", got)
	}
}

func TestCheckClaims(t *testing.T) {
	set := citeSet()
	neg, host := idOf(t, set, "网络讨论"), idOf(t, set, "请各位")
	c := ir.Chapter{ChapterID: "S3", Blocks: []ir.Block{
		{Type: ir.TypeParagraph, Inlines: []ir.Inline{{Text: "负面声量高达79%[" + neg + "]"}}},            // supported
		{Type: ir.TypeParagraph, Inlines: []ir.Inline{{Text: "负面声量高达85%[" + neg + "]"}}},            // 85 is in no cited passage
		{Type: ir.TypeParagraph, Inlines: []ir.Inline{{Text: "主持人（12:19:12）提醒关注走势[" + host + "]"}}}, // the time is the speech's provenance
		{Type: ir.TypeParagraph, Inlines: []ir.Inline{{Text: "没有引用的句子写了99%"}}},                      // nothing to check against
		{Type: ir.TypeEngineQuote, Engine: "media", Title: "Media Agent", Blocks: []ir.Block{{Type: ir.TypeParagraph, // not in the passage
			Inlines: []ir.Inline{{Text: "正面情绪占绝对多数[" + neg + "]"}}}}},
	}}
	ws := checkClaims(&c, set, nil)
	if len(ws) != 2 || !strings.Contains(ws[0], "states 85") || !strings.Contains(ws[1], "engine quote") {
		t.Errorf("warnings %q, want one for 85 and one for the engine quote", ws)
	}
}

// The collection time line of the essentials cites the records at each
// end of the window: its time stamps and record count are data counted
// from those records, not claims of their text, and raise no warning; the
// same numbers cited to a passage the essentials did not count them for
// do, and so does a number the essentials never counted.
func TestCheckClaimsEssentialsData(t *testing.T) {
	set := citeSet()
	neg, host := idOf(t, set, "网络讨论"), idOf(t, set, "请各位")
	data := &prompts.Essentials{Window: prompts.DataWindow{From: "2025-08-24 19:20", To: "2025-08-25 17:53", Records: 298, Cite: []string{neg}}}
	line := func(id string) ir.Chapter {
		return ir.Chapter{ChapterID: "S1", Blocks: []ir.Block{{Type: ir.TypeList, ListType: "bullet", ListItems: [][]ir.Block{{
			{Type: ir.TypeParagraph, Inlines: []ir.Inline{{Text: "采集时间：2025-08-24 19:20 至 2025-08-25 17:53（298 条检索记录）[" + id + "]。"}}}}}}}}
	}
	c := line(neg)
	if ws := checkClaims(&c, set, data); len(ws) != 0 {
		t.Errorf("the essentials' own window line warns: %q", ws)
	}
	c = line(host)
	if ws := checkClaims(&c, set, data); len(ws) == 0 {
		t.Error("the window's numbers cited to a passage they were not counted for raise no warning")
	}
	c = line(neg)
	c.Blocks[0].ListItems[0][0].Inlines[0].Text = "采集时间：2025-08-24 19:20 至 2025-08-25 17:53（299 条检索记录）[" + neg + "]。"
	if ws := checkClaims(&c, set, data); len(ws) != 1 || !strings.Contains(ws[0], "states 299") {
		t.Errorf("warnings %q, want one for 299", ws)
	}
}

// A date written with leading zeros ("2024-07") is the number its passage
// writes without them ("2024年7月"); a zero alone ("10:00") is no claim; a
// number the passage holds only inside a longer one is not found.
func TestCheckClaimsLeadingZeros(t *testing.T) {
	st := &state.State{Engine: state.EngineQuery, Paragraphs: []state.Paragraph{{Title: "断货", Searches: []state.SearchRecord{
		{URL: "https://a.cn/1", Title: "断货", Content: "2024年7月，云南雨季导致运输延误，门店断货17天。"},
	}}}}
	set := evidence.Collect(evidence.Input{Topic: "咖啡店", States: []*state.State{st}})
	id := idOf(t, set, "2024年7月")
	for _, tc := range []struct {
		text string
		want string // the number warned about, "" for none
	}{
		{"2024-07：云南雨季导致断货[" + id + "]", ""},
		{"2024-07-17 00:00 门店断货[" + id + "]", ""},
		{"2024-08：云南雨季导致断货[" + id + "]", "08"},
		{"断货07天[" + id + "]", ""},     // 7 stands alone in 年7月
		{"断货017天[" + id + "]", ""},    // 17 stands alone
		{"断货0.5天[" + id + "]", "0.5"}, // a decimal is compared whole
		{"断货01天[" + id + "]", "01"},   // 1 is only inside 17 and 2024
	} {
		ws := checkText("S3", tc.text, set, nil, false)
		switch {
		case tc.want == "" && len(ws) != 0:
			t.Errorf("%q: warnings %q, want none", tc.text, ws)
		case tc.want != "" && (len(ws) != 1 || !strings.Contains(ws[0], "states "+tc.want+",")):
			t.Errorf("%q: warnings %q, want one for %s", tc.text, ws, tc.want)
		}
	}
}

// Two passages of one source cited side by side are one reference: "[1]"
// once, in running text and in SWOT text; the same number cited again after
// other text is written again.
func TestReferencesOneNumberPerRunOfCitations(t *testing.T) {
	st := &state.State{Engine: state.EngineQuery, Paragraphs: []state.Paragraph{{Title: "通报", Searches: []state.SearchRecord{
		{URL: "https://a.cn/1", Title: "通报全文", Content: "校方于八月二十七日发布了情况通报。通报称将依规依纪严肃处理相关人员。"},
	}}}}
	set := evidence.Collect(evidence.Input{Topic: "武大", States: []*state.State{st}})
	a, b := idOf(t, set, "校方于"), idOf(t, set, "通报称")
	if a == b {
		t.Fatalf("one item for both sentences: %v", set.Items)
	}
	chs := []ir.Chapter{{ChapterID: "S1", Blocks: []ir.Block{
		{Type: ir.TypeParagraph, Inlines: []ir.Inline{{Text: "校方已通报[" + a + "][" + b + "]，并承诺处理[" + b + "]。"}}},
		{Type: ir.TypeSwotTable, Threats: []ir.QuadrantItem{{Title: "处理结果受质疑", Evidence: "通报[" + a + ", " + b + "]"}}},
	}}}
	srcs := references(chs, nil, set, nil, graphSources{})
	if len(srcs) != 1 {
		t.Fatalf("%d sources, want 1", len(srcs))
	}
	var got strings.Builder
	for _, in := range chs[0].Blocks[0].Inlines {
		got.WriteString(in.Text)
	}
	if want := "校方已通报[1]，并承诺处理[1]。"; got.String() != want {
		t.Errorf("text %q, want %q", got.String(), want)
	}
	if ev := chs[0].Blocks[1].Threats[0].Evidence; ev != "通报[1]" {
		t.Errorf("SWOT evidence %q, want 通报[1]", ev)
	}
}
