package localsearch

import (
	"context"
	"reflect"
	"slices"
	"testing"

	"reportengine/internal/fixture"
	"reportengine/llm"
)

// countingEmbedder counts the texts it is asked to embed.
type countingEmbedder struct {
	llm.Embedder
	n int
}

func (c *countingEmbedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	c.n += len(texts)
	return c.Embedder.Embed(ctx, texts)
}

// TestMapMemoOracle: builds with the mapping memo (mapMemo) give what
// builds computing every mapping give, over a sequence that asks the same
// question again with each parameter the mapping reads changed (each
// change is checked to change the context, so a key that leaves it out
// fails), with an excluded entity (mapQuery deletes it from the slice it
// is given: a memo sharing that slice, kept or handed out, fails), with
// history, and after other questions.
func TestMapMemoOracle(t *testing.T) {
	b := graphBuilder(t, fixture.BettaFish(t))
	q1, q2 := "武汉大学樱花季的网络舆情怎么样？", "负面情绪主要来自哪些平台？"
	base := DefaultParams()
	base.Retrieval, base.MinSimilarity = RetrievalHybrid, 0.5
	first, err := b.MapQuery(t.Context(), q1, base)
	if err != nil || len(first) < 2 {
		t.Fatalf("the question maps to %d entities (%v)", len(first), err)
	}
	second, err := b.MapQuery(t.Context(), q2, base)
	if err != nil || len(second) < 2 {
		t.Fatalf("the second question maps to %d entities (%v)", len(second), err)
	}
	with := func(f func(*Params)) Params {
		p := base
		f(&p)
		return p
	}
	hist := []llm.Message{{Role: llm.RoleUser, Content: q2}, {Role: llm.RoleAssistant, Content: "微博。"}}
	steps := []struct {
		name    string
		q       string
		history []llm.Message
		p       Params
		differs bool // from step 0
	}{
		{"plain", q1, nil, base, false},
		{"excluded", q1, nil, with(func(p *Params) { p.ExcludeEntityNames = []string{first[0].Entity.Title} }), true},
		{"again", q1, nil, base, false},
		{"min similarity", q1, nil, with(func(p *Params) { p.MinSimilarity = 0 }), true},
		{"top k", q1, nil, with(func(p *Params) { p.TopKMappedEntities = 2 }), true},
		{"vector", q1, nil, with(func(p *Params) { p.Retrieval = RetrievalVector }), true},
		{"distance", q1, nil, with(func(p *Params) { p.MaxEntityDistance = 1e-9 }), true},
		{"history", q1, hist, base, true},
		{"other excluded", q2, nil, with(func(p *Params) { p.ExcludeEntityNames = []string{second[0].Entity.Title} }), true},
		{"other", q2, nil, base, true}, // the mapping the excluded build computed and kept
		{"back", q1, nil, base, false},
	}
	run := func(off bool) []*Context {
		b.maps = mapMemo{off: off}
		var out []*Context
		for _, s := range steps {
			c, err := b.Build(t.Context(), s.q, s.history, s.p)
			if err != nil {
				t.Fatalf("%s: %v", s.name, err)
			}
			out = append(out, c)
		}
		return out
	}
	kept, plain := run(false), run(true)
	for i, s := range steps {
		if !reflect.DeepEqual(kept[i], plain[i]) {
			t.Errorf("step %s: the memo's context differs from the computed one:\n%s\n----\n%s", s.name, kept[i].Text, plain[i].Text)
		}
		if d := !reflect.DeepEqual(plain[i], plain[0]); d != s.differs {
			t.Errorf("step %s: differs from the first build = %v, want %v (the case does not test what it names)", s.name, d, s.differs)
		}
	}
}

// TestMapMemoSaves: a question built twice is embedded once with the
// memo and twice without it; a kept mapping's copy may be changed by its
// caller without changing what the memo gives next.
func TestMapMemoSaves(t *testing.T) {
	b := graphBuilder(t, fixture.Coffee(t))
	emb := &countingEmbedder{Embedder: b.cfg.Embedder}
	b.cfg.Embedder = emb
	p := DefaultParams()
	p.Retrieval, p.MinSimilarity = RetrievalHybrid, 0.5
	q := "李明咖啡店的顾客评价如何？"
	for _, off := range []bool{false, true} {
		b.maps, emb.n = mapMemo{off: off}, 0
		for range 2 {
			if _, err := b.Build(t.Context(), q, nil, p); err != nil {
				t.Fatal(err)
			}
		}
		if want := map[bool]int{false: 1, true: 2}[off]; emb.n != want {
			t.Errorf("memo off = %v: %d texts embedded, want %d", off, emb.n, want)
		}
	}
	b.maps = mapMemo{}
	key := mappingKey(q, q, p)
	want, err := b.mapVectors(t.Context(), q, q, p)
	if err != nil || want.rel == nil || len(want.matched) == 0 || len(want.rel.Found) == 0 {
		t.Fatalf("mapping %+v, %v", want, err)
	}
	b.maps.put(key, want)
	got, _ := b.maps.get(key)
	got.matched[0], got.matched = MappedEntity{}, slices.Delete(got.matched, 0, 1)
	got.rel.Found[0], got.rel.Weak = "changed", !got.rel.Weak
	again, ok := b.maps.get(key)
	if fresh, err := b.mapVectors(t.Context(), q, q, p); err != nil {
		t.Fatal(err)
	} else {
		want = fresh // computed anew: shares nothing with what was put
	}
	if !ok || !reflect.DeepEqual(again, want) {
		t.Errorf("the kept mapping changed with its caller's copy:\n%+v\nwant\n%+v", again, want)
	}
}
