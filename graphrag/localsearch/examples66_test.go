package localsearch

import (
	"testing"

	"reportengine/internal/fixture"
)

// The examples a question enumerates after 比如 are its subject when the
// fixture uses none of them (bettafish-heldout46 line 18: two professors
// the records never name, asked once 表过态 was read as 表态, which the
// records hold); one example held keeps the question answerable.
func TestUnusedExamplesAreNames(t *testing.T) {
	b := graphBuilder(t, fixture.BettaFish(t))
	for q, weak := range map[string]bool{
		"武大新闻学院那几位老教授，比如单波、强月新，对图书馆事件有没有公开表过态？": true,
		"武大新闻学院那几位老教授，比如单波、张平文，对图书馆事件有没有公开表过态？": false,
	} {
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

// A firm the question names by a noun and a kind of body (舆情工作室) is
// held when a record writes the two with a rune or two between them
// (墩墩舆情课工作室: heldout66); 公关公司, whose words the fixture holds
// apart only, still names what it lacks.
func TestFirmHeldWithGap(t *testing.T) {
	b := graphBuilder(t, fixture.BettaFish(t))
	for q, weak := range map[string]bool{
		"有舆情工作室专门总结过武大这次处置的毛病吧，能列一下是哪几条不": false,
		"武大这次有没有请外面的专业公关公司介入？":            true,
	} {
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
