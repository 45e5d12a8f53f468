package draft

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"reportengine/ir"
	"reportengine/llm"
	"reportengine/llm/offline"
	"reportengine/prompts"
)

// ask sends in as the user message (after a system prompt the model must
// ignore) and decodes the reply into out.
func ask(t *testing.T, in any, out any) string {
	t.Helper()
	b, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := NewModel().Complete(context.Background(), llm.Request{Step: "test", Messages: []llm.Message{
		{Role: llm.RoleSystem, Content: "你是报告撰写助手。只输出 JSON。"},
		{Role: llm.RoleUser, Content: string(b)},
	}})
	if err != nil {
		t.Fatalf("Complete: %v", err)
	}
	if strings.HasPrefix(resp.Content, "```") || resp.FinishReason != "stop" || resp.Model != offline.ModelName {
		t.Errorf("response = %+v, want plain JSON, stop, %s", resp, offline.ModelName)
	}
	dec := json.NewDecoder(strings.NewReader(resp.Content))
	dec.DisallowUnknownFields()
	if err := dec.Decode(out); err != nil {
		t.Fatalf("reply does not decode into %T: %v\n%s", out, err, resp.Content)
	}
	return resp.Content
}

var offeredTemplates = []prompts.TemplateOption{
	{Name: "企业品牌声誉分析报告模板", Description: "品牌"},
	{Name: "市场竞争格局舆情分析报告模板", Description: "竞争"},
	{Name: "日常或定期舆情监测报告模板", Description: "定期"},
	{Name: "特定政策或行业动态舆情分析报告模板", Description: "政策"},
	{Name: "社会公共热点事件分析报告模板", Description: "热点"},
	{Name: "突发事件与危机公关舆情报告模板", Description: "危机"},
}

func TestTemplateSelection(t *testing.T) {
	tests := []struct {
		name     string
		query    string
		excerpts []prompts.Excerpt
		graph    *prompts.GraphStats
		offer    []prompts.TemplateOption
		want     string
		keyword  string // must appear in the reason
	}{
		{"crisis", "某连锁咖啡店食品安全事故与道歉声明", nil, nil, offeredTemplates, "突发事件与危机公关舆情报告模板", "道歉"},
		{"brand from excerpts", "李明咖啡店", []prompts.Excerpt{{Engine: "media", Text: "网友对品牌口碑评价分化，品牌声誉受到关注。"}}, nil,
			offeredTemplates, "企业品牌声誉分析报告模板", "口碑"},
		{"competition", "新能源车竞品市场份额变化", nil, nil, offeredTemplates, "市场竞争格局舆情分析报告模板", "竞品"},
		{"policy", "数据出境新规对行业的影响", nil, nil, offeredTemplates, "特定政策或行业动态舆情分析报告模板", "行业"},
		{"routine", "本周舆情周报", nil, nil, offeredTemplates, "日常或定期舆情监测报告模板", "周报"},
		{"default", "城市马拉松", nil, nil, offeredTemplates, "社会公共热点事件分析报告模板", "默认"},
		{"only offered", "企业道歉事件", nil, nil, offeredTemplates[:2], "企业品牌声誉分析报告模板", "第一个"},
		// the fixture's case: the engines researched incidents (section
		// titles), an excerpt mentions 品牌 and 声誉 once each
		{"events in section titles", "武汉大学", []prompts.Excerpt{{Engine: "query", Text: "学校的品牌与声誉受到关注。"}},
			&prompts.GraphStats{SectionTitles: map[string][]string{"query": {"近期舆情事件梳理", "事件的传播路径"}, "media": {"争议焦点"}}},
			offeredTemplates, "社会公共热点事件分析报告模板", "事件"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var r prompts.TemplateSelectionReply
			ask(t, prompts.TemplateSelectionInput{Task: prompts.TaskTemplateSelection, Query: tt.query, Templates: tt.offer, Excerpts: tt.excerpts, Graph: tt.graph}, &r)
			if r.TemplateName != tt.want {
				t.Errorf("template = %q, want %q (reason %q)", r.TemplateName, tt.want, r.SelectionReason)
			}
			if !strings.Contains(r.SelectionReason, tt.keyword) {
				t.Errorf("reason %q does not mention %q", r.SelectionReason, tt.keyword)
			}
		})
	}
}

