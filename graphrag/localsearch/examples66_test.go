package localsearch

import (
	"strings"
	"testing"

	"reportengine/internal/fixture"
	"reportengine/llm"
)

// The examples a question enumerates after 比如 are its subject when the
// fixture uses none of them (bettafish-heldout46 line 18: two professors
// the records never name, asked once 表过态 was read as 表态, which the
// records hold); one example held keeps the question answerable.
func TestUnusedExamplesAreNames(t *testing.T) {
	checkWeak(t, graphBuilder(t, fixture.BettaFish(t)), map[string]bool{
		"武大新闻学院那几位老教授，比如单波、强月新，对图书馆事件有没有公开表过态？": true,
		"武大新闻学院那几位老教授，比如单波、张平文，对图书馆事件有没有公开表过态？": false,
	})
}

// A firm the question names by a noun and a kind of body (舆情工作室) is
// held when a record writes the two with a rune or two between them
// (墩墩舆情课工作室: heldout66); 公关公司, whose words the fixture holds
// apart only, still names what it lacks.
func TestFirmHeldWithGap(t *testing.T) {
	checkWeak(t, graphBuilder(t, fixture.BettaFish(t)), map[string]bool{
		"有舆情工作室专门总结过武大这次处置的毛病吧，能列一下是哪几条不": false,
		"武大这次有没有请外面的专业公关公司介入？":            true,
	})
}

// One passage holding all of a question's terms lifts a refusal for terms
// used only in passing (coHeld): the fixture's passage on the medical
// experts answers "几名医学专家…", refused before. A passage holding the
// other terms of a question about another school's case does not
// (清华学姐, 北大: not held there).
func TestCoHeldPassage(t *testing.T) {
	checkWeak(t, graphBuilder(t, fixture.BettaFish(t)), map[string]bool{
		"几名医学专家做了联合论证？他们来自哪些医院？": false,
		"有没有医生专家出来分析过那几段视频里的动作？": false,
		"清华学姐那个事件，法院最后是怎么判决的？":   true,
		"北大校长如何回应学生的质疑？":         true,
		"总体而言，北京大学的争议主要集中在哪些方面？": true, // 北京大学 named in passing, by a passage too
		"武大图书馆事件里杨景媛的身高是多少？":     true, // a hard refusal (the figure asked, never stated) stands
		"武汉大学一年学费是多少？":           true, // a fee no text states (text.PricedThing)
	})
}

// A question with a subject of its own, asked after others, is mapped
// alone: "武汉大学的食堂好吃吗？" after a question about the cherry-blossom
// season got a context about the season, holding no 食堂 (new-user trial
// 38). A question worded as a follow-up (a pronoun, no content term) is
// mapped with the earlier user questions, as the reference does.
func TestOwnSubjectMappedAlone(t *testing.T) {
	b := graphBuilder(t, fixture.BettaFish(t))
	hist := []llm.Message{{Role: llm.RoleUser, Content: "武大的樱花季游客多不多，会影响学生上课吗？"}}
	p := DefaultParams()
	p.Retrieval, p.MinSimilarity = RetrievalHybrid, NoMatchSimilarity
	own, err := b.Build(t.Context(), "武汉大学的食堂好吃吗？", hist, p)
	if err != nil {
		t.Fatal(err)
	}
	if own.EmbeddedQuery != "武汉大学的食堂好吃吗？\n" || !strings.Contains(own.Text, "食堂") {
		t.Errorf("own subject: embedded %q, context holds 食堂: %v", own.EmbeddedQuery, strings.Contains(own.Text, "食堂"))
	}
	for _, q := range []string{"那后来呢？", "他们后来怎么处理的？"} {
		c, err := b.Build(t.Context(), q, hist, p)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(c.EmbeddedQuery, "樱花季") {
			t.Errorf("follow-up %q: embedded %q, want the earlier question in it", q, c.EmbeddedQuery)
		}
	}
}

// checkWeak builds the hybrid context of each question (no history) and
// checks its relevance is weak or not, as want says.
func checkWeak(t *testing.T, b *ContextBuilder, want map[string]bool) {
	t.Helper()
	for q, weak := range want {
		p := DefaultParams()
		p.Retrieval, p.MinSimilarity = RetrievalHybrid, NoMatchSimilarity
		c, err := b.Build(t.Context(), q, nil, p)
		if err != nil {
			t.Fatal(err)
		}
		if c.Relevance == nil || c.Relevance.Weak != weak {
			t.Errorf("%q: relevance %+v, want weak %v", q, c.Relevance, weak)
		}
	}
}
