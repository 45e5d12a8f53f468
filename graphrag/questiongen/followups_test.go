package questiongen

import (
	"context"
	"strings"
	"testing"

	"reportengine/graphrag/builder"
	"reportengine/graphrag/globalsearch"
	"reportengine/graphrag/knowledge"
	"reportengine/graphrag/localsearch"
	"reportengine/internal/fixture"
	"reportengine/llm"
	"reportengine/llm/offline"
)

// mercerEmbedder puts texts that name Mercer at [1 0], the others at [0 1].
type mercerEmbedder struct{}

func (mercerEmbedder) Embed(_ context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	for i, t := range texts {
		if strings.Contains(strings.ToLower(t), "mercer") {
			out[i] = []float32{1, 0}
		} else {
			out[i] = []float32{0, 1}
		}
	}
	return out, nil
}
func (mercerEmbedder) Info() llm.EmbedderInfo {
	return llm.EmbedderInfo{Provider: "test", Model: "mercer", Dimensions: 2}
}

// mercerStore finds ALEX MERCER at distance 0 for [1 0] and at distance 2
// (similarity 0) for anything else.
type mercerStore struct{ id string }

func (s mercerStore) Nearest(_ context.Context, q []float32, _ int) ([]knowledge.Neighbor, error) {
	d := 2.0
	if q[0] == 1 {
		d = 0
	}
	return []knowledge.Neighbor{{ID: s.id, Distance: d}}, nil
}

// gatedGenerator is a Generator over a two-entity model whose relevance
// gate (the CLI's floor) passes questions about Mercer only.
func gatedGenerator(t *testing.T, model llm.Model, classify func(string) string) *Generator {
	t.Helper()
	m, err := knowledge.New(knowledge.Parts{Entities: []knowledge.Entity{
		{ID: "e0", ShortID: "0", Title: "ALEX MERCER", Description: "Agent Alex Mercer mentors Sam Rivera.", Rank: 2, HasRank: true},
		{ID: "e1", ShortID: "1", Title: "SAM RIVERA", Description: "Sam Rivera analyses signals.", Rank: 1, HasRank: true},
	}})
	if err != nil {
		t.Fatal(err)
	}
	b, err := localsearch.NewContextBuilder(m, localsearch.Config{Embedder: mercerEmbedder{}, VectorStore: mercerStore{"e0"}})
	if err != nil {
		t.Fatal(err)
	}
	p := localsearch.DefaultParams()
	p.MinSimilarity = localsearch.NoMatchSimilarity
	g, err := New(Config{Builder: b, Model: model, Params: &p, Classify: classify})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// Each question passes the relevance gate; one the knowledge holds nothing
// about is dropped with a warning.
func TestGenerateGatesQuestions(t *testing.T) {
	model := &fixedModel{reply: "- What does Mercer teach?\n- How does quantum chromodynamics work?\n- Is Mercer the leader?\n"}
	g := gatedGenerator(t, model, nil)
	res, err := g.Generate(t.Context(), Request{History: []string{"Who is Alex Mercer?"}, Count: 3})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"What does Mercer teach?", "Is Mercer the leader?"}
	if strings.Join(res.Questions, "|") != strings.Join(want, "|") {
		t.Errorf("questions %q, want %q", res.Questions, want)
	}
	if len(res.Suggestions) != 2 || res.Suggestions[0].Method != MethodLocal || res.Suggestions[1].Question != want[1] {
		t.Errorf("suggestions %+v", res.Suggestions)
	}
	if len(res.Warnings) == 0 || !strings.Contains(strings.Join(res.Warnings, "\n"), "quantum chromodynamics") {
		t.Errorf("warnings %q lack the dropped question", res.Warnings)
	}
	if !strings.Contains(strings.Join(res.Warnings, "\n"), "2 of the 3 questions asked for passed the screen") {
		t.Errorf("warnings %q do not say how many passed", res.Warnings)
	}
}