func sampleGraphStats() *prompts.GraphStats {
	return &prompts.GraphStats{
		Topic:         "李明咖啡店",
		Engines:       []string{"query", "media", "insight"},
		Sections:      12,
		SearchQueries: 40,
		Sources:       205,
		SectionTitles: map[string][]string{
			"query":   {"事件经过与时间线", "官方回应"},
			"media":   {"短视频平台传播分析", "网民情绪分布"},
			"insight": {"品牌声誉风险评估", "消费者口碑变化"},
		},
		SampleQueries: []string{"李明咖啡店 食品安全", "李明咖啡店 道歉声明", "咖啡店 消费者投诉", "市场监管 通报"},
	}
}

func sampleChapters() []prompts.ChapterOutline {
	return []prompts.ChapterOutline{
		{ChapterID: "S1", Title: "报告摘要", Number: "1.0", Slug: "section-1-0", Order: 10, Outline: []string{"1.1 事件性质与当前舆情等级", "1.2 截至目前的关键事实与数据", "1.3 首要应对建议"}},
		{ChapterID: "S2", Title: "事件溯源与发展脉络", Number: "2.0", Slug: "section-2-0", Order: 20, Outline: []string{"2.1 事发经过与信息首发", "2.2 关键时间节点梳理", "2.3 已公开的回应与处置措施"}},
		{ChapterID: "S3", Title: "政策背景与监管环境", Number: "3.0", Slug: "section-3-0", Order: 30, Outline: []string{"3.1 监管通报"}},
		{ChapterID: "S4", Title: "风险研判", Number: "4.0", Slug: "section-4-0", Order: 40, Outline: []string{"4.1 升级可能", "4.2 潜在冲击", "4.3 次生风险"}},
		{ChapterID: "S5", Title: "应对策略与处置建议", Number: "5.0", Slug: "section-5-0", Order: 50, Outline: []string{"5.1 回应口径", "5.2 沟通安排", "5.3 整改措施", "5.4 复盘"}},
	}
}

func TestLayout(t *testing.T) {
	g := sampleGraphStats()
	in := prompts.LayoutInput{Task: prompts.TaskDocumentLayout, Query: "李明咖啡店", TemplateName: "突发事件与危机公关舆情报告模板",
		Chapters: sampleChapters(), Graph: g,
		Excerpts: []prompts.Excerpt{{Engine: "query", Text: "## 概述\n10月1日，李明咖啡店被曝使用过期原料。随后门店发布道歉声明。"}}}
	var r prompts.LayoutReply
	ask(t, in, &r)
	if r.Title != "李明咖啡店舆情分析报告" {
		t.Errorf("title = %q", r.Title)
	}
	if !strings.Contains(r.Subtitle, in.TemplateName) {
		t.Errorf("subtitle %q does not name the template", r.Subtitle)
	}
	if !strings.Contains(r.Hero.Summary, "205") || !strings.Contains(r.Hero.Summary, "10月1日，李明咖啡店被曝使用过期原料。") {
		t.Errorf("hero summary %q lacks stats or the first excerpt sentence", r.Hero.Summary)
	}
	if !slices.Contains(r.Hero.KPIs, ir.KPI{Label: "来源", Value: "205"}) || !slices.Contains(r.Hero.KPIs, ir.KPI{Label: "引擎", Value: "3"}) {
		t.Errorf("KPIs = %+v", r.Hero.KPIs)
	}
	var titles []string
	for _, ts := range g.SectionTitles {
		titles = append(titles, ts...)
	}
	if len(r.Hero.Highlights) == 0 {
		t.Error("no highlights")
	}
	for _, h := range r.Hero.Highlights {
		if !slices.Contains(titles, h) {
			t.Errorf("highlight %q is not a graph section title", h)
		}
	}
	if len(r.TOCPlan) != len(in.Chapters) {
		t.Fatalf("tocPlan has %d entries, want %d", len(r.TOCPlan), len(in.Chapters))
	}
	numerals := []string{"一", "二", "三", "四", "五"}
	swot, pest := 0, 0
	for i, e := range r.TOCPlan {
		c := in.Chapters[i]
		if e.ChapterID != c.ChapterID || e.Anchor != c.Slug || e.Display != numerals[i]+"、"+c.Title {
			t.Errorf("tocPlan[%d] = %+v", i, e)
		}
		if !strings.Contains(e.Description, stripNumber(c.Outline[0])) {
			t.Errorf("tocPlan[%d].description %q lacks the outline", i, e.Description)
		}
		if e.AllowSwot && e.AllowPest {
			t.Errorf("tocPlan[%d] allows both SWOT and PEST", i)
		}
		if e.AllowSwot {
			swot++
			if c.ChapterID != "S5" {
				t.Errorf("SWOT on %s, want S5 (the last chapter mentioning 建议)", c.ChapterID)
			}
		}
		if e.AllowPest {
			pest++
			if c.ChapterID != "S3" {
				t.Errorf("PEST on %s, want S3 (政策背景)", c.ChapterID)
			}
		}
	}
	if swot != 1 || pest > 1 {
		t.Errorf("allowSwot on %d chapters, allowPest on %d; want exactly 1 and at most 1", swot, pest)
	}
}

