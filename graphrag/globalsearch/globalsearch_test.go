package globalsearch

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"

	"reportengine/graphrag/knowledge"
	"reportengine/llm"
	"reportengine/llm/openaicompat"
)

// Python 3: random.seed(86); l = list(range(n)); random.shuffle(l); print(l)
// (the reference's random_state), run once to get these lists.
func TestPyShuffleMatchesPython(t *testing.T) {
	for _, tc := range []struct {
		n    int
		want []int
	}{
		{10, []int{4, 1, 3, 2, 6, 9, 7, 5, 8, 0}},
		{40, []int{23, 15, 10, 17, 8, 29, 33, 2, 30, 38, 25, 37, 7, 22, 34, 9, 12, 5, 39, 11, 21, 31, 18, 36, 14, 13, 26, 3, 16, 27, 28, 6, 24, 19, 32, 4, 0, 20, 35, 1}},
	} {
		l := make([]int, tc.n)
		for i := range l {
			l[i] = i
		}
		pyShuffle(l, 86)
		if !slices.Equal(l, tc.want) {
			t.Errorf("n=%d: %v, want %v", tc.n, l, tc.want)
		}
	}
	// random.seed(86); [random.getrandbits(32) for _ in range(3)]
	r := newPyRandom(86)
	for i, want := range []uint32{3399577998, 3340717711, 133288886} {
		if got := r.uint32(); got != want {
			t.Errorf("draw %d: %d, want %d", i, got, want)
		}
	}
}

// smallModel has five reports with contents of known rune lengths and no
// entities (so no weight column): with the rune tokenizer every budget is
// worked out by hand.
func smallModel(t *testing.T, contents ...string) *knowledge.Model {
	t.Helper()
	var reps []knowledge.CommunityReport
	for i, c := range contents {
		id := fmt.Sprint(i)
		reps = append(reps, knowledge.CommunityReport{ID: "r" + id, ShortID: id, CommunityID: id, Title: "T" + id, FullContent: c, Rank: float64(i + 1), HasRank: true})
	}
	m, err := knowledge.New(knowledge.Parts{Reports: reps})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// Batches are cut when the next row would take the batch over the budget:
// header block "-----Reports-----\n" (18) + "id|title|content|rank\n" (22)
// = 40 runes; a row "i|Ti|<content>|<rank>.0\n" is 10 + len(content)
// runes. With contents of 20, 20, 20, 5 and 30 runes (rows 30, 30, 30, 15,
// 40) in model order and a budget of 100: 40+30+30 = 100 fits, +30 does
// not → [0 1]; [2 3] = 40+30+15 = 85, +40 = 125 → cut; [4] = 80.
// Reversing the check (cutting while it fits) or letting a batch reach
// 101 gives other batches.
func TestBatchesUnderBudget(t *testing.T) {
	m := smallModel(t, strings.Repeat("a", 20), strings.Repeat("b", 20), strings.Repeat("c", 20), strings.Repeat("d", 5), strings.Repeat("e", 30))
	b, err := NewContextBuilder(m, Config{Tokenizer: runeTokenizer{}})
	if err != nil {
		t.Fatal(err)
	}
	p := DefaultParams()
	p.Shuffle = false
	p.MaxContextTokens = 100
	c, err := b.Build(t.Context(), nil, p)
	if err != nil {
		t.Fatal(err)
	}
	var got [][]int
	var toks []int
	for _, bt := range c.Batches {
		ids := slices.Clone(bt.Reports)
		slices.Sort(ids)
		got = append(got, ids)
		toks = append(toks, bt.Tokens)
		if bt.Tokens > p.MaxContextTokens {
			t.Errorf("batch %v: %d tokens > %d", bt.Reports, bt.Tokens, p.MaxContextTokens)
		}
	}
	if fmt.Sprint(got) != "[[0 1] [2 3] [4]]" || fmt.Sprint(toks) != "[100 85 80]" {
		t.Errorf("batches %v tokens %v, want [[0 1] [2 3] [4]] [100 85 80]", got, toks)
	}
	// rows by rank, descending, inside a batch; CSV without the section line
	if want := "id|title|content|rank\n1|T1|" + strings.Repeat("b", 20) + "|2.0\n0|T0|" + strings.Repeat("a", 20) + "|1.0\n"; c.Batches[0].Text != want {
		t.Errorf("batch 0 text %q, want %q", c.Batches[0].Text, want)
	}
	if ids := c.ReportIDs(); fmt.Sprint(ids) != "[1 0 3 2 4]" {
		t.Errorf("report ids %v", ids)
	}

	// A report too long for any batch is cut to fit alone (49 content
	// runes: 40 + 10 + 49 = 99 ≤ 100) and listed.
	m = smallModel(t, strings.Repeat("x", 500))
	b, _ = NewContextBuilder(m, Config{Tokenizer: runeTokenizer{}})
	c, err = b.Build(t.Context(), nil, p)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Batches) != 1 || c.Batches[0].Tokens != 100 || fmt.Sprint(c.Cut) != "[0]" || !strings.Contains(c.Batches[0].Text, "|"+strings.Repeat("x", 50)+"|") {
		t.Errorf("cut report: %+v", c)
	}
}

