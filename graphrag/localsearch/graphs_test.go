package localsearch

import (
	"context"
	"strings"
	"testing"

	"reportengine/graphrag/builder"
	"reportengine/graphrag/knowledge"
	"reportengine/internal/fixture"
	"reportengine/llm/offline"
)

// graphBuilder builds one of our fixture graphs the way build-graph does,
// maps it with knowledge.FromGraph and indexes the entities with the
// offline embedder (fitted on the entity texts, embedded as
// "title:description" like GraphRAG's indexer) in the exact test store.
func graphBuilder(t testing.TB, run fixture.Run) *ContextBuilder {
	t.Helper()
	g := fixture.Graph(t, run, builder.Config{ReportID: "test"})
	m, err := knowledge.FromGraph(context.Background(), g, knowledge.GraphOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var texts []string
	store := &exactStore{}
	for _, e := range m.Entities() {
		texts = append(texts, e.Title+":"+e.Description)
		store.ids = append(store.ids, e.ID)
	}
	emb := offline.NewEmbedder(0).Fit(texts)
	if store.vecs, err = emb.Embed(t.Context(), texts); err != nil {
		t.Fatal(err)
	}
	b, err := NewContextBuilder(m, Config{Embedder: emb, VectorStore: store})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestOurGraphsOffline(t *testing.T) {
	for _, tc := range []struct {
		name     string
		run      func(testing.TB) fixture.Run
		question string
	}{
		{"bettafish", fixture.BettaFish, "武汉大学樱花季的网络舆情怎么样？"},
		{"coffee-shop", fixture.Coffee, "李明咖啡店的顾客评价如何？"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := graphBuilder(t, tc.run(t))
			e, err := NewEngine(b, EngineConfig{Model: offline.New()})
			if err != nil {
				t.Fatal(err)
			}
			res, err := e.Search(t.Context(), Query{Text: tc.question})
			if err != nil {
				t.Fatal(err)
			}
			c := res.Context
			if res.NoMatch || len(c.Entities) == 0 {
				t.Fatalf("no entity matched %q", tc.question)
			}
			// Fixed section order, each section at most once.
			last := -1
			for _, s := range c.Sections {
				i := strings.Index(c.Text, "-----"+s+"-----")
				if i < 0 || i <= last {
					t.Errorf("section %s out of order in %v", s, c.Sections)
				}
				last = i
			}
			if n := b.Tokenizer().Count(c.Text); n > 12000 {
				t.Errorf("context %d tokens > 12000", n)
			}
			// The offline answer: labelled, in Chinese, every sentence cited
			// from the context.
			if !strings.HasPrefix(res.Response, "**摘录式回答**") {
				t.Errorf("answer label:\n%s", res.Response)
			}
			n := 0
			for _, l := range strings.Split(res.Response, "\n") {
				if strings.HasPrefix(l, "- ") {
					n++
					if cs := ParseCitations(l, res.ContextData); len(cs) != 1 || !cs[0].InContext {
						t.Errorf("sentence %q: citations %+v", l, cs)
					}
				}
			}
			if n == 0 || len(res.UnknownCitations()) > 0 {
				t.Errorf("answer with %d cited sentences:\n%s", n, res.Response)
			}
			t.Logf("%s: %d entities, sections %v, answer:\n%s", tc.name, len(c.Entities), c.Sections, res.Response)
		})
	}
}