func TestSwotPestChapters(t *testing.T) {
	chs := func(titles ...string) []prompts.ChapterOutline {
		var out []prompts.ChapterOutline
		for _, s := range titles {
			out = append(out, prompts.ChapterOutline{Title: s})
		}
		return out
	}
	tests := []struct {
		chapters        []prompts.ChapterOutline
		wantSwot, wantP int
	}{
		{chs("摘要", "SWOT 研判", "结论与建议"), 1, -1},
		{chs("政策背景", "结论与建议"), 1, 0},
		{chs("一", "二", "三"), 2, -1},
		{chs("环境与建议"), 0, -1}, // never both on one chapter
		{nil, -1, -1},
	}
	for _, tt := range tests {
		s, p := swotPestChapters(tt.chapters)
		if s != tt.wantSwot || p != tt.wantP {
			t.Errorf("swotPestChapters(%v) = %d, %d; want %d, %d", tt.chapters, s, p, tt.wantSwot, tt.wantP)
		}
	}
}

func TestWordBudget(t *testing.T) {
	for _, total := range []int{0, 10000, 7} {
		var r prompts.WordBudgetReply
		ask(t, prompts.WordBudgetInput{Task: prompts.TaskWordBudget, Query: "q", Chapters: sampleChapters(), TotalWords: total}, &r)
		want := total
		if want == 0 {
			want = DefaultTotalWords
		}
		if r.TotalWords != want {
			t.Errorf("totalWords = %d, want %d", r.TotalWords, want)
		}
		sum := 0
		for i, c := range r.Chapters {
			src := sampleChapters()[i]
			sum += c.TargetWords
			if c.ChapterID != src.ChapterID || c.MinWords > c.TargetWords || c.MaxWords < c.TargetWords {
				t.Errorf("chapter %d = %+v", i, c)
			}
			if len(c.Emphasis) != len(src.Outline) {
				t.Errorf("chapter %d emphasis %q, want the %d outline points", i, c.Emphasis, len(src.Outline))
			}
		}
		if sum != want {
			t.Errorf("targets add up to %d, want %d", sum, want)
		}
		if total == 10000 {
			// Outline counts 3,3,1,3,4 of 14.
			if r.Chapters[4].TargetWords <= r.Chapters[0].TargetWords || r.Chapters[2].TargetWords >= r.Chapters[0].TargetWords {
				t.Errorf("targets not proportional to outline length: %+v", r.Chapters)
			}
			if c := r.Chapters[0]; c.MinWords != c.TargetWords*8/10 {
				t.Errorf("minWords = %d for target %d", c.MinWords, c.TargetWords)
			}
		}
	}
}

func graphInput(round int, history []prompts.QueryRound) prompts.GraphQueryInput {
	return prompts.GraphQueryInput{
		Task: prompts.TaskGraphQuery, Query: "李明咖啡店", TemplateName: "突发事件与危机公关舆情报告模板",
		Chapter: prompts.ChapterBrief{ChapterID: "S2", Title: "事件经过与官方回应", TargetWords: 1200,
			Emphasis: []string{"消费者投诉", "食品安全"}, Outline: []string{"2.1 事发经过与信息首发", "2.2 网民情绪变化"}},
		Graph: *sampleGraphStats(), History: history, Round: round, MaxRounds: 3,
		NodeTypes: []string{"section", "search_query", "source"},
	}
}