// Shuffling uses Python's order: 10 reports with seed 86 are batched in
// the order [4 1 3 2 6 9 7 5 8 0] (TestPyShuffleMatchesPython); one batch
// holds them all and sorts them by rank, so with one report per batch the
// batch order shows the shuffle.
func TestBatchOrderShuffled(t *testing.T) {
	var cs []string
	for range 10 {
		cs = append(cs, strings.Repeat("z", 20))
	}
	b, _ := NewContextBuilder(smallModel(t, cs...), Config{Tokenizer: runeTokenizer{}})
	p := DefaultParams()
	p.MaxContextTokens = 80 // header 40 + one row of 31 runes ("9|T9|…|10.0" is 32)
	c, err := b.Build(t.Context(), nil, p)
	if err != nil {
		t.Fatal(err)
	}
	var order []int
	for _, bt := range c.Batches {
		order = append(order, bt.Reports...)
	}
	if fmt.Sprint(order) != "[4 1 3 2 6 9 7 5 8 0]" {
		t.Errorf("batch order %v", order)
	}
}

// Points are ranked by score, descending; ties keep batch order, then the
// batch's own order; score 0 is dropped. Reversing the score order or the
// tie-break fails.
func TestRankPoints(t *testing.T) {
	maps := []MapResponse{
		{Batch: 0, Points: []Point{{"a", 50}, {"b", 90}, {"c", 0}, {"d", 50}}},
		{Batch: 1, Points: []Point{{"e", 90}, {"f", 50}}},
	}
	var got []string
	for _, p := range RankPoints(maps) {
		got = append(got, p.Description)
	}
	if strings.Join(got, "") != "beadf" {
		t.Errorf("ranked %v, want b e a d f", got)
	}
}

// The reduce data takes the ranked points while they fit and stops at the
// first that does not (even if a later, shorter one would fit).
func TestPackPointsBudget(t *testing.T) {
	e, err := NewEngine(mustBuilder(t), EngineConfig{Tokenizer: runeTokenizer{}})
	if err != nil {
		t.Fatal(err)
	}
	pts := []RankedPoint{{Point: Point{"aaaa", 90}}, {Point: Point{strings.Repeat("b", 40), 80}, Batch: 1}, {Point: Point{"c", 70}}}
	one := len([]rune(formatPoint(pts[0])))
	kept, data := e.packPoints(pts, one+10)
	if len(kept) != 1 || data != formatPoint(pts[0]) || !strings.HasPrefix(data, "----Analyst 1----\nImportance Score: 90\naaaa") {
		t.Errorf("kept %v data %q", kept, data)
	}
	kept, _ = e.packPoints(pts, 10000)
	if len(kept) != 3 {
		t.Errorf("all fit: kept %d", len(kept))
	}
}

