package nodes

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"reportengine/graphrag"
	"reportengine/graphrag/queryengine"
	"reportengine/ir"
	"reportengine/llm/tokens"
	"reportengine/prompts"
	"reportengine/templates"
)

// Tests written for the survivors of the issue-20 fresh mutation round
// (docs/mutations.md, G-rows): each fails when its rule is reversed or
// removed.

// The first fatal error ends the run and is the one reported, whatever
// stops later (G01).
func TestStopKeepsFirstFatalError(t *testing.T) {
	first, second := errors.New("first"), errors.New("second")
	r := &runState{cancel: func() {}}
	r.stop(first)
	r.stop(second)
	if got := r.cause(context.Canceled); got != first {
		t.Errorf("cause = %v, want the first fatal error", got)
	}
}

// A chapter budget's minimum above its target and maximum below it are
// dropped (0); consistent ones are kept (G04, G05).
func TestCheckBudgetsDropsInconsistentBounds(t *testing.T) {
	known := map[string]bool{"S1": true, "S2": true}
	got := checkBudgets([]prompts.ChapterBudget{
		{ChapterID: "S1", TargetWords: 800, MinWords: 900, MaxWords: 700},
		{ChapterID: "S2", TargetWords: 800, MinWords: 600, MaxWords: 1000},
	}, known)
	if b := got["S1"]; b.MinWords != 0 || b.MaxWords != 0 {
		t.Errorf("S1 bounds %d-%d, want 0-0 (min above and max below the target)", b.MinWords, b.MaxWords)
	}
	if b := got["S2"]; b.MinWords != 600 || b.MaxWords != 1000 {
		t.Errorf("S2 bounds %d-%d, want 600-1000", b.MinWords, b.MaxWords)
	}
}

// budgetReply is a WordBudgeter giving a fixed reply.
type budgetReply prompts.WordBudgetReply

func (b budgetReply) BudgetWords(context.Context, prompts.WordBudgetInput) (prompts.WordBudgetReply, CallStats, error) {
	return prompts.WordBudgetReply(b), CallStats{Calls: 1}, nil
}

// A reply without a total gets the sum of the chapters' targets (G07).
func TestWordBudgetTotalIsChaptersSum(t *testing.T) {
	secs := []templates.Section{{ChapterID: "S1", Title: "一"}, {ChapterID: "S2", Title: "二"}}
	wb := WordBudget{Budgeter: budgetReply{Chapters: []prompts.ChapterBudget{
		{ChapterID: "S1", TargetWords: 700}, {ChapterID: "S2", TargetWords: 500}}}}
	out, err := wb.Run(context.Background(), WordBudgetInput{Topic: "咖啡", Sections: secs})
	if err != nil {
		t.Fatal(err)
	}
	if out.TotalWords != 1200 {
		t.Errorf("total %d, want 1200 (700 + 500)", out.TotalWords)
	}
}

// The layout's hero keeps a KPI only with a label and a value, and a tone
// only when it is up, down or neutral (G10, G11).
func TestCheckHeroKPIRules(t *testing.T) {
	h := checkHero(ir.Hero{KPIs: []ir.KPI{
		{Label: "负面占比", Value: "79%", DeltaTone: "danger"},
		{Label: "无值", Value: " "},
		{Label: "阅读量", Value: "3.8亿", DeltaTone: "up"},
	}})
	if len(h.KPIs) != 2 || h.KPIs[0].Label != "负面占比" || h.KPIs[1].Label != "阅读量" {
		t.Fatalf("KPIs %+v, want 负面占比 and 阅读量", h.KPIs)
	}
	if h.KPIs[0].DeltaTone != "" || h.KPIs[1].DeltaTone != "up" {
		t.Errorf("tones %q %q, want \"\" and up", h.KPIs[0].DeltaTone, h.KPIs[1].DeltaTone)
	}
}

// cleanDescription cuts at the first bracket left open, not the last
// (G12).
func TestCleanDescriptionCutsAtFirstOpenBracket(t *testing.T) {
	if got := cleanDescription(`热度上升 {"a": [1, 2`); got != "热度上升" {
		t.Errorf("got %q, want 热度上升", got)
	}
}