func TestGraphQueryKeywordsFromVocabulary(t *testing.T) {
	in := graphInput(0, nil)
	var r prompts.GraphQueryReply
	ask(t, in, &r)
	if !r.ShouldQuery || r.Depth != 1 || len(r.Keywords) == 0 || len(r.Keywords) > 5 || r.Reasoning == "" {
		t.Fatalf("round 0 decision = %+v", r)
	}
	vocab := vocabulary(in.Graph)
	for _, k := range r.Keywords {
		if !strings.Contains(vocab, strings.ToLower(k)) {
			t.Errorf("keyword %q is not in the graph vocabulary", k)
		}
	}
	if r.Keywords[0] != "消费者投诉" && r.Keywords[0] != "事件经过" && r.Keywords[0] != "食品安全" {
		t.Errorf("keywords %q: want the longest vocabulary terms first", r.Keywords)
	}

	// Round 1 after a thin round 0: new keywords only, depth 2.
	h := []prompts.QueryRound{{Keywords: r.Keywords, Depth: 1, TotalNodes: 4, Summary: "4 nodes"}}
	var r1 prompts.GraphQueryReply
	ask(t, graphInput(1, h), &r1)
	if !r1.ShouldQuery || r1.Depth != 2 {
		t.Fatalf("round 1 decision = %+v", r1)
	}
	for _, k := range r1.Keywords {
		if slices.Contains(r.Keywords, k) {
			t.Errorf("round 1 repeats keyword %q of round 0", k)
		}
		if !strings.Contains(vocab, strings.ToLower(k)) {
			t.Errorf("round 1 keyword %q is not in the graph vocabulary", k)
		}
	}
}

func TestGraphQueryNeverRepeatsHistory(t *testing.T) {
	// Every round-0 term is already in the history: whatever is proposed
	// must be new, or the loop stops.
	first := Decide(graphInput(0, nil))
	used := append([]string(nil), first.Keywords...)
	hist := []prompts.QueryRound{{Keywords: first.Keywords, Depth: 1, TotalNodes: 0}}
	for round := 1; round < 12; round++ {
		in := graphInput(round, hist)
		in.MaxRounds = 20
		d := Decide(in)
		if !d.ShouldQuery {
			if len(d.Keywords) != 0 || d.Reasoning == "" {
				t.Errorf("stop decision %+v", d)
			}
			return
		}
		for _, k := range d.Keywords {
			if slices.Contains(used, k) {
				t.Fatalf("round %d proposes %q again (history %v)", round, k, used)
			}
		}
		used = append(used, d.Keywords...)
		hist = append(hist, prompts.QueryRound{Keywords: d.Keywords, Depth: d.Depth})
	}
	t.Error("the loop never ran out of new keywords")
}

func TestGraphQueryStops(t *testing.T) {
	tests := []struct {
		name  string
		round int
		hist  []prompts.QueryRound
		want  bool
	}{
		{"first round", 0, nil, true},
		{"enough nodes", 1, []prompts.QueryRound{{Keywords: []string{"官方回应"}, Depth: 1, TotalNodes: 30}}, false},
		{"last round with results", 2, []prompts.QueryRound{{Keywords: []string{"官方回应"}, TotalNodes: 3}, {Keywords: []string{"事件经过"}, TotalNodes: 2}}, false},
		{"last round without results", 2, []prompts.QueryRound{{Keywords: []string{"官方回应"}}, {Keywords: []string{"事件经过"}}}, true},
		{"past max rounds", 3, nil, false},
	}
	for _, tt := range tests {
		d := Decide(graphInput(tt.round, tt.hist))
		if d.ShouldQuery != tt.want {
			t.Errorf("%s: should_query = %v, want %v (%s)", tt.name, d.ShouldQuery, tt.want, d.Reasoning)
		}
	}
}

func TestGraphQueryTopicFallback(t *testing.T) {
	in := graphInput(0, nil)
	in.Chapter = prompts.ChapterBrief{ChapterID: "S9", Title: "附录", Outline: []string{"其他"}}
	d := Decide(in)
	if !d.ShouldQuery || !slices.Equal(d.Keywords, []string{"李明咖啡店"}) {
		t.Errorf("decision = %+v, want the topic", d)
	}
	in.History = []prompts.QueryRound{{Keywords: []string{"李明咖啡店"}}}
	in.Round = 1
	if d := Decide(in); d.ShouldQuery {
		t.Errorf("decision = %+v, want stop: nothing new to ask", d)
	}
}

