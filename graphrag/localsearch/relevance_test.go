package localsearch

import (
	"math"
	"slices"
	"strings"
	"testing"

	"reportengine/graphrag/knowledge"
	"reportengine/internal/fixture"
	"reportengine/llm"
	"reportengine/text"
)

// B24a on our fixture graph: with the floor a question about nothing in
// the graph maps to no entity; without it (0, the reference) the nearest
// entities are taken; a real question matches either way.
func TestMinSimilarityFloor(t *testing.T) {
	b := graphBuilder(t, fixture.BettaFish(t))
	for _, tc := range []struct {
		q     string
		floor float64
		match bool
	}{
		{"火星殖民", NoMatchSimilarity, false},
		{"火星殖民", 0, true},
		{"樱花", NoMatchSimilarity, true},
		{"火星殖民", 0.01, true}, // some hit is more similar than 0.01
	} {
		p := DefaultParams()
		p.MinSimilarity = tc.floor
		c, err := b.Build(t.Context(), tc.q, nil, p)
		if err != nil {
			t.Fatal(err)
		}
		if c.Matched() != tc.match {
			t.Errorf("%q floor %v: matched %v (%d entities), want %v", tc.q, tc.floor, c.Matched(), len(c.Entities), tc.match)
		}
	}
	p := DefaultParams()
	p.MinSimilarity = 1.5
	if err := p.Validate(); err == nil {
		t.Error("min_similarity 1.5 accepted")
	}
}

// The gate's rule on hand-made term statistics: each case fails when the
// rule it names is reversed or removed.
func TestJudgeRule(t *testing.T) {
	ts := func(term string, count int, general, lift float64) knowledge.TermStat {
		return knowledge.TermStat{Term: term, Matched: term, Count: count, Docs: count, General: general, Lift: lift}
	}
	for _, tc := range []struct {
		name  string
		stats []knowledge.TermStat
		best  float64
		weak  bool
		cov   float64
	}{
		{"one topical term", []knowledge.TermStat{ts("樱花", 300, 1e-5, 700)}, 0.1, false, 1},
		{"lift just under the bar", []knowledge.TermStat{ts("进展", 14, 1e-5, TopicalLift-0.01)}, 0.1, true, 0},
		{"lift at the bar", []knowledge.TermStat{ts("进展", 14, 1e-5, TopicalLift)}, 0.1, false, 1},
		// weights (knowledge.TermWeight): 1e-6 → 3, 1e-5 → 2, 1e-4 → 1, a
		// word the dictionary lacks → 4; topical 3 of 3+4 ≥ 1/3 (b found
		// in passing)
		{"coverage above", []knowledge.TermStat{ts("a", 5, 1e-6, 50), ts("b", 1, 0, 1)}, 0.1, false, 3.0 / 7},
		// topical 1 of 1+4 = 0.2 < 1/3
		{"coverage below", []knowledge.TermStat{ts("a", 5, 1e-4, 50), ts("b", 0, 0, 0)}, 0.1, true, 0.2},
		// b missing (4) and c used once (3) carry 7 of 4+4+3: most of the
		// question is not in the knowledge (over MaxMissingShare), though
		// a covers 4/11
		{"missing over the bar", []knowledge.TermStat{ts("a", 5, 0, 50), ts("b", 0, 0, 0), ts("c", 1, 1e-6, 50)}, 0.1, true, 4.0 / 11},
		// 4+2 of 4+4+2 = 0.6, not over it
		{"missing at the bar", []knowledge.TermStat{ts("a", 5, 0, 50), ts("b", 0, 0, 0), ts("c", 1, 1e-5, 50)}, 0.1, false, 0.4},
		// a term found in passing weighs as much as a missing one: 2 of 2+2+1
		{"in passing counts against", []knowledge.TermStat{ts("a", 5, 1e-5, 50), ts("c", 1, 1e-5, 1), ts("d", 1, 1e-4, 1)}, 0.1, false, 0.4},
		// a rare word used once is mentioned in passing (MinTopicalCount)
		{"used once", []knowledge.TermStat{ts("拿铁", 1, 0, 79)}, 0.1, true, 0},
		{"used twice", []knowledge.TermStat{ts("拿铁", 2, 0, 158)}, 0.1, false, 1},
		{"similarity floor", []knowledge.TermStat{ts("x", 0, 0, 0)}, 0.6, false, 0},
		{"no terms", nil, 0.1, true, 0},
	} {
		r := judge(tc.stats, tc.best, NoMatchSimilarity)
		if r.Weak != tc.weak || math.Abs(r.Coverage-tc.cov) > 1e-9 {
			t.Errorf("%s: weak %v coverage %v, want %v %v (%+v)", tc.name, r.Weak, r.Coverage, tc.weak, tc.cov, r)
		}
		if r.Weak && !strings.HasPrefix(r.Message(), WeakMatchLead) {
			t.Errorf("%s: message %q", tc.name, r.Message())
		}
	}
	r := judge([]knowledge.TermStat{ts("火星", 2, 8.7e-6, 1.8), ts("天气", 0, 0, 0)}, 0.1, NoMatchSimilarity)
	if !slices.Equal(r.Found, []string{"火星"}) || !slices.Equal(r.Missing, []string{"天气"}) || len(r.Topical) != 0 ||
		!strings.Contains(r.Message(), "not found: 天气") || !strings.Contains(r.Message(), "only in passing: 火星") {
		t.Errorf("%+v: %s", r, r.Message())
	}
}