// KPI cards: labels naming their subject come before bare ones whatever
// their order (G13); a passage's second figure joins its card only with
// another value (G14); a figure's own item is cited once (G15).
func TestHeroKPICardRules(t *testing.T) {
	kpis := heroKPICards([]prompts.FigureRef{
		{ItemID: "E1", Kind: "sentiment", KPI: "负面", Raw: "40%"},
		{ItemID: "E2", Kind: "sentiment", KPI: "网民负面情绪占比", Raw: "62%"},
		{ItemID: "E3", Kind: "volume", KPI: "话题阅读总量", Raw: "3.8亿"},
		{ItemID: "E3", Kind: "volume", KPI: "话题阅读总量", Raw: "3.8亿"},
	})
	var labels, values []string
	for _, k := range kpis {
		labels, values = append(labels, k.Label), append(values, k.Value)
	}
	if got := strings.Join(labels, ","); got != "网民负面情绪占比,话题阅读总量,负面" {
		t.Errorf("labels %s, want the subject-naming ones first", got)
	}
	if len(values) > 1 && values[1] != "3.8亿" {
		t.Errorf("value %q, want 3.8亿 (a repeated value is not joined)", values[1])
	}
	if got := figureCite(prompts.FigureRef{ItemID: "E7", Primary: "E7"}); got != "[E7]" {
		t.Errorf("figureCite = %q, want [E7]", got)
	}
	if got := figureCite(prompts.FigureRef{ItemID: "E7", Primary: "E2"}); got != "[E2][E7]" {
		t.Errorf("figureCite = %q, want [E2][E7]", got)
	}
}

// The hero's findings are statements of 12 runes or more (G17).
func TestHeroFindingsMinimumLength(t *testing.T) {
	got := heroFindings([]string{"负面情绪明显上升。", "校园樱花季的游客预约量较去年明显上升。"}, 90)
	if len(got) != 1 || !strings.HasPrefix(got[0], "校园樱花季") {
		t.Errorf("findings %q, want only the 18-rune one", got)
	}
}

// A link to a page two graph sources share is the source with the
// smallest id (G18).
func TestReferencesGraphSourceSmallestID(t *testing.T) {
	const u = "https://x.cn/p"
	graph := map[string]prompts.GraphSource{}
	for _, id := range []string{"src-b", "src-a", "src-c"} {
		graph[id] = prompts.GraphSource{ID: id, Title: "页面 " + id, URL: u}
	}
	for range 5 { // map order varies from run to run
		chs := []ir.Chapter{{ChapterID: "S1", Blocks: []ir.Block{{Type: ir.TypeParagraph,
			Inlines: []ir.Inline{{Text: "见报道", Marks: []ir.Mark{{Type: ir.MarkLink, Href: u}}}}}}}}
		srcs := references(chs, nil, citeSet(), graph, graphSources{})
		if len(srcs) != 1 || srcs[0].ID != "src-a" {
			t.Fatalf("sources %+v, want one with id src-a", srcs)
		}
	}
}

// An engine quote warning quotes the sentence cut at 40 runes (G20).
func TestCheckTextWarningCutsSentence(t *testing.T) {
	set := citeSet()
	id := idOf(t, set, "网络讨论")
	long := strings.Repeat("这是一段并不在引用段落中的话", 5)
	ws := checkText("S1", long+"["+id+"]", set, nil, true)
	if len(ws) != 1 {
		t.Fatalf("warnings %q, want one", ws)
	}
	want := "“" + string([]rune(long)[:40]) + "…”"
	if !strings.Contains(ws[0], want) {
		t.Errorf("warning %q, want the sentence cut to %q", ws[0], want)
	}
}

// Over the token budget a source goes before a query when there are as
// many of each (G23).
func TestMergeResultsDropsSourceFirstOnTie(t *testing.T) {
	var r queryengine.Result
	for i, e := range []string{"media", "query"} {
		r.MatchedQueries = append(r.MatchedQueries, item("q"+itoa(i), "search_query", "query_text", "搜索"+itoa(i), "engine", e))
		r.MatchedSources = append(r.MatchedSources, item("s"+itoa(i), "source", "title", "来源"+itoa(i), "url", "https://x/"+itoa(i)))
	}
	full := mergeResults([]*queryengine.Result{&r}, 1, 100000)
	b, _ := json.Marshal(full)
	res := mergeResults([]*queryengine.Result{&r}, 1, tokens.Count(string(b))-1)
	if len(res.Sources) != 1 || len(res.Queries) != 2 {
		t.Errorf("%d sources, %d queries; want 1 and 2 (one source dropped)", len(res.Sources), len(res.Queries))
	}
}

// A URL both the given sources and the graph hold is the source with the
// smaller id, whichever holds it (G19).
func TestSourceByURLSmallerIDOfGivenAndGraph(t *testing.T) {
	const u = "https://a.example/p"
	g := graphrag.New()
	if err := g.AddNode(&graphrag.Node{ID: "S5", Type: graphrag.TypeSource, Name: "graph's", Attrs: graphrag.Attributes{{Key: "url", Value: u}}}); err != nil {
		t.Fatal(err)
	}
	for given, want := range map[string]string{"S3": "S3", "S7": "S5"} {
		rl := &refList{all: graphSources{g: g}, graphByURL: map[string]prompts.GraphSource{u: {ID: given, URL: u}}}
		if got, ok := rl.sourceByURL(u); !ok || got.ID != want {
			t.Errorf("given %s: source %+v, %v; want %s", given, got, ok, want)
		}
	}
}