// chapterInput is a realistic chapter prompt: its evidence plan (two
// sub-points with passages and figures, one without).
func chapterInput() prompts.ChapterInput {
	return prompts.ChapterInput{
		Task: prompts.TaskChapter,
		Section: prompts.ChapterSection{ChapterID: "S4", Title: "风险研判", Slug: "section-4-0", Anchor: "section-4-0", Order: 40, Number: "4.0",
			Outline: []string{"4.1 舆情升级的可能性", "4.2 负面情绪与声誉风险", "4.3 海外市场的连锁反应"}},
		Query: "李明咖啡店", TemplateName: "突发事件与危机公关舆情报告模板", ReportTitle: "李明咖啡店舆情分析报告",
		Constraints: prompts.Constraints{Language: "zh-CN", AllowedBlocks: ir.BlockTypes(), AllowSwot: true, AllowPest: true},
		SubPoints: []prompts.SubPointBrief{
			{Title: "4.1 舆情升级的可能性", Evidence: []prompts.EvidenceRef{
				{ID: "E1", Kind: "summary", Engine: "media", Source: "短视频平台传播分析", Text: "相关短视频播放量在48小时内突破500万次，评论区质疑声音占多数。"},
				{ID: "E2", Kind: "source", Source: "市场监管局通报", URL: "https://example.gov.cn/notice/1", Text: "经查，该门店存在使用过期原料的问题，市场监管部门已介入调查。"},
				{ID: "E3", Kind: "forum", Engine: "insight", Source: "论坛 10:05:00", Text: "从情绪曲线看，负面高峰已过，但质疑仍在持续。"},
			}, Figures: []prompts.FigureRef{
				{ItemID: "E1", Kind: "volume", Label: "播放量", KPI: "相关短视频播放量", Raw: "500万次", Value: 500, Unit: "万", Sentence: "相关短视频播放量在48小时内突破500万次"},
				{ItemID: "E4", Kind: "volume", Label: "阅读量", KPI: "微博话题阅读量", Raw: "1.2亿", Value: 1.2, Unit: "亿", Sentence: "微博话题阅读量超过1.2亿"},
			}},
			{Title: "4.2 负面情绪与声誉风险", Evidence: []prompts.EvidenceRef{
				{ID: "E5", Kind: "summary", Engine: "insight", Source: "情绪分析", Text: "情感构成为负面62%、中性26%、正面12%，负面主要来自对食品安全的担忧。"},
				{ID: "E6", Kind: "summary", Engine: "query", Source: "事实", Text: "李明咖啡店于10月2日发布致歉声明，承诺全面下架相关产品并接受监管部门检查。"},
			}, Figures: []prompts.FigureRef{
				{ItemID: "E5", Kind: "sentiment", Group: "负面", Label: "负面", Raw: "62%", Value: 62, Unit: "%", Sentence: "情感构成为负面62%"},
				{ItemID: "E5", Kind: "sentiment", Group: "中性", Label: "中性", Raw: "26%", Value: 26, Unit: "%", Sentence: "中性26%"},
				{ItemID: "E5", Kind: "sentiment", Group: "正面", Label: "正面", Raw: "12%", Value: 12, Unit: "%", Sentence: "正面12%"},
			}},
			{Title: "4.3 海外市场的连锁反应"},
		},
	}
}

func TestChapterHonoursConstraints(t *testing.T) {
	in := chapterInput()
	in.Constraints.AllowSwot, in.Constraints.AllowPest = false, false
	in.Constraints.AllowedBlocks = []string{ir.TypeHeading, ir.TypeParagraph, ir.TypeList, ir.TypeCallout, ir.TypeEngineQuote}
	ch := Chapter(in)
	checkIR(t, ch)
	walk(ch.Blocks, func(b ir.Block) {
		if !slices.Contains(in.Constraints.AllowedBlocks, b.Type) {
			t.Errorf("block type %s is not allowed", b.Type)
		}
	})
	for i, b := range ch.Blocks {
		if b.Type == ir.TypeHeading && b.Level > 2 && (i+1 == len(ch.Blocks) || ch.Blocks[i+1].Type == ir.TypeHeading) {
			t.Errorf("empty sub-heading %q", b.Text)
		}
	}
}

// Repair gets only the failed blocks: each comes back, at its index, as a
// paragraph of its text without citations of ids the input does not list.
func TestChapterRepairBlocks(t *testing.T) {
	bad := ir.Block{Type: ir.TypeList, ListType: "dots", ListItems: [][]ir.Block{
		{{Type: ir.TypeParagraph, Inlines: []ir.Inline{{Text: "声量上升[E3][E99]"}}}}}}
	empty := ir.Block{Type: ir.TypeWidget, WidgetID: "w", WidgetType: "chart.js/bar"}
	var got prompts.ChapterRepairReply
	ask(t, prompts.ChapterRepairInput{Task: prompts.TaskChapterRepair, Section: prompts.ChapterSection{ChapterID: "S4", Anchor: "s4"},
		EvidenceIDs: []string{"E3"}, FailedBlocks: []prompts.FailedBlock{
			{Index: 2, Block: bad, Errors: []string{"blocks[2].listType: bad"}},
			{Index: 5, Block: empty, Errors: []string{"blocks[5]: widget requires data or dataRef"}}}}, &got)
	if len(got.Blocks) != 2 || got.Blocks[0].Index != 2 || got.Blocks[1].Index != 5 {
		t.Fatalf("reply %+v, want blocks for indices 2 and 5", got)
	}
	want := ir.Block{Type: ir.TypeParagraph, Inlines: []ir.Inline{{Text: "声量上升[E3]"}}}
	if b := got.Blocks[0].Block; b == nil || !reflect.DeepEqual(*b, want) {
		t.Errorf("repaired block %+v, want %+v", b, want)
	}
	if b := got.Blocks[1].Block; b == nil || !reflect.DeepEqual(*b, empty) {
		t.Errorf("a block without text came back as %+v, want it unchanged", b)
	}
}