// The calibration questions and earlier field cases, with the
// gate and hybrid retrieval as the CLI runs them on our graphs: the
// answerable ones select entities, the off-topic ones none.
func TestRelevanceCalibration(t *testing.T) {
	for _, tc := range []struct {
		name           string
		run            func(testing.TB) fixture.Run
		answer, refuse []string
	}{
		{"bettafish", fixture.BettaFish,
			[]string{"樱花季网友怎么看？", "负面情绪主要来自哪些平台？", "武汉大学樱花季的舆情如何？", "杨景媛论文", "网民对武大的负面情绪", "What do people say about Wuhan University?", "樱花"},
			[]string{"火星殖民计划的进展如何？", "今天天气怎么样？", "How do I bake bread?", "火星殖民", "2022年世界杯冠军是哪支球队？"}},
		{"coffee-shop", fixture.Coffee,
			[]string{"李明在经营咖啡店过程中都经历了哪些挑战？", "咖啡店开在哪里，为什么选那里？", "李明为什么选择写字楼商圈？", "网友对断货事件有什么反应？"},
			[]string{"今天天气怎么样？", "火星殖民计划的进展如何？"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := graphBuilder(t, tc.run(t))
			p := DefaultParams()
			p.MinSimilarity = NoMatchSimilarity
			p.Retrieval = RetrievalHybrid
			for _, q := range append(append([]string{}, tc.answer...), tc.refuse...) {
				want := slices.Contains(tc.answer, q)
				c, err := b.Build(t.Context(), q, nil, p)
				if err != nil {
					t.Fatal(err)
				}
				if c.Matched() != want || c.Relevance == nil || c.Relevance.Weak == want {
					t.Errorf("%q: matched %v, relevance %+v; want matched %v", q, c.Matched(), c.Relevance, want)
				}
				for _, e := range c.Entities {
					if b.m.IsBookkeeping(e) {
						t.Errorf("%q: bookkeeping entity %q selected", q, e.Title)
					}
				}
			}
			// history never makes an off-topic question relevant …
			hist := []llm.Message{{Role: llm.RoleUser, Content: tc.answer[0]}, {Role: llm.RoleAssistant, Content: "…"}}
			c, err := b.Build(t.Context(), tc.refuse[0], hist, p)
			if err != nil {
				t.Fatal(err)
			}
			if c.Matched() {
				t.Errorf("%q after %q: matched", tc.refuse[0], tc.answer[0])
			}
			// … but a follow-up without a content word stands for the
			// earlier question
			if c, err = b.Build(t.Context(), "那后来呢？", hist, p); err != nil {
				t.Fatal(err)
			}
			if !c.Matched() {
				t.Errorf("follow-up after %q: %+v", tc.answer[0], c.Relevance)
			}
		})
	}
}

// On Dulce (English) the gate runs on the same statistics: everyday words
// (current, price, work) found in passing do not make a question about the
// story; the story's names and things do.
func TestRelevanceCalibrationDulce(t *testing.T) {
	_, m := dulceBuilder(t)
	for q, weak := range map[string]bool{
		"Who is Alex Mercer?":                       false,
		"What is Operation: Dulce?":                 false,
		"What is the story about overall?":          false,
		"What is the current stock price of Apple?": true,
		"How does photosynthesis work in plants?":   true,
		"Who won the 2018 FIFA World Cup?":          true,
		"What is the recipe for lasagna?":           true,
	} {
		r := judge(m.Lexical().Search(text.Terms(q)).Terms, 0, NoMatchSimilarity)
		if r.Weak != weak {
			t.Errorf("%q: %+v, want weak %v", q, r, weak)
		}
	}
}
