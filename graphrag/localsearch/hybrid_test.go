package localsearch

import (
	"slices"
	"strings"
	"testing"

	"reportengine/graphrag/knowledge"
	"reportengine/internal/fixture"
)

// Reciprocal rank fusion on hand-made lists: vector A, Q, B, C; lexical
// C, Q, D, A (Q is a search query, bookkeeping, left out of both). Scores:
// A 1/61 + 1/63, B 1/62, C 1/63 + 1/61, D 1/62. A and C tie (the same
// ranks in either order): C has the better lexical rank. B and D tie: D is
// in the lexical list, B only in the vector one. So C, A, D, B.
func TestFuseRRF(t *testing.T) {
	m, err := knowledge.New(knowledge.Parts{Entities: []knowledge.Entity{
		{ID: "A", Title: "A", Type: "source"}, {ID: "B", Title: "B", Type: "source"}, {ID: "C", Title: "C", Type: "section"},
		{ID: "D", Title: "D", Type: "source"}, {ID: "Q", Title: "Q", Type: "search_query"},
	}, Source: knowledge.Source{Kind: "reportengine-graph"}})
	if err != nil {
		t.Fatal(err)
	}
	b, err := NewContextBuilder(m, Config{})
	if err != nil {
		t.Fatal(err)
	}
	ents := m.Entities()
	vec := []MappedEntity{{Entity: ents[0], Matched: true, Similarity: 0.4}, {Entity: ents[4], Matched: true}, {Entity: ents[1], Matched: true}, {Entity: ents[2], Matched: true}}
	lr := knowledge.NewLexicalResult(nil, []knowledge.Scored{{Entity: 2, Score: 9}, {Entity: 4, Score: 8}, {Entity: 3, Score: 5}, {Entity: 0, Score: 1}}, nil)
	got := b.fuse(vec, lr, 10)
	var ids []string
	for _, g := range got {
		ids = append(ids, g.Entity.ID)
	}
	if strings.Join(ids, "") != "CADB" {
		t.Fatalf("fused order %v, want C A D B", ids)
	}
	if got[1].Similarity != 0.4 || got[1].Lexical != 1 || got[0].Fused != 1.0/63+1.0/61 {
		t.Errorf("fields kept: %+v", got[:2])
	}
	// n bounds the result and the lexical list
	if two := b.fuse(vec, lr, 2); len(two) != 2 {
		t.Errorf("n = 2: %d entities", len(two))
	}
	// the same inputs give the same order (determinism)
	for range 5 {
		again := b.fuse(vec, lr, 10)
		if !slices.EqualFunc(again, got, func(a, b MappedEntity) bool { return a.Entity.ID == b.Entity.ID }) {
			t.Fatal("fusion order changed between calls")
		}
	}
}

// Hybrid retrieval puts the text units that match the question first in
// Sources; the vector mode keeps the reference's order.
func TestHybridSourcesOrder(t *testing.T) {
	b := graphBuilder(t, fixture.Coffee(t))
	q := "李明为什么选择写字楼商圈？"
	p := DefaultParams()
	p.MinSimilarity = NoMatchSimilarity
	p.Retrieval = RetrievalHybrid
	c, err := b.Build(t.Context(), q, nil, p)
	if err != nil {
		t.Fatal(err)
	}
	src := c.Records["sources"]
	if len(src.Rows) == 0 {
		t.Fatal("no sources")
	}
	first := src.Rows[0][1]
	for _, w := range []string{"写字楼", "商圈"} {
		if !strings.Contains(first, w) {
			t.Errorf("first source lacks %s: %.80s", w, first)
		}
	}
}

// TestReadQuestion: hybrid retrieval reads a traditional-character
// question as simplified Mandarin (text.Question) and a misheard word as
// the homophone the knowledge holds (测回 → 测绘, knowledge.Lexical.Heard);
// the reference's vector-only mapping embeds it as asked.
func TestReadQuestion(t *testing.T) {
	b := newBuilder(t, knowledge.Parts{
		Entities:  []knowledge.Entity{{ID: "e1", Title: "武汉大学", Description: "测绘遥感学科全球第一。"}},
		TextUnits: []knowledge.TextUnit{{ID: "t1", Text: "武汉大学的测绘遥感学科全球第一。"}, {ID: "t2", Text: "测绘专业毕业生薪资中位数7.2k。"}},
	}, Config{})
	q := "武漢大學測回遙感點解咁強？"
	p := DefaultParams()
	p.Retrieval = RetrievalHybrid
	if got, want := b.readQuestion(q, p), "武汉大学测绘遥感为什么这么强？"; got != want {
		t.Errorf("hybrid: readQuestion = %q, want %q", got, want)
	}
	p.Retrieval = RetrievalVector
	if got := b.readQuestion(q, p); got != q {
		t.Errorf("vector: readQuestion = %q, want the question as asked", got)
	}
}