// Each question is labelled with Classify's method; anything but global
// is local.
func TestGenerateLabels(t *testing.T) {
	model := &fixedModel{reply: "- What does Mercer do overall?\n- Is Mercer the leader?\n"}
	g := gatedGenerator(t, model, func(q string) string {
		if strings.Contains(q, "overall") {
			return MethodGlobal
		}
		return "something else"
	})
	res, err := g.Generate(t.Context(), Request{History: []string{"Who is Alex Mercer?"}, Count: 2})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Suggestions) != 2 || res.Suggestions[0].Method != MethodGlobal || res.Suggestions[1].Method != MethodLocal {
		t.Errorf("suggestions %+v", res.Suggestions)
	}
}

// Offensive wording, names cut short and page titles with their site's
// name are dropped whatever the model.
func TestUnfit(t *testing.T) {
	for _, c := range []struct {
		q    string
		want string
	}{
		{"「Paranormal Military Squa…」与「Dulce」有何关联？", "cut short"},
		{"What about the Paranormal Military Squa...?", "cut short"},
		{"「这波骚操作，让我对诬大彻底凉透」的具体情况如何？", "offensive"},
		{"Why is Mercer such an idiot?", "offensive"},
		{"「李明咖啡店」的具体情况和影响如何？", ""},
		{"「武汉大学有哪些著名校友-大学排名-鲁芽网」的具体情况和影响如何？", "site's name"},
		{"“百卅武大：大学与国家的自强之路 - 新华网”说了什么？", "site's name"},
		{"「武汉大学-新闻」与「樱花」有何关联？", ""},          // no site's name
		{"What happened next… and why?", ""}, // an ellipsis inside a sentence is no cut name
	} {
		got := Unfit(c.q)
		if (c.want == "") != (got == "") || !strings.Contains(got, c.want) {
			t.Errorf("Unfit(%q) = %q, want %q", c.q, got, c.want)
		}
	}
	model := &fixedModel{reply: "- Why is Mercer such an idiot?\n- Is Mercer the leader?\n"}
	res, err := gatedGenerator(t, model, nil).Generate(t.Context(), Request{History: []string{"Who is Alex Mercer?"}, Count: 2})
	if err != nil || len(res.Questions) != 1 || res.Questions[0] != "Is Mercer the leader?" {
		t.Errorf("generate: %v %q", err, res.Questions)
	}
}

// With the answer, the model sees the records the answer cites, and the
// questions follow them.
func TestGenerateFromCitedRecords(t *testing.T) {
	rec := localsearch.Records{
		"entities": {Columns: []string{"id", "entity", "description", "number of relationships"},
			Rows: [][]string{{"0", "ALEX MERCER", "mentor", "2"}, {"1", "SAM RIVERA", "signals\nand codes", "1"}}, InContext: []bool{true, true}},
		"reports": {Columns: []string{"id", "title", "content"}, Rows: [][]string{{"7", "Squad", "line one\nline \"two\" | three"}}},
		"sources": {Columns: []string{"id", "text"}, Rows: [][]string{{"3", "unused"}}},
	}
	answer := &localsearch.Result{Response: "Sam analyses signals [Data: Entities (1); Reports (7)]", ContextData: rec}
	answer.Citations = localsearch.ParseCitations(answer.Response, rec)
	cited := CitedRecords(answer)
	if len(cited["entities"].Rows) != 1 || cited["entities"].Rows[0][1] != "SAM RIVERA" || len(cited["reports"].Rows) != 1 || len(cited["sources"].Rows) != 0 {
		t.Fatalf("cited %+v", cited)
	}
	ctxText := CitedContext(cited)
	wantCtx := "-----Reports-----\nid|title|content\n7|Squad|\"line one\nline \"\"two\"\" | three\"\n\n" +
		"-----Entities-----\nid|entity|description|number of relationships\n1|SAM RIVERA|signals and codes|1\n"
	if ctxText != wantCtx {
		t.Errorf("CitedContext:\n%q\nwant\n%q", ctxText, wantCtx)
	}
	g := gatedGenerator(t, offline.New(), nil)
	res, err := g.Generate(t.Context(), Request{History: []string{"Who is Mercer?"}, Count: 3, Answer: answer})
	if err != nil {
		t.Fatal(err)
	}
	if res.ContextText != wantCtx {
		t.Errorf("the model saw %q, want the cited records", res.ContextText)
	}
	// the offline writer asks about Sam Rivera (cited) first, not about
	// Alex Mercer (in the context, not cited); the cited records name one
	// subject of the 3 asked for, so the rest come from the whole context
	// in a second call
	if len(res.Questions) < 2 || res.Questions[0] != "What part does Sam Rivera play in this?" || res.LLMCalls != 2 {
		t.Errorf("questions %q in %d calls, want the one about the cited record first", res.Questions, res.LLMCalls)
	}
	if first, _, _ := strings.Cut(res.Raw, "\n"); first != "- What part does Sam Rivera play in this?" {
		t.Errorf("raw reply %q", res.Raw)
	}
	// an answer that cites nothing: the built context
	res, err = g.Generate(t.Context(), Request{History: []string{"Who is Mercer?"}, Count: 1, Answer: &localsearch.Result{Response: "x"}})
	if err != nil || !strings.Contains(res.ContextText, "ALEX MERCER") {
		t.Errorf("uncited answer: %v %q", err, res.ContextText)
	}
}

