package localsearch

import (
	"testing"

	"reportengine/internal/fixture"
)

// A person the fixture holds prominently (张平文, whom the dictionary does
// not know) is a subject the question names: a second name held only in
// passing (新华社) no longer makes the question look off-topic; asked
// alone, 新华社 still does.
func TestPersonNameHeldIsSubject(t *testing.T) {
	b := graphBuilder(t, fixture.BettaFish(t))
	for q, weak := range map[string]bool{
		"张平文校长被记者追问会不会撤销对肖同学的处分时，原话是怎么说的？新华社后来怎样评价这种表态？": false,
		"新华社后来怎样评价这种表态？": true,
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