func TestDeterministicAndConcurrent(t *testing.T) {
	inputs := []any{
		prompts.TemplateSelectionInput{Task: prompts.TaskTemplateSelection, Query: "李明咖啡店道歉", Templates: offeredTemplates},
		prompts.LayoutInput{Task: prompts.TaskDocumentLayout, Query: "李明咖啡店", Chapters: sampleChapters(), Graph: sampleGraphStats()},
		prompts.WordBudgetInput{Task: prompts.TaskWordBudget, Chapters: sampleChapters()},
		graphInput(0, nil),
		chapterInput(),
	}
	m := NewModel()
	want := make([]string, len(inputs))
	reqs := make([]llm.Request, len(inputs))
	for i, in := range inputs {
		b, _ := json.Marshal(in)
		reqs[i] = llm.Request{Messages: []llm.Message{{Role: llm.RoleUser, Content: string(b)}}}
		r, err := m.Complete(context.Background(), reqs[i])
		if err != nil {
			t.Fatal(err)
		}
		want[i] = r.Content
	}
	var wg sync.WaitGroup
	errs := make(chan error, 8*len(inputs))
	for k := 0; k < 8; k++ {
		for i := range reqs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				var r llm.Response
				var err error
				if k%2 == 0 {
					r, err = m.Complete(context.Background(), reqs[i])
				} else {
					r, err = m.Stream(context.Background(), reqs[i], func(llm.Chunk) error { return nil })
				}
				if err != nil {
					errs <- err
				} else if r.Content != want[i] {
					errs <- fmt.Errorf("input %d: reply differs between calls", i)
				}
			}()
		}
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