func mustBuilder(t *testing.T) *ContextBuilder {
	b, err := NewContextBuilder(smallModel(t, "one"), Config{})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestParsePoints(t *testing.T) {
	pts, warn := ParsePoints("map 1", "```json\n{\"points\": [{\"description\": \"x [Data: Reports (1)]\", \"score\": \"85\"}, {\"description\": \"y\", \"score\": 101.7}, {\"score\": 3}, {\"description\": \"z\", \"score\": -4}]}\n```")
	if warn != "" || fmt.Sprint(pts) != "[{x [Data: Reports (1)] 85} {y 100} {z 0}]" {
		t.Errorf("points %v warning %q", pts, warn)
	}
	if pts, warn := ParsePoints("map 2", "I do not know."); len(pts) != 0 || !strings.Contains(warn, "map 2") {
		t.Errorf("no JSON: %v %q", pts, warn)
	}
	if pts, warn := ParsePoints("map 3", `{"answer": "x"}`); len(pts) != 0 || warn == "" {
		t.Errorf("no points: %v %q", pts, warn)
	}
}

// checkCited: every bullet of an extractive answer cites exactly one
// report, and that report was in a batch.
func checkCited(t *testing.T, res *Result) int {
	t.Helper()
	shown := map[string]bool{}
	for _, id := range res.Context.ReportIDs() {
		shown[id] = true
	}
	n := 0
	for _, l := range strings.Split(res.Response, "\n") {
		if !strings.HasPrefix(l, "- ") {
			continue
		}
		n++
		cs := ParseCitations(l, res.Context, nil)
		if len(cs) != 1 || !cs[0].InContext || !shown[cs[0].ID] {
			t.Errorf("bullet %q: citations %+v", l, cs)
		}
	}
	if len(res.UnknownCitations()) > 0 {
		t.Errorf("unknown citations %+v", res.UnknownCitations())
	}
	return n
}

// On the Dulce index (Microsoft GraphRAG output), a broad English question
// is answered offline from the lead sentences of the best-ranked reports,
// each cited by a report id of the batches (one asking for themes is
// answered from the findings: TestThemesFromFindings).
func TestDulceBroadOffline(t *testing.T) {
	m := dulceModel(t)
	e := offlineEngine(t, m)
	res, err := e.Search(t.Context(), Query{Text: "What is the story about overall?"})
	if err != nil {
		t.Fatal(err)
	}
	if res.NoData || !res.Extractive || res.LLMCalls != 0 || !strings.HasPrefix(res.Response, "**Extracted answer**") {
		t.Fatalf("result: no_data %v, extractive %v, calls %d\n%s", res.NoData, res.Extractive, res.LLMCalls, res.Response)
	}
	if n := checkCited(t, res); n < 4 {
		t.Errorf("%d bullets:\n%s", n, res.Response)
	}
	ids := map[string]bool{}
	for _, c := range res.Citations {
		ids[c.ID] = true
	}
	if len(ids) < 3 {
		t.Errorf("cites %d reports, want ≥ 3 (a broad answer draws on several)", len(ids))
	}
	for _, w := range []string{"Dulce", "Paranormal Military Squad"} {
		if !strings.Contains(res.Response, w) {
			t.Errorf("answer does not mention %q:\n%s", w, res.Response)
		}
	}
	// the report that leads has the best mean of rank over the top rank and
	// occurrence weight (distinct text units of its community's entities
	// over the most any community has, counted here)
	units := map[string]map[string]bool{}
	for _, en := range m.Entities() {
		for _, c := range en.CommunityIDs {
			if units[c] == nil {
				units[c] = map[string]bool{}
			}
			for _, u := range en.TextUnitIDs {
				units[c][u] = true
			}
		}
	}
	maxRank, maxUnits := 0.0, 0
	for _, r := range m.Reports() {
		maxRank = max(maxRank, r.Rank)
		maxUnits = max(maxUnits, len(units[r.CommunityID]))
	}
	best, bestImp := "", -1.0
	for _, r := range m.Reports() {
		imp := (r.Rank/maxRank + float64(len(units[r.CommunityID]))/float64(maxUnits)) / 2
		if imp > bestImp {
			best, bestImp = r.ShortID, imp
		}
	}
	if first := res.Citations[0].ID; first != best {
		t.Errorf("first citation %s, want the most important report %s (rank and occurrence weight)", first, best)
	}
	// deterministic
	again, _ := e.Search(t.Context(), Query{Text: "What is the story about overall?"})
	if again.Response != res.Response {
		t.Error("two searches differ")
	}
}

// On the BettaFish graph, "总体舆情怎么样？" is answered in Chinese from the
// engines' reports, speaking of the 图书馆 event the run is about — never from the topic report's bookkeeping (engines,
// section lists, record counts).
func TestBettaFishBroadOffline(t *testing.T) {
	e := offlineEngine(t, bettafishModel(t))
	res, err := e.Search(t.Context(), Query{Text: "总体舆情怎么样？"})
	if err != nil {
		t.Fatal(err)
	}
	if res.NoData || !strings.HasPrefix(res.Response, "**摘录式回答**") {
		t.Fatalf("answer:\n%s", res.Response)
	}
	if n := checkCited(t, res); n < 3 {
		t.Errorf("%d bullets:\n%s", n, res.Response)
	}
	if !strings.Contains(res.Response, "图书馆") {
		t.Errorf("answer does not speak of the run's main event (图书馆):\n%s", res.Response)
	}
	for _, bad := range []string{"条搜索记录", "段落：", "研究引擎", "好的，"} {
		if strings.Contains(res.Response, bad) {
			t.Errorf("answer quotes bookkeeping %q:\n%s", bad, res.Response)
		}
	}
	for _, c := range res.Citations {
		if c.ID == "0" {
			t.Errorf("cites the topic report:\n%s", res.Response)
		}
	}
}

// A question about nothing the reports hold gets the no-data answer.
func TestOffTopicNoData(t *testing.T) {
	e := offlineEngine(t, bettafishModel(t))
	res, err := e.Search(t.Context(), Query{Text: "火星殖民计划的进展如何？"})
	if err != nil {
		t.Fatal(err)
	}
	if !res.NoData || res.Response != NoDataAnswerZH || len(res.Citations) != 0 {
		t.Errorf("no_data %v:\n%s", res.NoData, res.Response)
	}
	e = offlineEngine(t, dulceModel(t))
	res, _ = e.Search(t.Context(), Query{Text: "What is the price of bitcoin in Tokyo?"})
	if !res.NoData || res.Response != NoDataAnswer {
		t.Errorf("no_data %v:\n%s", res.NoData, res.Response)
	}
}

// Auto routing: broad wording or no single entity covering the terms goes
// global; a named entity or one covering the terms goes local. Each pair
// fails if the rule is reversed.
func TestRoute(t *testing.T) {
	d, bf, cf := NewRouter(dulceModel(t)), NewRouter(bettafishModel(t)), NewRouter(coffeeModel(t))
	for _, tc := range []struct {
		r    *Router
		q    string
		want Method
	}{
		{d, "What are the main themes of the story?", MethodGlobal},
		{d, "Give me an overall summary.", MethodGlobal},
		{d, "Who is Alex Mercer?", MethodLocal},
		{d, "What does Taylor Cruz decide?", MethodLocal},
		{bf, "总体舆情怎么样？", MethodGlobal},
		{bf, "武汉大学的舆情在哪些方面引发了讨论？", MethodGlobal},
		// the reports do not hold it: local, whose relevance rule refuses it
		// without a model call (global would ask the model once per batch)
		{bf, "火星殖民计划的进展如何？", MethodLocal},
		{d, "What is the recipe for lasagna overall?", MethodLocal},
		{cf, "李明为什么选择写字楼商圈？", MethodLocal},
		{cf, "咖啡豆的供应商是谁？", MethodLocal},
		// terms the reports hold (2022, 冠军) but the knowledge only in
		// passing: local, whose relevance rule refuses it
		{bf, "2022年世界杯冠军是哪支球队？", MethodLocal},
		{cf, "拿铁和美式各卖多少钱？", MethodLocal},
		{cf, "咖啡豆的进货价是多少？", MethodLocal},
		// reports hold 美国 and 旅游, the knowledge only in passing (topical
		// share 31% < 1/3): local, whose relevance rule refuses it
		{bf, "如何申请美国旅游签证？", MethodLocal},
		// no entity covers its terms, one of the best source texts does
		{bf, "长江大保护相关的网络情绪如何？", MethodLocal},
		{bf, "报告建议武大建立怎样的声誉风险管理机制？", MethodLocal},
		// a comparison of two named sides: local (each side's sentences
		// under its name), though no entity covers the terms and even with
		// broad wording (主要)
		{bf, "微博和抖音上关于武汉大学的讨论有什么不同？", MethodLocal},
		{bf, "微博和抖音上的舆情主要有什么区别？", MethodLocal},
	} {
		got := tc.r.Route(tc.q)
		if got.Method != tc.want || got.Reason == "" {
			t.Errorf("%q: %+v, want %s", tc.q, got, tc.want)
		}
	}
	// no reports: always local
	m, _ := knowledge.New(knowledge.Parts{Entities: []knowledge.Entity{{ID: "e", Title: "X"}}})
	if got := NewRouter(m).Route("What are the main themes?"); got.Method != MethodLocal {
		t.Errorf("no reports: %+v", got)
	}
}

// The relevance rule decides before the reports: a question whose words a
// report holds but the knowledge's entities and texts hold only in passing
// goes local, where the gate refuses it: "weather" is in the report only
// (the lexical statistics count entities and texts); without the rule no
// entity or text covers it and it would go global.
func TestRouteRelevanceFirst(t *testing.T) {
	units := []knowledge.TextUnit{}
	for i := range 4 {
		units = append(units, knowledge.TextUnit{ID: fmt.Sprint("u", i), ShortID: fmt.Sprint(i), Text: "The rover drove north and the rover team logged its path."})
	}
	m, err := knowledge.New(knowledge.Parts{
		Entities:  []knowledge.Entity{{ID: "e0", ShortID: "0", Title: "ROVER", Description: "A rover on the plain.", CommunityIDs: []string{"0"}}},
		TextUnits: units,
		Reports:   []knowledge.CommunityReport{{ID: "r0", ShortID: "0", CommunityID: "0", Title: "Rover weather", FullContent: "The rover met bad weather. The weather turned on day two."}},
	})
	if err != nil {
		t.Fatal(err)
	}
	r := NewRouter(m)
	if got := r.Route("How was the weather?"); got.Method != MethodLocal || !strings.Contains(got.Reason, "only in passing") {
		t.Errorf("weather: %+v", got)
	}
}

func TestParseMethod(t *testing.T) {
	for in, want := range map[string]Method{"": MethodAuto, " Global ": MethodGlobal, "local": MethodLocal, "AUTO": MethodAuto} {
		if got, err := ParseMethod(in); err != nil || got != want {
			t.Errorf("%q: %q %v", in, got, err)
		}
	}
	if _, err := ParseMethod("drift"); !errors.Is(err, ErrConfig) {
		t.Errorf("drift: %v", err)
	}
}

func TestCitations(t *testing.T) {
	b, _ := NewContextBuilder(smallModel(t, "x", "y"), Config{})
	c, _ := b.Build(t.Context(), nil, DefaultParams())
	cs := ParseCitations("A [Data: Reports (1, 7, +more)]. B 【Data：Reports（0）；Entities (3)】. C [Data: Report (1)]", c, b.Model().Reports())
	got := ""
	for _, x := range cs {
		got += fmt.Sprintf("%s:%s:%v:%s ", x.Dataset, x.ID, x.InContext, x.Title)
	}
	if got != "Reports:1:true:T1 Reports:7:false: Reports:0:true:T0 Entities:3:false: " {
		t.Errorf("citations %s", got)
	}
	// "+more" is kept on its group's ids; ids without round brackets are
	// read as local search reads them
	if !cs[0].More || !cs[1].More || cs[2].More {
		t.Errorf("more: %+v", cs)
	}
	if bare := ParseCitations("[Data: Reports 1, 7]", c, nil); len(bare) != 2 || !bare[0].InContext || bare[1].InContext {
		t.Errorf("bare ids: %+v", bare)
	}
}

// A cited id that names no report of the batches (an unknown report id,
// another dataset) is marked where it stands, printed and streamed alike
// (before: only listed after the answer); report ids of the batches and
// the text around them are unchanged.
func TestMarkCitations(t *testing.T) {
	b, _ := NewContextBuilder(smallModel(t, "x", "y"), Config{})
	c, _ := b.Build(t.Context(), nil, DefaultParams())
	m := NotInContextMark
	answer := "A [Data: Reports (1, 7, +more)]. B 【Data：Reports（0）；Entities (3)】. C [Data: Report (1)] [1]"
	want := "A [Data: Reports (1, 7" + m + ", +more)]. B 【Data：Reports（0）；Entities (3" + m + ")】. C [Data: Report (1)] [1]"
	if got := MarkCitations(answer, c); got != want {
		t.Errorf("MarkCitations =\n%s\nwant\n%s", got, want)
	}
	for _, s := range []string{"no citation", "[Data: Reports (0, 1)]", "[Data: Report (1)]"} {
		if got := MarkCitations(s, c); got != s {
			t.Errorf("MarkCitations(%q) = %q, want it unchanged", s, got)
		}
	}
	for n := 1; n <= 7; n++ {
		var out strings.Builder
		mk := NewCitationMarker(c, func(s string) error { out.WriteString(s); return nil })
		for rest := answer; rest != ""; {
			k := min(n, len(rest))
			if err := mk.Write(rest[:k]); err != nil {
				t.Fatal(err)
			}
			rest = rest[k:]
		}
		if err := mk.Flush(); err != nil {
			t.Fatal(err)
		}
		if out.String() != want {
			t.Errorf("streamed in %d-byte deltas:\n%s\nwant\n%s", n, out.String(), want)
		}
	}
}

// scripted is an OpenAI-compatible chat server: non-streamed requests are
// map requests and get mapReply(batch text); the streamed request is the
// reduce and gets reduceReply in three chunks. It records the requests in
// arrival order.
type scripted struct {
	mu       sync.Mutex
	requests []chatRequest
}

type chatRequest struct {
	Stream         bool            `json:"stream"`
	ResponseFormat json.RawMessage `json:"response_format"`
	Messages       []llm.Message   `json:"messages"`
}

func (s *scripted) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	var req chatRequest
	if err := json.Unmarshal(body, &req); err != nil {
		http.Error(w, err.Error(), 400)
		return
	}
	s.mu.Lock()
	s.requests = append(s.requests, req)
	s.mu.Unlock()
	if !req.Stream {
		reply := `{"points": [{"description": "The squad investigates Dulce [Data: Reports (0)]", "score": 80}, {"description": "Nothing else", "score": 0}]}`
		if !strings.Contains(req.Messages[0].Content, "\n0|") {
			reply = `{"points": [{"description": "Other batch point [Data: Reports (99)]", "score": 40}]}`
		}
		out, _ := json.Marshal(reply)
		fmt.Fprintf(w, `{"id":"m","object":"chat.completion","model":"fake","choices":[{"index":0,"message":{"role":"assistant","content":%s},"finish_reason":"stop"}],"usage":{"prompt_tokens":1,"completion_tokens":1}}`, out)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	for _, part := range []string{"The squad ", "investigates Dulce ", "[Data: Reports (0, 99)]."} {
		d, _ := json.Marshal(part)
		fmt.Fprintf(w, "data: {\"id\":\"r\",\"object\":\"chat.completion.chunk\",\"model\":\"fake\",\"choices\":[{\"index\":0,\"delta\":{\"content\":%s}}]}\n\n", d)
	}
	fmt.Fprint(w, "data: {\"id\":\"r\",\"object\":\"chat.completion.chunk\",\"model\":\"fake\",\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}\n\ndata: [DONE]\n\n")
}

// With an OpenAI-compatible model, every batch gets a JSON-mode map request
// (MapPrompt with the batch), then one streamed reduce request whose data
// holds the points above 0, best first; the answer streams as it comes and
// its citations are checked against the batches (99 is no report).
func TestModelMapThenReduce(t *testing.T) {
	srv := &scripted{}
	ts := httptest.NewServer(srv)
	defer ts.Close()
	model, err := openaicompat.New(openaicompat.Config{BaseURL: ts.URL + "/v1", Model: "fake", MaxAttempts: 1})
	if err != nil {
		t.Fatal(err)
	}
	m := dulceModel(t)
	b, _ := NewContextBuilder(m, Config{})
	p := DefaultParams()
	p.MaxContextTokens = 3000 // several batches
	e, err := NewEngine(b, EngineConfig{Model: model, Params: &p})
	if err != nil {
		t.Fatal(err)
	}
	var deltas []string
	var ctxSeen *Context
	res, err := e.Stream(context.Background(), Query{Text: "What are the main themes?"}, func(ev Event) error {
		if ev.Context != nil {
			ctxSeen = ev.Context
		} else {
			deltas = append(deltas, ev.Delta)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	nb := len(ctxSeen.Batches)
	if nb < 2 {
		t.Fatalf("%d batches; the test needs several", nb)
	}
	if len(srv.requests) != nb+1 {
		t.Fatalf("%d requests, want %d map + 1 reduce", len(srv.requests), nb)
	}
	for i, r := range srv.requests[:nb] {
		if r.Stream || !strings.Contains(string(r.ResponseFormat), "json_object") || !strings.Contains(r.Messages[0].Content, "---Data tables---") ||
			r.Messages[1].Content != "What are the main themes?" {
			t.Errorf("map request %d: stream %v format %s", i, r.Stream, r.ResponseFormat)
		}
	}
	red := srv.requests[nb]
	if !red.Stream || !strings.Contains(red.Messages[0].Content, "---Analyst findings---") {
		t.Fatalf("last request is not the reduce: %+v", red.Stream)
	}
	// the batch holding report 0 scored 80, every other batch 40; 0 is dropped
	data := red.Messages[0].Content
	i80 := strings.Index(data, "Importance Score: 80\nThe squad investigates Dulce")
	i40 := strings.Index(data, "Importance Score: 40\nOther batch point")
	if i80 < 0 || i40 < 0 || i80 > i40 || strings.Contains(data, "Nothing else") {
		t.Errorf("reduce data out of order or with a 0 point:\n%s", res.ReduceContextText)
	}
	if strings.Join(deltas, "") != "The squad investigates Dulce [Data: Reports (0, 99)]." || res.Response != strings.Join(deltas, "") {
		t.Errorf("streamed %q, response %q", deltas, res.Response)
	}
	if res.LLMCalls != nb+1 || res.LLMCallsCategories["map"] != nb || res.LLMCallsCategories["reduce"] != 1 || res.Extractive {
		t.Errorf("calls %d %v", res.LLMCalls, res.LLMCallsCategories)
	}
	if len(res.Citations) != 2 || !res.Citations[0].InContext || res.Citations[1].InContext || res.Citations[1].ID != "99" {
		t.Errorf("citations %+v", res.Citations)
	}
}

// A Chinese broad cue counts only as whole words of the question: 概要 is
// no cue in 大概要花 (大概/要花), where matching characters made a question
// about a canteen's prices a broad one.
func TestBroadCuesWholeWords(t *testing.T) {
	for q, want := range map[string][]string{
		"武大梅园食堂一顿午饭大概要花多少钱？":              nil,
		"请给出这次舆情的概要":                      {"概要"},
		"这个方案的整体性如何？":                     nil, // 整体性 is one word: 整体 starts it, does not end it
		"武汉大学的舆情在哪些方面引发了讨论？":              {"哪些方面"},
		"综合来看，武大的公众形象怎么样？":                {"综合来看"}, // 综合 alone (综合实力) is no cue
		"请汇总一下网友的意见":                      {"汇总"},
		"有舆情工作室专门总结过武大这次处置的毛病吧，能列一下是哪几条不": nil,    // someone's summary, done: a record to find (heldout66)
		"总结过的问题都有哪些？请总结一下":                {"总结"}, // the asker asks for one too
		"请总结一下这次事件":                       {"总结"},
		"Give me an overall summary.":     {"overall", "summary"},
	} {
		if got := BroadCues(q); !slices.Equal(got, want) {
			t.Errorf("BroadCues(%q) = %q, want %q", q, got, want)
		}
	}
}