// The entities a cited record is about come with it, and the
// relationships between them; the rest of the context does not.
func TestCitedRecordsAbout(t *testing.T) {
	rec := localsearch.Records{
		"entities": {Columns: []string{"id", "entity", "description"},
			Rows: [][]string{{"0", "ALEX MERCER", "a"}, {"1", "SAM RIVERA", "b"}, {"2", "TAYLOR CRUZ", "c"}}, InContext: []bool{true, true, true}},
		"relationships": {Columns: []string{"id", "source", "target", "description"},
			Rows: [][]string{{"5", "ALEX MERCER", "SAM RIVERA", "mentors"}, {"6", "TAYLOR CRUZ", "SAM RIVERA", "leads"}}, InContext: []bool{true, true}},
		"sources": {Columns: []string{"id", "text"}, Rows: [][]string{{"3", "Alex Mercer watched Sam Rivera work."}, {"4", "Taylor Cruz left."}}},
	}
	answer := &localsearch.Result{Response: "He watched [Data: Sources (3)]", ContextData: rec}
	answer.Citations = localsearch.ParseCitations(answer.Response, rec)
	got := CitedRecords(answer)
	var ents, rels []string
	for _, r := range got["entities"].Rows {
		ents = append(ents, r[1])
	}
	for _, r := range got["relationships"].Rows {
		rels = append(rels, r[0])
	}
	if strings.Join(ents, ",") != "ALEX MERCER,SAM RIVERA" || strings.Join(rels, ",") != "5" || len(got["sources"].Rows) != 1 {
		t.Errorf("entities %q, relationships %q, sources %v", ents, rels, got["sources"].Rows)
	}
	if len(CitedRecords(&localsearch.Result{Response: "none", ContextData: rec})) != 0 {
		t.Error("an uncited answer has cited records")
	}
}