func TestStream(t *testing.T) {
	b, _ := json.Marshal(chapterInput())
	req := llm.Request{Messages: []llm.Message{{Role: llm.RoleUser, Content: string(b)}}}
	m := NewModel()
	full, err := m.Complete(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	n := 0
	resp, err := m.Stream(context.Background(), req, func(c llm.Chunk) error {
		n++
		if utf8.RuneCountInString(c.Delta) > offline.ChunkRunes || !utf8.ValidString(c.Delta) {
			t.Errorf("chunk %d has %d runes or splits a rune", n, utf8.RuneCountInString(c.Delta))
		}
		sb.WriteString(c.Delta)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if sb.String() != full.Content || resp != full || n < 2 {
		t.Errorf("stream: %d chunks, assembled equal %v, response equal %v", n, sb.String() == full.Content, resp == full)
	}

	stop := errors.New("stop")
	calls := 0
	_, err = m.Stream(context.Background(), req, func(llm.Chunk) error { calls++; return stop })
	if !errors.Is(err, stop) || calls != 1 {
		t.Errorf("callback error: err = %v after %d calls, want stop after 1", err, calls)
	}

	ctx, cancel := context.WithCancel(context.Background())
	calls = 0
	_, err = m.Stream(ctx, req, func(llm.Chunk) error { calls++; cancel(); return nil })
	if !errors.Is(err, context.Canceled) || calls != 1 {
		t.Errorf("cancel mid-stream: err = %v after %d calls", err, calls)
	}
}

func TestCancelledContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	b, _ := json.Marshal(graphInput(0, nil))
	req := llm.Request{Messages: []llm.Message{{Role: llm.RoleUser, Content: string(b)}}}
	if _, err := NewModel().Complete(ctx, req); !errors.Is(err, context.Canceled) {
		t.Errorf("Complete: err = %v, want context.Canceled", err)
	}
	called := false
	if _, err := NewModel().Stream(ctx, req, func(llm.Chunk) error { called = true; return nil }); !errors.Is(err, context.Canceled) || called {
		t.Errorf("Stream: err = %v, called %v", err, called)
	}
}

func TestBadRequests(t *testing.T) {
	tests := []struct {
		name string
		msgs []llm.Message
		want string // in the message
	}{
		{"not JSON", []llm.Message{{Role: llm.RoleUser, Content: "请写一份报告"}}, "JSON"},
		{"fenced JSON", []llm.Message{{Role: llm.RoleUser, Content: "```json\n{\"task\":\"chapter\"}\n```"}}, "JSON"},
		{"no task", []llm.Message{{Role: llm.RoleUser, Content: `{"query":"x"}`}}, "task"},
		{"unknown task", []llm.Message{{Role: llm.RoleUser, Content: `{"task":"poem"}`}}, "poem"},
		{"wrong shape", []llm.Message{{Role: llm.RoleUser, Content: `{"task":"word_budget","chapters":"S1"}`}}, "word_budget"},
		{"no templates", []llm.Message{{Role: llm.RoleUser, Content: `{"task":"template_selection","query":"x"}`}}, "no templates"},
		{"no user message", []llm.Message{{Role: llm.RoleSystem, Content: `{"task":"chapter"}`}}, "user message"},
		{"last user message wins", []llm.Message{{Role: llm.RoleUser, Content: `{"task":"word_budget"}`}, {Role: llm.RoleAssistant, Content: "{}"}, {Role: llm.RoleUser, Content: "继续"}}, "JSON"},
	}
	for _, tt := range tests {
		_, err := NewModel().Complete(context.Background(), llm.Request{Step: "s1", Messages: tt.msgs})
		if !errors.Is(err, llm.ErrBadRequest) {
			t.Errorf("%s: err = %v, want ErrBadRequest", tt.name, err)
			continue
		}
		var le *llm.Error
		if !errors.As(err, &le) || le.Step != "s1" || le.Model != offline.ModelName || !strings.Contains(le.Message, tt.want) {
			t.Errorf("%s: error %#v, want Step s1, model %s, message containing %q", tt.name, le, offline.ModelName, tt.want)
		}
		if llm.Retryable(err) {
			t.Errorf("%s: bad request is retryable", tt.name)
		}
	}
}

func TestInfo(t *testing.T) {
	if got := NewModel().Info(); got != (llm.Info{Provider: "offline", Model: "offline-extractive", Extractive: true}) {
		t.Errorf("Info() = %+v", got)
	}
}

func TestHelpers(t *testing.T) {
	for n, want := range map[int]string{1: "一", 10: "十", 11: "十一", 20: "二十", 23: "二十三", 99: "九十九"} {
		if got := chineseNumeral(n); got != want {
			t.Errorf("chineseNumeral(%d) = %q, want %q", n, got, want)
		}
	}
	for in, want := range map[string]string{"1.1 事件概况": "事件概况", "2、背景": "背景", "背景": "背景", "2024年回顾": "2024年回顾"} {
		if got := stripNumber(in); got != want {
			t.Errorf("stripNumber(%q) = %q, want %q", in, got, want)
		}
	}
	s := "第一句话在这里。第二句话也在这里！第三句"
	if got := leadSpan(s, 12); got != "第一句话在这里。" {
		t.Errorf("leadSpan = %q", got)
	}
}

// walk calls fn for every block, depth first, including nested ones.
func walk(bs []ir.Block, fn func(ir.Block)) {
	for _, b := range bs {
		fn(b)
		walk(b.Blocks, fn)
		for _, it := range b.ListItems {
			walk(it, fn)
		}
		for _, r := range b.Rows {
			for _, c := range r.Cells {
				walk(c.Blocks, fn)
			}
		}
	}
}

var anchorRe = regexp.MustCompile(`^[A-Za-z0-9_-]+$`)

// checkIR checks the IR rules of reference §5.4 (and the anchor charset)
// that the offline chapter must meet.
func checkIR(t *testing.T, ch ir.Chapter) {
	t.Helper()
	if ch.ChapterID == "" || ch.Title == "" || !anchorRe.MatchString(ch.Anchor) || len(ch.Blocks) == 0 {
		t.Errorf("chapter header invalid: id %q title %q anchor %q blocks %d", ch.ChapterID, ch.Title, ch.Anchor, len(ch.Blocks))
	}
	anchors := map[string]bool{}
	widgets := map[string]bool{}
	var check func(path string, bs []ir.Block, inQuote bool)
	check = func(path string, bs []ir.Block, inQuote bool) {
		for i, b := range bs {
			p := fmt.Sprintf("%s[%d]", path, i)
			if !ir.IsBlockType(b.Type) {
				t.Errorf("%s: type %q", p, b.Type)
			}
			if inQuote && b.Type != ir.TypeParagraph {
				t.Errorf("%s: engineQuote child of type %s", p, b.Type)
			}
			switch b.Type {
			case ir.TypeHeading:
				if b.Level < 1 || b.Level > 6 || b.Text == "" || !anchorRe.MatchString(b.Anchor) || anchors[b.Anchor] {
					t.Errorf("%s: heading %+v (anchor duplicate: %v)", p, b, anchors[b.Anchor])
				}
				anchors[b.Anchor] = true
			case ir.TypeParagraph:
				if len(b.Inlines) == 0 {
					t.Errorf("%s: paragraph without inlines", p)
				}
				for _, r := range b.Inlines {
					if strings.TrimSpace(r.Text) == "" {
						t.Errorf("%s: empty run", p)
					}
					for _, m := range r.Marks {
						if !ir.IsMarkType(m.Type) || (inQuote && m.Type != "bold" && m.Type != "italic") {
							t.Errorf("%s: mark %q", p, m.Type)
						}
						if m.Type == "link" && !strings.HasPrefix(m.Href, "http://") && !strings.HasPrefix(m.Href, "https://") {
							t.Errorf("%s: link href %q", p, m.Href)
						}
					}
				}
			case ir.TypeList:
				if !slices.Contains([]string{"ordered", "bullet", "task"}, b.ListType) || len(b.ListItems) == 0 {
					t.Errorf("%s: list %+v", p, b)
				}
				for j, it := range b.ListItems {
					if len(it) == 0 {
						t.Errorf("%s.items[%d]: empty", p, j)
					}
					check(fmt.Sprintf("%s.items[%d]", p, j), it, false)
				}
			case ir.TypeTable:
				if len(b.Rows) == 0 {
					t.Errorf("%s: table without rows", p)
				}
				for j, r := range b.Rows {
					if len(r.Cells) == 0 {
						t.Errorf("%s.rows[%d]: no cells", p, j)
					}
					for k, c := range r.Cells {
						if len(c.Blocks) == 0 {
							t.Errorf("%s.rows[%d].cells[%d]: no blocks", p, j, k)
						}
						check(fmt.Sprintf("%s.rows[%d].cells[%d]", p, j, k), c.Blocks, false)
					}
				}
			case ir.TypeSwotTable, ir.TypePestTable:
				n := 0
				for _, q := range [][]ir.QuadrantItem{b.Strengths, b.Weaknesses, b.Opportunities, b.Threats, b.Political, b.Economic, b.Social, b.Technological} {
					n += len(q)
					for _, it := range q {
						if it.Title == "" {
							t.Errorf("%s: quadrant item without title", p)
						}
					}
				}
				if n == 0 {
					t.Errorf("%s: empty %s", p, b.Type)
				}
			case ir.TypeBlockquote, ir.TypeCallout, ir.TypeEngineQuote:
				if len(b.Blocks) == 0 {
					t.Errorf("%s: %s without blocks", p, b.Type)
				}
				if b.Type == ir.TypeCallout && !slices.Contains([]string{"info", "warning", "success", "danger"}, b.Tone) {
					t.Errorf("%s: callout tone %q", p, b.Tone)
				}
				if b.Type == ir.TypeEngineQuote {
					want := map[string]string{"insight": "Insight Agent", "media": "Media Agent", "query": "Query Agent"}[b.Engine]
					if want == "" || b.Title != want {
						t.Errorf("%s: engineQuote engine %q title %q", p, b.Engine, b.Title)
					}
				}
				check(p+".blocks", b.Blocks, b.Type == ir.TypeEngineQuote)
			case ir.TypeKPIGrid:
				if len(b.KPIItems) == 0 {
					t.Errorf("%s: empty kpiGrid", p)
				}
				for _, k := range b.KPIItems {
					if k.Label == "" || k.Value == "" {
						t.Errorf("%s: kpi %+v", p, k)
					}
				}
			case ir.TypeWidget:
				if b.WidgetID == "" || b.WidgetType == "" || b.Data == nil || len(b.Data.Labels) == 0 || widgets[b.WidgetID] {
					t.Errorf("%s: widget %+v", p, b)
				}
				widgets[b.WidgetID] = true
				for _, d := range b.Data.Datasets {
					if len(d.Data) != len(b.Data.Labels) {
						t.Errorf("%s: dataset %q has %d values for %d labels", p, d.Label, len(d.Data), len(b.Data.Labels))
					}
				}
			}
		}
	}
	check("blocks", ch.Blocks, false)
}