// An answer that cites only source texts leads to questions about the
// entities the texts belong to (their text units' entities).
func TestGenerateFromCitedTexts(t *testing.T) {
	m, err := knowledge.New(knowledge.Parts{
		Entities: []knowledge.Entity{
			{ID: "e0", ShortID: "0", Title: "ALEX MERCER", Description: "Agent Alex Mercer mentors Sam Rivera.", TextUnitIDs: []string{"u0"}},
			{ID: "e1", ShortID: "1", Title: "SAM RIVERA", Description: "Sam Rivera analyses signals.", TextUnitIDs: []string{"u1"}},
		},
		TextUnits: []knowledge.TextUnit{
			{ID: "u0", ShortID: "0", Text: "Mercer spoke.", EntityIDs: []string{"e0"}},
			{ID: "u1", ShortID: "1", Text: "The signals repeat.", EntityIDs: []string{"e1"}},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	b, err := localsearch.NewContextBuilder(m, localsearch.Config{Embedder: mercerEmbedder{}, VectorStore: mercerStore{"e0"}})
	if err != nil {
		t.Fatal(err)
	}
	g, err := New(Config{Builder: b, Model: offline.New()})
	if err != nil {
		t.Fatal(err)
	}
	rec := localsearch.Records{
		"entities": {Columns: []string{"id", "entity", "description", "number of relationships"}, Rows: [][]string{{"0", "ALEX MERCER", "mentor", "1"}}, InContext: []bool{true}},
		"sources":  {Columns: []string{"id", "text"}, Rows: [][]string{{"0", "Mercer spoke."}, {"1", "The signals repeat."}}},
	}
	answer := &localsearch.Result{Response: "They repeat [Data: Sources (1)]", ContextData: rec}
	answer.Citations = localsearch.ParseCitations(answer.Response, rec)
	res, err := g.Generate(t.Context(), Request{History: []string{"What about the signals?"}, Count: 3, Answer: answer})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(res.ContextText, "1|SAM RIVERA|Sam Rivera analyses signals.|") || strings.Contains(res.ContextText, "ALEX MERCER") {
		t.Errorf("context %q: want SAM RIVERA (the cited text's entity) only", res.ContextText)
	}
	if len(res.Questions) == 0 || !strings.Contains(res.Questions[0], "Sam Rivera") {
		t.Errorf("questions %q", res.Questions)
	}
}

// A question quoting the title of an engine's research section, a search
// query or an engine (our graphs' bookkeeping nodes) is dropped, as the
// report's follow-ups drop it; a title that also names an entity of
// another type, and the names of other entities, are kept. Removing the
// rule keeps 「选址决策与商圈对比」; letting one internal namesake suffice
// drops 「写字楼商圈」.
func TestQuotesInternalName(t *testing.T) {
	m, err := knowledge.New(knowledge.Parts{Entities: []knowledge.Entity{
		{ID: "s0", ShortID: "0", Title: "选址决策与商圈对比", Type: "section"},
		{ID: "q0", ShortID: "1", Title: "李明咖啡店 拿铁 定价", Type: "search_query"},
		{ID: "e0", ShortID: "2", Title: "query", Type: "engine"},
		{ID: "t0", ShortID: "3", Title: "李明咖啡店", Type: "topic"},
		{ID: "s1", ShortID: "4", Title: "写字楼商圈", Type: "section"},
		{ID: "u1", ShortID: "5", Title: "写字楼商圈", Type: "source"},
	}})
	if err != nil {
		t.Fatal(err)
	}
	for q, want := range map[string]bool{
		"「选址决策与商圈对比」的具体情况和影响如何？":  true,
		"“李明咖啡店 拿铁 定价”说明了什么？":     true,
		"「query」的具体情况和影响如何？":      true,
		"「李明咖啡店」的具体情况和影响如何？":      false,
		"「写字楼商圈」的具体情况和影响如何？":      false,
		"选址决策与商圈对比有何看法？":          false, // not quoted: not a name the question asks about
		"「桂花拿铁」与「选址决策与商圈对比」有何关联？": true,
	} {
		if got := quotesInternalName(q, m) != ""; got != want {
			t.Errorf("%s: dropped %v, want %v", q, got, want)
		}
	}
	if quotesInternalName("「选址决策与商圈对比」如何？", nil) != "" {
		t.Error("no model: nothing is dropped")
	}
}

// graphGenerator is offline question generation over one of our fixture
// graphs built as build-graph builds it, entities embedded by the offline
// embedder ("title:description"), each question labelled by the router.
func graphGenerator(t *testing.T, run fixture.Run) *Generator {
	t.Helper()
	m, err := knowledge.FromGraph(t.Context(), fixture.Graph(t, run, builder.Config{ReportID: "test"}), knowledge.GraphOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var ids, texts []string
	for _, e := range m.Entities() {
		ids, texts = append(ids, e.ID), append(texts, e.Title+":"+e.Description)
	}
	emb := offline.NewEmbedder(0).Fit(texts)
	vecs, err := emb.Embed(t.Context(), texts)
	if err != nil {
		t.Fatal(err)
	}
	store, err := knowledge.NewExactStore(knowledge.ExactStoreConfig{Info: emb.Info(), IDs: ids, Vectors: vecs})
	if err != nil {
		t.Fatal(err)
	}
	b, err := localsearch.NewContextBuilder(m, localsearch.Config{Embedder: emb, VectorStore: store})
	if err != nil {
		t.Fatal(err)
	}
	router := globalsearch.NewRouter(m)
	g, err := New(Config{Builder: b, Model: offline.New(), Classify: func(q string) string { return string(router.Route(q).Method) }})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// With no question asked, the questions are about the graph as a whole:
// n of them on the BettaFish fixture (the reference's empty query takes
// the entities of highest rank, our search queries, and gave none), the
// first a broad one global search answers, the others about the names a
// reader knows (SeedEntities, the names the texts give), none quoting a
// search query, a section heading or a page's title (but 武汉大学, the
// topic's name, which a page bears too), and not all of one template. Without SeedEntities no
// question comes back.
func TestGenerateWithoutHistory(t *testing.T) {
	g := graphGenerator(t, fixture.BettaFish(t))
	res, err := g.Generate(t.Context(), Request{Count: 5})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Suggestions) != 5 {
		t.Fatalf("%d questions %q, want 5 (warnings %q)", len(res.Suggestions), res.Questions, res.Warnings)
	}
	if s := res.Suggestions[0]; s.Method != MethodGlobal || !strings.Contains(s.Question, "武汉大学") {
		t.Errorf("first question %+v, want a global one on 武汉大学", s)
	}
	templates := map[string]bool{}
	m := g.cfg.Builder.Model()
	pages := map[string]bool{} // the pages' titles (and their parts before a clause mark): no names
	for _, e := range m.Entities() {
		if e.Type == "source" {
			t := strings.TrimSpace(e.Title)
			pages[t] = true
			if i := strings.IndexAny(t, "，,：:；;（("); i > 0 {
				pages[strings.TrimSpace(t[:i])] = true
			}
		}
	}
	for _, s := range res.Suggestions[1:] {
		if s.Method != MethodLocal && s.Method != MethodGlobal {
			t.Errorf("%q labelled %q", s.Question, s.Method)
		}
		if why := quotesInternalName(s.Question, m); why != "" {
			t.Errorf("%q: %s", s.Question, why)
		}
		if name, _, _ := strings.Cut(strings.TrimPrefix(s.Question, "「"), "」"); pages[name] && name != "武汉大学" {
			t.Errorf("%q quotes a page's title", s.Question)
		}
		_, tail, _ := strings.Cut(s.Question, "」")
		templates[tail] = true
	}
	if len(templates) < 2 {
		t.Errorf("one template for all: %q", res.Questions)
	}
}

// The follow-ups of an answer come from the records it cites, and when
// those name fewer subjects than asked for, the rest from the question's
// whole context: on the BettaFish fixture the answer on the 图书馆 case's
// first ruling cites records naming 5 askable subjects (the parties, the
// university, the case and the lawsuit), and the graph holds more. -n 7
// gives 7, each once, none the question asked. Without the top-up it
// gives 5.
func TestGenerateTopsUpCitedRecords(t *testing.T) {
	g := graphGenerator(t, fixture.BettaFish(t))
	e, err := localsearch.NewEngine(g.cfg.Builder, localsearch.EngineConfig{Model: offline.New()})
	if err != nil {
		t.Fatal(err)
	}
	q := "武汉大学图书馆事件一审判决结果是什么？"
	ans, err := e.Search(t.Context(), localsearch.Query{Text: q})
	if err != nil {
		t.Fatal(err)
	}
	res, err := g.Generate(t.Context(), Request{History: []string{q}, Count: 7, Answer: ans})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{q: true}
	for _, s := range res.Questions {
		if seen[s] {
			t.Errorf("%q twice or asked", s)
		}
		seen[s] = true
	}
	if len(res.Questions) != 7 || res.LLMCalls != 2 {
		t.Errorf("%d questions in %d calls, want 7 in 2: %q (warnings %q)", len(res.Questions), res.LLMCalls, res.Questions, res.Warnings)
	}
}
